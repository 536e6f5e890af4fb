/*
 * SPDX-License-Identifier: MIT
 * t_api_result.c - the one way out of the API (pfmlib/api/result.c): each
 * public entry point given a bad argument returns libpfm4's code and says
 * under LIBPFM_VERBOSE, on one line naming the entry point, what was wrong.
 * One CUnit test per case of the table below.
 */
#include <stdio.h>
#include <perfmon/pfmlib_perf_event.h>
#include "api/result.h"
#include "capture.h"
#include "ut.h"
#include "util/config.h"

/* a valid event index of the fixture table */
static int some_event(void)
{
	return pfm_find_event("utc::ISSUE_SLOTS");
}

static int pmu_info_null_output(void)
{
	return pfm_get_pmu_info(PFM_PMU_PERF_EVENT, NULL);
}

static int pmu_info_negative_id(void)
{
	pfm_pmu_info_t info = { .size = sizeof(info) };
	return pfm_get_pmu_info((pfm_pmu_t)-1, &info);
}

static int pmu_info_id_of_no_pmu(void)
{
	pfm_pmu_info_t info = { .size = sizeof(info) };
	return pfm_get_pmu_info((pfm_pmu_t)2, &info);
}

static int pmu_info_size_below_first_abi(void)
{
	pfm_pmu_info_t info = { .size = 8 };
	return pfm_get_pmu_info(PFM_PMU_PERF_EVENT, &info);
}

static int event_info_null_output(void)
{
	return pfm_get_event_info(some_event(), PFM_OS_NONE, NULL);
}

static int event_info_bad_os(void)
{
	pfm_event_info_t info = { .size = sizeof(info) };
	return pfm_get_event_info(some_event(), PFM_OS_MAX, &info);
}

static int event_info_bad_index(void)
{
	pfm_event_info_t info = { .size = sizeof(info) };
	return pfm_get_event_info(-1, PFM_OS_NONE, &info);
}

static int event_next_bad_index(void)
{
	return pfm_get_event_next(-1);
}

static int find_event_null_string(void)
{
	return pfm_find_event(NULL);
}

static int os_encoding_null_string(void)
{
	pfm_pmu_encode_arg_t a = { .size = sizeof(a) };
	return pfm_get_os_event_encoding(NULL, TL_PLM_UK, PFM_OS_NONE, &a);
}

static int os_encoding_null_argument(void)
{
	return pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_NONE, NULL);
}

static int os_encoding_unknown_layer(void)
{
	pfm_pmu_encode_arg_t a = { .size = sizeof(a) };
	return pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_MAX, &a);
}

static int os_encoding_bad_dfl_plm(void)
{
	pfm_pmu_encode_arg_t a = { .size = sizeof(a) };
	return pfm_get_os_event_encoding("ISSUE_SLOTS", 0x20, PFM_OS_NONE, &a);
}

static int os_encoding_perf_null_attr(void)
{
	pfm_perf_encode_arg_t a = { .size = sizeof(a) };
	return pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_PERF_EVENT, &a);
}

static int os_encoding_size_below_first_abi(void)
{
	pfm_pmu_encode_arg_t a = { .size = 16 };
	return pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_NONE, &a);
}

static int event_encoding_null_codes(void)
{
	int count = 0;
	return pfm_get_event_encoding("ISSUE_SLOTS", TL_PLM_UK, NULL, NULL, NULL, &count);
}

static int perf_encoding_null_attr(void)
{
	return pfm_get_perf_event_encoding("ISSUE_SLOTS", TL_PLM_UK, NULL, NULL, NULL);
}

static int attr_info_null_output(void)
{
	return pfm_get_event_attr_info(some_event(), 0, PFM_OS_NONE, NULL);
}

static int attr_info_bad_os(void)
{
	pfm_event_attr_info_t ai = { .size = sizeof(ai) };
	return pfm_get_event_attr_info(some_event(), 0, PFM_OS_MAX, &ai);
}

