# tests/robust.mk: mutated event strings through the parser/encoder,
# mutated descriptors through the YAML reader, and hostile files (FIFO,
# /dev/zero, huge) under a sysroot for the host and sysfs readers, under
# ASan+UBSan. The strings
# run as a Skylake host (a mutant that loses its pmu:: prefix is looked up in
# skl) whose sysfs is tests/fixtures/sysfs/ccn, whatever machine runs them.
ROBUST_SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

# drivers, not CUnit programs: each prints its "robust-...: N passed, N failed" line (tests/lib/report.h)
$(B)/bin/robust_strings: tests/robust/mutate_strings.c $(TL_HDRS) $(TL_LIB) $(LIBPFM_ASAN_A)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -O1 -g $(ROBUST_SAN) $(TL_CFLAGS) -o $@ $< $(TL_LIB) $(LIBPFM_ASAN_A) -lyaml

$(B)/bin/robust_yaml: tests/robust/mutate_yaml.c tests/lib/report.h $(TL_LIB) $(LOADER_SRCS) $(LOADER_HDRS) $(SCHEMA_H)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -O1 -g $(ROBUST_SAN) $(TL_CFLAGS) -o $@ $< $(LOADER_SRCS) $(TL_LIB) -lyaml

# CUnit program: hostile files (FIFO, /dev/zero, huge) where the host readers and sysfs expect small files
$(B)/bin/robust_hostile: tests/robust/hostile_files.c $(TL_HDRS) $(TL_LIB) $(LIBPFM_ASAN_A)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -O1 -g $(ROBUST_SAN) $(TL_CFLAGS) -o $@ $< $(TL_LIB) $(LIBPFM_ASAN_A) -lyaml -lcunit

check-robust: $(B)/bin/robust_strings $(B)/bin/robust_yaml $(B)/bin/robust_hostile $(YAML_STAMP)
	@mkdir -p $(B)/check
	@st=0; \
	LIBPFM_ENCODE_INACTIVE=1 LIBPFM_CPUID=GenuineIntel-6-5E-3 LIBPFM_SYSROOT=tests/fixtures/sysfs/ccn \
		$(B)/bin/robust_strings 20000 > $(B)/check/robust-strings.log 2>&1 || st=1; \
	$(B)/bin/robust_yaml tests/fixtures/yaml/fict.yaml $(B)/yaml/x86/glm.yaml $(B)/yaml/generic/perf.yaml \
		$(B)/yaml/arm64/arm_n1.yaml > $(B)/check/robust-yaml.log 2>&1 || st=1; \
	mkdir -p $(B)/check/robust-tmp; \
	TMPDIR=$(CURDIR)/$(B)/check/robust-tmp $(B)/bin/robust_hostile > $(B)/check/robust-hostile.log 2>&1 || st=1; \
	rm -rf $(B)/check/robust-tmp; \
	for f in $(B)/check/robust-strings.log $(B)/check/robust-yaml.log $(B)/check/robust-hostile.log; do \
		grep -E '^(FAILED|ERROR|==[0-9]+==|.*runtime error)' $$f | head -n 20; \
		line=$$(grep -E '^robust-[a-z]+: [0-9]+ passed' $$f || echo "robust: 0 passed, 1 failed"); \
		echo "$$line" | tee -a $(B)/check/results; \
	done; exit $$st

CHECKS += check-robust
.PHONY: check-robust
