// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * runact.c - the files of --on-threshold trace, the actions of --on-end
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/runact.h"
#include "report/kevtext.h"
#include "run/action.h"
#include "trace/brk.h"
#include "trace/msg.h"
#include "util/atomicfile.h"
#include "util/errlen.h"
#include "util/timeval.h"

struct trace_job {
	const struct hg_trace *t;
	const struct hg_action *a;
	const struct hg_worst_ev *ev;
	uint32_t n;
	uint64_t threshold_ns;
};

/* One event's stretch: a header line, then its events. */
static void one(FILE *f, const struct trace_job *j, const struct hg_worst_ev *e)
{
	const struct hg_trace *t = j->t;
	uint64_t span = hg_ns_to_cycles((uint64_t)j->a->ms * 1000000, t->calib.tsc_hz);
	uint64_t end = e->at_cycles +
		       (e->kind == HG_BREAK_GAP ? hg_ns_to_cycles(e->value_ns, t->calib.tsc_hz) : 0);
	char at[32], v[32], thr[32];

	fprintf(f, "# hourglass: the kernel's events of the %u ms that end with a %s of %s us "
		"(--break %s us), thread %u on CPU %u at %s ms\n", j->a->ms,
		e->kind == HG_BREAK_GAP ? "gap" : e->kind == HG_BREAK_LAT ? "late wake-up" :
		"deadline miss", hg_format_us(e->value_ns, v, sizeof(v)),
		hg_format_us(j->threshold_ns, thr, sizeof(thr)), e->thread, e->cpu,
		hg_format_ms(hg_trace_ns(t, e->at_cycles), at, sizeof(at)));
	hg_kev_text(f, t, end > span ? end - span : 0, end, e->cpu);
}

static int write_job(FILE *f, const void *arg)
{
	const struct trace_job *j = arg;
	uint32_t i;

	for (i = 0; i < j->n; i++) {
		if (i)
			fputc('\n', f);
		one(f, j, &j->ev[i]);
	}
	return ferror(f) ? -1 : 0;
}

/* file=F, or the -o trace's name less .hgt, with .threshold.txt. */
static char *path_of(const struct hg_config *cfg, const struct hg_action *a)
{
	size_t n;
	char *p;

	if (a->file)
		return strdup(a->file);
	n = strlen(cfg->out_path);
	if (n > 4 && !strcmp(cfg->out_path + n - 4, ".hgt"))
		n -= 4;
	p = malloc(n + sizeof(".threshold.txt"));
	if (p)
		snprintf(p, n + sizeof(".threshold.txt"), "%.*s.threshold.txt", (int)n,
			 cfg->out_path);
	return p;
}

int hg_runact_trace(const struct hg_config *cfg, const struct hg_trace *t)
{
	struct trace_job j = { .t = t, .threshold_ns = cfg->break_ns };
	struct hg_worst_ev brk;
	char err[HG_ERR_LEN], *path;
	unsigned int i;
	int bad = 0;

	if (t->over) {
		j.ev = t->over->ev;
		j.n = t->over->n;
	} else if (t->flags & HG_TRACE_BREAK) {
		brk = (struct hg_worst_ev){
			.kind = t->break_kind, .thread = t->break_thread, .cpu = t->break_cpu,
			.at_cycles = t->break_at_cycles,
			.value_ns = t->break_kind == HG_BREAK_GAP ?
				    hg_cycles_to_ns(t->break_value, t->calib.tsc_hz) : t->break_value,
		};
		j.ev = &brk;
		j.n = 1;
	}
	for (i = 0; i < cfg->on_threshold.n; i++) {
		j.a = &cfg->on_threshold.a[i];
		if (j.a->type != HG_ACT_TRACE || !j.n)
			continue;
		path = path_of(cfg, j.a);
		if (!path) {
			hg_msg("--on-threshold trace: out of memory");
			return 1;
		}
		if (hg_atomic_write(path, write_job, &j, err, sizeof(err))) {
			hg_msg("--on-threshold trace: %s", err);
			bad = 1;
		} else if (!cfg->quiet) {
			hg_msg("--on-threshold trace: the kernel's events "
				"before %u event%s written to %s", j.n, j.n == 1 ? "" : "s", path);
		}
		free(path);
	}
	return bad;
}

int hg_runact_end(const struct hg_config *cfg, const struct hg_trace *t)
{
	struct hg_action_event e = {
		.kind = "end", .at_ns = hg_trace_ns(t, t->stop_cycles),
		.threshold_ns = cfg->break_ns,
	};
	char msg[320];
	unsigned int i;
	int bad = 0;

	for (i = 0; i < cfg->on_end.n; i++)
		if (hg_action_do(&cfg->on_end.a[i], &e, msg, sizeof(msg))) {
			hg_msg("--on-end %s", msg);
			bad = 1;
		}
	return bad;
}
