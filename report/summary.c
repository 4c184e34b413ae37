// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * summary.c - the lines a person reads first
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/stats/summary.h"
#include "report/audit.h"
#include "report/kcauses.h"
#include "report/noise.h"
#include "report/over.h"
#include "report/text.h"
#include "trace/brk.h"
#include "util/timeval.h"

#define NCOLS 18
#define CELL 72

/*
 * Two tables, each within 120 columns: what each thread is and received,
 * then its gaps, lateness and switches. Every figure is in --json too.
 */
enum col {
	C_THREAD, C_WORKLOAD, C_PRIORITY, C_CPUS, C_RECV, C_SHARE, C_INTERVALS, C_GAPS,
	C_DROPPED, C_WORK, C_GMIN, C_GMED, C_GP99, C_GMAX, C_LMED, C_LMAX, C_VCS, C_ICS,
};

static const char *const heads[NCOLS] = {
	[C_THREAD] = "thread", [C_WORKLOAD] = "workload", [C_PRIORITY] = "priority",
	[C_CPUS] = "cpus", [C_RECV] = "received_ms", [C_SHARE] = "share",
	[C_INTERVALS] = "intervals", [C_GAPS] = "gaps", [C_DROPPED] = "dropped",
	[C_WORK] = "work", [C_GMIN] = "gap_min_us", [C_GMED] = "gap_med_us",
	[C_GP99] = "gap_p99_us", [C_GMAX] = "gap_max_us", [C_LMED] = "late_med_us",
	[C_LMAX] = "late_max_us", [C_VCS] = "vol_cs", [C_ICS] = "invol_cs",
};

static const int table1[] = { C_THREAD, C_WORKLOAD, C_PRIORITY, C_CPUS, C_RECV, C_SHARE,
			      C_INTERVALS, C_GAPS, C_DROPPED, C_WORK, -1 };
static const int table2[] = { C_THREAD, C_GMIN, C_GMED, C_GP99, C_GMAX, C_LMED, C_LMAX,
			      C_VCS, C_ICS, -1 };

/* Columns that hold numbers are right-aligned. */
static int right_aligned(int col)
{
	return col >= C_RECV && col != C_WORK;
}

/* "RTHIGH" of "RTHIGH (SCHED_FIFO 90)": the policy is the name's (--json has both). */
static void short_priority(const char *label, char *cell)
{
	const char *paren = strstr(label, " (");

	snprintf(cell, CELL, "%.*s", paren ? (int)(paren - label) : (int)strlen(label), label);
}

static void row(const struct hg_trace *t, const struct hg_trace_thread *th,
		char cells[NCOLS][CELL])
{
	const struct hg_tstats *st = &th->stats;
	const struct hg_hist *h = &st->events;
	uint64_t hz = t->calib.tsc_hz, recv = hg_cycles_to_ns(st->received_cycles, hz);
	uint64_t win = hg_thread_window_ns(t, th);
	int have = st->gaps.count > 0, c;

	for (c = 0; c < NCOLS; c++)
		strcpy(cells[c], "-");
	snprintf(cells[C_THREAD], CELL, "%u", th->id);
	snprintf(cells[C_WORKLOAD], CELL, "%s", th->workload);
	short_priority(th->priority, cells[C_PRIORITY]);
	snprintf(cells[C_CPUS], CELL, "%s", th->cpus);
	snprintf(cells[C_DROPPED], CELL, "%" PRIu64, th->dropped);
	snprintf(cells[C_VCS], CELL, "%" PRIu64, th->vcsw);
	snprintf(cells[C_ICS], CELL, "%" PRIu64, th->ivcsw);
	if (th->model == HG_MODEL_LAT) {
		/*
		 * a LAT thread sleeps between its samples and records no
		 * interval: no received time, share or gaps, but its samples
		 * and their lateness
		 */
		snprintf(cells[C_WORK], CELL, "%" PRIu64 " sample%s", h->count, h->count == 1 ? "" : "s");
		if (h->count) {
			hg_format_us(hg_hist_percentile(h, 50), cells[C_LMED], CELL);
			hg_format_us(h->max, cells[C_LMAX], CELL);
		}
		return;
	}
	hg_format_ms(recv, cells[C_RECV], CELL);
	snprintf(cells[C_SHARE], CELL, "%.2f%%", win ? 100.0 * (double)recv / (double)win : 0.0);
	snprintf(cells[C_INTERVALS], CELL, "%" PRIu64, st->intervals);
	snprintf(cells[C_GAPS], CELL, "%" PRIu64, st->gaps.count);
	if (have) {
		hg_format_us(hg_gap_ns(t, th, 0), cells[C_GMIN], CELL);
		hg_format_us(hg_gap_ns(t, th, 50), cells[C_GMED], CELL);
		hg_format_us(hg_gap_ns(t, th, 99), cells[C_GP99], CELL);
		hg_format_us(hg_gap_ns(t, th, 100), cells[C_GMAX], CELL);
	}
	if (th->unit[0])
		snprintf(cells[C_WORK], CELL, "%" PRIu64 " %s", st->units, th->unit);
	else if (st->yields)
		snprintf(cells[C_WORK], CELL, "%" PRIu64 " yields", st->yields);
}

