// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * classify.c - classify gaps on per-CPU time lines
 *
 * Each thread's records are used as they are (a copy without the event
 * records where it has any); a k-way merge by start time (analysis/stats/merge.h)
 * lays them out on one time line per CPU, as references (thread, index).
 * On a CPU's line the record after A's is simply the next element, so
 * classifying is one linear pass. (The stream, clstream.c, keeps no lines:
 * it classifies A's gap when the next record on A's CPU comes out of the
 * merge.) The pieces of a long interval (HG_REC_CONTINUED) follow one
 * another with no gap between them, and only the last piece has a gap.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/gaps/classify.h"
#include "analysis/stats/merge.h"

/* An interval, or a piece of one: a trace record. */
#define iv hg_record

static inline uint64_t iv_end(const struct iv *v)
{
	return v->start_cycles + v->len_cycles;
}

struct ref {
	uint32_t thread;
	uint32_t idx;
};

struct lines {
	const struct iv **ivs;	/* per thread, its interval records */
	bool *owned;		/* ivs[i] is a copy of ours */
	size_t *niv;
	struct ref **cpu;	/* per CPU, its time line */
	size_t *ncpu;
	unsigned int ncpus;
	uint64_t known_until;	/* past this, a thread's records were dropped */
};

static const char *const class_names[HG_GAP_NCLASSES] = {
	[HG_GAP_VOLUNTARY] = "voluntary switch",
	[HG_GAP_INVOLUNTARY] = "involuntary switch",
	[HG_GAP_FOREIGN] = "foreign",
	[HG_GAP_MIGRATION] = "migration",
	[HG_GAP_UNKNOWN] = "unclassified",
};

const char *hg_gap_class_name(enum hg_gap_class c)
{
	return c < HG_GAP_NCLASSES ? class_names[c] : "?";
}

static void free_lines(struct lines *l, uint32_t nthreads)
{
	uint32_t i;

	for (i = 0; l->ivs && l->owned && i < nthreads; i++)
		if (l->owned[i])
			free((void *)l->ivs[i]);
	for (i = 0; l->cpu && i < l->ncpus; i++)
		free(l->cpu[i]);
	free(l->ivs);
	free(l->owned);
	free(l->niv);
	free(l->cpu);
	free(l->ncpu);
}

/*
 * One pass over a thread's @n records at @v: counted per CPU, the CPUs
 * seen, each continued piece followed by the rest of it. Returns 0,
 * -EINVAL for a piece without its rest, or 1 at the first event record,
 * with nothing counted.
 */
static int scan_records(struct lines *l, const struct iv *v, size_t n)
{
	unsigned int top = l->ncpus;
	size_t k;

	for (k = 0; k < n; k++) {
		unsigned int c = v[k].cpu;

		if (v[k].flags & (HG_REC_EVENT | HG_REC_CONTINUED)) {
			/* an event, or one between a piece and its rest: the copy decides */
			if ((v[k].flags & HG_REC_EVENT) ||
			    (k + 1 < n && (v[k + 1].flags & HG_REC_EVENT))) {
				while (k--)
					l->ncpu[v[k].cpu]--;
				return 1;
			}
			/* a continued piece must be followed by the rest of it */
			if (k + 1 == n || v[k + 1].start_cycles != iv_end(&v[k]))
				return -EINVAL;
		}
		top = c >= top ? c + 1u : top;
		l->ncpu[c]++;
	}
	l->ncpus = top;
	return 0;
}

/* A thread's interval records: its own, or a copy without its events. */
static int thread_records(const struct hg_trace_thread *th, struct lines *l, uint32_t i)
{
	struct iv *copy;
	uint64_t k, n = 0;
	int ret = scan_records(l, th->recs, th->stored);

	if (ret <= 0) {
		l->ivs[i] = th->recs;
		l->niv[i] = th->stored;
		return ret;
	}
	copy = malloc((th->stored + 1) * sizeof(*copy));
	if (!copy)
		return -ENOMEM;
	for (k = 0; k < th->stored; k++)
		if (!(th->recs[k].flags & HG_REC_EVENT))
			copy[n++] = th->recs[k];
	l->ivs[i] = copy;
	l->owned[i] = true;
	l->niv[i] = n;
	return scan_records(l, copy, n);
}

/* Each thread's interval records; which CPUs there are; where drops begin. */
static int decode_all(const struct hg_trace *t, struct lines *l)
{
	uint32_t i;

	l->ivs = calloc(t->nthreads ? t->nthreads : 1, sizeof(*l->ivs));
	l->owned = calloc(t->nthreads ? t->nthreads : 1, sizeof(*l->owned));
	l->niv = calloc(t->nthreads ? t->nthreads : 1, sizeof(*l->niv));
	/* counted per CPU here, for the lines: a record's CPU is 16 bits */
	l->ncpu = calloc(UINT16_MAX + 1, sizeof(*l->ncpu));
	if (!l->ivs || !l->owned || !l->niv || !l->ncpu)
		return -ENOMEM;
	l->known_until = UINT64_MAX;
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		int ret = thread_records(th, l, i);
		size_t n = l->niv[i];

		if (ret)
			return ret;
		/* a dropping thread that traces intervals may have run unseen */
		if (th->dropped && n && iv_end(&l->ivs[i][n - 1]) < l->known_until)
			l->known_until = iv_end(&l->ivs[i][n - 1]);
		if (th->dropped && !n && th->model != HG_MODEL_LAT)
			l->known_until = 0;
	}
	return 0;
}

