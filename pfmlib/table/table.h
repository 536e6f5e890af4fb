/*
 * SPDX-License-Identifier: MIT
 * table/table.h - the compact, relocation-free form of PMU descriptors.
 *
 * Every descriptor (built-in, compiled by tablegen, or a plugin loaded at run
 * time) ends up in a struct pp_table: flat arrays of fixed-size records that
 * refer to each other by 32-bit indexes and to strings by 32-bit offsets into
 * one string pool. Generated C contains only these arrays (no pointers), so
 * the shared library needs no relocations for them; the struct pp_table that
 * points at the arrays is filled in by code at start-up.
 *
 * Indexes stored in a record are absolute indexes into the table's arrays;
 * a PMU owns the contiguous ranges [first_x, first_x + nx).
 */
#ifndef PP_TABLE_TABLE_H
#define PP_TABLE_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint32_t pp_str_t;	/* offset into strs; 0 is the empty string. tablegen rebuilds
				 * the pool: every pp_str_t field of the records below must be
				 * listed in pp_tablegen_strs (gen/tablegen/tablegen_compact.c) */

/* registers a format field can live in */
enum pp_reg { PP_REG_CONFIG = 0, PP_REG_CONFIG1 = 1, PP_REG_CONFIG2 = 2, PP_NREGS = 3 };

/* a named bit field of the PMU's format (sysfs notation) */
struct pp_field {
	pp_str_t name;
	uint8_t  reg;		/* enum pp_reg */
	uint8_t  width;		/* number of bits in mask */
	uint16_t flags;		/* PP_FIELD_* */
	uint64_t mask;		/* bits of the register; value bits fill them low to high */
	uint8_t  raw_reg;	/* PP_FIELD_MOVED: the register (code) of PFM_OS_NONE ... */
	uint64_t raw_mask;	/* ... and its bits there (schema: raw_format) */
};

#define PP_FIELD_RAW 0x1	/* values go to PFM_OS_NONE codes only (schema: raw_fields) */
#define PP_FIELD_PERF 0x2	/* values go to perf_events config only (schema: raw_format none) */
#define PP_FIELD_MOVED 0x4	/* PFM_OS_NONE codes hold it at raw_reg/raw_mask (schema: raw_format) */
#define PP_FIELD_RAW_UMASK 0x8	/* a unit mask written as a number is a value of it (schema: raw_umask) */
#define PP_FIELD_CODE 0x10	/* packed into pfm_event_info.code, in format order (schema: code_fields) */

/* a 64-bit number aligned to 4 bytes, so that records holding one need no
 * padding to 8 (GCC and clang: a typedef may lower the alignment) */
typedef uint64_t pp_u64a4 __attribute__((aligned(4)));

/* fields up to PP_SET_FIELD_MAX: the builder refuses more */
#define PP_SET_FIELD_MAX 0xffffffu

/* field = value: one step of an encoding (12 bytes) */
struct pp_set {
	uint32_t field : 24;	/* absolute index into fields */
	uint32_t flags : 8;	/* PP_SET_* */
	pp_u64a4 value;
};

#define PP_SET_SOFT 0x1		/* a default: used only when the string gives no value */
#define PP_SET_FALLBACK 0x4	/* event fallback: used only when its register is otherwise 0 */
#define PP_SET_REQUIRED 0x2	/* no value: the modifier of this field must be given (umask
				 * required_modifiers) */

enum pp_mod_type { PP_MOD_BOOL = 0, PP_MOD_INT = 1 };

/* a libpfm4 modifier of the PMU (u, k, e, i, c, t, ldlat, ...) */
struct pp_modifier {
	pp_str_t name;
	pp_str_t desc;
	uint8_t  type;		/* enum pp_mod_type */
	uint8_t  plm;		/* PFM_PLM* bits this modifier stands for, 0 if none */
	uint8_t  code;		/* libpfm4 attribute code (pfm_event_attr_info.code) */
	uint8_t  requires;	/* modifier (index within the PMU's) that must be >= 1 when
				 * this one is set, or PP_REQ_NONE */
	uint32_t field;		/* absolute field index, or PP_NONE */
	uint32_t min;		/* smallest accepted value */
	uint32_t flags;		/* PP_MOD_F_* */
	uint64_t max;		/* largest accepted value */
	uint32_t enable;	/* absolute field index set to 1 when the modifier's value is not 0, or PP_NONE */
	uint8_t  fstr_rank;	/* 1 + its place in the PMU's fstr_order, 0: not listed (attribute order after those listed) */
	uint8_t  pad[3];
};

