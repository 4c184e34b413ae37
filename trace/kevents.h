/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kevents.h - the kernel's own events captured beside a run (--kernel):
 * compact fixed-size records on the trace's counter, and a table of the
 * names they refer to (interrupt handlers, tasks, vectors)
 *
 * The run fills one of these after it ended (run/kcapture.h), or perf
 * script text does (analysis/kernel/ksched.h); the trace file keeps it as a
 * section of its own (trace/ksection.h); the attribution (analysis/kernel/kattr.h)
 * and the gaps' classes by its switches (analysis/gaps/attrib.h) read it.
 * Records are sorted by CPU, then by time.
 */
#ifndef HG_KEVENTS_H
#define HG_KEVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "trace/knames.h"

/* What a record is; the meaning of its fields a, b and name is given beside. */
enum hg_kev_type {
	HG_KEV_SWITCH = 1,	/* a: next pid, b: prev pid, name: next comm;
				 * flags HG_KEV_PREV_RUNNABLE and the next
				 * task's priority (hg_kev_prio()) */
	HG_KEV_WAKEUP,		/* a: pid, b: target CPU, name: comm */
	HG_KEV_MIGRATE,		/* a: pid, b: orig CPU << 16 | dest CPU, name: comm */
	HG_KEV_IRQ_ENTRY,	/* a: irq number, name: handler's name */
	HG_KEV_IRQ_EXIT,	/* a: irq number */
	HG_KEV_SOFTIRQ_ENTRY,	/* a: vector (hg_kev_softirq_name) */
	HG_KEV_SOFTIRQ_EXIT,	/* a: vector */
	HG_KEV_VEC_ENTRY,	/* an x86 vector (irq_vectors): a: vector, name:
				 * the event's name less "_entry" ("local_timer") */
	HG_KEV_VEC_EXIT,	/* a: vector, name: as its entry */
	HG_KEV_HRTIMER_ENTRY,	/* name: the timer's function, or "hrtimer" */
	HG_KEV_HRTIMER_EXIT,
	HG_KEV_NMI,		/* at the end of an NMI handler: a: its length in
				 * ns, name: the handler */
	HG_KEV_LOST,		/* events of this CPU were lost since the
				 * previous one; a: how many (0: unknown) */
	HG_KEV_NTYPES,
};

enum {
	HG_KEV_PREV_RUNNABLE = 1 << 0,	/* SWITCH: prev was preempted (state R) */
};

/*
 * A SWITCH's next task, by its scheduling class and priority, in bits 1..7
 * of its flags (0 there in traces written before they were kept, where
 * every reader sees HG_KPRIO_UNKNOWN): the kernel's prio (next_prio of
 * sched_switch) coded as 1 for -1 (SCHED_DEADLINE), 2 + prio for 0..99
 * (SCHED_FIFO and SCHED_RR: priority 99 - prio), HG_KPRIO_FAIR for 100..139
 * (SCHED_OTHER, SCHED_BATCH, SCHED_IDLE and the idle task).
 */
enum {
	HG_KPRIO_UNKNOWN = 0,
	HG_KPRIO_DEADLINE = 1,
	HG_KPRIO_RT_BASE = 2,
	HG_KPRIO_FAIR = 102,
};
#define HG_KEV_PRIO_SHIFT 1

/* hg_kprio_code - the code of the kernel's prio @prio (HG_KPRIO_UNKNOWN out of range). */
uint8_t hg_kprio_code(long prio);

/*
 * hg_kprio_rt - the SCHED_FIFO/RR priority (1..99) of code @code, or 0
 * when it is not a real-time one
 */
int hg_kprio_rt(uint8_t code);

/*
 * hg_kprio_label - @code as a user writes it: "FIFO/RR 50", "DEADLINE",
 * "OTHER" (the fair class), "unknown"
 */
const char *hg_kprio_label(uint8_t code, char *buf, size_t len);

#define HG_KEV_BYTES 24		/* a record in the file */
#define HG_KEV_MAX_CPUS 65536

struct hg_kev {
	uint64_t cycles;	/* on the trace's counter */
	uint16_t cpu;
	uint8_t type;		/* enum hg_kev_type */
	uint8_t flags;
	uint32_t a, b;
	uint32_t name;		/* index into the name table, or HG_KEV_NO_NAME */
};

/* hg_kev_prio - a SWITCH's next task's code (HG_KPRIO_*). */
static inline uint8_t hg_kev_prio(const struct hg_kev *e)
{
	return (uint8_t)(e->flags >> HG_KEV_PRIO_SHIFT);
}

/* One captured CPU. */
struct hg_kcpu {
	uint32_t cpu;
	uint64_t lost;		/* events the kernel dropped or overwrote */
	uint64_t begin_cycles;	/* events before this are unknown (overwritten);
				 * the capture's start when none was lost */
	uint64_t end_cycles;	/* events after this are unknown (lost at the end);
				 * the capture's end when none was lost */
};

enum hg_kclock {
	HG_KCLOCK_COUNTER = 0,	/* x86-tsc: the kernel stamped with our counter */
	HG_KCLOCK_MONO,		/* mono, placed on the counter with the run's pairs */
};

struct hg_kevcache;

struct hg_kevents {
	uint32_t clock;		/* enum hg_kclock */
	uint64_t start_cycles;	/* tracing was on from here ... */
	uint64_t end_cycles;	/* ... to here */
	uint32_t ncpus;
	struct hg_kcpu *cpus;	/* ascending */
	uint32_t ntp;
	char **tp;		/* the tracepoints enabled, "system:event" */
	struct hg_knames names;	/* what the records' name fields index */
	uint64_t n;
	struct hg_kev *ev;	/* by CPU, then by time; NULL: read from the file */
	size_t cap_ev;		/* while being built */
	struct hg_kevcache *cache;	/* without @ev: the events read a block at a time */
};

