// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clstream.c - classify gaps as the threads' records stream by
 *
 * The threads' records come from a record source (trace/recsrc.h) in
 * chunks; a k-way merge by start time (analysis/stats/merge.h) lays them out on
 * each CPU's time line, and the gap after A's interval on a CPU is
 * classified when the next interval on that CPU comes out of the merge:
 * each record is read once and no line is kept. What is kept of the last
 * interval on each CPU, and of its thread's next, is a copy: the chunk it
 * lay in is read over.
 *
 * Threads that their CPU lists pin to one CPU are merged a CPU at a time
 * (fewer threads a merge, taking turns in an order that repeats), when
 * the caller can start over: a record found on another CPU than its
 * thread's list says ends that, and every thread is merged at once after
 * the caller was told to forget what it was given. The pieces of a long
 * interval (HG_REC_CONTINUED) follow one another with no gap between
 * them, and only the last piece has a gap.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/gaps/classify.h"
#include "analysis/cpuset.h"
#include "analysis/stats/merge.h"

/* An interval, or a piece of one: a trace record. */
#define iv hg_record

/* A record's CPU is 16 bits. */
#define NCPUS	(UINT16_MAX + 1)

static inline uint64_t iv_end(const struct iv *v)
{
	return v->start_cycles + v->len_cycles;
}

/*
 * The last interval merged on a CPU, A, and its thread's next: what the
 * gap after A is classified by, copied out of their chunks
 */
struct last {
	uint64_t end;		/* A's */
	uint64_t back;		/* its thread's next interval's start, */
	uint16_t back_cpu;	/* and CPU */
	uint8_t vol;		/* A ended in a yield or a sleep */
	uint8_t gap;		/* a gap of its thread follows A: @back is there */
	uint32_t thread;
};

/* A thread's records as a run of the merge: its chunk's intervals not merged yet. */
struct run {
	const struct iv *cur, *end;	/* NULL: none left */
	uint32_t thread;
	unsigned int cpu;	/* of its interval merged last (UINT_MAX: none yet) */
};

struct cls {
	const struct hg_trace *t;
	const struct hg_recsrc *src;
	hg_gaps_fn fn;
	void *arg;
	struct hg_gap batch[HG_GAP_BATCH];	/* gaps not given yet */
	size_t nbatch;
	uint64_t known_until;	/* past this, a thread's records were dropped */
	struct last *last;	/* per CPU */
	unsigned int top;	/* CPUs 0 to top - 1 have had records */
	struct run *runs;	/* per run of a merge */
	int strayed;		/* a pinned thread's record on another CPU */
	unsigned int *pin;	/* per thread: the CPU its list pins it to, or UINT_MAX */
};

/*
 * classify_one()'s classes (classify.c) by what is known of the gap,
 * indexed by odd << 4 | foreign << 3 | migrated << 2 | other << 1 |
 * voluntary, its tests in their order: odd (past a drop, or the next
 * interval starts before A's end) makes it unknown, then the same thread
 * resuming there, then resuming elsewhere first, then another thread next
 */
#define U HG_GAP_UNKNOWN
#define F HG_GAP_FOREIGN
#define M HG_GAP_MIGRATION
static const unsigned char class_of[32] = {
	U, U, HG_GAP_INVOLUNTARY, HG_GAP_VOLUNTARY, M, M, M, M,
	F, F, F, F, F, F, F, F,
	U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U,
};
#undef U
#undef F
#undef M

/*
 * The gap after @p's interval on CPU @c when interval @b of thread @bth
 * comes next there (@resumed: @b is @p's resume): its tests made together,
 * the class looked up in class_of[] rather than branched on.
 */
static inline void classify_next(uint64_t known_until, unsigned int c, const struct last *p,
				 const struct iv *b, uint32_t bth, unsigned int resumed,
				 struct hg_gap *g)
{
	uint64_t end = p->end, back = p->back;
	unsigned int odd = back > known_until || b->start_cycles > known_until ||
			   b->start_cycles < end;
	unsigned int idx = odd << 4 | resumed << 3 |
			   (p->back_cpu != c && back <= b->start_cycles) << 2 |
			   (bth != p->thread) << 1 | p->vol;
	unsigned int cls = class_of[idx];
	int sw = cls <= HG_GAP_INVOLUNTARY;

	g->cls = (enum hg_gap_class)cls;
	g->thread = p->thread;
	g->next_thread = sw ? bth : p->thread;
	g->cpu = c;
	g->at_cycles = end;
	g->cost_cycles = sw ? b->start_cycles - end : back > end ? back - end : 0;
}

/* The gap after @p's interval, the last on CPU @c: its thread resumed elsewhere, or unknown. */
static void classify_last(uint64_t known_until, unsigned int c, const struct last *p,
			  struct hg_gap *g)
{
	uint64_t end = p->end, back = p->back;

