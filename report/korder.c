// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * korder.c - a window's kernel events in their order (see korder.h)
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "report/korder.h"
#include "trace/kevents.h"
#include "util/timeval.h"

#define WHAT_LEN 192

/* One row: an event, or the window's start or end. */
struct row {
	uint64_t at;		/* cycles */
	int64_t cpu;		/* -1: the window's own marks */
	const char *event;	/* its tracepoint, or "start", "end" */
	char what[WHAT_LEN];
};

/* The events of one CPU in the window, as a range of indexes. */
struct range {
	uint64_t lo, hi;
};

static void own_label(const struct hg_trace *t, const struct hg_kwin *w, char *buf, size_t len)
{
	const struct hg_trace_thread *th = &t->threads[w->thread];

	if (th->rt_prio != HG_NO_RT_PRIO && th->rt_prio > 0)
		snprintf(buf, len, "hg/%u (pid %u, FIFO/RR %d)", w->thread, th->tid, th->rt_prio);
	else
		snprintf(buf, len, "hg/%u (pid %u)", w->thread, th->tid);
}

#define PREV_LOOKBACK 4096	/* events searched back for a task's name */

/*
 * The name of task @pid as the last switch to it before record @i on the
 * same CPU gave it, "pid <n>" when none is near; @pid 0 is the idle task.
 */
static void task_name(const struct hg_kevents *k, uint64_t i, uint32_t pid, char *buf,
		      size_t len)
{
	uint32_t cpu = hg_kevents_ev(k, i).cpu;
	uint64_t j, stop = i > PREV_LOOKBACK ? i - PREV_LOOKBACK : 0;

	for (j = i; j-- > stop && hg_kevents_ev(k, j).cpu == cpu;)
		if (hg_kevents_ev(k, j).type == HG_KEV_SWITCH && hg_kevents_ev(k, j).a == pid) {
			snprintf(buf, len, "%s (pid %u)", hg_kevents_name(k, hg_kevents_ev(k, j).name), pid);
			return;
		}
	snprintf(buf, len, "pid %u", pid);
}

static void describe(const struct hg_trace *t, const struct hg_kwin *w, uint64_t i,
		     char *buf, size_t len)
{
	const struct hg_kev cur = hg_kevents_ev(t->kev, i), *e = &cur;
	char prev[HG_KEV_NAME_LEN + 24];
	const struct hg_kevents *k = t->kev;
	const char *name = hg_kevents_name(k, e->name);
	uint32_t tid = t->threads[w->thread].tid;
	char cls[24];

	switch (e->type) {
	case HG_KEV_SWITCH:
		task_name(k, i, e->b, prev, sizeof(prev));
		snprintf(buf, len, "switch from %s%s to %s%s (pid %u, %s)", prev,
			 e->flags & HG_KEV_PREV_RUNNABLE ? " (still runnable)" : "",
			 e->a == tid ? "the thread " : "", name, e->a,
			 hg_kprio_label(hg_kev_prio(e), cls, sizeof(cls)));
		break;
	case HG_KEV_WAKEUP:
		snprintf(buf, len, "wake-up of %s%s (pid %u) for CPU %u", e->a == tid ?
			 "the thread " : "", name, e->a, e->b);
		break;
	case HG_KEV_MIGRATE:
		snprintf(buf, len, "%s (pid %u) moved from CPU %u to CPU %u", name, e->a, e->b >> 16,
			 e->b & 0xffff);
		break;
	case HG_KEV_IRQ_ENTRY:
		snprintf(buf, len, "irq %u (%s) enters", e->a, name);
		break;
	case HG_KEV_IRQ_EXIT:
		snprintf(buf, len, "irq %u leaves", e->a);
		break;
	case HG_KEV_SOFTIRQ_ENTRY:
	case HG_KEV_SOFTIRQ_EXIT:
		snprintf(buf, len, "softirq %s %s", hg_kev_softirq_name(e->a),
			 e->type == HG_KEV_SOFTIRQ_ENTRY ? "enters" : "leaves");
		break;
	case HG_KEV_VEC_ENTRY:
	case HG_KEV_VEC_EXIT:
		snprintf(buf, len, "vector %s %s", name, e->type == HG_KEV_VEC_ENTRY ? "enters" :
			 "leaves");
		break;
	case HG_KEV_HRTIMER_ENTRY:
		snprintf(buf, len, "hrtimer callback %s runs", name);
		break;
	case HG_KEV_HRTIMER_EXIT:
		snprintf(buf, len, "hrtimer callback returns");
		break;
	case HG_KEV_NMI:
		snprintf(buf, len, "NMI handler %s ran %u ns", name, e->a);
		break;
	default:	/* HG_KEV_LOST */
		snprintf(buf, len, "events lost (%u)", e->a);
		break;
	}
}

static void marks(const struct hg_trace *t, const struct hg_kwin *w, struct row *start,
		  struct row *end)
{
	char own[64];

	own_label(t, w, own, sizeof(own));
	start->at = w->at_cycles;
	end->at = w->at_cycles + w->len_cycles;
	start->cpu = end->cpu = -1;
	start->event = "start";
	end->event = "end";
	if (w->kind == HG_KW_LATENCY) {
		snprintf(start->what, sizeof(start->what), "the timer of %s expires", own);
		snprintf(end->what, sizeof(end->what), "%s runs", own);
	} else if (w->kind == HG_KW_GAP) {
		snprintf(start->what, sizeof(start->what), "%s stops running", own);
		snprintf(end->what, sizeof(end->what), "%s runs again", own);
	} else {
		snprintf(start->what, sizeof(start->what), "the window of %s opens", own);
		snprintf(end->what, sizeof(end->what), "the window closes, past the deadline");
	}
}

