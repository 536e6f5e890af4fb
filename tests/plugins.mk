# SPDX-License-Identifier: MIT
# tests/plugins.mk: check-plugins, the runtime-plugin suite (tests/plugins/,
# fixtures in tests/fixtures/plugins): a fictional CPU converted by jsontoyaml
# and encoded, an override of built-in glm, newer and older versions of a
# built-in multi-box uncore PMU (plugin_replace.c), refused plugin files, plugins past
# the loader's limits (generated at run time), init/terminate
# cycles (valgrind and ASan), plugin file layouts and the start-up peek
# (test_peek: the peek agrees with the full loader), and `make install` into
# a temporary DESTDIR; the plugin cache (plugin_cache.c: written, used,
# invalidated, damaged, disabled, unwritable) and plugins whose events are
# read on first use (plugin_lazy.c); each a suite of test_public (tests/public.mk),
# run on libpfm.so.4, under valgrind, and on the ASan library (test_public_asan).
# tests/plugins/run.sh appends "plugins: N passed, N failed".

include tests/public.mk

# (the peek suite, internal functions, is test_public_asan's)
PLUGIN_T_BINS  := $(TEST_PUBLIC) $(TEST_PUBLIC_ASAN)

check-plugins: $(PLUGIN_T_BINS) $(YAML_STAMP)
	@PYTHON='$(PYTHON)' MAKE='$(MAKE)' PREFIX='$(PREFIX)' CC='$(CC)' B='$(B)' \
		tests/plugins/run.sh $(B) tests/fixtures/plugins

CHECKS += check-plugins
.PHONY: check-plugins