#define PP_REQ_NONE 0xff

#define PP_MOD_F_INVERT 0x1	/* bool: the field gets 1 when the value is 0 (schema: invert) */
#define PP_MOD_F_UMASK_REQUIRED 0x2	/* with_umask: required (a named unit mask must set its field) */
#define PP_MOD_F_UMASK_IGNORED  0x4	/* with_umask: ignored (no effect unless a unit mask sets it) */
#define PP_MOD_F_NONE_ONLY 0x8	/* offered under PFM_OS_NONE only (schema: none_only) */
#define PP_MOD_F_PERF_PLM 0x10	/* plm: its field follows the levels under perf_events too (schema: perf_plm) */
#define PP_MOD_F_ENABLE_GIVEN 0x20	/* enable: set when the modifier is given, even =0 (schema: enable_given) */
#define PP_MOD_F_WRITTEN_UNSET 0x40	/* with_umask required: written =0 where no unit mask uses it, and read
					 * back as not set (schema: written_unset) */
/* an integer modifier at 0 that no named unit mask uses reads as not set */
#define PP_MOD_F_IDLE_ZERO (PP_MOD_F_UMASK_IGNORED | PP_MOD_F_WRITTEN_UNSET)

/* perf_events attributes offered by the OS layer: bit n = libpfm4 code n */
enum pp_perf_attr {
	PP_PA_U = 0, PP_PA_K, PP_PA_H, PP_PA_PERIOD, PP_PA_FREQ, PP_PA_PRECISE, PP_PA_EXCL,
	PP_PA_MG, PP_PA_MH, PP_PA_CPU, PP_PA_PINNED, PP_PA_HW_SMPL, PP_PA_COUNT
};

#define PP_NONE 0xffffffffu

/* unit-mask group flags */
#define PP_GRP_REQUIRED  0x1
#define PP_GRP_EXCLUSIVE 0x2
#define PP_GRP_CONFLICT_UMASK 0x4	/* two of an exclusive group: PFM_ERR_UMASK, not FEATCOMB */
#define PP_GRP_MISSING_ATTR 0x8	/* required group with none selected: PFM_ERR_ATTR, not UMASK */

struct pp_group {
	pp_str_t name;
	uint32_t flags;		/* PP_GRP_* */
};

/* rule kinds (schema: forbid_groups, only_groups, when_none_of/add, when_any_of/require) */
enum pp_rule_kind { PP_RULE_FORBID_GROUPS = 1, PP_RULE_ONLY_GROUPS = 2, PP_RULE_ADD_IF_NONE = 3,
		   PP_RULE_REQUIRE = 4, /* when_any_of (groups) given -> require (umask) given */
		   PP_RULE_REQUIRE_GROUPS = 5 /* when (umask) selected -> a umask of require_groups */ };

struct pp_rule {
	uint8_t  kind;		/* enum pp_rule_kind */
	uint8_t  pad[3];
	uint32_t umask;		/* trigger (FORBID/ONLY) or umask to add (ADD_IF_NONE), absolute index */
	uint32_t groups;	/* bit i = the event's i-th group */
	uint32_t pad2;
};

/* event and unit-mask flags */
#define PP_F_DEFAULT      0x01	/* umask: selected when none of its group is given */
#define PP_F_EXCLUSIVE    0x02	/* umask: not combinable within its group */
#define PP_F_PRECISE      0x04
#define PP_F_COMPAT       0x08	/* imported from libpfm4, not in perf's JSON */
#define PP_F_DEPRECATED   0x10
#define PP_F_EXPERIMENTAL 0x20
#define PP_F_HW_SMPL      0x40	/* can be recorded by a hardware buffer (Intel: PEBS) */
#define PP_F_NO_MODS      0x80	/* umask (the bit is PP_F_RAW_NAME on events): selected, the
				 * event takes no PMU modifier (schema: no_modifiers) */
