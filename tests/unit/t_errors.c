/*
 * SPDX-License-Identifier: MIT
 * t_errors.c - the error convention of the encoding entry points: what
 * each bad argument returns, in libpfm4's codes. Its first test runs before
 * pfm_initialize (suite without set-up).
 */
#include <stdarg.h>
#include <stdlib.h>
#include "capture.h"
#include "ut.h"
#include "util/config.h"
#include "util/log.h"

static void test_calls_before_pfm_initialize_return_NOINIT(void)
{
	pfm_pmu_encode_arg_t a;
	pfm_event_attr_info_t ai;
	memset(&a, 0, sizeof(a));
	memset(&ai, 0, sizeof(ai));
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_NONE, &a), PFM_ERR_NOINIT);
	CU_ASSERT_EQUAL(pfm_find_event("ISSUE_SLOTS"), PFM_ERR_NOINIT);
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(0, 0, PFM_OS_NONE, &ai), PFM_ERR_NOINIT);
	CU_ASSERT_EQUAL(pfm_pmu_validate(PFM_PMU_PERF_EVENT, stderr), PFM_ERR_NOINIT);
	CU_ASSERT_EQUAL_FATAL(pfm_initialize(), PFM_SUCCESS);
}

static void test_null_string_or_argument_is_INVAL(void)
{
	pfm_pmu_encode_arg_t a;
	memset(&a, 0, sizeof(a));
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding(NULL, TL_PLM_UK, PFM_OS_NONE, &a), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_NONE, NULL), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_PERF_EVENT, NULL), PFM_ERR_INVAL);
}

static void test_unknown_os_layer_is_NOTSUPP(void)
{
	pfm_pmu_encode_arg_t a;
	memset(&a, 0, sizeof(a));
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_MAX, &a), PFM_ERR_NOTSUPP);
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, (pfm_os_t)-1, &a), PFM_ERR_NOTSUPP);
}

static void test_dfl_plm_beyond_the_five_levels_is_INVAL(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("ISSUE_SLOTS", 0x20, &o), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(tl_none("ISSUE_SLOTS", -1, &o), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(tl_none("ISSUE_SLOTS", 0x1f, &o), PFM_SUCCESS);
}

static void test_codes_array_too_small_is_TOOSMALL(void)
{
	uint64_t codes[2] = { 0, 0 };
	pfm_pmu_encode_arg_t a;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.codes = codes;
	a.count = 1;
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("OFFCORE_RESPONSE_0", TL_PLM_UK, PFM_OS_NONE, &a), PFM_ERR_TOOSMALL);
	a.count = 0;
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_NONE, &a), PFM_ERR_TOOSMALL);
	a.count = -1;
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_NONE, &a), PFM_ERR_TOOSMALL);
	a.count = 2;
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("OFFCORE_RESPONSE_0", TL_PLM_UK, PFM_OS_NONE, &a), PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.count, 2);
	CU_ASSERT_PTR_EQUAL(a.codes, codes);
}

static void test_arg_size_below_first_abi_is_INVAL(void)
{
	unsigned char buf[64];
	pfm_pmu_encode_arg_t *a = (void *)buf;
	memset(buf, 0, sizeof(buf));
	a->size = 16;
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_NONE, a), PFM_ERR_INVAL);
	pfm_perf_encode_arg_t *p = (void *)buf;
	struct perf_event_attr attr;
	memset(buf, 0, sizeof(buf));
	p->attr = &attr;
	p->size = 32;
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_PERF_EVENT, p), PFM_ERR_INVAL);
}

static void test_arg_size_zero_means_first_abi(void)
{
	pfm_pmu_encode_arg_t a;
	memset(&a, 0, sizeof(a));
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_NONE, &a), PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.count, 1);
	free(a.codes);
}

static void test_nonzero_bytes_beyond_known_size_are_INVAL(void)
{
	unsigned char buf[64];
	pfm_pmu_encode_arg_t *a = (void *)buf;
	memset(buf, 0, sizeof(buf));
	a->size = 40;
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_NONE, a), PFM_SUCCESS);
	free(a->codes);
	memset(buf, 0, sizeof(buf));
	a->size = 40;
	buf[36] = 1;
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_NONE, a), PFM_ERR_INVAL);
}

static void test_perf_layer_null_attr_is_INVAL(void)
{
	pfm_perf_encode_arg_t a;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_PERF_EVENT, &a), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_get_perf_event_encoding("ISSUE_SLOTS", TL_PLM_UK, NULL, NULL, NULL), PFM_ERR_INVAL);
}

static void test_old_encoding_api_needs_codes_and_count(void)
{
	uint64_t *codes = NULL;
	int count = 0, idx = -1;
	char *fstr = NULL;
	CU_ASSERT_EQUAL(pfm_get_event_encoding("ISSUE_SLOTS", TL_PLM_UK, NULL, NULL, NULL, &count), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_get_event_encoding("ISSUE_SLOTS", TL_PLM_UK, NULL, NULL, &codes, NULL), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_get_event_encoding("OFFCORE_RESPONSE_0", TL_PLM_UK, &fstr, &idx, &codes, &count), PFM_SUCCESS);
	CU_ASSERT_EQUAL(count, 2);
	CU_ASSERT(idx >= 0);
	CU_ASSERT_PTR_NOT_NULL(fstr);
	free(codes);
	free(fstr);
}

