/*
 * SPDX-License-Identifier: MIT
 * t_desc.c - packed descriptions (table.h, PP_PACK_ESC; table/desc.c): the
 * fixture table is built by tablegen, so its event and unit-mask
 * descriptions go through the dictionary and come back as the YAML wrote
 * them, at one address until pfm_terminate, from any thread; the decoder
 * itself, on a hand-made table, reads every code form and stops at codes
 * the dictionary lacks or cut short.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "ut.h"
#include "table/table.h"

#define NTHREADS 8

static int event_idx(const char *name)
{
	return pfm_find_event(name);
}

static void test_packed_descriptions_read_as_the_yaml_wrote_them(void)
{
	pfm_event_info_t ei;
	pfm_event_attr_info_t ai;
	int idx = event_idx("utc::ISSUE_SLOTS");
	CU_ASSERT_FATAL(idx >= 0);
	CU_ASSERT_EQUAL_FATAL(tl_event_info(idx, PFM_OS_NONE, &ei), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(ei.desc, "issue slots not consumed");
	memset(&ai, 0, sizeof(ai));
	ai.size = sizeof(ai);
	CU_ASSERT_EQUAL_FATAL(pfm_get_event_attr_info(idx, 2, PFM_OS_NONE, &ai), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(ai.name, "ANY");
	CU_ASSERT_STRING_EQUAL(ai.desc, "any reason");
	idx = event_idx("utc::NEEDS_UMASK");
	CU_ASSERT_FATAL(idx >= 0);
	CU_ASSERT_EQUAL_FATAL(tl_event_info(idx, PFM_OS_NONE, &ei), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(ei.name, "NEEDS_UMASK");
	CU_ASSERT_STRING_EQUAL(ei.desc, "required group without a default");
}

static void test_description_keeps_its_address_until_pfm_terminate(void)
{
	pfm_event_info_t a, b;
	int idx = event_idx("utc::ISSUE_SLOTS");
	CU_ASSERT_FATAL(idx >= 0);
	CU_ASSERT_EQUAL_FATAL(tl_event_info(idx, PFM_OS_NONE, &a), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_event_info(idx, PFM_OS_PERF_EVENT_EXT, &b), PFM_SUCCESS);
	CU_ASSERT_PTR_EQUAL(a.desc, b.desc);
	pfm_terminate();
	CU_ASSERT_EQUAL_FATAL(pfm_initialize(), PFM_SUCCESS);
	idx = event_idx("utc::ISSUE_SLOTS");
	CU_ASSERT_EQUAL_FATAL(tl_event_info(idx, PFM_OS_NONE, &b), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(b.desc, "issue slots not consumed");
}

struct worker {
	pthread_t t;
	pthread_barrier_t *start;
	int idx;
	const char *first;
	int wrong;
};

static void *read_descs(void *arg)
{
	struct worker *w = arg;
	pthread_barrier_wait(w->start);
	for (int i = 0; i < 50; i++) {
		pfm_event_info_t ei;
		memset(&ei, 0, sizeof(ei));
		ei.size = sizeof(ei);
		if (pfm_get_event_info(w->idx, PFM_OS_NONE, &ei) != PFM_SUCCESS)
			w->wrong++;
		else if (!w->first)
			w->first = ei.desc;
		else if (ei.desc != w->first)
			w->wrong++;
	}
	return NULL;
}

static void test_threads_reading_a_description_at_once_get_one_text(void)
{
	struct worker w[NTHREADS];
	pthread_barrier_t start;
	pfm_terminate();
	CU_ASSERT_EQUAL_FATAL(pfm_initialize(), PFM_SUCCESS);
	int idx = event_idx("utc::LINES_IN");
	CU_ASSERT_FATAL(idx >= 0);
	pthread_barrier_init(&start, NULL, NTHREADS);
	memset(w, 0, sizeof(w));
	for (int i = 0; i < NTHREADS; i++) {
		w[i].start = &start;
		w[i].idx = idx;
		CU_ASSERT_EQUAL_FATAL(pthread_create(&w[i].t, NULL, read_descs, &w[i]), 0);
	}
	for (int i = 0; i < NTHREADS; i++)
		pthread_join(w[i].t, NULL);
	pthread_barrier_destroy(&start);
	for (int i = 0; i < NTHREADS; i++) {
		CU_ASSERT_EQUAL(w[i].wrong, 0);
		CU_ASSERT_PTR_EQUAL(w[i].first, w[0].first);
	}
	CU_ASSERT_STRING_EQUAL(w[0].first, "unit masks named like modifiers (libpfm4's snb L2_LINES_IN:E/I)");
}

/* a pool: "", "alpha ", "beta", then packed strings (offsets below) */
static const char pool[] =
	"\0alpha \0beta\0"
	"x\x80\xc0\x01y\0"		/* 13: x, entry 0, entry 64 (h 0, l 1), y */
	"\x01\x80\x01\x01z\0"		/* 19: escaped 0x80 and 0x01, z */
	"a\xc0\0"			/* 25: a two-byte code cut by the end */
	"b\x01\0"			/* 28: an escape cut by the end */
	"c\x81\x80\0"			/* 31: entry 1 (missing when ndesc_dict is 1) */
	"d\xc1\x05\0";			/* 35: entry 64 + 255 + 4 missing */