#define PP_F_RAW_NAME     0x80	/* event: written r<hex> in strings; the number replaces
				 * the value of its first set entry (perf_raw) */

struct pp_umask {
	pp_str_t name;
	pp_str_t desc;
	pp_str_t aliases;	/* list: consecutive NUL-terminated strings ended by "" */
	pp_str_t perf;		/* perf's full name or 0 */
	uint64_t code;		/* pfm_event_attr_info.code */
	uint32_t first_set;
	uint16_t nset;
	uint8_t  group;		/* index among the event's groups */
	uint8_t  flags;		/* PP_F_* */
	uint32_t sample_after;
	pp_str_t equiv;		/* libpfm4 equivalent string, 0 = none */
};

/* 72 bytes, no padding */
struct pp_event {
	pp_str_t name;
	pp_str_t desc;
	pp_str_t equiv;		/* 0 = none */
	pp_str_t perf;		/* perf's name of the event itself, 0 if none */
	pp_str_t counters;	/* perf's Counter string, 0 if none */
	uint32_t first_set;
	uint32_t first_umask;
	uint32_t first_group;
	uint32_t first_rule;
	uint32_t mods;		/* bit i = PMU modifier i accepted */
	pp_u64a4 code;		/* pfm_event_info.code */
	uint32_t sample_after;
	uint32_t perf_type;	/* PP_NONE = the PMU's */
	uint16_t nset;
	uint16_t numasks;
	uint8_t  ngroups;
	uint8_t  nrules;
	uint8_t  flags;		/* PP_F_* */
	uint8_t  pad;
	uint16_t perf_attrs;	/* enum pp_perf_attr bits; 0 = the PMU's */
	uint16_t pad2;
	uint32_t required_mods;	/* bit i = PMU modifier i must be given (sysfs `term=?`) */
};

/* a whole name standing for an event string */
struct pp_alias {
	pp_str_t name;
	pp_str_t expansion;
};

/* PMU types: values of pfm_pmu_type_t */
#define PP_PMU_CORE       1
#define PP_PMU_UNCORE     2
#define PP_PMU_OS_GENERIC 3

#define PP_PMU_F_OVERRIDE 0x1	/* plugin replaces the built-in PMU of the same name */
#define PP_PMU_F_FALLBACK 0x2	/* present only when no other core PMU matches the host */
#define PP_PMU_F_VARIANT 0x4	/* another table of the PMU of its name and id, for the hosts it matches */
#define PP_PMU_F_BESIDE 0x8	/* present wherever it matches, beside the best match; searched after other core PMUs */
#define PP_PMU_F_PLM_FROM_CORE 0x10	/* offers perf's h only where the host's core PMU filters the hypervisor */
#define PP_PMU_F_ARCH_PERFMON 0x20	/* presence and events follow the host's cpuid leaf 0xA */
#define PP_PMU_F_NO_EXCLUDE 0x40	/* the kernel PMU takes no exclude_* bit: u, k, mg, mh change nothing */

/*
 * A detection group of the built-in table (registry/detect.c, from
 * tablegen): consecutive candidates of detection in table order (PMUs with
 * match patterns, not OS-generic, not variant tables) that share pattern
 * list, architecture, priority, flags and uncore-ness
 * (pp_pmu_same_detection), so their patterns are matched once. The
 * candidates of the group are those among PMU indexes [first, first +
 * span); PP_DG_BOXES: each is an uncore box with a kernel PMU (perf_pmu),
 * so the group counts only on a host whose kernel runs one of them.
 */
struct pp_dgroup {
	uint32_t first;
	uint16_t span;
	uint16_t flags;
};
#define PP_DG_BOXES 0x1
#define PP_DG_UNITS 0x2	/* a member names the sysfs PMU of its core type (match_unit) */
#define PP_DG_IDENT 0x4	/* a member has identifier patterns */
#define PP_DG_DENSE 0x8	/* every PMU of [first, first + span) is a member */
#define PP_DG_NONE 0xffffu	/* pp_table.dgroup_of of a PMU that is no candidate */

