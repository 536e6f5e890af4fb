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
# read on first use (plugin_lazy.c); one program, test_plugins, runs each suite.
# tests/plugins/run.sh appends "plugins: N passed, N failed".

PLUGIN_T_SRCS  := tests/plugins/test_plugins.c $(sort $(wildcard tests/plugins/plugin_*.c))
PLUGIN_T_HDRS  := tests/plugins/plugins.h $(TL_HDRS) include/perfmon/pfmlib.h include/perfmon/pfmlib_perf_event.h
PLUGIN_T_SAN   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
PLUGIN_T_BINS  := $(B)/bin/test_plugins $(B)/bin/test_plugins_asan $(B)/bin/test_plugin_peek

# one CUnit program (tests/lib), a suite a run (test_plugins SUITE ARGS), on
# libpfm.so.4 (run under valgrind too) and on the ASan library
$(B)/bin/test_plugins: $(PLUGIN_T_SRCS) $(PLUGIN_T_HDRS) $(TL_LIB) $(LIBPFM_SO)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(TL_CFLAGS) -o $@ $(PLUGIN_T_SRCS) $(TL_LIB) $(LIBPFM_SO) \
		-Wl,-rpath,'$$ORIGIN/../lib' -lcunit

$(B)/bin/test_plugins_asan: $(PLUGIN_T_SRCS) $(PLUGIN_T_HDRS) $(TL_LIB) $(LIBPFM_ASAN_A)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(PLUGIN_T_SAN) $(TL_CFLAGS) -o $@ $(PLUGIN_T_SRCS) $(TL_LIB) $(LIBPFM_ASAN_A) \
		-lyaml -lcunit

# the peek and the loader themselves: internal functions, from the ASan archive
$(B)/bin/test_plugin_peek: tests/plugins/test_peek.c $(PLUGIN_T_HDRS) $(TL_LIB) $(LIBPFM_ASAN_A)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(PLUGIN_T_SAN) $(TL_CFLAGS) -o $@ $< $(TL_LIB) $(LIBPFM_ASAN_A) -lyaml -lcunit

check-plugins: $(PLUGIN_T_BINS) $(YAML_STAMP)
	@PYTHON='$(PYTHON)' MAKE='$(MAKE)' PREFIX='$(PREFIX)' CC='$(CC)' B='$(B)' \
		tests/plugins/run.sh $(B) tests/fixtures/plugins

CHECKS += check-plugins
.PHONY: check-plugins
