/* SPDX-License-Identifier: MIT */
/* sei_filters.c: showevtinfo's -F flag filters on events and umasks. */
#include <string.h>
#include <strings.h>

#include "showevtinfo.h"

/*
 * -F takes a comma separated list. "precise"/"pebs" keep precise events
 * and precise umasks, "default"/"dfl" keep default umasks; other words
 * are silently ignored, as libpfm4's showevtinfo does.
 */
void sei_parse_filters(char *list)
{
	char *word = list;

	while (word) {
		char *comma = strchr(word, ',');

		if (comma)
			*comma++ = '\0';
		if (!strcasecmp(word, "precise") || !strcasecmp(word, "pebs")) {
			sei.only_precise_events = 1;
			sei.only_precise_umasks = 1;
		} else if (!strcasecmp(word, "default") || !strcasecmp(word, "dfl")) {
			sei.only_dfl_umasks = 1;
		}
		word = comma;
	}
}

/* with no umask filter everything passes, otherwise any requested flag does */
int sei_umask_passes(const pfm_event_attr_info_t *a)
{
	if (!sei.only_dfl_umasks && !sei.only_precise_umasks)
		return 1;
	return (sei.only_dfl_umasks && a->is_dfl) ||
	       (sei.only_precise_umasks && a->is_precise);
}

/*
 * An event passes when it has no umask at all or when one of its
 * attributes (any kind, checked in order) passes the umask filter.
 */
int sei_event_passes(const pfm_event_info_t *e)
{
	pfm_event_attr_info_t a;
	int i, umasks = 0;

	if (sei.only_precise_events && !e->is_precise)
		return 0;

	for (i = 0; i < e->nattrs; i++) {
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		if (pfm_get_event_attr_info(e->idx, i, sei.os, &a) != PFM_SUCCESS)
			continue;
		if (sei_umask_passes(&a))
			return 1;
		if (a.type == PFM_ATTR_UMASK)
			umasks++;
	}
	return umasks == 0;
}