/* Whether column @c holds "-" in every row (a LAT thread's gaps, say). */
static int empty_col(char (*cells)[NCOLS][CELL], uint32_t rows, int c)
{
	uint32_t i;

	for (i = 1; i <= rows; i++)
		if (strcmp(cells[i][c], "-"))
			return 0;
	return 1;
}

/*
 * The columns @cols (ending with -1) of @cells, one line a row; a column
 * with nothing in any row is left out (a LAT-only run has no gap columns)
 */
static void print_cols(FILE *f, char (*cells)[NCOLS][CELL], uint32_t rows, const int *in)
{
	size_t width[NCOLS] = { 0 }, i;
	int cols[NCOLS + 1], n = 0, k, c;

	for (k = 0; in[k] >= 0; k++)
		if (in[k] == C_THREAD || !empty_col(cells, rows, in[k]))
			cols[n++] = in[k];
	cols[n] = -1;
	if (n < 2)	/* nothing beside the thread's number */
		return;
	for (k = 0; (c = cols[k]) >= 0; k++)
		for (i = 0; i <= rows; i++)
			if (strlen(cells[i][c]) > width[c])
				width[c] = strlen(cells[i][c]);
	for (i = 0; i <= rows; i++) {
		fputs("#", f);
		for (k = 0; (c = cols[k]) >= 0; k++) {
			if (cols[k + 1] < 0 && !right_aligned(c))	/* the last: no padding */
				fprintf(f, " %s", cells[i][c]);
			else
				fprintf(f, " %*s%s", right_aligned(c) ? (int)width[c] : -(int)width[c],
					cells[i][c], cols[k + 1] >= 0 ? " " : "");
		}
		fputs("\n", f);
	}
}

static void print_table(FILE *f, const struct hg_trace *t)
{
	char (*cells)[NCOLS][CELL];
	uint32_t r;
	int c;

	cells = calloc((size_t)t->nthreads + 1, sizeof(*cells));
	if (!cells)
		return;
	for (c = 0; c < NCOLS; c++)
		snprintf(cells[0][c], CELL, "%s", heads[c]);
	for (r = 0; r < t->nthreads; r++)
		row(t, &t->threads[r], cells[r + 1]);
	print_cols(f, cells, t->nthreads, table1);
	print_cols(f, cells, t->nthreads, table2);
	free(cells);
}

/*
 * The counter's tick, the frequency it states (when it states one) and its
 * resolution: one tick, or on a coarse counter its step, to which every gap
 * and latency is known.
 */
static void print_tick(FILE *f, const struct hg_calib *c)
{
	uint32_t step = c->step_cycles ? c->step_cycles : 1;
	double tick_ns = c->tsc_hz ? 1e9 / (double)c->tsc_hz : 0.0;
	char res[32];

	fprintf(f, "# counter tick: %.3f ns", tick_ns);
	if (c->stated_hz) {
		uint32_t ppm = hg_calib_ppm(c->stated_hz, c->tsc_hz);

		fprintf(f, ", stated %" PRIu64 ".%03" PRIu64 " MHz", c->stated_hz / 1000000,
			c->stated_hz / 1000 % 1000);
		if (ppm > HG_CALIB_AGREE_PPM)
			fprintf(f, " (NOT what was measured: %u ppm apart)", ppm);
	}
	if (!hg_calib_coarse(c)) {
		fprintf(f, "; resolution 1 tick\n");
		return;
	}
	hg_format_us(hg_cycles_to_ns(step, c->tsc_hz), res, sizeof(res));
	fprintf(f, "; resolution %u tick%s = %s us: the loop goes round %.1f times a step, so "
		"every gap and latency is known to one step\n", step, step == 1 ? "" : "s", res,
		(double)step * 1000.0 / (double)c->gap_loop_mcycles);
}

