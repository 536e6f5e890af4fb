# SPDX-License-Identifier: MIT
# man3/module.mk: the man pages (included by the top Makefile).
# Hand-written pages are man3/*.3 (MAN3_SRC; pfm_terminate.3 is a .so link
# to pfm_initialize.3). One page per PMU model, libpfm_<pmu>.3, is generated
# from the converter's descriptors into $(MAN3_GEN_DIR) by
# gen/man3/gen_pmu_pages.py; $(MAN3_GEN_STAMP) stands for that set of pages.
# `make man` builds them; man3 is not part of `all`.

MAN3_SRC       := $(sort $(wildcard man3/*.3))
MAN3_GEN_DIR   := $(B)/man3
MAN3_GEN_STAMP := $(MAN3_GEN_DIR)/.stamp
MAN3_GEN_DEPS  := gen/man3/gen_pmu_pages.py gen/man3/pmu_page.py gen/man3/roff.py include/perfmon/pfmlib.h
MAN_PAGES      := $(MAN3_SRC) $(MAN3_GEN_STAMP)
YAML_STAMP     ?= $(B)/yaml/.stamp

.PHONY: man
man: $(MAN_PAGES)

# --prune: a PMU that disappeared from $(B)/yaml loses its page
$(MAN3_GEN_STAMP): $(MAN3_GEN_DEPS) $(YAML_STAMP)
	@mkdir -p $(@D)
	@echo "  MAN3     $(MAN3_GEN_DIR)"
	@$(PYTHON) gen/man3/gen_pmu_pages.py -o $(MAN3_GEN_DIR) --prune \
		--header include/perfmon/pfmlib.h -q $(B)/yaml
	@touch $@

# make install: hand-written and generated section-3 pages (pfm_terminate.3
# stays a .so link to pfm_initialize.3) and jsontoyaml(1) into $(MANDIR)
MANDIR ?= $(PREFIX)/share/man
install-man: $(MAN_PAGES) man1/jsontoyaml.1
	install -d $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(MANDIR)/man1
	install -m 0644 $(MAN3_SRC) $(MAN3_GEN_DIR)/libpfm_*.3 $(DESTDIR)$(MANDIR)/man3/
	install -m 0644 man1/jsontoyaml.1 $(DESTDIR)$(MANDIR)/man1/
INSTALL_TARGETS += install-man
INSTALLED_FILES += $(MANDIR)/man1/jsontoyaml.1 \
	$(addprefix $(MANDIR)/man3/,$(notdir $(MAN3_SRC) $(wildcard $(MAN3_GEN_DIR)/libpfm_*.3)))
.PHONY: install-man