/*
 * Name index: an open-addressing hash table of hash_size (a power of two)
 * uint32 slots starting at first_hash. A slot is 0 when empty, else
 * PP_HASH_ALIAS|(alias index - first_alias + 1) or (event index - first_event + 1).
 * Keys are event names and alias names, hashed by pp_hash_name() (ASCII
 * case ignored); probing is linear.
 */
#define PP_HASH_ALIAS 0x80000000u

struct pp_pmu {
	pp_str_t name;
	pp_str_t desc;
	pp_str_t arch;
	pp_str_t source;
	pp_str_t version;	/* the vendor data's version (mapfile Version), 0: none (pp_version_cmp) */
	pp_str_t match;		/* list of regexes, see pp_umask.aliases for the list form */
	pp_str_t match_unit;
	pp_str_t perf_pmu;
	pp_str_t identifier;	/* list (as match) of patterns the kernel PMU's sysfs identifier must match, 0: none */
	pp_str_t perf_pmu_pattern;	/* regex of the kernel PMU names this table serves at run time, 0: none */
	int32_t  id;		/* pfm_pmu_t */
	uint32_t perf_type;
	uint8_t  type;		/* PP_PMU_* */
	uint8_t  max_encoding;
	uint8_t  num_cntrs;
	uint8_t  num_fixed;
	uint8_t  raw_msr_bits;	/* bits a unit mask written as a number may set in an MSR field, 0: the field's */
	uint32_t flags;		/* PP_PMU_F_* */
	uint32_t match_priority;	/* lower wins when several PMUs match the host */
	uint32_t perf_attrs;		/* enum pp_perf_attr bits (default resolved by the loader) */
	uint32_t first_field, nfields;
	uint32_t first_raw_set, nraw_set;	/* raw_bits */
	uint32_t first_mod, nmods;
	uint32_t first_event, nevents;
	uint32_t first_alias, naliases;
	uint32_t first_hash, hash_size;
};

