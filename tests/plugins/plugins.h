/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/plugins.h - the runtime-plugin suites of test_public (tests/public/), one file each
 * (plugin_<suite>.c): each registers its CUnit suites from the arguments
 * that follow its name on the command line (argv[0] is the name) and
 * returns 0, or 2 after a usage message.
 */
#ifndef TESTS_PLUGINS_PLUGINS_H
#define TESTS_PLUGINS_PLUGINS_H

int plugin_encode_register(int argc, char **argv);	/* PLUGIN_DIR */
int plugin_override_register(int argc, char **argv);	/* PLUGIN_DIR */
int plugin_replace_register(int argc, char **argv);	/* NEWER_DIR OLDER_DIR PRIORITY_DIR */
int plugin_refuse_register(int argc, char **argv);	/* DIR */
int plugin_cycles_register(int argc, char **argv);	/* N GOOD_DIR BAD_DIR OVERRIDE_DIR */
int plugin_detect_register(int argc, char **argv);	/* DIR */
int plugin_limits_register(int argc, char **argv);
int plugin_cache_register(int argc, char **argv);
int plugin_lazy_register(int argc, char **argv);
/* test_public_asan only (internal functions): FILE... */
int plugin_peek_register(int argc, char **argv);

#endif