const char *hg_tick_unit(const char *counter)
{
	return !counter || !strcmp(counter, "tsc") || !strcmp(counter, "counter") ? "cycles" : "ticks";
}

void hg_print_calib(FILE *f, const struct hg_calib *c, const char *counter)
{
	const char *u = hg_tick_unit(counter);
	char thr[32];

	fprintf(f, "# counter: %s %" PRIu64 ".%03" PRIu64 " MHz (%s), "
		"calibrated in %u rounds to %u ppm\n", counter,
		c->tsc_hz / 1000000, c->tsc_hz / 1000 % 1000,
		c->invariant ? "invariant" : "NOT invariant",
		c->rounds, c->agree_ppm);
	print_tick(f, c);
	fprintf(f, "# loop: counter read %u %s, gap loop %u.%02u %s, "
		"bare counter loop %u.%02u %s (ratio %.3f)\n",
		c->counter_read_cycles, u,
		c->gap_loop_mcycles / 1000, c->gap_loop_mcycles % 1000 / 10, u,
		c->bare_loop_mcycles / 1000, c->bare_loop_mcycles % 1000 / 10, u,
		c->bare_loop_mcycles ? (double)c->gap_loop_mcycles / c->bare_loop_mcycles : 0.0);
	hg_format_us(c->gap_threshold_ns, thr, sizeof(thr));
	if (!c->hiccup_cycles) {	/* a trace from before the hiccup floor */
		if (c->threshold_given)
			fprintf(f, "# gap threshold: %" PRIu64 " %s = %s us (given with -g)\n",
				c->gap_threshold_cycles, u, thr);
		else
			fprintf(f, "# gap threshold: %" PRIu64 " %s = %s us (twice the loop "
				"time; 99.9%% of iterations take %u %s or less)\n",
				c->gap_threshold_cycles, u, thr, c->iter_p999_cycles, u);
		return;
	}
	fprintf(f, "# gap threshold: %" PRIu64 " %s = %s us (%s", c->gap_threshold_cycles, u, thr,
		c->threshold_given ? "given with -g" : "the default");
	if (c->hiccup_cycles < c->gap_threshold_cycles)
		fprintf(f, "; hiccups: steps over %" PRIu64 " %s = %s us, twice the loop time",
			c->hiccup_cycles, u,
			hg_format_us(hg_cycles_to_ns(c->hiccup_cycles, c->tsc_hz), thr, sizeof(thr)));
	fprintf(f, "; 99.9%% of iterations take %u %s or less)\n", c->iter_p999_cycles, u);
}

/* The steps of a thread under its gap threshold, counted (newer traces). */
static void print_hiccups(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th)
{
	const struct hg_tstats *st = &th->stats;
	uint64_t hz = t->calib.tsc_hz, total = hg_cycles_to_ns(st->hiccup_cycles, hz);
	char lo[32], hi[32], us[32];

	if (!th->hiccup_cycles || th->hiccup_cycles >= th->gap_threshold_cycles)
		return;
	hg_format_us(hg_cycles_to_ns(th->hiccup_cycles, hz), lo, sizeof(lo));
	hg_format_us(hg_cycles_to_ns(th->gap_threshold_cycles, hz), hi, sizeof(hi));
	hg_format_us(total, us, sizeof(us));
	fprintf(f, "# hiccups: thread %u: %" PRIu64 " steps over %s us and up to %s us, "
		"%s us in all (%.3f %% of its received time; counted as execution, not gaps)\n",
		th->id, st->hiccups, lo, hi, us,
		st->received_cycles ? 100.0 * (double)st->hiccup_cycles /
				      (double)st->received_cycles : 0.0);
}

