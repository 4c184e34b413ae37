// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kevtext.c - the kernel's events of a stretch of a run as text
 */
#include <inttypes.h>

#include "report/kevtext.h"
#include "util/timeval.h"

/* One event's line. */
static void line(FILE *f, const struct hg_trace *t, const struct hg_kev *e)
{
	const struct hg_kevents *k = t->kev;
	const char *name = hg_kevents_name(k, e->name);
	char at[32];

	fprintf(f, e->type == HG_KEV_HRTIMER_EXIT || e->type >= HG_KEV_NTYPES ?
		"%14s ms  CPU %-3u %s" : "%14s ms  CPU %-3u %-22s", hg_format_ms(hg_trace_ns(t, e->cycles), at,
		sizeof(at)), e->cpu, hg_kev_type_name(e->type) ?: "?");
	switch (e->type) {
	case HG_KEV_SWITCH:
		fprintf(f, " prev pid %u%s -> next %s (pid %u)", e->b,
			e->flags & HG_KEV_PREV_RUNNABLE ? " (runnable)" : "", name, e->a);
		break;
	case HG_KEV_WAKEUP:
		fprintf(f, " %s (pid %u) on CPU %u", name, e->a, e->b);
		break;
	case HG_KEV_MIGRATE:
		fprintf(f, " %s (pid %u) CPU %u -> %u", name, e->a, e->b >> 16, e->b & 0xffff);
		break;
	case HG_KEV_IRQ_ENTRY:
		fprintf(f, " irq %u %s", e->a, name);
		break;
	case HG_KEV_IRQ_EXIT:
		fprintf(f, " irq %u", e->a);
		break;
	case HG_KEV_SOFTIRQ_ENTRY:
	case HG_KEV_SOFTIRQ_EXIT:
		fprintf(f, " %s", hg_kev_softirq_name(e->a));
		break;
	case HG_KEV_VEC_ENTRY:
	case HG_KEV_VEC_EXIT:
		fprintf(f, " vector %u %s", e->a, name);
		break;
	case HG_KEV_HRTIMER_ENTRY:
		fprintf(f, " %s", name);
		break;
	case HG_KEV_NMI:
		fprintf(f, " %s, %u ns", name, e->a);
		break;
	case HG_KEV_LOST:
		fprintf(f, " %u events lost%s", e->a, e->a ? "" : " (how many unknown)");
		break;
	default:
		break;
	}
	fputc('\n', f);
}

/* The events of CPU @cpu in [@from, @to]; their number. */
static uint64_t one_cpu(FILE *f, const struct hg_trace *t, uint64_t from, uint64_t to,
			unsigned int cpu)
{
	const struct hg_kevents *k = t->kev;
	uint64_t i, n = 0;

	for (i = hg_kevents_find(k, cpu, from); i < k->n; i++) {
		const struct hg_kev cur = hg_kevents_ev(k, i), *e = &cur;

		if (e->cpu != cpu || e->cycles > to)
			break;
		line(f, t, e);
		n++;
	}
	return n;
}

uint64_t hg_kev_text(FILE *f, const struct hg_trace *t, uint64_t from, uint64_t to,
		     unsigned int cpu)
{
	const struct hg_kevents *k = t->kev;
	uint64_t n = 0;
	uint32_t i;

	if (!k) {
		fprintf(f, "# no kernel events: the run had no --kernel\n");
		return 0;
	}
	if (from < k->start_cycles || to > k->end_cycles)
		fprintf(f, "# the capture covers %s to %s ms of the run only\n",
			hg_format_ms(hg_trace_ns(t, k->start_cycles), (char[32]){ 0 }, 32),
			hg_format_ms(hg_trace_ns(t, k->end_cycles), (char[32]){ 0 }, 32));
	if (hg_kevents_cpu(k, cpu))
		n += one_cpu(f, t, from, to, cpu);
	for (i = 0; i < k->ncpus; i++)
		if (k->cpus[i].cpu != cpu)
			n += one_cpu(f, t, from, to, k->cpus[i].cpu);
	if (!n)
		fprintf(f, "# no kernel event in this stretch\n");
	return n;
}
