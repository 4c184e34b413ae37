// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * noise.c - the kernel's CPU time per thread and per CPU beside ours
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "../trace/timeval.h"
#include "json.h"
#include "noise.h"

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

void hg_print_kernel(FILE *f, const struct hg_trace *t)
{
	char a[32], b[32], d[32];
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		uint64_t recv = hg_cycles_to_ns(th->stats.received_cycles, t->calib.tsc_hz);
		uint64_t k = th->kernel_cpu_ns;
		uint64_t diff = k > recv ? k - recv : recv - k;

		if (!th->tid)
			continue;
		fprintf(f, "# kernel: thread %u hg/%u tid %" PRIu32 ": received %s ms, kernel CPU "
			"time %s ms, difference %c%s ms (%+.2f %%)\n", i, i, th->tid,
			hg_format_ms(recv, a, sizeof(a)), hg_format_ms(k, b, sizeof(b)),
			k >= recv ? '+' : '-', hg_format_ms(diff, d, sizeof(d)),
			recv ? 100.0 * ((double)k - (double)recv) / (double)recv : 0.0);
	}
	hg_print_noise(f, t);
}

void hg_print_noise(FILE *f, const struct hg_trace *t)
{
	struct hg_noise nz;
	char a[32], b[32];
	uint32_t i;

	if (hg_noise_compute(t, &nz))
		return;
	for (i = 0; i < nz.n; i++) {
		const struct hg_noise_cpu *c = &nz.cpu[i];

		fprintf(f, "# noise: CPU %" PRIu32 ": other tasks %s ms (%.2f %%), steal %s ms "
			"(%.2f %%), %" PRIu64 " interrupts, %" PRIu64 " softirqs: %s\n", c->cpu,
			hg_format_ms3(c->other_ns, a, sizeof(a)), c->other_pct,
			hg_format_ms3(c->steal_ns, b, sizeof(b)), c->steal_pct, c->irqs, c->softirqs,
			c->quiet ? "quiet" : "not quiet");
	}
	if (nz.quiet)
		fprintf(f, "# noise: quiet (other tasks and steal at most %.0f %% of each CPU)\n",
			HG_NOISE_QUIET_PCT);
	else
		fprintf(f, "# noise: not quiet (other tasks or steal above %.0f %% of a CPU): "
			"switch costs may include other tasks' run time\n", HG_NOISE_QUIET_PCT);
	hg_noise_free(&nz);
}

void hg_noise_json(struct hg_json *j, const struct hg_trace *t)
{
	struct hg_noise nz;
	uint32_t i;

	if (hg_noise_compute(t, &nz))
		return;
	hg_json_obj(j, "noise");
	hg_json_u64(j, "window_ns", nz.window_ns);
	hg_json_bool(j, "quiet", nz.quiet);
	hg_json_arr(j, "cpus");
	for (i = 0; i < nz.n; i++) {
		const struct hg_noise_cpu *c = &nz.cpu[i];

		hg_json_obj(j, NULL);
		hg_json_u64(j, "cpu", c->cpu);
		hg_json_u64(j, "our_threads_ns", c->ours_ns);
		hg_json_u64(j, "other_tasks_ns", c->other_ns);
		hg_json_u64(j, "steal_ns", c->steal_ns);
		hg_json_u64(j, "interrupts", c->irqs);
		hg_json_u64(j, "softirqs", c->softirqs);
		hg_json_bool(j, "quiet", c->quiet);
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_json_close(j);
	hg_noise_free(&nz);
}
