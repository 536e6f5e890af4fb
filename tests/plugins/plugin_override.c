/*
 * plugin_override.c - a plugin with `override: true`, the name and the id of
 * a built-in PMU (glm, made by mkoverride.py with ISSUE_SLOTS_NOT_CONSUMED's
 * code 0xca changed to 0xee) replaces that PMU: its event encodes with the
 * new code, the rest of the PMU is unchanged, no PMU is added, detection
 * still works, and the built-in comes back once the plugin is gone.
 * usage: plugin_override PLUGIN_DIR (holding the glm override)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptest.h"

#define GLM 202
#define PLM03 (PFM_PLM0 | PFM_PLM3)
#define EVENT "glm::ISSUE_SLOTS_NOT_CONSUMED:RESOURCE_FULL"
#define OTHER "glm::INST_RETIRED:ANY_P"

struct facts {
	int init, enc, other_enc, npmus, nevents, present, validate;
	uint64_t code, other, info_code;
};

static void gather(struct facts *f)
{
	int count;
	memset(f, 0, sizeof(*f));
	f->enc = pt_none(EVENT, PLM03, &f->code, &count);
	f->other_enc = pt_none(OTHER, PLM03, &f->other, &count);
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		pfm_pmu_info_t pi;
		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		if (pfm_get_pmu_info(id, &pi) != PFM_SUCCESS)
			continue;
		f->npmus++;
		if (id == GLM) {
			f->nevents = pi.nevents;
			f->present = pi.is_present;
		}
	}
	pfm_event_info_t ei;
	memset(&ei, 0, sizeof(ei));
	ei.size = sizeof(ei);
	int idx = pfm_find_event(EVENT);
	if (idx >= 0 && pfm_get_event_info(idx, PFM_OS_NONE, &ei) == PFM_SUCCESS)
		f->info_code = ei.code;
	FILE *devnull = fopen("/dev/null", "w");
	f->validate = pfm_pmu_validate(GLM, devnull);
	if (devnull)
		fclose(devnull);
}

/* pfm_initialize with these plugins, forced PMU, identity and LIBPFM_ENCODE_INACTIVE, gather the facts, pfm_terminate */
static void init_and_gather(const char *dir, const char *force, const char *cpuid, int inactive, struct facts *f,
			    char **log)
{
	pt_env_reset();
	pt_env("LIBPFM_PLUGIN_PATH", dir);
	pt_env("LIBPFM_FORCE_PMU", force);
	pt_env("LIBPFM_CPUID", cpuid);
	pt_env("LIBPFM_ENCODE_INACTIVE", inactive ? "1" : NULL);
	int r = pt_init_logged(log);
	gather(f);
	f->init = r;
	pfm_terminate();
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s PLUGIN_DIR\n", argv[0]);
		return 2;
	}
	const char *dir = argv[1];
	struct facts base, ov, back, inact, det;
	char *log;

	init_and_gather(NULL, "glm", NULL, 0, &base, &log);
	free(log);
	pt_check("built-in glm: ISSUE_SLOTS_NOT_CONSUMED has code 0xca",
		 base.init == PFM_SUCCESS && base.enc == PFM_SUCCESS && (base.code & 0xff) == 0xca &&
		 base.info_code == 0xca, "init=%d enc=%d code=0x%llx info=0x%llx", base.init, base.enc,
		 (unsigned long long)base.code, (unsigned long long)base.info_code);

	init_and_gather(dir, "glm", NULL, 0, &ov, &log);
	pt_check("override: verbose output says the plugin file replaced built-in glm",
		 pt_log_has(log, "glm.yaml", "PMU 'glm' overrides the built-in one", NULL), "log:\n%s", log);
	free(log);
	pt_check("override: pfm_initialize succeeds", ov.init == PFM_SUCCESS, "r=%d", ov.init);
	pt_check("override: the event encodes with the plugin's code 0xee, other bits unchanged",
		 ov.enc == PFM_SUCCESS && ov.code == ((base.code & ~0xffull) | 0xee),
		 "enc=%d code=0x%llx base=0x%llx", ov.enc, (unsigned long long)ov.code,
		 (unsigned long long)base.code);
	pt_check("override: pfm_get_event_info reports code 0xee", ov.info_code == 0xee,
		 "code=0x%llx", (unsigned long long)ov.info_code);
	pt_check("override: another event of the PMU keeps its encoding",
		 ov.other_enc == PFM_SUCCESS && ov.other == base.other, "enc=%d 0x%llx vs 0x%llx",
		 ov.other_enc, (unsigned long long)ov.other, (unsigned long long)base.other);
	pt_check("override: same number of PMUs and of glm events, glm still forced present",
		 ov.npmus == base.npmus && ov.nevents == base.nevents && ov.present,
		 "pmus %d/%d events %d/%d present %d", ov.npmus, base.npmus, ov.nevents, base.nevents,
		 ov.present);
	pt_check("override: pfm_pmu_validate accepts the replaced table", ov.validate == PFM_SUCCESS,
		 "r=%d", ov.validate);

	init_and_gather(NULL, "glm", NULL, 0, &back, &log);
	free(log);
	pt_check("after pfm_terminate and pfm_initialize without the plugin, code 0xca is back",
		 back.enc == PFM_SUCCESS && back.code == base.code && back.info_code == 0xca,
		 "code=0x%llx", (unsigned long long)back.code);

	init_and_gather(dir, NULL, "AuthenticAMD-25-1-0", 1, &inact, &log);
	free(log);
	pt_check("override under LIBPFM_ENCODE_INACTIVE on a Zen 3 host (glm not present): code 0xee",
		 inact.enc == PFM_SUCCESS && inact.code == ov.code && !inact.present,
		 "enc=%d code=0x%llx present=%d", inact.enc, (unsigned long long)inact.code,
		 inact.present);

	init_and_gather(dir, NULL, "GenuineIntel-6-5C-9", 0, &det, &log);
	pt_check("override detected by glm's identity: glm present, code 0xee",
		 det.init == PFM_SUCCESS && det.present && det.enc == PFM_SUCCESS && det.code == ov.code &&
		 pt_log_has(log, "PMU glm detected", NULL), "present=%d enc=%d code=0x%llx log:\n%s",
		 det.present, det.enc, (unsigned long long)det.code, log);
	free(log);
	return pt_summary("plugin_override");
}
