/* perf_attr_dump.c: prints the perf_event_attr that PFM_OS_PERF_EVENT_EXT yields for an event. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <perfmon/pfmlib_perf_event.h>

#include "perf_attr_dump.h"

static void field_dec(const char *name, uint64_t v)
{
	printf("\t%-15s: %" PRIu64 "\n", name, v);
}

static void field_hex(const char *name, uint64_t v)
{
	printf("\t%-15s: 0x%" PRIx64 "\n", name, v);
}

int perf_attr_dump(const char *evstr)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	char *fstr = NULL;
	int ret;

	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	arg.attr = &attr;
	arg.fstr = &fstr;

	ret = pfm_get_os_event_encoding(evstr, PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg);
	if (ret != PFM_SUCCESS)
		return ret;

	/* the encoding's own outputs, aligned like check_events' lines */
	printf("Perf   Event   : %s\n", fstr ? fstr : "");
	printf("Perf   cpu     : %d\n", arg.cpu);
	printf("Perf   flags   : 0x%x\n", (unsigned int)arg.flags);

	/* the attr fields an event string can set */
	printf("perf_event_attr:\n");
	field_dec("type", attr.type);
	field_hex("config", attr.config);
	field_hex("config1", attr.config1);
	field_hex("config2", attr.config2);
	field_dec("sample_period", attr.sample_period);
	field_dec("freq", attr.freq);
	field_dec("exclude_user", attr.exclude_user);
	field_dec("exclude_kernel", attr.exclude_kernel);
	field_dec("exclude_hv", attr.exclude_hv);
	field_dec("exclude_idle", attr.exclude_idle);
	field_dec("exclude_host", attr.exclude_host);
	field_dec("exclude_guest", attr.exclude_guest);
	field_dec("precise_ip", attr.precise_ip);
	field_dec("pinned", attr.pinned);
	field_dec("exclusive", attr.exclusive);
	free(fstr);
	return PFM_SUCCESS;
}
