/* perf_attr_dump.h: check_events -P, the perf_event_attr of an event string. */
#ifndef TOOLS_PERF_ATTR_DUMP_H
#define TOOLS_PERF_ATTR_DUMP_H

/*
 * Encodes evstr with PFM_OS_PERF_EVENT_EXT at privilege levels 0 and 3
 * (the same default check_events uses) and prints the fields of the
 * resulting perf_event_attr, one "Perf <field> : value" line each.
 * Returns the library's error code (PFM_SUCCESS when printed).
 */
int perf_attr_dump(const char *evstr);

#endif
