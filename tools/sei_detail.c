/* SPDX-License-Identifier: MIT */
/* sei_detail.c: showevtinfo's default output, one "#-----" block per event. */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "showevtinfo.h"

/* who controls an attribute, indexed by pfm_attr_ctrl_t */
static const char *const ctrl_names[] = { "???", "PMU", "perf_event" };

/* prints "[flag] " per set flag, or the given text when none is set */
static void print_flags(int dfl, int precise, int hw_smpl, int spec, const char *none)
{
	int shown = 0;

	if (dfl) {
		fputs("[default] ", stdout);
		shown = 1;
	}
	if (precise) {
		fputs("[precise] ", stdout);
		shown = 1;
	}
	if (hw_smpl) {
		fputs("[hw_smpl] ", stdout);
		shown = 1;
	}
	if (spec != PFM_EVENT_INFO_SPEC_NA) {
		fputs(spec == PFM_EVENT_INFO_SPEC_TRUE ? "[speculative] " : "[non-speculative] ", stdout);
		shown = 1;
	}
	if (!shown)
		fputs(none, stdout);
}

static void print_attr(const pfm_event_info_t *e, int i, int *umasks, int *mods)
{
	pfm_event_attr_info_t a;
	const char *ctrl;
	int ret;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	ret = pfm_get_event_attr_info(e->idx, i, sei.os, &a);
	if (ret != PFM_SUCCESS)
		errx(1, "cannot retrieve event %s attribute info: %s", e->name, pfm_strerror(ret));

	if ((unsigned int)a.ctrl >= PFM_ATTR_CTRL_MAX) {
		warnx("event: %s has unsupported attribute source %d", e->name, a.ctrl);
		a.ctrl = PFM_ATTR_CTRL_UNKNOWN;
	}
	ctrl = ctrl_names[a.ctrl];

	if (a.type == PFM_ATTR_UMASK) {
		if (!sei_umask_passes(&a))
			return;
		printf("Umask-%02u : 0x%02" PRIx64 " : %s : [%s] : ", *umasks, a.code, ctrl, a.name);
		print_flags(a.is_dfl, a.is_precise, a.support_hw_smpl, a.is_speculative, "None ");
		if (a.equiv)
			printf(": Alias to %s\n", a.equiv);
		else
			printf(": %s\n", a.desc);
		(*umasks)++;
	} else if (a.type == PFM_ATTR_MOD_BOOL || a.type == PFM_ATTR_MOD_INTEGER) {
		printf("Modif-%02u : 0x%02" PRIx64 " : %s : [%s] : %s (%s)\n", *mods, a.code, ctrl,
		       a.name, a.desc, a.type == PFM_ATTR_MOD_BOOL ? "boolean" : "integer");
		(*mods)++;
	} else {
		/* libpfm4 prints name before source on this line: kept as is */
		printf("Attr-%02u  : 0x%02" PRIx64 " : %s : [%s] : %s\n", i, a.code, a.name, ctrl, a.desc);
	}
}

void sei_print_detail(const pfm_event_info_t *e)
{
	pfm_pmu_info_t p;
	int i, ret, umasks = 0, mods = 0;

	if (sei.names_only) {
		printf("%s\n", e->name);
		return;
	}
	if (!sei_event_passes(e))
		return;

	memset(&p, 0, sizeof(p));
	p.size = sizeof(p);
	ret = pfm_get_pmu_info(e->pmu, &p);
	if (ret != PFM_SUCCESS)
		errx(1, "cannot get pmu info: %s", pfm_strerror(ret));

	printf("#-----------------------------\n");
	printf("IDX\t : %d\n", e->idx);
	printf("PMU name : %s (%s)\n", p.name, p.desc);
	printf("Name     : %s\n", e->name);
	printf("Equiv\t : %s\n", e->equiv ? e->equiv : "None");
	printf("Flags    : ");
	print_flags(0, e->is_precise, e->support_hw_smpl, e->is_speculative, "None");
	putchar('\n');
	printf("Desc     : %s\n", e->desc ? e->desc : "no description available");
	printf("Code     : 0x%" PRIx64 "\n", e->code);

	for (i = 0; i < e->nattrs; i++)
		print_attr(e, i, &umasks, &mods);
}
