/*
 * SPDX-License-Identifier: MIT
 * showevtinfo.c: lists the PMU models and events a libpfm4-compatible
 * library knows. Command line, output and exit codes follow libpfm4 4.13's
 * example program of the same name (run with -h for the options).
 *
 * Each argument is a basic regular expression matched, without case, against
 * "pmu::event" names; umasks and modifiers in it are dropped first. Without
 * a "pmu::" prefix only the PMUs detected on the host are searched.
 */
#include <err.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pmu_walk.h"
#include "showevtinfo.h"

#define DEFAULT_COMBO_LIMIT 18

struct sei_options sei;

static void usage(void)
{
	/* libpfm4 4.13's text, byte for byte (tests/tools); -j is ours: tools/README.md */
	printf("showevtinfo [-L] [-E] [-h] [-s] [-m mask]\n"
	       "-L\t\tlist one event per line (compact mode)\n"
	       "-E\t\tlist one event per line with encoding (compact mode)\n"
	       "-M\t\tdisplay all valid unit masks combination (use with -L or -E)\n"
	       "-h\t\tget help\n"
	       "-s\t\tsort event by PMU and by code based on -m mask\n"
	       "-l\t\tmaximum number of umasks to list all combinations (default: %d)\n"
	       "-F\t\tshow only events and attributes with certain flags (precise,...)\n"
	       "-m mask\t\thexadecimal event code mask, bits to match when sorting\n"
	       "-x sep\t\tuse sep as field separator in compact mode\n"
	       "-D\t\t\tprint event description in compact mode\n"
	       "-O os\t\tshow attributes for the specific operating system\n",
	       DEFAULT_COMBO_LIMIT);
}

/* -O names: several spellings map to the raw PMU layer */
static const struct {
	const char *name;
	pfm_os_t os;
} os_layers[] = {
	{ "none", PFM_OS_NONE },
	{ "raw", PFM_OS_NONE },
	{ "pmu", PFM_OS_NONE },
	{ "perf", PFM_OS_PERF_EVENT },
	{ "perf_ext", PFM_OS_PERF_EVENT_EXT },
};
#define N_OS_LAYERS (sizeof(os_layers) / sizeof(os_layers[0]))

static pfm_os_t os_layer(const char *name)
{
	size_t i;

	for (i = 0; i < N_OS_LAYERS; i++)
		if (!strcmp(os_layers[i].name, name))
			return os_layers[i].os;

	fprintf(stderr, "unknown OS layer %s, choose from:", name);
	for (i = 0; i < N_OS_LAYERS; i++)
		fprintf(stderr, "%s %s", i ? "," : "", os_layers[i].name);
	fputc('\n', stderr);
	exit(1);
}

/* "pmu::event:umask:mod" -> "pmu::event", "event:umask:mod" -> "event:umask" (sic) */
static void strip_attributes(char *s)
{
	char *c = strchr(s, ':');

	if (!c)
		return;
	c++;
	if (*c == ':')
		c++;
	c = strchr(c, ':');
	if (c)
		*c = '\0';
}

static int has_pmu_prefix(const char *s)
{
	const char *c = strchr(s, ':');

	return c && c[1] == ':';
}

static void get_event(int idx, pfm_event_info_t *e)
{
	int ret;

	memset(e, 0, sizeof(*e));
	e->size = sizeof(*e);
	ret = pfm_get_event_info(idx, sei.os, e);
	if (ret != PFM_SUCCESS)
		errx(1, "cannot get event info: %s", pfm_strerror(ret));
}

/* matches "pmu::event" against the pattern; full is a growable scratch buffer */
static int name_matches(const regex_t *re, const char *pmu, const char *ev, char **full, size_t *cap)
{
	size_t need = strlen(pmu) + strlen(ev) + 3;

	if (need > *cap) {
		*full = realloc(*full, need);
		if (!*full)
			err(1, "cannot allocate memory");
		*cap = need;
	}
	sprintf(*full, "%s::%s", pmu, ev);
	return regexec(re, *full, 0, NULL, 0) == 0;
}

static void show(const pfm_event_info_t *e, int combos_allowed)
{
	if (sei.json)
		sei_print_json(e);
	else if (!sei.list)
		sei_print_detail(e);
	else if (sei.combos && combos_allowed)
		sei_print_combos(e);
	else
		sei_print_compact(e);
}

