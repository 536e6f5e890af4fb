/*
 * SPDX-License-Identifier: MIT
 *
 * <perfmon/perf_event.h> -- the Linux perf_event user interface as libpfm4
 * 4.13 ships it: struct perf_event_attr and the other record layouts, the
 * constants used with them, and a perf_event_open() system call wrapper.
 *
 * pmuplug keeps this file identical in every value and layout to the one
 * of libpfm4 4.13, including where that copy differs from the kernel's
 * <linux/perf_event.h> (see PERF_SAMPLE_BRANCH_CALL), so that programs
 * built against libpfm4 behave the same when built against pmuplug.
 *
 * If the kernel's <linux/perf_event.h> was included first, its definitions
 * are used and only the parts the kernel header lacks are added here.
 */
#ifndef __PERFMON_PERF_EVENT_H__
#define __PERFMON_PERF_EVENT_H__

#pragma GCC visibility push(default)

#include <sys/types.h>
#include <unistd.h>		/* syscall() */
#include <inttypes.h>
#include <sys/syscall.h>	/* __NR_perf_event_open */
#include <sys/ioctl.h>		/* _IO, _IOR, _IOW, _IOWR */
#include <sys/prctl.h>		/* PR_TASK_PERF_EVENTS_* */

#ifdef __cplusplus
extern "C" {
#endif

#if !(defined(_LINUX_PERF_EVENT_H) || defined(_UAPI_LINUX_PERF_EVENT_H))

/* perf_event_attr.type: which family of events config selects from */
enum perf_type_id {
	PERF_TYPE_HARDWARE		= 0,
	PERF_TYPE_SOFTWARE		= 1,
	PERF_TYPE_TRACEPOINT		= 2,
	PERF_TYPE_HW_CACHE		= 3,
	PERF_TYPE_RAW			= 4,
	PERF_TYPE_BREAKPOINT		= 5,
	PERF_TYPE_MAX			= 6
};

/* config for PERF_TYPE_HARDWARE: events every PMU driver maps for itself */
enum perf_hw_id {
	PERF_COUNT_HW_CPU_CYCLES		= 0,
	PERF_COUNT_HW_INSTRUCTIONS		= 1,
	PERF_COUNT_HW_CACHE_REFERENCES		= 2,
	PERF_COUNT_HW_CACHE_MISSES		= 3,
	PERF_COUNT_HW_BRANCH_INSTRUCTIONS	= 4,
	PERF_COUNT_HW_BRANCH_MISSES		= 5,
	PERF_COUNT_HW_BUS_CYCLES		= 6,
	PERF_COUNT_HW_STALLED_CYCLES_FRONTEND	= 7,
	PERF_COUNT_HW_STALLED_CYCLES_BACKEND	= 8,
	PERF_COUNT_HW_REF_CPU_CYCLES		= 9,
	PERF_COUNT_HW_MAX			= 10
};

/*
 * config for PERF_TYPE_HW_CACHE is
 *   cache id | (operation << 8) | (result << 16)
 * with the three enums below.
 */
enum perf_hw_cache_id {
	PERF_COUNT_HW_CACHE_L1D			= 0,
	PERF_COUNT_HW_CACHE_L1I			= 1,
	PERF_COUNT_HW_CACHE_LL			= 2,
	PERF_COUNT_HW_CACHE_DTLB		= 3,
	PERF_COUNT_HW_CACHE_ITLB		= 4,
	PERF_COUNT_HW_CACHE_BPU			= 5,
	PERF_COUNT_HW_CACHE_NODE		= 6,
	PERF_COUNT_HW_CACHE_MAX			= 7
};

enum perf_hw_cache_op_id {
	PERF_COUNT_HW_CACHE_OP_READ		= 0,
	PERF_COUNT_HW_CACHE_OP_WRITE		= 1,
	PERF_COUNT_HW_CACHE_OP_PREFETCH		= 2,
	PERF_COUNT_HW_CACHE_OP_MAX		= 3
};

enum perf_hw_cache_op_result_id {
	PERF_COUNT_HW_CACHE_RESULT_ACCESS	= 0,
	PERF_COUNT_HW_CACHE_RESULT_MISS		= 1,
	PERF_COUNT_HW_CACHE_RESULT_MAX		= 2
};

/* config for PERF_TYPE_SOFTWARE: events the kernel counts itself */
enum perf_sw_ids {
	PERF_COUNT_SW_CPU_CLOCK			= 0,
	PERF_COUNT_SW_TASK_CLOCK		= 1,
	PERF_COUNT_SW_PAGE_FAULTS		= 2,
	PERF_COUNT_SW_CONTEXT_SWITCHES		= 3,
	PERF_COUNT_SW_CPU_MIGRATIONS		= 4,
	PERF_COUNT_SW_PAGE_FAULTS_MIN		= 5,
	PERF_COUNT_SW_PAGE_FAULTS_MAJ		= 6,
	PERF_COUNT_SW_ALIGNMENT_FAULTS		= 7,
	PERF_COUNT_SW_EMULATION_FAULTS		= 8,
	PERF_COUNT_SW_DUMMY			= 9,
	PERF_COUNT_SW_BPF_OUTPUT		= 10,
	PERF_COUNT_SW_CGROUP_SWITCHES		= 11,
	PERF_COUNT_SW_MAX			= 12
};

/* perf_event_attr.sample_type bits: what each sample record carries */
enum perf_event_sample_format {
	PERF_SAMPLE_IP				= 1U << 0,
	PERF_SAMPLE_TID				= 1U << 1,
	PERF_SAMPLE_TIME			= 1U << 2,
	PERF_SAMPLE_ADDR			= 1U << 3,
	PERF_SAMPLE_READ			= 1U << 4,
	PERF_SAMPLE_CALLCHAIN			= 1U << 5,
	PERF_SAMPLE_ID				= 1U << 6,
	PERF_SAMPLE_CPU				= 1U << 7,
	PERF_SAMPLE_PERIOD			= 1U << 8,
	PERF_SAMPLE_STREAM_ID			= 1U << 9,
	PERF_SAMPLE_RAW				= 1U << 10,
	PERF_SAMPLE_BRANCH_STACK		= 1U << 11,
	PERF_SAMPLE_REGS_USER			= 1U << 12,
	PERF_SAMPLE_STACK_USER			= 1U << 13,
	PERF_SAMPLE_WEIGHT			= 1U << 14,
	PERF_SAMPLE_DATA_SRC			= 1U << 15,
	PERF_SAMPLE_IDENTIFIER			= 1U << 16,
	PERF_SAMPLE_TRANSACTION			= 1U << 17,
	PERF_SAMPLE_REGS_INTR			= 1U << 18,
	PERF_SAMPLE_PHYS_ADDR			= 1U << 19,
	PERF_SAMPLE_AUX				= 1U << 20,
	PERF_SAMPLE_CGROUP			= 1U << 21,
	PERF_SAMPLE_DATA_PAGE_SIZE		= 1U << 22,
	PERF_SAMPLE_CODE_PAGE_SIZE		= 1U << 23,
	PERF_SAMPLE_WEIGHT_STRUCT		= 1U << 24,
	PERF_SAMPLE_MAX				= 1U << 25,
};

/* Bits of the PERF_SAMPLE_TRANSACTION value (hardware transactional memory) */
enum {
	PERF_TXN_ELISION			= (1 << 0),
	PERF_TXN_TRANSACTION			= (1 << 1),
	PERF_TXN_SYNC				= (1 << 2),
	PERF_TXN_ASYNC				= (1 << 3),
	PERF_TXN_RETRY				= (1 << 4),
	PERF_TXN_CONFLICT			= (1 << 5),
	PERF_TXN_CAPACITY_WRITE			= (1 << 6),
	PERF_TXN_CAPACITY_READ			= (1 << 7),
	PERF_TXN_MAX				= (1 << 8),
	/* the upper 32 bits hold the abort code */
	PERF_TXN_ABORT_MASK			= (0xffffffffULL << 32),
	PERF_TXN_ABORT_SHIFT			= 32,
};

/* perf_event_attr.branch_sample_type: bit numbers ... */
enum perf_branch_sample_type_shift {
	PERF_SAMPLE_BRANCH_USER_SHIFT		= 0,
	PERF_SAMPLE_BRANCH_KERNEL_SHIFT		= 1,
	PERF_SAMPLE_BRANCH_HV_SHIFT		= 2,
	PERF_SAMPLE_BRANCH_ANY_SHIFT		= 3,
	PERF_SAMPLE_BRANCH_ANY_CALL_SHIFT	= 4,
	PERF_SAMPLE_BRANCH_ANY_RETURN_SHIFT	= 5,
	PERF_SAMPLE_BRANCH_IND_CALL_SHIFT	= 6,
	PERF_SAMPLE_BRANCH_ABORT_TX_SHIFT	= 7,
	PERF_SAMPLE_BRANCH_IN_TX_SHIFT		= 8,
	PERF_SAMPLE_BRANCH_NO_TX_SHIFT		= 9,
	PERF_SAMPLE_BRANCH_COND_SHIFT		= 10,
	PERF_SAMPLE_BRANCH_CALL_STACK_SHIFT	= 11,
	PERF_SAMPLE_BRANCH_IND_JUMP_SHIFT	= 12,
	PERF_SAMPLE_BRANCH_CALL_SHIFT		= 13,
	PERF_SAMPLE_BRANCH_NO_FLAGS_SHIFT	= 14,
	PERF_SAMPLE_BRANCH_NO_CYCLES_SHIFT	= 15,
	PERF_SAMPLE_BRANCH_TYPE_SAVE_SHIFT	= 16,
	PERF_SAMPLE_BRANCH_HW_INDEX_SHIFT	= 17,
	PERF_SAMPLE_BRANCH_MAX_SHIFT		= 18
};

/* ... and the bits themselves */
enum perf_branch_sample_type {
	PERF_SAMPLE_BRANCH_USER		= 1U << PERF_SAMPLE_BRANCH_USER_SHIFT,
	PERF_SAMPLE_BRANCH_KERNEL	= 1U << PERF_SAMPLE_BRANCH_KERNEL_SHIFT,
	PERF_SAMPLE_BRANCH_HV		= 1U << PERF_SAMPLE_BRANCH_HV_SHIFT,
	PERF_SAMPLE_BRANCH_ANY		= 1U << PERF_SAMPLE_BRANCH_ANY_SHIFT,
	PERF_SAMPLE_BRANCH_ANY_CALL	= 1U << PERF_SAMPLE_BRANCH_ANY_CALL_SHIFT,
	PERF_SAMPLE_BRANCH_ANY_RETURN	= 1U << PERF_SAMPLE_BRANCH_ANY_RETURN_SHIFT,
	PERF_SAMPLE_BRANCH_IND_CALL	= 1U << PERF_SAMPLE_BRANCH_IND_CALL_SHIFT,
	PERF_SAMPLE_BRANCH_ABORT_TX	= 1U << PERF_SAMPLE_BRANCH_ABORT_TX_SHIFT,
	PERF_SAMPLE_BRANCH_IN_TX	= 1U << PERF_SAMPLE_BRANCH_IN_TX_SHIFT,
	PERF_SAMPLE_BRANCH_NO_TX	= 1U << PERF_SAMPLE_BRANCH_NO_TX_SHIFT,
	PERF_SAMPLE_BRANCH_COND		= 1U << PERF_SAMPLE_BRANCH_COND_SHIFT,
	PERF_SAMPLE_BRANCH_CALL_STACK	= 1U << PERF_SAMPLE_BRANCH_CALL_STACK_SHIFT,
	PERF_SAMPLE_BRANCH_IND_JUMP	= 1U << PERF_SAMPLE_BRANCH_IND_JUMP_SHIFT,
	/*
	 * libpfm4 4.13 gives this the value of PERF_SAMPLE_BRANCH_IND_CALL
	 * (1 << 6), where the kernel uses 1 << PERF_SAMPLE_BRANCH_CALL_SHIFT.
	 * Kept as in 4.13: this header promises 4.13's values.
	 */
	PERF_SAMPLE_BRANCH_CALL		= 1U << PERF_SAMPLE_BRANCH_IND_CALL_SHIFT,
	PERF_SAMPLE_BRANCH_NO_FLAGS	= 1U << PERF_SAMPLE_BRANCH_NO_FLAGS_SHIFT,
	PERF_SAMPLE_BRANCH_NO_CYCLES	= 1U << PERF_SAMPLE_BRANCH_NO_CYCLES_SHIFT,
	PERF_SAMPLE_BRANCH_TYPE_SAVE	= 1U << PERF_SAMPLE_BRANCH_TYPE_SAVE_SHIFT,
	PERF_SAMPLE_BRANCH_HW_INDEX	= 1U << PERF_SAMPLE_BRANCH_HW_INDEX_SHIFT,
	PERF_SAMPLE_BRANCH_MAX		= 1U << PERF_SAMPLE_BRANCH_MAX_SHIFT,
};

/* Register set layout of PERF_SAMPLE_REGS_USER / _INTR data */
enum perf_sample_regs_abi {
	PERF_SAMPLE_REGS_ABI_NONE		= 0,
	PERF_SAMPLE_REGS_ABI_32			= 1,
	PERF_SAMPLE_REGS_ABI_64			= 2,
};

/* perf_event_attr.read_format bits: what read() on the event fd returns */
enum perf_event_read_format {
	PERF_FORMAT_TOTAL_TIME_ENABLED		= 1U << 0,
	PERF_FORMAT_TOTAL_TIME_RUNNING		= 1U << 1,
	PERF_FORMAT_ID				= 1U << 2,
	PERF_FORMAT_GROUP			= 1U << 3,
	PERF_FORMAT_MAX				= 1U << 4,
};

/*
 * Sizes of successive versions of struct perf_event_attr; each version
 * appended fields to the previous one.
 */
#define PERF_ATTR_SIZE_VER0	64	/* the first one */
#define PERF_ATTR_SIZE_VER1	72	/* + config2 */
#define PERF_ATTR_SIZE_VER2	80	/* + branch_sample_type */
#define PERF_ATTR_SIZE_VER3	96	/* + sample_regs_user, sample_stack_user */
#define PERF_ATTR_SIZE_VER4	104	/* + sample_regs_intr */
#define PERF_ATTR_SIZE_VER5	112	/* + aux_watermark */
#define PERF_ATTR_SIZE_VER6	120	/* + aux_sample_size */
#define PERF_ATTR_SIZE_VER7	128	/* + sig_data */

/* Names for the anonymous members when SWIG reads this file (see pfmlib.h) */
#ifndef SWIG_NAME
#ifdef SWIG
#define SWIG_NAME(x) x
#else
#define SWIG_NAME(x)
#endif
#endif

/* What perf_event_open() is to count or sample, and how */
typedef struct perf_event_attr {
	uint32_t	type;			/* enum perf_type_id, or a sysfs PMU type */
	uint32_t	size;			/* sizeof(struct perf_event_attr) */
	uint64_t	config;			/* event selection, meaning set by type */

	union {
		uint64_t	sample_period;	/* sample every N events ... */
		uint64_t	sample_freq;	/* ... or N times a second, if freq */
	} SWIG_NAME(sample);

	uint64_t	sample_type;		/* PERF_SAMPLE_* bits */
	uint64_t	read_format;		/* PERF_FORMAT_* bits */

	uint64_t	disabled		: 1,	/* start disabled */
			inherit			: 1,	/* children inherit the counter */
			pinned			: 1,	/* must always be on the PMU */
			exclusive		: 1,	/* only group on the PMU */
			exclude_user		: 1,
			exclude_kernel		: 1,
			exclude_hv		: 1,
			exclude_idle		: 1,
			mmap			: 1,	/* record mmap events */
			comm			: 1,	/* record comm events */
			freq			: 1,	/* sample_freq, not sample_period */
			inherit_stat		: 1,	/* per-task counts on inherit */
			enable_on_exec		: 1,
			task			: 1,	/* record fork/exit */
			watermark		: 1,	/* wakeup_watermark, not wakeup_events */
			precise_ip		: 2,	/* skid constraint, 0 (any) to 3 (none) */
			mmap_data		: 1,	/* non-exec mmap events too */
			sample_id_all		: 1,	/* sample_type ids in all records */
			exclude_host		: 1,
			exclude_guest		: 1,
			exclude_callchain_kernel : 1,
			exclude_callchain_user	: 1,
			mmap2			: 1,	/* extended mmap records */
			comm_exec		: 1,	/* flag comm events caused by exec */
			use_clockid		: 1,	/* time stamps from clockid */
			context_switch		: 1,	/* record context switches */
			write_backward		: 1,	/* ring buffer written backwards */
			namespaces		: 1,	/* record namespace events */
			ksymbol			: 1,	/* record kernel symbol events */
			bpf_event		: 1,	/* record BPF events */
			aux_output		: 1,	/* generate AUX records */
			cgroup			: 1,	/* record cgroup events */
			text_poke		: 1,	/* record text poke events */
			build_id		: 1,	/* build ids in mmap2 records */
			inherit_thread		: 1,	/* inherit by threads only */
			remove_on_exec		: 1,	/* event goes away on exec */
			sigtrap			: 1,	/* SIGTRAP on overflow */
			__reserved_1		: 26;

	union {
		uint32_t	wakeup_events;		/* wake up every N samples ... */
		uint32_t	wakeup_watermark;	/* ... or every N bytes, if watermark */
	} SWIG_NAME(wakeup);

	uint32_t	bp_type;		/* breakpoint type */
	union {
		uint64_t	bp_addr;	/* breakpoint address ... */
		uint64_t	config1;	/* ... or more event selection bits */
	} SWIG_NAME(bpa);
	union {
		uint64_t	bp_len;		/* breakpoint length ... */
		uint64_t	config2;	/* ... or more event selection bits */
	} SWIG_NAME(bpb);
	uint64_t	branch_sample_type;	/* PERF_SAMPLE_BRANCH_* bits */
	uint64_t	sample_regs_user;	/* user registers to sample */
	uint32_t	sample_stack_user;	/* user stack bytes to sample */
	int32_t		clockid;		/* with use_clockid */
	uint64_t	sample_regs_intr;	/* registers at interrupt to sample */
	uint32_t	aux_watermark;		/* AUX area wakeup threshold */
	uint16_t	sample_max_stack;	/* callchain depth limit */
	uint16_t	__reserved_2;
	uint32_t	aux_sample_size;	/* AUX data bytes per sample */
	uint32_t	__reserved_3;
	uint64_t	sig_data;		/* passed to the sigtrap handler */
} perf_event_attr_t;

/* One entry of a PERF_SAMPLE_BRANCH_STACK record */
struct perf_branch_entry {
	uint64_t	from;			/* branch source address */
	uint64_t	to;			/* branch target address */
	uint64_t	mispred		: 1,	/* predicted wrongly */
			predicted	: 1,	/* predicted rightly */
			in_tx		: 1,	/* inside a transaction */
			abort		: 1,	/* a transaction abort */
			cycles		: 16,	/* cycles since the previous entry */
			type		: 4,	/* kind of branch */
			reserved	: 40;
};

/* PERF_SAMPLE_BRANCH_STACK data: nr entries, newest first */
struct perf_branch_stack {
	uint64_t			nr;
	struct perf_branch_entry	entries[0];
};

/* In/out argument of PERF_EVENT_IOC_QUERY_BPF */
struct perf_event_query_bpf {
	uint32_t	ids_len;	/* in: room in ids[] */
	uint32_t	prog_cnt;	/* out: programs attached */
	uint32_t	ids[0];		/* out: their ids */
};

/* ioctl() requests on a perf_event file descriptor */
#define PERF_EVENT_IOC_ENABLE			_IO('$', 0)
#define PERF_EVENT_IOC_DISABLE			_IO('$', 1)
#define PERF_EVENT_IOC_REFRESH			_IO('$', 2)
#define PERF_EVENT_IOC_RESET			_IO('$', 3)
#define PERF_EVENT_IOC_PERIOD			_IOW('$', 4, uint64_t)
#define PERF_EVENT_IOC_SET_OUTPUT		_IO('$', 5)
#define PERF_EVENT_IOC_SET_FILTER		_IOW('$', 6, char *)
#define PERF_EVENT_IOC_ID			_IOR('$', 7, uint64_t *)
#define PERF_EVENT_IOC_SET_BPF			_IOW('$', 8, uint32_t)
#define PERF_EVENT_IOC_PAUSE_OUTPUT		_IOW('$', 9, uint32_t)
#define PERF_EVENT_IOC_QUERY_BPF		_IOWR('$', 10, struct perf_event_query_bpf *)
#define PERF_EVENT_IOC_MODIFY_ATTRIBUTES	_IOW('$', 11, struct perf_event_attr *)

/* Third argument of the enable/disable/reset/refresh requests */
enum perf_event_ioc_flags {
	PERF_IOC_FLAG_GROUP		= 1U << 0,	/* apply to the whole group */
};

/* First page of the mmap()ed ring buffer of an event */
struct perf_event_mmap_page {
	uint32_t	version;
	uint32_t	compat_version;
	uint32_t	lock;			/* seqlock for the fields below */
	uint32_t	index;			/* hardware counter + 1, 0 if none */
	int64_t		offset;			/* add to the counter value */
	uint64_t	time_enabled;
	uint64_t	time_running;
	union {
		uint64_t	capabilities;
		struct {
			uint64_t	cap_bit0		: 1,
					cap_bit0_is_deprecated	: 1,
					cap_usr_rdpmc		: 1,	/* rdpmc allowed */
					cap_user_time		: 1,	/* time_* valid */
					cap_user_time_zero	: 1,	/* time_zero valid */
					cap_user_time_short	: 1,	/* time_cycles/mask valid */
					cap_____res		: 58;
		} SWIG_NAME(rdmap_cap_s);
	} SWIG_NAME(rdmap_cap_u);
	uint16_t	pmc_width;		/* counter width in bits */
	uint16_t	time_shift;		/* TSC to time conversion ... */
	uint32_t	time_mult;
	uint64_t	time_offset;		/* ... */

	uint64_t	time_zero;
	uint32_t	size;			/* bytes of this header in use */
	uint32_t	__reserved_1;
	uint64_t	time_cycles;
	uint64_t	time_mask;
	uint8_t		__reserved[116 * 8];	/* pads the header to 1 KiB */

	uint64_t	data_head;		/* ring buffer: written up to here */
	uint64_t	data_tail;		/* read up to here (user writes) */
	uint64_t	data_offset;		/* where the data area starts */
	uint64_t	data_size;		/* and its size */
	uint64_t	aux_head;		/* the same for the AUX area */
	uint64_t	aux_tail;
	uint64_t	aux_offset;
	uint64_t	aux_size;
};

/* Header of every record in the ring buffer */
struct perf_event_header {
	uint32_t	type;			/* enum perf_event_type */
	uint16_t	misc;			/* PERF_EVENT_MISC_ / PERF_RECORD_MISC_ bits */
	uint16_t	size;			/* record size, header included */
};

/* perf_event_header.misc: CPU mode of the sample ... */
#define PERF_EVENT_MISC_CPUMODE_MASK		(3 << 0)
#define PERF_EVENT_MISC_CPUMODE_UNKNOWN		(0 << 0)
#define PERF_EVENT_MISC_KERNEL			(1 << 0)
#define PERF_EVENT_MISC_USER			(2 << 0)
#define PERF_EVENT_MISC_HYPERVISOR		(3 << 0)
#define PERF_RECORD_MISC_GUEST_KERNEL		(4 << 0)
#define PERF_RECORD_MISC_GUEST_USER		(5 << 0)

/* ... and flags, some meaning different things for different record types */
#define PERF_RECORD_MISC_PROC_MAP_PARSE_TIMEOUT	(1 << 12)
#define PERF_RECORD_MISC_MMAP_DATA		(1 << 13)
#define PERF_RECORD_MISC_COMM_EXEC		(1 << 13)
#define PERF_RECORD_MISC_EXACT			(1 << 14)
#define PERF_RECORD_MISC_EXACT_IP		(1 << 14)
#define PERF_RECORD_MISC_EXT_RESERVED		(1 << 15)

/* perf_event_header.type */
enum perf_event_type {
	PERF_RECORD_MMAP			= 1,
	PERF_RECORD_LOST			= 2,
	PERF_RECORD_COMM			= 3,
	PERF_RECORD_EXIT			= 4,
	PERF_RECORD_THROTTLE			= 5,
	PERF_RECORD_UNTHROTTLE			= 6,
	PERF_RECORD_FORK			= 7,
	PERF_RECORD_READ			= 8,
	PERF_RECORD_SAMPLE			= 9,
	PERF_RECORD_MMAP2			= 10,
	PERF_RECORD_AUX				= 11,
	PERF_RECORD_ITRACE_START		= 12,
	PERF_RECORD_LOST_SAMPLES		= 13,
	PERF_RECORD_SWITCH			= 14,
	PERF_RECORD_SWITCH_CPU_WIDE		= 15,
	PERF_RECORD_NAMESPACES			= 16,
	PERF_RECORD_KSYMBOL			= 17,
	PERF_RECORD_BPF_EVENT			= 18,
	PERF_RECORD_CGROUP			= 19,
	PERF_RECORD_TEXT_POKE			= 20,
	PERF_RECORD_AUX_OUTPUT_HW_ID		= 21,
	PERF_RECORD_MAX				= 22
};

/* Kind of code a PERF_RECORD_KSYMBOL record describes */
enum perf_record_ksymbol_type {
	PERF_RECORD_KSYMBOL_TYPE_UNKNOWN	= 0,
	PERF_RECORD_KSYMBOL_TYPE_BPF		= 1,
	PERF_RECORD_KSYMBOL_TYPE_OOL		= 2,	/* out-of-line code: kprobes, trampolines */
	PERF_RECORD_KSYMBOL_TYPE_MAX		= 3
};

#define PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER	(1 << 0)

/* What a PERF_RECORD_BPF_EVENT record reports */
enum perf_bpf_event_type {
	PERF_BPF_EVENT_UNKNOWN			= 0,
	PERF_BPF_EVENT_PROG_LOAD		= 1,
	PERF_BPF_EVENT_PROG_UNLOAD		= 2,
	PERF_BPF_EVENT_MAX			= 3,
};

#define PERF_MAX_STACK_DEPTH			127
#define PERF_MAX_CONTEXTS_PER_STACK		8

/* Markers inside a callchain: the entries that follow are from this context */
enum perf_callchain_context {
	PERF_CONTEXT_HV				= (uint64_t)-32,
	PERF_CONTEXT_KERNEL			= (uint64_t)-128,
	PERF_CONTEXT_USER			= (uint64_t)-512,
	PERF_CONTEXT_GUEST			= (uint64_t)-2048,
	PERF_CONTEXT_GUEST_KERNEL		= (uint64_t)-2176,
	PERF_CONTEXT_GUEST_USER			= (uint64_t)-2560,
	PERF_CONTEXT_MAX			= (uint64_t)-4095,
};

/* Flags of PERF_RECORD_AUX records */
#define PERF_AUX_FLAG_TRUNCATED			0x01
#define PERF_AUX_FLAG_OVERWRITE			0x02
#define PERF_AUX_FLAG_PARTIAL			0x04
#define PERF_AUX_FLAG_COLLISION			0x08
#define PERF_AUX_FLAG_PMU_FORMAT_TYPE_MASK	0xff00
/* the PMU format field, for Arm CoreSight */
#define PERF_AUX_FLAG_CORESIGHT_FORMAT_CORESIGHT	0x0000
#define PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW		0x0100

/* flags argument of perf_event_open() */
#define PERF_FLAG_FD_NO_GROUP			(1U << 0)
#define PERF_FLAG_FD_OUTPUT			(1U << 1)
#define PERF_FLAG_PID_CGROUP			(1U << 2)
#define PERF_FLAG_FD_CLOEXEC			(1UL << 3)

#endif /* neither kernel perf_event.h included */

/* System call number, for C libraries that do not define it */
#ifndef __NR_perf_event_open
#if defined(__x86_64__)
#define __NR_perf_event_open	298
#elif defined(__i386__)
#define __NR_perf_event_open	336
#elif defined(__powerpc__)
#define __NR_perf_event_open	319
#elif defined(__s390__)
#define __NR_perf_event_open	331
#elif defined(__arm__)
#if defined(__ARM_EABI__) || defined(__thumb__)
#define __NR_perf_event_open	364
#else
#define __NR_perf_event_open	(0x900000 + 364)
#endif
#elif defined(__mips__)
#if _MIPS_SIM == _MIPS_SIM_ABI32
#define __NR_perf_event_open	(__NR_Linux + 333)
#elif _MIPS_SIM == _MIPS_SIM_ABI64
#define __NR_perf_event_open	(__NR_Linux + 292)
#else
#define __NR_perf_event_open	(__NR_Linux + 296)
#endif
#endif
#endif /* !__NR_perf_event_open */

/*
 * perf_event_open(2), which the C library does not wrap: returns a file
 * descriptor, or -1 with errno set.
 */
static inline int
perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu,
		int group_fd, unsigned long flags)
{
	return syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags);
}

