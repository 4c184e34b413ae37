// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_classify.c - analysis/gaps/classify.h: every gap of synthetic
 * multi-CPU traces with known switches, interrupts, migrations and unknowns
 * gets the expected class, threads, CPU and cost; long intervals are
 * reassembled and events ignored; random traces (threads free to move, or
 * each on one CPU) agree with a brute-force
 * reading of the rules; the callback's error stops the walk
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/gaps/classify.h"

/* ---------------------------------------------------------- trace builder */

/* Times are ns (= cycles at 1 GHz) after t0 = 1000. */
#define T(x) (1000 + (uint64_t)(x))

enum { A, B, C, D };
#define Y HG_REC_YIELD
#define S HG_REC_SLEEP
#define EVENT (HG_REC_EVENT | HG_EV_JOB << HG_EV_SHIFT)

/* One interval (or, with HG_REC_EVENT in @flags, one event record). */
struct tiv {
	uint32_t thread;
	uint64_t start;		/* after t0 */
	uint64_t len;
	unsigned int cpu;
	unsigned int flags;
};

#define MAX_THREADS 8

/*
 * A trace at 1 GHz of @nthreads threads holding @iv, given in each
 * thread's order; a thread's last interval gets HG_REC_LAST.
 */
static struct hg_trace *build(uint32_t nthreads, const struct tiv *iv, size_t n)
{
	static const size_t none[MAX_THREADS];
	struct hg_trace *t;
	uint32_t i;
	size_t k;

	ck_assert_uint_le(nthreads, MAX_THREADS);
	t = hg_test_trace(nthreads, NULL, none);
	ck_assert_ptr_nonnull(t);
	for (i = 0; i < nthreads; i++) {
		struct hg_trace_thread *th = &t->threads[i];
		size_t need = 0, at = 0, last = n;

		for (k = 0; k < n; k++) {
			if (iv[k].thread != i)
				continue;
			need += (iv[k].flags & HG_REC_EVENT) ? 1 : hg_record_pieces(iv[k].len);
			if (!(iv[k].flags & HG_REC_EVENT))
				last = k;
		}
		free(th->recs);
		th->recs = calloc(need + 1, sizeof(*th->recs));
		ck_assert_ptr_nonnull(th->recs);
		for (k = 0; k < n; k++) {
			const struct tiv *v = &iv[k];

			if (v->thread != i)
				continue;
			if (v->flags & HG_REC_EVENT) {
				th->recs[at++] = (struct hg_record){ T(v->start),
					(uint32_t)v->len, (uint16_t)v->cpu, (uint16_t)v->flags };
				continue;
			}
			at += hg_record_encode(th->recs + at, need - at, T(v->start), v->len,
					       v->cpu, v->flags | (k == last ? HG_REC_LAST : 0));
		}
		th->stored = at;
	}
	return t;
}

/* ---------------------------------------------------------- collecting */

struct gaps {
	struct hg_gap g[256];
	size_t n;
};

static int collect(const struct hg_gap *g, void *arg)
{
	struct gaps *gs = arg;

	ck_assert_uint_lt(gs->n, sizeof(gs->g) / sizeof(gs->g[0]));
	gs->g[gs->n++] = *g;
	return 0;
}

/* The callback's order is unspecified: compare by (thread, at). */
static int cmp_gap(const void *x, const void *y)
{
	const struct hg_gap *a = x, *b = y;

	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return a->at_cycles < b->at_cycles ? -1 : a->at_cycles > b->at_cycles;
}

/* The stream's gaps, sorted, are @gs's. */
static void same_gaps(const struct gaps *gs, struct gaps *st, const char *how)
{
	size_t i;

	qsort(st->g, st->n, sizeof(st->g[0]), cmp_gap);
	ck_assert_msg(st->n == gs->n, "%s: %zu gaps, want %zu", how, st->n, gs->n);
	for (i = 0; i < st->n; i++) {
		const struct hg_gap *a = &gs->g[i], *b = &st->g[i];

		ck_assert_msg(a->cls == b->cls && a->thread == b->thread &&
			      a->next_thread == b->next_thread && a->cpu == b->cpu &&
			      a->at_cycles == b->at_cycles && a->cost_cycles == b->cost_cycles,
			      "gap %zu: the stream (%s) classified it otherwise", i, how);
	}
}

static int resets;

