// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kcauses.c - where each thread's gap time went, in the summary and in
 * explain (report/kcauses.h)
 */
#include <inttypes.h>
#include <stdio.h>

#include "report/kcauses.h"
#include "report/kdiag.h"
#include "util/timeval.h"

#define SUMMARY_ROWS 8	/* causes a thread lists in the summary; explain has them all */

uint64_t hg_ns_sum_next(struct hg_ns_sum *s, uint64_t cycles)
{
	uint64_t prev = s->ns;

	s->cum += cycles;
	s->ns = hg_cycles_to_ns(s->cum, s->hz);
	return s->ns - prev;
}

const char *hg_kclock_name(const struct hg_kevents *k)
{
	return k->clock == HG_KCLOCK_COUNTER ? "counter" : "mono";
}

void hg_kcapture_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kexplain *x)
{
	const struct hg_kevents *k = t->kev;
	uint32_t i;

	hg_json_obj(j, "kernel_capture");
	hg_json_string(j, "clock", hg_kclock_name(k));
	hg_json_row(j, "tracepoints");
	for (i = 0; i < k->ntp; i++)
		hg_json_string(j, NULL, k->tp[i]);
	hg_json_close(j);
	hg_json_u64(j, "events", k->n);
	hg_json_u64(j, "lost", hg_kevents_lost(k));
	hg_json_arr(j, "cpus");
	for (i = 0; i < x->ncpus; i++) {
		hg_json_row_obj(j, NULL);
		hg_json_u64(j, "cpu", x->cpus[i].cpu);
		hg_json_u64(j, "interrupts", x->cpus[i].captured);
		if (x->cpus[i].have_counted)
			hg_json_u64(j, "proc_interrupts", x->cpus[i].counted);
		else
			hg_json_null(j, "proc_interrupts");
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_json_close(j);
}

const char *hg_kcause_basis(enum hg_kcause kind)
{
	if (kind == HG_KC_KERNEL)
		return "assumed";
	return kind == HG_KC_UNEXPLAINED ? "remainder" : "events";
}

const char *hg_kcause_note(enum hg_kcause kind)
{
	/* HG_KATTR_KERNEL_MAX_NS in us, as the rows print them */
	_Static_assert(HG_KATTR_KERNEL_MAX_NS == 5000, "the note's cap");
	return kind == HG_KC_KERNEL ? "  assumed: the time between two events, up to "
				      "5.000 us a piece" : "";
}

void hg_kcause_json(struct hg_json *j, const struct hg_trace *t, enum hg_kcause kind,
		    const char *name, uint32_t pid, uint64_t count, uint64_t ns,
		    uint64_t max_cycles)
{
	hg_json_row_obj(j, NULL);
	hg_json_string(j, "kind", hg_kcause_name(kind));
	hg_json_string(j, "name", name);
	if (kind == HG_KC_TASK)
		hg_json_u64(j, "pid", pid);
	hg_json_string(j, "basis", hg_kcause_basis(kind));
	if (kind == HG_KC_KERNEL)
		hg_json_u64(j, "assumed_max_ns", HG_KATTR_KERNEL_MAX_NS);
	hg_json_u64(j, "count", count);
	hg_json_u64(j, "total_ns", ns);
	hg_json_u64(j, "max_ns", hg_cycles_to_ns(max_cycles, t->calib.tsc_hz));
	hg_json_close(j);
}

void hg_kcauses_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kthread_sum *s)
{
	struct hg_ns_sum sum = { .hz = t->calib.tsc_hz };
	uint32_t n;

	hg_json_arr(j, "causes");
	for (n = 0; n < s->n; n++)
		hg_kcause_json(j, t, s->c[n].kind, s->c[n].name, s->c[n].pid, s->c[n].count,
			       hg_ns_sum_next(&sum, s->c[n].cycles), s->c[n].max_cycles);
	hg_json_close(j);
}

void hg_kpart_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kgap *g)
{
	struct hg_ns_sum sum = { .hz = t->calib.tsc_hz };
	uint32_t n;

	hg_json_arr(j, "causes");
	for (n = 0; n < g->nparts; n++)
		hg_kcause_json(j, t, g->parts[n].kind, g->parts[n].name, g->parts[n].pid,
			       g->parts[n].count, hg_ns_sum_next(&sum, g->parts[n].cycles),
			       g->parts[n].max_cycles);
	hg_json_close(j);
}

void hg_kcause_label(char *buf, size_t len, enum hg_kcause kind, const char *name, uint32_t pid)
{
	if (kind == HG_KC_TASK)
		snprintf(buf, len, "%s (pid %u)", name, pid);
	else
		snprintf(buf, len, "%s", name);
}

