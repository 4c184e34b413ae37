// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kthrot.c - the throttled gaps of each CPU gathered in stretches and
 * weighed against the reservation (see kthrot.h)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kernel/kdiag.h"
#include "analysis/kernel/kthrot.h"
#include "util/grow.h"
#include "util/timeval.h"

#define AGREE 0.10	/* measured and implied agree within this share */

int hg_kthrot_add(struct hg_kthrot *k, uint32_t cpu, uint32_t thread, uint64_t at,
		  uint64_t len)
{
	if (HG_GROW(k->gaps, k->capgaps, k->ngaps + 1))
		return -ENOMEM;
	k->gaps[k->ngaps++] = (struct hg_kthrot_gap){ .cpu = cpu, .thread = thread,
						      .at_cycles = at, .len_cycles = len };
	return 0;
}

static int by_cpu_time(const void *pa, const void *pb)
{
	const struct hg_kthrot_gap *p = pa, *q = pb;

	if (p->cpu != q->cpu)
		return p->cpu < q->cpu ? -1 : 1;
	if (p->at_cycles != q->at_cycles)
		return p->at_cycles < q->at_cycles ? -1 : 1;
	return p->thread < q->thread ? -1 : p->thread > q->thread;
}

/*
 * The fair server's runtime and period of @cpu from the snapshot's
 * "<cpu>:<runtime_ns>:<period_ns> ..."; 0 when it is not there.
 */
static int fair_server(const struct hg_trace *t, uint32_t cpu, uint64_t *run, uint64_t *per)
{
	const char *p = hg_trace_sys(t, "fair_server");

	while (p && *p) {
		unsigned long long v[3];
		char *end = (char *)p;
		int i;

		for (i = 0; i < 3; i++) {
			const char *at = i ? end + 1 : end;

			if (i && *end != ':')
				break;
			v[i] = strtoull(at, &end, 10);
			if (end == at)
				break;
		}
		if (i == 3 && v[0] == cpu && v[2] && v[1] < v[2]) {
			*run = v[1];
			*per = v[2];
			return 1;
		}
		p = strchr(p, ' ');
		p = p ? p + 1 : NULL;
	}
	return 0;
}

static void reserve_of(const struct hg_trace *t, const struct hg_kdiag_ctx *c,
		       struct hg_kthrot_cpu *out)
{
	uint64_t run, per, hz = t->calib.tsc_hz;

	if (fair_server(t, out->cpu, &run, &per)) {
		out->from = HG_KTHROT_FAIR_SERVER;
		out->reserve_cycles = hg_ns_to_cycles(run, hz);
		out->period_cycles = hg_ns_to_cycles(per, hz);
	} else if (c->rt_limited) {
		out->from = HG_KTHROT_SYSCTLS;
		out->reserve_cycles = c->rt_period_cycles - c->rt_runtime_cycles;
		out->period_cycles = c->rt_period_cycles;
	}
}

/*
 * The time of the stretch @g[0..n) (one CPU's gaps, by time): the most
 * one thread lost in it.
 */
static uint64_t stretch_cycles(const struct hg_kthrot_gap *g, size_t n)
{
	uint64_t best = 0;
	size_t i, j;

	for (i = 0; i < n; i++) {
		uint64_t sum = 0;

		for (j = 0; j < n; j++)
			if (g[j].thread == g[i].thread)
				sum += g[j].len_cycles;
		if (sum > best)
			best = sum;
	}
	return best;
}

/*
 * The stretches of the gaps @g[0..n) of one CPU into @c; those that begin
 * within @period of @start, the run's, are its first period's.
 */
static void stretches(const struct hg_kthrot_gap *g, size_t n, uint64_t start,
		      uint64_t period, struct hg_kthrot_cpu *c)
{
	size_t i = 0, j;

	while (i < n) {
		uint64_t s;

		/* stops come a period apart: half of one keeps them apart */
		for (j = i + 1; j < n && g[j].at_cycles - g[i].at_cycles < period / 2; j++)
			;
		s = stretch_cycles(&g[i], j - i);
		c->stretches++;
		c->cycles += s;
		if (g[i].at_cycles < start + period) {
			c->first++;
			c->first_cycles += s;
		}
		if (s > c->max_cycles)
			c->max_cycles = s;
		i = j;
	}
}

int hg_kthrot_done(struct hg_kthrot *k, const struct hg_trace *t)
{
	struct hg_kdiag_ctx ctx;
	size_t i = 0, j;

	hg_kdiag_ctx_init(t, &ctx);
	if (k->ngaps)	/* qsort() takes no NULL array, not even an empty one */
		qsort(k->gaps, k->ngaps, sizeof(k->gaps[0]), by_cpu_time);
	while (i < k->ngaps) {
		struct hg_kthrot_cpu *c;
		uint64_t period;

		for (j = i; j < k->ngaps && k->gaps[j].cpu == k->gaps[i].cpu; j++)
			;
		if (HG_GROW(k->cpus, k->capcpus, k->ncpus + 1))
			return -ENOMEM;
		c = &k->cpus[k->ncpus++];
		*c = (struct hg_kthrot_cpu){ .cpu = k->gaps[i].cpu };
		reserve_of(t, &ctx, c);
		/* without a limit, a second as the kernel's default period */
		period = c->period_cycles ? c->period_cycles : t->calib.tsc_hz;
		stretches(&k->gaps[i], j - i, t->t0_cycles, period, c);
		i = j;
	}
	return 0;
}

uint64_t hg_kthrot_implied(const struct hg_kthrot_cpu *c)
{
	return c->from == HG_KTHROT_NONE ? 0 : (c->stretches - c->first) * c->reserve_cycles;
}

double hg_kthrot_deviation(const struct hg_kthrot_cpu *c)
{
	uint64_t imp = hg_kthrot_implied(c);
	double got = (double)(c->cycles - c->first_cycles);

	return imp ? (got - (double)imp) / (double)imp : 0.0;
}

int hg_kthrot_agrees(const struct hg_kthrot_cpu *c)
{
	double d = hg_kthrot_deviation(c);

	return hg_kthrot_implied(c) && d <= AGREE && d >= -AGREE;
}

int hg_kthrot_within(const struct hg_kthrot_cpu *c)
{
	return hg_kthrot_implied(c) && hg_kthrot_deviation(c) < -AGREE &&
	       (double)c->max_cycles <= (1.0 + AGREE) * (double)c->reserve_cycles;
}

void hg_kthrot_free(struct hg_kthrot *k)
{
	free(k->gaps);
	free(k->cpus);
	memset(k, 0, sizeof(*k));
}
