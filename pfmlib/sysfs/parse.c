/*
 * SPDX-License-Identifier: MIT
 * sysfs/parse.c - the text formats of the kernel's PMU description in
 * sysfs (format fields are table/format.c's): event templates
 * ("type=0x8,event=0x4,xp=?"), CPU lists ("0-3,8"), and the names that
 * become libpfm4 PMU, modifier and event names. Pure functions on strings.
 */
#include <string.h>
#include "sysfs/sysfs.h"

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

char *pp_sysfs_trim(char *s)
{
	while (is_blank(*s))
		s++;
	size_t n = strlen(s);
	while (n && is_blank(s[n - 1]))
		s[--n] = '\0';
	return s;
}

int pp_sysfs_cpulist_first(const char *s)
{
	const char *p = s;
	long first = -1;

	while (is_blank(*p))
		p++;
	/* the whole list must be digits, '-' and ',' (trailing blanks allowed) */
	for (const char *q = p; *q; q++) {
		if (is_blank(*q)) {
			while (is_blank(*q))
				q++;
			if (*q)
				return -1;
			break;
		}
		if (!is_digit(*q) && *q != '-' && *q != ',')
			return -1;
	}
	if (!is_digit(*p))
		return -1;
	first = 0;
	while (is_digit(*p)) {
		first = first * 10 + (*p++ - '0');
		if (first > 1 << 24)
			return -1;
	}
	if (*p && *p != ',' && *p != '-' && !is_blank(*p))
		return -1;
	return (int)first;
}

/* a sysfs name's byte in a PMU name: lower case, '-' and '.' as '_', 0 for
 * a byte no PMU name may hold */
static const char pmu_name_byte[256] = {
	['-'] = '_', ['.'] = '_', ['_'] = '_',
	['0'] = '0', ['1'] = '1', ['2'] = '2', ['3'] = '3', ['4'] = '4',
	['5'] = '5', ['6'] = '6', ['7'] = '7', ['8'] = '8', ['9'] = '9',
	['a'] = 'a', ['b'] = 'b', ['c'] = 'c', ['d'] = 'd', ['e'] = 'e', ['f'] = 'f', ['g'] = 'g',
	['h'] = 'h', ['i'] = 'i', ['j'] = 'j', ['k'] = 'k', ['l'] = 'l', ['m'] = 'm', ['n'] = 'n',
	['o'] = 'o', ['p'] = 'p', ['q'] = 'q', ['r'] = 'r', ['s'] = 's', ['t'] = 't', ['u'] = 'u',
	['v'] = 'v', ['w'] = 'w', ['x'] = 'x', ['y'] = 'y', ['z'] = 'z',
	['A'] = 'a', ['B'] = 'b', ['C'] = 'c', ['D'] = 'd', ['E'] = 'e', ['F'] = 'f', ['G'] = 'g',
	['H'] = 'h', ['I'] = 'i', ['J'] = 'j', ['K'] = 'k', ['L'] = 'l', ['M'] = 'm', ['N'] = 'n',
	['O'] = 'o', ['P'] = 'p', ['Q'] = 'q', ['R'] = 'r', ['S'] = 's', ['T'] = 't', ['U'] = 'u',
	['V'] = 'v', ['W'] = 'w', ['X'] = 'x', ['Y'] = 'y', ['Z'] = 'z',
};

int pp_sysfs_pmu_name(const char *sysname, char *out, size_t sz)
{
	size_t n = strlen(sysname);
	if (!n || n >= sz || n >= PP_SYSFS_NAME_MAX)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!(out[i] = pmu_name_byte[(unsigned char)sysname[i]]))
			return -1;
	out[n] = '\0';
	return 0;
}

int pp_sysfs_valid_name(const char *s, int is_event)
{
	size_t n = strlen(s);

	if (!n || n >= PP_SYSFS_NAME_MAX)
		return 0;
	for (; *s; s++) {
		char c = *s;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_')
			continue;
		if (is_event && (c == '-' || c == '.'))
			continue;
		return 0;
	}
	return 1;
}

int pp_sysfs_parse_u64(const char *s, uint64_t *v)
{
	uint64_t r = 0;
	int base = 10, nd = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	for (; *s; s++, nd++) {
		unsigned int d;
		if (is_digit(*s))
			d = (unsigned int)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = (unsigned int)(*s - 'a' + 10);
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = (unsigned int)(*s - 'A' + 10);
		else
			return -1;
		if (r > (UINT64_MAX - d) / (uint64_t)base)
			return -1;	/* does not fit 64 bits */
		r = r * (uint64_t)base + d;
	}
	if (!nd)
		return -1;
	*v = r;
	return 0;
}

int pp_sysfs_parse_terms(char *s, struct pp_sysfs_term *t, int max, const char **why)
{
	int n = 0;

	s = pp_sysfs_trim(s);
	if (!*s) {
		*why = "the template is empty";
		return -1;
	}
	for (;;) {
		char *end = strchr(s, ','), *eq;
		if (end)
			*end = '\0';
		s = pp_sysfs_trim(s);
		if (n >= max) {
			*why = "too many terms";
			return -1;
		}
		eq = strchr(s, '=');
		if (eq)
			*eq = '\0';
		t[n].name = pp_sysfs_trim(s);
		if (!pp_sysfs_valid_name(t[n].name, 0)) {
			*why = "a term name is empty or not [A-Za-z0-9_]";
			return -1;
		}
		if (!eq) {
			t[n].kind = PP_TERM_BARE;
			t[n].value = 1;
		} else {
			char *v = pp_sysfs_trim(eq + 1);
			if (!strcmp(v, "?")) {
				t[n].kind = PP_TERM_ASK;
				t[n].value = 0;
			} else if (!pp_sysfs_parse_u64(v, &t[n].value)) {
				t[n].kind = PP_TERM_VALUE;
			} else {
				*why = "a term value is not a number (0x hex or decimal) or '?'";
				return -1;
			}
		}
		n++;
		if (!end)
			break;
		s = end + 1;
	}
	return n;
}