	g->cls = p->back_cpu != c && back <= known_until ? HG_GAP_MIGRATION : HG_GAP_UNKNOWN;
	g->thread = p->thread;
	g->next_thread = p->thread;
	g->cpu = c;
	g->at_cycles = end;
	g->cost_cycles = back > end ? back - end : 0;
}

/* @r's next interval record, read on across chunks (events skipped); NULL at its end. */
static int run_fill(const struct hg_recsrc *src, struct run *r)
{
	for (;;) {
		size_t n;
		int ret;

		while (r->cur < r->end && (r->cur->flags & HG_REC_EVENT))
			r->cur++;
		if (r->cur < r->end)
			return 0;
		ret = src->ops->read(src->priv, r->thread, &r->cur, &n);
		if (ret)
			return ret;
		if (!n) {
			r->cur = r->end = NULL;
			return 0;
		}
		r->end = r->cur + n;
	}
}

/* Runs @runs of threads @ids (@n of them) from their first records, and their merge. */
static int start_runs(struct cls *c, struct run *runs, const uint32_t *ids, uint32_t n,
		      struct hg_merge *m, uint32_t *nlive)
{
	uint64_t *first = calloc(n ? n : 1, sizeof(*first));
	unsigned char *live = calloc(n ? n : 1, 1);
	uint32_t j;
	int ret = first && live ? 0 : -ENOMEM;

	*nlive = 0;
	for (j = 0; !ret && j < n; j++) {
		struct run *r = &runs[j];

		*r = (struct run){ NULL, NULL, ids[j], UINT_MAX };
		ret = c->src->ops->rewind(c->src->priv, ids[j]);
		if (!ret)
			ret = run_fill(c->src, r);
		live[j] = r->cur != NULL;
		first[j] = r->cur ? r->cur->start_cycles : 0;
		*nlive += live[j];
	}
	if (!ret)
		ret = hg_merge_init(m, n, first, live);
	free(first);
	free(live);
	return ret;
}

/* The gaps gathered, given to the callback. */
static int give(struct cls *c)
{
	size_t n = c->nbatch;

	c->nbatch = 0;
	return n ? c->fn(c->batch, n, c->arg) : 0;
}

/*
 * Interval @b of run @r, just taken from the merge (@r moved on to its
 * next, if any), laid after @p's on CPU @b->cpu: the gap after @p's
 * interval classified, @p made @b's. Returns what the gap's callback does.
 */
static inline __attribute__((always_inline)) int lay(struct cls *c, struct run *r,
						     const struct iv *b, struct last *p)
{
	int ret = 0;

	if (p->gap) {
		if (c->nbatch >= HG_GAP_BATCH)
			ret = give(c);
		/* the next on the CPU is A's own next: A's last went nowhere else */
		classify_next(c->known_until, b->cpu, p, b, r->thread,
			      p->thread == r->thread && r->cpu == b->cpu,
			      &c->batch[c->nbatch++]);
	}
	r->cpu = b->cpu;
	p->end = iv_end(b);
	p->vol = (b->flags & (HG_REC_YIELD | HG_REC_SLEEP)) != 0;
	p->thread = r->thread;
	p->gap = r->cur && !(b->flags & HG_REC_CONTINUED);
	if (r->cur) {
		p->back = r->cur->start_cycles;
		p->back_cpu = r->cur->cpu;
	}
	return ret;
}

/*
 * Interval @b taken from run @r: @r moved on to its next interval (NULL
 * at its end), checked that a continued piece is followed by its rest.
 */
static inline __attribute__((always_inline)) int take(struct cls *c, struct run *r,
						      struct iv *b)
{
	int ret = 0;

	*b = *r->cur++;
	if (r->cur == r->end || (r->cur->flags & HG_REC_EVENT))
		ret = run_fill(c->src, r);
	if (!ret && (b->flags & HG_REC_CONTINUED) &&
	    (!r->cur || r->cur->start_cycles != iv_end(b)))
		ret = -EINVAL;
	return ret;
}

/*
 * A merge of threads: those pinned to one CPU, or all of them. The gap
 * after an interval is classified when the next interval on its CPU
 * comes, the last of each CPU at the end.
 */
struct group {
	struct hg_merge m;
	struct run *runs;	/* its runs, in the classifier's */
	uint32_t nlive;		/* runs not at their end */
	uint32_t j;		/* the run at the merge's top */
	unsigned int cpu;	/* the CPU of pinned threads; UINT_MAX: all threads */
	struct last home;	/* pinned: the CPU's last interval, apart from @c->last */
};

