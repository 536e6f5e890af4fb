/*
 * SPDX-License-Identifier: MIT
 * papi_count.c - counts native events through PAPI's own API (Debian's
 * libpapi), the way papi_command_line does, with an optional counting
 * domain for the event set:
 *
 *   papi_count [--domain=user|all] EVENT...
 *
 * Each event gets its own event set (its component's), is started around
 * a short busy loop and read. Prints "EVENT: <count>" or "EVENT: failed:
 * <step>: <PAPI error>" per event; exit status 0 when every count is
 * positive. PAPI's perf_event components set exclude_kernel from the event
 * set's domain unless the string gives :k=, so an event of a PMU without
 * privilege filtering (msr::tsc, which the kernel refuses any exclude_*
 * for) counts only in the domain "all".
 */
#include <stdio.h>
#include <string.h>
#include <papi.h>

static volatile unsigned long sink;

static int count_one(const char *name)
{
	int es = PAPI_NULL, code, r;
	long long v = 0;
	const char *step = "PAPI_event_name_to_code";
	if ((r = PAPI_event_name_to_code(name, &code)) != PAPI_OK)
		goto fail;
	step = "PAPI_create_eventset";
	if ((r = PAPI_create_eventset(&es)) != PAPI_OK)
		goto fail;
	step = "PAPI_assign_eventset_component";
	if ((r = PAPI_assign_eventset_component(es, PAPI_get_event_component(code))) != PAPI_OK)
		goto fail;
	step = "PAPI_add_event";
	if ((r = PAPI_add_event(es, code)) != PAPI_OK)
		goto fail;
	step = "PAPI_start";
	if ((r = PAPI_start(es)) != PAPI_OK)
		goto fail;
	for (unsigned long i = 0; i < 20000000UL; i++)
		sink += i;
	step = "PAPI_stop";
	if ((r = PAPI_stop(es, &v)) != PAPI_OK)
		goto fail;
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	printf("%s: %lld\n", name, v);
	return v > 0;
fail:
	printf("%s: failed: %s: %s\n", name, step, PAPI_strerror(r));
	if (es != PAPI_NULL) {
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
	}
	return 0;
}

int main(int argc, char **argv)
{
	int domain = 0, ok = 1, a = 1;
	if (a < argc && !strncmp(argv[a], "--domain=", 9)) {
		domain = !strcmp(argv[a] + 9, "all") ? PAPI_DOM_ALL : PAPI_DOM_USER;
		a++;
	}
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("PAPI_library_init failed\n");
		return 2;
	}
	/* the default domain of new event sets (PAPI_set_opt(PAPI_DOMAIN) on one
	 * set first opens a hardware event to check permissions, which a host
	 * without a core PMU refuses) */
	if (domain && PAPI_set_domain(domain) != PAPI_OK) {
		printf("PAPI_set_domain failed\n");
		return 2;
	}
	for (; a < argc; a++)
		ok &= count_one(argv[a]);
	PAPI_shutdown();
	return ok ? 0 : 1;
}
