// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diffdata.c - a trial as named values and distributions, from a trace
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/gaps/ctx.h"
#include "analysis/compare/diffdata.h"
#include "analysis/stats/stats.h"
#include "analysis/stats/summary.h"
#include "analysis/stats/tailcmp.h"
#include "trace/record.h"
#include "util/grow.h"
#include "util/timeval.h"

const char *const hg_diff_sys_keys[HG_DIFF_SYS] = {
	"kernel_release", "kernel_version", "preempt", "cmdline", "cpu_model",
	"clocksource", "governor", "smt",
};

/* The length of the word at @s (up to a space or the end). */
static size_t word_len(const char *s)
{
	return strcspn(s, " ");
}

/* Does the word at @s name an output file's option; *@inline: "--json=x"? */
static bool output_opt(const char *s, size_t n, bool *inline_val)
{
	static const char *const outs[] = { "-o", "--output", "--json", "--prom" };
	size_t i, k;

	for (i = 0; i < sizeof(outs) / sizeof(outs[0]); i++) {
		k = strlen(outs[i]);
		if (n >= k && !strncmp(s, outs[i], k) && (n == k || s[k] == '=')) {
			*inline_val = n > k;
			return true;
		}
	}
	return false;
}

/*
 * The next word of command @*s to compare (its length in *@n), @*s moved
 * past it; an output file's name is left out: the word after -o, the part
 * after "--json=". NULL at the end.
 */
static const char *cmd_word(const char **s, size_t *n)
{
	const char *w;
	bool inl;

	while (**s == ' ')
		(*s)++;
	if (!**s)
		return NULL;
	w = *s;
	*n = word_len(w);
	*s += *n;
	if (output_opt(w, *n, &inl)) {
		if (inl) {
			*n = strcspn(w, "=") + 1;
		} else {
			while (**s == ' ')
				(*s)++;
			*s += word_len(*s);
		}
	}
	return w;
}

bool hg_diff_same_command(const char *a, const char *b)
{
	const char *wa, *wb;
	size_t na, nb;

	if (!a || !b)
		return !a && !b;
	/* the program's path */
	if (!cmd_word(&a, &na) || !cmd_word(&b, &nb))
		return !*a && !*b;
	for (;;) {
		wa = cmd_word(&a, &na);
		wb = cmd_word(&b, &nb);
		if (!wa || !wb)
			return !wa && !wb;
		if (na != nb || strncmp(wa, wb, na))
			return false;
	}
}

void hg_diff_trial_free(struct hg_diff_trial *tr)
{
	size_t i;

	for (i = 0; i < tr->ndist; i++)
		free(tr->dist[i].v);
	for (i = 0; i < HG_DIFF_SYS; i++)
		free(tr->sys[i]);
	free(tr->command);
	for (i = 0; i < tr->naudit; i++)
		free(tr->audit[i].id);
	free(tr->audit);
	free(tr->dist);
	free(tr->val);
	free(tr->index);
	memset(tr, 0, sizeof(*tr));
}

/* FNV-1a of @name: the slot to start from in the index. */
static size_t name_hash(const char *name)
{
	uint64_t h = 14695981039346656037ULL;

	while (*name)
		h = (h ^ (unsigned char)*name++) * 1099511628211ULL;
	return (size_t)h;
}

/* The slot of @name in the index: where it is, or the empty one it would take. */
static size_t slot(const struct hg_diff_trial *tr, const char *name)
{
	size_t mask = tr->capindex - 1, i = name_hash(name) & mask;

	while (tr->index[i] && strcmp(tr->val[tr->index[i] - 1].name, name))
		i = (i + 1) & mask;
	return i;
}

/* A new index of @cap slots (a power of two) over every value. */
static int reindex(struct hg_diff_trial *tr, size_t cap)
{
	size_t *old = tr->index, i;

	tr->index = calloc(cap, sizeof(*tr->index));
	if (!tr->index) {
		tr->index = old;
		return -ENOMEM;
	}
	free(old);
	tr->capindex = cap;
	for (i = 0; i < tr->nval; i++)
		tr->index[slot(tr, tr->val[i].name)] = i + 1;
	return 0;
}

int hg_diff_add(struct hg_diff_trial *tr, const char *name, double v, enum hg_diff_kind kind,
		enum hg_diff_stat stat, int dist)
{
	struct hg_diff_value *x;
	size_t at;

