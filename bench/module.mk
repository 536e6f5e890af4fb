# bench/module.mk: build rules of bench/ (included by the top Makefile)
