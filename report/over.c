// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * over.c - the summary's lines and JSON of --on-threshold continue
 */
#include <inttypes.h>

#include "report/over.h"
#include "trace/brk.h"
#include "util/timeval.h"

static const char *const kinds[] = { "gap", "lat", "miss" };
static const char *const acts[] = { "signal", "shell", "trace" };

/* "gap, lat" of the bits @on of @names. */
static void list(FILE *f, unsigned int on, const char *const *names, unsigned int n)
{
	unsigned int i;
	const char *sep = "";

	for (i = 0; i < n; i++)
		if (on & (1u << i)) {
			fprintf(f, "%s%s", sep, names[i]);
			sep = ", ";
		}
}

void hg_over_print(FILE *f, const struct hg_trace *t)
{
	const struct hg_over *o = t->over;
	char thr[32], at[32], v[32];
	uint32_t i;

	if (!o)
		return;
	fprintf(f, "# on-threshold: %" PRIu64 " event%s past --break %s us (", o->count,
		o->count == 1 ? "" : "s", hg_format_us(o->threshold_ns, thr, sizeof(thr)));
	list(f, o->on, kinds, 3);
	fprintf(f, "), measured; the run went on (continue)");
	if (o->actions & (HG_OVER_SIGNAL | HG_OVER_SHELL)) {
		fprintf(f, "; ");
		list(f, o->actions & (HG_OVER_SIGNAL | HG_OVER_SHELL), acts, 2);
		fprintf(f, " ran for %" PRIu64 " of them, at most once a second, %" PRIu64
			" not acted on", o->acted, o->count - o->acted);
	}
	fprintf(f, "\n");
	if (!o->n)
		return;
	fprintf(f, "# on-threshold: the worst %u of %u kept (at: ms from the start; %s)\n", o->n,
		o->keep, t->kev ? "hourglass explain <trace> --at <at>ms takes one apart" :
		"--kernel: explain --at takes one apart");
	for (i = 0; i < o->n; i++) {
		const struct hg_worst_ev *e = &o->ev[i];

		fprintf(f, "#   %2u  at %s ms  thread %u  CPU %u  %s %s us\n", i + 1,
			hg_format_ms(hg_trace_ns(t, e->at_cycles), at, sizeof(at)), e->thread,
			e->cpu, hg_break_kind_name(e->kind), hg_format_us(e->value_ns, v, sizeof(v)));
	}
}

/* An array @key of the names of the bits @on. */
static void json_list(struct hg_json *j, const char *key, unsigned int on,
		      const char *const *names, unsigned int n)
{
	unsigned int i;

	hg_json_arr(j, key);
	for (i = 0; i < n; i++)
		if (on & (1u << i))
			hg_json_string(j, NULL, names[i]);
	hg_json_close(j);
}

void hg_over_json(struct hg_json *j, const struct hg_trace *t)
{
	const struct hg_over *o = t->over;
	uint32_t i;

	if (!o)
		return;
	hg_json_obj(j, "over_threshold");
	hg_json_u64(j, "threshold_ns", o->threshold_ns);
	json_list(j, "on", o->on, kinds, 3);
	hg_json_u64(j, "count", o->count);
	json_list(j, "actions", o->actions, acts, 3);
	hg_json_u64(j, "acted", o->acted);
	if (o->actions & (HG_OVER_SIGNAL | HG_OVER_SHELL))
		hg_json_u64(j, "not_acted", o->count - o->acted);
	else
		hg_json_null(j, "not_acted");
	hg_json_u64(j, "keep", o->keep);
	hg_json_arr(j, "worst");
	for (i = 0; i < o->n; i++) {
		const struct hg_worst_ev *e = &o->ev[i];

		hg_json_obj(j, NULL);
		hg_json_string(j, "kind", hg_break_kind_name(e->kind));
		hg_json_u64(j, "thread", e->thread);
		hg_json_u64(j, "cpu", e->cpu);
		hg_json_u64(j, "at_ns", hg_trace_ns(t, e->at_cycles));
		hg_json_u64(j, "value_ns", e->value_ns);
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_json_close(j);
}
