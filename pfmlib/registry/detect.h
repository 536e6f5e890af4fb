/*
 * registry/detect.h - which PMUs are present on this host: each host
 * identity makes the PMUs of its best-matching table present (hybrid
 * parts: one per core type), architectural fallbacks when no model table
 * matches, and core types whose sysfs PMU is missing dropped.
 */
#ifndef PP_REGISTRY_DETECT_H
#define PP_REGISTRY_DETECT_H

#include "host/host.h"
#include "registry/registry.h"

/* set is_present on the PMUs of list[0..n) that host's identities select */
void pp_detect(struct pp_pmu_rt *list, int n, const struct pp_host *host);

/* one of rt's match patterns matches one of host's identities */
int pp_detect_matches_host(const struct pp_pmu_rt *rt, const struct pp_host *host);

#endif /* PP_REGISTRY_DETECT_H */
