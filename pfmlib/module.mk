# pfmlib/module.mk: build rules of pfmlib/ (included by the top Makefile)
