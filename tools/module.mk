# tools/module.mk: build rules of tools/ (included by the top Makefile)
