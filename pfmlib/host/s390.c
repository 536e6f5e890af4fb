/*
 * SPDX-License-Identifier: MIT
 * host/s390.c - IBM Z host identity in the form perf's s390 mapfile
 * expects: "<manufacturer>,<type>,<model words...>[,<cf version>,<authorization>]",
 * e.g. "IBM,3931,A01,703,3.7,002f". Manufacturer, Type and the first "Model:"
 * line come from /proc/sysinfo; the counter-facility version and
 * authorization from the "CPU-MF:" line of /proc/service_levels (absent on
 * z/VM guests). Without /proc/sysinfo, the machine type of /proc/cpuinfo
 * gives "IBM,<type>".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/readers.h"

#define WORD_LEN 48

/* append the blank-separated words of val to dst, joined by sep */
static void join_words(char *dst, size_t sz, const char *val, const char *sep)
{
	while (*val) {
		val += strspn(val, " \t");
		size_t l = strcspn(val, " \t");
		if (!l)
			break;
		size_t used = strlen(dst);
		if (used + strlen(sep) + l < sz)
			snprintf(dst + used, sz - used, "%s%.*s", used ? sep : "", (int)l, val);
		val += l;
	}
}

/* Manufacturer, Type and Model of /proc/sysinfo; 1 when all three were found */
static int read_sysinfo(const char *f, char *mfr, char *type, char *model)
{
	char line[512], *key, *val;
	while (pp_host_getline(&f, line, sizeof(line))) {
		if (!pp_host_kv(line, &key, &val))
			continue;
		if (!strcmp(key, "Manufacturer"))
			join_words(mfr, WORD_LEN, val, "");
		else if (!strcmp(key, "Type"))
			join_words(type, WORD_LEN, val, "");
		else if (!strcmp(key, "Model")) {
			/* model capacity, then the model (may be omitted) */
			join_words(model, WORD_LEN, val, ",");
			break;
		}
	}
	return mfr[0] && type[0] && model[0];
}

/* "CPU-MF: Counter facility: version=3.7 authorization=002f" */
static void read_service_levels(const char *f, char *version, char *auth)
{
	char line[512];
	while (pp_host_getline(&f, line, sizeof(line))) {
		if (strncmp(line, "CPU-MF:", 7))
			continue;
		/* the blank-separated words after the tag */
		for (const char *w = line + 7 + strspn(line + 7, " \t"); *w; w += strspn(w, " \t")) {
			int l = (int)strcspn(w, " \t");
			if (!strncmp(w, "version=", 8) && !version[0])
				snprintf(version, WORD_LEN, "%.*s", l - 8, w + 8);
			else if (!strncmp(w, "authorization=", 14) && !auth[0])
				snprintf(auth, WORD_LEN, "%.*s", l - 14, w + 14);
			w += l;
		}
	}
}

/* machine type (4 hex digits) from "machine : 3931" or "processor 0: ... machine = 3931" */
static void read_cpuinfo_type(const char *f, char *type)
{
	char line[512];
	while (!type[0] && pp_host_getline(&f, line, sizeof(line))) {
		char *p = strstr(line, "machine");
		if (!p)
			continue;
		p += 7;
		p += strspn(p, " \t");
		if (*p != ':' && *p != '=')
			continue;
		p++;
		p += strspn(p, " \t");
		size_t l = strspn(p, "0123456789abcdefABCDEF");
		if (l == 4 && (!p[4] || p[4] == ' ' || p[4] == '\t' || p[4] == ','))
			snprintf(type, WORD_LEN, "%.4s", p);
	}
}

int pp_s390_parse(const char *sysinfo, const char *service_levels, const char *cpuinfo, struct pp_host *h)
{
	char mfr[WORD_LEN] = "", type[WORD_LEN] = "", model[WORD_LEN] = "";
	char version[WORD_LEN] = "", auth[WORD_LEN] = "", id[PP_IDENTITY_LEN];
	int full = sysinfo && read_sysinfo(sysinfo, mfr, type, model);
	if (!full) {
		if (!cpuinfo)
			return h->n;
		type[0] = '\0';
		read_cpuinfo_type(cpuinfo, type);
		if (!type[0])
			return h->n;
		snprintf(mfr, sizeof(mfr), "IBM");
	}
	if (service_levels)
		read_service_levels(service_levels, version, auth);
	int cf = version[0] && auth[0];
	if ((size_t)snprintf(id, sizeof(id), "%s,%s%s%s%s%s%s%s", mfr, type, full ? "," : "",
			     full ? model : "", cf ? "," : "", cf ? version : "", cf ? "," : "",
			     cf ? auth : "") < sizeof(id))
		pp_host_add(h, id);
	return h->n;
}

int pp_host_identify_s390(struct pp_host *h)
{
	char *si = pp_host_read("/proc/sysinfo");
	char *sl = pp_host_read("/proc/service_levels");
	char *ci = si ? NULL : pp_host_read("/proc/cpuinfo");
	pp_s390_parse(si, sl, ci, h);
	free(si);
	free(sl);
	free(ci);
	return h->n;
}
