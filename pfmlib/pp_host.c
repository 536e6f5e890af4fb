/*
 * pp_host.c - host identity: the override variable, dispatch to the
 * architecture's detection, pattern matching and the sysfs/procfs root.
 */
#include <regex.h>
#include <stdio.h>
#include <string.h>
#include "pp_engine.h"
#include "pp_host.h"

const char *pp_host_path(char *buf, size_t sz, const char *path)
{
	const char *root = pp_getenv("LIBPFM_SYSROOT");
	snprintf(buf, sz, "%s%s", root ? root : "", path);
	return buf;
}

int pp_host_identify(struct pp_host *h)
{
	h->n = 0;
	const char *o = pp_getenv("LIBPFM_CPUID");
	if (o && *o) {
		while (*o && h->n < PP_MAX_IDENTITIES) {
			size_t l = strcspn(o, ",");
			if (l && l < PP_IDENTITY_LEN) {
				memcpy(h->id[h->n], o, l);
				h->id[h->n][l] = '\0';
				h->n++;
			}
			o += l + (o[l] == ',');
		}
		pp_debug("host identity forced by LIBPFM_CPUID (%d entries)", h->n);
		return h->n;
	}
#if defined(__x86_64__) || defined(__i386__)
	pp_host_identify_x86(h);
#endif
	for (int i = 0; i < h->n; i++)
		pp_debug("host identity: %s", h->id[i]);
	return h->n;
}

/*
 * perf's mapfile patterns are extended regular expressions that must match
 * the whole identity. x86 identities carry a stepping ("GenuineIntel-6-55-4")
 * that most patterns omit, so the identity without its last component is
 * tried as well.
 */
int pp_host_match(const char *pattern, const char *identity)
{
	char anchored[512];
	regex_t re;
	if ((size_t)snprintf(anchored, sizeof(anchored), "^(%s)$", pattern) >= sizeof(anchored))
		return 0;
	if (regcomp(&re, anchored, REG_EXTENDED | REG_NOSUB)) {
		pp_verbose("invalid match pattern '%s'", pattern);
		return 0;
	}
	int ok = !regexec(&re, identity, 0, NULL, 0);
	if (!ok) {
		char shorter[PP_IDENTITY_LEN];
		const char *dash = strrchr(identity, '-');
		if (dash && (size_t)(dash - identity) < sizeof(shorter)) {
			memcpy(shorter, identity, (size_t)(dash - identity));
			shorter[dash - identity] = '\0';
			ok = !regexec(&re, shorter, 0, NULL, 0);
		}
	}
	regfree(&re);
	return ok;
}
