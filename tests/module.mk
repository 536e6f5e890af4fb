# SPDX-License-Identifier: MIT
# tests/module.mk: the YAML loader and mapfile pattern-matcher suites, and
# every other suite's fragment (tests/*.mk: abi, tools, unit, diff, ...). Each
# check-* target appends "<suite>: N passed, N failed" to $(B)/check/results.

include tests/lib.mk

# the plugin caches the library writes while tests run go under the build
# directory, never into the home directory (man3/pmuplug_plugins.3)
export XDG_CACHE_HOME := $(abspath $(B))/check/xdg-cache
# what a suite run on a simulated host (tests/hosts/) depends on
HOSTS_DEPS := tests/hosts/sandbox.sh tests/hosts/hosts.tsv
include $(filter-out tests/module.mk tests/lib.mk,$(wildcard tests/*.mk))

TEST_CFLAGS := $(TOOL_CFLAGS) -g
SAN_TEST    := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

# the loader suite is built from the loader's sources, under ASan+UBSan
$(B)/bin/test_loader: tests/loader/test_loader.c $(LOADER_SRCS) $(LOADER_HDRS) $(SCHEMA_H) $(TL_HDRS) $(TL_LIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SAN_TEST) $(TL_CFLAGS) -o $@ tests/loader/test_loader.c $(LOADER_SRCS) $(TL_LIB) -lyaml -lcunit

check-loader: $(B)/bin/test_loader
	@tests/run-cunit.sh loader $(B)/bin/test_loader tests/fixtures/yaml

CHECKS += check-loader
.PHONY: check-loader

# the mapfile pattern matcher, checked against regexec on perf's own patterns:
# suite match of the host stage's program (tests/detect.mk)
check-match: $(DETECT_UNIT) $(PERF_ARCH_DEP)
	@tests/run-cunit.sh match $(DETECT_UNIT) match $(PMU_EVENTS_ARCH)

CHECKS += check-match
.PHONY: check-match
