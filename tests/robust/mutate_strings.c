/*
 * SPDX-License-Identifier: MIT
 * tests/robust/mutate_strings.c - suite `strings` of test_public_asan
 * (check-robust): robustness of the one event-string parser and encoder.
 * Valid strings of several PMUs are mutated (bytes changed, cut, repeated,
 * separators doubled, huge numbers, very long strings) in a fixed
 * pseudo-random sequence and encoded under every OS layer, on the
 * ASan+UBSan library: any crash, leak or undefined behaviour fails; every
 * answer must be PFM_SUCCESS or a libpfm4 error code, a success must be a
 * sane encoding whose fstr encodes to the same codes. The mutants are made
 * at registration (the sequence of the ROUNDS rounds, each picking a valid
 * string and mutating it 1 to 4 times); one CUnit test a family (the valid
 * string its mutants came from), one check (a CUnit assert) a mutant.
 * Results line: robust-strings (run.sh adds it to robust's).
 * usage: test_public_asan strings [ROUNDS]   (default 20000)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <perfmon/pfmlib_perf_event.h>
#include "encode.h"
#include "info.h"
#include "suite.h"
#include "robust.h"

static const char *corpus[] = {
	"glm::OFFCORE_RESPONSE_0:DMND_DATA_RD:ANY_RESPONSE",
	"glm::ISSUE_SLOTS_NOT_CONSUMED:RESOURCE_FULL:k:c=1:i",
	"glm::OFFCORE_RESPONSE.DEMAND_DATA_RD.L2_HIT",
	"skl::MEM_TRANS_RETIRED:LOAD_LATENCY:ldlat=3:u",
	"skl::UOPS_ISSUED.STALL_CYCLES",
	"skl::FRONTEND_RETIRED:LATENCY_GE_4:fe_thres=8",
	"amd64_fam19h_zen4::LS_DISPATCH:LD_DISPATCH:u:h",
	"amd64_fam1ah_zen5::ex_ret_instr:c=2:e",
	"arm_n1::L1D_CACHE_REFILL:u:hv",
	"sifive_u74::FW_ILLEGAL_INSN",
	"perf::PERF_COUNT_HW_CACHE_L1D:READ:MISS:period=1000:precise=2",
	"perf::TASK-CLOCK:u:freq=100:cpu=1:pinned",
	"perf_raw::r01c4:u",
	"cpum_cf::CPU_CYCLES",
	"power9::PM_THRD_CONC_RUN_INST",
};

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static const char *pieces[] = { ":", "::", ".", "=", ":u", ":k=1", ":c=", ":c=256", ":c=99999999999999999999",
	":ldlat=0", "=-1", "0x", ":::", "ANY_RESPONSE", ":t", ":e=2", "perf::", "/", ",", ":period=",
	":precise=9", ":cpu=-5", "r", "%s", "\xff", " ", ":=", "==" };

static void mutate(char *buf, size_t cap)
{
	size_t n = strlen(buf);
	switch (rnd(7)) {
	case 0:	/* change a byte */
		if (n) buf[rnd((unsigned)n)] = (char)(1 + rnd(255));
		break;
	case 1:	/* cut */
		buf[n ? rnd((unsigned)n) : 0] = '\0';
		break;
	case 2: { /* insert a piece */
		const char *p = pieces[rnd(sizeof(pieces) / sizeof(pieces[0]))];
		size_t at = n ? rnd((unsigned)n + 1) : 0, l = strlen(p);
		if (n + l + 1 < cap) {
			memmove(buf + at + l, buf + at, n - at + 1);
			memcpy(buf + at, p, l);
		}
		break;
	}
	case 3: /* repeat the tail */
		if (n && 2 * n + 1 < cap) {
			size_t at = rnd((unsigned)n);
			memmove(buf + n, buf + at, n - at + 1);
		}
		break;
	case 4: /* lower/upper case flip */
		for (size_t i = 0; i < n; i++)
			if (rnd(4) == 0 && ((buf[i] | 32) >= 'a' && (buf[i] | 32) <= 'z'))
				buf[i] ^= 32;
		break;
	case 5: /* a very long string */
		while (strlen(buf) + 40 < cap && rnd(64))
			strcat(buf, ":UNKNOWN_UMASK_OR_MODIFIER_NAME");
		break;
	default: /* drop a byte */
		if (n) {
			size_t at = rnd((unsigned)n);
			memmove(buf + at, buf + at + 1, n - at);
		}
	}
}

