# SPDX-License-Identifier: MIT
# tests/man.mk: check-man, the man-page suite (man3/check_man.py): groff
# -man -ww -z clean pages, a page per exported function, every environment
# variable the library reads in libpfm.3, a page per PMU descriptor, and
# the page generator's unit tests. Included from tests/module.mk.
ifndef TESTS_MAN_MK
TESTS_MAN_MK := 1

check-man: man
	@mkdir -p $(B)/check
	@$(PYTHON) man3/check_man.py --src man3 --gen $(MAN3_GEN_DIR) --yaml $(B)/yaml \
		--map pfmlib/api/libpfm.map --lib-src pfmlib --results $(B)/check/results

CHECKS += check-man
.PHONY: check-man

endif
