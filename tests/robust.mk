# SPDX-License-Identifier: MIT
# tests/robust.mk: mutated event strings through the parser/encoder,
# mutated descriptors through the YAML reader, and hostile files (FIFO,
# /dev/zero, huge) under a sysroot for the host and sysfs readers, under
# ASan+UBSan. The strings
# run as a Skylake host (a mutant that loses its pmu:: prefix is looked up in
# skl) whose sysfs is tests/fixtures/sysfs/ccn, whatever machine runs them.
# tests/robust/run.sh runs the three and appends "robust: N passed, N failed".
include tests/public.mk
ROBUST_SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

# mutated event strings and hostile files (FIFO, /dev/zero, huge) where the
# host readers and sysfs expect small files: the suites `strings` and
# `hostile` of test_public_asan (tests/robust/robust.h, tests/public.mk), each
# with its own "robust-...: N passed, N failed" line

# mutated descriptors through the loader's own sources (a driver)
$(B)/bin/robust_yaml: tests/robust/mutate_yaml.c tests/lib/report.h $(TL_LIB) $(LOADER_SRCS) $(LOADER_HDRS) $(SCHEMA_H)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -O1 -g $(ROBUST_SAN) $(TL_CFLAGS) -o $@ $< $(LOADER_SRCS) $(TL_LIB) -lyaml

check-robust: $(TEST_PUBLIC_ASAN) $(B)/bin/robust_yaml $(YAML_STAMP) tests/robust/run.sh
	@tests/robust/run.sh $(B) 20000 tests/fixtures/yaml/fict.yaml $(B)/yaml/x86/glm.yaml $(B)/yaml/generic/perf.yaml \
		$(B)/yaml/arm64/arm_n1.yaml

CHECKS += check-robust
.PHONY: check-robust