/* collect() for each gap of a batch */
static int collect_all(const struct hg_gap *g, size_t n, void *arg)
{
	size_t k;

	ck_assert_uint_le(n, HG_GAP_BATCH);
	for (k = 0; k < n; k++)
		collect(&g[k], arg);
	return 0;
}

static void forget(void *arg)
{
	struct gaps *st = arg;

	st->n = 0;
	resets++;
}

/*
 * The stream over @t's records in chunks of @chunk, with thread i's CPU
 * list @label[i] (NULL: as they are) and a reset: the gaps in @st, the
 * number of resets returned.
 */
static int stream_src(struct hg_trace *t, size_t chunk, char label[][HG_LABEL_LEN],
		      struct gaps *st)
{
	char keep[MAX_THREADS][HG_LABEL_LEN];
	struct hg_recmem m;
	struct hg_recsrc src;
	uint32_t i;

	for (i = 0; label && i < t->nthreads; i++) {
		memcpy(keep[i], t->threads[i].cpus, HG_LABEL_LEN);
		memcpy(t->threads[i].cpus, label[i], HG_LABEL_LEN);
	}
	memset(st, 0, sizeof(*st));
	resets = 0;
	ck_assert_int_eq(hg_recmem_init(&m, &src, t, chunk), 0);
	ck_assert_int_eq(hg_classify_src(t, &src, collect_all, forget, st), 0);
	hg_recmem_free(&m);
	for (i = 0; label && i < t->nthreads; i++)
		memcpy(t->threads[i].cpus, keep[i], HG_LABEL_LEN);
	return resets;
}

/*
 * Every test's gaps come from both classifiers: the stream must find the
 * same gaps, each classified the same, in another order: over the records
 * in memory, in chunks of one (the CPU lists as the test made them), two
 * and three records (events and a long
 * interval's pieces straddling the chunks' ends), with each thread's CPU
 * list naming the CPU of its first record (merged a CPU at a time: started
 * over once, exactly when a thread ran on two CPUs) and naming a CPU where
 * none ran (started over at the first record).
 */
static void classify(struct hg_trace *t, struct gaps *gs)
{
	static struct gaps st;
	static char first[MAX_THREADS][HG_LABEL_LEN], nowhere[MAX_THREADS][HG_LABEL_LEN];
	bool one_cpu = true, any = false;
	uint32_t i;
	size_t k;

	memset(gs, 0, sizeof(*gs));
	ck_assert_int_eq(hg_classify(t, collect, gs), 0);
	qsort(gs->g, gs->n, sizeof(gs->g[0]), cmp_gap);
	memset(&st, 0, sizeof(st));
	ck_assert_int_eq(hg_classify_stream(t, collect, &st), 0);
	same_gaps(gs, &st, "in memory");
	stream_src(t, 1, NULL, &st);
	same_gaps(gs, &st, "chunks of 1");
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		int c = -1;

		for (k = 0; k < th->stored; k++) {
			if (th->recs[k].flags & HG_REC_EVENT)
				continue;
			one_cpu = one_cpu && (c < 0 || c == th->recs[k].cpu);
			c = th->recs[k].cpu;
			any = true;
		}
		snprintf(first[i], HG_LABEL_LEN, "%d", c < 0 ? 0 : c);
		snprintf(nowhere[i], HG_LABEL_LEN, "%d", 999);
	}
	ck_assert_int_eq(stream_src(t, 2, first, &st), !one_cpu);
	same_gaps(gs, &st, "chunks of 2, pinned to their first CPU");
	ck_assert_int_eq(stream_src(t, 3, nowhere, &st), any);
	same_gaps(gs, &st, "chunks of 3, pinned where none ran");
}

/* An expected gap: at is the end of A's interval, after t0. */
struct want {
	enum hg_gap_class cls;
	uint32_t thread;
	uint32_t next_thread;
	unsigned int cpu;
	uint64_t at;
	uint64_t cost;
};

static void assert_gap(const struct hg_gap *g, const struct want *w, size_t i)
{
	ck_assert_msg(g->cls == w->cls && g->thread == w->thread &&
		      g->next_thread == w->next_thread && g->cpu == w->cpu &&
		      g->at_cycles == T(w->at) && g->cost_cycles == w->cost,
		      "gap %zu: %s %u->%u cpu %u at %llu cost %llu; want %s %u->%u cpu %u "
		      "at %llu cost %llu", i, hg_gap_class_name(g->cls), g->thread,
		      g->next_thread, g->cpu, (unsigned long long)(g->at_cycles - T(0)),
		      (unsigned long long)g->cost_cycles, hg_gap_class_name(w->cls),
		      w->thread, w->next_thread, w->cpu, (unsigned long long)w->at,
		      (unsigned long long)w->cost);
}

