# SPDX-License-Identifier: MIT
# scripts/module.mk: data extraction (perf's JSON from linux-source-6.12 or PMU_EVENTS_ARCH)

# $(B)/perf-arch/.stamp exists once the extracted tree (or the given one) is usable
$(B)/perf-arch/.source:
	@echo "  EXTRACT  perf pmu-events/arch -> $(B)/perf-arch"
	@scripts/extract-arch.sh $(B)/perf-arch

ifeq ($(PMU_EVENTS_ARCH),$(B)/perf-arch)
PERF_ARCH_DEP := $(B)/perf-arch/.source
else
PERF_ARCH_DEP := $(PMU_EVENTS_ARCH)/x86/mapfile.csv
endif

data: $(PERF_ARCH_DEP)
