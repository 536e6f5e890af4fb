/*
 * api_encode.c - the public encoding entry points: pfm_get_os_event_encoding
 * (dispatch to an OS layer), the older pfm_get_event_encoding and
 * pfm_get_perf_event_encoding, pfm_find_event and pfm_pmu_validate.
 */
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib_perf_event.h>
#include "pp_encode.h"
#include "pp_registry.h"

#define PLM_ALL (PFM_PLM0 | PFM_PLM1 | PFM_PLM2 | PFM_PLM3 | PFM_PLMH)

static int check_plm(int dfl_plm)
{
	if (dfl_plm & ~PLM_ALL) {
		pp_verbose("dfl_plm 0x%x has bits outside PFM_PLM0..PFM_PLMH", dfl_plm);
		return PFM_ERR_INVAL;
	}
	return PFM_SUCCESS;
}

pfm_err_t pfm_get_os_event_encoding(const char *str, int dfl_plm, pfm_os_t os, void *args)
{
	int err;

	if (!pp_is_initialized())
		return PFM_ERR_NOINIT;
	if (!pp_os_valid(os)) {
		pp_verbose("unsupported OS layer %d", (int)os);
		return PFM_ERR_NOTSUPP;
	}
	if (!args || !str) {
		pp_verbose("%s is NULL", args ? "event string" : "argument");
		return PFM_ERR_INVAL;
	}
	if ((err = check_plm(dfl_plm)))
		return err;
	if (os == PFM_OS_NONE)
		return pp_os_none_encode(str, dfl_plm, args);
	return pp_os_perf_encode(str, dfl_plm, os, args);
}

pfm_err_t pfm_get_event_encoding(const char *str, int dfl_plm, char **fstr, int *idx,
					   uint64_t **codes, int *count)
{
	pfm_pmu_encode_arg_t arg;
	int err;

	if (!pp_is_initialized())
		return PFM_ERR_NOINIT;
	if (!codes || !count) {
		pp_verbose("codes or count is NULL");
		return PFM_ERR_INVAL;
	}
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	arg.codes = *codes;
	arg.count = *count;
	arg.fstr = fstr;
	err = pfm_get_os_event_encoding(str, dfl_plm, PFM_OS_NONE, &arg);
	if (err)
		return err;
	*codes = arg.codes;
	*count = arg.count;
	if (idx)
		*idx = arg.idx;
	return PFM_SUCCESS;
}

pfm_err_t pfm_get_perf_event_encoding(const char *str, int dfl_plm,
						struct perf_event_attr *attr, char **fstr, int *idx)
{
	pfm_perf_encode_arg_t arg;
	int err;

	if (!pp_is_initialized())
		return PFM_ERR_NOINIT;
	if (!attr) {
		pp_verbose("attr is NULL");
		return PFM_ERR_INVAL;
	}
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	arg.attr = attr;
	arg.fstr = fstr;
	err = pfm_get_os_event_encoding(str, dfl_plm, PFM_OS_PERF_EVENT, &arg);
	if (err)
		return err;
	if (idx)
		*idx = arg.idx;
	return PFM_SUCCESS;
}

int pfm_find_event(const char *str)
{
	struct pp_parsed *p;
	int err;

	if (!pp_is_initialized())
		return PFM_ERR_NOINIT;
	if (!str) {
		pp_verbose("event string is NULL");
		return PFM_ERR_INVAL;
	}
	p = malloc(sizeof(*p));
	if (!p)
		return PFM_ERR_NOMEM;
	/* names and value syntax are checked; ranges and rules are the encoder's */
	err = pp_parse(str, PFM_OS_NONE, p);
	if (!err)
		err = pp_make_idx(p->pmu->id, p->ev_num);
	free(p);
	return err;
}

pfm_err_t pfm_pmu_validate(pfm_pmu_t pmu_id, FILE *fp)
{
	struct pp_pmu_rt *pmu;

	if (!pp_is_initialized())
		return PFM_ERR_NOINIT;
	if (!fp) {
		pp_verbose("pfm_pmu_validate: fp is NULL");
		return PFM_ERR_INVAL;
	}
	pmu = pp_pmu_by_id((int)pmu_id);
	if (!pmu || pp_pmu_hidden(pmu)) {
		pp_verbose("pfm_pmu_validate: no PMU %d", (int)pmu_id);
		return PFM_ERR_INVAL;
	}
	return pp_validate_pmu(pmu, fp) ? PFM_ERR_INVAL : PFM_SUCCESS;
}
