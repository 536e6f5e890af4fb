# SPDX-License-Identifier: MIT
# tests/diff.mk: the tests against the installed libpfm4 4.13 (the oracle) and
# the oracle dump program they use. Included from tests/module.mk.
#   check-diff          every core PMU both list: same codes and perf_event_attr
#                       for libpfm4's strings and their variants (tests/diff/rundiff.py)
#   check-diff-uncore   the same over every uncore PMU of libpfm4 4.13 (box
#                       instances included), agreement floor 99 % overall
#   check-papi-presets  PAPI's preset natives encode as in libpfm4 (papi_presets.py)
#   check-compat-names  the generated YAML gives libpfm4's names libpfm4's
#                       encodings and perf's names perf's (check_names.py)
#   check-upstream-names upstream libpfm4's names of the PMUs 4.13 lacks resolve
#                       and encode as upstream's codes say (upstream_names.py)
#   check-sweep         every EVENT and EVENT:UMASK string libpfm4 4.13 lists, on
#                       every PMU both have, under PFM_OS_NONE, PFM_OS_PERF_EVENT and
#                       PFM_OS_PERF_EVENT_EXT at plm 1, 8 and 9: return codes,
#                       codes, perf_event_attr (tests/diff/sweep.py); SWEEP_SAMPLE
#                       keeps 1 string in N (default 1: all of them)
#   sweep               (not in make check) the same on ORACLE_HOST and on every
#                       simulated host with uncore kernel PMUs (SWEEP_HOSTS), so the
#                       perf layers of the boxes are compared where their kernel
#                       PMUs exist
#   check-upstream-uncore upstream libpfm4's uncore event names of the boxes
#                       converted from perf's JSON resolve on the same PMU with
#                       upstream's code (upstream_uncore.py)
#
# libpfm4 4.13 reads the real /sys and knows no sysroot: every suite here runs
# on the simulated host ORACLE_HOST of tests/hosts/hosts.tsv, in a private
# mount namespace where that host's tree is /sys for both libraries
# (tests/hosts/sandbox.sh); without root they say skipped. `make check-hosts`
# runs the host-sensitive checks on every simulated host.
ifndef TESTS_DIFF_MK
TESTS_DIFF_MK := 1

ORACLE_HOST ?= emr-vm
# $(call ON_ORACLE_HOST,suite): the command prefix that runs a suite there
ON_ORACLE_HOST = TMPDIR=$(abspath $(B))/check tests/hosts/sandbox.sh --ns --suite $(1) \
		 --results $(B)/check/results $(ORACLE_HOST) --

PFMDUMP    := $(B)/bin/pfmdump
DIFF_PY    := tests/diff/rundiff.py tests/diff/genstrings.py tests/diff/accepted.py \
              gen/libpfm4-names/oracle.py gen/libpfm4-names/layout.py \
              tests/diff/accepted-differences.tsv arch/x86/offcore/msrs.yaml
YAML_STAMP ?= $(B)/yaml/.stamp

# built against the installed <perfmon/pfmlib.h> and libpfm (the oracle's ABI);
# LD_LIBRARY_PATH=$(B)/lib runs the same binary against pmuplug
$(PFMDUMP): gen/libpfm4-names/pfmdump.c $(TL_ORACLE_SRCS) $(TL_ORACLE_HDRS)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -Wno-unused-parameter $(CFLAGS) -Itests/lib -o $@ $< $(TL_ORACLE_SRCS) -lpfm

check-diff: $(PFMDUMP) $(LIBPFM_SO) $(DIFF_PY) $(HOSTS_DEPS)
	@mkdir -p $(B)/check
	@$(call ON_ORACLE_HOST,diff) $(PYTHON) tests/diff/rundiff.py --ours $(B)/lib --pfmdump $(PFMDUMP) \
		--out $(B)/check/diff --results $(B)/check/results

