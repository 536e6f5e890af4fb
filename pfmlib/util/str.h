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
	for (size_t i = 0; i < len; i++)
		if (!s[i] || pp_upper((unsigned char)s[i]) != pp_upper((unsigned char)name[i]))
			return 0;
	return s[len] == '\0';
}

#endif /* PP_UTIL_STR_H */