static int attr_info_no_such_attribute(void)
{
	pfm_event_attr_info_t ai = { .size = sizeof(ai) };
	return pfm_get_event_attr_info(some_event(), 1000, PFM_OS_NONE, &ai);
}

static int attr_info_size_below_first_abi(void)
{
	pfm_event_attr_info_t ai = { .size = 8 };
	return pfm_get_event_attr_info(some_event(), 0, PFM_OS_NONE, &ai);
}

static int validate_null_file(void)
{
	return pfm_pmu_validate(PFM_PMU_PERF_EVENT, NULL);
}

static int validate_no_such_pmu(void)
{
	FILE *f = tmpfile();
	int r = pfm_pmu_validate(PFM_PMU_MAX, f);
	if (f)
		fclose(f);
	return r;
}

struct bad_call {
	const char *name;	/* the behaviour pinned */
	int (*call)(void);
	int code;		/* libpfm4's answer */
	const char *fn, *why;	/* both on one line of the message */
};

static const struct bad_call cases[] = {
	{ "pmu_info_with_null_output_is_INVAL", pmu_info_null_output, PFM_ERR_INVAL,
	  "pfm_get_pmu_info", "output is NULL" },
	{ "pmu_info_of_a_negative_id_is_INVAL", pmu_info_negative_id, PFM_ERR_INVAL,
	  "pfm_get_pmu_info", "out of range" },
	{ "pmu_info_of_an_id_without_pmu_is_NOTSUPP", pmu_info_id_of_no_pmu, PFM_ERR_NOTSUPP,
	  "pfm_get_pmu_info", "no PMU 2" },
	{ "pmu_info_with_size_below_first_abi_is_INVAL", pmu_info_size_below_first_abi, PFM_ERR_INVAL,
	  "pfm_get_pmu_info", "smaller than the first ABI" },
	{ "event_info_with_null_output_is_INVAL", event_info_null_output, PFM_ERR_INVAL,
	  "pfm_get_event_info", "output is NULL" },
	{ "event_info_of_an_unknown_os_layer_is_INVAL", event_info_bad_os, PFM_ERR_INVAL,
	  "pfm_get_event_info", "invalid OS layer" },
	{ "event_info_of_a_bad_index_is_INVAL", event_info_bad_index, PFM_ERR_INVAL,
	  "pfm_get_event_info", "no event 0xffffffff" },
	{ "event_next_of_a_bad_index_is_minus_one", event_next_bad_index, -1,
	  "pfm_get_event_next", "no event 0xffffffff" },
	{ "find_event_of_null_is_INVAL", find_event_null_string, PFM_ERR_INVAL,
	  "pfm_find_event", "event string is NULL" },
	{ "os_encoding_of_null_string_is_INVAL", os_encoding_null_string, PFM_ERR_INVAL,
	  "pfm_get_os_event_encoding", "event string is NULL" },
	{ "os_encoding_with_null_argument_is_INVAL", os_encoding_null_argument, PFM_ERR_INVAL,
	  "pfm_get_os_event_encoding", "argument is NULL" },
	{ "os_encoding_under_an_unknown_layer_is_NOTSUPP", os_encoding_unknown_layer, PFM_ERR_NOTSUPP,
	  "pfm_get_os_event_encoding", "unsupported OS layer" },
	{ "os_encoding_with_dfl_plm_beyond_five_levels_is_INVAL", os_encoding_bad_dfl_plm, PFM_ERR_INVAL,
	  "pfm_get_os_event_encoding", "dfl_plm 0x20" },
	{ "os_encoding_perf_layer_without_attr_is_INVAL", os_encoding_perf_null_attr, PFM_ERR_INVAL,
	  "pfm_get_os_event_encoding", "attr is NULL" },
	{ "os_encoding_with_size_below_first_abi_is_INVAL", os_encoding_size_below_first_abi, PFM_ERR_INVAL,
	  "pfm_get_os_event_encoding", "smaller than the first ABI" },
	{ "event_encoding_without_codes_is_INVAL", event_encoding_null_codes, PFM_ERR_INVAL,
	  "pfm_get_event_encoding", "codes is NULL" },
	{ "perf_event_encoding_without_attr_is_INVAL", perf_encoding_null_attr, PFM_ERR_INVAL,
	  "pfm_get_perf_event_encoding", "attr is NULL" },
	{ "attr_info_with_null_output_is_INVAL", attr_info_null_output, PFM_ERR_INVAL,
	  "pfm_get_event_attr_info", "output is NULL" },
	{ "attr_info_of_an_unknown_os_layer_is_INVAL", attr_info_bad_os, PFM_ERR_INVAL,
	  "pfm_get_event_attr_info", "invalid OS layer" },
	{ "attr_info_of_a_missing_attribute_is_INVAL", attr_info_no_such_attribute, PFM_ERR_INVAL,
	  "pfm_get_event_attr_info", "no attribute 1000" },
	{ "attr_info_with_size_below_first_abi_is_INVAL", attr_info_size_below_first_abi, PFM_ERR_INVAL,
	  "pfm_get_event_attr_info", "too small" },
	{ "pmu_validate_without_file_is_INVAL", validate_null_file, PFM_ERR_INVAL,
	  "pfm_pmu_validate", "fp is NULL" },
	{ "pmu_validate_of_no_pmu_is_INVAL", validate_no_such_pmu, PFM_ERR_INVAL,
	  "pfm_pmu_validate", "no PMU" },
};

