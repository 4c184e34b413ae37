// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chainrun.c - a run's chains, measured and bounded, as text and JSON
 */
#include <inttypes.h>
#include <stdlib.h>

#include "analysis/sched/chainbound.h"
#include "analysis/sched/chainrun.h"
#include "report/chainrun.h"
#include "trace/hist.h"

#define MS(ns) ((double)(ns) / 1e6)
#define HIST_BUCKETS 10

/* "0>1>2" */
static const char *threads_of(const struct hg_chain_run *ch, char *buf, size_t len)
{
	size_t at = 0;
	uint32_t k;

	buf[0] = '\0';
	for (k = 0; k < ch->nstages && at < len; k++) {
		int w = snprintf(buf + at, len - at, "%s%u", k ? ">" : "", ch->stage[k].thread);

		if (w < 0)
			break;
		at += (size_t)w;
	}
	return buf;
}

/* "median M p99 P max X, bound B held" */
static void print_dist(FILE *f, const char *what, const struct hg_chain_dist *d,
		       uint64_t bound)
{
	if (!d->s.count) {
		fprintf(f, "%s: none measured", what);
		return;
	}
	fprintf(f, "%s ms median %.3f p99 %.3f max %.3f", what, MS(d->s.median),
		MS(d->s.p99), MS(d->s.max));
	if (bound == UINT64_MAX)
		fprintf(f, ", no bound");
	else if (d->s.max <= bound)
		fprintf(f, ", bound %.3f held", MS(bound));
	else
		fprintf(f, ", bound %.3f exceeded by %.3f", MS(bound), MS(d->s.max - bound));
}

static void print_line(FILE *f, const struct hg_chain_run *ch, const struct hg_chain_meas *m,
		       const struct hg_chain_bound *b)
{
	char list[HG_CHAIN_STAGES_MAX * 6];

	fprintf(f, "chain %s %s (%s", ch->name, threads_of(ch, list, sizeof(list)),
		hg_chain_mode_name(ch->mode));
	if (ch->mode == HG_CHAIN_EVENT)
		fprintf(f, ", woken by %s", hg_chain_wake_name(ch->wake));
	fprintf(f, "): ");
	print_dist(f, "reaction", &m->reaction, b->reaction_ns);
	fprintf(f, "; ");
	print_dist(f, "data age", &m->data_age, b->data_age_ns);
	fprintf(f, "; %" PRIu64 " inputs\n", m->inputs);
}

/*
 * Measure and bound every chain of @t, then call @fn for each. The
 * figures are released after.
 */
static void each_chain(const struct hg_trace *t, void *arg,
		       void (*fn)(void *arg, const struct hg_chain_run *ch,
				  const struct hg_chain_meas *m, const struct hg_chain_bound *b))
{
	struct hg_chain_bound b[HG_CHAINS_MAX];
	struct hg_chain_meas m;
	uint32_t c;

	if (!t->chains)
		return;
	if (hg_chainrun_bounds(t, b))
		for (c = 0; c < t->chains->n; c++)
			b[c] = (struct hg_chain_bound){ UINT64_MAX, UINT64_MAX, SIZE_MAX,
							"out of memory" };
	for (c = 0; c < t->chains->n; c++) {
		if (hg_chain_measure(&t->chains->chain[c], &m))
			continue;
		fn(arg, &t->chains->chain[c], &m, &b[c]);
		hg_chain_meas_free(&m);
	}
}

static void brief_one(void *arg, const struct hg_chain_run *ch, const struct hg_chain_meas *m,
		      const struct hg_chain_bound *b)
{
	print_line(arg, ch, m, b);
}

void hg_print_chains_brief(FILE *f, const struct hg_trace *t)
{
	each_chain(t, f, brief_one);
}

/* "# chain <name> <what> histogram ms: [a, b) n, ..." in HIST_BUCKETS of a 1-2-5 width. */
static void print_hist(FILE *f, const char *name, const char *what, const struct hg_chain_dist *d)
{
	uint64_t w, lo, i = 0;
	size_t k;

	if (!d->s.count)
		return;
	w = (uint64_t)hg_step125((double)(d->s.max - d->s.min + 1) / HIST_BUCKETS);
	if (w < 1000)	/* at least 1 us, the text's resolution (and never 0) */
		w = 1000;
	lo = d->s.min / w * w;
	fprintf(f, "# chain %s %s histogram, ms:", name, what);
	for (k = 0; k < HIST_BUCKETS && i < d->s.count; k++) {
		uint64_t n = 0;

		while (i < d->s.count && d->v[i] < lo + (k + 1) * w) {
			n++;
			i++;
		}
		if (n)
			fprintf(f, " [%.3f,%.3f) %" PRIu64, MS(lo + k * w), MS(lo + (k + 1) * w), n);
	}
	fprintf(f, "\n");
}

