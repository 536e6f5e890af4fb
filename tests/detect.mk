# SPDX-License-Identifier: MIT
# tests/detect.mk: the host-detection suite (check-detect): CUnit tests of the
# per-architecture readers and of matching (built from pfmlib/host/*.c under
# ASan+UBSan), the hand-written sysroot fixtures, the x86 mapfile walk and
# libpfm4's CPU -> PMU table (tests/detect/libpfm4-cpu-models.tsv) checked
# through the public API of $(LIBPFM_SO) (suite present of test_public,
# tests/public.mk). See docs/detection.md.
ifndef TESTS_DETECT_MK
TESTS_DETECT_MK := 1
include tests/public.mk

DETECT_SRCS   := $(wildcard pfmlib/host/*.c) pfmlib/util/log.c pfmlib/util/config.c pfmlib/util/path.c pfmlib/util/file.c \
		 $(B)/gen/pp_hostdata.c
DETECT_UNIT   := $(B)/bin/test_host_stage
DETECT_SAN    := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

# the host stage's suites, one program (tests/detect/host_stage.h): detect_host
# here, match for check-match (tests/module.mk)
DETECT_T_SRCS := tests/detect/test_host_stage.c tests/detect/test_host.c tests/match/test_match.c
$(DETECT_UNIT): $(DETECT_T_SRCS) tests/detect/host_stage.h $(DETECT_SRCS) $(wildcard pfmlib/host/*.h pfmlib/util/*.h) \
		$(TL_HDRS) $(TL_LIB)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(DETECT_SAN) $(TL_CFLAGS) -o $@ $(DETECT_T_SRCS) $(DETECT_SRCS) $(TL_LIB) -lcunit

check-detect: $(DETECT_UNIT) $(TEST_PUBLIC) $(B)/bin/pfmdump $(PERF_ARCH_DEP)
	@tests/detect/run.sh $(DETECT_UNIT) $(TEST_PUBLIC) $(PMU_EVENTS_ARCH)/x86/mapfile.csv $(B)/yaml/x86 $(PYTHON) \
		$(B)/bin/pfmdump

CHECKS += check-detect
.PHONY: check-detect

endif
