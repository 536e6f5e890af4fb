/*
 * SPDX-License-Identifier: MIT
 * print.c - the printed forms of an encoding (print.h): one list of the
 * perf_event_attr fields an event string sets, walked by every form.
 */
#include <inttypes.h>
#include <stdio.h>
#include "print.h"

const char *tl_err_name(int r)
{
	static char other[32];
	switch (r) {
	case PFM_SUCCESS: return "ok";
	case PFM_ERR_NOTSUPP: return "PFM_ERR_NOTSUPP";
	case PFM_ERR_INVAL: return "PFM_ERR_INVAL";
	case PFM_ERR_NOINIT: return "PFM_ERR_NOINIT";
	case PFM_ERR_NOTFOUND: return "PFM_ERR_NOTFOUND";
	case PFM_ERR_FEATCOMB: return "PFM_ERR_FEATCOMB";
	case PFM_ERR_UMASK: return "PFM_ERR_UMASK";
	case PFM_ERR_NOMEM: return "PFM_ERR_NOMEM";
	case PFM_ERR_ATTR: return "PFM_ERR_ATTR";
	case PFM_ERR_ATTR_VAL: return "PFM_ERR_ATTR_VAL";
	case PFM_ERR_ATTR_SET: return "PFM_ERR_ATTR_SET";
	case PFM_ERR_TOOMANY: return "PFM_ERR_TOOMANY";
	case PFM_ERR_TOOSMALL: return "PFM_ERR_TOOSMALL";
	}
	snprintf(other, sizeof(other), "error %d", r);
	return other;
}

/* the perf_event_attr fields an event string can set, in the order of the field list */
enum field { F_TYPE, F_CONFIG, F_CONFIG1, F_CONFIG2, F_PERIOD, F_FREQ,
	     F_XUSER, F_XKERNEL, F_XHV, F_XIDLE, F_XHOST, F_XGUEST,
	     F_PRECISE, F_PINNED, F_EXCLUSIVE, F_N };

static const struct {
	const char *name;	/* the perf_event_attr member */
	const char *exclude;	/* what an exclude_* bit leaves out, for the golden form */
	int hex;
} fields[F_N] = {
	[F_TYPE] = { "type", NULL, 0 },
	[F_CONFIG] = { "config", NULL, 1 },
	[F_CONFIG1] = { "config1", NULL, 1 },
	[F_CONFIG2] = { "config2", NULL, 1 },
	[F_PERIOD] = { "sample_period", NULL, 0 },
	[F_FREQ] = { "freq", NULL, 0 },
	[F_XUSER] = { "exclude_user", "user", 0 },
	[F_XKERNEL] = { "exclude_kernel", "kernel", 0 },
	[F_XHV] = { "exclude_hv", "hv", 0 },
	[F_XIDLE] = { "exclude_idle", "idle", 0 },
	[F_XHOST] = { "exclude_host", "host", 0 },
	[F_XGUEST] = { "exclude_guest", "guest", 0 },
	[F_PRECISE] = { "precise_ip", NULL, 0 },
	[F_PINNED] = { "pinned", NULL, 0 },
	[F_EXCLUSIVE] = { "exclusive", NULL, 0 },
};

static uint64_t field(const struct perf_event_attr *a, enum field k)
{
	switch (k) {
	case F_TYPE: return a->type;
	case F_CONFIG: return a->config;
	case F_CONFIG1: return a->config1;
	case F_CONFIG2: return a->config2;
	case F_PERIOD: return a->sample_period;	/* sample_freq when freq is set: a union */
	case F_FREQ: return a->freq;
	case F_XUSER: return a->exclude_user;
	case F_XKERNEL: return a->exclude_kernel;
	case F_XHV: return a->exclude_hv;
	case F_XIDLE: return a->exclude_idle;
	case F_XHOST: return a->exclude_host;
	case F_XGUEST: return a->exclude_guest;
	case F_PRECISE: return a->precise_ip;
	case F_PINNED: return a->pinned;
	case F_EXCLUSIVE: return a->exclusive;
	case F_N: break;
	}
	return 0;
}

static const char *fstr_or(int has, const char *fstr, const char *none)
{
	return has ? fstr : none;
}

void tl_print_none_golden(FILE *f, const struct tl_none *n)
{
	fputs(tl_err_name(n->ret), f);
	if (n->ret != PFM_SUCCESS)
		return;
	fputs(" codes=", f);
	for (int i = 0; i < n->count && i < TL_MAX_CODES; i++)
		fprintf(f, "%s0x%" PRIx64, i ? "," : "", n->codes[i]);
	fprintf(f, " fstr=%s", fstr_or(n->has_fstr, n->fstr, "(null)"));
}

