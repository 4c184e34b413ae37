// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kdiag.c - the diagnosis printed and written as JSON (see kdiag.h)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/kadvice.h"
#include "report/kdiag.h"
#include "report/kthrot.h"
#include "util/timeval.h"

#define MINOR_SHARE 5.0		/* a window's mechanisms below this (%) are summed */
#define VERDICT_ROWS 4		/* mechanisms named in a verdict's share line */
#define HOST_AGREE 0.10		/* measured and implied host time agree within this */
#define HOST_AGREE_NS 50000ULL	/* ... or this, for small amounts */

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void view_of_window(const struct hg_kdiag *d, const struct hg_kmech *m, uint32_t thread,
			   struct hg_kmech_view *v)
{
	*v = (struct hg_kmech_view){ .mech = m->mech, .lead = &m->lead, .count = m->count,
				     .cycles = m->cycles, .rt_cycles = m->rt_cycles,
				     .switched_out = m->switched_out, .cpu = d->cpu,
				     .from_cpu = d->from_cpu, .thread = thread };
}

static void view_of_sum(const struct hg_kmech_sum *s, enum hg_mech m, uint32_t thread,
			struct hg_kmech_view *v)
{
	*v = (struct hg_kmech_view){ .mech = m, .lead = &s->lead, .count = s->count,
				     .cycles = s->cycles, .rt_cycles = s->rt_cycles,
				     .switched_out = s->switched_out, .cpu = s->cpu,
				     .from_cpu = s->from_cpu, .thread = thread };
}

void hg_print_kdiag(FILE *f, const struct hg_trace *t, const struct hg_kdiag_ctx *c,
		    const struct hg_kwin *w, const struct hg_kdiag *d, const char *lead)
{
	uint64_t hz = t->calib.tsc_hz, rest = 0;
	char us[32];
	uint32_t i, nrest = 0;

	for (i = 0; i < d->n; i++) {
		const struct hg_kmech *m = &d->m[i];
		struct hg_kmech_view v;
		struct hg_kadvice a;

		if (i && pct(m->cycles, w->len_cycles) < MINOR_SHARE) {
			rest += m->cycles;
			nrest++;
			continue;
		}
		view_of_window(d, m, w->thread, &v);
		hg_kadvice_of(t, c, &v, &a);
		fprintf(f, "%s  -> %s %.1f %% (%s us): %s\n", lead, hg_mech_name(m->mech),
			pct(m->cycles, w->len_cycles),
			hg_format_us(hg_cycles_to_ns(m->cycles, hz), us, sizeof(us)), a.why);
		if (*a.fix)
			fprintf(f, "%s     fix: %s%s%s%s\n", lead, a.fix, a.audit ? " [audit: " : "",
				a.audit ?: "", a.audit ? "]" : "");
	}
	if (nrest)
		fprintf(f, "%s  -> %u more mechanism%s %.1f %% (%s us)\n", lead, nrest,
			nrest == 1 ? "" : "s", pct(rest, w->len_cycles),
			hg_format_us(hg_cycles_to_ns(rest, hz), us, sizeof(us)));
}

/* The mechanisms of @s by total, largest first, into @order; their number. */
static uint32_t ranked(const struct hg_kmech_sum *s, enum hg_mech *order)
{
	uint32_t n = 0, i, j;

	for (i = 0; i < HG_MECH_N; i++) {
		if (!s[i].cycles)
			continue;
		for (j = n++; j > 0 && s[order[j - 1]].cycles < s[i].cycles; j--)
			order[j] = order[j - 1];
		order[j] = (enum hg_mech)i;
	}
	return n;
}

/* The worst window of @kind of thread @thread that @x took apart, or -1. */
static int64_t worst_of(const struct hg_kexplain *x, uint32_t thread, uint32_t kind)
{
	uint32_t i;

	for (i = 0; i < x->nworst; i++)
		if (x->wins[i].thread == thread && x->wins[i].kind == kind)
			return i;
	return -1;
}

/* The mechanism of @s with a fix that weighs most, its advice in @a; HG_MECH_N when none. */
static enum hg_mech best_fix(const struct hg_trace *t, const struct hg_kdiag_ctx *c,
			     const struct hg_kmech_sum *s, const enum hg_mech *order, uint32_t n,
			     uint32_t thread, struct hg_kadvice *a)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		struct hg_kmech_view v;

		view_of_sum(&s[order[i]], order[i], thread, &v);
		hg_kadvice_of(t, c, &v, a);
		if (*a->fix)
			return order[i];
	}
	return HG_MECH_N;
}

