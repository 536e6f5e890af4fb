# jsontoyaml/module.mk: perf's JSON ($(PMU_EVENTS_ARCH)) + our overlays (arch/)
# -> one YAML descriptor per PMU in $(B)/yaml/<arch>/<pmu>.yaml, and the
# converter's own tests (check-jsontoyaml). Included by the top Makefile.

JSONTOYAML       := jsontoyaml/jsontoyaml.py
JSONTOYAML_SRCS  := $(wildcard jsontoyaml/*.py jsontoyaml/transforms/*.py)
ARCH_OVERLAYS    := $(shell find arch -name '*.yaml' 2>/dev/null)
# the descriptors: what the C side depends on (files listed by find $(YAML_DIR))
YAML_DIR         := $(B)/yaml
YAML_STAMP       := $(YAML_DIR)/.stamp
# every model of the tree we extract must have an overlay entry; a tree the
# user points PMU_EVENTS_ARCH at only warns about models it cannot name yet
ifeq ($(PMU_EVENTS_ARCH),$(B)/perf-arch)
JSONTOYAML_FLAGS ?= --strict
PERF_ARCH_FILES  :=
else
JSONTOYAML_FLAGS ?=
PERF_ARCH_FILES  := $(shell find $(PMU_EVENTS_ARCH) -name '*.json' -o -name mapfile.csv 2>/dev/null)
endif

# the full-tree conversion is part of every build: a conversion error fails it
$(YAML_STAMP): $(JSONTOYAML_SRCS) $(ARCH_OVERLAYS) $(PERF_ARCH_DEP) $(PERF_ARCH_FILES)
	@echo "  JSONTOYAML $(PMU_EVENTS_ARCH) -> $(YAML_DIR)"
	@mkdir -p $(YAML_DIR)
	@$(PYTHON) $(JSONTOYAML) --arch-root $(PMU_EVENTS_ARCH) --overlay-root arch --out $(YAML_DIR) \
		--verify --quiet --report $(YAML_DIR)/report.txt --table $(YAML_DIR)/pmus.tsv $(JSONTOYAML_FLAGS)
	@touch $@

yaml: $(YAML_STAMP)

check-jsontoyaml:
	@mkdir -p $(B)/check
	@$(PYTHON) jsontoyaml/tests/run.py --results $(B)/check/results

CHECKS += check-jsontoyaml
.PHONY: check-jsontoyaml
