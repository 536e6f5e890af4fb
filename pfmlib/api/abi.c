/*
 * SPDX-License-Identifier: MIT
 * api/abi.c - the size rule of the caller's structures (api/abi.h).
 */
#include "api/abi.h"
#include "util/log.h"

size_t pp_abi_size(const void *arg, size_t usize, size_t abi0, size_t known, const char *what)
{
	const unsigned char *b = arg;

	if (usize == 0)
		usize = abi0;
	if (usize < abi0) {
		pp_verbose("%s: size %zu is smaller than the first ABI (%zu)", what, usize, abi0);
		return 0;
	}
	for (size_t i = known; i < usize; i++) {
		if (b[i]) {
			pp_verbose("%s: byte %zu (beyond the %zu this library knows) is not zero", what, i, known);
			return 0;
		}
	}
	return usize < known ? usize : known;
}
