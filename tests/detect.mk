# tests/detect.mk: the host-detection suite (check-detect): CUnit tests of the
# per-architecture readers and of matching (built from pfmlib/host/*.c under
# ASan+UBSan), the hand-written sysroot fixtures, the x86 mapfile walk and
# libpfm4's CPU -> PMU table (tests/detect/libpfm4-cpu-models.tsv) checked
# through the public API of $(LIBPFM_SO). See docs/detection.md.
ifndef TESTS_DETECT_MK
TESTS_DETECT_MK := 1

DETECT_SRCS   := $(wildcard pfmlib/host/*.c) pfmlib/util/log.c pfmlib/util/config.c pfmlib/util/path.c pfmlib/util/file.c \
		 $(B)/gen/pp_hostdata.c
DETECT_UNIT   := $(B)/bin/test_detect_host
DETECT_PRESENT := $(B)/bin/detect_present
DETECT_SAN    := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

$(DETECT_UNIT): tests/detect/test_host.c $(DETECT_SRCS) $(wildcard pfmlib/host/*.h pfmlib/util/*.h) $(TL_HDRS) $(TL_LIB)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(DETECT_SAN) $(TL_CFLAGS) -o $@ tests/detect/test_host.c $(DETECT_SRCS) $(TL_LIB) -lcunit

$(DETECT_PRESENT): tests/detect/present.c $(TL_HDRS) $(TL_LIB) $(LIBPFM_SO) $(B)/lib/libpfm.so
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) $(TL_CFLAGS) -o $@ tests/detect/present.c $(TL_LIB) -L$(B)/lib -lpfm -lcunit \
		'-Wl,-rpath,$$ORIGIN/../lib'

check-detect: $(DETECT_UNIT) $(DETECT_PRESENT) $(B)/bin/pfmdump $(PERF_ARCH_DEP)
	@tests/detect/run.sh $(DETECT_UNIT) $(DETECT_PRESENT) $(PMU_EVENTS_ARCH)/x86/mapfile.csv $(B)/yaml/x86 $(PYTHON) \
		$(B)/bin/pfmdump

CHECKS += check-detect
.PHONY: check-detect

endif