	if (HG_GROW(tr->val, tr->capval, tr->nval + 1))
		return -ENOMEM;
	/* the index stays under half full: a lookup takes a few probes */
	if (2 * (tr->nval + 1) > tr->capindex && reindex(tr, tr->capindex ? 2 * tr->capindex : 64))
		return -ENOMEM;
	x = &tr->val[tr->nval];
	snprintf(x->name, sizeof(x->name), "%s", name);
	at = slot(tr, x->name);
	if (tr->index[at])
		return -EEXIST;
	x->v = v;
	x->kind = kind;
	x->stat = stat;
	x->dist = dist;
	tr->index[at] = ++tr->nval;
	return 0;
}

static const char *const stat_suffix[] = {
	[HG_DS_COUNT] = "count", [HG_DS_MEDIAN] = "median", [HG_DS_P99] = "p99",
	[HG_DS_P999] = "p99.9", [HG_DS_MAX] = "max",
};

/* The five statistics of @base; @dist is the distribution's index or -1. */
static int add_five(struct hg_diff_trial *tr, const char *base, double count,
		    const double pct[4], int dist)
{
	char name[HG_DIFF_NAME + 8];
	int s, ret = 0;

	for (s = HG_DS_COUNT; !ret && s <= HG_DS_MAX; s++) {
		snprintf(name, sizeof(name), "%s.%s", base, stat_suffix[s]);
		ret = hg_diff_add(tr, name, s == HG_DS_COUNT ? count : pct[s - HG_DS_MEDIAN],
				  s == HG_DS_COUNT ? HG_DK_COUNT : HG_DK_TIME, s, dist);
	}
	return ret;
}

int hg_diff_add_stats(struct hg_diff_trial *tr, const char *base, double count,
		      const double pct[4])
{
	return add_five(tr, base, count, pct, -1);
}

int hg_diff_add_dist(struct hg_diff_trial *tr, const char *base, double *v, size_t n)
{
	char name[HG_DIFF_NAME + 8];
	struct hg_diff_dist *d;
	double pct[4] = { 0 }, level;
	int ret;

	if (HG_GROW(tr->dist, tr->capdist, tr->ndist + 1)) {
		free(v);
		return -ENOMEM;
	}
	hg_sort_d(v, n);
	d = &tr->dist[tr->ndist++];
	snprintf(d->name, sizeof(d->name), "%s", base);
	d->v = v;
	d->n = n;
	if (n) {
		pct[0] = hg_median_d(v, n);
		pct[1] = hg_percentile_d(v, n, 99);
		pct[2] = hg_percentile_d(v, n, 99.9);
		pct[3] = v[n - 1];
	}
	ret = add_five(tr, base, (double)n, pct, (int)(tr->ndist - 1));
	if (!ret && !hg_tail_level_sorted(v, n, 1e-6, &level)) {
		snprintf(name, sizeof(name), "%s.tail1e-6", base);
		ret = hg_diff_add(tr, name, level, HG_DK_TIME, HG_DS_TAIL, (int)(tr->ndist - 1));
	}
	return ret;
}

const struct hg_diff_value *hg_diff_find(const struct hg_diff_trial *tr, const char *name)
{
	size_t at;

	if (!tr->capindex)
		return NULL;
	at = tr->index[slot(tr, name)];
	return at ? &tr->val[at - 1] : NULL;
}