static const char *signame(int sig)
{
	switch (sig) {
	case 2: return "SIGINT";
	case 1: return "SIGHUP";
	case 15: return "SIGTERM";
	default: return "a signal";
	}
}

void hg_print_ring(FILE *f, const struct hg_trace *t)
{
	uint32_t i;

	fprintf(f, "# flight recorder: each thread keeps its newest records; the statistics "
		"below cover the whole run\n");
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		char since[32];

		if (!th->overwritten)
			fprintf(f, "# thread %u: trace complete since the start (%" PRIu64
				" records)\n", i, th->stored);
		else
			fprintf(f, "# thread %u: trace complete since %s ms (%" PRIu64
				" records kept, %" PRIu64 " older ones overwritten)\n", i,
				hg_format_ms(hg_trace_ns(t, th->complete_since_cycles), since,
					     sizeof(since)), th->stored, th->overwritten);
	}
}

/* --break: which thread, what, when and on which CPU stopped the run. */
static void print_break(FILE *f, const struct hg_trace *t)
{
	char v[32], thr[32], at[32];
	uint64_t value_ns = hg_break_value_ns(t);
	const char *what = t->break_kind == HG_BREAK_GAP ? "a gap of" : t->break_kind == HG_BREAK_LAT ?
			   "a wake-up late by" : "a deadline missed by";

	fprintf(f, "# break: thread %u: %s %s us (--break %s us) at %s ms on CPU %u; the run "
		"stopped there%s\n", t->break_thread, what, hg_format_us(value_ns, v, sizeof(v)),
		hg_format_us(t->break_threshold_ns, thr, sizeof(thr)),
		hg_format_ms(hg_trace_ns(t, t->break_at_cycles), at, sizeof(at)), t->break_cpu,
		t->break_marked ? "; kernel trace marked (trace_marker) and stopped (tracing_on 0)" :
		"; no kernel trace marked");
}

void hg_print_kevents(FILE *f, const struct hg_kevents *k)
{
	uint64_t lost = hg_kevents_lost(k);
	uint32_t i;

	fprintf(f, "# kernel events: %" PRIu64 " on CPU%s", k->n, k->ncpus == 1 ? "" : "s");
	for (i = 0; i < k->ncpus; i++)
		fprintf(f, "%s%u", i ? "," : " ", k->cpus[i].cpu);
	fprintf(f, " (%u tracepoints, clock %s), %" PRIu64 " lost%s\n", k->ntp,
		k->clock == HG_KCLOCK_COUNTER ? "the counter" : "mono", lost,
		lost ? " (the trace buffers were full: the gaps they cover stay unexplained)" : "");
}

