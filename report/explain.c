// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * explain.c - explain's text and JSON (report/explain.h)
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "report/explain.h"
#include "report/kdiag.h"
#include "report/kthrot.h"
#include "report/korder.h"
#include "report/json.h"
#include "report/kcauses.h"
#include "util/timeval.h"

static void print_capture(FILE *f, const struct hg_trace *t, const struct hg_kexplain *x)
{
	const struct hg_kevents *k = t->kev;
	uint32_t i;

	fprintf(f, "# kernel capture: %" PRIu64 " events, %u tracepoints, clock %s, %" PRIu64
		" lost\n", k->n, k->ntp, hg_kclock_name(k), hg_kevents_lost(k));
	for (i = 0; i < x->ncpus; i++) {
		const struct hg_kcpu_irqs *c = &x->cpus[i];

		if (c->have_counted)
			fprintf(f, "# CPU %u: %" PRIu64 " interrupts captured, %" PRIu64
				" counted by /proc/interrupts over the run\n", c->cpu, c->captured,
				c->counted);
		else
			fprintf(f, "# CPU %u: %" PRIu64 " interrupts captured\n", c->cpu, c->captured);
	}
}

#define TEXT_ROWS 20	/* causes listed one by one in the text */

/* The tasks past the first TEXT_ROWS rows, in one row. */
static void print_other_tasks(FILE *f, const struct hg_trace *t, const struct hg_kthread_sum *s,
			      struct hg_ns_sum *sum)
{
	uint64_t count = 0, cycles = 0, max = 0, n = 0;
	char name[48], tot[32], mx[32];
	uint32_t i;

	for (i = TEXT_ROWS; i < s->n; i++) {
		if (s->c[i].kind != HG_KC_TASK)
			continue;
		n++;
		count += s->c[i].count;
		cycles += s->c[i].cycles;
		if (s->c[i].max_cycles > max)
			max = s->c[i].max_cycles;
	}
	if (!n)
		return;
	snprintf(name, sizeof(name), "(%" PRIu64 " other tasks)", n);
	fprintf(f, "  %-10s %-36s %8" PRIu64 " %14s %12s %6.1f%%\n", "task", name, count,
		hg_format_us(hg_ns_sum_next(sum, cycles), tot, sizeof(tot)),
		hg_format_us(hg_cycles_to_ns(max, t->calib.tsc_hz), mx, sizeof(mx)),
		s->gap_cycles ? 100.0 * (double)cycles / (double)s->gap_cycles : 0.0);
}

static void print_thread(FILE *f, const struct hg_trace *t, const struct hg_kthread_sum *s)
{
	struct hg_ns_sum sum = { .hz = t->calib.tsc_hz };
	uint64_t total_ns = hg_cycles_to_ns(s->gap_cycles, t->calib.tsc_hz);
	char tot[32], name[HG_KATTR_NAME_LEN + 24], mx[32];
	uint32_t i;

	fprintf(f, "\n# thread %u: %" PRIu64 " gaps, %s us in all, %.1f %% unexplained\n",
		s->thread, s->gaps, hg_format_us(total_ns, tot, sizeof(tot)),
		s->gap_cycles ? 100.0 * (double)s->unexplained_cycles / (double)s->gap_cycles : 0.0);
	if (!s->gaps)
		return;
	fprintf(f, "%-12s %-36s %8s %14s %12s %7s\n", "# kind", "name", "count", "total_us",
		"max_us", "share");
	for (i = 0; i < s->n; i++) {
		const struct hg_kcause_sum *c = &s->c[i];
		uint64_t ns;

		/* past the first rows, tasks are summed (--json lists each) */
		if (i >= TEXT_ROWS && c->kind == HG_KC_TASK)
			continue;
		ns = hg_ns_sum_next(&sum, c->cycles);
		hg_kcause_label(name, sizeof(name), c->kind, c->name, c->pid);
		fprintf(f, "  %-10s %-36s %8" PRIu64 " %14s %12s %6.1f%%%s\n", hg_kcause_name(c->kind),
			name, c->count, hg_format_us(ns, tot, sizeof(tot)),
			hg_format_us(hg_cycles_to_ns(c->max_cycles, t->calib.tsc_hz), mx, sizeof(mx)),
			s->gap_cycles ? 100.0 * (double)c->cycles / (double)s->gap_cycles : 0.0,
			hg_kcause_note(c->kind));
	}
	print_other_tasks(f, t, s, &sum);
}

/* The head line of the worst windows of one kind. */
static void print_section(FILE *f, uint32_t kind, uint32_t n)
{
	const char *s = n == 1 ? "" : "s";

	if (kind == HG_KW_GAP)
		fprintf(f, "\n# the %u longest gap%s, each taken apart\n", n, s);
	else if (kind == HG_KW_LATENCY)
		fprintf(f, "\n# the %u latest wake-up%s (LAT), each taken apart from the timer's "
			"expiry to the thread running\n", n, s);
	else
		fprintf(f, "\n# the %u deadline miss%s by most, each taken apart over its window "
			"(release to done, or the period)\n", n, n == 1 ? "" : "es");
}

