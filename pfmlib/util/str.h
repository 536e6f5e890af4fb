/*
 * util/str.h - the string comparisons of event and PMU names
 * (case-insensitive, ASCII, as libpfm4).
 */
#ifndef PP_UTIL_STR_H
#define PP_UTIL_STR_H

#include <stddef.h>

static inline unsigned char pp_upper(unsigned char c)
{
	return (c >= 'a' && c <= 'z') ? (unsigned char)(c - 'a' + 'A') : c;
}

/* case-insensitive compare of a NUL-terminated s with name[0..len): 1 when equal */
static inline int pp_name_eq(const char *s, const char *name, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char a = (unsigned char)s[i], b = (unsigned char)name[i];
		/* equal bytes are the common case: only those need the NUL test;
		 * bytes that differ are equal but for case when they differ in
		 * bit 0x20 only and are letters (so never NUL) */
		if (a == b) {
			if (!a)
				return 0;
		} else if ((a ^ b) != 0x20 || (unsigned char)((a | 0x20) - 'a') > 'z' - 'a') {
			return 0;
		}
	}
	return s[len] == '\0';
}

#endif /* PP_UTIL_STR_H */