/*
 * Strings whose fstr libpfm4 4.13 itself cannot encode again, and ours, being
 * identical to libpfm4's, neither: a bare MEM_TRANS_RETIRED selects
 * LOAD_LATENCY without its ldlat default, and the fstr prints ldlat=0.
 */
static int fstr_not_reencodable_in_libpfm4(const char *s)
{
	return !strcasecmp(s, "skl::MEM_TRANS_RETIRED");
}

/* failures of a family noted under its test; the rest only counted */
#define NOTED 20

/*
 * Every check of one mutant; 1 when all hold, else 0 with why[] saying
 * which failed: the answer under PFM_OS_NONE, the perf layers and
 * pfm_find_event is PFM_SUCCESS or a libpfm4 error code, a PFM_OS_NONE
 * success is a sane encoding whose fstr encodes to the same codes, a perf
 * layer success has its fstr.
 */
static int mutant_holds(const char *buf, char *why, size_t cap)
{
	uint64_t *codes = NULL;
	char *fstr = NULL;
	pfm_pmu_encode_arg_t raw;
	memset(&raw, 0, sizeof(raw));
	raw.size = sizeof(raw);
	raw.codes = codes;
	raw.fstr = &fstr;
	int ok = 1;
	int r = pfm_get_os_event_encoding(buf, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, &raw);
	if (!(r <= 0 && r >= PFM_ERR_TOOSMALL)) {
		snprintf(why, cap, "PFM_OS_NONE return code: \"%s\" -> %d", buf, r);
		ok = 0;
	} else if (r == PFM_SUCCESS) {
		pfm_pmu_info_t pi;
		pfm_event_info_t ei;
		int sane = tl_event_info(raw.idx, PFM_OS_NONE, &ei) == PFM_SUCCESS &&
			   tl_pmu_info(ei.pmu, &pi) == PFM_SUCCESS &&
			   raw.count >= 1 && raw.count <= pi.max_encoding && raw.codes && fstr;
		if (!sane) {
			snprintf(why, cap, "PFM_OS_NONE success is a sane encoding: \"%s\" -> %d", buf, r);
			ok = 0;
		} else if (!fstr_not_reencodable_in_libpfm4(buf)) {
			/* the fully qualified string encodes to the same codes */
			uint64_t *c2 = NULL;
			pfm_pmu_encode_arg_t again;
			memset(&again, 0, sizeof(again));
			again.size = sizeof(again);
			again.codes = c2;
			int r2 = pfm_get_os_event_encoding(fstr, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, &again);
			if (!(r2 == PFM_SUCCESS && again.count == raw.count &&
			      !memcmp(again.codes, raw.codes, sizeof(uint64_t) * (size_t)raw.count))) {
				snprintf(why, cap, "fstr encodes to the same codes: \"%s\" -> %d (encoded from \"%s\")",
					 fstr, r2, buf);
				ok = 0;
			}
			free(again.codes);
		}
	}
	free(raw.codes);
	free(fstr);

	/* every layer runs (the sanitizers watch each); why[] keeps the first failure */
	for (int os = PFM_OS_PERF_EVENT; os <= PFM_OS_PERF_EVENT_EXT; os++) {
		struct tl_perf o;
		r = tl_perf(buf, PFM_PLM3, (pfm_os_t)os, &o);
		if (ok && !(r <= 0 && r >= PFM_ERR_TOOSMALL)) {
			snprintf(why, cap, "perf layer %d return code: \"%s\" -> %d", os, buf, r);
			ok = 0;
		} else if (ok && r == PFM_SUCCESS && !o.has_fstr) {
			snprintf(why, cap, "perf layer %d success has fstr: \"%s\" -> %d", os, buf, r);
			ok = 0;
		}
	}
	/* the same string through pfm_find_event */
	int idx = pfm_find_event(buf);
	if (ok && idx < PFM_ERR_TOOSMALL) {
		snprintf(why, cap, "pfm_find_event answer: \"%s\" -> %d", buf, idx);
		ok = 0;
	}
	return ok;
}

