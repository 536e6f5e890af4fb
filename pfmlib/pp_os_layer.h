/*
 * pp_os_layer.h - the OS layers (PFM_OS_NONE, PFM_OS_PERF_EVENT,
 * PFM_OS_PERF_EVENT_EXT): which attributes each layer adds or hides, and the
 * per-layer halves of an encoding (argument checks, output, fstr suffix).
 * The attribute numbers are libpfm4's perf_events attribute codes.
 */
#ifndef PP_OS_LAYER_H
#define PP_OS_LAYER_H

#include <stdint.h>
#include "pp_engine.h"

/* enum pp_perf_attr (pp_table.h): perf_events attributes by libpfm4 code */
#define PP_PA_BIT(a) (1u << (a))
/* the attributes PFM_OS_PERF_EVENT keeps; PFM_OS_PERF_EVENT_EXT keeps all */
#define PP_PA_BASIC (PP_PA_BIT(PP_PA_U) | PP_PA_BIT(PP_PA_K) | PP_PA_BIT(PP_PA_H) | \
		     PP_PA_BIT(PP_PA_MG) | PP_PA_BIT(PP_PA_MH))

struct pp_perf_attr_desc {
	const char *name;
	const char *desc;
	int type;		/* PFM_ATTR_MOD_BOOL or PFM_ATTR_MOD_INTEGER */
};
extern const struct pp_perf_attr_desc pp_perf_attrs[PP_PA_COUNT] PP_HIDDEN;

/* perf_events attributes event ev offers under os (bit n = code n), in code order */
uint32_t pp_os_attr_mask(pfm_os_t os, const struct pp_pmu_rt *pmu,
			 const struct pp_event *ev) PP_HIDDEN;
/* PMU modifier mi (absolute index) is replaced by the OS layer os */
int pp_os_hides_mod(pfm_os_t os, const struct pp_pmu_rt *pmu, uint32_t mi) PP_HIDDEN;
/* os is one of the three layers */
static inline int pp_os_valid(pfm_os_t os)
{
	return os == PFM_OS_NONE || os == PFM_OS_PERF_EVENT || os == PFM_OS_PERF_EVENT_EXT;
}
static inline int pp_os_is_perf(pfm_os_t os)
{
	return os == PFM_OS_PERF_EVENT || os == PFM_OS_PERF_EVENT_EXT;
}

/*
 * Check a caller's argument structure of declared size usize (0 = abi0):
 * PFM_ERR_INVAL when smaller than abi0 or when a byte past `known` is not 0.
 * *eff gets the number of bytes both sides know.
 */
int pp_os_check_size(const void *arg, size_t usize, size_t abi0, size_t known, size_t *eff) PP_HIDDEN;

/* the layers' encoders (arguments checked, str parsed and encoded) */
int pp_os_none_encode(const char *str, int dfl_plm, pfm_pmu_encode_arg_t *arg) PP_HIDDEN;
int pp_os_perf_encode(const char *str, int dfl_plm, pfm_os_t os, void *arg) PP_HIDDEN;

#endif /* PP_OS_LAYER_H */
