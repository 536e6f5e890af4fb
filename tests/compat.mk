# SPDX-License-Identifier: MIT
# tests/compat.mk: a program built against the installed libpfm4 4.13 headers
# and library (not ours), compat_4_13 (tests/compat/compat_4_13.c, one check a
# file: compat.h), runs on our libpfm.so.4.
#   check-enumerate     enumerates everything, as an Alder Lake host (two core
#                       types) whose sysfs is tests/fixtures/sysfs/rapl (two
#                       sysfs PMUs), whatever machine runs it
#   check-for-all-pmus  pfm_for_all_pmus below 4.13's PFM_PMU_MAX (below)
# Of tests/lib it takes the report line only (report.h includes no libpfm header).
COMPAT_SRCS := tests/compat/compat_4_13.c tests/compat/enumerate.c tests/compat/for_all_pmus.c
$(B)/bin/compat_4_13: $(COMPAT_SRCS) tests/compat/compat.h tests/lib/report.h $(TL_LIB)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O1 -Wall -Wextra $(TL_CFLAGS) -o $@ $(COMPAT_SRCS) $(TL_LIB) -lpfm -ldl

check-enumerate: $(B)/bin/compat_4_13 $(LIBPFM_SO)
	@LIBPFM_ENCODE_INACTIVE=1 LIBPFM_CPUID=GenuineIntel-6-97-2 LIBPFM_SYSROOT=tests/fixtures/sysfs/rapl \
		LD_LIBRARY_PATH=$(B)/lib tests/run-cunit.sh enumerate $(B)/bin/compat_4_13 enumerate $(abspath $(B)/lib)

CHECKS += check-enumerate
.PHONY: check-enumerate

# A program built against libpfm4 4.13's header loops pfm_for_all_pmus below
# 4.13's PFM_PMU_MAX (517). With LIBPFM_PMU_MAX=517 it sees the host's PMUs
# (moved to free ids below 517); without (or with a value out of range or not
# a number), PAPI's walk finds them at their own ids. Identities: Zen 5
# (empty sysroot), Alder Lake with two sysfs PMUs, Sapphire Rapids, Zen 4 (an
# id below 517 already: unchanged). Each run: identity sysroot mode
# LIBPFM_PMU_MAX (- unset) PMU...
FOR_ALL_PMUS_RUNS = \
	"AuthenticAMD-26-2-0 tests/fixtures/sysroot/empty compat 517 amd64_fam1ah_zen5" \
	"AuthenticAMD-26-2-0 tests/fixtures/sysroot/empty native - amd64_fam1ah_zen5" \
	"AuthenticAMD-26-2-0 tests/fixtures/sysroot/empty native 1024 amd64_fam1ah_zen5" \
	"AuthenticAMD-26-2-0 tests/fixtures/sysroot/empty native 517x amd64_fam1ah_zen5" \
	"GenuineIntel-6-97-2 tests/fixtures/sysfs/rapl compat 517 adl_glc adl_grt power demo_pmu_0" \
	"GenuineIntel-6-97-2 tests/fixtures/sysfs/rapl native - adl_glc adl_grt power" \
	"GenuineIntel-6-8F-8 tests/fixtures/sysroot/empty compat 517 spr" \
	"AuthenticAMD-25-17-0 tests/fixtures/sysroot/empty compat 517 amd64_fam19h_zen4"

# each run: the program's own checks, added up (tests/lib/tally.sh)
check-for-all-pmus: $(B)/bin/compat_4_13 $(LIBPFM_SO)
	@. tests/lib/tally.sh; mkdir -p $(B)/check/for_all_pmus; n=0; \
	for run in $(FOR_ALL_PMUS_RUNS); do \
		set -- $$run; id=$$1; root=$$2; mode=$$3; max=$$4; shift 4; [ "$$max" = - ] && max=; n=$$((n + 1)); \
		tl_program "$$run" $(B)/check/for_all_pmus/$$n.log env -u LIBPFM_PMU_MAX $${max:+LIBPFM_PMU_MAX=$$max} \
			LIBPFM_CPUID=$$id LIBPFM_SYSROOT=$$root LD_LIBRARY_PATH=$(B)/lib \
			$(B)/bin/compat_4_13 for-all-pmus $(abspath $(B)/lib) $$mode "$$@"; \
	done; tl_results for-all-pmus $(B)/check/results

CHECKS += check-for-all-pmus
.PHONY: check-for-all-pmus

# Debian's PCP perfevent agent and llvm-exegesis on our library (tests/compat/clients.sh);
# each is skipped when its package (pcp, llvm-19) is not installed
check-clients: $(LIBPFM_SO)
	@tests/compat/clients.sh $(B)/lib $(B)

CHECKS += check-clients
.PHONY: check-clients