/* Group @g of threads @ids (@n of them, runs at @runs) on CPU @cpu (UINT_MAX: any). */
static int group_start(struct cls *c, struct group *g, struct run *runs, const uint32_t *ids,
		       uint32_t n, unsigned int cpu)
{
	int ret;

	memset(g, 0, sizeof(*g));
	g->runs = runs;
	g->cpu = cpu;
	if (cpu != UINT_MAX)
		g->home = c->last[cpu];
	ret = start_runs(c, runs, ids, n, &g->m, &g->nlive);
	g->j = ret ? 0 : hg_merge_top(&g->m);
	return ret;
}

/*
 * The next interval of pinned group @g laid on its CPU's line; one on
 * another CPU stops the group (-EXDEV, @c->strayed).
 */
static inline __attribute__((always_inline)) int pinned_step(struct cls *c, struct group *g)
{
	struct run *r = &g->runs[g->j];
	struct iv b;
	int ret = take(c, r, &b);

	if (!ret && b.cpu != g->cpu) {
		c->strayed = 1;
		ret = -EXDEV;
	}
	if (!ret)
		ret = lay(c, r, &b, &g->home);
	g->nlive -= !r->cur;
	g->j = hg_merge_set(&g->m, g->j, r->cur ? r->cur->start_cycles : 0, r->cur != NULL);
	return ret;
}

/* The next interval of group @g of all threads laid on its CPU's line. */
static int free_step(struct cls *c, struct group *g)
{
	struct run *r = &g->runs[g->j];
	struct iv b;
	int ret = take(c, r, &b);

	if (!ret) {
		c->top = b.cpu >= c->top ? b.cpu + 1u : c->top;
		/* NOLINTNEXTLINE(clang-analyzer-unix.Malloc): @g->j is a run; nothing leaks */
		ret = lay(c, r, &b, &c->last[b.cpu]);
	}
	g->nlive -= !r->cur;
	g->j = hg_merge_set(&g->m, g->j, r->cur ? r->cur->start_cycles : 0, r->cur != NULL);
	return ret;
}

/* Group @g ended (@ret: how): the last gap of its CPU (or of each), the gaps given. */
static int group_end(struct cls *c, struct group *g, int ret)
{
	unsigned int i, from = g->cpu, to = g->cpu + 1;

	if (g->cpu != UINT_MAX) {
		c->last[g->cpu] = g->home;
		c->top = g->cpu < c->top ? c->top : g->cpu + 1;
	} else {
		from = 0;
		to = c->top;
	}
	for (i = from; !ret && i < to; i++) {
		if (!c->last[i].gap)
			continue;
		if (c->nbatch >= HG_GAP_BATCH)
			ret = give(c);
		if (!ret)
			classify_last(c->known_until, i, &c->last[i], &c->batch[c->nbatch++]);
	}
	if (!ret)
		ret = give(c);
	hg_merge_free(&g->m);
	return ret;
}

/* Every thread (@ids, @n of them) in one merge. */
static int merge_all(struct cls *c, const uint32_t *ids, uint32_t n)
{
	struct group g;
	int ret = group_start(c, &g, c->runs, ids, n, UINT_MAX);

	while (!ret && g.nlive)
		ret = free_step(c, &g);
	return group_end(c, &g, ret);
}

/*
 * Two groups of pinned threads (@b: NULL, one), their steps taken in turn
 * while both go: two merges that depend on nothing of each other's, for
 * the processor to overlap.
 */
static int merge_two(struct cls *c, struct group *a, struct group *b)
{
	int ret = 0;

	while (!ret && b && a->nlive && b->nlive) {
		ret = pinned_step(c, a);
		if (!ret)
			ret = pinned_step(c, b);
	}
	while (!ret && a->nlive)
		ret = pinned_step(c, a);
	while (!ret && b && b->nlive)
		ret = pinned_step(c, b);
	ret = group_end(c, a, ret);
	return b ? group_end(c, b, ret) : ret;
}

/* The one CPU thread @th's list pins it to (hg_cpuset_parse()), or UINT_MAX. */
static unsigned int pinned_cpu(const struct hg_trace_thread *th)
{
	cpu_set_t set;
	unsigned int cpu;

	if (hg_cpuset_parse(th->cpus, &set) || CPU_COUNT(&set) != 1)
		return UINT_MAX;
	for (cpu = 0; !CPU_ISSET(cpu, &set); cpu++)
		;
	return cpu < NCPUS ? cpu : UINT_MAX;
}