/* Costs of one class of switch, in us. */
static int switches(struct hg_diff_trial *tr, const struct hg_ctx_report *r,
		    enum hg_gap_class c, const char *name)
{
	double *v = malloc((r->n[c] ? r->n[c] : 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	hg_ctx_costs_us(r, c, v);
	return hg_diff_add_dist(tr, name, v, r->n[c]);
}

/* Thread @th's gaps (between its intervals) and LAT samples, in us. */
static int thread_dists(struct hg_diff_trial *tr, const struct hg_trace *t,
			const struct hg_trace_thread *th, double *lat_all, size_t *nlat_all)
{
	double *gaps = malloc((th->stored + 1) * sizeof(double));
	double *lat = malloc((th->stored + 1) * sizeof(double));
	size_t pos = 0, ng = 0, nl = 0, k;
	struct hg_interval iv;
	uint64_t prev_end = 0;
	char name[HG_DIFF_NAME];
	int ret, have = 0;

	if (!gaps || !lat) {
		free(gaps);
		free(lat);
		return -ENOMEM;
	}
	for (k = 0; k < th->stored; k++)
		if (hg_event_type(th->recs[k].flags) == HG_EV_LAT) {
			lat[nl] = (double)th->recs[k].len_cycles / 1000;	/* ns to us */
			lat_all[(*nlat_all)++] = lat[nl++];
		}
	while ((ret = hg_record_decode(th->recs, th->stored, &pos, &iv)) == 1) {
		if (have)
			gaps[ng++] = (double)(iv.start_cycles - prev_end) * 1e6 /
				     (double)t->calib.tsc_hz;
		prev_end = iv.start_cycles + iv.len_cycles;
		have = 1;
	}
	if (ret < 0) {
		free(gaps);
		free(lat);
		return ret;
	}
	snprintf(name, sizeof(name), "thread%u.gap", th->id);
	ret = hg_diff_add_dist(tr, name, gaps, ng);
	if (!ret && nl) {
		snprintf(name, sizeof(name), "thread%u.latency", th->id);
		return hg_diff_add_dist(tr, name, lat, nl);
	}
	free(lat);
	return ret;
}

static int thread_values(struct hg_diff_trial *tr, const struct hg_trace *t,
			 const struct hg_trace_thread *th)
{
	uint64_t win = hg_thread_window_ns(t, th);
	uint64_t recv = hg_cycles_to_ns(th->stats.received_cycles, t->calib.tsc_hz);
	char name[HG_DIFF_NAME];
	int ret = 0;

	if (th->stats.hits + th->stats.misses) {
		snprintf(name, sizeof(name), "thread%u.misses", th->id);
		ret = hg_diff_add(tr, name, (double)th->stats.misses, HG_DK_COUNT, HG_DS_VALUE, -1);
		snprintf(name, sizeof(name), "thread%u.jobs", th->id);
		if (!ret)
			ret = hg_diff_add(tr, name, (double)(th->stats.hits + th->stats.misses),
					  HG_DK_COUNT, HG_DS_VALUE, -1);
	}
	snprintf(name, sizeof(name), "thread%u.share", th->id);
	if (!ret && win)
		ret = hg_diff_add(tr, name, 100.0 * (double)recv / (double)win, HG_DK_SHARE,
				  HG_DS_VALUE, -1);
	return ret;
}

int hg_diff_from_trace(const struct hg_trace *t, struct hg_diff_trial *tr)
{
	struct hg_ctx_report r;
	uint64_t misses = 0, jobs = 0;
	size_t total = 1, nlat = 0, i, lat_threads = 0, job_threads = 0;
	double *lat;
	int ret;

	memset(tr, 0, sizeof(*tr));
	tr->gap_threshold_ns = t->calib.gap_threshold_ns;
	if (t->cmdline && !(tr->command = strdup(t->cmdline)))
		return -ENOMEM;
	for (i = 0; i < HG_DIFF_SYS; i++) {
		const char *v = hg_trace_sys(t, hg_diff_sys_keys[i]);

		if (v && !(tr->sys[i] = strdup(v)))
			return -ENOMEM;
	}
	ret = hg_ctx_analyse(t, &r);
	if (!ret)
		ret = switches(tr, &r, HG_GAP_VOLUNTARY, "switch.voluntary");
	if (!ret)
		ret = switches(tr, &r, HG_GAP_INVOLUNTARY, "switch.involuntary");
	hg_ctx_free(&r);
	for (i = 0; i < t->nthreads; i++)
		total += t->threads[i].stored;
	lat = malloc(total * sizeof(*lat));
	if (!lat)
		return -ENOMEM;
	for (i = 0; !ret && i < t->nthreads; i++) {
		size_t before = nlat;

		ret = thread_dists(tr, t, &t->threads[i], lat, &nlat);
		if (!ret)
			ret = thread_values(tr, t, &t->threads[i]);
		lat_threads += nlat > before;
		job_threads += t->threads[i].stats.misses + t->threads[i].stats.hits > 0;
		misses += t->threads[i].stats.misses;
		jobs += t->threads[i].stats.misses + t->threads[i].stats.hits;
	}
	/* the pools only over two threads or more: of one they repeat its rows */
	if (!ret && lat_threads > 1)
		ret = hg_diff_add_dist(tr, "latency", lat, nlat);
	else
		free(lat);
	if (!ret && job_threads > 1) {
		ret = hg_diff_add(tr, "misses", (double)misses, HG_DK_COUNT, HG_DS_VALUE, -1);
		if (!ret)
			ret = hg_diff_add(tr, "jobs", (double)jobs, HG_DK_COUNT, HG_DS_VALUE, -1);
	}
	return ret;
}
