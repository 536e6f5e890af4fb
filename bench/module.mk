# SPDX-License-Identifier: MIT
# bench/module.mk: `make bench` (included by the top Makefile).
#
# Runs bench/run.sh: callgrind instruction counts of pfm_initialize,
# pfm_find_event and pfm_get_os_event_encoding, library sizes and relocation
# counts, for libpfm4 4.13 and pmuplug in the same run; table on stdout and
# in build/bench/results.txt.
#   BENCH_OURS        directory holding our libpfm.so.4 (default build/lib);
#                     give another directory (e.g. the system one, to test the
#                     harness with libpfm4 against itself) and our library is
#                     not built
#   BENCH_SYS         directory of libpfm4 4.13 (default /usr/lib/<multiarch>)
#   BENCH_PLUGIN_DIR  plugin directory for the start-up rows; by default (when
#                     our library is measured) $(BENCH_DIR)/plugins-x86, made
#                     by gen/bench/mkplugins.py: every converted x86 model as a
#                     plugin with a new name and a free id; empty: skipped
#   BENCH_PLUGIN_DIR_100  100 model plugins, one of them (skl) matching only
#                     the fictional identity QuokkaSemi-7-1B (bench/run.sh);
#                     by default $(BENCH_DIR)/plugins-100 when our library is
#                     measured; empty: skipped
#   BENCH_SERVER_TREES  directory of two-socket server sysfs trees (skx, spr,
#                     gnr: <dir>/<model>/sys/...) for the start-up rows at
#                     server scale; by default made at bench time by the
#                     project's neighbour tool ../shared/tools/scale/gensys.py
#                     when it is there (SCALE_TOOLS), else skipped. libpfm4
#                     4.13 is measured on the same tree in a private mount
#                     namespace (root only; skipped otherwise).
# The bench programs are plain libpfm4 clients: system header, -lpfm, no rpath.

BENCH_DIR    := $(B)/bench
BENCH_OURS   ?= $(abspath $(B)/lib)
BENCH_SYS    ?= /usr/lib/$(shell $(CC) -print-multiarch)
BENCH_CFLAGS  = $(filter-out -Iinclude,$(TOOL_CFLAGS))
BENCH_BINS   := $(BENCH_DIR)/bench_pfm $(BENCH_DIR)/bench_names

BENCH_PLUGINS_X86 := $(abspath $(BENCH_DIR)/plugins-x86)
BENCH_PLUGINS_100 := $(abspath $(BENCH_DIR)/plugins-100)
ifeq ($(abspath $(BENCH_OURS)),$(abspath $(B)/lib))
BENCH_LIB_DEPS := $(LIBPFM_SO) $(LIBPFM_A)
BENCH_PLUGIN_DIR ?= $(BENCH_PLUGINS_X86)
BENCH_PLUGIN_DIR_100 ?= $(BENCH_PLUGINS_100)
else
BENCH_LIB_DEPS :=
endif
ifeq ($(BENCH_PLUGIN_DIR),$(BENCH_PLUGINS_X86))
BENCH_LIB_DEPS += $(BENCH_PLUGINS_X86).stamp
endif

ifeq ($(BENCH_PLUGIN_DIR_100),$(BENCH_PLUGINS_100))
BENCH_LIB_DEPS += $(BENCH_PLUGINS_100).stamp
endif

$(BENCH_PLUGINS_X86).stamp: gen/bench/mkplugins.py $(YAML_STAMP)
	@$(PYTHON) gen/bench/mkplugins.py $(B)/yaml $(BENCH_PLUGINS_X86)
	@touch $@

# the files' and the directory's times in the past: the plugin cache trusts
# nothing changed in the last seconds (man3/pmuplug_plugins.3)
$(BENCH_PLUGINS_100).stamp: gen/bench/mkplugins.py $(YAML_STAMP)
	@$(PYTHON) gen/bench/mkplugins.py $(B)/yaml $(BENCH_PLUGINS_100) 100 skl.yaml QuokkaSemi-7-1B
	@touch -d '1 hour ago' $(BENCH_PLUGINS_100)/*.yaml $(BENCH_PLUGINS_100)
	@touch $@

SCALE_TOOLS ?= ../shared/tools/scale
BENCH_SERVER_TREES ?= $(if $(wildcard $(SCALE_TOOLS)/gensys.py),$(abspath $(BENCH_DIR)/trees))
ifeq ($(BENCH_SERVER_TREES),$(abspath $(BENCH_DIR)/trees))
BENCH_LIB_DEPS += $(BENCH_SERVER_TREES).stamp
endif

# the two-socket trees of the scale tools (run from the project top: it reads
# our fixtures' formats)
$(abspath $(BENCH_DIR)/trees).stamp:
	@rm -rf $(BENCH_DIR)/trees && mkdir -p $(BENCH_DIR)/trees
	@for m in skx spr gnr; do $(PYTHON) $(SCALE_TOOLS)/gensys.py $$m $(BENCH_DIR)/trees/$$m >/dev/null || exit 1; done
	@touch $@

$(BENCH_DIR)/%: bench/%.c
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -o $@ $< -lpfm

.PHONY: bench bench-bins
bench-bins: $(BENCH_BINS)

bench: $(BENCH_BINS) $(BENCH_LIB_DEPS)
	@BENCH_SYS='$(BENCH_SYS)' BENCH_OURS='$(abspath $(BENCH_OURS))' \
		BENCH_PLUGIN_DIR='$(BENCH_PLUGIN_DIR)' BENCH_PLUGIN_DIR_100='$(BENCH_PLUGIN_DIR_100)' \
		BENCH_SERVER_TREES='$(BENCH_SERVER_TREES)' \
		bench/run.sh $(BENCH_DIR) $(BENCH_DIR)