void tl_print_perf_golden(FILE *f, const struct tl_perf *x)
{
	const struct perf_event_attr *a = &x->attr;
	const char *sep = "";

	fputs(tl_err_name(x->ret), f);
	if (x->ret != PFM_SUCCESS)
		return;
	for (enum field k = F_TYPE; k <= F_CONFIG2; k++)
		fprintf(f, fields[k].hex ? " %s=0x%" PRIx64 : " %s=%" PRIu64, fields[k].name, field(a, k));
	fputs(" exclude=", f);
	for (enum field k = F_XUSER; k <= F_XGUEST; k++)
		if (field(a, k)) {
			fprintf(f, "%s%s", sep, fields[k].exclude);
			sep = ",";
		}
	if (!*sep)
		fputs("-", f);
	if (a->precise_ip)
		fprintf(f, " precise_ip=%u", a->precise_ip);
	if (a->freq)
		fprintf(f, " freq=1 sample_freq=%" PRIu64, (uint64_t)a->sample_freq);
	else if (a->sample_period)
		fprintf(f, " sample_period=%" PRIu64, (uint64_t)a->sample_period);
	if (a->pinned)
		fputs(" pinned=1", f);
	if (a->exclusive)
		fputs(" exclusive=1", f);
	fprintf(f, " cpu=%d fstr=%s", x->cpu, fstr_or(x->has_fstr, x->fstr, "(null)"));
}

void tl_print_none_tab(FILE *f, const struct tl_none *n)
{
	fprintf(f, "%d", n->ret);
	if (n->ret != PFM_SUCCESS)
		return;
	fprintf(f, "\t%d\t", n->count);
	for (int i = 0; i < n->count && i < TL_MAX_CODES; i++)
		fprintf(f, "%s%" PRIx64, i ? "," : "", n->codes[i]);
	fprintf(f, "\t%s", fstr_or(n->has_fstr, n->fstr, "-"));
}

unsigned long tl_attr_bits(const struct perf_event_attr *a)
{
	unsigned long b = 0;
	int i = 0;
#define BIT(x) b |= (unsigned long)(!!(x)) << i++
	BIT(a->disabled); BIT(a->inherit); BIT(a->pinned); BIT(a->exclusive);
	BIT(a->exclude_user); BIT(a->exclude_kernel); BIT(a->exclude_hv);
	BIT(a->exclude_idle); BIT(a->mmap); BIT(a->comm); BIT(a->freq);
	BIT(a->inherit_stat); BIT(a->enable_on_exec); BIT(a->task);
	BIT(a->watermark); BIT(a->mmap_data); BIT(a->sample_id_all);
	BIT(a->exclude_host); BIT(a->exclude_guest);
	BIT(a->exclude_callchain_kernel); BIT(a->exclude_callchain_user);
#undef BIT
	return b | (unsigned long)a->precise_ip << 24;
}

void tl_print_perf_tab(FILE *f, const struct tl_perf *x)
{
	const struct perf_event_attr *a = &x->attr;

	fprintf(f, "%d", x->ret);
	if (x->ret != PFM_SUCCESS)
		return;
	fprintf(f, "\t%" PRIu64, field(a, F_TYPE));
	for (enum field k = F_CONFIG; k <= F_CONFIG2; k++)
		fprintf(f, " %" PRIx64, field(a, k));
	fprintf(f, " %lx %" PRIu64 " %d %d\t%s", tl_attr_bits(a), field(a, F_PERIOD), x->flags, x->cpu,
		fstr_or(x->has_fstr, x->fstr, "-"));
}

void tl_print_perf_fields(FILE *f, const struct tl_perf *x)
{
	/* the encoding's own outputs, aligned like check_events' lines */
	fprintf(f, "Perf   Event   : %s\n", fstr_or(x->has_fstr, x->fstr, ""));
	fprintf(f, "Perf   cpu     : %d\n", x->cpu);
	fprintf(f, "Perf   flags   : 0x%x\n", (unsigned int)x->flags);
	fputs("perf_event_attr:\n", f);
	for (enum field k = 0; k < F_N; k++)
		fprintf(f, fields[k].hex ? "\t%-15s: 0x%" PRIx64 "\n" : "\t%-15s: %" PRIu64 "\n",
			fields[k].name, field(&x->attr, k));
}