/* A scenario: its intervals, which threads dropped records, its gaps. */
struct scenario {
	const char *name;
	uint32_t nthreads;
	const struct tiv *iv;
	size_t niv;
	uint64_t dropped[MAX_THREADS];
	const struct want *want;	/* sorted by (thread, at) */
	size_t nwant;
};

static struct hg_trace *build_scenario(const struct scenario *sc)
{
	struct hg_trace *t = build(sc->nthreads, sc->iv, sc->niv);
	uint32_t i;

	for (i = 0; i < sc->nthreads; i++)
		t->threads[i].dropped = sc->dropped[i];
	return t;
}

/* ------------------------------------------------------------- scenarios */

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define SCENARIO(nm, nth, ivs, wants, ...) \
	{ .name = nm, .nthreads = nth, .iv = ivs, .niv = N(ivs), .want = wants, \
	  .nwant = N(wants), __VA_ARGS__ }

/* A and B take turns on CPU 0, each giving the CPU up. */
static const struct tiv iv_voluntary[] = {
	{ A, 0, 100, 0, Y },	{ A, 215, 85, 0, S },	{ A, 410, 90, 0, 0 },
	{ B, 110, 90, 0, S },	{ B, 320, 80, 0, Y },	{ B, 520, 10, 0, 0 },
};
static const struct want w_voluntary[] = {
	{ HG_GAP_VOLUNTARY, A, B, 0, 100, 10 },
	{ HG_GAP_VOLUNTARY, A, B, 0, 300, 20 },
	{ HG_GAP_VOLUNTARY, B, A, 0, 200, 15 },
	{ HG_GAP_VOLUNTARY, B, A, 0, 400, 10 },
};

/* The same without yields: preemptions. */
static const struct tiv iv_involuntary[] = {
	{ A, 0, 100, 0, 0 },	{ A, 215, 85, 0, 0 },	{ A, 410, 90, 0, 0 },
	{ B, 110, 90, 0, 0 },	{ B, 320, 80, 0, 0 },	{ B, 520, 10, 0, 0 },
};
static const struct want w_involuntary[] = {
	{ HG_GAP_INVOLUNTARY, A, B, 0, 100, 10 },
	{ HG_GAP_INVOLUNTARY, A, B, 0, 300, 20 },
	{ HG_GAP_INVOLUNTARY, B, A, 0, 200, 15 },
	{ HG_GAP_INVOLUNTARY, B, A, 0, 400, 10 },
};

/* A is interrupted twice on CPU 0; B runs meanwhile on CPU 1. */
static const struct tiv iv_foreign[] = {
	{ A, 0, 100, 0, 0 },	{ A, 130, 70, 0, Y },	{ A, 205, 10, 0, 0 },
	{ B, 0, 150, 1, 0 },	{ B, 160, 100, 1, 0 },
};
static const struct want w_foreign[] = {
	{ HG_GAP_FOREIGN, A, A, 0, 100, 30 },
	/* a yield with nobody else traced taking the CPU is still foreign */
	{ HG_GAP_FOREIGN, A, A, 0, 200, 5 },
	{ HG_GAP_FOREIGN, B, B, 1, 150, 10 },
};

/* A moves to CPU 1 and back; CPU 0 stays empty, then B runs there late. */
static const struct tiv iv_migration[] = {
	{ A, 0, 100, 0, 0 },	{ A, 150, 100, 1, 0 },	{ A, 300, 50, 0, 0 },
	{ A, 400, 10, 2, 0 },
	{ B, 420, 100, 0, 0 },
};
static const struct want w_migration[] = {
	{ HG_GAP_MIGRATION, A, A, 0, 100, 50 },
	{ HG_GAP_MIGRATION, A, A, 1, 250, 50 },
	/* B starts on CPU 0 after A resumed on CPU 2: still a migration */
	{ HG_GAP_MIGRATION, A, A, 0, 350, 50 },
};

/* B and A start on CPU 0 and CPU 1 at the same time as A resumes: a migration. */
static const struct tiv iv_migration_tie[] = {
	{ A, 0, 100, 0, 0 },	{ A, 200, 10, 1, 0 },
	{ B, 200, 10, 0, 0 },
};
static const struct want w_migration_tie[] = {
	{ HG_GAP_MIGRATION, A, A, 0, 100, 100 },
};