/* events in library order; undetected PMUs only with a pmu:: prefix */
static int scan_in_order(const regex_t *re, int all_pmus)
{
	pfm_pmu_info_t p;
	pfm_event_info_t e;
	char *full = NULL;
	size_t cap = 0;
	int id, idx, hits = 0;

	for (id = -1; pmu_walk_next(&id, &p);) {
		if (!all_pmus && !p.is_present)
			continue;
		for (idx = p.first_event; idx != -1; idx = pfm_get_event_next(idx)) {
			get_event(idx, &e);
			if (name_matches(re, p.name, e.name, &full, &cap)) {
				show(&e, 1);
				hits++;
			}
		}
	}
	free(full);
	return hits;
}

/* -s: every PMU, its own events ordered by (code & mask); -M is ignored */
struct coded {
	uint64_t code;
	int idx;
};

static int by_masked_code(const void *a, const void *b)
{
	uint64_t x = ((const struct coded *)a)->code & sei.code_mask;
	uint64_t y = ((const struct coded *)b)->code & sei.code_mask;

	return x < y ? -1 : x > y;
}

static int scan_sorted(const regex_t *re)
{
	pfm_pmu_info_t p;
	pfm_event_info_t e;
	struct coded *v = NULL;
	size_t n, cap = 0, fcap = 0;
	char *full = NULL;
	int id, idx, hits = 0;

	for (id = -1; pmu_walk_next(&id, &p);) {
		n = 0;
		for (idx = p.first_event; idx != -1; idx = pfm_get_event_next(idx)) {
			get_event(idx, &e);
			if ((int)e.pmu != id)
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 256;
				v = realloc(v, cap * sizeof(*v));
				if (!v)
					err(1, "cannot allocate memory\n");
			}
			v[n].code = e.code;
			v[n].idx = e.idx;
			n++;
		}
		if (n)
			qsort(v, n, sizeof(*v), by_masked_code);
		for (size_t k = 0; k < n; k++) {
			get_event(v[k].idx, &e);
			if (name_matches(re, p.name, e.name, &full, &fcap)) {
				show(&e, 0);
				hits++;
			}
		}
	}
	free(v);
	free(full);
	return hits;
}

int main(int argc, char **argv)
{
	static char *match_all[] = { ".*", NULL };
	const char *os_name = NULL;
	char **pattern;
	char *end;
	regex_t re;
	int c, ret;

	sei.sep = "\t";
	while ((c = getopt(argc, argv, "hELjsm:MNl:F:x:DO:")) != -1) {
		switch (c) {
		case 'L': sei.list = 1; break;
		case 'E': sei.list = 1; sei.encode = 1; break;
		case 'j': sei.json = 1; break;
		case 'M': sei.combos = 1; break;
		case 'N': sei.names_only = 1; break;
		case 's': sei.sorted = 1; break;
		case 'D': sei.with_desc = 1; break;
		case 'F': sei_parse_filters(optarg); break;
		case 'x': sei.sep = optarg; break;
		case 'O': os_name = optarg; break;
		case 'l':
			/* libpfm4 keeps this in 8 bits: 256 wraps to 0, the default */
			sei.combo_limit = (unsigned char)atoi(optarg);
			break;
		case 'm':
			sei.code_mask = strtoull(optarg, &end, 16);
			if (*end)
				errx(1, "mask must be in hexadecimal\n");
			break;
		case 'h':
			usage();
			exit(0);
		default:
			errx(1, "unknown option error");
		}
	}

	/* events of undetected PMUs must encode too (-E, -M) */
	if (setenv("LIBPFM_ENCODE_INACTIVE", "1", 1))
		errx(1, "cannot force inactive encoding");

	ret = pfm_initialize();
	if (ret != PFM_SUCCESS)
		errx(1, "cannot initialize libpfm: %s", pfm_strerror(ret));

	if (sei.code_mask == 0)
		sei.code_mask = ~UINT64_C(0);
	if (sei.combo_limit == 0)
		sei.combo_limit = DEFAULT_COMBO_LIMIT;
	sei.os = os_name ? os_layer(os_name) : PFM_OS_NONE;

	if (sei.json)
		sei_json_begin();
	else if (!sei.list)
		pmu_walk_print_models(1);

	for (pattern = optind < argc ? argv + optind : match_all; *pattern; pattern++) {
		int hits;

		strip_attributes(*pattern);
		/* libpfm4 names argv[0] in this message, not the pattern */
		if (regcomp(&re, *pattern, REG_ICASE))
			errx(1, "error in regular expression for event \"%s\"", argv[0]);

		if (sei.sorted)
			hits = scan_sorted(&re);
		else
			hits = scan_in_order(&re, has_pmu_prefix(*pattern));
		regfree(&re);
		if (hits == 0)
			errx(1, "event %s not found", *pattern);
	}
	if (sei.json)
		sei_json_end();

	pfm_terminate();
	return 0;
}
