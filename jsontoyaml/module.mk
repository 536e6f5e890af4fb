# jsontoyaml/module.mk: build rules of jsontoyaml/ (included by the top Makefile)
