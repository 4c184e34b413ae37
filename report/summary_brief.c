// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * summary_brief.c - what a run prints without -v: the answer first, then
 * one line each for the machine, the audit and the noise
 *
 * Each line is one function called from hg_print_brief(); a line to come
 * is one more function and one more call there.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "analysis/kernel/noise.h"
#include "analysis/stats/summary.h"
#include "report/audit.h"
#include "report/chainrun.h"
#include "report/kcauses.h"
#include "report/load.h"
#include "report/text.h"
#include "trace/verdict.h"
#include "util/timeval.h"

#define AUDIT_PREFIX_LEN (sizeof(HG_AUDIT_KEY) - 1)	/* a check's key */

/* "RTHIGH" of "RTHIGH (SCHED_FIFO 90)"; the whole label when it has no policy. */
static int priority_len(const char *label)
{
	const char *paren = strstr(label, " (");

	return paren ? (int)(paren - label) : (int)strlen(label);
}

void hg_print_answer(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th)
{
	const struct hg_tstats *st = &th->stats;
	uint64_t hz = t->calib.tsc_hz, recv = hg_cycles_to_ns(st->received_cycles, hz);
	uint64_t win = hg_thread_window_ns(t, th);
	uint64_t thr = th->gap_threshold_cycles ? th->gap_threshold_cycles :
		       t->calib.gap_threshold_cycles;
	char a[32], b[32], c[32], d[32];

	if (th->model != HG_MODEL_SPIN)
		return;
	fprintf(f, "# thread %u: %s at %.*s on CPU%s %s: received %s ms of %s ms (%.2f %%) in %"
		PRIu64 " intervals; %" PRIu64 " gaps over %s us", th->id, th->workload,
		priority_len(th->priority), th->priority, strpbrk(th->cpus, ",-") ? "s" : "",
		th->cpus, hg_format_ms(recv, a, sizeof(a)), hg_format_ms(win, b, sizeof(b)),
		win ? 100.0 * (double)recv / (double)win : 0.0, st->intervals, st->gaps.count,
		hg_format_us(hg_cycles_to_ns(thr, hz), c, sizeof(c)));
	if (st->gaps.count)
		fprintf(f, ": min %s median %s p99 %s max %s us",
			hg_format_us(hg_gap_ns(t, th, 0), a, sizeof(a)),
			hg_format_us(hg_gap_ns(t, th, 50), b, sizeof(b)),
			hg_format_us(hg_gap_ns(t, th, 99), c, sizeof(c)),
			hg_format_us(hg_gap_ns(t, th, 100), d, sizeof(d)));
	if (th->unit[0])
		fprintf(f, "; %" PRIu64 " %s", st->units, th->unit);
	else if (st->yields)
		fprintf(f, "; %" PRIu64 " yields", st->yields);
	fputc('\n', f);
}

/* The audit's verdicts as the snapshot holds them, counted. */
struct verdicts {
	unsigned int n, pass, warn, fail, skip;
};

static void count_verdicts(const struct hg_trace *t, struct verdicts *c)
{
	char v[8];
	size_t k;

	memset(c, 0, sizeof(*c));
	for (k = 0; k < t->nsys; k++) {
		if (!hg_is_audit_key(t->sys[k].key))
			continue;
		hg_audit_split(t->sys[k].value, v);
		c->n++;
		c->pass += !strcmp(v, "pass");
		c->warn += !strcmp(v, "warn");
		c->fail += !strcmp(v, "fail");
		c->skip += !strcmp(v, "skip");
	}
}

/*
 * The first check of the worst verdict found (fail, then warn, then one
 * that names none), its verdict in @verdict (8 bytes) and in @more how many
 * other checks have it; -1 when every check passed or was skipped
 */
static long worst_check(const struct hg_trace *t, char *verdict, unsigned int *more)
{
	static const char *const order[] = { "fail", "warn", "?" };
	long first = -1;
	size_t w, k;
	char v[8];

	*more = 0;
	for (w = 0; w < sizeof(order) / sizeof(order[0]) && first < 0; w++)
		for (k = 0; k < t->nsys; k++) {
			if (!hg_is_audit_key(t->sys[k].key))
				continue;
			hg_audit_split(t->sys[k].value, v);
			if (strcmp(v, order[w]))
				continue;
			if (first < 0)
				first = (long)k;
			else
				(*more)++;
		}
	if (first >= 0)
		hg_audit_split(t->sys[first].value, verdict);
	return first;
}

