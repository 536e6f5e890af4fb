/*
 * SPDX-License-Identifier: MIT
 * table/format.c - the notation of a format field, shared by descriptors
 * and the kernel's sysfs: "config1:0-7,32-35" -> register, bit mask, width.
 */
#include <string.h>
#include "table/format.h"

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* a bit number 0..63 at *p; advances *p */
static int bit_number(const char **p, unsigned int *out)
{
	unsigned int v = 0;
	int nd = 0;

	while (is_digit(**p)) {
		if (++nd > 2)
			return -1;
		v = v * 10 + (unsigned int)(**p - '0');
		(*p)++;
	}
	if (!nd || v > 63)
		return -1;
	*out = v;
	return 0;
}

int pp_format_parse(const char *spec, struct pp_field *f, const char **why)
{
	const char *p = spec;
	uint64_t mask = 0;
	size_t n = strlen(spec);

	while (n && is_blank(spec[n - 1]))
		n--;
	*why = "expected configN:lo-hi[,lo-hi...] (N empty, 1 or 2)";
	if (strncmp(p, "config", 6))
		return -1;
	p += 6;
	f->reg = PP_REG_CONFIG;
	if (*p == '1' || *p == '2')
		f->reg = (uint8_t)(*p++ - '0');
	if (*p++ != ':')
		return -1;
	for (;;) {
		unsigned int lo, hi;
		if (bit_number(&p, &lo))
			return -1;
		hi = lo;
		if (*p == '-') {
			p++;
			if (bit_number(&p, &hi))
				return -1;
			if (hi < lo) {
				*why = "a bit range ends before it starts";
				return -1;
			}
		}
		uint64_t r = (hi - lo == 63) ? ~0ULL : (((1ULL << (hi - lo + 1)) - 1) << lo);
		if (mask & r) {
			*why = "bit ranges of the field overlap";
			return -1;
		}
		mask |= r;
		if ((size_t)(p - spec) == n)
			break;
		if (*p++ != ',')
			return -1;
	}
	f->mask = mask;
	f->width = (uint8_t)__builtin_popcountll(mask);
	return 0;
}
