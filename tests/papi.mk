# SPDX-License-Identifier: MIT
# tests/papi.mk: PAPI on top of our library (tests/papi/papi-integration.sh)
$(B)/bin/papi_count: tests/papi/papi_count.c
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O1 -Wall -Wextra -o $@ $< -lpapi

check-papi: $(LIBPFM_SO) $(B)/bin/papi_count
	@tests/papi/papi-integration.sh $(B)/lib $(B)/bin/papi_count

CHECKS += check-papi
.PHONY: check-papi
