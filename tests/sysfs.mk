# SPDX-License-Identifier: MIT
# tests/sysfs.mk: check-sysfs, the suites of sysfs-discovered PMUs
# (tests/sysfs/, fixtures in tests/fixtures/sysfs): the reader and table
# building on their own under ASan+UBSan (test_sysfs_unit), the public API
# against $(LIBPFM_SO) (test_public api) and against the ASan build of the
# library (test_public_asan api), check_events msr::tsc on a host that has
# the msr PMU, and table uncore PMUs (box instances) on the fixture trees
# (test_public uncore: one CUnit suite a topic, test_uncore_api.c, the boxes'
# API; _client, Intel client boxes; _discovery, the boxes the kernel
# enumerates from the discovery table, gnr2s and spr2s; _sys, the non-x86
# ones: system tables by identifier, hip08, s390 PAI; _merge, perf's events
# on libpfm4 4.13's boxes); tests/sysfs/startup-opens.sh, that
# pfm_initialize opens no file of a kernel PMU. tests/sysfs/run.sh appends
# "sysfs: N passed, N failed". test_public: tests/public.mk.
include tests/public.mk

SYSFS_CFLAGS   = $(TOOL_CFLAGS) -g
SYSFS_SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
SYSFS_LIBSRC  := pfmlib/sysfs/build.c pfmlib/sysfs/parse.c pfmlib/sysfs/read.c \
		 pfmlib/table/builder.c pfmlib/table/format.c pfmlib/util/log.c pfmlib/util/config.c \
		 pfmlib/util/path.c pfmlib/util/file.c
SYSFS_SCRATCH := tests/sysfs/scratch.c
SYSFS_HDRS    := tests/sysfs/scratch.h $(TL_HDRS) $(wildcard pfmlib/sysfs/*.h pfmlib/table/*.h pfmlib/util/*.h)

$(B)/bin/test_sysfs_unit: tests/sysfs/test_sysfs_unit.c $(SYSFS_SCRATCH) $(SYSFS_LIBSRC) $(SYSFS_HDRS) $(TL_LIB)
	@mkdir -p $(@D)
	$(CC) $(SYSFS_CFLAGS) $(SYSFS_SAN) $(TL_CFLAGS) -o $@ tests/sysfs/test_sysfs_unit.c $(SYSFS_SCRATCH) \
		$(SYSFS_LIBSRC) $(TL_LIB) -lcunit

# the open-logging shim of tests/sysfs/startup-opens.sh (what pfm_initialize opens)
$(B)/tests/openlog.so: tests/sysfs/openlog.c
	@mkdir -p $(@D)
	$(CC) $(SYSFS_CFLAGS) -shared -fPIC -o $@ $< -ldl

check-sysfs: $(B)/bin/test_sysfs_unit $(TEST_PUBLIC) $(TEST_PUBLIC_ASAN) $(B)/bin/check_events \
	$(B)/tests/openlog.so $(B)/bin/golddump
	@tests/sysfs/run.sh $(B) tests/fixtures/sysfs

CHECKS += check-sysfs
.PHONY: check-sysfs