static void test_attr_info_bad_index_or_os_is_INVAL(void)
{
	pfm_event_attr_info_t ai;
	int idx = pfm_find_event("utc::ISSUE_SLOTS");
	memset(&ai, 0, sizeof(ai));
	ai.size = sizeof(ai);
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, 0, PFM_OS_NONE, NULL), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, -1, PFM_OS_NONE, &ai), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, 1000, PFM_OS_NONE, &ai), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, 0, PFM_OS_MAX, &ai), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(-1, 0, PFM_OS_NONE, &ai), PFM_ERR_INVAL);
	ai.size = 8;
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, 0, PFM_OS_NONE, &ai), PFM_ERR_INVAL);
	ai.size = 0;
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, 0, PFM_OS_NONE, &ai), PFM_SUCCESS);
	CU_ASSERT_EQUAL(ai.size, sizeof(ai));
}

static void test_pmu_validate_needs_a_file_and_a_pmu(void)
{
	FILE *f = tmpfile();
	CU_ASSERT_EQUAL(pfm_pmu_validate(PFM_PMU_PERF_EVENT, NULL), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_pmu_validate(PFM_PMU_MAX, f), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_pmu_validate((pfm_pmu_t)4095, f), PFM_SUCCESS);	/* utc: the highest id */
	CU_ASSERT_EQUAL(pfm_pmu_validate((pfm_pmu_t)1002, f), PFM_SUCCESS);
	CU_ASSERT_EQUAL(ftell(f), 0);	/* nothing reported */
	fclose(f);
}

static size_t format(char *buf, size_t sz, size_t at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t n = pp_log_vformat(buf, sz, at, fmt, ap);
	va_end(ap);
	return n;
}

static void test_log_message_is_one_line_cut_with_a_marker(void)
{
	char buf[32], big[3 * PP_LOG_MAX];
	memcpy(buf, "p: ", 3);
	CU_ASSERT_EQUAL(format(buf, sizeof(buf), 3, "%s %d", "ab", 7), 8);
	CU_ASSERT_STRING_EQUAL(buf, "p: ab 7\n");
	/* exactly fits: 3 + 27 + '\n' + NUL */
	CU_ASSERT_EQUAL(format(buf, sizeof(buf), 3, "%s", "123456789012345678901234567"), 31);
	CU_ASSERT_STRING_EQUAL(buf, "p: 123456789012345678901234567\n");
	/* one more byte: cut, and said so */
	CU_ASSERT_EQUAL(format(buf, sizeof(buf), 3, "%s", "1234567890123456789012345678"), 31);
	CU_ASSERT_STRING_EQUAL(buf, "p: 123456789012345678901 [...]\n");
	/* a prefix filling the buffer still ends in the marker */
	memset(buf, 'x', sizeof(buf));
	CU_ASSERT_EQUAL(format(buf, sizeof(buf), sizeof(buf), "%s", "m"), 31);
	CU_ASSERT_STRING_EQUAL(buf + 24, " [...]\n");

	/* through pp_fail under LIBPFM_VERBOSE: one line, the start kept, the marker at its end */
	memset(big, 'y', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	int verbose = pp_cfg.verbose;
	pp_cfg.verbose = 1;
	tl_capture_begin();
	CU_ASSERT_EQUAL(pp_fail(PFM_ERR_INVAL, "long %s", big), PFM_ERR_INVAL);
	pp_verbose("short %d", 42);
	const char *text = tl_capture_end();
	pp_cfg.verbose = verbose;
	const char *nl = strchr(text, '\n');
	CU_ASSERT_FATAL(nl != NULL);
	CU_ASSERT_EQUAL((size_t)(nl - text), PP_LOG_MAX - 2);
	CU_ASSERT_NSTRING_EQUAL(text, "libpfm: long yyy", 16);
	CU_ASSERT_NSTRING_EQUAL(nl - 6, " [...]", 6);
	CU_ASSERT_STRING_EQUAL(nl + 1, "libpfm: short 42\n");
}

void ut_add_errors(void)
{
	static const struct tl_test t[] = {
		TL_TEST(test_calls_before_pfm_initialize_return_NOINIT),
		TL_TEST(test_null_string_or_argument_is_INVAL),
		TL_TEST(test_unknown_os_layer_is_NOTSUPP),
		TL_TEST(test_dfl_plm_beyond_the_five_levels_is_INVAL),
		TL_TEST(test_codes_array_too_small_is_TOOSMALL),
		TL_TEST(test_arg_size_below_first_abi_is_INVAL),
		TL_TEST(test_arg_size_zero_means_first_abi),
		TL_TEST(test_nonzero_bytes_beyond_known_size_are_INVAL),
		TL_TEST(test_perf_layer_null_attr_is_INVAL),
		TL_TEST(test_old_encoding_api_needs_codes_and_count),
		TL_TEST(test_attr_info_bad_index_or_os_is_INVAL),
		TL_TEST(test_pmu_validate_needs_a_file_and_a_pmu),
		TL_TEST(test_log_message_is_one_line_cut_with_a_marker),
	};
	tl_suite("errors", NULL, NULL, t);
}
