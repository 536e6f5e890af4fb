# SPDX-License-Identifier: MIT
# tests/lazyyaml.mk: check-lazy-yaml, libyaml loaded by the library on first
# use only (pfmlib/util/yaml_lib.c): libpfm.so.4 needs libc alone, a process
# without plugins never maps libyaml (tests/lazyyaml/run.sh).
check-lazy-yaml: $(LIBPFM_SO) $(B)/bin/showevtinfo
	@tests/lazyyaml/run.sh $(B)

CHECKS += check-lazy-yaml
.PHONY: check-lazy-yaml
