/*
 * SPDX-License-Identifier: MIT
 * plugins/plugins.h - runtime plugins: schema-v1 PMU descriptors read at
 * pfm_initialize from the system plugin directory, then from the
 * directories of LIBPFM_PLUGIN_PATH. Each accepted file becomes a table of
 * its own that is handed to the registry through a callback; a file in the
 * plain block layout is offered without its events, read when first needed.
 */
#ifndef PP_PLUGINS_PLUGINS_H
#define PP_PLUGINS_PLUGINS_H

#include "host/host.h"
#include "table/table.h"

/*
 * Offer the registry a plugin's table: returns PFM_SUCCESS when it took the
 * PMU (the table then lives until pp_plugins_unload), another PFM_ERR_*
 * when it refused it (the plugin is dropped; PFM_ERR_NOMEM stops loading).
 * origin is the file's path. lazy: the table holds the PMU records without
 * their events; pp_plugins_realize gives the whole table when they are needed.
 */
typedef int (*pp_plugin_add_fn)(void *ctx, const struct pp_table *t, const char *origin, int lazy);

/*
 * Read every plugin file that can matter on host (its patterns match an
 * identity, it is forced, it overrides a built-in PMU, or
 * LIBPFM_ENCODE_INACTIVE asks for every PMU) and offer each to add.
 * Unsafe or malformed files are refused with a LIBPFM_VERBOSE message.
 * Returns PFM_SUCCESS or PFM_ERR_NOMEM.
 */
int pp_plugins_load(const struct pp_host *host, pp_plugin_add_fn add, void *ctx);

/*
 * The whole table of a plugin offered lazy (stub: the table offered): its
 * file read in full now, once. NULL when the file changed since, or is
 * refused now (said under LIBPFM_VERBOSE with file:line), or its PMU records
 * differ from the stub's; the stub then stays in use. Not thread-safe: the
 * registry calls it under its lock.
 */
const struct pp_table *pp_plugins_realize(const struct pp_table *stub);

/* free every plugin's table (the registry must not use them afterwards) */
void pp_plugins_unload(void);

#endif /* PP_PLUGINS_PLUGINS_H */