/* B preempts A on CPU 0; A resumes on CPU 1 later: B ran next on 0. */
static const struct tiv iv_preempt_migrate[] = {
	{ A, 0, 100, 0, 0 },	{ A, 150, 100, 1, 0 },
	{ B, 120, 300, 0, 0 },
	{ C, 0, 140, 1, Y },	{ C, 300, 10, 1, 0 },
};
static const struct want w_preempt_migrate[] = {
	{ HG_GAP_INVOLUNTARY, A, B, 0, 100, 20 },
	{ HG_GAP_VOLUNTARY, C, A, 1, 140, 10 },
};

/* A thread's last interval has no gap, whatever follows. */
static const struct tiv iv_last[] = {
	{ A, 0, 100, 0, 0 },
	{ B, 110, 100, 0, 0 },
	{ C, 300, 10, 1, 0 },
};

/*
 * D (CPU 3) dropped records after its last one, which ends at 500: from then on
 * anyone may have run unseen, so gaps whose neighbours start later are
 * unknown. D's own gaps before that are classified.
 */
static const struct tiv iv_dropped[] = {
	{ A, 0, 40, 0, 0 },	{ A, 45, 15, 0, 0 },	{ A, 600, 20, 0, 0 },
	{ A, 700, 10, 4, 0 },
	{ B, 0, 100, 1, 0 },	{ B, 490, 20, 2, 0 },	{ B, 800, 20, 2, 0 },
	{ D, 0, 100, 3, 0 },	{ D, 200, 300, 3, 0 },
};
static const struct want w_dropped[] = {
	{ HG_GAP_FOREIGN, A, A, 0, 40, 5 },
	{ HG_GAP_UNKNOWN, A, A, 0, 60, 540 },		/* resumes after 500 */
	{ HG_GAP_UNKNOWN, A, A, 0, 620, 80 },
	{ HG_GAP_MIGRATION, B, B, 1, 100, 390 },	/* resumes at 490 <= 500 */
	{ HG_GAP_UNKNOWN, B, B, 2, 510, 290 },
	{ HG_GAP_FOREIGN, D, D, 3, 100, 100 },
};

/* A thread that dropped without storing anything: nothing is known. */
static const struct tiv iv_dropped_all[] = {
	{ A, 0, 40, 0, 0 },	{ A, 45, 15, 0, 0 },
	{ B, 0, 40, 1, Y },	{ B, 100, 10, 1, 0 },
	{ C, 50, 40, 2, 0 },
};
static const struct want w_dropped_all[] = {
	{ HG_GAP_UNKNOWN, A, A, 0, 40, 5 },
	{ HG_GAP_UNKNOWN, B, B, 1, 40, 60 },
};

/* A thread that dropped records but ends last changes nothing. */
static const struct tiv iv_dropped_late[] = {
	{ A, 0, 40, 0, 0 },	{ A, 45, 15, 0, 0 },
	{ B, 0, 900, 1, 0 },
};
static const struct want w_dropped_late[] = {
	{ HG_GAP_FOREIGN, A, A, 0, 40, 5 },
};

/* Long intervals (> UINT32_MAX cycles) are stored in pieces and reassembled. */
#define LONG1 5000000000ULL		/* 2 pieces */
#define LONG2 9000000000ULL		/* 3 pieces */
static const struct tiv iv_continued[] = {
	{ A, 0, 10, 0, 0 },		{ A, 30 + LONG1 + 50, 10, 0, 0 },
	{ B, 30, LONG1, 0, Y },		{ B, 30 + LONG1 + 70, LONG2, 0, 0 },
	{ B, 30 + LONG1 + 70 + LONG2 + 7, 10, 0, 0 },
};
static const struct want w_continued[] = {
	{ HG_GAP_INVOLUNTARY, A, B, 0, 10, 20 },
	{ HG_GAP_VOLUNTARY, B, A, 0, 30 + LONG1, 50 },
	{ HG_GAP_FOREIGN, B, B, 0, 30 + LONG1 + 70 + LONG2, 7 },
};

