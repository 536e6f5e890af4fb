# SPDX-License-Identifier: MIT
# tests/hosts.mk: check-hosts, the host-sensitive checks (detection, the demo,
# uncore against libpfm4 4.13 on the same kernel, PAPI) on every simulated
# host of tests/hosts/hosts.tsv (tests/hosts/run.sh, tests/hosts/sandbox.sh).
# Appends "hosts: N passed, N failed" to $(B)/check/results.
check-hosts: $(LIBPFM_SO) $(PFMDUMP) tools $(HOSTS_DEPS) tests/hosts/run.sh scripts/host-pmus.py scripts/run-demo.sh
	@mkdir -p $(B)/check
	@PYTHON=$(PYTHON) tests/hosts/run.sh $(B) $(PFMDUMP)

CHECKS += check-hosts
.PHONY: check-hosts