static void test_decoder_reads_every_code_form_and_stops_at_bad_codes(void)
{
	static pp_str_t dict[PP_PACK_ONE + 1];
	struct pp_table t;
	char out[32];
	memset(&t, 0, sizeof(t));
	t.strs = pool;
	t.nstrs = sizeof(pool);
	dict[0] = 1;			/* "alpha " */
	dict[PP_PACK_ONE] = 8;		/* "beta" */
	for (int i = 1; i < PP_PACK_ONE; i++)
		dict[i] = 0;
	t.desc_dict = dict;
	t.ndesc_dict = 1;		/* entry 64 lies beyond: first as missing */
	CU_ASSERT_EQUAL(pp_desc_unpack(&t, pool + 13, out, sizeof(out)), 7);
	CU_ASSERT_STRING_EQUAL(out, "xalpha ");
	t.ndesc_dict = PP_PACK_ONE + 1;
	CU_ASSERT_EQUAL(pp_desc_unpack(&t, pool + 13, out, sizeof(out)), 12);
	CU_ASSERT_STRING_EQUAL(out, "xalpha betay");
	CU_ASSERT_EQUAL(pp_desc_unpack(&t, pool + 19, out, sizeof(out)), 3);
	CU_ASSERT_EQUAL(memcmp(out, "\x80\x01z", 4), 0);
	CU_ASSERT_EQUAL(pp_desc_unpack(&t, pool + 25, out, sizeof(out)), 1);
	CU_ASSERT_STRING_EQUAL(out, "a");
	CU_ASSERT_EQUAL(pp_desc_unpack(&t, pool + 28, out, sizeof(out)), 1);
	CU_ASSERT_STRING_EQUAL(out, "b");
	CU_ASSERT_EQUAL(pp_desc_unpack(&t, pool + 35, out, sizeof(out)), 1);
	CU_ASSERT_STRING_EQUAL(out, "d");
	CU_ASSERT_EQUAL(pp_desc_unpack(&t, pool + 31, out, sizeof(out)), 7);
	CU_ASSERT_STRING_EQUAL(out, "calpha ");	/* entry 1 is "" here */
	t.ndesc_dict = 1;
	CU_ASSERT_EQUAL(pp_desc_unpack(&t, pool + 31, out, sizeof(out)), 1);
	CU_ASSERT_STRING_EQUAL(out, "c");
	t.ndesc_dict = PP_PACK_ONE + 1;
	/* cut to the room given, the whole length returned */
	CU_ASSERT_EQUAL(pp_desc_unpack(&t, pool + 13, out, 5), 12);
	CU_ASSERT_STRING_EQUAL(out, "xalp");
	CU_ASSERT_EQUAL(pp_desc_unpack(&t, pool + 13, NULL, 0), 12);
	/* through the cache: decoded once, the same address again */
	const char *d = pp_desc(&t, 13);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d, "xalpha betay");
	CU_ASSERT_PTR_EQUAL(pp_desc(&t, 13), d);
	/* a table without a dictionary: its strings as they are */
	t.desc_dict = NULL;
	CU_ASSERT_PTR_EQUAL(pp_desc(&t, 1), pool + 1);
}

void ut_add_desc(void)
{
	static const struct tl_test tests[] = {
		TL_TEST(test_packed_descriptions_read_as_the_yaml_wrote_them),
		TL_TEST(test_description_keeps_its_address_until_pfm_terminate),
		TL_TEST(test_threads_reading_a_description_at_once_get_one_text),
		TL_TEST(test_decoder_reads_every_code_form_and_stops_at_bad_codes),
	};
	tl_suite("desc", ut_init, NULL, tests);
}
