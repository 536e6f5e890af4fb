/*
 * SPDX-License-Identifier: MIT
 * util/bits.h - walking the set bits of a mask (modifier and attribute
 * masks: bit i stands for the modifier or attribute at position i).
 */
#ifndef PP_UTIL_BITS_H
#define PP_UTIL_BITS_H

#include <stdint.h>

/* i (uint32_t) runs over the positions of the set bits of mask (32 bits:
 * a PMU has at most 32 modifiers, and fewer perf_events attributes), lowest
 * first */
#define FOR_EACH_BIT(i, mask) \
	for (uint32_t bits_ = (uint32_t)(mask), i; bits_ && ((i = (uint32_t)__builtin_ctz(bits_)), 1); bits_ &= bits_ - 1)

#endif /* PP_UTIL_BITS_H */
