/*
 * SPDX-License-Identifier: MIT
 * event/lookup.h - names in a PMU's tables: events and whole-name aliases
 * through the generated hash index, unit masks by name or alias.
 */
#ifndef PP_EVENT_LOOKUP_H
#define PP_EVENT_LOOKUP_H

#include <stddef.h>
#include "registry/registry.h"

/*
 * Look name[0..len) up in pmu's name index. Returns the event number within
 * the PMU (0..nevents-1) and sets *alias NULL, or returns -1 and sets *alias
 * to the alias record when the name is an alias, or returns -1 with *alias
 * NULL when unknown.
 */
int pp_lookup_name(const struct pp_pmu_rt *pmu, const char *name, size_t len,
		   const struct pp_alias **alias);

/* umask of event ev named name[0..len) (name or alias), absolute index, or -1 */
int pp_lookup_umask(const struct pp_pmu_rt *pmu, const struct pp_event *ev,
		    const char *name, size_t len);

/* the libpfm4 equivalent string of unit mask ui (absolute), or NULL */
static inline const char *pp_umask_equiv(const struct pp_pmu_rt *pmu, uint32_t ui)
{
	pp_str_t s = pmu->t->umasks[ui].equiv;
	return s ? pp_str(pmu->t, s) : NULL;
}

#endif /* PP_EVENT_LOOKUP_H */
