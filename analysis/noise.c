// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * noise.c - the kernel's CPU time per thread and per CPU beside ours
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "analysis/noise.h"
#include "trace/timeval.h"

/* Received cycles of @th on each CPU of @t->noise, into @on[]; the total. */
static int received_on(const struct hg_trace *t, const struct hg_trace_thread *th,
		       uint64_t *on, uint64_t *total)
{
	struct hg_interval iv;
	size_t pos = 0;
	uint32_t i;
	int ret;

	*total = 0;
	for (i = 0; i < t->nnoise; i++)
		on[i] = 0;
	while ((ret = hg_record_decode(th->recs, th->stored, &pos, &iv)) > 0) {
		*total += iv.len_cycles;
		for (i = 0; i < t->nnoise; i++)
			if (t->noise[i].cpu == iv.cpu)
				on[i] += iv.len_cycles;
	}
	return ret;
}

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

int hg_noise_compute(const struct hg_trace *t, struct hg_noise *nz)
{
	uint64_t *on, *ours, *recv, total;
	uint32_t i, j, n = 0;
	bool any = false;
	int ret = 0;

	nz->n = 0;
	nz->cpu = NULL;
	nz->quiet = true;
	nz->window_ns = t->noise_window_ns;
	if (!t->nnoise || !t->noise_window_ns)
		return -ENODATA;
	on = calloc(t->nnoise, sizeof(*on));
	ours = calloc(t->nnoise, sizeof(*ours));
	recv = calloc(t->nnoise, sizeof(*recv));
	nz->cpu = calloc(t->nnoise, sizeof(*nz->cpu));
	if (!on || !ours || !recv || !nz->cpu) {
		ret = -ENOMEM;
		goto out;
	}
	for (j = 0; j < t->nthreads; j++) {
		const struct hg_trace_thread *th = &t->threads[j];

		ret = received_on(t, th, on, &total);
		if (ret < 0)
			goto out;
		ret = 0;
		for (i = 0; i < t->nnoise; i++) {
			uint64_t share = hg_cycles_to_ns(on[i], t->calib.tsc_hz);

			if (th->tid && total)
				share = (uint64_t)((unsigned __int128)th->kernel_cpu_ns * on[i] / total);
			ours[i] += share;
			recv[i] += on[i];
			any |= on[i] != 0;
		}
	}
	for (i = 0; i < t->nnoise; i++) {
		const struct hg_cpu_noise *k = &t->noise[i];
		struct hg_noise_cpu *c = &nz->cpu[n];

		if (any && !recv[i])
			continue;
		c->cpu = k->cpu;
		c->ours_ns = ours[i];
		c->other_ns = k->busy_ns > ours[i] ? k->busy_ns - ours[i] : 0;
		c->steal_ns = k->steal_ns;
		c->irqs = k->irqs;
		c->softirqs = k->softirqs;
		c->other_pct = pct(c->other_ns, t->noise_window_ns);
		c->steal_pct = pct(c->steal_ns, t->noise_window_ns);
		c->quiet = c->other_pct <= HG_NOISE_QUIET_PCT && c->steal_pct <= HG_NOISE_QUIET_PCT;
		nz->quiet &= c->quiet;
		n++;
	}
	nz->n = n;
out:
	free(on);
	free(ours);
	free(recv);
	if (ret)
		hg_noise_free(nz);
	return ret;
}

void hg_noise_free(struct hg_noise *nz)
{
	free(nz->cpu);
	nz->cpu = NULL;
	nz->n = 0;
}
