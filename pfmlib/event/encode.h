/*
 * SPDX-License-Identifier: MIT
 * event/encode.h - the one encoder: from a parsed event string to register
 * values (config, config1, config2), privilege levels and perf_events
 * attribute values, driven only by the PMU descriptor (format fields, sets,
 * groups, rules, modifiers). The result holds everything the OS layers (os/)
 * write, settled: codes[], the perf_event_attr's values, and (when asked) the
 * spelling of libpfm4's fully qualified string; os/ formats it and looks
 * nothing up.
 */
#ifndef PP_EVENT_ENCODE_H
#define PP_EVENT_ENCODE_H

#include <stdint.h>
#include <stdio.h>
#include "event/attrs.h"
#include "event/parse.h"

#define PP_MAX_SEL   64		/* unit masks in one encoding (libpfm4: 64 attributes) */
#define PP_MAX_MODS  32		/* PMU modifiers a PMU may have (pp_event.mods is 32 bits) */

/* the two spellings of an fstr: libpfm4 4.13's (every selected unit mask,
 * every modifier the layer shows), or the strict one that always encodes the
 * same again (only what the string named or a unit mask set) */
enum pp_spelling { PP_SPELL_LIBPFM4, PP_SPELL_STRICT };

/* one encoded event */
struct pp_enc {
	const struct pp_pmu_rt *pmu;
	const struct pp_pmu_index *ix;	/* the PMU's modifiers and fields by position (event/pmu_index.h) */
	const struct pp_event *ev;
	int ev_num;			/* event number within the PMU */
	const struct pp_view *view;	/* what the OS layer shows of the event */
	int raw_name;			/* event written r<hex>: raw_val replaces its first set */
	const struct pp_alias *exact_alias;	/* reached through this exact alias, or NULL */
	const struct pp_event *named_ev;	/* the event named, when ev is its equivalent, or NULL */
	int dfl_plm;			/* the caller's default privilege levels */
	uint64_t raw_val;
	int has_raw_umask;		/* a unit mask written as a number (:0x41) */
	int named_umask;		/* the string named a unit mask (not through an event equivalent) */
	uint64_t raw_umask;		/* that number, in place of every unit mask */
	uint32_t regs_given;		/* registers a value was written to, even 0 (bit per enum pp_reg) */
	uint32_t fallback_regs;		/* registers an event fallback filled (bit per enum pp_reg) */

	/* selected unit masks (absolute indexes), in event (table) order */
	uint32_t sel[PP_MAX_SEL];
	uint8_t  sel_dfl[PP_MAX_SEL];	/* 1 = added as a default, not named */
	/* (written whole before they are read: left out of pp_encode's clearing) */
	uint64_t codes[PP_NREGS];	/* PFM_OS_NONE codes: reg[] without perf-only bits, with the raw ones */
	uint64_t attr_shown[PP_PA_COUNT];	/* the value libpfm4 writes for each attribute of attr_mask
						 * (pp_enc_spell) */
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
	uint64_t raw[PP_NREGS];		/* raw_bits and raw_fields values, for the PMU's own codes */
	uint64_t perf_only[PP_NREGS];	/* bits of reg[] the PMU's own codes leave out (raw_format) */

	/* what the OS layers write, settled by pp_encode */
	int ncodes;			/* codes[]: config, then config1, config2 when used */
	unsigned int precise_ip;	/* `precise`, else 1 with hw_smpl, else 0 */
	/* mg and mh by value, 0 when not given: guest execution is counted with
	 * mg=1, host execution is left out with mg=1 and mh=0 (as libpfm4 when
	 * both are given) */
	int mg, mh;
	/* the perf_events layers only (a view that offers attributes) */
	uint32_t perf_type;		/* attr.type: the event's, else its PMU's; PP_NONE: none */
	int cpu;			/* the cpu given, else the PMU's default (-1: none) */
	int filters_hv;			/* the PMU filters the hypervisor level */

	/* the fstr (pp_enc_spell of event/spelling.h, when the caller asks for one) */
	uint32_t attr_mask;		/* perf_events attributes the view shows of the event */
	enum pp_spelling spell;
	uint32_t mods_shown;		/* positions of the PMU modifiers that spelling writes */
};

/*
 * Encode the parsed event p in view v (parsed in the same view) with default
 * privilege levels dfl_plm. Returns PFM_SUCCESS or a PFM_ERR_* code (with a
 * LIBPFM_VERBOSE message saying what was wrong).
 */
int pp_encode(const struct pp_parsed *p, const struct pp_view *v, int dfl_plm, struct pp_enc *e);

/* e's selected unit masks pass the checks of named ones (exclusivity, rules), silently */
int pp_enc_selection_ok(const struct pp_enc *e);

/* a selected unit mask sets, presets or requires field fi (absolute index) */
int pp_enc_umask_uses_field(const struct pp_enc *e, uint32_t fi);

/* a selected unit mask takes no PMU modifier (schema: no_modifiers) */
int pp_enc_no_mods(const struct pp_enc *e);

/* the PMU modifiers (positions) the view shows on the registers, among
 * within (bit per enum pp_reg), that the event's fallbacks fill, with in
 * v[i] what the fallbacks hold in modifier i's field; *filled: every
 * register the fallbacks fill (0 for an event without one) */
uint32_t pp_enc_fallback_mods(const struct pp_enc *e, uint32_t within, uint64_t v[PP_MAX_MODS], uint32_t *filled);

/* parse and encode str in view v into *p and *e (caller-owned); PFM_SUCCESS or PFM_ERR_* */
int pp_event_encode(const char *str, const struct pp_view *v, int dfl_plm, struct pp_parsed *p,
		    struct pp_enc *e);

/* check pmu's tables and encode each event alone in view v; problems printed to fp, 0 when none */
int pp_validate_pmu(const struct pp_pmu_rt *pmu, const struct pp_view *v, FILE *fp);

#endif /* PP_EVENT_ENCODE_H */