/*
 * Where a trace's events are read from when they are not held (a stream's
 * trace, tstream.h): @read decodes the @n events from the @at-th into @buf.
 */
struct hg_kevsrc {
	int (*read)(void *priv, uint64_t at, struct hg_kev *buf, size_t n);
	void *priv;
};

/*
 * hg_kevents_attach - @k's events (none held) read from @src from now on,
 * a block of HG_KEVCACHE_BLOCK at a time, the last few blocks kept.
 * Returns 0 or -ENOMEM.
 */
int hg_kevents_attach(struct hg_kevents *k, const struct hg_kevsrc *src);

#define HG_KEVCACHE_BLOCK 4096

/* hg_kevents_read - event @i of @k read through its cache (hg_kevents_ev()). */
struct hg_kev hg_kevents_read(const struct hg_kevents *k, uint64_t i);

/*
 * hg_kevents_ev - event @i of @k (i < k->n): held, or read from the file;
 * a read that failed gives an event of no type, and hg_kevents_status() says so
 */
static inline struct hg_kev hg_kevents_ev(const struct hg_kevents *k, uint64_t i)
{
	return k->ev ? k->ev[i] : hg_kevents_read(k, i);
}

/*
 * hg_kevents_get - events @at to @at + @n - 1 of @k (all below @k->n)
 * into @buf: copied from those held, or read from the file past the
 * cache, for a reader at many places of the events at once (a cursor per
 * CPU) whom the cache's few blocks would not keep; a read that failed
 * gives events of no type, and hg_kevents_status() says so
 */
void hg_kevents_get(const struct hg_kevents *k, uint64_t at, struct hg_kev *buf, size_t n);

/* hg_kevents_status - 0, or the -errno of the first read of @k's events that failed. */
int hg_kevents_status(const struct hg_kevents *k);

/* hg_kevcache_free - free @c; NULL is fine. */
void hg_kevcache_free(struct hg_kevcache *c);

/* hg_kev_type_name - "sched_switch", "irq_handler_entry", ... (NULL: out of range). */
const char *hg_kev_type_name(unsigned int type);

/* hg_kev_softirq_name - "HI", "TIMER", "NET_TX", ... "RCU"; "?" out of range. */
const char *hg_kev_softirq_name(uint32_t vec);

/*
 * hg_kevents_name - the name at @idx, or "" for HG_KEV_NO_NAME, out of
 * range, or names a reader skipped (hg_knames_get())
 */
const char *hg_kevents_name(const struct hg_kevents *k, uint32_t idx);

/*
 * hg_kevents_intern - the index of @s in the name table, added when new:
 * tamed (hg_tame()) and cut to less than HG_KEV_NAME_LEN bytes first
 * (hg_knames_intern()); every name from the kernel or a text comes in here
 * Returns the index, or HG_KEV_NO_NAME when out of memory or the table is full.
 */
uint32_t hg_kevents_intern(struct hg_kevents *k, const char *s);

/* hg_kevents_add - append a record. Returns 0 or -ENOMEM. */
int hg_kevents_add(struct hg_kevents *k, const struct hg_kev *e);

/*
 * hg_kevents_add_tp - append a tracepoint's name ("system:event"), tamed,
 * to @k's (a capture's, enabled; a text's, seen). Returns 0 or -ENOMEM.
 */
int hg_kevents_add_tp(struct hg_kevents *k, const char *name);

/*
 * hg_kevents_find - the index of the first record of CPU @cpu at or after
 * @cycles (records sorted), or the index where it would be (a record of a
 * later CPU, or @k->n)
 */
uint64_t hg_kevents_find(const struct hg_kevents *k, uint32_t cpu, uint64_t cycles);

/* hg_kevents_sort - order the records by CPU, then time (stable). */
void hg_kevents_sort(struct hg_kevents *k);

/*
 * hg_kevents_cpu - the entry of CPU @cpu, or NULL when it was not captured
 */
const struct hg_kcpu *hg_kevents_cpu(const struct hg_kevents *k, uint32_t cpu);

/* hg_kevents_check_head - hg_kevents_check() of all but the records. */
int hg_kevents_check_head(const struct hg_kevents *k, char *err, size_t errlen);

/*
 * hg_kevents_check_ev - hg_kevents_check() of record @e, the @i-th, after
 * @prev (NULL for the first)
 */
int hg_kevents_check_ev(const struct hg_kevents *k, const struct hg_kev *e,
			const struct hg_kev *prev, uint64_t i, char *err, size_t errlen);

/*
 * hg_kevents_check - whether @k is consistent: types in range, names in
 * the table, CPUs captured and ascending, records in order
 * @err: what is wrong, on failure
 * Returns 0 or -EINVAL.
 */
int hg_kevents_check(const struct hg_kevents *k, char *err, size_t errlen);

/*
 * hg_kevents_trim - drop the records before @since (a flight recorder's
 * window); the CPUs' entries are left to the caller
 */
void hg_kevents_trim(struct hg_kevents *k, uint64_t since);

/*
 * hg_kevents_dup - a deep copy of @k into *@out
 * Returns 0 or -ENOMEM.
 */
int hg_kevents_dup(const struct hg_kevents *k, struct hg_kevents **out);

/* hg_kevents_lost - the events lost on all CPUs. */
uint64_t hg_kevents_lost(const struct hg_kevents *k);

/* hg_kevents_free - free @k and what it holds; NULL is fine. */
void hg_kevents_free(struct hg_kevents *k);

#endif /* HG_KEVENTS_H */