/* Event records (on a CPU nobody runs on) neither split nor end intervals. */
static const struct tiv iv_events[] = {
	{ A, 0, 10, 0, 0 },		{ A, 15, 99, 5, EVENT },
	{ A, 30, 10, 0, Y },		{ A, 45, 1, 7, EVENT | HG_REC_MISS },
	{ A, 50, 10, 0, 0 },		{ A, 70, 5, 6, EVENT },
	{ B, 0, 1, 4, EVENT },		{ B, 5, 20, 1, 0 },	{ B, 26, 1, 2, EVENT },
};
static const struct want w_events[] = {
	{ HG_GAP_FOREIGN, A, A, 0, 10, 20 },
	{ HG_GAP_FOREIGN, A, A, 0, 40, 10 },
};

static const struct scenario scenarios[] = {
	SCENARIO("voluntary", 2, iv_voluntary, w_voluntary),
	SCENARIO("involuntary", 2, iv_involuntary, w_involuntary),
	SCENARIO("foreign", 2, iv_foreign, w_foreign),
	SCENARIO("migration", 2, iv_migration, w_migration),
	SCENARIO("migration tie", 2, iv_migration_tie, w_migration_tie),
	SCENARIO("preempted then migrated", 3, iv_preempt_migrate, w_preempt_migrate),
	{ .name = "last intervals", .nthreads = 3, .iv = iv_last, .niv = N(iv_last) },
	SCENARIO("dropped", 4, iv_dropped, w_dropped, .dropped = { [D] = 3 }),
	SCENARIO("dropped everything", 4, iv_dropped_all, w_dropped_all, .dropped = { [D] = 1 }),
	SCENARIO("dropped late", 2, iv_dropped_late, w_dropped_late, .dropped = { [B] = 9 }),
	SCENARIO("continued", 2, iv_continued, w_continued),
	SCENARIO("events", 2, iv_events, w_events),
};

START_TEST(test_scenario)
{
	const struct scenario *sc = &scenarios[_i];
	struct hg_trace *t = build_scenario(sc);
	struct gaps gs;
	size_t i;

	classify(t, &gs);
	ck_assert_msg(gs.n == sc->nwant, "%s: %zu gaps, want %zu", sc->name, gs.n, sc->nwant);
	for (i = 0; i < gs.n; i++)
		assert_gap(&gs.g[i], &sc->want[i], i);
	hg_trace_free(t);
}
END_TEST

/*
 * classify.h: next_thread is "B for a switch, else A", the cost "switch:
 * to B's start; else A's whole gap". A gap that would have been a switch
 * but whose neighbour starts after a dropping thread's last record is
 * unknown, so it must carry A and A's whole gap, like every other unknown.
 */
START_TEST(test_unknown_switch_fields)
{
	static const struct tiv iv[] = {
		{ A, 0, 10, 0, 0 },	{ A, 50, 10, 0, 0 },
		{ B, 20, 10, 0, 0 },
		{ D, 0, 15, 1, 0 },
	};
	static const struct want want = { HG_GAP_UNKNOWN, A, A, 0, 10, 40 };
	struct hg_trace *t = build(4, iv, N(iv));
	struct gaps gs;

	t->threads[D].dropped = 1;
	classify(t, &gs);
	ck_assert_uint_eq(gs.n, 1);
	assert_gap(&gs.g[0], &want, 0);
	hg_trace_free(t);
}
END_TEST

/* ------------------------------------------------- a random trace, checked */

/*
 * Time is cut into slots of 100 ns; in each slot every CPU runs one
 * thread (no thread on two CPUs) or none, for 10 to 79 ns from an offset
 * of up to 20 ns. Some intervals end with a yield or a sleep; events are
 * sprinkled in. With @pinned, CPU c runs only threads c and c + R_CPUS
 * (each thread's intervals on one CPU).
 */
#define R_THREADS 5
#define R_CPUS 3
#define R_SLOTS 60

static uint64_t lcg(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state >> 33;
}

static size_t random_trace(uint64_t seed, bool pinned, struct tiv *iv, size_t max)
{
	static const unsigned int ends[] = { 0, 0, Y, S };
	uint64_t state = seed;
	size_t n = 0, s;

	for (s = 0; s < R_SLOTS; s++) {
		uint32_t perm[R_THREADS], c, k;

		for (k = 0; k < R_THREADS; k++)
			perm[k] = k;
		for (k = R_THREADS - 1; k > 0; k--) {
			uint32_t j = (uint32_t)(lcg(&state) % (k + 1)), x = perm[k];

			perm[k] = perm[j];
			perm[j] = x;
		}
		for (c = 0; pinned && c < R_CPUS; c++)	/* thread c, or c + R_CPUS */
			perm[c] = c + R_CPUS < R_THREADS && lcg(&state) % 2 ? c + R_CPUS : c;
		for (c = 0; c < R_CPUS; c++) {
			uint64_t off = lcg(&state) % 21;

			if (lcg(&state) % 4 == 0)
				continue;	/* idle (or untraced) */
			ck_assert_uint_lt(n + 1, max);
			iv[n++] = (struct tiv){ perm[c], s * 100 + off, 10 + lcg(&state) % 70, c,
						ends[lcg(&state) % 4] };
			if (lcg(&state) % 8 == 0)
				iv[n++] = (struct tiv){ perm[c], s * 100 + 95, 3, 9, EVENT };
		}
	}
	return n;
}