struct pp_table {
	const char *strs;
	uint32_t nstrs;		/* bytes in strs */
	const struct pp_pmu      *pmus;      uint32_t npmus;
	const struct pp_field    *fields;    uint32_t nfields;
	const struct pp_set      *sets;      uint32_t nsets;
	const struct pp_modifier *mods;      uint32_t nmods;
	const struct pp_event    *events;    uint32_t nevents;
	const struct pp_umask    *umasks;    uint32_t numasks;
	const struct pp_group    *groups;    uint32_t ngroups;
	const struct pp_rule     *rules;     uint32_t nrules;
	const struct pp_alias    *aliases;   uint32_t naliases;
	const uint32_t           *hash;      uint32_t nhash;
	/* PMU name index (the built-in table's, from tablegen; none elsewhere):
	 * npmu_hash (a power of two) open-addressing slots, 0 when empty, else
	 * the PMU index + 1; keys are PMU names by pp_hash_name(), variant
	 * tables left out; probing is linear */
	const uint32_t           *pmu_hash;  uint32_t npmu_hash;
	/* one byte per unit mask, the low byte of pp_hash_name() of its name, so
	 * that a search by name compares names only where the byte matches
	 * (the built-in table's, from tablegen; NULL elsewhere) */
	const uint8_t            *umask_tag;
	/* the kernel PMUs the table names (the built-in table's, from tablegen;
	 * NULL elsewhere): nkpmu pairs (perf_pmu string, PMU index), sorted by
	 * the name's bytes (strcmp) then index, over every PMU with a perf_pmu
	 * but variant tables; kpmu[2 * i] the name, kpmu[2 * i + 1] the PMU;
	 * the pairs of one name share one offset (a run ends at another) */
	const uint32_t           *kpmu;      uint32_t nkpmu;
	/* their names hashed (pp_kpmu_hash_of): nkpmu_hash (a power of two)
	 * open-addressing slots, 0 when empty, else the index of the name's
	 * first pair + 1; linear probing (the built-in table's; NULL elsewhere) */
	const uint32_t           *kpmu_hash; uint32_t nkpmu_hash;
	/* per pair of kpmu, the end of its name's run (the next name's first
	 * pair, or nkpmu), so a name's pairs are known from its first one
	 * (the built-in table's; NULL elsewhere) */
	const uint32_t           *kpmu_end;
	/* per pair of kpmu, the length of its name, 255 for 255 or more (the
	 * built-in table's; NULL elsewhere) */
	const uint8_t            *kpmu_len;
	/* the runs of kpmu numbered, one per kernel PMU name (nkrun): per pair
	 * its run; per PMU the run of its perf_pmu + 1, 0 for none (a variant
	 * table, no perf_pmu); the built-in table's, NULL elsewhere */
	const uint16_t           *kpmu_run;
	const uint16_t           *pmu_krun;  uint32_t nkrun;
	/* identity literals (the built-in table's x86 PMUs, from tablegen; NULL
	 * elsewhere): every string a PMU's match patterns match, where each of
	 * them matches a finite set (literals, bracket expressions, groups, '?'):
	 * nidlit pairs (offset in idlit_strs, the pattern list pp_pmu.match)
	 * sorted by literal, hashed as kpmu_hash is (slot = first pair + 1), and
	 * per PMU match_literal 1 when its pattern list is among them, 2 when
	 * some of its patterns are (the others are matched when the identity
	 * hits none of those), so detection looks an identity up instead of
	 * matching those patterns */
	const char               *idlit_strs;
	const uint32_t           *idlit;     uint32_t nidlit;
	const uint32_t           *idlit_hash; uint32_t nidlit_hash;
	const uint8_t            *match_literal;
	/* per PMU, 0 or a list (as pp_pmu.match) of one literal prefix per
	 * match pattern, which every identity the pattern matches starts with
	 * (the built-in table's x86 PMUs, from tablegen; NULL elsewhere) */
	const pp_str_t           *match_prefix;
	/* the indexes of the PMUs flagged PP_PMU_F_VARIANT, in table order (the
	 * built-in table's, from tablegen; NULL elsewhere) */
	const uint32_t           *variants;  uint32_t nvariants;
	/* detection groups (struct pp_dgroup), in table order; per PMU, the
	 * index of its group or PP_DG_NONE; the uncore boxes with identifier
	 * patterns, in table order (the built-in table's; NULL elsewhere) */
	const struct pp_dgroup   *dgroups;   uint32_t ndgroups;
	/* the groups in detection's order: the ndg_lit first are those whose
	 * pattern list is among the identity literals (match_literal 1), by
	 * pattern list (pp_pmu.match); the others by architecture string */
	const uint16_t           *dg_order;  uint32_t ndg_lit;
	const uint16_t           *dgroup_of;
	const uint32_t           *idents;    uint32_t nidents;
	/* the indexes of the uncore tables of boxes named at run time
	 * (perf_pmu_pattern), in table order (the built-in table's; NULL
	 * elsewhere) */
	const uint32_t           *patterns;  uint32_t npatterns;
	/* the registry's list of these PMUs, made by tablegen (the built-in
	 * table's; NULL elsewhere): per PMU its list position (npmus + 1
	 * entries, -1 for a variant and at the end), per list position its
	 * PMU (nlist), per id below nid_pos its list position + 1 (0: none) */
	const int32_t            *list_pos;
	const uint32_t           *list_bidx; uint32_t nlist;
	const uint16_t           *id_pos;    uint32_t nid_pos;
	/* the dictionary of packed descriptions (see PP_PACK_ESC): ndesc_dict
	 * strings; NULL when descriptions are plain strings (the built-in
	 * table's, from tablegen; NULL elsewhere) */
	const pp_str_t           *desc_dict; uint32_t ndesc_dict;
};

/*
 * Packed descriptions (pp_table.desc_dict set): the descriptions of events
 * and unit masks are NUL-terminated byte strings where a byte 0x02..0x7f
 * stands for itself, PP_PACK_ESC then any byte for that byte,
 * PP_PACK_ONE_BASE + i (i < PP_PACK_ONE) for dictionary entry i, and
 * PP_PACK_TWO_BASE + h then a byte l (1..255) for entry
 * PP_PACK_ONE + 255 * h + l - 1. table/desc.c decodes them.
 */
#define PP_PACK_ESC 0x01
#define PP_PACK_ONE_BASE 0x80
#define PP_PACK_ONE 64
#define PP_PACK_TWO_BASE 0xc0
#define PP_PACK_NDICT_MAX (PP_PACK_ONE + 64 * 255)

