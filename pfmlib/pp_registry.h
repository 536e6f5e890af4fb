/*
 * pp_registry.h - set-up and tear-down of the PMU registry, and the hooks
 * through which plugin tables join it.
 */
#ifndef PP_REGISTRY_H
#define PP_REGISTRY_H

#include "pp_table.h"

int pp_registry_init(void);
void pp_registry_fini(void);
/* add PMU pmu_index of table t (which must outlive the registry); origin names it in messages */
int pp_registry_add(const struct pp_table *t, uint32_t pmu_index, const char *origin);
/* PMUs pfm_get_pmu_info reports as not supported */
struct pp_pmu_rt;
int pp_pmu_hidden(const struct pp_pmu_rt *pmu);

/* does a perf-mapfile-style pattern match one of this host's identities? */
int pp_registry_host_matches(const char *pattern);

/* plugins (pp_plugins.c): load every plugin file into the registry, and free them */
int pp_plugins_load(void);
void pp_plugins_unload(void);

#endif /* PP_REGISTRY_H */
