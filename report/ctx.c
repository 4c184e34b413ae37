// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ctx.c - the context-switch report of analysis/gaps/ctx.h: text and JSON
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "report/ctx.h"
#include "report/json.h"
#include "report/noise.h"
#include "report/text.h"
#include "util/timeval.h"

static char *us(const struct hg_ctx_report *r, uint64_t cycles, char *buf, size_t len)
{
	return hg_format_us(hg_cycles_to_ns(cycles, r->tsc_hz), buf, len);
}

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* With --sched: the kernel's own counts, and the other tasks that took most time. */
static void print_kernel(FILE *f, const struct hg_ctx_report *r)
{
	const struct hg_sched_totals *k = &r->kernel;
	uint64_t seen = r->n[HG_SC_INDIRECT] + r->n[HG_SC_FOREIGN_TASK];
	size_t direct = r->n[HG_SC_VOLUNTARY] + r->n[HG_SC_INVOLUNTARY];
	char a[32], b[32];
	size_t i;

	fprintf(f, "# kernel: %" PRIu64 " switches in the run; %" PRIu64 " from a worker to "
		"another task (gaps with other tasks in them: %" PRIu64 ", %.1f %%), %" PRIu64
		" from a worker to a worker (direct switches: %zu, %.1f %%); %" PRIu64
		" of the workers' in no switch or foreign gap\n", k->switches,
		k->from_workers_to_others, seen, pct(seen, k->from_workers_to_others),
		k->between_workers, direct, pct(direct, k->between_workers), k->outside_gaps);
	fprintf(f, "# kernel: %" PRIu64 " of %" PRIu64 " gaps (%.1f %%) classed as the trace alone "
		"classes them\n", k->agree, k->gaps, pct(k->agree, k->gaps));
	if (!r->nothers)
		return;
	fprintf(f, "# other tasks that took most time from the workers:\n");
	fprintf(f, "# %-24s %8s %8s %12s %10s\n", "task", "pid", "runs", "total_ms", "max_us");
	for (i = 0; i < r->nothers && i < HG_CTX_TOP_OTHERS; i++) {
		const struct hg_ctx_other *o = &r->others[i];

		fprintf(f, "# %-24s %8" PRIu32 " %8" PRIu64 " %12s %10s\n", o->comm, o->pid,
			o->count, hg_format_ms3(hg_cycles_to_ns(o->total_cycles, r->tsc_hz), a,
						 sizeof(a)),
			us(r, o->max_cycles, b, sizeof(b)));
	}
}

int hg_ctx_print(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r,
		 uint64_t bucket_ns, uint64_t max_ns)
{
	struct hg_bins b;
	size_t nbars, i;
	uint64_t peak;
	char v[9][32], el[32];
	int c, ret;

	fprintf(f, "# ctx: %u threads, %s ms, gap threshold %" PRIu64 " %s\n", t->nthreads,
		hg_format_ms(r->elapsed_ns, el, sizeof(el)), t->calib.gap_threshold_cycles,
		hg_tick_unit(hg_trace_sys(t, "counter")));
	/* within 120 columns: the longest class name is 18 letters */
	fprintf(f, "# %-16s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s\n", "class", "count",
		"per_s", "min_us", "p1_us", "median_us", "mean_us", "p90_us", "p99_us",
		"p99.9_us", "max_us");
	for (c = 0; c < r->nclasses; c++) {
		const struct hg_stats *s = &r->st[c];

		fprintf(f, "%-18s %9" PRIu64 " %9.1f", hg_ctx_class_name(r, c), s->count,
			r->elapsed_ns ? (double)s->count * 1e9 / (double)r->elapsed_ns : 0.0);
		if (!s->count) {
			fputs("         -         -         -         -         -         -"
			      "         -         -\n", f);
			continue;
		}
		fprintf(f, " %9s %9s %9s %9.3f %9s %9s %9s %9s\n",
			us(r, s->min, v[0], sizeof(v[0])), us(r, s->p1, v[1], sizeof(v[1])),
			us(r, s->median, v[2], sizeof(v[2])),
			s->mean * 1e6 / (double)r->tsc_hz,
			us(r, s->p90, v[4], sizeof(v[4])), us(r, s->p99, v[5], sizeof(v[5])),
			us(r, s->p999, v[6], sizeof(v[6])), us(r, s->max, v[7], sizeof(v[7])));
	}
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];

		fprintf(f, "# thread %zu: switches inferred %" PRIu64 " (voluntary %" PRIu64
			", involuntary %" PRIu64 "), kernel %" PRIu64 " (voluntary %" PRIu64
			", involuntary or yield %" PRIu64 ")\n", i,	/* a yield is involuntary to it */
			r->inferred[0][i] + r->inferred[1][i],
			r->inferred[0][i], r->inferred[1][i], th->vcsw + th->ivcsw, th->vcsw,
			th->ivcsw);
	}
	/* was the machine quiet, or may other tasks be inside the costs above? */
	if (!r->noise_ret)
		hg_print_noise_of(f, &r->noise);
	if (r->sched)
		print_kernel(f, r);
	if (!r->nswitches)
		return 0;
	ret = hg_ctx_histogram(r, -1, bucket_ns, max_ns, &b);
	if (ret) {
		hg_bins_free(&b);
		return ret;
	}
	peak = hg_bins_peak(&b);
	/* the open bucket only when something is in it */
	nbars = b.count[b.n] ? b.n + 1 : b.n;
	fprintf(f, "# context-switch cost histogram (voluntary and involuntary, %zu switches)\n",
		r->nswitches);
	for (i = 0; i < nbars; i++) {
		int len = (int)(peak ? (b.count[i] * 50 + peak - 1) / peak : 0);
		double lo = (double)hg_bins_low(&b, i) / 1000.0;

		if (i == b.n)
			fprintf(f, "%10.3f -       inf us %10" PRIu64, lo, b.count[i]);
		else
			fprintf(f, "%10.3f - %9.3f us %10" PRIu64, lo,
				(double)hg_bins_end(&b, i) / 1000.0, b.count[i]);
		if (len > 0)
			fputc(' ', f);
		while (len-- > 0)
			fputc('#', f);
		fputc('\n', f);
	}
	hg_bins_free(&b);
	return ferror(f) ? -EIO : 0;
}

