# SPDX-License-Identifier: MIT
# tests/install.mk: `make install` into a DESTDIR tree under $(B), as a user
# would install system-wide (PREFIX=/usr/local), then `make uninstall`
# (tests/install/check-install.sh).
check-install: all $(B)/bin/compat_4_13 man
	@tests/install/check-install.sh "$(MAKE)" $(B) "PMU_EVENTS_ARCH=$(PMU_EVENTS_ARCH)"

CHECKS += check-install
.PHONY: check-install
