// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * genktrace.c - write a synthetic trace of a --kernel run, for
 * benchmarking the analyses of the kernel's events without a long run
 * (test-only)
 *
 * usage: genktrace <out.hgt> <seconds> [<cpus>]
 *
 * One thread a CPU (2 by default), as a CPU_YIELD 100us run records them
 * on a quiet machine: runs of 200 to 600 us, and between them gaps, most
 * with no kernel event (a few us), the others holding what a capture of
 * such a run holds: the local timer's tick with its hrtimer callback and
 * softirq, a device's interrupt and its softirq, a kworker woken and run
 * (an interrupt inside it at times), and one gap in fifty a migration: the
 * thread and the one of the next CPU trade places (switches to the idle
 * task, a migrate event; it waits for the other's run to end). About 2500
 * gaps a second a thread and 1.3 kernel events a gap, the density of real
 * captures. A 1 GHz counter
 * keeps the numbers readable. Deterministic: the same arguments give the
 * same file.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/kevents.h"
#include "trace/record.h"
#include "util/timeval.h"
#include "trace/trace.h"

#define US 1000ULL
#define TID0 1000	/* thread i's kernel id: TID0 + i */
#define KWORKER0 500	/* CPU c's kworker: KWORKER0 + c */

struct gen {
	struct hg_trace *t;
	struct hg_kevents *k;
	unsigned int ncpus;
	uint64_t *clock;	/* per CPU: where its thread's next run starts */
	unsigned int *on;	/* per CPU: the thread on it */
	uint64_t *cap;		/* per thread: its records' room */
	uint32_t *hg, *kw, *idle;	/* per thread and CPU: names */
	uint32_t timer, tick, irq;
	uint64_t seed;
	int err;
};

static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void ev(struct gen *g, uint64_t at, unsigned int cpu, uint8_t type, uint32_t a,
	       uint32_t b, uint32_t name)
{
	struct hg_kev e = { .cycles = at, .cpu = (uint16_t)cpu, .type = type, .a = a, .b = b,
			    .name = name };

	if (type == HG_KEV_SWITCH && b >= TID0)
		e.flags = HG_KEV_PREV_RUNNABLE;
	if (hg_kevents_add(g->k, &e))
		g->err = -1;
}

static void run(struct gen *g, unsigned int th, uint64_t start, uint64_t len, unsigned int cpu)
{
	struct hg_trace_thread *tt = &g->t->threads[th];

	if (tt->stored == g->cap[th]) {
		struct hg_record *nr;

		g->cap[th] = g->cap[th] ? g->cap[th] * 2 : 4096;
		nr = realloc(tt->recs, g->cap[th] * sizeof(*nr));
		if (!nr) {
			g->err = -1;
			return;
		}
		tt->recs = nr;
	}
	hg_record_encode(&tt->recs[tt->stored++], 1, start, len, cpu, HG_REC_YIELD);
	if (!tt->stats.intervals)
		tt->stats.first_cycles = start;
	tt->stats.intervals++;
	tt->stats.received_cycles += len;
	tt->stats.last_cycles = start + len;
}

/* The gap after a run ending at @at on CPU @c: its events; where the next run starts. */
static uint64_t gap(struct gen *g, unsigned int c, uint64_t at, uint64_t bits)
{
	uint32_t tid = TID0 + g->on[c], kw = KWORKER0 + c;
	uint64_t d, r = bits;

	r %= 100;
	if (r >= 74 && r < 86) {	/* the tick */
		ev(g, at + 500, c, HG_KEV_VEC_ENTRY, 236, 0, g->timer);
		ev(g, at + 800, c, HG_KEV_HRTIMER_ENTRY, 0, 0, g->tick);
		ev(g, at + 2500, c, HG_KEV_HRTIMER_EXIT, 0, 0, HG_KEV_NO_NAME);
		ev(g, at + 3000, c, HG_KEV_VEC_EXIT, 236, 0, g->timer);
		ev(g, at + 3200, c, HG_KEV_SOFTIRQ_ENTRY, 1, 0, HG_KEV_NO_NAME);
		ev(g, at + 5000, c, HG_KEV_SOFTIRQ_EXIT, 1, 0, HG_KEV_NO_NAME);
		return at + 5600;
	}
	if (r >= 86 && r < 94) {	/* a device */
		ev(g, at + 400, c, HG_KEV_IRQ_ENTRY, 36, 0, g->irq);
		ev(g, at + 3000, c, HG_KEV_IRQ_EXIT, 36, 0, HG_KEV_NO_NAME);
		ev(g, at + 3100, c, HG_KEV_SOFTIRQ_ENTRY, 4, 0, HG_KEV_NO_NAME);
		ev(g, at + 8000, c, HG_KEV_SOFTIRQ_EXIT, 4, 0, HG_KEV_NO_NAME);
		return at + 8500;
	}
	if (r < 94 || r >= 98)	/* nothing the kernel reports */
		return at + 1000 + (bits >> 8) % 2000;
	d = 5 * US + (bits >> 8) % (45 * US);	/* a kworker */
	ev(g, at + 300, c, HG_KEV_WAKEUP, kw, c, g->kw[c]);
	ev(g, at + 1000, c, HG_KEV_SWITCH, kw, tid, g->kw[c]);
	if ((bits >> 24) % 2) {
		ev(g, at + 1000 + d / 2, c, HG_KEV_IRQ_ENTRY, 36, 0, g->irq);
		ev(g, at + 1000 + d / 2 + 2000, c, HG_KEV_IRQ_EXIT, 36, 0, HG_KEV_NO_NAME);
	}
	ev(g, at + 1000 + d + 2500, c, HG_KEV_SWITCH, tid, kw, g->hg[g->on[c]]);
	return at + d + 4000;
}

/*
 * The thread of CPU @c, its run ended at @at, and that of the next CPU,
 * in its gap, trade places: each switched out to the idle task, moved,
 * switched in on the other CPU.
 */
static void migrate(struct gen *g, unsigned int c, uint64_t at)
{
	unsigned int c2 = (c + 1) % g->ncpus, a = g->on[c], b = g->on[c2];
	uint64_t resume = (at > g->clock[c2] ? at : g->clock[c2]) + 20 * US;

	ev(g, at + 1000, c, HG_KEV_SWITCH, 0, TID0 + a, g->idle[c]);
	ev(g, at + 1200, c, HG_KEV_MIGRATE, TID0 + a, c << 16 | c2, g->hg[a]);
	ev(g, g->clock[c2], c2, HG_KEV_SWITCH, 0, TID0 + b, g->idle[c2]);
	ev(g, g->clock[c2] + 200, c2, HG_KEV_MIGRATE, TID0 + b, c2 << 16 | c, g->hg[b]);
	ev(g, resume - 1000, c, HG_KEV_SWITCH, TID0 + b, 0, g->hg[b]);
	ev(g, resume - 1000, c2, HG_KEV_SWITCH, TID0 + a, 0, g->hg[a]);
	g->on[c] = b;
	g->on[c2] = a;
	g->clock[c] = resume;
	g->clock[c2] = resume;
}

/* Runs and gaps, on the CPU furthest behind first (so that they keep abreast), to @end. */
static void fill(struct gen *g, uint64_t end)
{
	while (!g->err) {
		unsigned int c = 0, i;
		uint64_t len = 200 * US + next_rand(&g->seed) % (400 * US);
		uint64_t r = next_rand(&g->seed);

		for (i = 1; i < g->ncpus; i++)
			if (g->clock[i] < g->clock[c])
				c = i;
		if (g->clock[c] + len > end)
			return;
		run(g, g->on[c], g->clock[c], len, c);
		if (g->ncpus > 1 && (r >> 40) % 50 == 0)
			migrate(g, c, g->clock[c] + len);
		else
			g->clock[c] = gap(g, c, g->clock[c] + len, r);
	}
}

static uint32_t intern(struct gen *g, const char *s)
{
	uint32_t n = hg_kevents_intern(g->k, s);

	if (n == HG_KEV_NO_NAME)
		g->err = -1;
	return n;
}

static int setup_kernel(struct gen *g)
{
	static const char *const tps[] = {
		"sched:sched_switch", "sched:sched_wakeup", "sched:sched_migrate_task",
		"irq:irq_handler_entry", "irq:irq_handler_exit", "irq:softirq_entry",
		"irq:softirq_exit", "irq_vectors:local_timer_entry",
		"irq_vectors:local_timer_exit", "timer:hrtimer_expire_entry",
		"timer:hrtimer_expire_exit",
	};
	unsigned int i;

	g->k = calloc(1, sizeof(*g->k));
	g->hg = calloc(g->ncpus, sizeof(*g->hg));
	g->kw = calloc(g->ncpus, sizeof(*g->kw));
	g->idle = calloc(g->ncpus, sizeof(*g->idle));
	if (!g->k || !g->hg || !g->kw || !g->idle)
		return -1;
	g->k->clock = HG_KCLOCK_COUNTER;
	for (i = 0; i < sizeof(tps) / sizeof(tps[0]); i++)
		if (hg_kevents_add_tp(g->k, tps[i]))
			return -1;
	g->timer = intern(g, "local_timer");
	g->tick = intern(g, "tick_nohz_handler");
	g->irq = intern(g, "virtio1-req.0");
	for (i = 0; i < g->ncpus; i++) {
		char buf[HG_KEV_NAME_LEN];

		snprintf(buf, sizeof(buf), "hg/%u", i);
		g->hg[i] = intern(g, buf);
		snprintf(buf, sizeof(buf), "kworker/%u:1", i);
		g->kw[i] = intern(g, buf);
		snprintf(buf, sizeof(buf), "swapper/%u", i);
		g->idle[i] = intern(g, buf);
	}
	return g->err;
}

/* The capture's bounds, the threads' ends and statistics, once filled. */
static int finish(struct gen *g)
{
	struct hg_trace *t = g->t;
	unsigned int i;
	uint64_t k;

	for (i = 0; i < g->ncpus; i++)
		if (g->clock[i] > t->stop_cycles)
			t->stop_cycles = g->clock[i];
	for (i = 0; i < t->nthreads; i++) {
		struct hg_trace_thread *tt = &t->threads[i];

		for (k = 1; k < tt->stored; k++)
			hg_hist_add(&tt->stats.gaps, tt->recs[k].start_cycles -
				    (tt->recs[k - 1].start_cycles + tt->recs[k - 1].len_cycles));
		tt->end_cycles = t->stop_cycles;
		if (tt->stored > t->capacity)
			t->capacity = tt->stored;
	}
	g->k->start_cycles = t->t0_cycles;
	g->k->end_cycles = t->stop_cycles;
	g->k->ncpus = g->ncpus;
	g->k->cpus = calloc(g->ncpus ? g->ncpus : 1, sizeof(*g->k->cpus));
	if (!g->k->cpus)
		return -1;
	for (i = 0; i < g->ncpus; i++)
		g->k->cpus[i] = (struct hg_kcpu){ .cpu = i, .begin_cycles = t->t0_cycles,
						  .end_cycles = t->stop_cycles };
	hg_kevents_sort(g->k);
	t->kev = g->k;
	g->k = NULL;
	t->duration_ns = hg_cycles_to_ns(t->stop_cycles - t->t0_cycles, t->calib.tsc_hz);
	t->mono_end_cycles = t->stop_cycles;
	t->mono_end_ns = t->mono_start_ns + t->duration_ns;
	return 0;
}

static struct hg_trace *new_trace(unsigned int n)
{
	struct hg_trace *t = hg_trace_alloc(n);
	unsigned int i;

	if (!t)
		return NULL;
	t->calib.tsc_hz = 1000000000ULL;
	t->calib.invariant = true;
	t->calib.gap_threshold_cycles = 100;
	t->calib.gap_threshold_ns = 100;
	t->t0_cycles = 1000000;
	t->mono_start_cycles = t->t0_cycles;
	t->mono_start_ns = 5000000000ULL;
	t->flags = HG_TRACE_MEMLOCKED;
	t->pid = TID0 - 1;
	t->cmdline = strdup("genktrace");
	hg_trace_add_sys(t, "counter", "synthetic");
	for (i = 0; i < n; i++) {
		struct hg_trace_thread *tt = &t->threads[i];

		snprintf(tt->workload, sizeof(tt->workload), "CPU_YIELD 100us");
		snprintf(tt->priority, sizeof(tt->priority), "FIFO 50");
		snprintf(tt->cpus, sizeof(tt->cpus), "0-%u", n - 1);
		tt->tid = TID0 + i;
		tt->begin_cycles = t->t0_cycles;
		tt->gap_threshold_cycles = 100;
	}
	return t;
}

static void gen_free(struct gen *g)
{
	hg_kevents_free(g->k);
	free(g->clock);
	free(g->on);
	free(g->cap);
	free(g->hg);
	free(g->kw);
	free(g->idle);
}

int main(int argc, char **argv)
{
	struct gen g = { .seed = 88172645463325252ULL };
	uint64_t seconds;
	unsigned int i;
	char err[256];
	int ret = 1;

	g.ncpus = argc > 3 ? (unsigned int)strtoul(argv[3], NULL, 10) : 2;
	if (argc < 3 || hg_parse_u64(argv[2], &seconds) || !seconds || seconds > 3600 ||
	    !g.ncpus || g.ncpus > 256) {
		fprintf(stderr, "usage: genktrace <out.hgt> <seconds> [<cpus>] "
			"(1 to 3600 s, 1 to 256 CPUs)\n");
		return 2;
	}
	g.t = new_trace(g.ncpus);
	g.clock = calloc(g.ncpus, sizeof(*g.clock));
	g.on = calloc(g.ncpus, sizeof(*g.on));
	g.cap = calloc(g.ncpus, sizeof(*g.cap));
	if (g.t && g.clock && g.on && g.cap && !setup_kernel(&g)) {
		for (i = 0; i < g.ncpus; i++) {
			g.clock[i] = g.t->t0_cycles + 1000;
			g.on[i] = i;
		}
		fill(&g, g.t->t0_cycles + seconds * 1000000000ULL);
		ret = g.err || finish(&g);
	}
	if (ret)
		fprintf(stderr, "genktrace: out of memory\n");
	else if (hg_trace_write(g.t, argv[1], err, sizeof(err)))
		fprintf(stderr, "genktrace: %s\n", err);
	else
		ret = 0;
	hg_trace_free(g.t);
	gen_free(&g);
	return ret;
}