/* With --sched: the kernel's switches and the other tasks that ran in gaps. */
static void json_kernel(struct hg_json *j, const struct hg_ctx_report *r)
{
	const struct hg_sched_totals *k = &r->kernel;
	size_t i;

	hg_json_row_obj(j, "kernel");
	hg_json_u64(j, "switches", k->switches);
	hg_json_u64(j, "from_workers_to_others", k->from_workers_to_others);
	hg_json_u64(j, "between_workers", k->between_workers);
	hg_json_u64(j, "outside_gaps", k->outside_gaps);
	hg_json_u64(j, "gaps", k->gaps);
	hg_json_u64(j, "agree", k->agree);
	hg_json_close(j);
	hg_json_arr(j, "other_tasks");
	for (i = 0; i < r->nothers && i < HG_CTX_TOP_OTHERS; i++) {
		const struct hg_ctx_other *o = &r->others[i];

		hg_json_row_obj(j, NULL);
		hg_json_string(j, "comm", o->comm);
		hg_json_u64(j, "pid", o->pid);
		hg_json_u64(j, "runs", o->count);
		hg_json_u64(j, "total_ns", hg_cycles_to_ns(o->total_cycles, r->tsc_hz));
		hg_json_u64(j, "max_ns", hg_cycles_to_ns(o->max_cycles, r->tsc_hz));
		hg_json_close(j);
	}
	hg_json_close(j);
}

int hg_ctx_json(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r)
{
	struct hg_json j;
	uint32_t i;
	int c;

	hg_json_begin(&j, f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", HG_CTX_SCHEMA);
	hg_json_u64(&j, "threads", t->nthreads);
	hg_json_u64(&j, "elapsed_ns", r->elapsed_ns);
	hg_json_obj(&j, "classes");
	for (c = 0; c < r->nclasses; c++) {
		const struct hg_stats *s = &r->st[c];
		const char *name = hg_ctx_class_name(r, c);
		uint64_t hz = r->tsc_hz;
		char key[32];
		size_t k;

		for (k = 0; name[k] && k + 1 < sizeof(key); k++)
			key[k] = (char)(name[k] == ' ' ? '_' : name[k]);
		key[k] = '\0';
		hg_json_row_obj(&j, key);
		hg_json_u64(&j, "count", s->count);
		hg_json_num(&j, "per_s", r->elapsed_ns ?
			    (double)s->count * 1e9 / (double)r->elapsed_ns : 0.0, 3);
		hg_json_u64(&j, "min_ns", hg_cycles_to_ns(s->min, hz));
		hg_json_u64(&j, "p1_ns", hg_cycles_to_ns(s->p1, hz));
		hg_json_u64(&j, "median_ns", hg_cycles_to_ns(s->median, hz));
		hg_json_num(&j, "mean_ns", s->mean * 1e9 / (double)hz, 1);
		hg_json_u64(&j, "p90_ns", hg_cycles_to_ns(s->p90, hz));
		hg_json_u64(&j, "p99_ns", hg_cycles_to_ns(s->p99, hz));
		hg_json_u64(&j, "p999_ns", hg_cycles_to_ns(s->p999, hz));
		hg_json_u64(&j, "max_ns", hg_cycles_to_ns(s->max, hz));
		hg_json_close(&j);
	}
	hg_json_close(&j);
	hg_json_arr(&j, "per_thread");
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];

		hg_json_row_obj(&j, NULL);
		hg_json_u64(&j, "thread", i);
		hg_json_u64(&j, "inferred_voluntary", r->inferred[0][i]);
		hg_json_u64(&j, "inferred_involuntary", r->inferred[1][i]);
		hg_json_u64(&j, "kernel_voluntary", th->vcsw);
		hg_json_u64(&j, "kernel_involuntary", th->ivcsw);
		hg_json_close(&j);
	}
	hg_json_close(&j);
	if (!r->noise_ret)
		hg_noise_json_of(&j, &r->noise);
	if (r->sched)
		json_kernel(&j, r);
	return hg_json_end_doc(&j);
}
