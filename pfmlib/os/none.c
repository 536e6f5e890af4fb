/*
 * SPDX-License-Identifier: MIT
 * os/none.c - PFM_OS_NONE: the encoding as the PMU sees it, in
 * pfm_pmu_encode_arg_t: codes[] (config, then config1, config2 when used,
 * with raw_bits included), count, idx and fstr. Memory contract of
 * libpfm4: codes NULL means the library allocates (count ignored),
 * otherwise count must be large enough (PFM_ERR_TOOSMALL).
 */
#include <stdlib.h>
#include "os/os.h"
#include "util/log.h"

int pp_os_none_emit(const struct pp_enc *e, pfm_pmu_encode_arg_t *arg)
{
	char *fstr = NULL;
	uint64_t *codes;
	int n = e->ncodes;

	if (arg->codes && arg->count < n)
		return pp_fail(PFM_ERR_TOOSMALL, "codes[] has %d elements, the encoding needs %d", arg->count, n);
	if (arg->fstr && !(fstr = pp_fstr(e)))
		return PFM_ERR_NOMEM;
	codes = arg->codes ? arg->codes : calloc((size_t)n, sizeof(*codes));
	if (!codes) {
		free(fstr);
		return PFM_ERR_NOMEM;
	}
	for (int i = 0; i < n; i++)
		codes[i] = e->codes[i];
	arg->codes = codes;
	arg->count = n;
	arg->idx = pp_make_idx(e->pmu->id, e->ev_num);
	if (arg->fstr)
		*arg->fstr = fstr;
	return PFM_SUCCESS;
}
