# tests/module.mk: build rules of tests/ (included by the top Makefile)