/* c->call() under LIBPFM_VERBOSE, its stderr kept */
static int verbose_call(int (*call)(void), const char **text)
{
	int verbose = pp_cfg.verbose;
	pp_cfg.verbose = 1;
	tl_capture_begin();
	int r = call();
	*text = tl_capture_end();
	pp_cfg.verbose = verbose;
	return r;
}

static void test_bad_argument_gives_libpfm4_code_and_says_why(const void *data)
{
	const struct bad_call *c = data;
	const char *text;
	int r = verbose_call(c->call, &text);
	TL_ASSERT(r == c->code, "%s returned %d, libpfm4 returns %d", c->fn, r, c->code);
	TL_ASSERT(tl_log_has(text, "libpfm: ", c->fn, c->why, NULL), "no line naming %s and '%s' in: %s",
		  c->fn, c->why, text);
}

static int find_unknown_event(void)
{
	return pfm_find_event("utc::NO_SUCH_EVENT");
}

static int count_lines(const char *text)
{
	int n = 0;
	for (; *text; text++)
		n += *text == '\n';
	return n;
}

static void test_failure_found_below_the_api_is_said_once(void)
{
	const char *text;
	CU_ASSERT_EQUAL(verbose_call(find_unknown_event, &text), PFM_ERR_NOTFOUND);
	TL_ASSERT(count_lines(text) == 1, "one message expected, got: %s", text);
}

static int internal_result(void)
{
	return pp_api_result("pfm_test", -99, NULL);
}

static void test_internal_result_is_INVAL_and_said(void)
{
	const char *text;
	CU_ASSERT_EQUAL(verbose_call(internal_result, &text), PFM_ERR_INVAL);
	TL_ASSERT(tl_log_has(text, "pfm_test", "internal result -99", NULL), "got: %s", text);
}

static int success(void)
{
	return pp_api_result("pfm_test", 7, "never said");
}

static void test_success_is_returned_unchanged_and_silent(void)
{
	const char *text;
	CU_ASSERT_EQUAL(verbose_call(success, &text), 7);
	CU_ASSERT_STRING_EQUAL(text, "");
}

void ut_add_api_result(void)
{
	static const struct tl_test t[] = {
		TL_TEST(test_failure_found_below_the_api_is_said_once),
		TL_TEST(test_internal_result_is_INVAL_and_said),
		TL_TEST(test_success_is_returned_unchanged_and_silent),
	};
	CU_pSuite s = tl_suite("api result", ut_init, NULL, t);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		tl_case_add(s, test_bad_argument_gives_libpfm4_code_and_says_why, &cases[i], "test_%s", cases[i].name);
}