# every uncore PMU of libpfm4 4.13 (same name and id): its events, event:umask
# strings and modifier variants; per-PMU figures, and a floor on the agreement
# over all of them together
check-diff-uncore: $(PFMDUMP) $(LIBPFM_SO) $(DIFF_PY) $(HOSTS_DEPS)
	@mkdir -p $(B)/check
	@$(call ON_ORACLE_HOST,diff-uncore) $(PYTHON) tests/diff/rundiff.py --uncore --ours $(B)/lib --pfmdump $(PFMDUMP) \
		--out $(B)/check/diff-uncore --agree 0 --cover 90 --total-agree 99 --show 2 \
		--results $(B)/check/results > $(B)/check/diff-uncore.log 2>&1; st=$$?; \
		grep -v ' ok$$' $(B)/check/diff-uncore.log | tail -n 12; grep '^all ' $(B)/check/diff-uncore.log; \
		echo "  per-PMU figures: $(B)/check/diff-uncore.log"; exit $$st

# the sweep: every string libpfm4 4.13 lists, every layer and privilege level
SWEEP_SAMPLE ?= 1
SWEEP_HOSTS  ?= emr-vm skx2s spr2s zen3 adl
check-sweep: $(PFMDUMP) $(LIBPFM_SO) tests/diff/sweep.py $(DIFF_PY) $(HOSTS_DEPS)
	@mkdir -p $(B)/check
	@$(call ON_ORACLE_HOST,sweep) $(PYTHON) tests/diff/sweep.py --ours $(B)/lib --pfmdump $(PFMDUMP) \
		--sample $(SWEEP_SAMPLE) --out $(B)/check/sweep --results $(B)/check/results

sweep: $(PFMDUMP) $(LIBPFM_SO) tests/diff/sweep.py $(DIFF_PY) $(HOSTS_DEPS)
	@mkdir -p $(B)/check
	@st=0; for h in $(SWEEP_HOSTS); do echo "== $$h"; \
		TMPDIR=$(abspath $(B))/check tests/hosts/sandbox.sh --ns --suite sweep-$$h $$h -- \
		$(PYTHON) tests/diff/sweep.py --ours $(B)/lib --pfmdump $(PFMDUMP) --suite sweep-$$h \
		--out $(B)/check/sweep-$$h || st=1; done; exit $$st

# the accepted differences themselves: none may admit a pmuplug bug (python unittest)
check-accepted: tests/diff/test_accepted.py tests/diff/accepted.py tests/diff/accepted-differences.tsv \
		tests/lib/unittest_suite.py
	@$(PYTHON) tests/lib/unittest_suite.py accepted --results $(B)/check/results --log $(B)/check/accepted.log \
		tests/diff/test_accepted.py

# strings pmuplug once encoded silently otherwise than libpfm4 4.13, pinned
# to 4.13's answer (tests/pinned/test_silent.py: one table, ctypes), and
# libpfm4's rules, a table per rule kind (tests/pinned/test_rules.py); the
# tables are also checked against the installed libpfm4 4.13 when it is there
PFM413_LIBDIR ?= /usr/lib/x86_64-linux-gnu
PINNED := tests/pinned/test_silent.py tests/pinned/test_rules.py tests/pinned/test_fstr.py
check-pinned: $(LIBPFM_SO) $(PINNED) tests/lib/unittest_suite.py
	@$(PYTHON) tests/lib/unittest_suite.py pinned --results $(B)/check/results --log $(B)/check/pinned.log \
		--with PMUPLUG_LIB=$(B)/lib $(if $(wildcard $(PFM413_LIBDIR)/libpfm.so.4),--with PMUPLUG_LIB=$(PFM413_LIBDIR)) \
		$(PINNED)

check-papi-presets: $(PFMDUMP) $(LIBPFM_SO) tests/diff/papi_presets.py $(DIFF_PY) $(HOSTS_DEPS)
	@mkdir -p $(B)/check
	@$(call ON_ORACLE_HOST,papi-presets) $(PYTHON) tests/diff/papi_presets.py --ours $(B)/lib --pfmdump $(PFMDUMP) \
		--results $(B)/check/results

check-compat-names: $(PFMDUMP) $(YAML_STAMP) tests/diff/check_names.py tests/diff/yamlmodel.py $(HOSTS_DEPS)
	@mkdir -p $(B)/check
	@$(call ON_ORACLE_HOST,compat-names) $(PYTHON) tests/diff/check_names.py --yaml $(B)/yaml/x86 --pfmdump $(PFMDUMP) \
		--arch $(PMU_EVENTS_ARCH) $(if $(INTEL_PERFMON),--intel-perfmon $(INTEL_PERFMON)) --results $(B)/check/results

