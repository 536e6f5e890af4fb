# SPDX-License-Identifier: MIT
# tools/module.mk: build rules of tools/ (included by the top Makefile)
#
# build/bin/showevtinfo, build/bin/check_events: linked against our
#   $(LIBPFM_SO), found at run time through the rpath $ORIGIN/../lib.
# build/tools-sys/bin/{showevtinfo,check_events}: the same sources built
#   against the installed libpfm4 (its header and -lpfm), used by the
#   differential test of tests/tools.mk to prove the tools themselves.

TOOLS_NAMES      := showevtinfo check_events
TOOLS_SRC_showevtinfo  := showevtinfo.c sei_filters.c sei_detail.c sei_compact.c sei_combos.c sei_json.c pmu_walk.c
TOOLS_SRC_check_events := check_events.c pmu_walk.c tl/encode.c tl/print.c
# tl/X.c is tests/lib/X.c: an encoding and its printed forms (check_events -P),
# shared with the test programs; both variants compile it with their header

TOOLS_OBJ_DIR     := $(B)/obj/tools
TOOLS_SYS_OBJ_DIR := $(B)/obj/tools-sys
TOOLS_SYS_BIN     := $(B)/tools-sys/bin

TOOLS_BINS     := $(addprefix $(B)/bin/,$(TOOLS_NAMES))
TOOLS_SYS_BINS := $(addprefix $(TOOLS_SYS_BIN)/,$(TOOLS_NAMES))

# the system variant must see /usr/include/perfmon, not ours
TOOLS_SYS_CFLAGS = $(filter-out -Iinclude,$(TOOL_CFLAGS))

.PHONY: tools tools-sys
tools: $(TOOLS_BINS)
tools-sys: $(TOOLS_SYS_BINS)

$(TOOLS_OBJ_DIR)/%.o: tools/%.c
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -Itests/lib -MMD -MP -c -o $@ $<

$(TOOLS_SYS_OBJ_DIR)/%.o: tools/%.c
	@mkdir -p $(@D)
	$(CC) $(TOOLS_SYS_CFLAGS) -Itests/lib -MMD -MP -c -o $@ $<

$(TOOLS_OBJ_DIR)/tl/%.o: tests/lib/%.c
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -Itests/lib -MMD -MP -c -o $@ $<

$(TOOLS_SYS_OBJ_DIR)/tl/%.o: tests/lib/%.c
	@mkdir -p $(@D)
	$(CC) $(TOOLS_SYS_CFLAGS) -Itests/lib -MMD -MP -c -o $@ $<

# one link rule per tool and variant (no .SECONDEXPANSION: it would leak
# into the modules included after this one)
TOOLS_OBJS_showevtinfo      := $(addprefix $(TOOLS_OBJ_DIR)/,$(TOOLS_SRC_showevtinfo:.c=.o))
TOOLS_OBJS_check_events     := $(addprefix $(TOOLS_OBJ_DIR)/,$(TOOLS_SRC_check_events:.c=.o))
TOOLS_SYS_OBJS_showevtinfo  := $(addprefix $(TOOLS_SYS_OBJ_DIR)/,$(TOOLS_SRC_showevtinfo:.c=.o))
TOOLS_SYS_OBJS_check_events := $(addprefix $(TOOLS_SYS_OBJ_DIR)/,$(TOOLS_SRC_check_events:.c=.o))

TOOLS_LINK     = @mkdir -p $(@D) && echo "  LD      $@" && $(CC) $(TOOL_CFLAGS) -o $@ $(filter %.o,$^) $(LIBPFM_SO) -Wl,-rpath,'$$ORIGIN/../lib'
TOOLS_SYS_LINK = @mkdir -p $(@D) && echo "  LD      $@" && $(CC) $(TOOLS_SYS_CFLAGS) -o $@ $^ -lpfm

$(B)/bin/showevtinfo: $(TOOLS_OBJS_showevtinfo) $(LIBPFM_SO)
	$(TOOLS_LINK)
$(B)/bin/check_events: $(TOOLS_OBJS_check_events) $(LIBPFM_SO)
	$(TOOLS_LINK)
$(TOOLS_SYS_BIN)/showevtinfo: $(TOOLS_SYS_OBJS_showevtinfo)
	$(TOOLS_SYS_LINK)
$(TOOLS_SYS_BIN)/check_events: $(TOOLS_SYS_OBJS_check_events)
	$(TOOLS_SYS_LINK)

-include $(wildcard $(TOOLS_OBJ_DIR)/*.d $(TOOLS_SYS_OBJ_DIR)/*.d $(TOOLS_OBJ_DIR)/tl/*.d $(TOOLS_SYS_OBJ_DIR)/tl/*.d)

# make install: the tools into $(BINDIR); their rpath $ORIGIN/../lib finds
# the library installed by install-lib when LIBDIR is $(PREFIX)/lib
BINDIR ?= $(PREFIX)/bin
install-tools: $(TOOLS_BINS)
	install -d $(DESTDIR)$(BINDIR)
	install -m 0755 $(TOOLS_BINS) $(DESTDIR)$(BINDIR)/
INSTALL_TARGETS += install-tools
INSTALLED_FILES += $(addprefix $(BINDIR)/,$(notdir $(TOOLS_BINS)))
.PHONY: install-tools
