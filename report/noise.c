// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * noise.c - the kernel's counts beside ours (analysis/kernel/noise.h), as text and JSON
 */
#include <inttypes.h>
#include <stdio.h>

#include "report/json.h"
#include "report/noise.h"
#include "util/timeval.h"


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
		if (th->model == HG_MODEL_LAT || !recv) {
			/* a LAT thread records no intervals: nothing to compare with */
			fprintf(f, "# kernel: thread %u hg/%u tid %" PRIu32 ": kernel CPU time %s ms "
				"(%s: no received time to compare)\n", i, i, th->tid,
				hg_format_ms(k, b, sizeof(b)), th->model == HG_MODEL_LAT ?
				"a LAT thread records no intervals" : "no interval recorded");
			continue;
		}
		fprintf(f, "# kernel: thread %u hg/%u tid %" PRIu32 ": received %s ms, kernel CPU "
			"time %s ms, difference %c%s ms (%+.2f %%)\n", i, i, th->tid,
			hg_format_ms(recv, a, sizeof(a)), hg_format_ms(k, b, sizeof(b)),
			k >= recv ? '+' : '-', hg_format_ms(diff, d, sizeof(d)),
			100.0 * ((double)k - (double)recv) / (double)recv);
	}
	hg_print_noise(f, t);
}

/* @nz per CPU and its verdict, which warns that @what may include other tasks' time. */
static void print_noise(FILE *f, const struct hg_noise *nz, const char *what)
{
	char a[32], b[32];
	uint32_t i;

	for (i = 0; i < nz->n; i++) {
		const struct hg_noise_cpu *c = &nz->cpu[i];

		fprintf(f, "# noise: CPU %" PRIu32 ": other tasks %s ms (%.2f %%), steal %s ms "
			"(%.2f %%), %" PRIu64 " interrupts, %" PRIu64 " softirqs: %s\n", c->cpu,
			hg_format_ms3(c->other_ns, a, sizeof(a)), c->other_pct,
			hg_format_ms3(c->steal_ns, b, sizeof(b)), c->steal_pct, c->irqs, c->softirqs,
			c->quiet ? "quiet" : "not quiet");
	}
	if (nz->quiet)
		fprintf(f, "# noise: quiet (other tasks and steal at most %.0f %% of each CPU)\n",
			HG_NOISE_QUIET_PCT);
	else
		fprintf(f, "# noise: not quiet (other tasks or steal above %.0f %% of a CPU): "
			"%s may include other tasks' run time\n", HG_NOISE_QUIET_PCT, what);
}

void hg_print_noise(FILE *f, const struct hg_trace *t)
{
	struct hg_noise nz;

	if (hg_noise_compute(t, &nz))
		return;
	print_noise(f, &nz, "the gaps and latencies measured");
	hg_noise_free(&nz);
}

void hg_print_noise_of(FILE *f, const struct hg_noise *nz)
{
	print_noise(f, nz, "switch costs");
}

void hg_noise_json(struct hg_json *j, const struct hg_trace *t)
{
	struct hg_noise nz;

	if (hg_noise_compute(t, &nz))
		return;
	hg_noise_json_of(j, &nz);
	hg_noise_free(&nz);
}

void hg_noise_json_of(struct hg_json *j, const struct hg_noise *nz)
{
	uint32_t i;

	hg_json_obj(j, "noise");
	hg_json_u64(j, "window_ns", nz->window_ns);
	hg_json_bool(j, "quiet", nz->quiet);
	hg_json_arr(j, "cpus");
	for (i = 0; i < nz->n; i++) {
		const struct hg_noise_cpu *c = &nz->cpu[i];

		hg_json_obj(j, NULL);
		hg_json_u64(j, "cpu", c->cpu);
		hg_json_u64(j, "counted_ns", c->counted_ns);
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
}
