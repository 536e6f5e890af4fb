# tests/papi.mk: PAPI on top of our library (tests/papi/papi-integration.sh)
check-papi: $(LIBPFM_SO)
	@tests/papi/papi-integration.sh $(B)/lib

CHECKS += check-papi
.PHONY: check-papi
