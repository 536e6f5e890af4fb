/*
 * SPDX-License-Identifier: MIT
 *
 * <perfmon/pfmlib.h> -- the public API of pmuplug, a drop-in replacement
 * for libpfm4 (libpfm.so.4).
 *
 * Binary and source compatible with the header of libpfm4 4.13: same type
 * layouts, same enumerator and macro values, same function signatures.
 * tests/abi/ checks this against the installed 4.13 header on every
 * `make check`; the only intended differences are listed, with reasons, in
 * tests/abi/allowed-differences.txt (in short: pfm_pmu_t knows more PMUs
 * and PFM_PMU_MAX is larger).
 */
#ifndef __PFMLIB_H__
#define __PFMLIB_H__

/*
 * Keep the API functions visible even when the library (or a program that
 * embeds it) is compiled with -fvisibility=hidden.
 */
#pragma GCC visibility push(default)

#ifdef __cplusplus
extern "C" {
#endif

#include <sys/types.h>
#include <unistd.h>
#include <inttypes.h>
#include <stdio.h>		/* FILE, for pfm_pmu_validate() */

/* Library version as returned by pfm_get_version(): major << 16 | minor. */
#define LIBPFM_VERSION		(4 << 16 | 0)
#define PFM_MAJ_VERSION(v)	((v) >> 16)
#define PFM_MIN_VERSION(v)	((v) & 0xffff)

/* Revision of the binary interface described in this file. */
#define LIBPFM_ABI_VERSION	0

/*
 * Privilege level masks, for the dfl_plm argument of the encoding calls:
 * which privilege levels an event counts at when the event string does not
 * say.
 */
#define PFM_PLM0	0x01	/* ring 0: operating system kernel */
#define PFM_PLM1	0x02	/* ring 1 (unused on most architectures) */
#define PFM_PLM2	0x04	/* ring 2 (unused on most architectures) */
#define PFM_PLM3	0x08	/* user level (x86: rings 3, 2 and 1) */
#define PFM_PLMH	0x10	/* hypervisor */

/*
 * PMU models (event sources).
 *
 * A value names one PMU model for good: values are never renumbered or
 * reused, so a program compiled against any libpfm4 release keeps working.
 *
 *   0 .. 516    the values of libpfm4 4.13
 *   517 .. 767  values libpfm4 assigned after 4.13 (517 .. 699 so far);
 *               listed here with libpfm4's names and numbers
 *   768 .. 1022 pmuplug's own range, for PMUs that libpfm4 does not know.
 *               These ids are handed out by pmuplug's overlay data and, at
 *               run time, to PMUs found in sysfs or loaded from plugins, so
 *               they are not enumerated one by one here.
 *   1024 .. 4095 pmuplug's range for uncore box instances libpfm4 does not
 *               know (one PMU per box), and for plugins; 3200 .. 3999 of it
 *               go to core PMUs of perf tables pmuplug's overlays do not
 *               name yet (an id from a hash of perf's model directory,
 *               the same on every build of the same tree).
 *
 * Iterate with pfm_for_all_pmus() and pfm_get_pmu_info(), which answers
 * PFM_ERR_NOTSUPP for an id that is free.
 *
 * PFM_PMU_MAX is 4096, not 4.13's 517: on purpose.  Event indexes returned
 * by the library are (pmu id << 19) | event number, so 4096 ids is the most
 * an int index can carry, and the larger bound lets loops written with
 * pfm_for_all_pmus() reach every id of the ranges above.
 */
typedef enum {
	PFM_PMU_NONE                            = 0,
	PFM_PMU_GEN_IA64                        = 1,
	PFM_PMU_ITANIUM                         = 2,
	PFM_PMU_ITANIUM2                        = 3,
	PFM_PMU_MONTECITO                       = 4,
	PFM_PMU_AMD64                           = 5,
	PFM_PMU_I386_P6                         = 6,
	PFM_PMU_INTEL_NETBURST                  = 7,
	PFM_PMU_INTEL_NETBURST_P                = 8,
	PFM_PMU_COREDUO                         = 9,
	PFM_PMU_I386_PM                         = 10,
	PFM_PMU_INTEL_CORE                      = 11,
	PFM_PMU_INTEL_PPRO                      = 12,
	PFM_PMU_INTEL_PII                       = 13,
	PFM_PMU_INTEL_ATOM                      = 14,
	PFM_PMU_INTEL_NHM                       = 15,
	PFM_PMU_INTEL_NHM_EX                    = 16,
	PFM_PMU_INTEL_NHM_UNC                   = 17,
	PFM_PMU_INTEL_X86_ARCH                  = 18,
	PFM_PMU_MIPS_20KC                       = 19,
	PFM_PMU_MIPS_24K                        = 20,
	PFM_PMU_MIPS_25KF                       = 21,
	PFM_PMU_MIPS_34K                        = 22,
	PFM_PMU_MIPS_5KC                        = 23,
	PFM_PMU_MIPS_74K                        = 24,
	PFM_PMU_MIPS_R10000                     = 25,
	PFM_PMU_MIPS_R12000                     = 26,
	PFM_PMU_MIPS_RM7000                     = 27,
	PFM_PMU_MIPS_RM9000                     = 28,
	PFM_PMU_MIPS_SB1                        = 29,
	PFM_PMU_MIPS_VR5432                     = 30,
	PFM_PMU_MIPS_VR5500                     = 31,
	PFM_PMU_MIPS_ICE9A                      = 32,
	PFM_PMU_MIPS_ICE9B                      = 33,
	PFM_PMU_POWERPC                         = 34,
	PFM_PMU_CELL                            = 35,
	PFM_PMU_SPARC_ULTRA12                   = 36,
	PFM_PMU_SPARC_ULTRA3                    = 37,
	PFM_PMU_SPARC_ULTRA3I                   = 38,
	PFM_PMU_SPARC_ULTRA3PLUS                = 39,
	PFM_PMU_SPARC_ULTRA4PLUS                = 40,
	PFM_PMU_SPARC_NIAGARA1                  = 41,
	PFM_PMU_SPARC_NIAGARA2                  = 42,
	PFM_PMU_PPC970                          = 43,
	PFM_PMU_PPC970MP                        = 44,
	PFM_PMU_POWER3                          = 45,
	PFM_PMU_POWER4                          = 46,
	PFM_PMU_POWER5                          = 47,
	PFM_PMU_POWER5p                         = 48,
	PFM_PMU_POWER6                          = 49,
	PFM_PMU_POWER7                          = 50,
	PFM_PMU_PERF_EVENT                      = 51,
	PFM_PMU_INTEL_WSM                       = 52,
	PFM_PMU_INTEL_WSM_DP                    = 53,
	PFM_PMU_INTEL_WSM_UNC                   = 54,
	PFM_PMU_AMD64_K7                        = 55,
	PFM_PMU_AMD64_K8_REVB                   = 56,
	PFM_PMU_AMD64_K8_REVC                   = 57,
	PFM_PMU_AMD64_K8_REVD                   = 58,
	PFM_PMU_AMD64_K8_REVE                   = 59,
	PFM_PMU_AMD64_K8_REVF                   = 60,
	PFM_PMU_AMD64_K8_REVG                   = 61,
	PFM_PMU_AMD64_FAM10H_BARCELONA          = 62,
	PFM_PMU_AMD64_FAM10H_SHANGHAI           = 63,
	PFM_PMU_AMD64_FAM10H_ISTANBUL           = 64,
	PFM_PMU_ARM_CORTEX_A8                   = 65,
	PFM_PMU_ARM_CORTEX_A9                   = 66,
	PFM_PMU_TORRENT                         = 67,
	PFM_PMU_INTEL_SNB                       = 68,
	PFM_PMU_AMD64_FAM14H_BOBCAT             = 69,
	PFM_PMU_AMD64_FAM15H_INTERLAGOS         = 70,
	PFM_PMU_INTEL_SNB_EP                    = 71,
	PFM_PMU_AMD64_FAM12H_LLANO              = 72,
	PFM_PMU_AMD64_FAM11H_TURION             = 73,
	PFM_PMU_INTEL_IVB                       = 74,
	PFM_PMU_ARM_CORTEX_A15                  = 75,

	PFM_PMU_INTEL_SNB_UNC_CB0               = 76,
	PFM_PMU_INTEL_SNB_UNC_CB1               = 77,
	PFM_PMU_INTEL_SNB_UNC_CB2               = 78,
	PFM_PMU_INTEL_SNB_UNC_CB3               = 79,

	PFM_PMU_INTEL_SNBEP_UNC_CB0             = 80,
	PFM_PMU_INTEL_SNBEP_UNC_CB1             = 81,
	PFM_PMU_INTEL_SNBEP_UNC_CB2             = 82,
	PFM_PMU_INTEL_SNBEP_UNC_CB3             = 83,
	PFM_PMU_INTEL_SNBEP_UNC_CB4             = 84,
	PFM_PMU_INTEL_SNBEP_UNC_CB5             = 85,
	PFM_PMU_INTEL_SNBEP_UNC_CB6             = 86,
	PFM_PMU_INTEL_SNBEP_UNC_CB7             = 87,
	PFM_PMU_INTEL_SNBEP_UNC_HA              = 88,
	PFM_PMU_INTEL_SNBEP_UNC_IMC0            = 89,
	PFM_PMU_INTEL_SNBEP_UNC_IMC1            = 90,
	PFM_PMU_INTEL_SNBEP_UNC_IMC2            = 91,
	PFM_PMU_INTEL_SNBEP_UNC_IMC3            = 92,
	PFM_PMU_INTEL_SNBEP_UNC_PCU             = 93,
	PFM_PMU_INTEL_SNBEP_UNC_QPI0            = 94,
	PFM_PMU_INTEL_SNBEP_UNC_QPI1            = 95,
	PFM_PMU_INTEL_SNBEP_UNC_UBOX            = 96,
	PFM_PMU_INTEL_SNBEP_UNC_R2PCIE          = 97,
	PFM_PMU_INTEL_SNBEP_UNC_R3QPI0          = 98,
	PFM_PMU_INTEL_SNBEP_UNC_R3QPI1          = 99,

	PFM_PMU_INTEL_KNC                       = 100,
	PFM_PMU_S390X_CPUM_CF                   = 101,
	PFM_PMU_ARM_1176                        = 102,
	PFM_PMU_INTEL_IVB_EP                    = 103,
	PFM_PMU_INTEL_HSW                       = 104,

	PFM_PMU_INTEL_IVB_UNC_CB0               = 105,
	PFM_PMU_INTEL_IVB_UNC_CB1               = 106,
	PFM_PMU_INTEL_IVB_UNC_CB2               = 107,
	PFM_PMU_INTEL_IVB_UNC_CB3               = 108,

	PFM_PMU_POWER8                          = 109,
	PFM_PMU_INTEL_RAPL                      = 110,
	PFM_PMU_INTEL_SLM                       = 111,
	PFM_PMU_AMD64_FAM15H_NB                 = 112,
	PFM_PMU_ARM_QCOM_KRAIT                  = 113,
	PFM_PMU_PERF_EVENT_RAW                  = 114,

	PFM_PMU_INTEL_IVBEP_UNC_CB0             = 115,
	PFM_PMU_INTEL_IVBEP_UNC_CB1             = 116,
	PFM_PMU_INTEL_IVBEP_UNC_CB2             = 117,
	PFM_PMU_INTEL_IVBEP_UNC_CB3             = 118,
	PFM_PMU_INTEL_IVBEP_UNC_CB4             = 119,
	PFM_PMU_INTEL_IVBEP_UNC_CB5             = 120,
	PFM_PMU_INTEL_IVBEP_UNC_CB6             = 121,
	PFM_PMU_INTEL_IVBEP_UNC_CB7             = 122,
	PFM_PMU_INTEL_IVBEP_UNC_CB8             = 123,
	PFM_PMU_INTEL_IVBEP_UNC_CB9             = 124,
	PFM_PMU_INTEL_IVBEP_UNC_CB10            = 125,
	PFM_PMU_INTEL_IVBEP_UNC_CB11            = 126,
	PFM_PMU_INTEL_IVBEP_UNC_CB12            = 127,
	PFM_PMU_INTEL_IVBEP_UNC_CB13            = 128,
	PFM_PMU_INTEL_IVBEP_UNC_CB14            = 129,
	PFM_PMU_INTEL_IVBEP_UNC_HA0             = 130,
	PFM_PMU_INTEL_IVBEP_UNC_HA1             = 131,
	PFM_PMU_INTEL_IVBEP_UNC_IMC0            = 132,
	PFM_PMU_INTEL_IVBEP_UNC_IMC1            = 133,
	PFM_PMU_INTEL_IVBEP_UNC_IMC2            = 134,
	PFM_PMU_INTEL_IVBEP_UNC_IMC3            = 135,
	PFM_PMU_INTEL_IVBEP_UNC_IMC4            = 136,
	PFM_PMU_INTEL_IVBEP_UNC_IMC5            = 137,
	PFM_PMU_INTEL_IVBEP_UNC_IMC6            = 138,
	PFM_PMU_INTEL_IVBEP_UNC_IMC7            = 139,
	PFM_PMU_INTEL_IVBEP_UNC_PCU             = 140,
	PFM_PMU_INTEL_IVBEP_UNC_QPI0            = 141,
	PFM_PMU_INTEL_IVBEP_UNC_QPI1            = 142,
	PFM_PMU_INTEL_IVBEP_UNC_QPI2            = 143,
	PFM_PMU_INTEL_IVBEP_UNC_UBOX            = 144,
	PFM_PMU_INTEL_IVBEP_UNC_R2PCIE          = 145,
	PFM_PMU_INTEL_IVBEP_UNC_R3QPI0          = 146,
	PFM_PMU_INTEL_IVBEP_UNC_R3QPI1          = 147,
	PFM_PMU_INTEL_IVBEP_UNC_R3QPI2          = 148,
	PFM_PMU_INTEL_IVBEP_UNC_IRP             = 149,

	PFM_PMU_S390X_CPUM_SF                   = 150,
	PFM_PMU_ARM_CORTEX_A57                  = 151,
	PFM_PMU_ARM_CORTEX_A53                  = 152,
	PFM_PMU_ARM_CORTEX_A7                   = 153,
	PFM_PMU_INTEL_HSW_EP                    = 154,
	PFM_PMU_INTEL_BDW                       = 155,
	PFM_PMU_ARM_XGENE                       = 156,

	PFM_PMU_INTEL_HSWEP_UNC_CB0             = 157,
	PFM_PMU_INTEL_HSWEP_UNC_CB1             = 158,
	PFM_PMU_INTEL_HSWEP_UNC_CB2             = 159,
	PFM_PMU_INTEL_HSWEP_UNC_CB3             = 160,
	PFM_PMU_INTEL_HSWEP_UNC_CB4             = 161,
	PFM_PMU_INTEL_HSWEP_UNC_CB5             = 162,
	PFM_PMU_INTEL_HSWEP_UNC_CB6             = 163,
	PFM_PMU_INTEL_HSWEP_UNC_CB7             = 164,
	PFM_PMU_INTEL_HSWEP_UNC_CB8             = 165,
	PFM_PMU_INTEL_HSWEP_UNC_CB9             = 166,
	PFM_PMU_INTEL_HSWEP_UNC_CB10            = 167,
	PFM_PMU_INTEL_HSWEP_UNC_CB11            = 168,
	PFM_PMU_INTEL_HSWEP_UNC_CB12            = 169,
	PFM_PMU_INTEL_HSWEP_UNC_CB13            = 170,
	PFM_PMU_INTEL_HSWEP_UNC_CB14            = 171,
	PFM_PMU_INTEL_HSWEP_UNC_CB15            = 172,
	PFM_PMU_INTEL_HSWEP_UNC_CB16            = 173,
	PFM_PMU_INTEL_HSWEP_UNC_CB17            = 174,
	PFM_PMU_INTEL_HSWEP_UNC_HA0             = 175,
	PFM_PMU_INTEL_HSWEP_UNC_HA1             = 176,
	PFM_PMU_INTEL_HSWEP_UNC_IMC0            = 177,
	PFM_PMU_INTEL_HSWEP_UNC_IMC1            = 178,
	PFM_PMU_INTEL_HSWEP_UNC_IMC2            = 179,
	PFM_PMU_INTEL_HSWEP_UNC_IMC3            = 180,
	PFM_PMU_INTEL_HSWEP_UNC_IMC4            = 181,
	PFM_PMU_INTEL_HSWEP_UNC_IMC5            = 182,
	PFM_PMU_INTEL_HSWEP_UNC_IMC6            = 183,
	PFM_PMU_INTEL_HSWEP_UNC_IMC7            = 184,
	PFM_PMU_INTEL_HSWEP_UNC_PCU             = 185,
	PFM_PMU_INTEL_HSWEP_UNC_QPI0            = 186,
	PFM_PMU_INTEL_HSWEP_UNC_QPI1            = 187,
	PFM_PMU_INTEL_HSWEP_UNC_UBOX            = 188,
	PFM_PMU_INTEL_HSWEP_UNC_R2PCIE          = 189,
	PFM_PMU_INTEL_HSWEP_UNC_R3QPI0          = 190,
	PFM_PMU_INTEL_HSWEP_UNC_R3QPI1          = 191,
	PFM_PMU_INTEL_HSWEP_UNC_R3QPI2          = 192,
	PFM_PMU_INTEL_HSWEP_UNC_IRP             = 193,
	PFM_PMU_INTEL_HSWEP_UNC_SB0             = 194,
	PFM_PMU_INTEL_HSWEP_UNC_SB1             = 195,
	PFM_PMU_INTEL_HSWEP_UNC_SB2             = 196,
	PFM_PMU_INTEL_HSWEP_UNC_SB3             = 197,

	PFM_PMU_POWERPC_NEST_MCS_READ_BW        = 198,
	PFM_PMU_POWERPC_NEST_MCS_WRITE_BW       = 199,
	PFM_PMU_INTEL_SKL                       = 200,
	PFM_PMU_INTEL_BDW_EP                    = 201,
	PFM_PMU_INTEL_GLM                       = 202,
	PFM_PMU_INTEL_KNL                       = 203,

	PFM_PMU_INTEL_KNL_UNC_IMC0              = 204,
	PFM_PMU_INTEL_KNL_UNC_IMC1              = 205,
	PFM_PMU_INTEL_KNL_UNC_IMC2              = 206,
	PFM_PMU_INTEL_KNL_UNC_IMC3              = 207,
	PFM_PMU_INTEL_KNL_UNC_IMC4              = 208,
	PFM_PMU_INTEL_KNL_UNC_IMC5              = 209,
	PFM_PMU_INTEL_KNL_UNC_IMC_UCLK0         = 210,
	PFM_PMU_INTEL_KNL_UNC_IMC_UCLK1         = 211,
	PFM_PMU_INTEL_KNL_UNC_EDC_ECLK0         = 212,
	PFM_PMU_INTEL_KNL_UNC_EDC_ECLK1         = 213,
	PFM_PMU_INTEL_KNL_UNC_EDC_ECLK2         = 214,
	PFM_PMU_INTEL_KNL_UNC_EDC_ECLK3         = 215,
	PFM_PMU_INTEL_KNL_UNC_EDC_ECLK4         = 216,
	PFM_PMU_INTEL_KNL_UNC_EDC_ECLK5         = 217,
	PFM_PMU_INTEL_KNL_UNC_EDC_ECLK6         = 218,
	PFM_PMU_INTEL_KNL_UNC_EDC_ECLK7         = 219,
	PFM_PMU_INTEL_KNL_UNC_EDC_UCLK0         = 220,
	PFM_PMU_INTEL_KNL_UNC_EDC_UCLK1         = 221,
	PFM_PMU_INTEL_KNL_UNC_EDC_UCLK2         = 222,
	PFM_PMU_INTEL_KNL_UNC_EDC_UCLK3         = 223,
	PFM_PMU_INTEL_KNL_UNC_EDC_UCLK4         = 224,
	PFM_PMU_INTEL_KNL_UNC_EDC_UCLK5         = 225,
	PFM_PMU_INTEL_KNL_UNC_EDC_UCLK6         = 226,
	PFM_PMU_INTEL_KNL_UNC_EDC_UCLK7         = 227,
	PFM_PMU_INTEL_KNL_UNC_CHA0              = 228,
	PFM_PMU_INTEL_KNL_UNC_CHA1              = 229,
	PFM_PMU_INTEL_KNL_UNC_CHA2              = 230,
	PFM_PMU_INTEL_KNL_UNC_CHA3              = 231,
	PFM_PMU_INTEL_KNL_UNC_CHA4              = 232,
	PFM_PMU_INTEL_KNL_UNC_CHA5              = 233,
	PFM_PMU_INTEL_KNL_UNC_CHA6              = 234,
	PFM_PMU_INTEL_KNL_UNC_CHA7              = 235,
	PFM_PMU_INTEL_KNL_UNC_CHA8              = 236,
	PFM_PMU_INTEL_KNL_UNC_CHA9              = 237,
	PFM_PMU_INTEL_KNL_UNC_CHA10             = 238,
	PFM_PMU_INTEL_KNL_UNC_CHA11             = 239,
	PFM_PMU_INTEL_KNL_UNC_CHA12             = 240,
	PFM_PMU_INTEL_KNL_UNC_CHA13             = 241,
	PFM_PMU_INTEL_KNL_UNC_CHA14             = 242,
	PFM_PMU_INTEL_KNL_UNC_CHA15             = 243,
	PFM_PMU_INTEL_KNL_UNC_CHA16             = 244,
	PFM_PMU_INTEL_KNL_UNC_CHA17             = 245,
	PFM_PMU_INTEL_KNL_UNC_CHA18             = 246,
	PFM_PMU_INTEL_KNL_UNC_CHA19             = 247,
	PFM_PMU_INTEL_KNL_UNC_CHA20             = 248,
	PFM_PMU_INTEL_KNL_UNC_CHA21             = 249,
	PFM_PMU_INTEL_KNL_UNC_CHA22             = 250,
	PFM_PMU_INTEL_KNL_UNC_CHA23             = 251,
	PFM_PMU_INTEL_KNL_UNC_CHA24             = 252,
	PFM_PMU_INTEL_KNL_UNC_CHA25             = 253,
	PFM_PMU_INTEL_KNL_UNC_CHA26             = 254,
	PFM_PMU_INTEL_KNL_UNC_CHA27             = 255,
	PFM_PMU_INTEL_KNL_UNC_CHA28             = 256,
	PFM_PMU_INTEL_KNL_UNC_CHA29             = 257,
	PFM_PMU_INTEL_KNL_UNC_CHA30             = 258,
	PFM_PMU_INTEL_KNL_UNC_CHA31             = 259,
	PFM_PMU_INTEL_KNL_UNC_CHA32             = 260,
	PFM_PMU_INTEL_KNL_UNC_CHA33             = 261,
	PFM_PMU_INTEL_KNL_UNC_CHA34             = 262,
	PFM_PMU_INTEL_KNL_UNC_CHA35             = 263,
	PFM_PMU_INTEL_KNL_UNC_CHA36             = 264,
	PFM_PMU_INTEL_KNL_UNC_CHA37             = 265,
	PFM_PMU_INTEL_KNL_UNC_UBOX              = 266,
	PFM_PMU_INTEL_KNL_UNC_M2PCIE            = 267,

	PFM_PMU_POWER9                          = 268,

	PFM_PMU_INTEL_BDX_UNC_CB0               = 269,
	PFM_PMU_INTEL_BDX_UNC_CB1               = 270,
	PFM_PMU_INTEL_BDX_UNC_CB2               = 271,
	PFM_PMU_INTEL_BDX_UNC_CB3               = 272,
	PFM_PMU_INTEL_BDX_UNC_CB4               = 273,
	PFM_PMU_INTEL_BDX_UNC_CB5               = 274,
	PFM_PMU_INTEL_BDX_UNC_CB6               = 275,
	PFM_PMU_INTEL_BDX_UNC_CB7               = 276,
	PFM_PMU_INTEL_BDX_UNC_CB8               = 277,
	PFM_PMU_INTEL_BDX_UNC_CB9               = 278,
	PFM_PMU_INTEL_BDX_UNC_CB10              = 279,
	PFM_PMU_INTEL_BDX_UNC_CB11              = 280,
	PFM_PMU_INTEL_BDX_UNC_CB12              = 281,
	PFM_PMU_INTEL_BDX_UNC_CB13              = 282,
	PFM_PMU_INTEL_BDX_UNC_CB14              = 283,
	PFM_PMU_INTEL_BDX_UNC_CB15              = 284,
	PFM_PMU_INTEL_BDX_UNC_CB16              = 285,
	PFM_PMU_INTEL_BDX_UNC_CB17              = 286,
	PFM_PMU_INTEL_BDX_UNC_CB18              = 287,
	PFM_PMU_INTEL_BDX_UNC_CB19              = 288,
	PFM_PMU_INTEL_BDX_UNC_CB20              = 289,
	PFM_PMU_INTEL_BDX_UNC_CB21              = 290,
	PFM_PMU_INTEL_BDX_UNC_CB22              = 291,
	PFM_PMU_INTEL_BDX_UNC_CB23              = 292,
	PFM_PMU_INTEL_BDX_UNC_HA0               = 293,
	PFM_PMU_INTEL_BDX_UNC_HA1               = 294,
	PFM_PMU_INTEL_BDX_UNC_IMC0              = 295,
	PFM_PMU_INTEL_BDX_UNC_IMC1              = 296,
	PFM_PMU_INTEL_BDX_UNC_IMC2              = 297,
	PFM_PMU_INTEL_BDX_UNC_IMC3              = 298,
	PFM_PMU_INTEL_BDX_UNC_IMC4              = 299,
	PFM_PMU_INTEL_BDX_UNC_IMC5              = 300,
	PFM_PMU_INTEL_BDX_UNC_IMC6              = 301,
	PFM_PMU_INTEL_BDX_UNC_IMC7              = 302,
	PFM_PMU_INTEL_BDX_UNC_PCU               = 303,
	PFM_PMU_INTEL_BDX_UNC_QPI0              = 304,
	PFM_PMU_INTEL_BDX_UNC_QPI1              = 305,
	PFM_PMU_INTEL_BDX_UNC_QPI2              = 306,
	PFM_PMU_INTEL_BDX_UNC_UBOX              = 307,
	PFM_PMU_INTEL_BDX_UNC_R2PCIE            = 308,
	PFM_PMU_INTEL_BDX_UNC_R3QPI0            = 309,
	PFM_PMU_INTEL_BDX_UNC_R3QPI1            = 310,
	PFM_PMU_INTEL_BDX_UNC_R3QPI2            = 311,
	PFM_PMU_INTEL_BDX_UNC_IRP               = 312,
	PFM_PMU_INTEL_BDX_UNC_SB0               = 313,
	PFM_PMU_INTEL_BDX_UNC_SB1               = 314,
	PFM_PMU_INTEL_BDX_UNC_SB2               = 315,
	PFM_PMU_INTEL_BDX_UNC_SB3               = 316,

	PFM_PMU_AMD64_FAM17H                    = 317,
	PFM_PMU_AMD64_FAM16H                    = 318,
	PFM_PMU_INTEL_SKX                       = 319,

	PFM_PMU_INTEL_SKX_UNC_CHA0              = 320,
	PFM_PMU_INTEL_SKX_UNC_CHA1              = 321,
	PFM_PMU_INTEL_SKX_UNC_CHA2              = 322,
	PFM_PMU_INTEL_SKX_UNC_CHA3              = 323,
	PFM_PMU_INTEL_SKX_UNC_CHA4              = 324,
	PFM_PMU_INTEL_SKX_UNC_CHA5              = 325,
	PFM_PMU_INTEL_SKX_UNC_CHA6              = 326,
	PFM_PMU_INTEL_SKX_UNC_CHA7              = 327,
	PFM_PMU_INTEL_SKX_UNC_CHA8              = 328,
	PFM_PMU_INTEL_SKX_UNC_CHA9              = 329,
	PFM_PMU_INTEL_SKX_UNC_CHA10             = 330,
	PFM_PMU_INTEL_SKX_UNC_CHA11             = 331,
	PFM_PMU_INTEL_SKX_UNC_CHA12             = 332,
	PFM_PMU_INTEL_SKX_UNC_CHA13             = 333,
	PFM_PMU_INTEL_SKX_UNC_CHA14             = 334,
	PFM_PMU_INTEL_SKX_UNC_CHA15             = 335,
	PFM_PMU_INTEL_SKX_UNC_CHA16             = 336,
	PFM_PMU_INTEL_SKX_UNC_CHA17             = 337,
	PFM_PMU_INTEL_SKX_UNC_CHA18             = 338,
	PFM_PMU_INTEL_SKX_UNC_CHA19             = 339,
	PFM_PMU_INTEL_SKX_UNC_CHA20             = 340,
	PFM_PMU_INTEL_SKX_UNC_CHA21             = 341,
	PFM_PMU_INTEL_SKX_UNC_CHA22             = 342,
	PFM_PMU_INTEL_SKX_UNC_CHA23             = 343,
	PFM_PMU_INTEL_SKX_UNC_CHA24             = 344,
	PFM_PMU_INTEL_SKX_UNC_CHA25             = 345,
	PFM_PMU_INTEL_SKX_UNC_CHA26             = 346,
	PFM_PMU_INTEL_SKX_UNC_CHA27             = 347,
	PFM_PMU_INTEL_SKX_UNC_IIO0              = 348,
	PFM_PMU_INTEL_SKX_UNC_IIO1              = 349,
	PFM_PMU_INTEL_SKX_UNC_IIO2              = 350,
	PFM_PMU_INTEL_SKX_UNC_IIO3              = 351,
	PFM_PMU_INTEL_SKX_UNC_IIO4              = 352,
	PFM_PMU_INTEL_SKX_UNC_IIO5              = 353,
	PFM_PMU_INTEL_SKX_UNC_IMC0              = 354,
	PFM_PMU_INTEL_SKX_UNC_IMC1              = 355,
	PFM_PMU_INTEL_SKX_UNC_IMC2              = 356,
	PFM_PMU_INTEL_SKX_UNC_IMC3              = 357,
	PFM_PMU_INTEL_SKX_UNC_IMC4              = 358,
	PFM_PMU_INTEL_SKX_UNC_IMC5              = 359,
	PFM_PMU_INTEL_SKX_UNC_IRP               = 360,
	PFM_PMU_INTEL_SKX_UNC_M2M0              = 361,
	PFM_PMU_INTEL_SKX_UNC_M2M1              = 362,
	PFM_PMU_INTEL_SKX_UNC_M3UPI0            = 363,
	PFM_PMU_INTEL_SKX_UNC_M3UPI1            = 364,
	PFM_PMU_INTEL_SKX_UNC_M3UPI2            = 365,
	PFM_PMU_INTEL_SKX_UNC_PCU               = 366,
	PFM_PMU_INTEL_SKX_UNC_UBOX              = 367,
	PFM_PMU_INTEL_SKX_UNC_UPI0              = 368,
	PFM_PMU_INTEL_SKX_UNC_UPI1              = 369,
	PFM_PMU_INTEL_SKX_UNC_UPI2              = 370,

	PFM_PMU_INTEL_KNM                       = 371,

	PFM_PMU_INTEL_KNM_UNC_IMC0              = 372,
	PFM_PMU_INTEL_KNM_UNC_IMC1              = 373,
	PFM_PMU_INTEL_KNM_UNC_IMC2              = 374,
	PFM_PMU_INTEL_KNM_UNC_IMC3              = 375,
	PFM_PMU_INTEL_KNM_UNC_IMC4              = 376,
	PFM_PMU_INTEL_KNM_UNC_IMC5              = 377,
	PFM_PMU_INTEL_KNM_UNC_IMC_UCLK0         = 378,
	PFM_PMU_INTEL_KNM_UNC_IMC_UCLK1         = 379,
	PFM_PMU_INTEL_KNM_UNC_EDC_ECLK0         = 380,
	PFM_PMU_INTEL_KNM_UNC_EDC_ECLK1         = 381,
	PFM_PMU_INTEL_KNM_UNC_EDC_ECLK2         = 382,
	PFM_PMU_INTEL_KNM_UNC_EDC_ECLK3         = 383,
	PFM_PMU_INTEL_KNM_UNC_EDC_ECLK4         = 384,
	PFM_PMU_INTEL_KNM_UNC_EDC_ECLK5         = 385,
	PFM_PMU_INTEL_KNM_UNC_EDC_ECLK6         = 386,
	PFM_PMU_INTEL_KNM_UNC_EDC_ECLK7         = 387,
	PFM_PMU_INTEL_KNM_UNC_EDC_UCLK0         = 388,
	PFM_PMU_INTEL_KNM_UNC_EDC_UCLK1         = 389,
	PFM_PMU_INTEL_KNM_UNC_EDC_UCLK2         = 390,
	PFM_PMU_INTEL_KNM_UNC_EDC_UCLK3         = 391,
	PFM_PMU_INTEL_KNM_UNC_EDC_UCLK4         = 392,
	PFM_PMU_INTEL_KNM_UNC_EDC_UCLK5         = 393,
	PFM_PMU_INTEL_KNM_UNC_EDC_UCLK6         = 394,
	PFM_PMU_INTEL_KNM_UNC_EDC_UCLK7         = 395,
	PFM_PMU_INTEL_KNM_UNC_CHA0              = 396,
	PFM_PMU_INTEL_KNM_UNC_CHA1              = 397,
	PFM_PMU_INTEL_KNM_UNC_CHA2              = 398,
	PFM_PMU_INTEL_KNM_UNC_CHA3              = 399,
	PFM_PMU_INTEL_KNM_UNC_CHA4              = 400,
	PFM_PMU_INTEL_KNM_UNC_CHA5              = 401,
	PFM_PMU_INTEL_KNM_UNC_CHA6              = 402,
	PFM_PMU_INTEL_KNM_UNC_CHA7              = 403,
	PFM_PMU_INTEL_KNM_UNC_CHA8              = 404,
	PFM_PMU_INTEL_KNM_UNC_CHA9              = 405,
	PFM_PMU_INTEL_KNM_UNC_CHA10             = 406,
	PFM_PMU_INTEL_KNM_UNC_CHA11             = 407,
	PFM_PMU_INTEL_KNM_UNC_CHA12             = 408,
	PFM_PMU_INTEL_KNM_UNC_CHA13             = 409,
	PFM_PMU_INTEL_KNM_UNC_CHA14             = 410,
	PFM_PMU_INTEL_KNM_UNC_CHA15             = 411,
	PFM_PMU_INTEL_KNM_UNC_CHA16             = 412,
	PFM_PMU_INTEL_KNM_UNC_CHA17             = 413,
	PFM_PMU_INTEL_KNM_UNC_CHA18             = 414,
	PFM_PMU_INTEL_KNM_UNC_CHA19             = 415,
	PFM_PMU_INTEL_KNM_UNC_CHA20             = 416,
	PFM_PMU_INTEL_KNM_UNC_CHA21             = 417,
	PFM_PMU_INTEL_KNM_UNC_CHA22             = 418,
	PFM_PMU_INTEL_KNM_UNC_CHA23             = 419,
	PFM_PMU_INTEL_KNM_UNC_CHA24             = 420,
	PFM_PMU_INTEL_KNM_UNC_CHA25             = 421,
	PFM_PMU_INTEL_KNM_UNC_CHA26             = 422,
	PFM_PMU_INTEL_KNM_UNC_CHA27             = 423,
	PFM_PMU_INTEL_KNM_UNC_CHA28             = 424,
	PFM_PMU_INTEL_KNM_UNC_CHA29             = 425,
	PFM_PMU_INTEL_KNM_UNC_CHA30             = 426,
	PFM_PMU_INTEL_KNM_UNC_CHA31             = 427,
	PFM_PMU_INTEL_KNM_UNC_CHA32             = 428,
	PFM_PMU_INTEL_KNM_UNC_CHA33             = 429,
	PFM_PMU_INTEL_KNM_UNC_CHA34             = 430,
	PFM_PMU_INTEL_KNM_UNC_CHA35             = 431,
	PFM_PMU_INTEL_KNM_UNC_CHA36             = 432,
	PFM_PMU_INTEL_KNM_UNC_CHA37             = 433,
	PFM_PMU_INTEL_KNM_UNC_UBOX              = 434,
	PFM_PMU_INTEL_KNM_UNC_M2PCIE            = 435,

	PFM_PMU_ARM_THUNDERX2                   = 436,

	PFM_PMU_INTEL_CLX                       = 437,

	PFM_PMU_ARM_THUNDERX2_DMC0              = 438,
	PFM_PMU_ARM_THUNDERX2_DMC1              = 439,
	PFM_PMU_ARM_THUNDERX2_LLC0              = 440,
	PFM_PMU_ARM_THUNDERX2_LLC1              = 441,
	PFM_PMU_ARM_THUNDERX2_CCPI0             = 442,
	PFM_PMU_ARM_THUNDERX2_CCPI1             = 443,

	PFM_PMU_AMD64_FAM17H_ZEN1               = 444,
	PFM_PMU_AMD64_FAM17H_ZEN2               = 445,
	PFM_PMU_INTEL_TMT                       = 446,
	PFM_PMU_INTEL_ICL                       = 447,
	PFM_PMU_ARM_A64FX                       = 448,
	PFM_PMU_ARM_N1                          = 449,
	PFM_PMU_AMD64_FAM19H_ZEN3               = 450,
	PFM_PMU_AMD64_RAPL                      = 451,
	PFM_PMU_AMD64_FAM19H_ZEN3_L3            = 452,
	PFM_PMU_INTEL_ICX                       = 453,
	PFM_PMU_ARM_N2                          = 454,
	PFM_PMU_ARM_KUNPENG                     = 455,

	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_DDRC0     = 456,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_DDRC1     = 457,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_DDRC2     = 458,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_DDRC3     = 459,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_DDRC0     = 460,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_DDRC1     = 461,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_DDRC2     = 462,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_DDRC3     = 463,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_DDRC0     = 464,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_DDRC1     = 465,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_DDRC2     = 466,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_DDRC3     = 467,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_DDRC0     = 468,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_DDRC1     = 469,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_DDRC2     = 470,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_DDRC3     = 471,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_HHA2      = 472,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_HHA3      = 473,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_HHA0      = 474,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_HHA1      = 475,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_HHA6      = 476,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_HHA7      = 477,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_HHA4      = 478,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_HHA5      = 479,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_L3C10     = 480,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_L3C11     = 481,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_L3C12     = 482,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_L3C13     = 483,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_L3C14     = 484,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_L3C15     = 485,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_L3C8      = 486,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL1_L3C9      = 487,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_L3C0      = 488,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_L3C1      = 489,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_L3C2      = 490,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_L3C3      = 491,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_L3C4      = 492,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_L3C5      = 493,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_L3C6      = 494,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL3_L3C7      = 495,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_L3C24     = 496,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_L3C25     = 497,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_L3C26     = 498,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_L3C27     = 499,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_L3C28     = 500,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_L3C29     = 501,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_L3C30     = 502,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL5_L3C31     = 503,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_L3C16     = 504,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_L3C17     = 505,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_L3C18     = 506,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_L3C19     = 507,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_L3C20     = 508,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_L3C21     = 509,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_L3C22     = 510,
	PFM_PMU_ARM_KUNPENG_UNC_SCCL7_L3C23     = 511,

	PFM_PMU_INTEL_SPR                       = 512,
	PFM_PMU_POWER10                         = 513,
	PFM_PMU_AMD64_FAM19H_ZEN4               = 514,
	PFM_PMU_ARM_V1                          = 515,
	PFM_PMU_ARM_V2                          = 516,

	/* ---- ids libpfm4 assigned after 4.13 ---- */
	PFM_PMU_INTEL_EMR                       = 517,

	PFM_PMU_INTEL_ICX_UNC_CHA0              = 518,
	PFM_PMU_INTEL_ICX_UNC_CHA1              = 519,
	PFM_PMU_INTEL_ICX_UNC_CHA2              = 520,
	PFM_PMU_INTEL_ICX_UNC_CHA3              = 521,
	PFM_PMU_INTEL_ICX_UNC_CHA4              = 522,
	PFM_PMU_INTEL_ICX_UNC_CHA5              = 523,
	PFM_PMU_INTEL_ICX_UNC_CHA6              = 524,
	PFM_PMU_INTEL_ICX_UNC_CHA7              = 525,
	PFM_PMU_INTEL_ICX_UNC_CHA8              = 526,
	PFM_PMU_INTEL_ICX_UNC_CHA9              = 527,
	PFM_PMU_INTEL_ICX_UNC_CHA10             = 528,
	PFM_PMU_INTEL_ICX_UNC_CHA11             = 529,
	PFM_PMU_INTEL_ICX_UNC_CHA12             = 530,
	PFM_PMU_INTEL_ICX_UNC_CHA13             = 531,
	PFM_PMU_INTEL_ICX_UNC_CHA14             = 532,
	PFM_PMU_INTEL_ICX_UNC_CHA15             = 533,
	PFM_PMU_INTEL_ICX_UNC_CHA16             = 534,
	PFM_PMU_INTEL_ICX_UNC_CHA17             = 535,
	PFM_PMU_INTEL_ICX_UNC_CHA18             = 536,
	PFM_PMU_INTEL_ICX_UNC_CHA19             = 537,
	PFM_PMU_INTEL_ICX_UNC_CHA20             = 538,
	PFM_PMU_INTEL_ICX_UNC_CHA21             = 539,
	PFM_PMU_INTEL_ICX_UNC_CHA22             = 540,
	PFM_PMU_INTEL_ICX_UNC_CHA23             = 541,
	PFM_PMU_INTEL_ICX_UNC_CHA24             = 542,
	PFM_PMU_INTEL_ICX_UNC_CHA25             = 543,
	PFM_PMU_INTEL_ICX_UNC_CHA26             = 544,
	PFM_PMU_INTEL_ICX_UNC_CHA27             = 545,
	PFM_PMU_INTEL_ICX_UNC_CHA28             = 546,
	PFM_PMU_INTEL_ICX_UNC_CHA29             = 547,
	PFM_PMU_INTEL_ICX_UNC_CHA30             = 548,
	PFM_PMU_INTEL_ICX_UNC_CHA31             = 549,
	PFM_PMU_INTEL_ICX_UNC_CHA32             = 550,
	PFM_PMU_INTEL_ICX_UNC_CHA33             = 551,
	PFM_PMU_INTEL_ICX_UNC_CHA34             = 552,
	PFM_PMU_INTEL_ICX_UNC_CHA35             = 553,
	PFM_PMU_INTEL_ICX_UNC_CHA36             = 554,
	PFM_PMU_INTEL_ICX_UNC_CHA37             = 555,
	PFM_PMU_INTEL_ICX_UNC_CHA38             = 556,
	PFM_PMU_INTEL_ICX_UNC_CHA39             = 557,
	PFM_PMU_INTEL_ICX_UNC_IMC0              = 558,
	PFM_PMU_INTEL_ICX_UNC_IMC1              = 559,
	PFM_PMU_INTEL_ICX_UNC_IMC2              = 560,
	PFM_PMU_INTEL_ICX_UNC_IMC3              = 561,
	PFM_PMU_INTEL_ICX_UNC_IMC4              = 562,
	PFM_PMU_INTEL_ICX_UNC_IMC5              = 563,
	PFM_PMU_INTEL_ICX_UNC_IMC6              = 564,
	PFM_PMU_INTEL_ICX_UNC_IMC7              = 565,
	PFM_PMU_INTEL_ICX_UNC_IMC8              = 566,
	PFM_PMU_INTEL_ICX_UNC_IMC9              = 567,
	PFM_PMU_INTEL_ICX_UNC_IMC10             = 568,
	PFM_PMU_INTEL_ICX_UNC_IMC11             = 569,
	PFM_PMU_INTEL_ICX_UNC_IIO0              = 570,
	PFM_PMU_INTEL_ICX_UNC_IIO1              = 571,
	PFM_PMU_INTEL_ICX_UNC_IIO2              = 572,
	PFM_PMU_INTEL_ICX_UNC_IIO3              = 573,
	PFM_PMU_INTEL_ICX_UNC_IIO4              = 574,
	PFM_PMU_INTEL_ICX_UNC_IIO5              = 575,
	PFM_PMU_INTEL_ICX_UNC_IRP0              = 576,
	PFM_PMU_INTEL_ICX_UNC_IRP1              = 577,
	PFM_PMU_INTEL_ICX_UNC_IRP2              = 578,
	PFM_PMU_INTEL_ICX_UNC_IRP3              = 579,
	PFM_PMU_INTEL_ICX_UNC_IRP4              = 580,
	PFM_PMU_INTEL_ICX_UNC_IRP5              = 581,
	PFM_PMU_INTEL_ICX_UNC_M2M0              = 582,
	PFM_PMU_INTEL_ICX_UNC_M2M1              = 583,
	PFM_PMU_INTEL_ICX_UNC_PCU               = 584,
	PFM_PMU_INTEL_ICX_UNC_UPI0              = 585,
	PFM_PMU_INTEL_ICX_UNC_UPI1              = 586,
	PFM_PMU_INTEL_ICX_UNC_UPI2              = 587,
	PFM_PMU_INTEL_ICX_UNC_UPI3              = 588,
	PFM_PMU_INTEL_ICX_UNC_M3UPI0            = 589,
	PFM_PMU_INTEL_ICX_UNC_M3UPI1            = 590,
	PFM_PMU_INTEL_ICX_UNC_M3UPI2            = 591,
	PFM_PMU_INTEL_ICX_UNC_M3UPI3            = 592,
	PFM_PMU_INTEL_ICX_UNC_UBOX              = 593,
	PFM_PMU_INTEL_ICX_UNC_M2PCIE0           = 594,
	PFM_PMU_INTEL_ICX_UNC_M2PCIE1           = 595,
	PFM_PMU_INTEL_ICX_UNC_M2PCIE2           = 596,

	PFM_PMU_INTEL_ADL_GLC                   = 597,
	PFM_PMU_INTEL_ADL_GRT                   = 598,

	PFM_PMU_INTEL_SPR_UNC_IMC0              = 599,
	PFM_PMU_INTEL_SPR_UNC_IMC1              = 600,
	PFM_PMU_INTEL_SPR_UNC_IMC2              = 601,
	PFM_PMU_INTEL_SPR_UNC_IMC3              = 602,
	PFM_PMU_INTEL_SPR_UNC_IMC4              = 603,
	PFM_PMU_INTEL_SPR_UNC_IMC5              = 604,
	PFM_PMU_INTEL_SPR_UNC_IMC6              = 605,
	PFM_PMU_INTEL_SPR_UNC_IMC7              = 606,
	PFM_PMU_INTEL_SPR_UNC_IMC8              = 607,
	PFM_PMU_INTEL_SPR_UNC_IMC9              = 608,
	PFM_PMU_INTEL_SPR_UNC_IMC10             = 609,
	PFM_PMU_INTEL_SPR_UNC_IMC11             = 610,
	PFM_PMU_INTEL_SPR_UNC_UPI0              = 611,
	PFM_PMU_INTEL_SPR_UNC_UPI1              = 612,
	PFM_PMU_INTEL_SPR_UNC_UPI2              = 613,
	PFM_PMU_INTEL_SPR_UNC_UPI3              = 614,
	PFM_PMU_INTEL_SPR_UNC_CHA0              = 615,
	PFM_PMU_INTEL_SPR_UNC_CHA1              = 616,
	PFM_PMU_INTEL_SPR_UNC_CHA2              = 617,
	PFM_PMU_INTEL_SPR_UNC_CHA3              = 618,
	PFM_PMU_INTEL_SPR_UNC_CHA4              = 619,
	PFM_PMU_INTEL_SPR_UNC_CHA5              = 620,
	PFM_PMU_INTEL_SPR_UNC_CHA6              = 621,
	PFM_PMU_INTEL_SPR_UNC_CHA7              = 622,
	PFM_PMU_INTEL_SPR_UNC_CHA8              = 623,
	PFM_PMU_INTEL_SPR_UNC_CHA9              = 624,
	PFM_PMU_INTEL_SPR_UNC_CHA10             = 625,
	PFM_PMU_INTEL_SPR_UNC_CHA11             = 626,
	PFM_PMU_INTEL_SPR_UNC_CHA12             = 627,
	PFM_PMU_INTEL_SPR_UNC_CHA13             = 628,
	PFM_PMU_INTEL_SPR_UNC_CHA14             = 629,
	PFM_PMU_INTEL_SPR_UNC_CHA15             = 630,
	PFM_PMU_INTEL_SPR_UNC_CHA16             = 631,
	PFM_PMU_INTEL_SPR_UNC_CHA17             = 632,
	PFM_PMU_INTEL_SPR_UNC_CHA18             = 633,
	PFM_PMU_INTEL_SPR_UNC_CHA19             = 634,
	PFM_PMU_INTEL_SPR_UNC_CHA20             = 635,
	PFM_PMU_INTEL_SPR_UNC_CHA21             = 636,
	PFM_PMU_INTEL_SPR_UNC_CHA22             = 637,
	PFM_PMU_INTEL_SPR_UNC_CHA23             = 638,
	PFM_PMU_INTEL_SPR_UNC_CHA24             = 639,
	PFM_PMU_INTEL_SPR_UNC_CHA25             = 640,
	PFM_PMU_INTEL_SPR_UNC_CHA26             = 641,
	PFM_PMU_INTEL_SPR_UNC_CHA27             = 642,
	PFM_PMU_INTEL_SPR_UNC_CHA28             = 643,
	PFM_PMU_INTEL_SPR_UNC_CHA29             = 644,
	PFM_PMU_INTEL_SPR_UNC_CHA30             = 645,
	PFM_PMU_INTEL_SPR_UNC_CHA31             = 646,
	PFM_PMU_INTEL_SPR_UNC_CHA32             = 647,
	PFM_PMU_INTEL_SPR_UNC_CHA33             = 648,
	PFM_PMU_INTEL_SPR_UNC_CHA34             = 649,
	PFM_PMU_INTEL_SPR_UNC_CHA35             = 650,
	PFM_PMU_INTEL_SPR_UNC_CHA36             = 651,
	PFM_PMU_INTEL_SPR_UNC_CHA37             = 652,
	PFM_PMU_INTEL_SPR_UNC_CHA38             = 653,
	PFM_PMU_INTEL_SPR_UNC_CHA39             = 654,
	PFM_PMU_INTEL_SPR_UNC_CHA40             = 655,
	PFM_PMU_INTEL_SPR_UNC_CHA41             = 656,
	PFM_PMU_INTEL_SPR_UNC_CHA42             = 657,
	PFM_PMU_INTEL_SPR_UNC_CHA43             = 658,
	PFM_PMU_INTEL_SPR_UNC_CHA44             = 659,
	PFM_PMU_INTEL_SPR_UNC_CHA45             = 660,
	PFM_PMU_INTEL_SPR_UNC_CHA46             = 661,
	PFM_PMU_INTEL_SPR_UNC_CHA47             = 662,
	PFM_PMU_INTEL_SPR_UNC_CHA48             = 663,
	PFM_PMU_INTEL_SPR_UNC_CHA49             = 664,
	PFM_PMU_INTEL_SPR_UNC_CHA50             = 665,
	PFM_PMU_INTEL_SPR_UNC_CHA51             = 666,
	PFM_PMU_INTEL_SPR_UNC_CHA52             = 667,
	PFM_PMU_INTEL_SPR_UNC_CHA53             = 668,
	PFM_PMU_INTEL_SPR_UNC_CHA54             = 669,
	PFM_PMU_INTEL_SPR_UNC_CHA55             = 670,
	PFM_PMU_INTEL_SPR_UNC_CHA56             = 671,
	PFM_PMU_INTEL_SPR_UNC_CHA57             = 672,
	PFM_PMU_INTEL_SPR_UNC_CHA58             = 673,
	PFM_PMU_INTEL_SPR_UNC_CHA59             = 674,

	PFM_PMU_INTEL_GNR                       = 675,
	PFM_PMU_AMD64_FAM1AH_ZEN5               = 676,
	PFM_PMU_AMD64_FAM1AH_ZEN5_L3            = 677,
	PFM_PMU_ARM_CORTEX_A72                  = 678,
	PFM_PMU_ARM_V3                          = 679,
	PFM_PMU_ARM_CORTEX_A55                  = 680,
	PFM_PMU_ARM_CORTEX_A76                  = 681,
	PFM_PMU_ARM_N3                          = 682,
	PFM_PMU_ARM_MONAKA                      = 683,
	PFM_PMU_INTEL_GNR_UNC_IMC0                 = 684,
	PFM_PMU_INTEL_GNR_UNC_IMC1                 = 685,
	PFM_PMU_INTEL_GNR_UNC_IMC2                 = 686,
	PFM_PMU_INTEL_GNR_UNC_IMC3                 = 687,
	PFM_PMU_INTEL_GNR_UNC_IMC4                 = 688,
	PFM_PMU_INTEL_GNR_UNC_IMC5                 = 689,
	PFM_PMU_INTEL_GNR_UNC_IMC6                 = 690,
	PFM_PMU_INTEL_GNR_UNC_IMC7                 = 691,
	PFM_PMU_INTEL_GNR_UNC_IMC8                 = 692,
	PFM_PMU_INTEL_GNR_UNC_IMC9                 = 693,
	PFM_PMU_INTEL_GNR_UNC_IMC10                = 694,
	PFM_PMU_INTEL_GNR_UNC_IMC11                = 695,
	PFM_PMU_ARM_CORTEX_X4                   = 696,
	PFM_PMU_ARM_OLYMPUS                     = 697,
	PFM_PMU_AMD64_FAM1AH_ZEN6               = 698,
	PFM_PMU_AMD64_FAM1AH_ZEN6_L3            = 699,

	/* ---- pmuplug's own ids: 768 .. 1022 and 1024 .. 2047 (see above) ---- */
	PFM_PMU_PMUPLUG_FIRST                   = 768,

	PFM_PMU_MAX                             = 4096	/* one past the last id */
} pfm_pmu_t;

/* What kind of unit a PMU is. */
typedef enum {
	PFM_PMU_TYPE_UNKNOWN	= 0,
	PFM_PMU_TYPE_CORE	= 1,	/* counts inside a CPU core */
	PFM_PMU_TYPE_UNCORE	= 2,	/* counts for a whole socket or a unit in it */
	PFM_PMU_TYPE_OS_GENERIC	= 3,	/* events the operating system provides */
	PFM_PMU_TYPE_MAX	= 4
} pfm_pmu_type_t;

/* Kinds of event attribute (pfm_event_attr_info_t.type). */
typedef enum {
	PFM_ATTR_NONE		= 0,
	PFM_ATTR_UMASK		= 1,	/* unit mask: selects what the event counts */
	PFM_ATTR_MOD_BOOL	= 2,	/* on/off modifier, e.g. u, k */
	PFM_ATTR_MOD_INTEGER	= 3,	/* modifier taking a number, e.g. c=2 */
	PFM_ATTR_RAW_UMASK	= 4,	/* internal raw unit mask, not shown to users */
	PFM_ATTR_MAX		= 5
} pfm_attr_t;

/* How the value an event counts is to be read (pfm_event_info_t.dtype). */
typedef enum {
	PFM_DTYPE_UNKNOWN	= 0,
	PFM_DTYPE_UINT64	= 1,	/* unsigned 64-bit count */
	PFM_DTYPE_INT64		= 2,	/* signed 64-bit */
	PFM_DTYPE_DOUBLE	= 3,	/* IEEE 754 double */
	PFM_DTYPE_FIXED		= 4,	/* fixed point, 32 integer and 32 fraction bits */
	PFM_DTYPE_RATIO		= 5,	/* two 32-bit integers, numerator and denominator */
	PFM_DTYPE_CHAR8		= 6,	/* 8 characters, not NUL terminated */
	PFM_DTYPE_MAX		= 7
} pfm_dtype_t;

/* Which layer implements an attribute (pfm_event_attr_info_t.ctrl). */
typedef enum {
	PFM_ATTR_CTRL_UNKNOWN	= 0,
	PFM_ATTR_CTRL_PMU	= 1,	/* a field of the PMU's own encoding */
	PFM_ATTR_CTRL_PERF_EVENT = 2,	/* a setting of the Linux perf_event interface */
	PFM_ATTR_CTRL_MAX	= 3
} pfm_attr_ctrl_t;

/* Operating-system interface an encoding or an attribute list is for. */
typedef enum {
	PFM_OS_NONE		= 0,	/* raw PMU encoding only */
	PFM_OS_PERF_EVENT	= 1,	/* perf_event_attr, with the PMU attributes */
	PFM_OS_PERF_EVENT_EXT	= 2,	/* perf_event_attr, with every perf_event attribute */
	PFM_OS_MAX		= 3,
} pfm_os_t;

/*
 * The nested flag structures and unions below are anonymous in C.  SWIG
 * cannot wrap anonymous members, so when SWIG reads this file they get the
 * names given to SWIG_NAME().
 */
#ifndef SWIG_NAME
#ifdef SWIG
#define SWIG_NAME(x) x
#else
#define SWIG_NAME(x)
#endif
#endif

/*
 * Result of the library calls: PFM_SUCCESS or one of the negative PFM_ERR_*
 * codes below.  A plain int holds it just as well.
 */
typedef int pfm_err_t;
/* Result of an operating-system call. */
typedef int os_err_t;

/* Description of one PMU, filled by pfm_get_pmu_info(). */
typedef struct {
	const char	*name;		/* short name, the prefix in "name::EVENT" */
	const char	*desc;		/* one-line description */
	size_t		size;		/* caller sets: sizeof(pfm_pmu_info_t) */
	pfm_pmu_t	pmu;		/* id */
	pfm_pmu_type_t	type;		/* core, uncore, OS */
	int		nevents;	/* number of events */
	int		first_event;	/* index of its first event, for pfm_get_event_next() */
	int		max_encoding;	/* most uint64_t words one event encodes to */
	int		num_cntrs;	/* general-purpose counters */
	int		num_fixed_cntrs;/* fixed-function counters */
	struct {
		unsigned int	is_present:1;	/* found on this machine */
		unsigned int	is_dfl:1;	/* default PMU of the architecture */
		unsigned int	reserved_bits:30;
	} SWIG_NAME(flags);
} pfm_pmu_info_t;

/* Values of the is_speculative flags below. */
typedef enum {
	PFM_EVENT_INFO_SPEC_NA		= 0,	/* not known */
	PFM_EVENT_INFO_SPEC_TRUE	= 1,	/* counts speculatively executed work too */
	PFM_EVENT_INFO_SPEC_FALSE	= 2,	/* counts retired (architectural) work only */
} pfm_event_info_spec_t;

/* Description of one event, filled by pfm_get_event_info(). */
typedef struct {
	const char	*name;		/* event name */
	const char	*desc;		/* description */
	const char	*equiv;		/* event string this one is an alias of, or NULL */
	size_t		size;		/* caller sets: sizeof(pfm_event_info_t) */
	uint64_t	code;		/* raw event code (before attributes) */
	pfm_pmu_t	pmu;		/* PMU the event belongs to */
	pfm_dtype_t	dtype;		/* type of the counted value */
	int		idx;		/* event index */
	int		nattrs;		/* number of attributes (umasks and modifiers) */
	int		reserved;
	struct {
		unsigned int	is_precise:1;		/* supports precise sampling (x86: PEBS) */
		unsigned int	is_speculative:2;	/* a pfm_event_info_spec_t */
		unsigned int	support_hw_smpl:1;	/* can be sampled into a hardware buffer */
		unsigned int	reserved_bits:28;
	} SWIG_NAME(flags);
} pfm_event_info_t;

/* Description of one event attribute, filled by pfm_get_event_attr_info(). */
typedef struct {
	const char	*name;		/* attribute name */
	const char	*desc;		/* description */
	const char	*equiv;		/* attribute this one is an alias of, or NULL */
	size_t		size;		/* caller sets: sizeof(pfm_event_attr_info_t) */
	uint64_t	code;		/* raw code (the umask value for a unit mask) */
	pfm_attr_t	type;		/* kind of attribute */
	int		idx;		/* attribute index within the event */
	pfm_attr_ctrl_t	ctrl;		/* layer implementing it */
	struct {
		unsigned int	is_dfl:1;		/* umask used when none is given */
		unsigned int	is_precise:1;		/* supports precise sampling (x86: PEBS) */
		unsigned int	is_speculative:2;	/* a pfm_event_info_spec_t */
		unsigned int	support_hw_smpl:1;	/* can be sampled into a hardware buffer */
		unsigned int	support_no_mods:1;	/* a unit mask that takes no modifier (newer libpfm4;
							 * a reserved bit, always 0, in 4.13's header:
							 * PFM_ATTR_HAS_SUPPORT_NO_MODS tells them apart) */
		unsigned int	reserved_bits:26;
	} SWIG_NAME(flags);
	union {
		uint64_t	dfl_val64;	/* default value, integer modifiers */
		const char	*dfl_str;	/* default value, string attributes */
		int		dfl_bool;	/* default value, boolean modifiers */
		int		dfl_int;	/* default value, int-sized modifiers */
	} SWIG_NAME(defaults);
} pfm_event_attr_info_t;

/* pfm_event_attr_info_t names support_no_mods (4.13's header does not) */
#define PFM_ATTR_HAS_SUPPORT_NO_MODS 1

/* Argument of pfm_get_os_event_encoding() for PFM_OS_NONE. */
typedef struct {
	uint64_t	*codes;		/* in/out: encoding words; NULL lets the library allocate */
	char		**fstr;		/* out, if not NULL: fully qualified event string (free() it) */
	size_t		size;		/* caller sets: sizeof(pfm_pmu_encode_arg_t) */
	int		count;		/* in/out: number of words in codes */
	int		idx;		/* out: event index */
} pfm_pmu_encode_arg_t;

/*
 * Sizes of the first published version of each argument structure.  The
 * library accepts a size field of 0 or of any version it knows.
 */
#if __WORDSIZE == 64
#define PFM_PMU_INFO_ABI0	56
#define PFM_EVENT_INFO_ABI0	64
#define PFM_ATTR_INFO_ABI0	64
#define PFM_RAW_ENCODE_ABI0	32
#else
#define PFM_PMU_INFO_ABI0	44
#define PFM_EVENT_INFO_ABI0	48
#define PFM_ATTR_INFO_ABI0	48
#define PFM_RAW_ENCODE_ABI0	20
#endif

/* Setup, teardown, error strings, version. */
extern pfm_err_t pfm_initialize(void);
extern void pfm_terminate(void);
extern const char *pfm_strerror(int code);
extern int pfm_get_version(void);

/* PMUs. */
extern pfm_err_t pfm_get_pmu_info(pfm_pmu_t pmu, pfm_pmu_info_t *output);

/* Events: iteration, lookup by name, description. */
extern int pfm_get_event_next(int idx);
extern int pfm_find_event(const char *str);
extern pfm_err_t pfm_get_event_info(int idx, pfm_os_t os, pfm_event_info_t *output);

/*
 * Encodes an event string for an OS interface; args points to a
 * pfm_pmu_encode_arg_t (PFM_OS_NONE) or a pfm_perf_encode_arg_t
 * (PFM_OS_PERF_EVENT, PFM_OS_PERF_EVENT_EXT).
 */
extern pfm_err_t pfm_get_os_event_encoding(const char *str, int dfl_plm, pfm_os_t os, void *args);

/* Attributes (unit masks and modifiers) of an event. */
extern pfm_err_t pfm_get_event_attr_info(int eidx, int aidx, pfm_os_t os, pfm_event_attr_info_t *output);

/* Self-check of a PMU's tables; prints problems to fp. */
extern pfm_err_t pfm_pmu_validate(pfm_pmu_t pmu_id, FILE *fp);

/* Raw encoding, the interface before pfm_get_os_event_encoding(). */
extern pfm_err_t pfm_get_event_encoding(const char *str, int dfl_plm, char **fstr, int *idx, uint64_t **codes, int *count);

/* Return codes. */
#define PFM_SUCCESS		0	/* no error */
#define PFM_ERR_NOTSUPP		-1	/* not supported */
#define PFM_ERR_INVAL		-2	/* invalid argument */
#define PFM_ERR_NOINIT		-3	/* pfm_initialize() not called or failed */
#define PFM_ERR_NOTFOUND	-4	/* no such event */
#define PFM_ERR_FEATCOMB	-5	/* attributes that cannot be combined */
#define PFM_ERR_UMASK		-6	/* unit mask invalid or missing */
#define PFM_ERR_NOMEM		-7	/* out of memory */
#define PFM_ERR_ATTR		-8	/* unknown attribute */
#define PFM_ERR_ATTR_VAL	-9	/* attribute value invalid */
#define PFM_ERR_ATTR_SET	-10	/* attribute given twice */
#define PFM_ERR_TOOMANY		-11	/* too many items */
#define PFM_ERR_TOOSMALL	-12	/* argument or buffer too small */

/*
 * Loop helpers.  Attribute indexes of an event run from 0 to nattrs - 1;
 * z points to its pfm_event_info_t.  PMU ids are not contiguous: loop over
 * all of them and ask pfm_get_pmu_info() which exist (and is_present).
 */
#define pfm_for_each_event_attr(x, z) \
	for ((x) = 0; (x) < (z)->nattrs; (x) = (x) + 1)

#define pfm_for_all_pmus(x) \
	for ((x) = PFM_PMU_NONE; (x) < PFM_PMU_MAX; (x)++)

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif /* __PFMLIB_H__ */