/* The rules of classify.h, read literally, one gap at a time. */
static size_t reference(const struct tiv *iv, size_t n, uint64_t known_until,
			struct want *w)
{
	size_t i, j, k, nw = 0;

	for (i = 0; i < n; i++) {
		const struct tiv *a = &iv[i], *resume = NULL, *b = NULL;
		struct want *g;

		if (a->flags & HG_REC_EVENT)
			continue;
		for (j = i + 1; j < n && !resume; j++)
			if (iv[j].thread == a->thread && !(iv[j].flags & HG_REC_EVENT))
				resume = &iv[j];
		if (!resume)
			continue;
		for (k = 0; k < n; k++)
			if (!(iv[k].flags & HG_REC_EVENT) && iv[k].cpu == a->cpu &&
			    iv[k].start > a->start && (!b || iv[k].start < b->start))
				b = &iv[k];
		g = &w[nw++];
		*g = (struct want){ HG_GAP_UNKNOWN, a->thread, a->thread, a->cpu,
				    a->start + a->len, resume->start - (a->start + a->len) };
		if (b == resume)
			g->cls = HG_GAP_FOREIGN;
		else if (resume->cpu != a->cpu && (!b || resume->start <= b->start))
			g->cls = HG_GAP_MIGRATION;
		else if (b && b->thread != a->thread) {
			g->cls = (a->flags & (Y | S)) ? HG_GAP_VOLUNTARY : HG_GAP_INVOLUNTARY;
			g->next_thread = b->thread;
			g->cost = b->start - g->at;
		}
		if (T(resume->start) > known_until || (b && T(b->start) > known_until)) {
			g->cls = HG_GAP_UNKNOWN;
			g->next_thread = a->thread;
			g->cost = resume->start - g->at;
		}
	}
	return nw;
}

static int cmp_want(const void *x, const void *y)
{
	const struct want *a = x, *b = y;

	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return a->at < b->at ? -1 : a->at > b->at;
}

/*
 * @seed's trace (pinned or not) against the reference. With odd seeds
 * thread 4's records stop half-way, as when the arena is full: it dropped
 * the rest.
 */
static void check_random(int seed, bool pinned)
{
	struct tiv iv[R_SLOTS * R_CPUS * 2];
	struct want want[R_SLOTS * R_CPUS];
	size_t n = random_trace((uint64_t)seed + 1, pinned, iv, N(iv)), nw, i, k, intervals = 0;
	size_t per_class[HG_GAP_NCLASSES] = { 0 }, total = 0;
	uint64_t known_until = UINT64_MAX;
	struct hg_trace *t;
	struct gaps gs;
	int c;

	if (seed % 2) {
		for (i = k = 0; i < n; i++)
			if (iv[i].thread != 4 || iv[i].start < R_SLOTS * 100 / 2)
				iv[k++] = iv[i];
		n = k;
		for (i = 0; i < n; i++)
			if (iv[i].thread == 4 && !(iv[i].flags & HG_REC_EVENT))
				known_until = T(iv[i].start + iv[i].len);
	}
	t = build(R_THREADS, iv, n);
	if (seed % 2)
		t->threads[4].dropped = 1;
	nw = reference(iv, n, known_until, want);
	qsort(want, nw, sizeof(want[0]), cmp_want);
	classify(t, &gs);
	ck_assert_uint_eq(gs.n, nw);
	for (i = 0; i < gs.n; i++) {
		struct want w = want[i];

		/* the fields of an unknown gap have a test of their own */
		if (gs.g[i].cls == HG_GAP_UNKNOWN && w.cls == HG_GAP_UNKNOWN) {
			w.next_thread = gs.g[i].next_thread;
			w.cost = gs.g[i].cost_cycles;
		}
		assert_gap(&gs.g[i], &w, i);
		per_class[gs.g[i].cls]++;
	}
	/* every interval but each thread's last has exactly one gap */
	for (i = 0; i < n; i++)
		intervals += !(iv[i].flags & HG_REC_EVENT);
	for (c = 0; c < HG_GAP_NCLASSES; c++)
		total += per_class[c];
	ck_assert_uint_eq(total, intervals - R_THREADS);
	/* the random trace exercises every class that can occur */
	ck_assert_uint_gt(per_class[HG_GAP_VOLUNTARY], 0);
	ck_assert_uint_gt(per_class[HG_GAP_INVOLUNTARY], 0);
	ck_assert_uint_gt(per_class[HG_GAP_FOREIGN], 0);
	if (pinned)
		ck_assert_uint_eq(per_class[HG_GAP_MIGRATION], 0);
	else
		ck_assert_uint_gt(per_class[HG_GAP_MIGRATION], 0);
	if (seed % 2)
		ck_assert_uint_gt(per_class[HG_GAP_UNKNOWN], 0);
	else
		ck_assert_uint_eq(per_class[HG_GAP_UNKNOWN], 0);
	hg_trace_free(t);
}