/* Threads by the CPU their list pins them to (@arg: per thread), then by index. */
static int by_pin(const void *x, const void *y, void *arg)
{
	const unsigned int *pin = arg;
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	if (pin[a] != pin[b])
		return pin[a] < pin[b] ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* Where the records of dropping threads end: past it, anyone may have run unseen. */
static int find_known_until(struct cls *c)
{
	uint32_t i;

	c->known_until = UINT64_MAX;
	for (i = 0; i < c->t->nthreads; i++) {
		const struct hg_trace_thread *th = &c->t->threads[i];
		struct iv lastrec;
		int ret;

		if (!th->dropped)
			continue;
		ret = c->src->ops->last(c->src->priv, i, &lastrec);
		if (ret == -ENODATA) {
			if (th->model != HG_MODEL_LAT)
				c->known_until = 0;
			continue;
		}
		if (ret)
			return ret;
		if (iv_end(&lastrec) < c->known_until)
			c->known_until = iv_end(&lastrec);
	}
	return 0;
}

/* The end of the threads @ids[@i...] pinned to the CPU of the first. */
static uint32_t same_pin(const struct cls *c, const uint32_t *ids, uint32_t i, uint32_t n)
{
	unsigned int cpu = c->pin[ids[i]];

	while (++i < n && c->pin[ids[i]] == cpu)
		;
	return i;
}

/*
 * The pinned threads' merges, a CPU at a time, two CPUs together; -EXDEV
 * with @c->strayed when a record was not where its thread was pinned.
 */
static int merge_pinned(struct cls *c, uint32_t *ids, uint32_t n)
{
	struct group a, b;
	uint32_t i, j, k;
	int ret = 0;

	qsort_r(ids, n, sizeof(*ids), by_pin, c->pin);
	for (i = 0; !ret && i < n; i = k) {
		j = same_pin(c, ids, i, n);
		k = j < n ? same_pin(c, ids, j, n) : j;
		ret = group_start(c, &a, c->runs + i, ids + i, j - i,
				  c->pin[ids[i]]);
		if (ret) {
			group_end(c, &a, ret);
			break;
		}
		if (j < n) {
			ret = group_start(c, &b, c->runs + j, ids + j, k - j,
					  c->pin[ids[j]]);
			if (ret) {
				group_end(c, &b, ret);
				group_end(c, &a, ret);
				break;
			}
		}
		ret = merge_two(c, &a, j < n ? &b : NULL);
	}
	return ret;
}

int hg_classify_src(const struct hg_trace *t, const struct hg_recsrc *src, hg_gaps_fn fn,
		    hg_reset_fn reset, void *arg)
{
	struct cls c = { .t = t, .src = src, .fn = fn, .arg = arg };
	uint32_t n = 0, i, *ids;
	int pinned = reset != NULL, ret;

	ids = calloc(t->nthreads ? t->nthreads : 1, sizeof(*ids));
	c.runs = calloc(t->nthreads ? t->nthreads : 1, sizeof(*c.runs));
	c.last = calloc(NCPUS, sizeof(*c.last));
	c.pin = calloc(t->nthreads ? t->nthreads : 1, sizeof(*c.pin));
	ret = ids && c.runs && c.last && c.pin ? find_known_until(&c) : -ENOMEM;
	for (i = 0; !ret && i < t->nthreads; i++) {
		if (!t->threads[i].stored)
			continue;
		ids[n++] = i;
		/* read only when every thread so far was pinned: a merge by CPU is possible */
		c.pin[i] = pinned ? pinned_cpu(&t->threads[i]) : UINT_MAX;
		pinned = pinned && c.pin[i] != UINT_MAX;
	}
	if (!ret && pinned) {
		ret = merge_pinned(&c, ids, n);
		if (c.strayed) {
			/* a thread ran off its CPU: all of them at once, from the start */
			c.nbatch = 0;
			reset(arg);
			memset(c.last, 0, (size_t)c.top * sizeof(*c.last));
			c.top = 0;
			for (i = n = 0; i < t->nthreads; i++)
				if (t->threads[i].stored)
					ids[n++] = i;
			pinned = 0;
			ret = 0;
		}
	}
	if (!ret && !pinned && n)
		ret = merge_all(&c, ids, n);
	free(ids);
	free(c.runs);
	free(c.last);
	free(c.pin);
	return ret;
}

/* hg_classify_stream()'s callback, given the gaps a batch at a time. */
struct one_by_one {
	hg_gap_fn fn;
	void *arg;
};

static int each_gap(const struct hg_gap *g, size_t n, void *arg)
{
	const struct one_by_one *o = arg;
	size_t k;
	int ret = 0;

	for (k = 0; !ret && k < n; k++)
		ret = o->fn(&g[k], o->arg);
	return ret;
}

int hg_classify_stream(const struct hg_trace *t, hg_gap_fn fn, void *arg)
{
	struct one_by_one o = { fn, arg };
	struct hg_recmem m;
	struct hg_recsrc src;
	int ret = hg_recmem_init(&m, &src, t, 0);

	if (!ret)
		ret = hg_classify_src(t, &src, each_gap, NULL, &o);
	hg_recmem_free(&m);
	return ret;
}
