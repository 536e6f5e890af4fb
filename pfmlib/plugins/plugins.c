/*
 * plugins/plugins.c - runtime plugins: PMU descriptors (schema v1 YAML) read at
 * pfm_initialize from the system plugin directory, then from the
 * colon-separated LIBPFM_PLUGIN_PATH (ignored in set-uid programs). Each
 * file is read by the same loader tablegen uses and becomes its own table.
 * Unsafe or malformed files are refused with a verbose message; everything
 * else keeps working. To keep start-up cheap with many plugins, a file is
 * first peeked at (its pmu block only) and parsed in full only when its PMU
 * can matter: it matches this host, is forced (LIBPFM_FORCE_PMU), overrides
 * a built-in PMU, or LIBPFM_ENCODE_INACTIVE asks for every PMU.
 */
#include <dirent.h>
#include <strings.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "plugins/plugins.h"
#include "table/yaml.h"
#include "util/config.h"
#include "util/log.h"

#ifndef PP_PLUGIN_DIR
#define PP_PLUGIN_DIR "/usr/local/share/pmuplug/plugins"
#endif

/*
 * A plugin is refused past these (man3/pmuplug_plugins.3): perf's largest
 * model is well under 1 MiB of descriptor and a few thousand events; a file
 * at the byte limit loads in about a second.
 */
#define PLUGIN_MAX_BYTES (8u << 20)
#define PLUGIN_MAX_ALIAS_NODES 65536u
#define PLUGIN_MAX_DEPTH 16u
#define PLUGIN_MAX_EVENTS 16384u

struct plugin {
	struct plugin *next;
	struct pp_builder b;
	struct pp_table t;
	char path[];
};

static struct plugin *plugins;

static int has_suffix(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);
	return a >= b && !strcmp(s + a - b, suf);
}

/* what load_one needs besides the file */
struct loading {
	const struct pp_host *host;
	pp_plugin_add_fn add;
	void *ctx;
};

static int host_matches(const struct pp_host *host, const char *pattern)
{
	for (int i = 0; i < host->n; i++)
		if (pp_host_match(pattern, host->id[i]))
			return 1;
	return 0;
}

static int wanted(const struct loading *ld, const struct pp_yaml_header *h)
{
	const char *force = pp_cfg.force_pmu;
	/* a PMU told apart by its kernel PMU's identifier: registry/detect.c decides */
	if (pp_cfg.encode_inactive || h->override || h->identified)
		return 1;
	if (force)
		return !strcasecmp(force, h->name);
	int kept = (int)(sizeof(h->match) / sizeof(h->match[0]));
	if (h->match_count > kept)
		return 1;	/* patterns the peek did not keep: only a full read can tell */
	for (int i = 0; i < h->match_count; i++)
		if (host_matches(ld->host, h->match[i]))
			return 1;
	return 0;
}

/* the file is opened once: its safety checks, the peek and the full read all see that file */
static int load_one(const struct loading *ld, const char *path)
{
	char err[1024];
	struct pp_yaml_opts o = { .max_bytes = PLUGIN_MAX_BYTES, .trusted_only = 1,
				  .max_alias_nodes = PLUGIN_MAX_ALIAS_NODES, .max_depth = PLUGIN_MAX_DEPTH,
				  .max_events = PLUGIN_MAX_EVENTS };
	struct pp_yaml_header h;
	size_t size;
	FILE *f = pp_yaml_open(path, &o, &size, err, sizeof(err));
	if (!f) {
		pp_verbose("plugin refused: %s", err);
		return PFM_SUCCESS;
	}
	if (pp_yaml_peek_stream(path, f, &h, err, sizeof(err))) {
		pp_verbose("plugin refused: %s", err);
		fclose(f);
		return PFM_SUCCESS;
	}
	if (!wanted(ld, &h)) {
		pp_debug("plugin %s: PMU %s does not match this host; not loaded", path, h.name);
		fclose(f);
		return PFM_SUCCESS;
	}
	size_t len = strlen(path);
	struct plugin *pl = calloc(1, sizeof(*pl) + len + 1);
	if (!pl) {
		fclose(f);
		return PFM_ERR_NOMEM;
	}
	memcpy(pl->path, path, len + 1);
	pp_builder_init(&pl->b);
	rewind(f);
	int loaded = pp_yaml_load_stream(&pl->b, path, f, size, &o, err, sizeof(err));
	fclose(f);
	if (loaded < 0) {
		pp_verbose("plugin refused: %s", err);
		pp_builder_free(&pl->b);
		free(pl);
		return PFM_SUCCESS;
	}
	pp_builder_table(&pl->b, &pl->t);
	int r = ld->add(ld->ctx, &pl->t, path);
	if (r != PFM_SUCCESS) {
		pp_builder_free(&pl->b);
		free(pl);
		return r == PFM_ERR_NOMEM ? r : PFM_SUCCESS;
	}
	pp_verbose("plugin %s: PMU %s loaded", path, pp_str(&pl->t, pl->t.pmus[0].name));
	pl->next = plugins;
	plugins = pl;
	return PFM_SUCCESS;
}

static int yaml_entry(const struct dirent *d)
{
	return d->d_name[0] != '.' && has_suffix(d->d_name, ".yaml");
}

static int load_dir(const struct loading *ld, const char *dir)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, yaml_entry, alphasort);
	if (n < 0) {
		pp_debug("plugin directory %s: not readable", dir);
		return PFM_SUCCESS;
	}
	int r = PFM_SUCCESS;
	for (int i = 0; i < n; i++) {
		if (r == PFM_SUCCESS) {
			size_t l = strlen(dir) + strlen(ents[i]->d_name) + 2;
			char *path = malloc(l);
			if (!path) {
				r = PFM_ERR_NOMEM;
			} else {
				snprintf(path, l, "%s/%s", dir, ents[i]->d_name);
				r = load_one(ld, path);
				free(path);
			}
		}
		free(ents[i]);
	}
	free(ents);
	return r;
}

int pp_plugins_load(const struct pp_host *host, pp_plugin_add_fn add, void *ctx)
{
	const struct loading ld = { host, add, ctx };
	int r = load_dir(&ld, PP_PLUGIN_DIR);
	const char *env = pp_cfg.plugin_path;
	if (r != PFM_SUCCESS || !env)
		return r;
	char *copy = strdup(env), *save = NULL;
	if (!copy)
		return PFM_ERR_NOMEM;
	for (char *d = strtok_r(copy, ":", &save); d && r == PFM_SUCCESS; d = strtok_r(NULL, ":", &save))
		if (*d)
			r = load_dir(&ld, d);
	free(copy);
	return r;
}

void pp_plugins_unload(void)
{
	while (plugins) {
		struct plugin *n = plugins->next;
		pp_builder_free(&plugins->b);
		free(plugins);
		plugins = n;
	}
}
