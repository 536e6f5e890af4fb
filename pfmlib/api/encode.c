/*
 * SPDX-License-Identifier: MIT
 * api/encode.c - the public encoding entry points: pfm_get_os_event_encoding,
 * the older pfm_get_event_encoding and pfm_get_perf_event_encoding,
 * pfm_find_event and pfm_pmu_validate. Each checks its arguments, then an
 * encoding runs one way: the OS layer's view (os/), parse and encode in it
 * (event/), and the OS layer writes the result out (os/).
 */
#include <string.h>
#include <perfmon/pfmlib_perf_event.h>
#include "api/abi.h"
#include "api/result.h"
#include "event/encode.h"
#include "event/spelling.h"
#include "os/os.h"
#include "registry/registry.h"

#define PLM_ALL (PFM_PLM0 | PFM_PLM1 | PFM_PLM2 | PFM_PLM3 | PFM_PLMH)

/* the entry point the layers' arguments are checked for */
static const char os_encoding[] = "pfm_get_os_event_encoding";

/*
 * The parse and the encoding live on the caller's stack (about 7 KB): no
 * allocation on the hot path, and nothing shared between threads.
 */
/* str encoded in view v, with the fstr's spelling settled when fstr */
static int encode(const char *str, const struct pp_view *v, int dfl_plm, int fstr, struct pp_parsed *p,
		  struct pp_enc *e)
{
	int err = pp_event_encode(str, v, dfl_plm, p, e);
	if (!err && fstr)
		pp_enc_spell(e);
	return err;
}

static int encode_none(const char *str, int dfl_plm, const struct pp_view *v, pfm_pmu_encode_arg_t *uarg)
{
	pfm_pmu_encode_arg_t arg;
	struct pp_parsed p;
	struct pp_enc e;
	size_t sz = pp_abi_size(uarg, uarg->size, PFM_RAW_ENCODE_ABI0, sizeof(arg),
				"pfm_get_os_event_encoding: PFM_OS_NONE argument");
	int err;

	if (!sz)
		return PFM_ERR_INVAL;
	memset(&arg, 0, sizeof(arg));
	memcpy(&arg, uarg, sz);
	if (!(err = encode(str, v, dfl_plm, arg.fstr != NULL, &p, &e)) && !(err = pp_os_none_emit(&e, &arg)))
		memcpy(uarg, &arg, sz);
	return err;
}

static int encode_perf(const char *str, int dfl_plm, const struct pp_view *v, pfm_perf_encode_arg_t *uarg)
{
	pfm_perf_encode_arg_t arg;
	struct pp_parsed p;
	struct pp_enc e;
	size_t sz = pp_abi_size(uarg, uarg->size, PFM_PERF_ENCODE_ABI0, sizeof(arg),
				"pfm_get_os_event_encoding: perf_events argument");
	int err;

	if (!sz)
		return PFM_ERR_INVAL;
	memset(&arg, 0, sizeof(arg));
	memcpy(&arg, uarg, sz);
	if (!arg.attr)
		return pp_api_result(os_encoding, PFM_ERR_INVAL, "perf_events argument: attr is NULL");
	if (!(err = encode(str, v, dfl_plm, arg.fstr != NULL, &p, &e)) && !(err = pp_os_perf_emit(&e, &arg)))
		memcpy(uarg, &arg, sz);
	return err;
}

pfm_err_t pfm_get_os_event_encoding(const char *str, int dfl_plm, pfm_os_t os, void *args)
{
	const struct pp_view *v = pp_os_view(os);

	if (!pp_registry_ready())
		return pp_api_result(__func__, PFM_ERR_NOINIT, PP_API_NOINIT);
	if (!v)
		return pp_api_result(__func__, PFM_ERR_NOTSUPP, "unsupported OS layer %d", (int)os);
	if (!args || !str)
		return pp_api_result(__func__, PFM_ERR_INVAL, "%s is NULL", args ? "event string" : "argument");
	if (dfl_plm & ~PLM_ALL)
		return pp_api_result(__func__, PFM_ERR_INVAL, "dfl_plm 0x%x has bits outside PFM_PLM0..PFM_PLMH",
				     dfl_plm);
	if (os == PFM_OS_NONE)
		return pp_api_result(__func__, encode_none(str, dfl_plm, v, args), NULL);
	return pp_api_result(__func__, encode_perf(str, dfl_plm, v, args), NULL);
}

pfm_err_t pfm_get_event_encoding(const char *str, int dfl_plm, char **fstr, int *idx,
					   uint64_t **codes, int *count)
{
	pfm_pmu_encode_arg_t arg;
	int err;

	if (!pp_registry_ready())
		return pp_api_result(__func__, PFM_ERR_NOINIT, PP_API_NOINIT);
	if (!codes || !count)
		return pp_api_result(__func__, PFM_ERR_INVAL, "%s is NULL", codes ? "count" : "codes");
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	arg.codes = *codes;
	arg.count = *count;
	arg.fstr = fstr;
	err = pfm_get_os_event_encoding(str, dfl_plm, PFM_OS_NONE, &arg);
	if (err)
		return pp_api_result(__func__, err, NULL);
	*codes = arg.codes;
	*count = arg.count;
	if (idx)
		*idx = arg.idx;
	return pp_api_result(__func__, PFM_SUCCESS, NULL);
}

pfm_err_t pfm_get_perf_event_encoding(const char *str, int dfl_plm,
						struct perf_event_attr *attr, char **fstr, int *idx)
{
	pfm_perf_encode_arg_t arg;
	int err;

	if (!pp_registry_ready())
		return pp_api_result(__func__, PFM_ERR_NOINIT, PP_API_NOINIT);
	if (!attr)
		return pp_api_result(__func__, PFM_ERR_INVAL, "attr is NULL");
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	arg.attr = attr;
	arg.fstr = fstr;
	err = pfm_get_os_event_encoding(str, dfl_plm, PFM_OS_PERF_EVENT, &arg);
	if (err)
		return pp_api_result(__func__, err, NULL);
	if (idx)
		*idx = arg.idx;
	return pp_api_result(__func__, PFM_SUCCESS, NULL);
}

int pfm_find_event(const char *str)
{
	struct pp_parsed p;
	int err;

	if (!pp_registry_ready())
		return pp_api_result(__func__, PFM_ERR_NOINIT, PP_API_NOINIT);
	if (!str)
		return pp_api_result(__func__, PFM_ERR_INVAL, "event string is NULL");
	/* names and value syntax are checked; ranges and rules are the encoder's */
	err = pp_parse(str, pp_os_view(PFM_OS_NONE), &p);
	return pp_api_result(__func__, err ? err : pp_make_idx(p.pmu->id, p.ev_num), NULL);
}

pfm_err_t pfm_pmu_validate(pfm_pmu_t pmu_id, FILE *fp)
{
	struct pp_pmu_rt *pmu;

	if (!pp_registry_ready())
		return pp_api_result(__func__, PFM_ERR_NOINIT, PP_API_NOINIT);
	if (!fp)
		return pp_api_result(__func__, PFM_ERR_INVAL, "fp is NULL");
	pmu = pp_pmu_by_id((int)pmu_id);
	if (!pmu || pp_pmu_hidden(pmu))
		return pp_api_result(__func__, PFM_ERR_INVAL, "no PMU %d", (int)pmu_id);
	if (pp_validate_pmu(pmu, pp_os_view(PFM_OS_NONE), fp))
		return pp_api_result(__func__, PFM_ERR_INVAL, "PMU %s fails its checks (written to fp)", pmu->name);
	return pp_api_result(__func__, PFM_SUCCESS, NULL);
}