/*
 * The merge of the intervals of threads @ids (@n of them; NULL: every
 * thread) by start time, each thread a run.
 */
static int merge_start(const struct lines *l, const uint32_t *ids, uint32_t n,
		       struct hg_merge *m)
{
	uint64_t *first = calloc(n ? n : 1, sizeof(*first));
	unsigned char *live = calloc(n ? n : 1, 1);
	uint32_t j;
	int ret = -ENOMEM;

	if (first && live) {
		for (j = 0; j < n; j++) {
			uint32_t th = ids ? ids[j] : j;

			live[j] = l->niv[th] != 0;
			first[j] = live[j] ? l->ivs[th][0].start_cycles : 0;
		}
		ret = hg_merge_init(m, n, first, live);
	}
	free(first);
	free(live);
	return ret;
}

/* Interval @k of thread @th, run @j, merged: the run's next key, the new top. */
static inline uint32_t merge_next(struct hg_merge *m, const struct lines *l, uint32_t j,
				  uint32_t th, size_t k)
{
	int more = k + 1 < l->niv[th];

	return hg_merge_set(m, j, more ? l->ivs[th][k + 1].start_cycles : 0, more);
}

/* Lay every interval out on its CPU's time line, in start order. */
static int merge_by_cpu(const struct hg_trace *t, struct lines *l)
{
	struct hg_merge m = { 0 };
	size_t *fill, *pos;
	uint64_t left = 0;
	uint32_t i, th;
	int ret = -ENOMEM;

	l->cpu = calloc(l->ncpus ? l->ncpus : 1, sizeof(*l->cpu));
	fill = calloc(l->ncpus ? l->ncpus : 1, sizeof(*fill));
	pos = calloc(t->nthreads ? t->nthreads : 1, sizeof(*pos));
	if (!l->cpu || !fill || !pos || merge_start(l, NULL, t->nthreads, &m))
		goto out;
	for (i = 0; i < t->nthreads; i++)
		left += l->niv[i];
	for (i = 0; i < l->ncpus; i++) {
		l->cpu[i] = malloc((l->ncpu[i] ? l->ncpu[i] : 1) * sizeof(struct ref));
		if (!l->cpu[i])
			goto out;
	}
	for (th = hg_merge_top(&m); left; left--) {
		size_t k = pos[th]++;
		unsigned int c = l->ivs[th][k].cpu;

		l->cpu[c][fill[c]++] = (struct ref){ th, (uint32_t)k };
		th = merge_next(&m, l, th, th, k);
	}
	ret = 0;
out:
	hg_merge_free(&m);
	free(fill);
	free(pos);
	return ret;
}

/* Classify the gap after interval @r on CPU @c's line, @next after it there or NULL. */
static int classify_one(const struct lines *l, unsigned int c, const struct ref *r,
			const struct ref *next, struct hg_gap *g)
{
	const struct iv *a = &l->ivs[r->thread][r->idx], *resume, *b = NULL;

	if (r->idx + 1 >= l->niv[r->thread] || (a->flags & HG_REC_CONTINUED))
		return 0;	/* A's last interval, or not the end of one: no gap */
	resume = a + 1;
	if (next)
		b = &l->ivs[next->thread][next->idx];
	g->thread = r->thread;
	g->next_thread = r->thread;
	g->cpu = c;
	g->at_cycles = iv_end(a);
	g->cost_cycles = resume->start_cycles > iv_end(a) ? resume->start_cycles - iv_end(a) : 0;
	if (b && next->thread == r->thread && next->idx == r->idx + 1)
		g->cls = HG_GAP_FOREIGN;
	else if (resume->cpu != c && (!b || resume->start_cycles <= b->start_cycles))
		g->cls = HG_GAP_MIGRATION;
	else if (b && next->thread != r->thread) {
		g->cls = (a->flags & (HG_REC_YIELD | HG_REC_SLEEP)) ?
			 HG_GAP_VOLUNTARY : HG_GAP_INVOLUNTARY;
		g->next_thread = next->thread;
		g->cost_cycles = b->start_cycles - iv_end(a);
	} else {
		g->cls = HG_GAP_UNKNOWN;
	}
	/*
	 * a dropping thread may have run here unseen, or the next interval on c
	 * does not follow A's (a trace from elsewhere): A's whole gap, unknown
	 */
	if (resume->start_cycles > l->known_until || (b && b->start_cycles > l->known_until) ||
	    (b && b->start_cycles < iv_end(a))) {
		g->cls = HG_GAP_UNKNOWN;
		g->next_thread = r->thread;
		g->cost_cycles = resume->start_cycles > iv_end(a) ? resume->start_cycles - iv_end(a) : 0;
	}
	return 1;
}

int hg_classify(const struct hg_trace *t, hg_gap_fn fn, void *arg)
{
	struct lines l;
	struct hg_gap g;
	unsigned int c;
	int ret;

	memset(&l, 0, sizeof(l));
	ret = decode_all(t, &l);
	if (!ret)
		ret = merge_by_cpu(t, &l);
	for (c = 0; !ret && c < l.ncpus; c++) {
		size_t j;

		for (j = 0; !ret && j < l.ncpu[c]; j++)
			if (classify_one(&l, c, &l.cpu[c][j], j + 1 < l.ncpu[c] ?
					 &l.cpu[c][j + 1] : NULL, &g))
				ret = fn(&g, arg);
	}
	free_lines(&l, t->nthreads);
	return ret;
}