int hg_explain_print(FILE *f, const struct hg_trace *t, const struct hg_kexplain *x)
{
	char label[32];
	uint32_t i, rank = 0;

	print_capture(f, t, x);
	for (i = 0; i < x->nthreads; i++)
		print_thread(f, t, &x->th[i]);
	for (i = 0; i < x->nworst; i++) {
		uint32_t k = x->wins[i].kind, n = 0, j;

		if (!i || x->wins[i - 1].kind != k) {
			for (j = i; j < x->nworst && x->wins[j].kind == k; j++)
				n++;
			print_section(f, k, n);
			rank = 0;
		}
		snprintf(label, sizeof(label), "%u.", ++rank);
		hg_print_kwindow(f, t, &x->wins[i], &x->worst[i], label, "");
		hg_print_korder(f, t, &x->wins[i], "");
		hg_print_kdiag(f, t, &x->ctx, &x->wins[i], &x->diag[i], "");
	}
	if (x->have_at) {
		fprintf(f, "\n# the %s at or nearest --at, taken apart\n", hg_kwin_name(x->at_win.kind));
		hg_print_kwindow(f, t, &x->at_win, &x->at, "at:", "");
		hg_print_korder(f, t, &x->at_win, "");
		hg_print_kdiag(f, t, &x->ctx, &x->at_win, &x->at_diag, "");
	}
	if (x->have_break) {
		fprintf(f, "\n# the %s that stopped the run (--break %s us), taken apart\n",
			hg_kwin_name(x->break_win.kind),
			hg_format_us(t->break_threshold_ns, label, sizeof(label)));
		hg_print_kwindow(f, t, &x->break_win, &x->brk, "break:", "");
		hg_print_korder(f, t, &x->break_win, "");
		hg_print_kdiag(f, t, &x->ctx, &x->break_win, &x->brk_diag, "");
	}
	fprintf(f, "\n");
	hg_print_kverdict(f, t, x, 0);
	return fflush(f) || ferror(f) ? -EIO : 0;
}

/* -------------------------------------------------------------- JSON */

/* One window taken apart: its causes' total_ns add up to its length_ns. */
static void json_event(struct hg_json *j, const struct hg_trace *t, const char *key,
		       const struct hg_kexplain *x, const struct hg_kwin *w,
		       const struct hg_kgap *g, const struct hg_kdiag *d)
{
	hg_json_obj(j, key);
	hg_json_string(j, "kind", hg_kwin_name(w->kind));
	hg_json_u64(j, "thread", g->thread);
	hg_json_u64(j, "cpu", g->cpu);
	hg_json_u64(j, "from_cpu", g->from_cpu);
	hg_json_u64(j, "at_ns", hg_trace_ns(t, g->at_cycles));
	hg_json_u64(j, "length_ns", hg_cycles_to_ns(g->len_cycles, t->calib.tsc_hz));
	hg_json_u64(j, "value_ns", w->value_ns);
	hg_kpart_json(j, t, g);
	hg_kdiag_json(j, t, &x->ctx, w, d);
	hg_korder_json(j, t, w);
	hg_json_close(j);
}

int hg_explain_json(FILE *f, const struct hg_trace *t, const struct hg_kexplain *x)
{
	struct hg_json j;
	uint32_t i;

	hg_json_begin(&j, f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", 1);
	hg_kcapture_json(&j, t, x);
	hg_json_arr(&j, "threads");
	for (i = 0; i < x->nthreads; i++) {
		const struct hg_kthread_sum *s = &x->th[i];

		hg_json_obj(&j, NULL);
		hg_json_u64(&j, "thread", s->thread);
		hg_json_u64(&j, "gaps", s->gaps);
		hg_json_u64(&j, "gap_ns", hg_cycles_to_ns(s->gap_cycles, t->calib.tsc_hz));
		hg_json_num(&j, "unexplained_share", s->gap_cycles ? (double)s->unexplained_cycles /
			    (double)s->gap_cycles : 0.0, 6);
		hg_kcauses_json(&j, t, s);
		hg_kthread_mech_json(&j, t, x, s);
		hg_json_close(&j);
	}
	hg_json_close(&j);
	hg_json_arr(&j, "events");
	for (i = 0; i < x->nworst; i++)
		json_event(&j, t, NULL, x, &x->wins[i], &x->worst[i], &x->diag[i]);
	hg_json_close(&j);
	hg_khost_json(&j, t, x);
	hg_kthrot_json(&j, t, x);
	if (x->have_at)
		json_event(&j, t, "at", x, &x->at_win, &x->at, &x->at_diag);
	else
		hg_json_null(&j, "at");
	if (x->have_break)
		json_event(&j, t, "break", x, &x->break_win, &x->brk, &x->brk_diag);
	else
		hg_json_null(&j, "break");
	return hg_json_end_doc(&j);
}