/* The events of the window's one or two CPUs, as ranges. */
static unsigned int ranges(const struct hg_trace *t, const struct hg_kwin *w, struct range *r)
{
	const struct hg_kevents *k = t->kev;
	uint64_t y = w->at_cycles + w->len_cycles;
	uint32_t cpus[2] = { w->from_cpu, w->cpu };
	unsigned int n = 0, i;

	for (i = 0; i < (w->from_cpu != w->cpu ? 2u : 1u); i++) {
		r[n].lo = hg_kevents_find(k, cpus[i], w->at_cycles);
		r[n].hi = hg_kevents_find(k, cpus[i], y);
		n++;
	}
	return n;
}

/* How many of the window's events are left out: all but the first and last ones. */
static uint64_t omitted_of(const struct hg_trace *t, const struct hg_kwin *w)
{
	struct range r[2];
	unsigned int n = ranges(t, w, r), i;
	uint64_t total = 0;

	for (i = 0; i < n; i++)
		total += r[i].hi - r[i].lo;
	return total > HG_KORDER_HEAD + HG_KORDER_TAIL ? total - HG_KORDER_HEAD - HG_KORDER_TAIL : 0;
}

/*
 * Call @fn for each row in time order: the start, every event but the
 * @omitted after the first HG_KORDER_HEAD, the end.
 */
static void each_row(const struct hg_trace *t, const struct hg_kwin *w,
		     void (*fn)(const struct row *r, void *arg), void *arg, uint64_t omitted)
{
	struct range r[2];
	unsigned int n = ranges(t, w, r), i;
	uint64_t seen = 0;
	struct row start, end;

	marks(t, w, &start, &end);
	fn(&start, arg);
	for (;;) {
		struct hg_kev ev, *e = NULL;
		unsigned int which = 0;
		uint64_t at = 0;
		struct row row;

		for (i = 0; i < n; i++) {
			struct hg_kev x;

			if (r[i].lo >= r[i].hi)
				continue;
			x = hg_kevents_ev(t->kev, r[i].lo);
			if (!e || x.cycles < e->cycles) {
				ev = x;
				e = &ev;
				at = r[i].lo;
				which = i;
			}
		}
		if (!e)
			break;
		r[which].lo++;
		seen++;
		if (seen > HG_KORDER_HEAD && seen <= HG_KORDER_HEAD + omitted)
			continue;
		row.at = e->cycles;
		row.cpu = e->cpu;
		row.event = hg_kev_type_name(e->type);
		describe(t, w, at, row.what, sizeof(row.what));
		fn(&row, arg);
	}
	fn(&end, arg);
}

struct print_arg {
	FILE *f;
	const struct hg_trace *t;
	const struct hg_kwin *w;
	const char *lead;
	uint64_t omitted;
	int two_cpus;
	unsigned int rows;
};

static void print_row(const struct row *r, void *arg)
{
	struct print_arg *p = arg;
	uint64_t off = r->at > p->w->at_cycles ? r->at - p->w->at_cycles : 0;
	char us[32], cpu[32] = "";

	if (p->omitted && p->rows == HG_KORDER_HEAD + 1)
		fprintf(p->f, "%s         ... %" PRIu64 " more events\n", p->lead, p->omitted);
	p->rows++;
	if (p->two_cpus && r->cpu >= 0)
		snprintf(cpu, sizeof(cpu), "CPU %" PRId64 ": ", r->cpu);
	fprintf(p->f, "%s  %12s us  %s%s\n", p->lead,
		hg_format_us(hg_cycles_to_ns(off, p->t->calib.tsc_hz), us, sizeof(us)), cpu,
		r->what);
}

void hg_print_korder(FILE *f, const struct hg_trace *t, const struct hg_kwin *w,
		     const char *lead)
{
	struct print_arg p = { .f = f, .t = t, .w = w, .lead = lead,
			       .two_cpus = w->from_cpu != w->cpu };

	if (!t->kev)
		return;
	p.omitted = omitted_of(t, w);
	fprintf(f, "%s   order of events (us from the start):\n", lead);
	each_row(t, w, print_row, &p, p.omitted);
}

struct json_arg {
	struct hg_json *j;
	const struct hg_trace *t;
	const struct hg_kwin *w;
};

static void json_row(const struct row *r, void *arg)
{
	struct json_arg *a = arg;
	uint64_t off = r->at > a->w->at_cycles ? r->at - a->w->at_cycles : 0;

	hg_json_obj(a->j, NULL);
	hg_json_u64(a->j, "offset_ns", hg_cycles_to_ns(off, a->t->calib.tsc_hz));
	if (r->cpu >= 0)
		hg_json_u64(a->j, "cpu", (uint64_t)r->cpu);
	else
		hg_json_null(a->j, "cpu");
	hg_json_string(a->j, "event", r->event);
	hg_json_string(a->j, "what", r->what);
	hg_json_close(a->j);
}

void hg_korder_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kwin *w)
{
	struct json_arg a = { .j = j, .t = t, .w = w };
	uint64_t omitted;

	if (!t->kev) {
		hg_json_null(j, "order");
		hg_json_u64(j, "order_omitted", 0);
		return;
	}
	omitted = omitted_of(t, w);
	hg_json_arr(j, "order");
	each_row(t, w, json_row, &a, omitted);
	hg_json_close(j);
	hg_json_u64(j, "order_omitted", omitted);
}