/* prctl() options, for C libraries whose <linux/prctl.h> is too old */
#ifndef PR_TASK_PERF_EVENTS_DISABLE
#define PR_TASK_PERF_EVENTS_ENABLE	32
#define PR_TASK_PERF_EVENTS_DISABLE	31
#endif

/*
 * Data source of a memory access sample (PERF_SAMPLE_DATA_SRC), unless an
 * older system <linux/perf_event.h> already defined it.
 */
#ifndef PERF_MEM_OP_NA

union perf_mem_data_src {
	uint64_t val;
	struct {
		uint64_t	mem_op		: 5,	/* PERF_MEM_OP_* */
				mem_lvl		: 14,	/* PERF_MEM_LVL_* */
				mem_snoop	: 5,	/* PERF_MEM_SNOOP_* */
				mem_lock	: 2,	/* PERF_MEM_LOCK_* */
				mem_dtlb	: 7,	/* PERF_MEM_TLB_* */
				mem_lvl_num	: 4,	/* memory level number */
				mem_remote	: 1,	/* PERF_MEM_REMOTE_* */
				mem_snoopx	: 2,	/* PERF_MEM_SNOOPX_* */
				mem_blk		: 3,	/* PERF_MEM_BLK_* */
				mem_hops	: 3,	/* PERF_MEM_HOPS_* */
				mem_rsvd	: 18;
	};
};

