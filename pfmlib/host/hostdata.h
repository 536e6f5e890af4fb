/*
 * SPDX-License-Identifier: MIT
 * host/hostdata.h - facts about CPUs that the host readers need, compiled
 * from arch/<arch>/host.yaml into build/gen/pp_hostdata.c by
 * gen/hostdata/gen-hostdata.py: tables of name -> number.
 */
#ifndef PP_HOST_HOSTDATA_H
#define PP_HOST_HOSTDATA_H

struct pp_hostdata_entry {
	const char *name;
	unsigned int value;
};

/* arch/powerpc/host.yaml cpu_names: processor name -> PVR version */
extern const struct pp_hostdata_entry pp_hostdata_powerpc_cpu_names[];
extern const unsigned int pp_hostdata_powerpc_cpu_names_n;

#endif /* PP_HOST_HOSTDATA_H */
