/*
 * SPDX-License-Identifier: MIT
 * info.c - the info calls of info.h (and pfm_initialize followed by every
 * PMU's description) and the sysfs type of a kernel PMU.
 */
#include <stdio.h>
#include <string.h>
#include "info.h"

int tl_pmu_info(int pmu, pfm_pmu_info_t *pi)
{
	memset(pi, 0, sizeof(*pi));
	pi->size = sizeof(*pi);
	return pfm_get_pmu_info((pfm_pmu_t)pmu, pi);
}

int tl_init_and_describe(void)
{
	int r = pfm_initialize();
	pfm_pmu_info_t pi;
	for (int id = 0; r == PFM_SUCCESS && id < PFM_PMU_MAX; id++)
		tl_pmu_info(id, &pi);
	return r;
}

int tl_pmu_named(const char *name, pfm_pmu_info_t *pi)
{
	for (int id = 0; id < PFM_PMU_MAX; id++)
		if (tl_pmu_info(id, pi) == PFM_SUCCESS && pi->name && !strcmp(pi->name, name))
			return id;
	memset(pi, 0, sizeof(*pi));
	return -1;
}

int tl_pmu_present(const char *name)
{
	pfm_pmu_info_t pi;
	return tl_pmu_named(name, &pi) >= 0 && pi.is_present;
}

int tl_event_info(int idx, pfm_os_t os, pfm_event_info_t *ei)
{
	memset(ei, 0, sizeof(*ei));
	ei->size = sizeof(*ei);
	return pfm_get_event_info(idx, os, ei);
}

int tl_event_pmu(int idx)
{
	pfm_event_info_t ei;
	return tl_event_info(idx, PFM_OS_NONE, &ei) == PFM_SUCCESS ? (int)ei.pmu : -1;
}

int tl_nattrs(int idx, pfm_os_t os)
{
	pfm_event_info_t ei;
	return tl_event_info(idx, os, &ei) == PFM_SUCCESS ? ei.nattrs : -1;
}

int tl_attr_info(int idx, int aidx, pfm_os_t os, pfm_event_attr_info_t *ai)
{
	memset(ai, 0, sizeof(*ai));
	ai->size = sizeof(*ai);
	return pfm_get_event_attr_info(idx, aidx, os, ai);
}

const char *tl_attr_name(int idx, int aidx, pfm_os_t os, char *buf, size_t n)
{
	pfm_event_attr_info_t ai;
	buf[0] = '\0';
	if (tl_attr_info(idx, aidx, os, &ai) == PFM_SUCCESS)
		snprintf(buf, n, "%s", ai.name);
	return buf;
}

unsigned int tl_sysfs_type(const char *pmu, unsigned int dflt)
{
	char path[512];
	unsigned int type = dflt;
	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
	FILE *f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%u", &type) != 1)
			type = dflt;
		fclose(f);
	}
	return type;
}
