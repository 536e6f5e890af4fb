# SPDX-License-Identifier: MIT
# pmuplug top-level Makefile: all, run, check, bench, install, clean. Each
# directory contributes rules through its own module.mk.

PREFIX    ?= /usr/local
DESTDIR   ?=
PYTHON    ?= /usr/bin/python3
CC        ?= gcc
B         := build
# perf's arch tree: extracted from linux-source-6.12 unless PMU_EVENTS_ARCH is given
PMU_EVENTS_ARCH ?= $(B)/perf-arch

CFLAGS_COMMON := -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Iinclude -Ipfmlib -I$(B)/gen
CFLAGS    ?= -O2 -g
LIB_CFLAGS = $(CFLAGS_COMMON) $(CFLAGS) -fPIC -fvisibility=hidden
TOOL_CFLAGS = $(CFLAGS_COMMON) $(CFLAGS)

LIBPFM_SO_REAL := $(B)/lib/libpfm.so.4.13.0
LIBPFM_SO      := $(B)/lib/libpfm.so.4
LIBPFM_A       := $(B)/lib/libpfm.a

.PHONY: all run check bench install uninstall clean deps data yaml lib tools tests
all: lib tools

deps:
	@scripts/deps.sh

# check-* targets registered by modules; `make check` runs them in order
# (but those in CHECKS_SKIP, which make sanitize sets)
CHECKS :=
CHECKS_SKIP ?=
# install-* targets registered by modules; `make install` runs them all.
# INSTALLED_FILES: what they install (paths without DESTDIR; expanded when
# `install` runs, after them), recorded in INSTALL_MANIFEST for `make uninstall`
INSTALL_TARGETS :=
INSTALLED_FILES =
INSTALL_MANIFEST = $(PREFIX)/share/pmuplug/installed-files

include scripts/module.mk
include jsontoyaml/module.mk
include gen/module.mk
include pfmlib/module.mk
include tools/module.mk
include tests/module.mk
include bench/module.mk
include man3/module.mk
include papi/module.mk
include fuzz/module.mk

# late-bound so every module's INSTALL_TARGETS are known
install: $(INSTALL_TARGETS)
	@scripts/installed.sh record $(DESTDIR)$(INSTALL_MANIFEST) $(INSTALLED_FILES) $(INSTALL_MANIFEST)
	@echo "  Run ldconfig (as root) so that programs find $(LIBDIR)/libpfm.so.4 before the system's libpfm4."

# removes what the manifest of `make install` (same PREFIX and DESTDIR) lists
uninstall:
	@scripts/installed.sh remove "$(DESTDIR)" $(INSTALL_MANIFEST)
	@echo "  Run ldconfig (as root) so that programs find the system's libpfm4 again."

run: deps
	@$(MAKE) --no-print-directory all
	@scripts/run-demo.sh

check: deps
	@$(MAKE) --no-print-directory all
	@rm -f $(B)/check/results
	@$(MAKE) --no-print-directory -k $(filter-out $(CHECKS_SKIP),$(CHECKS)) ; st=$$? ; scripts/summarize-checks.sh $(B)/check $$st ; exit $$st

clean:
	rm -rf $(B)
