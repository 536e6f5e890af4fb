# SPDX-License-Identifier: MIT
# jsontoyaml/module.mk: perf's JSON ($(PMU_EVENTS_ARCH)) + our overlays (arch/)
# -> one YAML descriptor per PMU in $(B)/yaml/<arch>/<pmu>.yaml, and the
# converter's own tests (check-jsontoyaml). Included by the top Makefile.

JSONTOYAML       := jsontoyaml/jsontoyaml.py
JSONTOYAML_SRCS  := $(wildcard jsontoyaml/*.py jsontoyaml/transforms/*.py)
# the descriptor schema (key lists and order): read by jsontoyaml/schema.py
DESCRIPTOR_SCHEMA := schema/descriptor.yaml
# (arch/*/papi/ holds PAPI preset data, papi/module.mk's, not overlays)
ARCH_OVERLAYS    := $(shell find arch -name '*.yaml' -not -path '*/papi/*' 2>/dev/null)
# the descriptors: what the C side depends on (files listed by find $(YAML_DIR))
YAML_DIR         := $(B)/yaml
YAML_STAMP       := $(YAML_DIR)/.stamp
# every model of the tree we extract must have an overlay entry; a tree the
# user points PMU_EVENTS_ARCH at only warns about models it cannot name yet
# INTEL_PERFMON: Intel's perfmon repository (mapfile.csv, <PLATFORM>/events/),
# read beside the perf tree; per model the higher version wins (the report's
# `source` lines say which)
INTEL_PERFMON ?=
ifeq ($(PMU_EVENTS_ARCH)$(INTEL_PERFMON),$(B)/perf-arch)
JSONTOYAML_FLAGS ?= --strict
PERF_ARCH_FILES  :=
else
JSONTOYAML_FLAGS ?=
PERF_ARCH_FILES  := $(shell find $(PMU_EVENTS_ARCH) $(INTEL_PERFMON) -name '*.json' -o -name mapfile.csv 2>/dev/null)
endif
JSONTOYAML_INTEL := $(if $(INTEL_PERFMON),--intel-perfmon $(INTEL_PERFMON))

# descriptions of the PMUs perf has no JSON for (arch/*/legacy/): read at build
# time from the installed libpfm4 4.13 (never committed). Without libpfm4 the
# listing is empty and those events say that no description was available.
# (pfmdump links tests/lib's oracle-side files, TL_ORACLE_SRCS of tests/lib.mk;
# `descs` uses info.c's calls only: of them, just info.c is a prerequisite.)
LEGACY_YAML  := $(wildcard arch/*/legacy/*/*.yaml)
LEGACY_DESCS := $(B)/gen/libpfm4-descs.tsv
$(LEGACY_DESCS): gen/libpfm4-names/pfmdump.c tests/lib/info.c tests/lib/info.h $(LEGACY_YAML)
	@mkdir -p $(@D)
	@if $(CC) -std=gnu11 -Itests/lib -o $(B)/gen/pfmdump-descs $< $(TL_ORACLE_SRCS) \
		-lpfm 2>/dev/null; then \
		env -i LIBPFM_ENCODE_INACTIVE=1 $(B)/gen/pfmdump-descs descs \
			$(basename $(notdir $(LEGACY_YAML))) >$@.tmp || exit 1; \
	else \
		echo "  LIBPFM4    not installed: events of arch/*/legacy/ get no descriptions"; \
		: >$@.tmp; \
	fi; mv -f $@.tmp $@; rm -f $(B)/gen/pfmdump-descs

# the full-tree conversion is part of every build: a conversion error fails it
$(YAML_STAMP): $(JSONTOYAML_SRCS) $(DESCRIPTOR_SCHEMA) $(ARCH_OVERLAYS) $(PERF_ARCH_DEP) $(PERF_ARCH_FILES) \
		$(wildcard arch/*/libpfm4-upstream-events.tsv) \
		$(LEGACY_DESCS)
	@echo "  JSONTOYAML $(PMU_EVENTS_ARCH) -> $(YAML_DIR)"
	@mkdir -p $(YAML_DIR)
	@$(PYTHON) $(JSONTOYAML) --arch-root $(PMU_EVENTS_ARCH) --overlay-root arch --out $(YAML_DIR) \
		--verify --quiet --report $(YAML_DIR)/report.txt --table $(YAML_DIR)/pmus.tsv \
		--versions $(YAML_DIR)/builtin-versions.tsv \
		--libpfm4-descs $(LEGACY_DESCS) $(JSONTOYAML_INTEL) $(JSONTOYAML_FLAGS)
	@touch $@

yaml: $(YAML_STAMP)

check-jsontoyaml:
	@$(PYTHON) tests/lib/unittest_suite.py jsontoyaml --results $(B)/check/results \
		--log $(B)/check/jsontoyaml.log jsontoyaml/tests

CHECKS += check-jsontoyaml
.PHONY: check-jsontoyaml

# make install: the converter's package into $(PREFIX)/share/pmuplug/jsontoyaml,
# the built-in PMUs' versions beside it ($(PREFIX)/share/pmuplug/builtin-versions.tsv,
# which `jsontoyaml --from` compares a source with),
# our overlays beside it in $(PREFIX)/share/pmuplug/arch (its default
# --overlay-root), the schema in $(PREFIX)/share/pmuplug/schema (where
# jsontoyaml/schema.py looks), and a `jsontoyaml` command in $(BINDIR) that runs it with
# $(PYTHON) (scripts/jsontoyaml.in; man page man1/jsontoyaml.1, install-man)
BINDIR        ?= $(PREFIX)/bin
JSONTOYAML_PKG = $(PREFIX)/share/pmuplug
# upstream libpfm4's event names, read by the converter beside the YAML overlays
ARCH_FACT_TSVS = $(wildcard arch/*/libpfm4-upstream-events.tsv)
install-jsontoyaml: scripts/jsontoyaml.in $(JSONTOYAML_SRCS) $(DESCRIPTOR_SCHEMA) $(ARCH_OVERLAYS) $(ARCH_FACT_TSVS) \
		$(YAML_STAMP)
	install -d $(DESTDIR)$(JSONTOYAML_PKG)/jsontoyaml/transforms $(DESTDIR)$(BINDIR)
	install -m 0644 $(YAML_DIR)/builtin-versions.tsv $(DESTDIR)$(JSONTOYAML_PKG)/builtin-versions.tsv
	install -m 0644 $(wildcard jsontoyaml/*.py) $(DESTDIR)$(JSONTOYAML_PKG)/jsontoyaml/
	install -m 0644 $(wildcard jsontoyaml/transforms/*.py) $(DESTDIR)$(JSONTOYAML_PKG)/jsontoyaml/transforms/
	install -D -m 0644 $(DESCRIPTOR_SCHEMA) $(DESTDIR)$(JSONTOYAML_PKG)/$(DESCRIPTOR_SCHEMA)
	@for f in $(ARCH_OVERLAYS) $(ARCH_FACT_TSVS); do install -D -m 0644 $$f $(DESTDIR)$(JSONTOYAML_PKG)/$$f || exit 1; done
	sed -e 's|@PYTHON@|$(PYTHON)|' \
		-e "s|@BIN_TO_SHARE@|$$(realpath -m --relative-to='$(BINDIR)' '$(JSONTOYAML_PKG)')|" \
		scripts/jsontoyaml.in >$(DESTDIR)$(BINDIR)/jsontoyaml.tmp
	chmod 0755 $(DESTDIR)$(BINDIR)/jsontoyaml.tmp
	mv -f $(DESTDIR)$(BINDIR)/jsontoyaml.tmp $(DESTDIR)$(BINDIR)/jsontoyaml
INSTALL_TARGETS += install-jsontoyaml
INSTALLED_FILES += $(BINDIR)/jsontoyaml $(JSONTOYAML_PKG)/builtin-versions.tsv \
	$(addprefix $(JSONTOYAML_PKG)/,$(wildcard jsontoyaml/*.py \
	jsontoyaml/transforms/*.py) $(DESCRIPTOR_SCHEMA) $(ARCH_OVERLAYS) $(ARCH_FACT_TSVS))
.PHONY: install-jsontoyaml