static void print_hop(FILE *f, const char *name, uint32_t k, const struct hg_chain_hop *h)
{
	double n = h->delay.s.count ? (double)h->delay.s.count : 1.0;	/* the mean's divisor */

	fprintf(f, "# chain %s hop %u (thread %u, %s): delay ms median %.3f p99 %.3f max %.3f "
		"over %" PRIu64 " jobs; mean ms: waiting for the release %.3f, for the CPU %.3f, "
		"running %.3f, blocked or preempted %.3f\n", name, k, h->thread,
		k ? "from its predecessor's output to its own" : "from its release to its finish",
		MS(h->delay.s.median), MS(h->delay.s.p99), MS(h->delay.s.max), h->delay.s.count,
		MS((double)h->release_ns / n), MS((double)h->cpu_ns / n), MS((double)h->run_ns / n),
		MS((double)h->blocked_ns / n));
}

/* The hops' mean parts summed: where an input's time went on its way through. */
static void print_parts(FILE *f, const char *name, const struct hg_chain_meas *m)
{
	double p[4] = { 0 }, sum;
	uint32_t k;

	for (k = 0; k < m->nhops; k++) {
		const struct hg_chain_hop *h = &m->hop[k];
		double n = h->delay.s.count ? (double)h->delay.s.count : 1;

		p[0] += (double)h->release_ns / n;
		p[1] += (double)h->cpu_ns / n;
		p[2] += (double)h->run_ns / n;
		p[3] += (double)h->blocked_ns / n;
	}
	sum = p[0] + p[1] + p[2] + p[3];
	if (sum <= 0)
		return;
	fprintf(f, "# chain %s: where the time went (the hops' means summed, %.3f ms): waiting "
		"for the release %.3f ms (%.0f %%), for the CPU %.3f ms (%.0f %%), running %.3f "
		"ms (%.0f %%), blocked or preempted %.3f ms (%.0f %%)\n", name, sum / 1e6,
		p[0] / 1e6, 100 * p[0] / sum, p[1] / 1e6, 100 * p[1] / sum, p[2] / 1e6,
		100 * p[2] / sum, p[3] / 1e6, 100 * p[3] / sum);
}

/* What full_one() prints to, and of which trace. */
struct full_arg {
	FILE *f;
	const struct hg_trace *t;
};

/* Each thread's deadline misses, as its "missed" line counts them, and what they include. */
static void print_misses(FILE *f, const struct hg_trace *t, const struct hg_chain_run *ch)
{
	uint32_t k;

	fprintf(f, "# chain %s: deadlines missed by thread (measured, as each thread's \"missed\" "
		"line counts them: a job done after its deadline, or released and not done when "
		"the run stopped with its deadline passed by then; %s):", ch->name,
		ch->mode == HG_CHAIN_EVENT ? "a later thread's deadline is D after its "
		"predecessor's output" : "each thread's deadline is D after its own release");
	for (k = 0; k < ch->nstages; k++) {
		const struct hg_trace_thread *th = &t->threads[ch->stage[k].thread];

		fprintf(f, "%s thread %u %" PRIu64, k ? "," : "", th->id, th->stats.misses);
	}
	fprintf(f, "\n");
}

