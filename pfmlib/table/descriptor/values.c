/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/values.c - the descriptor's lists of names that become
 * bits: an event's or a umask's `flags`, and `perf_attrs` (names of the
 * perf_events attribute list, table/perf_attrs.c).
 */
#include <string.h>
#include "table/descriptor/sections.h"
#include "table/perf_attrs.h"

/* flag names and bits; raw_name only for events */
static const struct { const char *name; uint8_t bit; int event_only; } flag_names[] = {
	{ "compat", PP_F_COMPAT, 0 },
	{ "deprecated", PP_F_DEPRECATED, 0 },
	{ "experimental", PP_F_EXPERIMENTAL, 0 },
	{ "raw_name", PP_F_RAW_NAME, 1 },
};

static int flag_bit(const char *s, int raw_name_ok)
{
	for (size_t i = 0; s && i < sizeof(flag_names) / sizeof(flag_names[0]); i++)
		if (!strcmp(s, flag_names[i].name) && (raw_name_ok || !flag_names[i].event_only))
			return flag_names[i].bit;
	return 0;
}

int pp_rd_flags(struct pp_reader *l, yaml_node_t *n, uint8_t *flags, int raw_name_ok)
{
	if (pp_rd_is_null(n))
		return 0;
	if (pp_rd_want(l, n, YAML_SEQUENCE_NODE, "'flags'"))
		return -1;
	for (size_t i = 0; i < pp_rd_nitems(n); i++) {
		yaml_node_t *e = pp_rd_item(l, n, i);
		const char *s = pp_rd_scalar(e);
		int bit = flag_bit(s, raw_name_ok);
		if (!bit)
			return pp_rd_fail(l, e, "unknown flag '%s' (compat, deprecated, experimental%s)",
					  s ? s : "?", raw_name_ok ? ", raw_name" : "");
		*flags |= (uint8_t)bit;
	}
	return 0;
}

int pp_rd_perf_attrs(struct pp_reader *l, yaml_node_t *n, uint32_t *out)
{
	*out = 0;
	if (pp_rd_is_null(n))
		return 0;
	if (pp_rd_want(l, n, YAML_SEQUENCE_NODE, "'perf_attrs'"))
		return -1;
	for (size_t i = 0; i < pp_rd_nitems(n); i++) {
		yaml_node_t *e = pp_rd_item(l, n, i);
		const char *s = pp_rd_scalar(e);
		int a;
		for (a = 0; s && a < PP_PA_COUNT; a++)
			if (!strcmp(s, pp_perf_attrs[a].name))
				break;
		if (!s || a == PP_PA_COUNT)
			return pp_rd_fail(l, e, "unknown perf_events attribute '%s'", s ? s : "?");
		*out |= 1u << a;
	}
	return 0;
}