static inline const char *pp_str(const struct pp_table *t, pp_str_t s)
{
	return t->strs + s;
}

/* the registry's search order of PMUs, before their ids: core PMUs, those
 * present beside them (ix86arch, libpfm4 searches it last), uncore, OS-generic */
static inline int pp_pmu_search_rank(const struct pp_pmu *p)
{
	if (p->type == PP_PMU_CORE)
		return (p->flags & PP_PMU_F_BESIDE) ? 1 : 0;
	return p->type == PP_PMU_UNCORE ? 2 : 3;
}

/* a and b (of one table) are detected as one group (registry/detect.c,
 * struct pp_dgroup): same pattern list, architecture, priority, flags and
 * uncore-ness */
static inline int pp_pmu_same_detection(const struct pp_pmu *a, const struct pp_pmu *b)
{
	return a->match == b->match && a->arch == b->arch && a->match_priority == b->match_priority &&
	       a->flags == b->flags && (a->type == PP_PMU_UNCORE) == (b->type == PP_PMU_UNCORE);
}

/* p takes part in detection by its own patterns: it has some, it is not an
 * OS-generic PMU (present everywhere) nor a variant table (picked apart) */
static inline int pp_pmu_detect_candidate(const struct pp_pmu *p)
{
	return p->match && p->type != PP_PMU_OS_GENERIC && !(p->flags & PP_PMU_F_VARIANT);
}

/* p is an uncore box with a kernel PMU: present only where the kernel runs it */
static inline int pp_pmu_is_box(const struct pp_pmu *p)
{
	return p->type == PP_PMU_UNCORE && p->perf_pmu;
}

/* p is an uncore table whose boxes are named at run time (perf_pmu_pattern) */
static inline int pp_pmu_is_pattern_table(const struct pp_pmu *p)
{
	return p->type == PP_PMU_UNCORE && p->perf_pmu_pattern;
}

/* 4 bytes of s, little-endian whatever the host (tablegen's hashes hold on
 * the target), with bit 0x20 of each cleared: a name and its other-case
 * spellings read the same */
static inline uint32_t pp_hash_word(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t w = (uint32_t)u[0] | (uint32_t)u[1] << 8 | (uint32_t)u[2] << 16 | (uint32_t)u[3] << 24;
	return w & 0xdfdfdfdfu;
}

/* the hash of len bytes of s, ASCII case ignored: four bytes a step
 * (multiply and rotate), then a final mix so that the low bits, which
 * index the tables, depend on every byte */
static inline uint32_t pp_hash_name(const char *s, unsigned long len)
{
	uint32_t h = 2166136261u ^ (uint32_t)len;
	unsigned long i = 0;
	for (; i + 4 <= len; i += 4) {
		h = (h ^ pp_hash_word(s + i)) * 0x9e3779b1u;
		h = h << 13 | h >> 19;
	}
	if (i < len) {
		uint32_t w = 0;
		for (unsigned int k = 0; i + k < len; k++)
			w |= (uint32_t)((unsigned char)s[i + k] & 0xdf) << (8 * k);
		h = (h ^ w) * 0x9e3779b1u;
	}
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	return h;
}

/* the built-in tables, generated by tablegen into build/gen/pp_builtin.c */
void pp_builtin_table(struct pp_table *t);

/* table/desc.c: the description s (of an event or unit mask) of t: the
 * string itself, or, when t packs descriptions (desc_dict), its text
 * decoded once into a cache kept until pp_desc_cache_free(); NULL when out
 * of memory. Thread-safe. */
const char *pp_desc(const struct pp_table *t, pp_str_t s);

/* table/desc.c: decode the packed string in of t into out (cap bytes,
 * NUL-terminated when cap > 0, cut to fit); returns the whole text's
 * length. Stops at a code the dictionary lacks or one cut short by the end
 * of in. */
size_t pp_desc_unpack(const struct pp_table *t, const char *in, char *out, size_t cap);

/* table/desc.c: free every decoded text (pfm_terminate: their pointers die
 * with it) */
void pp_desc_cache_free(void);