/* Loop index: the seed. */
START_TEST(test_random_against_reference)
{
	check_random(_i, false);
}
END_TEST

/*
 * The same with each thread on one CPU, where the stream merges each
 * CPU's threads apart
 */
START_TEST(test_random_pinned_against_reference)
{
	check_random(_i, true);
}
END_TEST

/* ---------------------------------------------------- walk and errors */

struct stopper {
	int calls;
	int stop_at;
};

static int stop_cb(const struct hg_gap *g, void *arg)
{
	struct stopper *s = arg;

	(void)g;
	return ++s->calls == s->stop_at ? -ECANCELED : 0;
}

START_TEST(test_callback_error_stops)
{
	struct hg_trace *t = build(2, iv_voluntary, N(iv_voluntary));
	struct stopper s = { 0, 2 };

	ck_assert_int_eq(hg_classify(t, stop_cb, &s), -ECANCELED);
	ck_assert_int_eq(s.calls, 2);
	s = (struct stopper){ 0, 1 };
	ck_assert_int_eq(hg_classify(t, stop_cb, &s), -ECANCELED);
	ck_assert_int_eq(s.calls, 1);
	s = (struct stopper){ 0, 99 };
	ck_assert_int_eq(hg_classify(t, stop_cb, &s), 0);
	ck_assert_int_eq(s.calls, 4);
	hg_trace_free(t);
}
END_TEST

static int exdev_cb(const struct hg_gap *g, size_t n, void *arg)
{
	(void)g;
	(void)n;
	(void)arg;
	return -EXDEV;
}

static int stop_all(const struct hg_gap *g, size_t n, void *arg)
{
	size_t k;
	int ret = 0;

	for (k = 0; !ret && k < n; k++)
		ret = stop_cb(&g[k], arg);
	return ret;
}

static void no_reset(void *arg)
{
	(void)arg;
	ck_abort_msg("started over on the callback's error");
}

/*
 * The stream passes its callback's error on, and only the stray record of
 * a pinned thread makes it start over: a callback that answers -EXDEV,
 * the code the merge of pinned threads once used for a stray, ends it.
 */
START_TEST(test_stream_callback_error)
{
	struct hg_trace *t = build(2, iv_voluntary, N(iv_voluntary));
	struct stopper s = { 0, 2 };
	struct hg_recmem m;
	struct hg_recsrc src;
	uint32_t i;

	for (i = 0; i < 2; i++)
		snprintf(t->threads[i].cpus, HG_LABEL_LEN, "%u", (unsigned int)t->threads[i].recs[0].cpu);
	ck_assert_int_eq(hg_recmem_init(&m, &src, t, 1), 0);
	ck_assert_int_eq(hg_classify_src(t, &src, exdev_cb, no_reset, NULL), -EXDEV);
	ck_assert_int_eq(hg_classify_src(t, &src, stop_all, no_reset, &s), -ECANCELED);
	ck_assert_int_eq(s.calls, 2);
	hg_recmem_free(&m);
	hg_trace_free(t);
}
END_TEST

/* A record source whose reads fail after @ok chunks (-EIO), over a trace in memory. */
struct failing {
	struct hg_recmem m;
	struct hg_recsrc inner;
	int ok;
};

