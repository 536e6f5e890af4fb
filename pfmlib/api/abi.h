/*
 * SPDX-License-Identifier: MIT
 * api/abi.h - libpfm4's contract for the structures a caller passes with a
 * size field: 0 means the first ABI, smaller than the first ABI is invalid,
 * and bytes the caller declares beyond what this library knows must be 0.
 */
#ifndef PP_API_ABI_H
#define PP_API_ABI_H

#include <stddef.h>

/*
 * Check arg (declared size usize) against the first ABI's size abi0 and
 * the size this library knows. Returns the number of bytes both sides
 * know, or 0 when the structure is invalid (said under LIBPFM_VERBOSE).
 */
size_t pp_abi_size(const void *arg, size_t usize, size_t abi0, size_t known, const char *what);

#endif /* PP_API_ABI_H */
