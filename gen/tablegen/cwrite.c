/*
 * SPDX-License-Identifier: MIT
 * gen/tablegen/cwrite.c - tablegen's C writer: the string pool as one
 * literal, comment lines, records as designated initializers (a field at
 * zero left out) and tables of numbers, all to the output cw_set_output
 * names (cwrite.h).
 */
#include <stdio.h>
#include <stdint.h>
#include "cwrite.h"

/*
 * Records are written with designated initializers, one per line; a field
 * whose value is zero is left out (it is zero all the same). Numbers that
 * are bit sets, codes or values are hex, indexes and string offsets decimal.
 */
static int nfld;
static FILE *out;

void cw_set_output(FILE *f)
{
	out = f;
}

/* pp_strs: the builder's string pool as one literal */
void cw_emit_strs(const struct pp_builder *b)
{
	fputs("/* pp_strs: every string of the tables below, NUL-terminated; records hold offsets "
	      "into it (0 is the empty string) */\n", out);
	fprintf(out, "static const char pp_strs[%u] =\n\"", b->nstrs);
	unsigned col = 0;
	int prev_hex = 0;
	for (uint32_t i = 0; i + 1 < b->nstrs; i++) {
		unsigned char c = (unsigned char)b->strs[i];
		if (col > 100) {
			fputs("\"\n\"", out);
			col = 0;
			prev_hex = 0;
		}
		if (c == '"' || c == '\\') {
			fprintf(out, "\\%c", c);
			col += 2;
			prev_hex = 0;
		} else if (c >= 0x20 && c < 0x7f && !(prev_hex && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))) {
			fputc(c, out);
			col++;
			prev_hex = 0;
		} else if (c == 0) {
			fputs("\\0", out);
			col += 2;
			/* "\0" followed by a digit would be read as an octal escape */
			prev_hex = 0;
			if (i + 1 < b->nstrs && b->strs[i + 1] >= '0' && b->strs[i + 1] <= '7') {
				fputs("\"\"", out);
				col += 2;
			}
		} else {
			fprintf(out, "\\x%02x", c);
			col += 4;
			prev_hex = 1;
		}
	}
	/* the final NUL of the array is the literal's own terminator */
	fputs("\";\n\n", out);
}

/* a comment line; text from the schema cannot close it early */
void cw_comment(const char *table, const char *what, const char *schema_desc)
{
	fprintf(out, "/* %s: %s", table, what);
	if (schema_desc) {
		fputs(" (schema: ", out);
		for (const char *c = schema_desc; *c; c++) {
			fputc(*c, out);
			if (c[0] == '*' && c[1] == '/')
				fputc(' ', out);
		}
		fputc(')', out);
	}
	fputs(" */\n", out);
}

void cw_fld(const char *name, unsigned long long v, int hex)
{
	if (!v)
		return;
	fprintf(out, "%s.%s = ", nfld++ ? ", " : "", name);
	if (hex || v > 0x7fffffffULL)
		fprintf(out, v > 0xffffffffULL ? "0x%llxULL" : "0x%llxu", v);
	else
		fprintf(out, "%llu", v);
}

void cw_open_rec(void)
{
	nfld = 0;
	fputs("{ ", out);
}

void cw_close_rec(void)
{
	fputs(nfld ? " },\n" : "0 },\n", out);
}

/* the array header: a table of n records (an empty table still has one) */
void cw_open_table(const char *type, const char *name, uint32_t n)
{
	fprintf(out, "static const %s %s[%u] = {\n", type, name, n ? n : 1);
}

/* the k-th number of a table of numbers (sixteen to a line), and the table's end */
void cw_put_num(uint32_t k, uint32_t v)
{
	fprintf(out, "%u,%s", v, (k % 16 == 15) ? "\n" : "");
}

void cw_close_nums(void)
{
	fputs("\n};\n\n", out);
}

/* a table of the n numbers of v */
void cw_emit_nums(const char *type, const char *name, const uint32_t *v, uint32_t n)
{
	cw_open_table(type, name, n);
	for (uint32_t i = 0; i < n; i++)
		cw_put_num(i, v[i]);
	cw_close_nums();
}

