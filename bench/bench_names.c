/*
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
 */
#include <stdio.h>
#include <string.h>

#include <perfmon/pfmlib.h>

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

int main(int argc, char **argv)
{
	pfm_pmu_info_t p;
	int pass, id, ret, umasks;

	if (argc != 2 || (strcmp(argv[1], "events") && strcmp(argv[1], "umasks"))) {
		fprintf(stderr, "usage: bench_names events|umasks\n");
		return 2;
	}
	umasks = !strcmp(argv[1], "umasks");

	ret = pfm_initialize();
	if (ret != PFM_SUCCESS) {
		fprintf(stderr, "bench_names: pfm_initialize: %s\n", pfm_strerror(ret));
		return 1;
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