/* eight bytes of s as a little-endian number, whatever the host's order
 * (tablegen and the library agree when one cross-compiles the other) */
static inline uint64_t pp_kpmu_le64(const unsigned char *s)
{
	return (uint64_t)s[0] | (uint64_t)s[1] << 8 | (uint64_t)s[2] << 16 | (uint64_t)s[3] << 24 |
	       (uint64_t)s[4] << 32 | (uint64_t)s[5] << 40 | (uint64_t)s[6] << 48 | (uint64_t)s[7] << 56;
}

/* the hash of a kernel PMU name (bytes, case-sensitive): eight bytes a
 * multiply, the tail byte by byte, then the high bits folded into the low
 * ones the slot masks keep (names that differ in their last digits, as box
 * instances do, land apart) */
static inline uint32_t pp_kpmu_hash_of(const char *name, size_t len)
{
	const uint64_t mul = 0x9e3779b97f4a7c15ull;
	const unsigned char *s = (const unsigned char *)name;
	uint64_t h = len * mul, w = 0;
	for (; len >= 8; s += 8, len -= 8) {
		h = (h ^ pp_kpmu_le64(s)) * mul;
		h ^= h >> 29;
	}
	if (len >= 4) {
		w = (uint64_t)s[0] | (uint64_t)s[1] << 8 | (uint64_t)s[2] << 16 | (uint64_t)s[3] << 24;
		s += 4;
		len -= 4;
		w <<= 24;	/* the last three bytes below it */
	}
	for (size_t i = 0; i < len; i++)
		w |= (uint64_t)s[i] << (8 * i);
	h = (h ^ w) * mul;
	h ^= h >> 32;
	h *= mul;
	return (uint32_t)(h >> 32);
}

/* the first pair of t's kernel PMU index (pp_table.kpmu) naming name[0..len),
 * or t->nkpmu, through kpmu_hash (the table must have one) where h is
 * pp_kpmu_hash_of(name, len) */
static inline uint32_t pp_kpmu_first_hashed(const struct pp_table *t, uint32_t h, const char *name, size_t len)
{
	uint32_t mask = t->nkpmu_hash - 1, e;
	for (uint32_t k = h & mask; (e = t->kpmu_hash[k]); k = (k + 1) & mask) {
		const char *m = t->strs + t->kpmu[2 * (e - 1)];
		/* the lengths first, when known: then len bytes of both are there */
		if (t->kpmu_len && len < 255 ? t->kpmu_len[e - 1] == len && !memcmp(m, name, len)
					     : !strncmp(m, name, len) && !m[len])
			return e - 1;
	}
	return t->nkpmu;
}


/* the first pair of t's kernel PMU index (pp_table.kpmu) naming the first
 * len bytes of name: t->nkpmu or a pair naming another when none does (a
 * probe of kpmu_hash when the table has one, else a binary search) */
static inline uint32_t pp_kpmu_first(const struct pp_table *t, const char *name, size_t len)
{
	if (t->kpmu_hash)
		return pp_kpmu_first_hashed(t, pp_kpmu_hash_of(name, len), name, len);
	uint32_t lo = 0, hi = t->nkpmu;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		const char *m = t->strs + t->kpmu[2 * mid];
		int d = strncmp(m, name, len);
		if (!d && m[len])	/* m longer than name sorts after it */
			d = 1;
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* pair e names the kernel PMU of pair first (a pair of a run pp_kpmu_first
 * found): one compare of string offsets where tablegen shares the string */
static inline int pp_kpmu_same(const struct pp_table *t, uint32_t e, uint32_t first)
{
	if (e >= t->nkpmu)
		return 0;
	uint32_t a = t->kpmu[2 * e], b = t->kpmu[2 * first];
	return a == b || !strcmp(t->strs + a, t->strs + b);
}

/* pair e of t's kernel PMU index names name[0..len) */
static inline int pp_kpmu_is(const struct pp_table *t, uint32_t e, const char *name, size_t len)
{
	if (e >= t->nkpmu)
		return 0;
	const char *m = t->strs + t->kpmu[2 * e];
	return !strncmp(m, name, len) && !m[len];
}

#endif /* PP_TABLE_TABLE_H */
