/*
 * plugin_refuse.c - unusable plugin files are refused one by one, each with
 * a LIBPFM_VERBOSE message naming the file (file:line for parse errors) and
 * the reason, while pfm_initialize succeeds, every built-in PMU is exactly as
 * without plugins and the good plugin of the same directory works. The
 * directory is prepared by tests/plugins/run.sh (fixtures/plugins/bad, plus
 * the unsafe files it makes). usage: plugin_refuse DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ptest.h"

/* file in DIR, what its line must also say (":line:" for parse errors) */
static const struct { const char *file, *where, *reason; int header; } refused[] = {
	{ "syntax.yaml", ":18:", "did not find expected ',' or '}'", 0 },
	{ "truncated.yaml", ":19:", "did not find expected ',' or '}'", 0 },
	{ "schema2.yaml", ":2:", "schema version 2 is not supported", 1 },
	{ "unknown-key.yaml", ":14:", "unknown key 'dsec'", 0 },
	{ "not-a-descriptor.yaml", ":2:", "not a PMU descriptor", 1 },
	{ "dup-id.yaml", "", "PMU id 202 is already used by 'glm'", 0 },
	{ "name-taken.yaml", "", "PMU 'glm' already exists", 0 },
	{ "override-id.yaml", "", "must keep its id 202", 1 },
	{ "oversized.yaml", "", "too large", 1 },
	{ "group-writable.yaml", "", "writable by group or others", 1 },
	{ "other-writable.yaml", "", "writable by group or others", 1 },
	{ "foreign-owner.yaml", "", "owned by another user", 1 },
	{ "symlink.yaml", "", "a symbolic link", 1 },
	{ "directory.yaml", "", "a directory", 1 },
};
/* PMUs the refused or ignored files would have added */
static const char *const absent[] = {
	"qk_syntax", "qk_trunc", "qk_schema2", "qk_typo", "qk_dupid", "qk_gw", "qk_ow", "qk_fo",
	"qk_ln", "qk_hidden", "qk_yml",
};

/* what a program sees of every PMU: name, events, the encoding of its first event */
struct pmu_facts {
	char name[64];
	int nevents, enc;
	uint64_t code;
};
static struct pmu_facts base[PFM_PMU_MAX], cur[PFM_PMU_MAX];

static int snapshot(struct pmu_facts *f)
{
	int n = 0;
	memset(f, 0, sizeof(base));
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		pfm_pmu_info_t pi;
		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		if (pfm_get_pmu_info(id, &pi) != PFM_SUCCESS)
			continue;
		n++;
		snprintf(f[id].name, sizeof(f[id].name), "%s", pi.name);
		f[id].nevents = pi.nevents;
		pfm_event_info_t ei;
		memset(&ei, 0, sizeof(ei));
		ei.size = sizeof(ei);
		if (pi.first_event >= 0 && pfm_get_event_info(pi.first_event, PFM_OS_NONE, &ei) == PFM_SUCCESS) {
			char ev[256];
			int count;
			snprintf(ev, sizeof(ev), "%s::%s", pi.name, ei.name);
			f[id].enc = pt_none(ev, PFM_PLM0 | PFM_PLM3, &f[id].code, &count);
		}
	}
	return n;
}

static int exists(const char *dir, const char *file)
{
	char p[4096];
	struct stat st;
	snprintf(p, sizeof(p), "%s/%s", dir, file);
	return !lstat(p, &st);
}

static void check_refusals(const char *dir, const char *log, int header_only, const char *mode)
{
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		char name[256], where[4096];
		if (header_only && !refused[i].header)
			continue;
		snprintf(name, sizeof(name), "%s: %s refused: %s", mode, refused[i].file, refused[i].reason);
		if (!exists(dir, refused[i].file)) {
			printf("skip %s (the runner could not make the file)\n", name);
			continue;
		}
		snprintf(where, sizeof(where), "%s/%s%s", dir, refused[i].file, refused[i].where);
		pt_check(name, pt_log_has(log, "libpfm: ", where, refused[i].reason, NULL),
			 "no line with '%s' and '%s' in:\n%s", where, refused[i].reason, log);
	}
}

