# tests/plugins.mk: check-plugins, the runtime-plugin suite (tests/plugins/,
# fixtures in tests/fixtures/plugins): a fictional CPU converted by jsontoyaml
# and encoded, an override of built-in glm, newer and older versions of a
# built-in multi-box uncore PMU (test_plugin_replace), refused plugin files, plugins past
# the loader's limits (generated at run time), init/terminate
# cycles (valgrind and ASan), plugin file layouts and the start-up peek
# (test_peek: the peek agrees with the full loader), and `make install` into
# a temporary DESTDIR; the plugin cache (test_plugin_cache: written, used,
# invalidated, damaged, disabled, unwritable) and plugins whose events are
# read on first use (test_plugin_lazy).
# tests/plugins/run.sh appends "plugins: N passed, N failed".

PLUGIN_TESTS   := encode override replace refuse cycles detect limits cache lazy
PLUGIN_T_HDRS  := $(TL_HDRS) include/perfmon/pfmlib.h include/perfmon/pfmlib_perf_event.h
PLUGIN_T_SAN   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
PLUGIN_T_BINS  := $(foreach t,$(PLUGIN_TESTS),$(B)/bin/test_plugin_$(t) $(B)/bin/test_plugin_$(t)_asan) \
		  $(B)/bin/test_plugin_peek

# CUnit programs (tests/lib), on libpfm.so.4 (run under valgrind too) and on the ASan library
$(B)/bin/test_plugin_%: tests/plugins/plugin_%.c $(PLUGIN_T_HDRS) $(TL_LIB) $(LIBPFM_SO)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(TL_CFLAGS) -o $@ $< $(TL_LIB) $(LIBPFM_SO) -Wl,-rpath,'$$ORIGIN/../lib' -lcunit

$(B)/bin/test_plugin_%_asan: tests/plugins/plugin_%.c $(PLUGIN_T_HDRS) $(TL_LIB) $(LIBPFM_ASAN_A)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(PLUGIN_T_SAN) $(TL_CFLAGS) -o $@ $< $(TL_LIB) $(LIBPFM_ASAN_A) -lyaml -lcunit

# the peek and the loader themselves: internal functions, from the ASan archive
$(B)/bin/test_plugin_peek: tests/plugins/test_peek.c $(PLUGIN_T_HDRS) $(TL_LIB) $(LIBPFM_ASAN_A)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(PLUGIN_T_SAN) $(TL_CFLAGS) -o $@ $< $(TL_LIB) $(LIBPFM_ASAN_A) -lyaml -lcunit

check-plugins: $(PLUGIN_T_BINS) $(YAML_STAMP)
	@PYTHON='$(PYTHON)' MAKE='$(MAKE)' PREFIX='$(PREFIX)' CC='$(CC)' B='$(B)' \
		tests/plugins/run.sh $(B) tests/fixtures/plugins

CHECKS += check-plugins
.PHONY: check-plugins
