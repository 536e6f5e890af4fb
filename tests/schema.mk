# SPDX-License-Identifier: MIT
# tests/schema.mk: check-schema, every reader of PMU descriptors knows exactly
# the keys of schema/descriptor.yaml: tests/schema/run.py varies a small
# descriptor key by key for the C loader and peek (tests/schema/probe.c,
# built from the reader's sources under ASan+UBSan) and jsontoyaml's
# validate.py, and checks the generated header and docs/schema.md.
SCHEMA_T_SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

$(B)/bin/schema_probe: tests/schema/probe.c $(LOADER_SRCS) $(LOADER_HDRS) $(SCHEMA_H)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(SCHEMA_T_SAN) -o $@ tests/schema/probe.c $(LOADER_SRCS) -lyaml

check-schema: $(B)/bin/schema_probe
	@mkdir -p $(B)/check
	@$(PYTHON) tests/schema/run.py $(B)/bin/schema_probe --results $(B)/check/results

CHECKS += check-schema
.PHONY: check-schema
