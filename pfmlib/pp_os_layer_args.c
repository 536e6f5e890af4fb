/*
 * pp_os_layer_args.c - what the OS layers share: the argument-structure
 * contract (a caller-declared size of 0 means the first ABI, a smaller size
 * is invalid, and bytes the caller declares beyond what we know must be 0)
 * and the parse-then-encode first step.
 */
#include <stdlib.h>
#include "pp_encode.h"
#include "pp_os_layer.h"

int pp_os_check_size(const void *arg, size_t usize, size_t abi0, size_t known, size_t *eff)
{
	const unsigned char *b = arg;

	if (usize == 0)
		usize = abi0;
	if (usize < abi0) {
		pp_verbose("argument size %zu is smaller than the first ABI (%zu)", usize, abi0);
		return PFM_ERR_INVAL;
	}
	for (size_t i = known; i < usize; i++) {
		if (b[i]) {
			pp_verbose("argument byte %zu (beyond the %zu this library knows) is not zero",
				   i, known);
			return PFM_ERR_INVAL;
		}
	}
	*eff = usize < known ? usize : known;
	return PFM_SUCCESS;
}

int pp_os_parse_encode(const char *str, pfm_os_t os, int dfl_plm, struct pp_parsed **p,
		       struct pp_enc **e)
{
	int err;
	*p = malloc(sizeof(**p));
	*e = malloc(sizeof(**e));
	if (!*p || !*e)
		return PFM_ERR_NOMEM;
	if ((err = pp_parse(str, os, *p)))
		return err;
	return pp_encode(*p, os, dfl_plm, *e);
}