#define NCORPUS (sizeof(corpus) / sizeof(corpus[0]))

/* the mutants of one valid string, in the order the sequence made them */
struct family {
	const char *seed;
	char **mutants;
	size_t n, cap;
};
static struct family families[NCORPUS];
static int init_ret;

static void test_every_mutant_gets_a_libpfm4_answer_and_a_success_encodes_again(const void *data)
{
	const struct family *f = data;
	static char why[16384];
	size_t noted = 0;
	/* an uninitialized library would refuse every mutant in range */
	TL_ASSERT(init_ret == PFM_SUCCESS, "pfm_initialize: %s", pfm_strerror(init_ret));
	if (init_ret != PFM_SUCCESS)
		return;
	for (size_t i = 0; i < f->n; i++) {
		int ok = mutant_holds(f->mutants[i], why, sizeof(why));
		if (!ok && noted++ < NOTED)
			tl_note("%s", why);
		CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, __LINE__, "the mutant's checks hold", __FILE__, "",
					CU_FALSE);
	}
	if (noted > NOTED)
		tl_note("(%zu more mutants of %zu failed)", noted - NOTED, f->n);
}

/* the suite's cleanup: the mutants freed, the library terminated */
static int forget_the_mutants(void)
{
	for (size_t k = 0; k < NCORPUS; k++) {
		for (size_t i = 0; i < families[k].n; i++)
			free(families[k].mutants[i]);
		free(families[k].mutants);
		memset(&families[k], 0, sizeof(families[k]));
	}
	pfm_terminate();
	return 0;
}

static int keep(struct family *f, const char *mutant)
{
	if (f->n == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 256;
		char **grown = realloc(f->mutants, cap * sizeof(*grown));
		if (!grown)
			return -1;
		f->mutants = grown;
		f->cap = cap;
	}
	if (!(f->mutants[f->n] = strdup(mutant)))
		return -1;
	f->n++;
	return 0;
}

int robust_strings_register(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 20000;
	if (argc > 2 || rounds < 1) {
		fprintf(stderr, "usage: test_public_asan strings [ROUNDS]\n");
		return 2;
	}
	CU_pSuite s = tl_suite_add("mutated event strings", NULL, forget_the_mutants, NULL, 0);
	init_ret = pfm_initialize();
	static char buf[8192];
	for (int i = 0; i < rounds; i++) {
		size_t k = rnd(NCORPUS);
		snprintf(buf, sizeof(buf), "%s", corpus[k]);
		for (unsigned m = 1 + rnd(4); m; m--)
			mutate(buf, sizeof(buf));
		families[k].seed = corpus[k];
		if (keep(&families[k], buf)) {
			fprintf(stderr, "robust-strings: out of memory for the mutants\n");
			return 2;
		}
	}
	printf("robust-strings: %d rounds\n", rounds);
	for (size_t k = 0; k < NCORPUS; k++)
		if (families[k].n)
			tl_case_add(s, test_every_mutant_gets_a_libpfm4_answer_and_a_success_encodes_again,
				    &families[k], "test_every_mutant_gets_a_libpfm4_answer_and_a_success_encodes_again[%s]",
				    families[k].seed);
	return 0;
}
