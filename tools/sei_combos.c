/* SPDX-License-Identifier: MIT */
/* sei_combos.c: showevtinfo -M, every valid combination of an event's umasks. */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "showevtinfo.h"

/*
 * The name of a combination is built in a SEI_NAME_BUF buffer with a count
 * of free bytes, exactly as libpfm4's showevtinfo does: after every append
 * a NUL is stored at index (free - 1). While names stay under half the
 * buffer that NUL lies past the end of the string; beyond, it cuts the
 * string. The printed and validated names depend on it, so it is kept.
 */
struct combo_name {
	char buf[SEI_NAME_BUF];
	size_t room;
};

static void combo_append(struct combo_name *c, const char *s)
{
	size_t len = strlen(c->buf), add = strlen(s);

	if (c->room == 0)
		return;
	if (add > c->room - 1)
		add = c->room - 1;
	memcpy(c->buf + len, s, add);
	c->buf[len + add] = '\0';
	c->buf[c->room - 1] = '\0';
}

/* returns 0 and prints a warning when the umask does not fit */
static int combo_add_umask(struct combo_name *c, const char *umask)
{
	size_t n = strlen(umask);

	if (c->room < n + 1) {
		warnx("umasks combination too long for event %s", c->buf);
		return 0;
	}
	combo_append(c, ":");
	c->room--;
	combo_append(c, umask);
	c->room -= n;
	return 1;
}

/* prints evstr if it encodes (with its codes under -E) */
static void print_if_valid(const char *evstr, int ncols)
{
	if (sei.encode) {
		if (sei_print_codes(evstr, ncols) != 0)
			return;
	} else {
		uint64_t *codes = NULL;
		int count = 0;

		if (pfm_get_event_encoding(evstr, PFM_PLM0 | PFM_PLM3, NULL, NULL, &codes, &count) != PFM_SUCCESS)
			return;
		free(codes);
	}
	printf("%s\n", evstr);
}

/*
 * Walks the subsets of the event's attributes in increasing bit order
 * (bit i = attribute i). A subset counts only when all its members are
 * umasks; its name is checked by encoding it.
 */
static void walk_subsets(const pfm_pmu_info_t *p, const pfm_event_info_t *e,
			 const pfm_event_attr_info_t *attrs)
{
	/* a shift by 64 wraps to 1 on x86, as in libpfm4's build: nothing listed */
	uint64_t end = e->nattrs >= 64 ? 1 : UINT64_C(1) << e->nattrs;
	uint64_t set;

	for (set = 1; set < end; set++) {
		struct combo_name c;
		uint64_t rest = set;
		int bit = 0, len;

		len = snprintf(c.buf, sizeof(c.buf), "%s::%s", p->name, e->name);
		if (len >= (int)sizeof(c.buf)) {
			warnx("event name too long%s", e->name);
			return;
		}
		c.room = sizeof(c.buf) - (size_t)len;

		for (; rest; rest >>= 1, bit++) {
			if (!(rest & 1))
				continue;
			if (attrs[bit].type != PFM_ATTR_UMASK)
				break;
			if (!combo_add_umask(&c, attrs[bit].name))
				break;
		}
		if (rest == 0)
			print_if_valid(c.buf, p->max_encoding);
	}
}

void sei_print_combos(const pfm_event_info_t *e)
{
	pfm_event_attr_info_t *attrs;
	pfm_pmu_info_t p;
	unsigned int umasks = 0;
	int i, ret;

	memset(&p, 0, sizeof(p));
	p.size = sizeof(p);
	if (pfm_get_pmu_info(e->pmu, &p) != PFM_SUCCESS)
		errx(1, "cannot get PMU info");

	attrs = calloc(e->nattrs > 0 ? e->nattrs : 1, sizeof(*attrs));
	if (!attrs)
		err(1, "event %s : ", e->name);

	for (i = 0; i < e->nattrs; i++) {
		attrs[i].size = sizeof(attrs[i]);
		ret = pfm_get_event_attr_info(e->idx, i, sei.os, &attrs[i]);
		if (ret != PFM_SUCCESS)
			errx(1, "cannot get attribute info: %s", pfm_strerror(ret));
		if (attrs[i].type == PFM_ATTR_UMASK)
			umasks++;
	}

	if (umasks > sei.combo_limit) {
		warnx("event %s has too many umasks to print all combinations, dropping to simple enumeration", e->name);
		free(attrs);
		sei_print_compact(e);
		return;
	}

	if (umasks == 0) {
		char buf[SEI_NAME_BUF];

		snprintf(buf, sizeof(buf) - 1, "%s::%s", p.name, e->name);
		if (!sei.encode || sei_print_codes(buf, p.max_encoding) == 0)
			printf("%s\n", buf);
	} else if (e->nattrs > 64) {
		warnx("too many umasks, cannot show all combinations for event %s", e->name);
	} else {
		walk_subsets(&p, e, attrs);
	}
	free(attrs);
}
