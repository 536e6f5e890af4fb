/*
 * pp_os_none.c - PFM_OS_NONE: the encoding as the PMU sees it, in
 * pfm_pmu_encode_arg_t: codes[] (config, then config1, config2 when used,
 * with raw_bits included), count, idx and fstr. Memory contract of
 * libpfm4: codes NULL means the library allocates (count ignored),
 * otherwise count must be large enough (PFM_ERR_TOOSMALL).
 */
#include <stdlib.h>
#include <string.h>
#include "pp_encode.h"

int pp_os_none_encode(const char *str, int dfl_plm, pfm_pmu_encode_arg_t *uarg)
{
	pfm_pmu_encode_arg_t arg;
	struct pp_parsed *p = NULL;
	struct pp_enc *e = NULL;
	uint64_t *codes;
	char *fstr = NULL;
	size_t sz;
	int err, n;

	if (!uarg) {
		pp_verbose("PFM_OS_NONE: argument is NULL");
		return PFM_ERR_INVAL;
	}
	if ((err = pp_os_check_size(uarg, uarg->size, PFM_RAW_ENCODE_ABI0, sizeof(arg), &sz)))
		return err;
	memset(&arg, 0, sizeof(arg));
	memcpy(&arg, uarg, sz);

	if ((err = pp_os_parse_encode(str, PFM_OS_NONE, dfl_plm, &p, &e)))
		goto out;
	n = pp_enc_ncodes(e);
	if (arg.codes && arg.count < n) {
		pp_verbose("codes[] has %d elements, the encoding needs %d", arg.count, n);
		err = PFM_ERR_TOOSMALL;
		goto out;
	}
	if (arg.fstr && !(fstr = pp_fstr(e))) {
		err = PFM_ERR_NOMEM;
		goto out;
	}
	codes = arg.codes ? arg.codes : calloc((size_t)n, sizeof(*codes));
	if (!codes) {
		err = PFM_ERR_NOMEM;
		goto out;
	}
	for (int i = 0; i < n; i++)
		codes[i] = e->reg[i] | e->raw[i];
	arg.codes = codes;
	arg.count = n;
	arg.idx = pp_make_idx(e->pmu->id, e->ev_num);
	if (arg.fstr) {
		*arg.fstr = fstr;
		fstr = NULL;
	}
	memcpy(uarg, &arg, sz);
out:
	free(fstr);
	free(p);
	free(e);
	return err;
}
