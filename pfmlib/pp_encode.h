/*
 * pp_encode.h - the one encoder: from a parsed event string to register
 * values (config, config1, config2), privilege levels and OS attribute
 * values, driven only by the PMU descriptor (format fields, sets, groups,
 * rules, modifiers). The OS layers turn the result into codes[] or a
 * perf_event_attr; pp_fstr builds libpfm4's fully qualified string.
 */
#ifndef PP_ENCODE_H
#define PP_ENCODE_H

#include <stdint.h>
#include "pp_engine.h"
#include "pp_parse.h"
#include "pp_os_layer.h"

#define PP_MAX_SEL   64		/* unit masks in one encoding (libpfm4: 64 attributes) */
#define PP_MAX_MODS  32		/* PMU modifiers a PMU may have (pp_event.mods is 32 bits) */

/* one encoded event */
struct pp_enc {
	const struct pp_pmu_rt *pmu;
	const struct pp_event *ev;
	int ev_num;			/* event number within the PMU */
	pfm_os_t os;
	int raw_name;			/* event written r<hex>: raw_val replaces its first set */
	const struct pp_alias *exact_alias;	/* reached through this exact alias, or NULL */
	uint64_t raw_val;

	/* selected unit masks (absolute indexes), in event (table) order */
	uint32_t sel[PP_MAX_SEL];
	uint8_t  sel_dfl[PP_MAX_SEL];	/* 1 = added as a default, not named */
	int nsel;

	/* PMU modifiers, by position in the PMU's list */
	uint64_t mod_val[PP_MAX_MODS];
	uint64_t mod_given;		/* named in the string (or by an equiv) */
	uint64_t mod_preset;		/* value imposed by a selected unit mask */

	/* perf_events attributes, by enum pp_perf_attr */
	uint64_t os_val[PP_PA_COUNT];
	uint32_t os_given;

	unsigned int plm;		/* final PFM_PLM* bits */
	uint64_t reg[PP_NREGS];		/* config, config1, config2 (raw_bits excluded) */
	uint64_t raw[PP_NREGS];		/* raw_bits values, for PFM_OS_NONE */
};

/*
 * Encode the parsed event p for layer os with default privilege levels
 * dfl_plm. Returns PFM_SUCCESS or a PFM_ERR_* code (with a pp_verbose
 * message saying what was wrong).
 */
int pp_encode(const struct pp_parsed *p, pfm_os_t os, int dfl_plm, struct pp_enc *e) PP_HIDDEN;

/* libpfm4's fully qualified event string for e (malloc'd), NULL on OOM */
char *pp_fstr(const struct pp_enc *e) PP_HIDDEN;

/* number of uint64 codes of e under PFM_OS_NONE */
int pp_enc_ncodes(const struct pp_enc *e) PP_HIDDEN;
/* perf_event_attr.precise_ip of e: `precise`, else 1 with hw_smpl, else 0 */
unsigned int pp_enc_precise_ip(const struct pp_enc *e) PP_HIDDEN;


/* check pmu's tables and encode each event alone; problems printed to fp, 0 when none */
int pp_validate_pmu(const struct pp_pmu_rt *pmu, FILE *fp) PP_HIDDEN;

/* ---- descriptor data not (yet) in every table: one place to read it ---- */
unsigned int pp_mod_code(const struct pp_pmu_rt *pmu, uint32_t mi) PP_HIDDEN;
uint64_t pp_mod_min(const struct pp_pmu_rt *pmu, uint32_t mi) PP_HIDDEN;
uint32_t pp_mod_requires(const struct pp_pmu_rt *pmu, uint32_t mi) PP_HIDDEN;
const char *pp_umask_equiv(const struct pp_pmu_rt *pmu, uint32_t ui) PP_HIDDEN;
uint32_t pp_event_perf_attrs(const struct pp_pmu_rt *pmu, const struct pp_event *ev,
			     int *verbatim) PP_HIDDEN;
int pp_event_hw_smpl(const struct pp_event *ev) PP_HIDDEN;
/* modifier mi (absolute) is accepted by event ev */
static inline int pp_mod_ok(const struct pp_pmu_rt *pmu, const struct pp_event *ev, uint32_t mi)
{
	uint32_t pos = mi - pmu->p->first_mod;
	return pos < 32 && (ev->mods >> pos) & 1;
}

/*
 * Parse and encode str for layer os into freshly allocated *p and *e (the
 * caller frees both, also on error): the first step of every OS layer.
 * Returns a PFM_ERR_* code.
 */
int pp_os_parse_encode(const char *str, pfm_os_t os, int dfl_plm, struct pp_parsed **p,
		       struct pp_enc **e) PP_HIDDEN;

#endif /* PP_ENCODE_H */
