/*
 * util/bits.h - walking the set bits of a mask (modifier and attribute
 * masks: bit i stands for the modifier or attribute at position i).
 */
#ifndef PP_UTIL_BITS_H
#define PP_UTIL_BITS_H

#include <stdint.h>

/* i (uint64_t) runs over the positions of mask's set bits, lowest first */
#define FOR_EACH_BIT(i, mask) \
	for (uint64_t bits_ = (mask), i; bits_ && ((i = (uint64_t)__builtin_ctzll(bits_)), 1); bits_ &= bits_ - 1)

#endif /* PP_UTIL_BITS_H */
