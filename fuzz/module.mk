# SPDX-License-Identifier: MIT
# fuzz/module.mk: libFuzzer targets (clang, -fsanitize=fuzzer,address,undefined)
# built from the library's sources and a small table (docs/build-and-tests.md):
#   fuzz_encode  event strings under the three OS layers, find_event, attr walks,
#                on the unit-test fixture PMUs (tests/unit/fixtures), instead of
#                the built-in table; the fstr round trip is checked (FUZZ_REENCODE=2:
#                a mismatch aborts; 1 reports it; 0 leaves it out)
#   fuzz_yaml    pp_yaml_load_buffer and pp_yaml_peek_fd on arbitrary bytes
#   fuzz_sysfs   a /sys/bus/event_source/devices tree (fuzz/fuzz_sysfs.c's format)
#                written under a scratch sysroot, pfm_initialize, encodings
#   fuzz_diff    (fuzz/fuzz_diff.py, no clang) event strings built from both
#                libraries' listings and fuzz/corpus/fuzz_diff/, mutated, encoded
#                by libpfm4 4.13 and pmuplug (pfmdump, one process per library)
#                at plm 1, 8 and 9; an unlisted difference is a finding
#                (tests/diff/accepted-differences.tsv); runs on the simulated
#                host ORACLE_HOST in a mount namespace (root), else skipped
# make fuzz         every target for FUZZ_SECONDS (default 60) each; corpus and
#                   crashes under $(B)/fuzz/<target>/ (fuzz/run.sh); fuzz_diff's
#                   findings under $(B)/fuzz/fuzz_diff/ (FUZZ_DIFF_SEED: a seed,
#                   else one from the clock, printed)
# check-fuzz        every target for FUZZ_CHECK_SECONDS (default 20) each, on a
#                   scratch corpus under $(B)/check/fuzz-tmp
# check-fuzz-diff   fuzz_diff with seed FUZZ_DIFF_CHECK_SEED (1) on
#                   FUZZ_DIFF_CHECK_STRINGS (60000) strings: deterministic; one
#                   check per privilege level, findings under $(B)/fuzz/fuzz_diff/check
FUZZ_CC       ?= clang
FUZZ_SECONDS  ?= 60
FUZZ_CHECK_SECONDS ?= 20
FUZZ_REENCODE ?= 2
FUZZ_DIFF_SEED ?=
FUZZ_DIFF_CHECK_SEED ?= 1
FUZZ_DIFF_CHECK_STRINGS ?= 60000
FUZZ_DIFF_DEPS = fuzz/fuzz_diff.py $(wildcard fuzz/corpus/fuzz_diff/*) $(PFMDUMP) $(LIBPFM_SO) $(DIFF_PY) $(HOSTS_DEPS)
FUZZ_TARGETS  := fuzz_encode fuzz_yaml fuzz_sysfs
FUZZ_SAN      := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_CFLAGS   := $(CFLAGS_COMMON) -O1 -g $(FUZZ_SAN) -Wno-unused-command-line-argument
FUZZ_DEFS     := -DFUZZ_EMPTY_SYSROOT='"$(abspath tests/fixtures/sysroot/empty)"' -DFUZZ_REENCODE=$(FUZZ_REENCODE)
FUZZ_LIB_OBJS := $(patsubst pfmlib/%.c,$(B)/obj/fuzz/pfmlib/%.o,$(LIB_SRCS)) \
	$(B)/obj/fuzz/ut_table.o $(B)/obj/fuzz/pp_hostdata.o
FUZZ_LOADER_OBJS := $(patsubst pfmlib/%.c,$(B)/obj/fuzz/pfmlib/%.o,$(LOADER_SRCS))
FUZZ_BINS     := $(addprefix $(B)/bin/,$(FUZZ_TARGETS))

$(B)/obj/fuzz/pfmlib/%.o: pfmlib/%.c $(LIB_HDRS) $(LIB_DEFS_STAMP)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(LIB_DEFS) -c -o $@ $<

# the unit-test fixture PMUs stand in for the built-in table (tests/unit.mk)
$(B)/obj/fuzz/ut_table.o: $(B)/unit/ut_table.c pfmlib/table/table.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CFLAGS_COMMON) -O0 -c -o $@ $<

$(B)/obj/fuzz/pp_hostdata.o: $(B)/gen/pp_hostdata.c pfmlib/host/hostdata.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CFLAGS_COMMON) -O1 -c -o $@ $<

# FUZZ_REENCODE is compiled in: fuzz_encode.o is rebuilt when it changes
FUZZ_DEFS_STAMP := $(B)/obj/fuzz/defs.txt
$(FUZZ_DEFS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo "REENCODE=$(FUZZ_REENCODE)" | cmp -s - $@ || echo "REENCODE=$(FUZZ_REENCODE)" > $@

$(B)/obj/fuzz/%.o: fuzz/%.c fuzz/common.h $(LIB_HDRS) $(TL_HDRS) $(FUZZ_DEFS_STAMP)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(TL_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_DEFS) -c -o $@ $<

# tests/lib's encoder (encode.h), instrumented like the rest
$(B)/obj/fuzz/tl/%.o: tests/lib/%.c $(TL_HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(TL_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<


$(B)/bin/fuzz_encode: $(B)/obj/fuzz/fuzz_encode.o $(B)/obj/fuzz/common.o $(FUZZ_LIB_OBJS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ -lyaml -pthread

$(B)/bin/fuzz_sysfs: $(B)/obj/fuzz/fuzz_sysfs.o $(B)/obj/fuzz/common.o $(B)/obj/fuzz/tl/encode.o $(FUZZ_LIB_OBJS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ -lyaml -pthread

$(B)/bin/fuzz_yaml: $(B)/obj/fuzz/fuzz_yaml.o $(FUZZ_LOADER_OBJS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ -lyaml

fuzz-build: $(FUZZ_BINS)

fuzz: $(addprefix fuzz-run-,$(FUZZ_TARGETS)) fuzz-run-fuzz_diff

# the differential fuzzer: python, the two libraries through pfmdump
fuzz-run-fuzz_diff: $(FUZZ_DIFF_DEPS)
	@mkdir -p $(B)/check $(B)/fuzz/fuzz_diff
	@TMPDIR=$(abspath $(B))/check tests/hosts/sandbox.sh --ns --suite fuzz_diff $(ORACLE_HOST) -- \
		$(PYTHON) fuzz/fuzz_diff.py --ours $(B)/lib --pfmdump $(PFMDUMP) --out $(B)/fuzz/fuzz_diff \
		--seconds $(FUZZ_SECONDS) $(if $(FUZZ_DIFF_SEED),--seed $(FUZZ_DIFF_SEED)) --host $(ORACLE_HOST)

check-fuzz-diff: $(FUZZ_DIFF_DEPS)
	@mkdir -p $(B)/check $(B)/fuzz/fuzz_diff/check
	@$(call ON_ORACLE_HOST,fuzz-diff) $(PYTHON) fuzz/fuzz_diff.py --ours $(B)/lib --pfmdump $(PFMDUMP) \
		--out $(B)/fuzz/fuzz_diff/check --seed $(FUZZ_DIFF_CHECK_SEED) --strings $(FUZZ_DIFF_CHECK_STRINGS) \
		--host $(ORACLE_HOST) --results $(B)/check/results

fuzz-run-%: $(B)/bin/%
	@fuzz/run.sh $* $< $(FUZZ_SECONDS) $(B)/fuzz/$*

check-fuzz: $(FUZZ_BINS)
	@fuzz/check.sh $(B)/check $(FUZZ_CHECK_SECONDS) $(FUZZ_TARGETS)

CHECKS += check-fuzz check-fuzz-diff
.PHONY: fuzz fuzz-build check-fuzz check-fuzz-diff fuzz-run-fuzz_diff
