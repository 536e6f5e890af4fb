/*
 * SPDX-License-Identifier: MIT
 * bench_names.c: prints the event strings `make bench` feeds to both
 * libraries, one a line. Run it with LIBPFM_ENCODE_INACTIVE=1 against
 * libpfm4, so that both libraries get libpfm4's list.
 *
 *   bench_names events   "pmu::EVENT" for every event of every supported PMU,
 *                        then the bare "EVENT" names of the detected PMUs
 *   bench_names umasks   "pmu::EVENT:UMASK" for every umask of every event
 *                        ("pmu::EVENT" for events without umasks) of the
 *                        core PMUs: the strings showevtinfo -L lists for
 *                        them (uncore ones do not encode for perf_events
 *                        without the kernel's sysfs PMU)
 *   bench_names offcore  OFFCORE_RESPONSE strings of glm, skl and icl, each
 *                        a request and a response unit mask (every one
 *                        with ANY_RESPONSE, ANY_REQUEST with every one,
 *                        the others paired round the list), with and
 *                        without modifiers: those libpfm4 encodes under
 *                        PFM_OS_PERF_EVENT_EXT
 */
#include <stdio.h>
#include <string.h>

#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>

/* prints pmu::EVENT:UMASK per umask, or pmu::EVENT when there is none */
static void list_umasks(const pfm_pmu_info_t *p, const pfm_event_info_t *e)
{
	pfm_event_attr_info_t a;
	int i, n = 0;

	for (i = 0; i < e->nattrs; i++) {
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		if (pfm_get_event_attr_info(e->idx, i, PFM_OS_NONE, &a) != PFM_SUCCESS)
			continue;
		if (a.type != PFM_ATTR_UMASK)
			continue;
		printf("%s::%s:%s\n", p->name, e->name, a.name);
		n++;
	}
	if (!n)
		printf("%s::%s\n", p->name, e->name);
}

static void list_pmu(const pfm_pmu_info_t *p, int qualified, int umasks)
{
	pfm_event_info_t e;
	int idx;

	for (idx = p->first_event; idx != -1; idx = pfm_get_event_next(idx)) {
		memset(&e, 0, sizeof(e));
		e.size = sizeof(e);
		if (pfm_get_event_info(idx, PFM_OS_NONE, &e) != PFM_SUCCESS)
			continue;
		if (umasks)
			list_umasks(p, &e);
		else if (qualified)
			printf("%s::%s\n", p->name, e.name);
		else
			printf("%s\n", e.name);
	}
}

/* the PMUs and modifier suffixes of the offcore strings */
static const char *const offcore_pmus[] = { "glm", "skl", "icl" };
static const char *const offcore_mods[] = { "", ":u", ":k", ":c=1", ":u:c=2", ":i:c=1", ":e:c=1", ":k:u", ":t" };
#define NMODS (sizeof(offcore_mods) / sizeof(offcore_mods[0]))

/* prints pmu::ev:a[:b]<mods> when libpfm4 encodes it */
static void offcore_try(const char *pmu, const char *ev, const char *a, const char *b, const char *mods)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	char s[512];

	snprintf(s, sizeof(s), "%s::%s:%s%s%s%s", pmu, ev, a, b ? ":" : "", b ? b : "", mods);
	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	arg.attr = &attr;
	if (pfm_get_os_event_encoding(s, PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg) == PFM_SUCCESS)
		printf("%s\n", s);
}

/* the unit-mask names of event e, at most max of them, into um[]; their number */
static int umask_names(const pfm_event_info_t *e, char um[][64], int max)
{
	pfm_event_attr_info_t a;
	int n = 0;

	for (int i = 0; i < e->nattrs && n < max; i++) {
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		if (pfm_get_event_attr_info(e->idx, i, PFM_OS_NONE, &a) == PFM_SUCCESS && a.type == PFM_ATTR_UMASK)
			snprintf(um[n++], 64, "%s", a.name);
	}
	return n;
}

static void list_offcore(const pfm_pmu_info_t *p)
{
	static char um[256][64];
	pfm_event_info_t e;
	unsigned int k = 0;

	for (int idx = p->first_event; idx != -1; idx = pfm_get_event_next(idx)) {
		memset(&e, 0, sizeof(e));
		e.size = sizeof(e);
		if (pfm_get_event_info(idx, PFM_OS_NONE, &e) != PFM_SUCCESS || strncmp(e.name, "OFFCORE_RESPONSE", 16))
			continue;
		int n = umask_names(&e, um, 256);
		for (int i = 0; i < n; i++) {
			/* each with the any response, the any request with each, and each
			 * with another, a modifier suffix in turn */
			offcore_try(p->name, e.name, um[i], "ANY_RESPONSE", offcore_mods[k++ % NMODS]);
			offcore_try(p->name, e.name, "ANY_REQUEST", um[i], offcore_mods[k++ % NMODS]);
			offcore_try(p->name, e.name, um[i], um[(i * 7 + 3) % n], offcore_mods[k++ % NMODS]);
			offcore_try(p->name, e.name, um[i], NULL, offcore_mods[k++ % NMODS]);
		}
	}
}

int main(int argc, char **argv)
{
	pfm_pmu_info_t p;
	int pass, id, ret, umasks;

	if (argc != 2 || (strcmp(argv[1], "events") && strcmp(argv[1], "umasks") && strcmp(argv[1], "offcore"))) {
		fprintf(stderr, "usage: bench_names events|umasks|offcore\n");
		return 2;
	}
	umasks = !strcmp(argv[1], "umasks");

	ret = pfm_initialize();
	if (ret != PFM_SUCCESS) {
		fprintf(stderr, "bench_names: pfm_initialize: %s\n", pfm_strerror(ret));
		return 1;
	}
	if (!strcmp(argv[1], "offcore")) {
		for (size_t i = 0; i < sizeof(offcore_pmus) / sizeof(offcore_pmus[0]); i++)
			for (id = PFM_PMU_NONE; id < PFM_PMU_MAX; id++) {
				memset(&p, 0, sizeof(p));
				p.size = sizeof(p);
				if (pfm_get_pmu_info((pfm_pmu_t)id, &p) == PFM_SUCCESS && !strcmp(p.name, offcore_pmus[i]))
					list_offcore(&p);
			}
		pfm_terminate();
		return 0;
	}
	/* pass 0: every supported PMU, qualified; pass 1: detected PMUs, bare */
	for (pass = 0; pass < (umasks ? 1 : 2); pass++) {
		for (id = PFM_PMU_NONE; id < PFM_PMU_MAX; id++) {
			memset(&p, 0, sizeof(p));
			p.size = sizeof(p);
			if (pfm_get_pmu_info((pfm_pmu_t)id, &p) != PFM_SUCCESS)
				continue;
			if (umasks && p.type != PFM_PMU_TYPE_CORE)
				continue;
			if (pass == 0 || p.is_present)
				list_pmu(&p, pass == 0, umasks);
		}
	}
	pfm_terminate();
	return 0;
}