# the x86 PMUs perf has no JSON for (arch/x86/legacy/): libpfm4's names, ids
# and encodings, >= 99.9% per PMU (tests/diff/legacy.py)
# (the oracle is libpfm4 itself: without it installed the suite is skipped)
check-legacy-diff: $(LIBPFM_SO) tests/diff/legacy.py arch/x86/legacy.yaml $(DIFF_PY) $(HOSTS_DEPS)
	@mkdir -p $(B)/check
	@if ! $(MAKE) -s $(PFMDUMP) >/dev/null 2>&1; then \
		echo "  skipped: legacy-diff: libpfm4 4.13 is not installed (no oracle)"; \
		echo "legacy-diff: 0 passed, 0 failed" | tee -a $(B)/check/results; \
	else \
		$(call ON_ORACLE_HOST,legacy-diff) $(PYTHON) tests/diff/legacy.py --ours $(B)/lib --pfmdump $(PFMDUMP) \
			--out $(B)/check/legacy-diff --results $(B)/check/results; \
	fi

# re-write arch/x86/legacy/ from libpfm4 4.13's API (then commit it)
libpfm4-legacy: $(PFMDUMP)
	$(PYTHON) gen/libpfm4-names/legacy.py --pfmdump $(PFMDUMP)

# upstream libpfm4's names of the x86 PMUs 4.13 lacks (tests/diff/upstream_names.py)
check-upstream-names: $(PFMDUMP) $(LIBPFM_SO) $(PERF_ARCH_DEP) tests/diff/upstream_names.py tests/diff/upstream_2026.py \
		gen/libpfm4-names/tsvoracle.py gen/libpfm4-names/upstream_groups.py arch/x86/libpfm4-upstream-events.tsv arch/x86/upstream/libpfm4-umask-groups.tsv $(DIFF_PY) $(HOSTS_DEPS)
	@mkdir -p $(B)/check
	@$(call ON_ORACLE_HOST,upstream-names) $(PYTHON) tests/diff/upstream_names.py --ours $(B)/lib --pfmdump $(PFMDUMP) \
		--arch $(PMU_EVENTS_ARCH) --results $(B)/check/results
	@$(PYTHON) tests/diff/upstream_2026.py --ours $(B)/lib --pfmdump $(PFMDUMP) --results $(B)/check/results

# upstream libpfm4's uncore names (icx, spr, Zen 5 L3, hip08) on our library (tests/diff/upstream_uncore.py)
check-upstream-uncore: $(LIBPFM_SO) tests/diff/upstream_uncore.py arch/x86/libpfm4-upstream-events.tsv \
		arch/arm64/libpfm4-upstream-events.tsv
	@mkdir -p $(B)/check
	@$(PYTHON) tests/diff/upstream_uncore.py --lib $(LIBPFM_SO) --results $(B)/check/results

# re-derive arch/x86/libpfm4-names/ from libpfm4 4.13 and perf's JSON (then commit it)
libpfm4-names: $(PFMDUMP) $(PERF_ARCH_DEP)
	$(PYTHON) gen/libpfm4-names/derive.py --arch $(PMU_EVENTS_ARCH) --pfmdump $(PFMDUMP)

# re-derive arch/x86/uncore/ from libpfm4 4.13 (then commit it)
libpfm4-uncore: $(PFMDUMP)
	$(PYTHON) gen/libpfm4-names/uncore.py --pfmdump $(PFMDUMP)

CHECKS += check-accepted check-pinned check-compat-names check-diff check-diff-uncore check-sweep check-papi-presets check-legacy-diff \
	check-upstream-names check-upstream-uncore
.PHONY: check-sweep sweep check-accepted check-pinned check-diff check-diff-uncore check-papi-presets check-compat-names libpfm4-names libpfm4-uncore \
	check-legacy-diff libpfm4-legacy check-upstream-names check-upstream-uncore

endif
