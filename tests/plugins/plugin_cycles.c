/*
 * plugin_cycles.c - repeated pfm_initialize/pfm_terminate cycles with
 * plugins loaded, refused and overriding, in turn with none at all: every
 * cycle initialises and encodes as expected (so nothing of a previous cycle
 * survives), and, run under valgrind or LeakSanitizer by run.sh, nothing
 * leaks. usage: plugin_cycles N GOOD_DIR BAD_DIR OVERRIDE_DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptest.h"

#define PLM03 (PFM_PLM0 | PFM_PLM3)

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: %s N GOOD_DIR BAD_DIR OVERRIDE_DIR\n", argv[0]);
		return 2;
	}
	int n = atoi(argv[1]), bad_init = 0, bad_enc = 0;
	char all[3 * 4096 + 4];
	snprintf(all, sizeof(all), "%s:%s:%s", argv[2], argv[3], argv[4]);
	for (int i = 0; i < n; i++) {
		int with = i % 2 == 0;	/* odd cycles: no plugins at all */
		pt_env_reset();
		pt_env("LIBPFM_ENCODE_INACTIVE", "1");
		pt_env("LIBPFM_PLUGIN_PATH", with ? all : NULL);
		int r = pfm_initialize();
		if (r != PFM_SUCCESS || pfm_initialize() != PFM_SUCCESS)	/* second call: no-op */
			bad_init++;
		uint64_t q, g;
		int count;
		int rq = pt_none("qk_q1::WIDGET_OPS:LOADS", PFM_PLM3, &q, &count);
		int rg = pt_none("glm::ISSUE_SLOTS_NOT_CONSUMED:RESOURCE_FULL", PLM03, &g, &count);
		int ok = with ? rq == PFM_SUCCESS && q == 0x510142 && rg == PFM_SUCCESS && (g & 0xff) == 0xee
			      : rq == PFM_ERR_NOTFOUND && rg == PFM_SUCCESS && (g & 0xff) == 0xca;
		if (!ok) {
			bad_enc++;
			printf("  cycle %d (%s plugins): qk_q1 %d 0x%llx, glm %d 0x%llx\n", i,
			       with ? "with" : "without", rq, (unsigned long long)q, rg,
			       (unsigned long long)g);
		}
		pfm_terminate();
		pfm_terminate();	/* second call: no-op */
	}
	char name[128];
	snprintf(name, sizeof(name), "%d init/terminate cycles: pfm_initialize always succeeds", n);
	pt_check(name, n > 0 && !bad_init, "%d failed", bad_init);
	snprintf(name, sizeof(name), "%d cycles: plugin and override present exactly when loaded", n);
	pt_check(name, n > 0 && !bad_enc, "%d cycles encoded wrongly", bad_enc);
	int r = pt_none("qk_q1::WIDGET_OPS", PFM_PLM3, &(uint64_t){ 0 }, &(int){ 0 });
	pt_check("after pfm_terminate the library answers PFM_ERR_NOINIT", r == PFM_ERR_NOINIT, "r=%d", r);
	return pt_summary("plugin_cycles");
}