static void check_good_plugin(const char *mode)
{
	char name[160];
	uint64_t code;
	int count;
	int r = pt_none("qk_q1::WIDGET_OPS:LOADS", PFM_PLM3, &code, &count);
	snprintf(name, sizeof(name), "%s: the good plugin next to the refused ones encodes", mode);
	pt_check(name, r == PFM_SUCCESS && code == 0x510142, "r=%d code=0x%llx", r,
		 (unsigned long long)code);
}

static void all_inactive(const char *dir)
{
	char *log;
	pt_env_reset();
	pt_env("LIBPFM_ENCODE_INACTIVE", "1");
	int r = pfm_initialize();
	int nbase = snapshot(base);
	pfm_terminate();
	pt_check("baseline without plugins initialises", r == PFM_SUCCESS && nbase > 10, "r=%d pmus=%d",
		 r, nbase);

	pt_env("LIBPFM_PLUGIN_PATH", dir);
	r = pt_init_logged(&log);
	pt_check("every file parsed: pfm_initialize still returns PFM_SUCCESS", r == PFM_SUCCESS, "r=%d", r);
	check_refusals(dir, log, 0, "every file parsed");
	pt_check("the good plugin is loaded", pt_log_has(log, dir, "qk_q1.yaml: PMU qk_q1 loaded", NULL),
		 "log:\n%s", log);
	pt_check("hidden files and names not ending in .yaml are not looked at",
		 !pt_log_has(log, ".hidden.yaml", NULL) && !pt_log_has(log, "other.yml", NULL), "log:\n%s",
		 log);
	free(log);
	int ncur = snapshot(cur);
	int same = 1;
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		if (!base[id].name[0])
			continue;
		if (strcmp(base[id].name, cur[id].name) || base[id].nevents != cur[id].nevents ||
		    base[id].enc != cur[id].enc || base[id].code != cur[id].code) {
			same = 0;
			printf("  pmu %d: %s/%d/%d/0x%llx became %s/%d/%d/0x%llx\n", id, base[id].name,
			       base[id].nevents, base[id].enc, (unsigned long long)base[id].code,
			       cur[id].name, cur[id].nevents, cur[id].enc, (unsigned long long)cur[id].code);
		}
	}
	pt_check("every built-in PMU keeps its name, events and first encoding", same, "see above");
	pt_check("exactly one PMU more than without plugins: the good plugin's",
		 ncur == nbase + 1 && !base[990].name[0] && !strcmp(cur[990].name, "qk_q1"),
		 "pmus %d vs %d", ncur, nbase);
	for (size_t i = 0; i < sizeof(absent) / sizeof(absent[0]); i++) {
		char name[128], ev[128];
		snprintf(ev, sizeof(ev), "%s::NIBBLES", absent[i]);
		snprintf(name, sizeof(name), "no PMU %s from a refused or ignored file", absent[i]);
		pt_check(name, pfm_find_event(ev) == PFM_ERR_NOTFOUND, "%s found", ev);
	}
	check_good_plugin("every file parsed");
	pfm_terminate();
}

/* not every file is parsed in full: the checks before parsing still refuse */
static void peek_only(const char *dir)
{
	char *log, path[4096];
	pt_env_reset();
	pt_env("LIBPFM_FORCE_PMU", "qk_q1");
	snprintf(path, sizeof(path), "/nonexistent/plugins::%s:", dir);
	pt_env("LIBPFM_PLUGIN_PATH", path);
	int r = pt_init_logged(&log);
	pt_check("forced, path with a missing directory and empty entries: pfm_initialize succeeds",
		 r == PFM_SUCCESS, "r=%d", r);
	check_refusals(dir, log, 1, "peek only");
	free(log);
	check_good_plugin("peek only");
	pfm_terminate();
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s DIR\n", argv[0]);
		return 2;
	}
	all_inactive(argv[1]);
	peek_only(argv[1]);
	return pt_summary("plugin_refuse");
}
