# man3/module.mk: build rules of man3/ (included by the top Makefile)