/* mem_op: kind of access */
#define PERF_MEM_OP_NA		0x01	/* unknown */
#define PERF_MEM_OP_LOAD	0x02
#define PERF_MEM_OP_STORE	0x04
#define PERF_MEM_OP_PFETCH	0x08	/* prefetch */
#define PERF_MEM_OP_EXEC	0x10	/* instruction fetch */
#define PERF_MEM_OP_SHIFT	0

/* mem_lvl: where the access was served, and whether it hit */
#define PERF_MEM_LVL_NA		0x01	/* unknown */
#define PERF_MEM_LVL_HIT	0x02
#define PERF_MEM_LVL_MISS	0x04
#define PERF_MEM_LVL_L1		0x08
#define PERF_MEM_LVL_LFB	0x10	/* line fill buffer */
#define PERF_MEM_LVL_L2		0x20
#define PERF_MEM_LVL_L3		0x40
#define PERF_MEM_LVL_LOC_RAM	0x80	/* local memory */
#define PERF_MEM_LVL_REM_RAM1	0x100	/* remote memory, one hop away */
#define PERF_MEM_LVL_REM_RAM2	0x200	/* remote memory, two hops away */
#define PERF_MEM_LVL_REM_CCE1	0x400	/* remote cache, one hop away */
#define PERF_MEM_LVL_REM_CCE2	0x800	/* remote cache, two hops away */
#define PERF_MEM_LVL_IO		0x1000	/* I/O space */
#define PERF_MEM_LVL_UNC	0x2000	/* uncached */
#define PERF_MEM_LVL_SHIFT	5

