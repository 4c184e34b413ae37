// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * parts.c - the report's sections of one run that are the run's own text
 * and pictures: the verdict, the threads, the latency, the causes, the
 * system and the command lines
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "analysis/stats/summary.h"
#include "html/inline.h"
#include "html/page.h"
#include "html/parts.h"
#include "report/kcauses.h"
#include "report/load.h"
#include "report/tail.h"
#include "report/text.h"
#include "svg/latsvg.h"
#include "util/timeval.h"

static int print_verdict(FILE *f, const void *arg)
{
	const struct hg_trace *t = arg;
	uint32_t i;

	hg_print_run(f, t);
	hg_print_failures(f, t);
	for (i = 0; i < t->nthreads; i++)
		hg_print_answer(f, t, &t->threads[i]);
	hg_print_models(f, t);
	hg_print_prediction(f, t);
	if (t->kev)
		hg_print_kcauses(f, t, 1);
	return 0;
}

int hg_html_verdict(FILE *f, const struct hg_html_run *r)
{
	int ret = hg_html_pre(f, "verdict", print_verdict, r->t);

	if (!ret && !r->t->kev)
		fputs("<p class=\"note\">No kernel events in this trace: a run with --kernel "
		      "(or explain --sched) says what held the CPU in each gap.</p>\n", f);
	return ret;
}

/* What a thread's figures are of: "gaps", "lateness", "response". */
static const char *measured(const struct hg_trace_thread *th)
{
	if (th->model == HG_MODEL_LAT)
		return "lateness";
	if (th->model == HG_MODEL_PERIODIC)
		return "response";
	return "gaps";
}

/* Count, min, median, p99 and max of @th's measured values, in ns. */
static void figures(const struct hg_trace *t, const struct hg_trace_thread *th, uint64_t v[5])
{
	const struct hg_hist *h = &th->stats.events;

	if (th->model == HG_MODEL_LAT || th->model == HG_MODEL_PERIODIC) {
		v[0] = h->count;
		v[1] = h->count ? h->min : 0;
		v[2] = hg_hist_percentile(h, 50);
		v[3] = hg_hist_percentile(h, 99);
		v[4] = h->count ? h->max : 0;
		return;
	}
	v[0] = th->stats.gaps.count;
	v[1] = hg_gap_ns(t, th, 0);
	v[2] = hg_gap_ns(t, th, 50);
	v[3] = hg_gap_ns(t, th, 99);
	v[4] = hg_gap_ns(t, th, 100);
}

/* Whether a thread of @t has deadlines, and so a count of misses. */
static bool has_deadlines(const struct hg_trace *t)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model == HG_MODEL_PERIODIC ||
		    t->threads[i].model == HG_MODEL_CPU_PERIODIC)
			return true;
	return false;
}

/* Whether the table's figures are shown in ms: one reaches 100 ms (else us). */
static bool in_ms(const struct hg_trace *t)
{
	uint64_t v[5];
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		figures(t, &t->threads[i], v);
		if (v[0] && v[4] >= 100000000ull)
			return true;
	}
	return false;
}

/* A thread's row: what it ran, how, where; its figures in us or @ms; its misses. */
static void thread_row(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th,
		       bool misses, bool ms)
{
	char prio[HG_LABEL_LEN], b[32];
	uint64_t v[5];
	size_t i;

	figures(t, th, v);
	fprintf(f, "<tr><td>%" PRIu32 "</td><td class=\"l\">", th->id);
	hg_html_text(f, th->workload);
	fputs("<br>", f);
	snprintf(prio, sizeof(prio), "%s", th->priority);
	prio[strcspn(prio, "(")] = '\0';	/* "HIGH (SCHED_OTHER nice -10)": "HIGH " */
	hg_html_text(f, prio);
	fputs("on ", f);
	hg_html_text(f, th->cpus);
	fprintf(f, "</td><td>%" PRIu64 " %s</td>", v[0], measured(th));
	for (i = 1; i < 5; i++)
		fprintf(f, "<td>%s</td>", !v[0] ? "" : ms ? hg_format_ms3(v[i], b, sizeof(b)) :
			hg_format_us(v[i], b, sizeof(b)));
	if (th->model == HG_MODEL_PERIODIC || th->model == HG_MODEL_CPU_PERIODIC)
		fprintf(f, "<td>%" PRIu64 " of %" PRIu64 "</td>", th->stats.misses,
			th->stats.misses + th->stats.hits);
	else if (misses)
		fputs("<td></td>", f);
	fputs("</tr>\n", f);
}

int hg_html_threads(FILE *f, const struct hg_html_run *r)
{
	bool misses = has_deadlines(r->t), ms = in_ms(r->t);
	const char *u = ms ? "ms" : "us";
	uint32_t i;

	fprintf(f, "<div class=\"wide\"><table>\n<tr><th>thread</th><th class=\"l\">workload, "
		"priority, CPUs</th><th>count of</th><th>min %s</th><th>median %s</th>"
		"<th>p99 %s</th><th>max %s</th>%s</tr>\n", u, u, u, u,
		misses ? "<th>missed</th>" : "");
	for (i = 0; i < r->t->nthreads; i++)
		thread_row(f, r->t, &r->t->threads[i], misses, ms);
	fputs("</table></div>\n<p class=\"note\">Measured: the gaps in each thread's execution "
	      "(CPU-bound models), the lateness of each LAT wake-up, the response time of each "
	      "PERIODIC job; percentiles from the trace's histograms (within 1/64 of "
	      "the value: the text report's own); missed: jobs or frames past their deadline "
	      "of those due.</p>\n", f);
	return 0;
}

static int draw_lat(FILE *f, const void *arg)
{
	return hg_lat_svg(f, arg, 0);
}

static int print_tail(FILE *f, const void *arg)
{
	hg_print_tail_summary(f, arg);
	return 0;
}

int hg_html_latency(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics)
{
	uint32_t i, lat = 0;
	int ret = 0;

	for (i = 0; i < r->t->nthreads; i++)
		lat += r->t->threads[i].model == HG_MODEL_LAT && r->t->threads[i].stats.events.count;
	if (lat)
		ret = hg_html_svg(f, pics->next++, "the LAT threads' wake-up lateness, a histogram",
				  draw_lat, r->t);
	else
		fputs("<p class=\"note\">No LAT thread with samples: each thread's percentiles "
		      "are in the table above.</p>\n", f);
	return ret ? ret : hg_html_pre(f, "tail", print_tail, r->t);
}

static int print_causes(FILE *f, const void *arg)
{
	hg_print_kcauses(f, arg, 0);
	return 0;
}

int hg_html_causes(FILE *f, const struct hg_html_run *r)
{
	if (!r->t->kev) {
		fputs("<p class=\"note\">No kernel events: the causes need a run with "
		      "--kernel.</p>\n", f);
		return 0;
	}
	return hg_html_pre(f, "causes", print_causes, r->t);
}

static int print_system(FILE *f, const void *arg)
{
	const struct hg_trace *t = arg;

	hg_print_machine(f, t);
	hg_print_memory(f, t);
	hg_print_calib(f, &t->calib, hg_trace_sys(t, "counter") ?: "counter");
	hg_print_noise_brief(f, t);
	if (t->kev)
		hg_print_kevents(f, t->kev);
	hg_print_loads(f, t);
	hg_print_header(f, t);
	return 0;
}

int hg_html_system(FILE *f, const struct hg_html_run *r)
{
	return hg_html_pre(f, "system", print_system, r->t);
}