static void print_of(FILE *f, const struct hg_trace *t, const struct hg_kexplain *x,
		     const struct hg_kthread_sum *s, uint32_t kind, int brief)
{
	const struct hg_kmech_sum *m = kind == HG_KW_GAP ? s->gap_mech : s->lat_mech;
	uint64_t total = kind == HG_KW_GAP ? s->gap_cycles : s->latency_cycles, hz = t->calib.tsc_hz;
	uint64_t n = kind == HG_KW_GAP ? s->gaps : s->latencies;
	enum hg_mech order[HG_MECH_N], fixm;
	int64_t worst = worst_of(x, s->thread, kind);
	char ms[32], at[32];
	struct hg_kadvice a;
	uint32_t nm = ranked(m, order), i;

	if (!nm)
		return;
	fprintf(f, "# verdict: thread %u: %" PRIu64 " %s, %s ms in all:", s->thread, n,
		kind == HG_KW_GAP ? (n == 1 ? "gap" : "gaps") :
		(n == 1 ? "wake-up's lateness" : "wake-ups' lateness"),
		hg_format_ms3(hg_cycles_to_ns(total, hz), ms, sizeof(ms)));
	for (i = 0; i < nm && i < VERDICT_ROWS; i++)
		fprintf(f, "%s %s %.1f %%", i ? "," : "", hg_mech_name(order[i]),
			pct(m[order[i]].cycles, total));
	fprintf(f, "\n");
	if (worst >= 0 && x->diag[worst].n) {
		const struct hg_kwin *w = &x->wins[worst];
		const struct hg_kmech *top = &x->diag[worst].m[0];

		fprintf(f, "# verdict: thread %u: the worst, %s us at %s ms: %s %.1f %%\n", s->thread,
			hg_format_us(w->value_ns, ms, sizeof(ms)),
			hg_format_ms3(hg_trace_ns(t, w->at_cycles), at, sizeof(at)),
			hg_mech_name(top->mech), pct(top->cycles, w->len_cycles));
	}
	for (i = 0; !brief && i < nm && i < VERDICT_ROWS; i++) {
		struct hg_kmech_view v;

		view_of_sum(&m[order[i]], order[i], s->thread, &v);
		hg_kadvice_of(t, &x->ctx, &v, &a);
		fprintf(f, "# verdict: thread %u: why %s: %s\n", s->thread, hg_mech_name(order[i]),
			a.why);
	}
	fixm = best_fix(t, &x->ctx, m, order, nm, s->thread, &a);
	if (fixm != HG_MECH_N)
		fprintf(f, "# verdict: thread %u: the fix that removes the most (%s, %.1f %%): %s%s%s%s\n",
			s->thread, hg_mech_name(fixm), pct(m[fixm].cycles, total), a.fix,
			a.audit ? " [audit: " : "", a.audit ?: "", a.audit ? "]" : "");
}

/*
 * What the kernel's accounting implies, read the way that comes nearer
 * the measured time: with the handlers that ran on the threads' time
 * charged to them, or (*@apart) left out, as a kernel that accounts
 * interrupt time apart (IRQ_TIME_ACCOUNTING, on a stable clock) does.
 */
static int64_t implied(const struct hg_khost *h, int *apart)
{
	int64_t in = h->implied_cycles, out = in + (int64_t)h->handler_cycles;
	int64_t m = (int64_t)h->hidden_cycles;

	*apart = llabs(out - m) < llabs(in - m);
	return *apart ? out : in;
}

/* Whether measured and implied agree, within 10 % of the larger (or 50 us). */
static int host_agrees(const struct hg_trace *t, const struct hg_khost *h)
{
	int apart;
	int64_t imp = implied(h, &apart), d = imp - (int64_t)h->hidden_cycles;
	uint64_t big = imp > (int64_t)h->hidden_cycles ? (uint64_t)imp : h->hidden_cycles;
	uint64_t diff = d < 0 ? (uint64_t)-d : (uint64_t)d;

	return diff <= big / 10 || hg_cycles_to_ns(diff, t->calib.tsc_hz) <= HOST_AGREE_NS;
}

/* @c as signed ns. */
static int64_t signed_ns(int64_t c, uint64_t hz)
{
	return c < 0 ? -(int64_t)hg_cycles_to_ns((uint64_t)-c, hz) :
		       (int64_t)hg_cycles_to_ns((uint64_t)c, hz);
}