void hg_print_audit_brief(FILE *f, const struct hg_trace *t)
{
	struct verdicts c;
	unsigned int more, i;
	char up[8], v[8];
	long k;

	count_verdicts(t, &c);
	if (!c.n)
		return;
	fprintf(f, "# audit: %u checks of the run's CPUs: %u pass, %u warn, %u fail, %u skip",
		c.n, c.pass, c.warn, c.fail, c.skip);
	k = worst_check(t, up, &more);
	if (k < 0) {
		fputc('\n', f);
		return;
	}
	for (i = 0; up[i]; i++)
		if (up[i] >= 'a' && up[i] <= 'z')
			up[i] = (char)(up[i] - 'a' + 'A');
	fprintf(f, "; worst: %s %s: %s", up, t->sys[k].key + AUDIT_PREFIX_LEN,
		hg_audit_split(t->sys[k].value, v));
	if (more)
		fprintf(f, "; %u more %s", more, up);
	fputs(" (-v lists them, hourglass audit explains each)\n", f);
}

void hg_print_noise_brief(FILE *f, const struct hg_trace *t)
{
	const struct hg_noise_cpu *other = NULL, *steal = NULL;
	uint64_t irqs = 0, softirqs = 0;
	struct hg_noise nz;
	uint32_t i;

	if (hg_noise_compute(t, &nz))
		return;
	for (i = 0; i < nz.n; i++) {
		const struct hg_noise_cpu *c = &nz.cpu[i];

		if (!other || c->other_pct > other->other_pct)
			other = c;
		if (!steal || c->steal_pct > steal->steal_pct)
			steal = c;
		irqs += c->irqs;
		softirqs += c->softirqs;
	}
	if (other && steal)
		fprintf(f, "# noise: %s: other tasks up to %.2f %% of CPU %" PRIu32 ", steal up to "
			"%.2f %% (CPU %" PRIu32 "); %" PRIu64 " interrupts, %" PRIu64 " softirqs on "
			"the %u CPU%s measured\n", nz.quiet ? "quiet" : "not quiet", other->other_pct,
			other->cpu, steal->steal_pct, steal->cpu, irqs, softirqs, nz.n,
			nz.n == 1 ? "" : "s");
	hg_noise_free(&nz);
}

/*
 * What went wrong in the run itself, said whatever the verbosity: a counter
 * the calibration did not find invariant, records dropped, --forever's
 * flight recorder, threads that failed
 */
static void print_trouble(FILE *f, const struct hg_trace *t)
{
	uint64_t dropped = 0;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		dropped += t->threads[i].dropped;
	if (!t->calib.invariant)
		hg_print_calib(f, &t->calib, hg_trace_sys(t, "counter") ?: "counter");
	if (dropped)
		hg_print_memory(f, t);
	if (t->flags & HG_TRACE_RING)
		hg_print_ring(f, t);
	hg_print_failures(f, t);
}

/*
 * Per thread, in the threads' order, the line it was run for: share and
 * gaps, or its model's report
 */
static void print_answers(FILE *f, const struct hg_trace *t)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		hg_print_answer(f, t, &t->threads[i]);
		hg_print_model(f, t, &t->threads[i]);
	}
	hg_print_lat_histogram_asked(f, t);
	hg_print_prediction(f, t);
	hg_print_chains_brief(f, t);
	if (t->flags & HG_TRACE_GAP_HIST)
		hg_print_gap_histograms(f, t);
}

/* --kernel: what was captured, and where each thread's gap time went. */
static void print_kernel(FILE *f, const struct hg_trace *t)
{
	if (!t->kev)
		return;
	hg_print_kevents(f, t->kev);
	hg_print_kcauses(f, t, 1);
}

int hg_print_brief(FILE *f, const struct hg_trace *t)
{
	int ret;

	hg_print_command(f, t);
	ret = hg_print_trace_lines(f, t);
	hg_print_run(f, t);
	print_trouble(f, t);
	print_answers(f, t);
	hg_print_loads(f, t);
	print_kernel(f, t);
	hg_print_machine(f, t);
	hg_print_audit_brief(f, t);
	hg_print_noise_brief(f, t);
	return ret;
}
