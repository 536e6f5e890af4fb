/*
 * SPDX-License-Identifier: MIT
 * info.h - what the library says about PMUs, events and attributes, each
 * call made with a zeroed struct of the right size, and the perf type
 * this host's sysfs gives a kernel PMU. info.c uses only libpfm4 4.13's
 * API, so the programs built against the installed header compile it too
 * (TL_ORACLE_SRCS, tests/lib.mk).
 */
#ifndef TL_INFO_H
#define TL_INFO_H

#include <stddef.h>
#include <perfmon/pfmlib.h>

/* pfm_initialize, then every PMU id below PFM_PMU_MAX asked for its
 * description (a plugin's events are read at their first use, so a refusal
 * of them is said then); pfm_initialize's return */
int tl_init_and_describe(void);

/* pfm_get_pmu_info(pmu) into *pi */
int tl_pmu_info(int pmu, pfm_pmu_info_t *pi);

/* the pfm_pmu_t of the PMU called name (its info in *pi), or -1 */
int tl_pmu_named(const char *name, pfm_pmu_info_t *pi);

/* the PMU called name exists and is present */
int tl_pmu_present(const char *name);

/* pfm_get_event_info(idx, os) into *ei */
int tl_event_info(int idx, pfm_os_t os, pfm_event_info_t *ei);

/* the pfm_pmu_t of event idx (pfm_get_event_info's pmu), or -1 */
int tl_event_pmu(int idx);

/* pfm_get_event_attr_info(idx, aidx, os) into *ai */
int tl_attr_info(int idx, int aidx, pfm_os_t os, pfm_event_attr_info_t *ai);

/* number of attributes of event idx under os, -1 on error */
int tl_nattrs(int idx, pfm_os_t os);

/* name of attribute aidx of event idx under os, into buf ("" on error) */
const char *tl_attr_name(int idx, int aidx, pfm_os_t os, char *buf, size_t n);

/* /sys/bus/event_source/devices/<pmu>/type, or dflt when unreadable */
unsigned int tl_sysfs_type(const char *pmu, unsigned int dflt);

#endif
