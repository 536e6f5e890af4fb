/* SPDX-License-Identifier: MIT */
/* sei_compact.c: showevtinfo's list mode (-L, -E, -D, -N): one line per event or umask. */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "showevtinfo.h"

/*
 * -E columns: encodes evstr with the legacy pfm_get_event_encoding() and
 * prints ncols code columns, each followed by the separator (empty columns
 * past the encoding's length). Returns 0 when printed, -1 when the string
 * does not encode. An unknown event ends the program, as in libpfm4.
 */
int sei_print_codes(const char *evstr, int ncols)
{
	uint64_t *codes = NULL;
	int i, count = 0, ret;

	ret = pfm_get_event_encoding(evstr, PFM_PLM0 | PFM_PLM3, NULL, NULL, &codes, &count);
	if (ret == PFM_ERR_NOTFOUND)
		errx(1, "encoding failed, try setting env variable LIBPFM_ENCODE_INACTIVE=1");
	if (ret != PFM_SUCCESS)
		return -1;

	for (i = 0; i < ncols; i++) {
		if (i < count)
			printf("0x%" PRIx64, codes[i]);
		fputs(sei.sep, stdout);
	}
	free(codes);
	return 0;
}

/* "pmu::event[:umask]" with the optional -D description column */
static void print_line(const char *evstr, const char *edesc, int is_umask, const char *udesc)
{
	fputs(evstr, stdout);
	if (sei.with_desc) {
		fputs(sei.sep, stdout);
		if (is_umask)
			printf("\"%s. %s.\"", edesc, udesc);
		else
			printf("\"%s.\"", edesc);
	}
	putchar('\n');
}

void sei_print_compact(const pfm_event_info_t *e)
{
	pfm_event_attr_info_t a;
	pfm_pmu_info_t p;
	char buf[SEI_NAME_BUF];
	int i, ret, umasks = 0;

	memset(&p, 0, sizeof(p));
	p.size = sizeof(p);
	ret = pfm_get_pmu_info(e->pmu, &p);
	if (ret != PFM_SUCCESS)
		errx(1, "cannot get pmu info: %s", pfm_strerror(ret));

	if (sei.names_only) {
		if (sei.encode)
			printf("0x%-10" PRIx64, e->code);
		printf("%s\n", e->name);
		return;
	}

	/* one line per umask that passes the -F filters */
	for (i = 0; i < e->nattrs; i++) {
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		ret = pfm_get_event_attr_info(e->idx, i, sei.os, &a);
		if (ret != PFM_SUCCESS)
			errx(1, "cannot get attribute info: %s", pfm_strerror(ret));
		if (a.type != PFM_ATTR_UMASK || !sei_umask_passes(&a))
			continue;

		snprintf(buf, sizeof(buf) - 1, "%s::%s:%s", p.name, e->name, a.name);
		if (!sei.encode || sei_print_codes(buf, p.max_encoding) == 0)
			print_line(buf, e->desc, 1, a.desc);
		umasks++;
	}
	if (umasks)
		return;

	/* no umask listed: the event itself, if it passes the filters */
	if (!sei_event_passes(e))
		return;
	snprintf(buf, sizeof(buf) - 1, "%s::%s", p.name, e->name);
	if (sei.encode && sei_print_codes(buf, p.max_encoding) != 0)
		return;
	print_line(buf, e->desc, 0, NULL);
}