static void print_host(FILE *f, const struct hg_trace *t, const struct hg_khost *h)
{
	uint64_t hz = t->calib.tsc_hz;
	char a[32], b[32], c[32];
	int64_t imp;
	int apart;

	fprintf(f, "# host: CPU %u: %s ms with no kernel event in the %s ms its %u thread%s "
		"watched (%.2f %%)", h->cpu,
		hg_format_ms3(hg_cycles_to_ns(h->hidden_cycles, hz), a, sizeof(a)),
		hg_format_ms3(hg_cycles_to_ns(h->watched_cycles, hz), b, sizeof(b)), h->threads,
		h->threads == 1 ? "" : "s", pct(h->hidden_cycles, h->watched_cycles));
	if (h->have_steal)
		fprintf(f, "; steal time read %s ms", hg_format_ms3(h->steal_ns, b, sizeof(b)));
	if (!h->have_implied) {
		fprintf(f, "; the kernel's accounting is not in the trace\n");
		return;
	}
	imp = implied(h, &apart);
	fprintf(f, "; the kernel's accounting implies %s%s ms (CPU time charged, less received, "
		"less what the events explain%s): %s\n", imp < 0 ? "-" : "",
		hg_format_ms3(hg_cycles_to_ns(imp < 0 ? (uint64_t)-imp : (uint64_t)imp, hz), c,
			      sizeof(c)), apart ? ", interrupt time accounted apart" : "",
		host_agrees(t, h) ? "agrees" : "does not agree");
}

void hg_print_kverdict(FILE *f, const struct hg_trace *t, const struct hg_kexplain *x,
		       int brief)
{
	uint32_t i;

	for (i = 0; i < x->nthreads; i++) {
		print_of(f, t, x, &x->th[i], HG_KW_GAP, brief);
		print_of(f, t, x, &x->th[i], HG_KW_LATENCY, brief);
	}
	for (i = 0; i < x->nhost; i++)
		if (x->host[i].hidden_cycles || !brief)
			print_host(f, t, &x->host[i]);
	hg_print_kthrot(f, t, x);
}

/* -------------------------------------------------------------- JSON */

static void advice_json(struct hg_json *j, const char *key, enum hg_mech m,
			const struct hg_kadvice *a)
{
	hg_json_obj(j, key);
	hg_json_string(j, "mechanism", hg_mech_name(m));
	hg_json_string(j, "why", a->why);
	if (*a->fix)
		hg_json_string(j, "fix", a->fix);
	else
		hg_json_null(j, "fix");
	if (a->audit)
		hg_json_string(j, "audit", a->audit);
	else
		hg_json_null(j, "audit");
	hg_json_close(j);
}

void hg_kdiag_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kdiag_ctx *c,
		   const struct hg_kwin *w, const struct hg_kdiag *d)
{
	uint64_t hz = t->calib.tsc_hz;
	uint32_t i;

	if (d->n) {
		struct hg_kmech_view v;
		struct hg_kadvice a;

		view_of_window(d, &d->m[0], w->thread, &v);
		hg_kadvice_of(t, c, &v, &a);
		advice_json(j, "diagnosis", d->m[0].mech, &a);
	} else {
		hg_json_null(j, "diagnosis");
	}
	hg_json_arr(j, "mechanisms");
	for (i = 0; i < d->n; i++) {
		const struct hg_kmech *m = &d->m[i];
		struct hg_kmech_view v;
		struct hg_kadvice a;

		view_of_window(d, m, w->thread, &v);
		hg_kadvice_of(t, c, &v, &a);
		hg_json_obj(j, NULL);
		hg_json_string(j, "mechanism", hg_mech_name(m->mech));
		hg_json_u64(j, "count", m->count);
		hg_json_u64(j, "total_ns", hg_cycles_to_ns(m->cycles, hz));
		hg_json_num(j, "share", w->len_cycles ? (double)m->cycles / (double)w->len_cycles :
			    0.0, 6);
		hg_json_string(j, "why", a.why);
		if (*a.fix)
			hg_json_string(j, "fix", a.fix);
		else
			hg_json_null(j, "fix");
		hg_json_close(j);
	}
	hg_json_close(j);
}

