/*
 * SPDX-License-Identifier: MIT
 * util/str.h - the string comparisons of event and PMU names
 * (case-insensitive, ASCII, as libpfm4) and the character classes of the
 * text the library reads. ASCII on purpose, not <ctype.h>: sysfs and
 * /proc files, YAML keys and names, event strings are ASCII whatever the
 * program's locale, and these need no locale table from the C library.
 */
#ifndef PP_UTIL_STR_H
#define PP_UTIL_STR_H

#include <stddef.h>
#include <string.h>

/* ' ', \t, \n, \v, \f, \r: isspace() of the C locale */
static inline int pp_isspace(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static inline int pp_isdigit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static inline int pp_isalpha(unsigned char c)
{
	return (unsigned char)((c | 0x20) - 'a') <= 'z' - 'a';
}

static inline int pp_isxdigit(unsigned char c)
{
	return pp_isdigit(c) || (unsigned char)((c | 0x20) - 'a') <= 'f' - 'a';
}

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

/* does s hold any byte of set? (strpbrk() != NULL) */
static inline int pp_has_any(const char *s, const char *set)
{
	return s[strcspn(s, set)] != '\0';
}

/* s can be a whole attribute of an event string: not empty, nothing in it
 * splits one (none of : . = , / blank tab) */
static inline int pp_whole_token(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		/* every character that splits is below 'A' */
		if (c < 'A' && (c == ':' || c == '.' || c == '=' || c == ',' || c == '/' || c == ' ' || c == '\t'))
			return 0;
	}
	return 1;
}

/* case-insensitive equality of two NUL-terminated strings (strcasecmp() == 0) */
static inline int pp_str_eq(const char *a, const char *b)
{
	return pp_name_eq(a, b, strlen(b));
}

/* the next run of decimal digits of *s from *s on, leading zeros left out:
 * its first digit and length (0 when there is none); *s moves past it */
static inline size_t pp_next_number(const char **s, const char **digits)
{
	const char *p = *s;
	while (*p && !pp_isdigit((unsigned char)*p))
		p++;
	while (*p == '0' && pp_isdigit((unsigned char)p[1]))
		p++;
	*digits = p;
	while (pp_isdigit((unsigned char)*p))
		p++;
	*s = p;
	return (size_t)(p - *digits);
}

/*
 * Versions of vendor data (mapfile Version: perf's v59 or v1.35, Intel's
 * V1.40) compared as the sequences of the numbers they hold, the first
 * number first, a sequence that is the start of another being the older
 * (jsontoyaml's intelperfmon.version_key): <0, 0 or >0 as a is older than,
 * the same as or newer than b. Numbers of any length.
 */
static inline int pp_version_cmp(const char *a, const char *b)
{
	for (;;) {
		const char *da, *db;
		size_t na = pp_next_number(&a, &da), nb = pp_next_number(&b, &db);
		if (!na || !nb)
			return (na != 0) - (nb != 0);
		if (na != nb)
			return na < nb ? -1 : 1;
		int c = memcmp(da, db, na);
		if (c)
			return c < 0 ? -1 : 1;
	}
}

#endif /* PP_UTIL_STR_H */
