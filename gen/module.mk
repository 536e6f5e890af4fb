# SPDX-License-Identifier: MIT
# gen/module.mk — the rules of the generators whose output the library
# compiles (gen/README.md): tablegen (gen/tablegen/, a host tool built with
# the library's descriptor reader) turns every YAML descriptor into
# $(B)/gen/pp_builtin.c; gen/schema/gen_schema_h.py writes the descriptor
# schema's keys as $(B)/gen/pp_schema.h for the C readers (whatever compiles
# the reader, LOADER_SRCS, depends on $(SCHEMA_H)); gen/hostdata/gen-hostdata.py
# writes arch/*/host.yaml's host-identity facts as $(B)/gen/pp_hostdata.c.
# Included by the top Makefile after jsontoyaml/module.mk (DESCRIPTOR_SCHEMA,
# YAML_STAMP) and before pfmlib/module.mk, which links $(GEN_OBJS) into the
# library and names $(SCHEMA_H) among its headers.

# the schema's C header (enums, key tables, lookups)
SCHEMA_H      := $(B)/gen/pp_schema.h
# the library's YAML reader of descriptors and what it needs: compiled into
# tablegen here, and into the reader's own tests and fuzzers
LOADER_SRCS   := $(wildcard pfmlib/table/descriptor/*.c) pfmlib/table/builder.c pfmlib/table/format.c \
		 pfmlib/table/perf_attrs.c pfmlib/util/file.c
LOADER_HDRS   := $(wildcard pfmlib/table/*.h pfmlib/table/descriptor/*.h)
TABLEGEN_SRCS := gen/tablegen/tablegen.c gen/tablegen/tablegen_compact.c gen/tablegen/tablegen_detect.c \
		 gen/tablegen/cwrite.c $(LOADER_SRCS)
TABLEGEN      := $(B)/bin/tablegen
# the generated objects the library links
GEN_OBJS      := $(B)/obj/gen/pp_builtin.o $(B)/obj/gen/pp_hostdata.o
YAML_STAMP    ?= $(B)/yaml/.stamp

$(SCHEMA_H): $(DESCRIPTOR_SCHEMA) gen/schema/gen_schema_h.py jsontoyaml/schema.py
	@mkdir -p $(@D)
	@echo "  GEN      $@"
	@$(PYTHON) gen/schema/gen_schema_h.py $(DESCRIPTOR_SCHEMA) $@

$(TABLEGEN): $(TABLEGEN_SRCS) gen/tablegen/tablegen_compact.h gen/tablegen/tablegen_detect.h gen/tablegen/cwrite.h $(LOADER_HDRS) $(SCHEMA_H)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -o $@ $(TABLEGEN_SRCS) -lyaml

# every descriptor the converter produced, in a stable order
$(B)/gen/pp_builtin.c: $(TABLEGEN) $(YAML_STAMP)
	@mkdir -p $(@D)
	@echo "  TABLEGEN $@"
	@$(TABLEGEN) -o $@ $$(find $(B)/yaml -name '*.yaml' | LC_ALL=C sort)

$(B)/obj/gen/pp_builtin.o: $(B)/gen/pp_builtin.c pfmlib/table/table.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -O0 -fPIC -c -o $@ $<

# host-identity facts of arch/*/host.yaml
HOSTDATA_YAML := $(sort $(wildcard arch/*/host.yaml))
$(B)/gen/pp_hostdata.c: gen/hostdata/gen-hostdata.py $(HOSTDATA_YAML)
	@mkdir -p $(@D)
	$(PYTHON) gen/hostdata/gen-hostdata.py $@ $(HOSTDATA_YAML)

$(B)/obj/gen/pp_hostdata.o: $(B)/gen/pp_hostdata.c pfmlib/host/hostdata.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -O2 -fPIC -c -o $@ $<
