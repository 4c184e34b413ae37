// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * classify.c - classify gaps on per-CPU time lines
 *
 * Each thread's records are used as they are (a copy without the event
 * records where it has any); a k-way merge by start time lays them out on
 * one time line per CPU, as references (thread, index). On a CPU's line the
 * record after A's is simply the next element, so classifying is one
 * linear pass. The pieces of a long interval (HG_REC_CONTINUED) follow one
 * another with no gap between them, and only the last piece has a gap.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/classify.h"

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

/* A thread's interval records: its own, or a copy without its events. */
static int thread_records(const struct hg_trace_thread *th, struct lines *l, uint32_t i)
{
	struct iv *copy;
	uint64_t k, n = 0, events = 0;

	for (k = 0; k < th->stored; k++)
		events += (th->recs[k].flags & HG_REC_EVENT) != 0;
	if (!events) {
		l->ivs[i] = th->recs;
		l->niv[i] = th->stored;
		return 0;
	}
	copy = malloc((th->stored - events + 1) * sizeof(*copy));
	if (!copy)
		return -ENOMEM;
	for (k = 0; k < th->stored; k++)
		if (!(th->recs[k].flags & HG_REC_EVENT))
			copy[n++] = th->recs[k];
	l->ivs[i] = copy;
	l->owned[i] = true;
	l->niv[i] = n;
	return 0;
}

/* Each thread's interval records; which CPUs there are; where drops begin. */
static int decode_all(const struct hg_trace *t, struct lines *l)
{
	uint32_t i;
	size_t k;

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
		size_t n;
		int ret = thread_records(th, l, i);

		if (ret)
			return ret;
		n = l->niv[i];
		for (k = 0; k < n; k++) {
			const struct iv *v = &l->ivs[i][k];

			if (v->cpu >= l->ncpus)
				l->ncpus = v->cpu + 1u;
			l->ncpu[v->cpu]++;
			/* a continued piece must be followed by the rest of it */
			if ((v->flags & HG_REC_CONTINUED) &&
			    (k + 1 == n || v[1].start_cycles != iv_end(v)))
				return -EINVAL;
		}
		/* a dropping thread that traces intervals may have run unseen */
		if (th->dropped && n && iv_end(&l->ivs[i][n - 1]) < l->known_until)
			l->known_until = iv_end(&l->ivs[i][n - 1]);
		if (th->dropped && !n && th->model != HG_MODEL_LAT)
			l->known_until = 0;
	}
	return 0;
}

/* Min-heap of threads by the start of their next interval, kept in the entry. */
struct head {
	uint64_t start;
	uint32_t thread;
};

static inline __attribute__((always_inline)) void sift(struct head *h, size_t n, size_t i)
{
	struct head v = h[i];

	for (;;) {
		size_t a = 2 * i + 1, s = a;

		if (a >= n)
			break;
		if (a + 1 < n && h[a + 1].start < h[a].start)
			s = a + 1;
		if (h[s].start >= v.start)
			break;
		h[i] = h[s];
		i = s;
	}
	h[i] = v;
}

/* Lay every interval out on its CPU's time line, in start order. */
static int merge_by_cpu(const struct hg_trace *t, struct lines *l)
{
	struct head *heap;
	size_t *fill, *pos, n = 0;
	uint32_t i;
	int ret = -ENOMEM;

	l->cpu = calloc(l->ncpus ? l->ncpus : 1, sizeof(*l->cpu));
	fill = calloc(l->ncpus ? l->ncpus : 1, sizeof(*fill));
	heap = calloc(t->nthreads ? t->nthreads : 1, sizeof(*heap));
	pos = calloc(t->nthreads ? t->nthreads : 1, sizeof(*pos));
	if (!l->cpu || !fill || !heap || !pos)
		goto out;
	for (i = 0; i < t->nthreads; i++)
		if (l->niv[i])
			heap[n++] = (struct head){ l->ivs[i][0].start_cycles, i };
	for (i = 0; i < l->ncpus; i++) {
		l->cpu[i] = malloc((l->ncpu[i] ? l->ncpu[i] : 1) * sizeof(struct ref));
		if (!l->cpu[i])
			goto out;
	}
	for (i = (uint32_t)n; i-- > 0;)
		sift(heap, n, i);
	while (n) {
		uint32_t th = heap[0].thread;
		size_t k = pos[th]++;
		unsigned int c = l->ivs[th][k].cpu;

		l->cpu[c][fill[c]++] = (struct ref){ th, (uint32_t)k };
		if (pos[th] < l->niv[th])
			heap[0].start = l->ivs[th][pos[th]].start_cycles;
		else
			heap[0] = heap[--n];
		sift(heap, n, 0);
	}
	ret = 0;
out:
	free(fill);
	free(heap);
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

/*
 * The merge of merge_by_cpu() without the lines: the gap after an interval
 * is classified when the next interval on its CPU comes (or at the end).
 */
static int merge_classify(const struct hg_trace *t, struct lines *l, hg_gap_fn fn, void *arg)
{
	struct head *heap;
	struct ref *last;
	size_t *pos, n = 0;
	bool *seen;
	struct hg_gap g;
	uint32_t i;
	int ret = -ENOMEM;

	last = calloc(l->ncpus ? l->ncpus : 1, sizeof(*last));
	seen = calloc(l->ncpus ? l->ncpus : 1, sizeof(*seen));
	heap = calloc(t->nthreads ? t->nthreads : 1, sizeof(*heap));
	pos = calloc(t->nthreads ? t->nthreads : 1, sizeof(*pos));
	if (!last || !seen || !heap || !pos)
		goto out;
	ret = 0;
	for (i = 0; i < t->nthreads; i++)
		if (l->niv[i])
			heap[n++] = (struct head){ l->ivs[i][0].start_cycles, i };
	for (i = (uint32_t)n; i-- > 0;)
		sift(heap, n, i);
	while (n && !ret) {
		uint32_t th = heap[0].thread;
		size_t k = pos[th]++;
		unsigned int c = l->ivs[th][k].cpu;
		struct ref here = { th, (uint32_t)k };

		if (seen[c] && classify_one(l, c, &last[c], &here, &g))
			ret = fn(&g, arg);
		last[c] = here;
		seen[c] = true;
		if (pos[th] < l->niv[th])
			heap[0].start = l->ivs[th][pos[th]].start_cycles;
		else
			heap[0] = heap[--n];
		sift(heap, n, 0);
	}
	for (i = 0; !ret && i < l->ncpus; i++)
		if (seen[i] && classify_one(l, i, &last[i], NULL, &g))
			ret = fn(&g, arg);
out:
	free(last);
	free(seen);
	free(heap);
	free(pos);
	return ret;
}

int hg_classify_stream(const struct hg_trace *t, hg_gap_fn fn, void *arg)
{
	struct lines l;
	int ret;

	memset(&l, 0, sizeof(l));
	ret = decode_all(t, &l);
	if (!ret)
		ret = merge_classify(t, &l, fn, arg);
	free_lines(&l, t->nthreads);
	return ret;
}