static int fail_rewind(void *priv, uint32_t i)
{
	struct failing *f = priv;

	return f->inner.ops->rewind(f->inner.priv, i);
}

static int fail_read(void *priv, uint32_t i, const struct hg_record **recs, size_t *n)
{
	struct failing *f = priv;

	if (f->ok-- <= 0)
		return -EIO;
	return f->inner.ops->read(f->inner.priv, i, recs, n);
}

static int fail_last(void *priv, uint32_t i, struct hg_record *rec)
{
	struct failing *f = priv;

	return f->inner.ops->last(f->inner.priv, i, rec);
}

static const struct hg_recsrc_ops failing_ops = { fail_rewind, fail_read, fail_last };

/*
 * A read that fails (a file that shrank, an I/O error) ends the stream
 * with its error, whenever it comes: before any merge is made, while
 * the runs start, in the middle; pinned or not.
 */
START_TEST(test_stream_read_fails)
{
	struct hg_trace *t = build(2, iv_voluntary, N(iv_voluntary));
	struct hg_recsrc src = { &failing_ops, NULL };
	struct failing f;
	struct gaps st;
	int ok, pin;

	for (pin = 0; pin < 2; pin++) {
		snprintf(t->threads[0].cpus, HG_LABEL_LEN, "%s", pin ? "0" : "0-1");
		snprintf(t->threads[1].cpus, HG_LABEL_LEN, "%s", pin ? "0" : "0-1");
		for (ok = 0; ok < 4; ok++) {
			ck_assert_int_eq(hg_recmem_init(&f.m, &f.inner, t, 1), 0);
			f.ok = ok;
			src.priv = &f;
			memset(&st, 0, sizeof(st));
			ck_assert_int_eq(hg_classify_src(t, &src, collect_all, forget, &st), -EIO);
			hg_recmem_free(&f.m);
		}
	}
	hg_trace_free(t);
}
END_TEST

/* A continued interval cut off at the end of the records does not decode. */
START_TEST(test_damaged_records)
{
	struct hg_trace *t = build(2, iv_voluntary, N(iv_voluntary));
	struct stopper s = { 0, 99 };

	t->threads[B].recs[t->threads[B].stored - 1].flags |= HG_REC_CONTINUED;
	ck_assert_int_eq(hg_classify(t, stop_cb, &s), -EINVAL);
	ck_assert_int_eq(s.calls, 0);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_empty)
{
	static const struct tiv iv[] = { { B, 0, 10, 2, 0 } };
	struct stopper s = { 0, 99 };
	struct hg_trace *t = build(0, iv, 0);

	ck_assert_int_eq(hg_classify(t, stop_cb, &s), 0);
	hg_trace_free(t);
	t = build(3, iv, N(iv));	/* A and C have no intervals at all */
	ck_assert_int_eq(hg_classify(t, stop_cb, &s), 0);
	ck_assert_int_eq(s.calls, 0);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_class_names)
{
	ck_assert_str_eq(hg_gap_class_name(HG_GAP_VOLUNTARY), "voluntary switch");
	ck_assert_str_eq(hg_gap_class_name(HG_GAP_INVOLUNTARY), "involuntary switch");
	ck_assert_str_eq(hg_gap_class_name(HG_GAP_FOREIGN), "foreign");
	ck_assert_str_eq(hg_gap_class_name(HG_GAP_MIGRATION), "migration");
	ck_assert_str_eq(hg_gap_class_name(HG_GAP_UNKNOWN), "unclassified");
	ck_assert_str_eq(hg_gap_class_name(HG_GAP_NCLASSES), "?");
}
END_TEST

static Suite *classify_suite(void)
{
	Suite *s = suite_create("classify");
	TCase *tc;

	tc = tcase_create("scenarios");
	tcase_add_loop_test(tc, test_scenario, 0, (int)N(scenarios));
	tcase_add_test(tc, test_unknown_switch_fields);
	suite_add_tcase(s, tc);

	tc = tcase_create("random");
	tcase_add_loop_test(tc, test_random_against_reference, 0, 16);
	tcase_add_loop_test(tc, test_random_pinned_against_reference, 0, 16);
	suite_add_tcase(s, tc);

	tc = tcase_create("walk");
	tcase_add_test(tc, test_callback_error_stops);
	tcase_add_test(tc, test_stream_callback_error);
	tcase_add_test(tc, test_stream_read_fails);
	tcase_add_test(tc, test_damaged_records);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_class_names);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(classify_suite());
}
