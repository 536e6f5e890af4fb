/*
 * host/x86.c - x86 host identity from cpuid, in perf's format
 * "<vendor>-<family>-<MODEL>-<STEPPING>" (family decimal, model and
 * stepping upper-case hex), e.g. "AuthenticAMD-26-2-0".
 */
#include <stdio.h>
#include <string.h>
#include "host/readers.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

int pp_host_identify_x86(struct pp_host *h)
{
	unsigned int a, b, c, d;
	char vendor[13];
	if (h->n >= PP_MAX_IDENTITIES || !__get_cpuid(0, &a, &b, &c, &d))
		return h->n;
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = '\0';
	if (a < 1 || !__get_cpuid(1, &a, &b, &c, &d))
		return h->n;
	unsigned int family = (a >> 8) & 0xf, model = (a >> 4) & 0xf, stepping = a & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	if (family == 0x6 || family >= 0xf)
		model |= ((a >> 16) & 0xf) << 4;
	snprintf(h->id[h->n], PP_IDENTITY_LEN, "%s-%u-%X-%X", vendor, family, model, stepping);
	return ++h->n;
}
#else
int pp_host_identify_x86(struct pp_host *h)
{
	return h->n;
}
#endif
