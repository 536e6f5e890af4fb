# SPDX-License-Identifier: MIT
# papi/module.mk: PAPI preset tables from arch/*/papi/*.yaml (papi/README.md).
#   $(B)/papi/papi_events.pmuplug.csv  our blocks only
#   $(B)/papi/papi_events.csv          PAPI's installed table + our blocks for
#                                      the CPUs it lacks (PAPI_CSV_EVENT_FILE)
# make install puts both in $(PREFIX)/share/pmuplug and the pmuplug-papi
# wrapper in $(BINDIR) (man1/pmuplug-papi.1).
PAPI_PRESET_DATA := $(sort $(wildcard arch/*/papi/*.yaml))
# the installed PAPI's table (Debian's papi-tools / libpapi), if any
PAPI_EVENTS_CSV  ?= $(firstword $(sort $(wildcard /usr/share/papi/*/papi_events.csv)))
PAPI_OURS        := $(B)/papi/papi_events.pmuplug.csv
PAPI_MERGED      := $(B)/papi/papi_events.csv
PAPI_SHARE        = $(PREFIX)/share/pmuplug

# a newer PAPI's blocks (facts) and its terms that do not encode as <pmu>::<term>
PAPI_UPSTREAM_DATA := tests/papi/papi-upstream-presets.tsv tests/papi/papi-upstream-accepted.tsv

# the build's converted tables ($(YAML_DIR): report.txt, descriptors) say
# which core PMUs are named by rule; they get the presets of arch/*/papi's
# rule groups whose terms their own tables have
$(PAPI_OURS): gen/papi/presets.py $(PAPI_PRESET_DATA) $(PAPI_UPSTREAM_DATA) $(YAML_STAMP)
	@mkdir -p $(@D)
	@$(PYTHON) gen/papi/presets.py table --arch arch --upstream tests/papi/papi-upstream-presets.tsv \
		--accepted tests/papi/papi-upstream-accepted.tsv --yaml $(YAML_DIR) -o $@

$(PAPI_MERGED): gen/papi/presets.py $(PAPI_OURS) $(PAPI_EVENTS_CSV)
	@$(PYTHON) gen/papi/presets.py merge --papi "$(PAPI_EVENTS_CSV)" --ours $(PAPI_OURS) -o $@

papi-tables: $(PAPI_OURS) $(PAPI_MERGED)
all: papi-tables

# the generator's own tests (forms, refusals, merge)
check-papi-data: gen/papi/presets.py gen/papi/test_presets.py tests/papi/upstream_facts.py tests/lib/unittest_suite.py
	@$(PYTHON) tests/lib/unittest_suite.py papi-data --results $(B)/check/results --log $(B)/check/papi-data.log \
		gen/papi/test_presets.py

# every native event of our table (the PMUs by rule too) encodes with our library
check-papi-terms: $(LIBPFM_SO) $(PFMDUMP) $(PAPI_OURS)
	@mkdir -p $(B)/check
	@$(PYTHON) papi/check_terms.py --lib $(B)/lib --pfmdump $(PFMDUMP) --arch arch \
		--yaml $(YAML_DIR) --upstream tests/papi/papi-upstream-presets.tsv \
		$(if $(PAPI_EVENTS_CSV),--papi-csv $(PAPI_EVENTS_CSV)) --results $(B)/check/results

# papi_avail -a on our library with the merged table, under several CPU identities
check-papi-avail: $(LIBPFM_SO) $(PAPI_MERGED)
	@papi/papi-avail.sh $(B)/lib $(PAPI_MERGED) $(B)

# a newer PAPI's blocks for our PMUs (tests/papi/papi-upstream-presets.tsv): every
# term encodes with our library, and where PAPI 7.0 has no block our table
# carries the newer block's presets
check-papi-upstream: $(LIBPFM_SO) $(PFMDUMP) $(PAPI_OURS) tests/papi/check_upstream.py papi/check_terms.py \
		$(PAPI_UPSTREAM_DATA)
	@mkdir -p $(B)/check
	@$(PYTHON) tests/papi/check_upstream.py --lib $(B)/lib --pfmdump $(PFMDUMP) --ours $(PAPI_OURS) --arch arch \
		--results $(B)/check/results

install-papi: $(PAPI_OURS) $(PAPI_MERGED) papi/pmuplug-papi.in man1/pmuplug-papi.1
	install -d $(DESTDIR)$(PAPI_SHARE) $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 0644 $(PAPI_OURS) $(PAPI_MERGED) $(DESTDIR)$(PAPI_SHARE)/
	install -m 0644 man1/pmuplug-papi.1 $(DESTDIR)$(MANDIR)/man1/
	sed -e 's|@PAPI_TABLE@|$(PAPI_SHARE)/papi_events.csv|g' papi/pmuplug-papi.in >$(DESTDIR)$(BINDIR)/pmuplug-papi.tmp
	chmod 0755 $(DESTDIR)$(BINDIR)/pmuplug-papi.tmp
	mv -f $(DESTDIR)$(BINDIR)/pmuplug-papi.tmp $(DESTDIR)$(BINDIR)/pmuplug-papi

CHECKS += check-papi-data check-papi-terms check-papi-avail check-papi-upstream
INSTALL_TARGETS += install-papi
INSTALLED_FILES += $(PAPI_SHARE)/papi_events.pmuplug.csv $(PAPI_SHARE)/papi_events.csv $(BINDIR)/pmuplug-papi \
	$(MANDIR)/man1/pmuplug-papi.1
.PHONY: papi-tables check-papi-data check-papi-terms check-papi-avail check-papi-upstream install-papi
