# scripts/module.mk: build rules of scripts/ (included by the top Makefile)