static void full_one(void *arg, const struct hg_chain_run *ch, const struct hg_chain_meas *m,
		     const struct hg_chain_bound *b)
{
	const struct full_arg *a = arg;
	FILE *f = a->f;
	uint32_t k;

	print_line(f, ch, m, b);
	fprintf(f, "# chain %s: measured on the jobs' times: %" PRIu64 " inputs (jobs of thread "
		"%u), %" PRIu64 " with no output based on them (written over, or the run ended "
		"first), %" PRIu64 " job records dropped; reaction from the previous read of "
		"thread %u to the first output based on the input, data age from its read to the "
		"last output based on it\n", ch->name, m->inputs, ch->stage[0].thread, m->unread,
		m->dropped, ch->stage[0].thread);
	if (b->reaction_ns == UINT64_MAX)
		fprintf(f, "# chain %s: no bound: %s\n", ch->name, b->why ? b->why : "-");
	else
		fprintf(f, "# chain %s: bounds from the run's task set as the prediction has it (the options' C, T, D and priorities): %s\n",
			ch->name, ch->mode == HG_CHAIN_EVENT ?
			"reaction T_0 + worst_n, data age worst_n (holistic analysis, Tindell and "
			"Clark 1994)" : "reaction sum of (T_i + R_i), data age sum of (T_i + R_i) "
			"- T_n (Davare et al. 2007, Duerr et al. 2019)");
	print_hist(f, ch->name, "reaction", &m->reaction);
	print_hist(f, ch->name, "data age", &m->data_age);
	for (k = 0; k < m->nhops; k++)
		print_hop(f, ch->name, k, &m->hop[k]);
	print_parts(f, ch->name, m);
	print_misses(f, a->t, ch);
}

void hg_print_chains(FILE *f, const struct hg_trace *t)
{
	struct full_arg a = { f, t };

	each_chain(t, &a, full_one);
}

static void json_dist(struct hg_json *j, const char *key, const struct hg_chain_dist *d,
		      uint64_t bound)
{
	hg_json_obj(j, key);
	hg_json_u64(j, "count", d->s.count);
	if (d->s.count) {
		hg_json_u64(j, "min_ns", d->s.min);
		hg_json_u64(j, "median_ns", d->s.median);
		hg_json_u64(j, "p99_ns", d->s.p99);
		hg_json_u64(j, "max_ns", d->s.max);
	} else {
		hg_json_null(j, "min_ns");
		hg_json_null(j, "median_ns");
		hg_json_null(j, "p99_ns");
		hg_json_null(j, "max_ns");
	}
	if (bound == UINT64_MAX) {
		hg_json_null(j, "bound_ns");
		hg_json_null(j, "held");
	} else {
		hg_json_u64(j, "bound_ns", bound);
		hg_json_bool(j, "held", d->s.max <= bound);
	}
	hg_json_close(j);
}

static void json_hop(struct hg_json *j, const struct hg_chain_hop *h)
{
	uint64_t n = h->delay.s.count ? h->delay.s.count : 1;

	hg_json_row_obj(j, NULL);
	hg_json_u64(j, "thread", h->thread);
	json_dist(j, "delay", &h->delay, UINT64_MAX);
	hg_json_u64(j, "release_wait_mean_ns", h->release_ns / n);
	hg_json_u64(j, "cpu_wait_mean_ns", h->cpu_ns / n);
	hg_json_u64(j, "running_mean_ns", h->run_ns / n);
	hg_json_u64(j, "blocked_mean_ns", h->blocked_ns / n);
	hg_json_close(j);
}

static void json_one(void *arg, const struct hg_chain_run *ch, const struct hg_chain_meas *m,
		     const struct hg_chain_bound *b)
{
	struct hg_json *j = arg;
	uint32_t k;

	hg_json_obj(j, NULL);
	hg_json_string(j, "name", ch->name);
	hg_json_string(j, "mode", hg_chain_mode_name(ch->mode));
	if (ch->mode == HG_CHAIN_EVENT)
		hg_json_string(j, "wake", hg_chain_wake_name(ch->wake));
	else
		hg_json_null(j, "wake");
	hg_json_row(j, "threads");
	for (k = 0; k < ch->nstages; k++)
		hg_json_u64(j, NULL, ch->stage[k].thread);
	hg_json_close(j);
	hg_json_u64(j, "inputs", m->inputs);
	hg_json_u64(j, "unread", m->unread);
	hg_json_u64(j, "dropped", m->dropped);
	json_dist(j, "reaction", &m->reaction, b->reaction_ns);
	json_dist(j, "data_age", &m->data_age, b->data_age_ns);
	if (b->why)
		hg_json_string(j, "bound_why", b->why);
	else
		hg_json_null(j, "bound_why");
	hg_json_arr(j, "hops");
	for (k = 0; k < m->nhops; k++)
		json_hop(j, &m->hop[k]);
	hg_json_close(j);
	hg_json_close(j);
}

void hg_json_chains(struct hg_json *j, const struct hg_trace *t)
{
	if (!t->chains)
		return;
	hg_json_arr(j, "chains");
	each_chain(t, j, json_one);
	hg_json_close(j);
}
