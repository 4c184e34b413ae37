/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kslgen.h - test-only: a long synthetic stream of kernel events on some
 * CPUs (seeded), many marks long, and every slice hg_kslices() makes of
 * it, shared by check_kslmarks.c and check_kset.c
 *
 * Each CPU, captured from cycle 0, its events from 100 (before the run's
 * start, 1000): switches among four tasks (one of them the trace's
 * thread), interrupt contexts of every kind nested up to three deep, some
 * of no length, exits of an outer context with inner ones open, exits
 * with no entry, NMIs (short: inside the time since the event before),
 * events lost now and then.
 */
#ifndef HG_KSLGEN_H
#define HG_KSLGEN_H

#include <stdlib.h>
#include <string.h>

#include "kevtest.h"
#include "analysis/kernel/kslices.h"
#include "analysis/kernel/kslmarks.h"
#include "util/grow.h"

#define KSLGEN_TID 100

struct kslgen_all {
	struct hg_kslice *v;
	size_t n, cap;
};

static inline int kslgen_keep(const struct hg_kslice *s, void *arg)
{
	struct kslgen_all *a = arg;

	ck_assert_int_eq(HG_GROW(a->v, a->cap, a->n + 1), 0);
	a->v[a->n++] = *s;
	return 0;
}

static inline uint32_t kslgen_rand(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(*seed >> 33);
}

/* One CPU's @n events from time 1000 into @ev; returns the last time. */
static inline uint64_t kslgen_cpu(struct ev *ev, size_t n, uint32_t cpu, uint64_t seed)
{
	static const uint8_t entries[] = { HG_KEV_IRQ_ENTRY, HG_KEV_SOFTIRQ_ENTRY,
					   HG_KEV_VEC_ENTRY, HG_KEV_HRTIMER_ENTRY };
	static const char *const comms[] = { "hg/0", "kworker/0:1", "stress-ng", "rcu_preempt" };
	static const uint32_t pids[] = { KSLGEN_TID, 7, 300, 15 };
	uint8_t stack[3];
	unsigned int depth = 0, cur = 1;
	uint64_t at = 100;
	size_t i;

	for (i = 0; i < n; i++) {
		uint32_t r = kslgen_rand(&seed) % 100, gap = kslgen_rand(&seed) % 320;

		struct ev *e = &ev[i];

		at += gap;
		*e = (struct ev){ .at = at, .cpu = cpu };
		if (r < 12) {			/* a switch: every context ends */
			unsigned int next = (cur + 1 + kslgen_rand(&seed) % 3) % 4;

			*e = (struct ev){ .at = at, .type = HG_KEV_SWITCH, .a = pids[next],
					  .b = pids[cur], .name = comms[next], .cpu = cpu };
			cur = next;
			depth = 0;
		} else if (r < 50 && depth < 3) {
			uint8_t t = entries[kslgen_rand(&seed) % 4];

			e->type = t;
			e->a = t == HG_KEV_VEC_ENTRY ? 236 : 24 + kslgen_rand(&seed) % 2;
			e->name = t == HG_KEV_VEC_ENTRY ? (r & 1 ? "local_timer" : "reschedule") :
				  t == HG_KEV_IRQ_ENTRY ? "eth0" :
				  t == HG_KEV_HRTIMER_ENTRY ? "tick_nohz_handler" : NULL;
			stack[depth++] = t;
		} else if (r < 90 && depth) {	/* the innermost ends, or now and then an outer one */
			unsigned int d = r < 85 ? depth - 1 : 0;

			e->type = (uint8_t)(stack[d] + 1);
			e->a = stack[d] == HG_KEV_VEC_ENTRY ? 236 : 24;
			depth = d;
		} else if (r < 94) {	/* its length in ns, inside the gap at 1 to 4 GHz */
			e->type = HG_KEV_NMI;
			e->a = gap / 4;
			e->name = "perf_event_nmi_handler";
		} else if (r < 96) {
			e->type = HG_KEV_LOST;
			depth = 0;
		} else {			/* an exit with no entry, or a wake-up */
			e->type = r < 98 ? HG_KEV_IRQ_EXIT : HG_KEV_WAKEUP;
			e->a = r < 98 ? 99 : 300;
			e->name = r < 98 ? NULL : "stress-ng";
		}
	}
	return at;
}

/*
 * kslgen_trace_on - a trace of one thread (KSLGEN_TID) at @hz whose kernel
 * events are @n a CPU on the @ncpus CPUs @cpus (rising), from seed @seed;
 * its slices into @all
 */
static inline struct hg_trace *kslgen_trace_on(size_t n, uint64_t seed, const uint32_t *cpus,
					       uint32_t ncpus, uint64_t hz,
					       struct kslgen_all *all)
{
	static const uint64_t iv0[][2] = { { 1000, 1000 }, { 5000, 1000 } };
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t ni[] = { 2 };
	struct hg_trace *t = hg_test_trace(1, iv, ni);
	struct ev *ev = calloc(ncpus * n, sizeof(*ev));
	uint64_t end = 0;
	uint32_t c;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(ev);
	t->threads[0].tid = KSLGEN_TID;
	t->calib.tsc_hz = hz;
	for (c = 0; c < ncpus; c++) {
		uint64_t e = kslgen_cpu(ev + c * n, n, cpus[c], seed + 7919ULL * cpus[c]);

		end = e > end ? e : end;
	}
	kevtest_add(t, ev, ncpus * n, ncpus, end + 500);
	for (c = 0; c < ncpus; c++)
		t->kev->cpus[c].cpu = cpus[c];
	free(ev);
	memset(all, 0, sizeof(*all));
	ck_assert_int_eq(hg_kslices(t, kslgen_keep, all), 0);
	return t;
}

/* kslgen_trace - the same on CPUs 0 and 1 at 1 GHz (1 cycle = 1 ns). */
static inline struct hg_trace *kslgen_trace(size_t n, uint64_t seed, struct kslgen_all *all)
{
	static const uint32_t cpus[] = { 0, 1 };

	return kslgen_trace_on(n, seed, cpus, 2, 1000000000ULL, all);
}

/* Whether @a and @b are one slice (->carried aside). */
static inline int kslgen_same(const struct hg_kslice *a, const struct hg_kslice *b)
{
	return a->cpu == b->cpu && a->start_cycles == b->start_cycles &&
	       a->end_cycles == b->end_cycles && a->kind == b->kind && a->depth == b->depth &&
	       a->pid == b->pid && a->ours == b->ours && !strcmp(a->name, b->name);
}

#endif /* HG_KSLGEN_H */