static void sums_json(struct hg_json *j, const struct hg_trace *t, const char *of,
		      const struct hg_kmech_sum *m)
{
	enum hg_mech order[HG_MECH_N];
	uint32_t n = ranked(m, order), i;
	uint64_t hz = t->calib.tsc_hz;

	for (i = 0; i < n; i++) {
		const struct hg_kmech_sum *s = &m[order[i]];

		hg_json_obj(j, NULL);
		hg_json_string(j, "of", of);
		hg_json_string(j, "mechanism", hg_mech_name(order[i]));
		hg_json_u64(j, "count", s->count);
		hg_json_u64(j, "windows", s->windows);
		hg_json_u64(j, "total_ns", hg_cycles_to_ns(s->cycles, hz));
		hg_json_u64(j, "max_ns", hg_cycles_to_ns(s->max_cycles, hz));
		hg_json_close(j);
	}
}

static void verdict_json(struct hg_json *j, const struct hg_trace *t,
			 const struct hg_kexplain *x, const char *of, uint32_t thread,
			 const struct hg_kmech_sum *m, uint64_t total)
{
	enum hg_mech order[HG_MECH_N], fixm;
	uint32_t n = ranked(m, order);
	struct hg_kmech_view v;
	struct hg_kadvice a;

	if (!n)
		return;
	hg_json_obj(j, NULL);
	hg_json_string(j, "of", of);
	hg_json_u64(j, "total_ns", hg_cycles_to_ns(total, t->calib.tsc_hz));
	hg_json_string(j, "mechanism", hg_mech_name(order[0]));
	hg_json_num(j, "share", total ? (double)m[order[0]].cycles / (double)total : 0.0, 6);
	view_of_sum(&m[order[0]], order[0], thread, &v);
	hg_kadvice_of(t, &x->ctx, &v, &a);
	hg_json_string(j, "why", a.why);
	fixm = best_fix(t, &x->ctx, m, order, n, thread, &a);
	if (fixm == HG_MECH_N) {
		hg_json_null(j, "fix");
		hg_json_null(j, "fix_mechanism");
		hg_json_null(j, "fix_share");
		hg_json_null(j, "audit");
	} else {
		hg_json_string(j, "fix", a.fix);
		hg_json_string(j, "fix_mechanism", hg_mech_name(fixm));
		hg_json_num(j, "fix_share", total ? (double)m[fixm].cycles / (double)total : 0.0, 6);
		if (a.audit)
			hg_json_string(j, "audit", a.audit);
		else
			hg_json_null(j, "audit");
	}
	hg_json_close(j);
}

void hg_kthread_mech_json(struct hg_json *j, const struct hg_trace *t,
			  const struct hg_kexplain *x, const struct hg_kthread_sum *s)
{
	hg_json_arr(j, "mechanisms");
	sums_json(j, t, "gap", s->gap_mech);
	sums_json(j, t, "latency", s->lat_mech);
	hg_json_close(j);
	hg_json_arr(j, "verdict");
	verdict_json(j, t, x, "gap", s->thread, s->gap_mech, s->gap_cycles);
	verdict_json(j, t, x, "latency", s->thread, s->lat_mech, s->latency_cycles);
	hg_json_close(j);
}

void hg_khost_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kexplain *x)
{
	uint64_t hz = t->calib.tsc_hz;
	uint32_t i;

	hg_json_arr(j, "host");
	for (i = 0; i < x->nhost; i++) {
		const struct hg_khost *h = &x->host[i];

		hg_json_obj(j, NULL);
		hg_json_u64(j, "cpu", h->cpu);
		hg_json_u64(j, "threads", h->threads);
		hg_json_u64(j, "hidden_ns", hg_cycles_to_ns(h->hidden_cycles, hz));
		hg_json_u64(j, "watched_ns", hg_cycles_to_ns(h->watched_cycles, hz));
		hg_json_num(j, "share", h->watched_cycles ? (double)h->hidden_cycles /
			    (double)h->watched_cycles : 0.0, 6);
		if (h->have_steal)
			hg_json_u64(j, "steal_ns", h->steal_ns);
		else
			hg_json_null(j, "steal_ns");
		if (h->have_implied) {
			int apart;
			int64_t imp = implied(h, &apart);

			hg_json_i64(j, "kernel_accounting_ns", signed_ns(imp, hz));
			hg_json_bool(j, "handlers_charged", !apart);
			hg_json_bool(j, "agrees", host_agrees(t, h));
		} else {
			hg_json_null(j, "kernel_accounting_ns");
			hg_json_null(j, "handlers_charged");
			hg_json_null(j, "agrees");
		}
		hg_json_close(j);
	}
	hg_json_close(j);
}