/* mem_remote */
#define PERF_MEM_REMOTE_REMOTE	0x01
#define PERF_MEM_REMOTE_SHIFT	37

/* mem_snoop: coherence snoop outcome */
#define PERF_MEM_SNOOP_NA	0x01	/* unknown */
#define PERF_MEM_SNOOP_NONE	0x02	/* no snoop */
#define PERF_MEM_SNOOP_HIT	0x04
#define PERF_MEM_SNOOP_MISS	0x08
#define PERF_MEM_SNOOP_HITM	0x10	/* hit a modified line */
#define PERF_MEM_SNOOP_SHIFT	19

/* mem_snoopx: more snoop outcomes */
#define PERF_MEM_SNOOPX_FWD	0x01	/* forwarded */
#define PERF_MEM_SNOOPX_SHIFT	38

/* mem_lock */
#define PERF_MEM_LOCK_NA	0x01	/* unknown */
#define PERF_MEM_LOCK_LOCKED	0x02	/* locked access */
#define PERF_MEM_LOCK_SHIFT	24

/* mem_dtlb: data TLB outcome */
#define PERF_MEM_TLB_NA		0x01	/* unknown */
#define PERF_MEM_TLB_HIT	0x02
#define PERF_MEM_TLB_MISS	0x04
#define PERF_MEM_TLB_L1		0x08
#define PERF_MEM_TLB_L2		0x10
#define PERF_MEM_TLB_WK		0x20	/* page walker */
#define PERF_MEM_TLB_OS		0x40	/* OS page fault handler */
#define PERF_MEM_TLB_SHIFT	26

/* mem_blk: why the access was blocked */
#define PERF_MEM_BLK_NA		0x01	/* unknown */
#define PERF_MEM_BLK_DATA	0x02	/* data not forwardable */
#define PERF_MEM_BLK_ADDR	0x04	/* address conflict */
#define PERF_MEM_BLK_SHIFT	40

/* mem_hops: distance to the remote supplier */
#define PERF_MEM_HOPS_0		0x01	/* another core, same node */
#define PERF_MEM_HOPS_1		0x02	/* another node, same socket */
#define PERF_MEM_HOPS_2		0x03	/* another socket, same board */
#define PERF_MEM_HOPS_3		0x04	/* another board */
#define PERF_MEM_HOPS_SHIFT	43

/* Builds a data source value, e.g. PERF_MEM_S(LVL, HIT) | PERF_MEM_S(OP, LOAD) */
#define PERF_MEM_S(a, s) \
	(((uint64_t)PERF_MEM_##a##_##s) << PERF_MEM_##a##_SHIFT)

#endif /* !PERF_MEM_OP_NA */

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif /* __PERFMON_PERF_EVENT_H__ */