/* The head line of a window: what it was, where, when, how long. */
static void print_head(FILE *f, const struct hg_trace *t, const struct hg_kwin *w,
		       const struct hg_kgap *g, const char *label)
{
	char at[32], len[32], v[32];
	uint64_t hz = t->calib.tsc_hz;

	hg_format_ms(hg_trace_ns(t, g->at_cycles), at, sizeof(at));
	hg_format_us(hg_cycles_to_ns(g->len_cycles, hz), len, sizeof(len));
	hg_format_us(w->value_ns, v, sizeof(v));
	if (w->kind == HG_KW_GAP)
		fprintf(f, "# %s thread %u, CPU %u%s, at %s ms: %s us\n", label, g->thread, g->cpu,
			g->from_cpu != g->cpu ? " (from another CPU)" : "", at, len);
	else if (w->kind == HG_KW_LATENCY)
		fprintf(f, "# %s thread %u, CPU %u, timer expiry at %s ms: woke %s us late\n",
			label, g->thread, g->cpu, at, len);
	else
		fprintf(f, "# %s thread %u, CPU %u, window from %s ms: %s us, %s us past the "
			"deadline\n", label, g->thread, g->cpu, at, len, v);
}

void hg_print_kwindow(FILE *f, const struct hg_trace *t, const struct hg_kwin *w,
		      const struct hg_kgap *g, const char *label, const char *lead)
{
	struct hg_ns_sum sum = { .hz = t->calib.tsc_hz };
	char part[32], name[HG_KATTR_NAME_LEN + 24];
	uint32_t i;

	print_head(f, t, w, g, label);
	for (i = 0; i < g->nparts; i++) {
		const struct hg_kpart *p = &g->parts[i];

		hg_kcause_label(name, sizeof(name), p->kind, p->name, p->pid);
		fprintf(f, "%-5s%-11s %-36s %4u x %12s us %5.1f %%%s\n", lead,
			hg_kcause_name(p->kind), name, p->count,
			hg_format_us(hg_ns_sum_next(&sum, p->cycles), part, sizeof(part)),
			g->len_cycles ? 100.0 * (double)p->cycles / (double)g->len_cycles : 0.0,
			hg_kcause_note(p->kind));
	}
}

static double share(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void print_thread(FILE *f, const struct hg_trace *t, const struct hg_kthread_sum *s)
{
	uint64_t hz = t->calib.tsc_hz, rest = 0;
	char a[32], b[32];
	uint32_t i;

	fprintf(f, "# causes: thread %u: %" PRIu64 " gaps, %s ms in all, %.1f %% unexplained "
		"by the kernel's events\n", s->thread, s->gaps,
		hg_format_ms(hg_cycles_to_ns(s->gap_cycles, hz), a, sizeof(a)),
		share(s->unexplained_cycles, s->gap_cycles));
	for (i = 0; i < s->n && i < SUMMARY_ROWS; i++) {
		const struct hg_kcause_sum *c = &s->c[i];
		char pid[24] = "";

		if (c->kind == HG_KC_TASK)
			snprintf(pid, sizeof(pid), " (pid %u)", c->pid);
		fprintf(f, "# causes: thread %u: %s %s%s: %" PRIu64 " time%s, %s us in all, "
			"longest %s us, %.1f %% of the gap time%s%s\n", s->thread,
			hg_kcause_name(c->kind), c->name, pid, c->count, c->count == 1 ? "" : "s",
			hg_format_us(hg_cycles_to_ns(c->cycles, hz), a, sizeof(a)),
			hg_format_us(hg_cycles_to_ns(c->max_cycles, hz), b, sizeof(b)),
			share(c->cycles, s->gap_cycles), *hg_kcause_note(c->kind) ? ";" : "",
			hg_kcause_note(c->kind) + (*hg_kcause_note(c->kind) ? 1 : 0));
	}
	for (; i < s->n; i++)
		rest += s->c[i].cycles;
	if (s->n > SUMMARY_ROWS)
		fprintf(f, "# causes: thread %u: %u more causes, %s us in all, %.1f %% of the gap "
			"time (hourglass explain lists them)\n", s->thread, s->n - SUMMARY_ROWS,
			hg_format_us(hg_cycles_to_ns(rest, hz), a, sizeof(a)),
			share(rest, s->gap_cycles));
}

void hg_print_kcauses(FILE *f, const struct hg_trace *t, int brief)
{
	struct hg_kexplain x;
	uint32_t i;

	if (!t->kev)
		return;
	if (hg_kexplain(t, HG_KEXPLAIN_ALL, 0, &x)) {
		fprintf(f, "# causes: not computed (out of memory)\n");
		return;
	}
	for (i = 0; i < x.nthreads && !brief; i++)
		if (x.th[i].gaps)
			print_thread(f, t, &x.th[i]);
	if (x.have_break) {
		fprintf(f, "# break: the %s that stopped the run, taken apart by the kernel's "
			"events%s:\n", hg_kwin_name(x.break_win.kind),
			brief ? " (its mechanisms; -v gives its parts)" : " (us, share of it)");
		if (!brief)
			hg_print_kwindow(f, t, &x.break_win, &x.brk, "break:", "#");
		hg_print_kdiag(f, t, &x.ctx, &x.break_win, &x.brk_diag, "#");
	}
	hg_print_kverdict(f, t, &x, 1);
	hg_kexplain_free(&x);
}