/* Whether the word @w is in the space-separated list @list. */
static bool has_word(const char *list, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = list; p && (p = strstr(p, w)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return true;
	return false;
}

/*
 * The hypervisor as the audit found it ("running under KVM", "no
 * hypervisor"), or the CPU's flag where the trace holds no audit; NULL
 * when neither says
 */
static const char *hypervisor(const struct hg_trace *t, char *buf, size_t len)
{
	const char *v = hg_trace_sys(t, "audit_hypervisor"), *flags;
	char verdict[8];

	if (v) {
		v = hg_audit_split(v, verdict);
		if (strcmp(verdict, "?") && *v)
			return v;
	}
	flags = hg_trace_sys(t, "cpu_flags");
	if (!flags)
		return NULL;
	snprintf(buf, len, "%s", has_word(flags, "hypervisor") ? "under a hypervisor" :
		 "no hypervisor flag");
	return buf;
}

void hg_print_machine(FILE *f, const struct hg_trace *t)
{
	const char *preempt = hg_trace_sys(t, "preempt") ?: "unknown";
	const char *mode = hg_trace_sys(t, "preempt_model");
	const char *rt = hg_trace_sys(t, "rt_runtime_us"), *hv;
	char buf[64];

	if (strcmp(preempt, "PREEMPT_DYNAMIC") || (mode && !strcmp(mode, "unknown")))
		mode = NULL;
	fprintf(f, "# system: kernel %s (%s%s%s), clocksource %s, ",
		hg_trace_sys(t, "kernel_release") ?: "unknown", preempt,
		mode ? " " : "", mode ?: "", hg_trace_sys(t, "clocksource") ?: "unknown");
	if (rt && !strcmp(rt, "-1"))
		fputs("rt throttling off", f);
	else
		fprintf(f, "rt throttling %s/%s us", rt ?: "unknown",
			hg_trace_sys(t, "rt_period_us") ?: "unknown");
	hv = hypervisor(t, buf, sizeof(buf));
	if (hv)
		fprintf(f, ", %s", hv);
	fputc('\n', f);
}

void hg_print_run(FILE *f, const struct hg_trace *t)
{
	uint64_t elapsed = hg_trace_ns(t, t->stop_cycles);
	time_t start = (time_t)(t->realtime_start_ns / 1000000000ULL);
	char when[64], dur[48], el[32];
	struct tm tm;

	gmtime_r(&start, &tm);
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", &tm);
	if (t->duration_ns)
		snprintf(dur, sizeof(dur), "-d %s", hg_format_time(t->duration_ns, el, sizeof(el)));
	else
		snprintf(dur, sizeof(dur), "--forever");
	fprintf(f, "# hourglass: %u thread%s, %s, started %s, ran %s ms\n",
		t->nthreads, t->nthreads == 1 ? "" : "s", dur, when,
		hg_format_ms(elapsed, el, sizeof(el)));
	if (t->flags & HG_TRACE_SNAPSHOT)
		fprintf(f, "# snapshot: taken at %s ms while the run went on (SIGUSR1); "
			"statistics as of then, the records finished by then\n", el);
	if (t->flags & HG_TRACE_BREAK)
		print_break(f, t);
	hg_over_print(f, t);
	if ((t->flags & HG_TRACE_INTERRUPTED) && !t->duration_ns)
		fprintf(f, "# ended: %s ended the --forever run; everything recorded "
			"until then is included\n", signame(t->signal));
	else if (t->flags & HG_TRACE_INTERRUPTED)
		fprintf(f, "# interrupted: %s ended the run early; everything recorded "
			"until then is included\n", signame(t->signal));
}

void hg_print_memory(FILE *f, const struct hg_trace *t)
{
	uint64_t stored = 0, dropped = 0;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		stored += t->threads[i].stored;
		dropped += t->threads[i].dropped;
	}
	fprintf(f, "# memory: %s; trace %" PRIu64 " records (%.1f MiB): %" PRIu64
		" stored, %" PRIu64 " dropped%s\n",
		t->flags & HG_TRACE_MEMLOCKED ? "locked" : "not locked (pre-faulted)",
		t->capacity, (double)t->capacity * 16 / (1024.0 * 1024.0), stored, dropped,
		dropped ? " (raise -e; statistics below count every interval)" : "");
}

void hg_print_failures(FILE *f, const struct hg_trace *t)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].error)
			fprintf(f, "# thread %u failed during the run: %s\n", i,
				strerror(-t->threads[i].error));
}

void hg_print_summary(FILE *f, const struct hg_trace *t)
{
	uint32_t i;

	hg_print_run(f, t);
	hg_print_calib(f, &t->calib, hg_trace_sys(t, "counter") ?: "counter");
	hg_print_memory(f, t);
	if (t->flags & HG_TRACE_RING)
		hg_print_ring(f, t);
	if (t->kev)
		hg_print_kevents(f, t->kev);
	hg_print_machine(f, t);
	print_table(f, t);
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		char thr[32];

		if (th->gap_threshold_cycles == t->calib.gap_threshold_cycles ||
		    !th->gap_threshold_cycles)
			continue;
		fprintf(f, "# thread %u: gap threshold %" PRIu64 " %s = %s us (twice its own "
			"loop, with the %s work in it)\n", i, th->gap_threshold_cycles,
			hg_tick_unit(hg_trace_sys(t, "counter")),
			hg_format_us(hg_cycles_to_ns(th->gap_threshold_cycles, t->calib.tsc_hz), thr,
				     sizeof(thr)), th->workload);
	}
	for (i = 0; i < t->nthreads; i++)
		print_hiccups(f, t, &t->threads[i]);
	hg_print_failures(f, t);
	hg_print_kernel(f, t);
	hg_print_kcauses(f, t, 0);
}
