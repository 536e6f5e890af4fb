# SPDX-License-Identifier: MIT
# pfmlib/module.mk: the library, one folder per stage (pfmlib/README.md).
# tablegen (host tool, gen/tablegen/, gen/README.md) turns every YAML
# descriptor into $(B)/gen/pp_builtin.c; every pfmlib/*/*.c and
# pfmlib/*/*/*.c is a library source. The descriptor schema's keys reach the C readers
# (pfmlib/table/descriptor/, tablegen) as $(B)/gen/pp_schema.h, generated
# from schema/descriptor.yaml; whatever compiles the reader (LOADER_SRCS)
# depends on $(SCHEMA_H).
# Outputs: $(LIBPFM_SO_REAL) + soname links, $(LIBPFM_A), and
# $(LIBPFM_ASAN_A) (the same sources under ASan+UBSan, for tests).

# the schema's C header (enums, key tables, lookups; gen/schema/gen_schema_h.py)
SCHEMA_H      := $(B)/gen/pp_schema.h
# the YAML reader and what it needs, for tablegen and the reader's own tests
LOADER_SRCS   := $(wildcard pfmlib/table/descriptor/*.c) pfmlib/table/builder.c pfmlib/table/format.c \
		 pfmlib/table/perf_attrs.c pfmlib/util/file.c
LOADER_HDRS   := $(wildcard pfmlib/table/*.h pfmlib/table/descriptor/*.h)
TABLEGEN_SRCS := gen/tablegen/tablegen.c gen/tablegen/tablegen_compact.c gen/tablegen/tablegen_detect.c gen/tablegen/cwrite.c $(LOADER_SRCS)
TABLEGEN      := $(B)/bin/tablegen
LIB_SRCS      := $(wildcard pfmlib/*/*.c pfmlib/*/*/*.c)
GEN_OBJS      := $(B)/obj/gen/pp_builtin.o $(B)/obj/gen/pp_hostdata.o
LIB_OBJS      := $(patsubst pfmlib/%.c,$(B)/obj/pfmlib/%.o,$(LIB_SRCS)) $(GEN_OBJS)
ASAN_OBJS     := $(patsubst pfmlib/%.c,$(B)/obj/asan/%.o,$(LIB_SRCS)) $(GEN_OBJS)
LIBPFM_ASAN_A := $(B)/asan/libpfm.a
LIB_HDRS      := $(wildcard pfmlib/*/*.h pfmlib/*/*/*.h include/perfmon/*.h) $(SCHEMA_H)
PLUGIN_DIR    ?= $(PREFIX)/share/pmuplug/plugins
LIB_DEFS      := -DPP_PLUGIN_DIR='"$(PLUGIN_DIR)"'
SAN_FLAGS     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
YAML_STAMP    ?= $(B)/yaml/.stamp

lib: $(LIBPFM_SO) $(B)/lib/libpfm.so $(LIBPFM_A)

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

# host-identity facts of arch/*/host.yaml (gen/hostdata/gen-hostdata.py)
HOSTDATA_YAML := $(sort $(wildcard arch/*/host.yaml))
$(B)/gen/pp_hostdata.c: gen/hostdata/gen-hostdata.py $(HOSTDATA_YAML)
	@mkdir -p $(@D)
	$(PYTHON) gen/hostdata/gen-hostdata.py $@ $(HOSTDATA_YAML)

$(B)/obj/gen/pp_hostdata.o: $(B)/gen/pp_hostdata.c pfmlib/host/hostdata.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -O2 -fPIC -c -o $@ $<

$(B)/obj/gen/pp_builtin.o: $(B)/gen/pp_builtin.c pfmlib/table/table.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -O0 -fPIC -c -o $@ $<

# the plugin directory is compiled in: objects are rebuilt when it changes
LIB_DEFS_STAMP := $(B)/obj/lib-defs.txt
$(LIB_DEFS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo "PLUGIN_DIR=$(PLUGIN_DIR)" | cmp -s - $@ || echo "PLUGIN_DIR=$(PLUGIN_DIR)" > $@
FORCE:
.PHONY: FORCE

$(B)/obj/pfmlib/%.o: pfmlib/%.c $(LIB_HDRS) $(LIB_DEFS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(LIB_CFLAGS) $(LIB_DEFS) -c -o $@ $<

$(B)/obj/asan/%.o: pfmlib/%.c $(LIB_HDRS) $(LIB_DEFS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -O1 -g -fPIC $(SAN_FLAGS) $(LIB_DEFS) -c -o $@ $<

# -nostartfiles: the library has no constructors, destructors, atexit
# handlers or thread-local data, so the compiler's crt files add nothing but
# imports the loader must resolve at start-up (__cxa_finalize, and the weak
# _ITM_*TMCloneTable and __gmon_start__ that nothing defines, each a failed
# search of every loaded object); check-exports fails if the library gains
# an .init_array/.fini_array entry that would need them.
$(LIBPFM_SO_REAL): $(LIB_OBJS) pfmlib/api/libpfm.map
	@mkdir -p $(@D)
	$(CC) -shared -nostartfiles -Wl,-soname,libpfm.so.4 -Wl,--version-script=pfmlib/api/libpfm.map \
		-Wl,-z,relro -Wl,-z,now -o $@ $(LIB_OBJS)

$(LIBPFM_SO): $(LIBPFM_SO_REAL)
	ln -sf $(notdir $<) $@

$(B)/lib/libpfm.so: $(LIBPFM_SO)
	ln -sf libpfm.so.4 $@

$(LIBPFM_A): $(LIB_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(LIBPFM_ASAN_A): $(ASAN_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# installation of the library and its headers (make install PREFIX=... DESTDIR=...)
LIBDIR ?= $(PREFIX)/lib
INCDIR ?= $(PREFIX)/include
install-lib: lib
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCDIR)/perfmon $(DESTDIR)$(PLUGIN_DIR)
	install -m 0755 $(LIBPFM_SO_REAL) $(DESTDIR)$(LIBDIR)/
	ln -sf libpfm.so.4.13.0 $(DESTDIR)$(LIBDIR)/libpfm.so.4
	ln -sf libpfm.so.4 $(DESTDIR)$(LIBDIR)/libpfm.so
	install -m 0644 $(LIBPFM_A) $(DESTDIR)$(LIBDIR)/
	install -m 0644 include/perfmon/*.h $(DESTDIR)$(INCDIR)/perfmon/
INSTALL_TARGETS += install-lib
INSTALLED_FILES += $(addprefix $(LIBDIR)/,libpfm.so.4.13.0 libpfm.so.4 libpfm.so libpfm.a) \
	$(patsubst include/%,$(INCDIR)/%,$(wildcard include/perfmon/*.h))
.PHONY: install-lib

# the layout rules of pfmlib/README.md, on the sources and the objects
check-layout: $(LIB_OBJS)
	@$(PYTHON) scripts/check-layout.py pfmlib $(B)/obj/pfmlib $(B)/check/results
CHECKS += check-layout
.PHONY: check-layout
