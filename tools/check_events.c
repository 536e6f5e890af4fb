/*
 * SPDX-License-Identifier: MIT
 * check_events.c: shows how a libpfm4-compatible library encodes event
 * strings. Output and exit codes follow libpfm4 4.13's example program of
 * the same name: the supported and detected PMU models, then for each
 * argument the requested and fully qualified event, its PMU, index and raw
 * codes (PFM_OS_NONE). Without arguments, when the perf_events generic PMU
 * is present, PERF_COUNT_HW_CPU_CYCLES and PERF_COUNT_HW_INSTRUCTIONS.
 *
 * pmuplug addition: a first argument "-P" also prints, after each event's
 * Codes line, the perf_event_attr of its PFM_OS_PERF_EVENT_EXT encoding.
 * Without -P the output is libpfm4's, byte for byte.
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <perfmon/pfmlib.h>

#include "print.h"	/* tests/lib: the encoding and its field list */
#include "pmu_walk.h"

static const char *const default_events[] = {
	"PERF_COUNT_HW_CPU_CYCLES",
	"PERF_COUNT_HW_INSTRUCTIONS",
	NULL
};

static int perf_generic_present(void)
{
	pfm_pmu_info_t p;

	memset(&p, 0, sizeof(p));
	p.size = sizeof(p);
	return pfm_get_pmu_info(PFM_PMU_PERF_EVENT, &p) == PFM_SUCCESS && p.is_present;
}

/*
 * Encodes one string with PFM_OS_NONE into enc, whose codes array is kept
 * from one event to the next and regrown when the library says it is too
 * small. Returns the fully qualified string (to free); errors end the run.
 */
static char *encode_raw(const char *evstr, pfm_pmu_encode_arg_t *enc)
{
	for (;;) {
		char *fstr = NULL;
		int ret;

		enc->fstr = &fstr;
		ret = pfm_get_os_event_encoding(evstr, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, enc);
		if (ret == PFM_SUCCESS)
			return fstr;
		free(fstr);
		if (ret == PFM_ERR_TOOSMALL) {
			free(enc->codes);
			enc->codes = NULL;
			enc->count = 0;
			continue;
		}
		if (ret == PFM_ERR_NOTFOUND && strstr(evstr, "::"))
			errx(1, "%s: try setting LIBPFM_ENCODE_INACTIVE=1", pfm_strerror(ret));
		errx(1, "cannot encode event %s: %s", evstr, pfm_strerror(ret));
	}
}

static void check_one(const char *evstr, pfm_pmu_encode_arg_t *enc, int with_perf)
{
	pfm_event_info_t e;
	pfm_pmu_info_t p;
	char *fstr;
	int i, ret;

	fstr = encode_raw(evstr, enc);

	memset(&e, 0, sizeof(e));
	e.size = sizeof(e);
	ret = pfm_get_event_info(enc->idx, PFM_OS_NONE, &e);
	if (ret != PFM_SUCCESS)
		errx(1, "cannot get event info: %s", pfm_strerror(ret));

	memset(&p, 0, sizeof(p));
	p.size = sizeof(p);
	ret = pfm_get_pmu_info(e.pmu, &p);
	if (ret != PFM_SUCCESS)
		errx(1, "cannot get PMU info: %s", pfm_strerror(ret));

	printf("Requested Event: %s\n", evstr);
	printf("Actual    Event: %s\n", fstr);
	printf("PMU            : %s\n", p.desc);
	printf("IDX            : %d\n", enc->idx);
	printf("Codes          :");
	for (i = 0; i < enc->count; i++)
		printf(" 0x%" PRIx64, enc->codes[i]);
	putchar('\n');
	free(fstr);

	if (with_perf) {
		struct tl_perf x;
		ret = tl_perf(evstr, PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &x);
		if (ret != PFM_SUCCESS)
			errx(1, "cannot encode event %s for perf_events: %s", evstr, pfm_strerror(ret));
		tl_print_perf_fields(stdout, &x);
	}
}

int main(int argc, char **argv)
{
	pfm_pmu_encode_arg_t enc;
	const char *const *events;
	int with_perf = 0, ret;

	if (argc > 1 && !strcmp(argv[1], "-P")) {
		with_perf = 1;
		argv++;
		argc--;
	}

	ret = pfm_initialize();
	if (ret != PFM_SUCCESS)
		errx(1, "cannot initialize library: %s\n", pfm_strerror(ret));

	pmu_walk_print_models(0);

	if (argc < 2 && perf_generic_present())
		events = default_events;
	else
		events = (const char *const *)argv + 1;
	if (!*events)
		errx(1, "you must pass at least one event");

	memset(&enc, 0, sizeof(enc));
	for (; *events; events++)
		check_one(*events, &enc, with_perf);

	free(enc.codes);
	return 0;
}
