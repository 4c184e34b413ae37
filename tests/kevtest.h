/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kevtest.h - test-only: synthetic kernel events put in a trace, and the
 * helpers the diagnosis's tests share (check_kdiag.c, check_kmech.c)
 */
#ifndef HG_KEVTEST_H
#define HG_KEVTEST_H

#include <stdlib.h>

#include "helpers.h"
#include "analysis/kernel/kdiag.h"
#include "trace/kevents.h"

/* A kernel event: at @at, (type, a, b, name, the next task's prio code), on @cpu. */
struct ev {
	uint64_t at;
	uint8_t type;
	uint32_t a, b;
	const char *name;
	uint8_t prio;
	uint8_t runnable;
	uint32_t cpu;		/* last: left out, CPU 0 */
};

/* The events @ev[0..n) as @t's capture of CPUs 0 to @ncpus - 1 over [0, @end). */
static inline void kevtest_add(struct hg_trace *t, const struct ev *ev, size_t n,
			       uint32_t ncpus, uint64_t end)
{
	struct hg_kevents *k = calloc(1, sizeof(*k));
	uint32_t c;
	size_t i;

	ck_assert_ptr_nonnull(k);
	k->end_cycles = end;
	k->ncpus = ncpus;
	k->cpus = calloc(ncpus, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	for (c = 0; c < ncpus; c++)
		k->cpus[c] = (struct hg_kcpu){ .cpu = c, .end_cycles = end };
	for (i = 0; i < n; i++) {
		struct hg_kev r = { .cycles = ev[i].at, .cpu = ev[i].cpu, .type = ev[i].type,
				    .a = ev[i].a, .b = ev[i].b, .name = HG_KEV_NO_NAME,
				    .flags = (uint8_t)(ev[i].prio << HG_KEV_PRIO_SHIFT |
						       (ev[i].runnable ? HG_KEV_PREV_RUNNABLE : 0)) };

		if (ev[i].name)
			r.name = hg_kevents_intern(k, ev[i].name);
		ck_assert_int_eq(hg_kevents_add(k, &r), 0);
	}
	hg_kevents_sort(k);
	t->kev = k;
}

/* The snapshot's pairs @kv (key, value, ..., NULL) added to @t. */
static inline void add_sys(struct hg_trace *t, const char *const *kv)
{
	for (; *kv; kv += 2)
		ck_assert_int_eq(hg_trace_add_sys(t, kv[0], kv[1]), 0);
}

/* Mechanism @m of the diagnosis @d, or NULL. */
static inline const struct hg_kmech *mech_of(const struct hg_kdiag *d, enum hg_mech m)
{
	uint32_t i;

	for (i = 0; i < d->n; i++)
		if (d->m[i].mech == m)
			return &d->m[i];
	return NULL;
}

#endif /* HG_KEVTEST_H */
