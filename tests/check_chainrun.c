// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_chainrun.c - chains in a run: what passes between the threads
 * (workloads/chainlink.c: the sequence lock, the ring, each way to wake),
 * the CHAINS section of the trace (trace/csection.c) written and read
 * back, and the figures measured from a chain's job records
 * (analysis/sched/chainrun.c) worked by hand on synthetic chains
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/chainrun.h"
#include "helpers.h"
#include "report/chainrun.h"
#include "timers/timer.h"
#include "trace/trace.h"
#include "workloads/chainlink.h"

#define MS 1000000ull
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A job: seq, avail, release, start, done, cpu, in ms. */
#define J(s, a, r, st, d, c) { s, (a) * MS, (r) * MS, (st) * MS, (d) * MS, (c) * MS }
#define NOSEQ HG_CHAIN_NO_SEQ

/* Stage @s of @ch: thread @thread with @n jobs (copied: the chain owns them). */
static void stage(struct hg_chain_run *ch, uint32_t s, uint32_t thread,
		  const struct hg_chain_job *jobs, size_t n)
{
	struct hg_chain_stage *st = &ch->stage[s];

	st->thread = thread;
	st->jobs = malloc(n * sizeof(*st->jobs));
	ck_assert_ptr_nonnull(st->jobs);
	memcpy(st->jobs, jobs, n * sizeof(*jobs));
	st->n = st->cap = n;
	if (s + 1 > ch->nstages)
		ch->nstages = s + 1;
}

static void free_chain(struct hg_chain_run *ch)
{
	uint32_t s;

	for (s = 0; s < ch->nstages; s++)
		free(ch->stage[s].jobs);
}

/* The first thread (T = 10 ms) of both synthetic chains: job k carries seq k. */
static const struct hg_chain_job head[] = {
	J(0, 0, 0, 0, 1, 1), J(1, 10, 10, 11, 13, 1), J(2, 20, 20, 20, 21, 1),
	J(3, 30, 30, 30, 31, 1),
};

/*
 * An event chain 0>1>2: each later job released at its predecessor's
 * finish; input 3 has not reached thread 2 when the run ends.
 *   reaction 1: thread 2's seq 1 done 16 - head job 0's start 0 = 16
 *   reaction 2: seq 2 done 24 - head job 1's start 11 = 13
 *   data age 0: 4 - 0 = 4; 1: 16 - 11 = 5; 2: 24 - 20 = 4; input 3 unread
 *   hop 0 (release to finish): 1, 3, 1, 1; CPU wait 1 (job 1), blocked 1 (job 1)
 *   hop 1 (predecessor's finish to finish): 2, 1, 2, 1; CPU wait 1 + 1
 */
START_TEST(test_event_measured)
{
	static const struct hg_chain_job s1[] = {
		J(0, 1, 1, 2, 3, 1), J(1, 13, 13, 13, 14, 1), J(2, 21, 21, 22, 23, 1),
		J(3, 31, 31, 31, 32, 1),
	};
	static const struct hg_chain_job s2[] = {
		J(0, 3, 3, 3, 4, 1), J(1, 14, 14, 15, 16, 1), J(2, 23, 23, 23, 24, 1),
	};
	struct hg_chain_run ch = { .name = "ev", .mode = HG_CHAIN_EVENT };
	struct hg_chain_meas m;

	stage(&ch, 0, 0, head, N(head));
	stage(&ch, 1, 1, s1, N(s1));
	stage(&ch, 2, 2, s2, N(s2));
	ck_assert_int_eq(hg_chain_measure(&ch, &m), 0);
	ck_assert_uint_eq(m.inputs, 4);
	ck_assert_uint_eq(m.unread, 1);
	ck_assert_uint_eq(m.reaction.s.count, 2);
	ck_assert_uint_eq(m.reaction.s.min, 13 * MS);
	ck_assert_uint_eq(m.reaction.s.median, 13 * MS);
	ck_assert_uint_eq(m.reaction.s.max, 16 * MS);
	ck_assert_uint_eq(m.data_age.s.count, 3);
	ck_assert_uint_eq(m.data_age.s.min, 4 * MS);
	ck_assert_uint_eq(m.data_age.s.median, 4 * MS);
	ck_assert_uint_eq(m.data_age.s.max, 5 * MS);
	ck_assert_uint_eq(m.nhops, 3);
	ck_assert_uint_eq(m.hop[0].delay.s.count, 4);
	ck_assert_uint_eq(m.hop[0].delay.s.max, 3 * MS);
	ck_assert_uint_eq(m.hop[0].cpu_ns, 1 * MS);
	ck_assert_uint_eq(m.hop[0].blocked_ns, 1 * MS);
	ck_assert_uint_eq(m.hop[0].run_ns, 4 * MS);
	ck_assert_uint_eq(m.hop[1].delay.s.max, 2 * MS);
	ck_assert_uint_eq(m.hop[1].cpu_ns, 2 * MS);
	ck_assert_uint_eq(m.hop[1].release_ns, 0);
	ck_assert_uint_eq(m.hop[2].thread, 2);
	ck_assert_uint_eq(m.hop[2].delay.s.count, 3);
	hg_chain_meas_free(&m);
	free_chain(&ch);
}
END_TEST

/*
 * A sampled chain 0>1>2: thread 1 on 5 + 10k ms, thread 2 on 2 + 5k ms,
 * each reading the latest output of its predecessor when it starts.
 *   thread 1: at 5 reads seq 0 (done 1), at 15 seq 1 (13), at 25 seq 2 (21)
 *   thread 2: at 2 nothing yet, at 7 and 12 seq 0 (6), at 17 and 22 seq 1
 *   (16), at 27 seq 2 (26)
 *   reaction 1: the first output of seq >= 1, done 18, - head job 0's start 0 = 18
 *   reaction 2: done 28 - head job 1's start 11 = 17
 *   data age 0: the last output of seq 0, done 13, - 0 = 13; 1: 23 - 11 = 12;
 *   2: 28 - 20 = 8
 *   hop 1: 6 - 1 = 5, 16 - 13 = 3, 26 - 21 = 5; waiting for the release
 *   5 - 1 + 15 - 13 + 25 - 21 = 10
 *   hop 2: the first readers of new data only: 8 - 6, 18 - 16, 28 - 26, each 2;
 *   waiting for the release 1 each
 */
START_TEST(test_sampled_measured)
{
	static const struct hg_chain_job s1[] = {
		J(0, 1, 5, 5, 6, 1), J(1, 13, 15, 15, 16, 1), J(2, 21, 25, 25, 26, 1),
	};
	static const struct hg_chain_job s2[] = {
		J(NOSEQ, 2, 2, 2, 3, 1), J(0, 6, 7, 7, 8, 1), J(0, 6, 12, 12, 13, 1),
		J(1, 16, 17, 17, 18, 1), J(1, 16, 22, 22, 23, 1), J(2, 26, 27, 27, 28, 1),
	};
	struct hg_chain_run ch = { .name = "sa", .mode = HG_CHAIN_SAMPLED };
	struct hg_chain_meas m;

	stage(&ch, 0, 0, head, N(head));
	stage(&ch, 1, 1, s1, N(s1));
	stage(&ch, 2, 2, s2, N(s2));
	ck_assert_int_eq(hg_chain_measure(&ch, &m), 0);
	ck_assert_uint_eq(m.reaction.s.count, 2);
	ck_assert_uint_eq(m.reaction.s.min, 17 * MS);
	ck_assert_uint_eq(m.reaction.s.max, 18 * MS);
	ck_assert_uint_eq(m.data_age.s.count, 3);
	ck_assert_uint_eq(m.data_age.s.min, 8 * MS);
	ck_assert_uint_eq(m.data_age.s.median, 12 * MS);
	ck_assert_uint_eq(m.data_age.s.max, 13 * MS);
	ck_assert_uint_eq(m.unread, 1);
	ck_assert_uint_eq(m.hop[1].delay.s.count, 3);
	ck_assert_uint_eq(m.hop[1].delay.s.min, 3 * MS);
	ck_assert_uint_eq(m.hop[1].delay.s.max, 5 * MS);
	ck_assert_uint_eq(m.hop[1].release_ns, 10 * MS);
	ck_assert_uint_eq(m.hop[2].delay.s.count, 3);
	ck_assert_uint_eq(m.hop[2].delay.s.max, 2 * MS);
	ck_assert_uint_eq(m.hop[2].release_ns, 3 * MS);
	hg_chain_meas_free(&m);
	free_chain(&ch);
}
END_TEST

/* The sequence lock: nothing before the first output, then the latest. */
START_TEST(test_latest)
{
	struct hg_chain_out o;
	uint64_t seq, done;

	ck_assert_int_eq(hg_chain_out_init(&o, false, 0), 0);
	ck_assert_int_eq(hg_chain_latest(&o, &seq, &done), -EAGAIN);
	hg_chain_publish(&o, 4, 40);
	hg_chain_publish(&o, 5, 50);
	ck_assert_int_eq(hg_chain_latest(&o, &seq, &done), 0);
	ck_assert_uint_eq(seq, 5);
	ck_assert_uint_eq(done, 50);
	hg_chain_out_free(&o);
}
END_TEST

/* Every output taken in order, each mechanism; a ring overrun skips ahead. */
START_TEST(test_take_in_order)
{
	struct hg_chain_out o;
	struct hg_wl_chain c = { .in = &o };
	atomic_int stop;
	uint64_t seq, done, k;

	atomic_init(&stop, 0);
	ck_assert_int_eq(hg_chain_out_init(&o, true, (unsigned int)_i), 0);
	for (k = 0; k < 3; k++)
		hg_chain_publish(&o, k, 100 + k);
	for (k = 0; k < 3; k++) {
		ck_assert_int_eq(hg_chain_take(&c, &stop, hg_mono_ns() + MS, &seq, &done), 0);
		ck_assert_uint_eq(seq, k);
		ck_assert_uint_eq(done, 100 + k);
	}
	/* nothing left: the wait ends at its limit */
	ck_assert_int_eq(hg_chain_take(&c, &stop, hg_mono_ns() + MS, &seq, &done), 1);
	for (k = 0; k < HG_CHAIN_RING + 5; k++)
		hg_chain_publish(&o, 10 + k, k);
	ck_assert_int_eq(hg_chain_take(&c, &stop, hg_mono_ns() + MS, &seq, &done), 0);
	/* 69 outputs not taken: the oldest 63 kept (the writer may be at the 64th) */
	ck_assert_uint_eq(seq, 10 + 6);
	ck_assert_uint_eq(c.lost, 6);
	hg_chain_out_free(&o);
}
END_TEST

struct waker {
	struct hg_chain_out *o;
};

static void *publish_later(void *arg)
{
	struct waker *w = arg;
	struct timespec ts = { 0, 20 * 1000 * 1000 };

	nanosleep(&ts, NULL);
	hg_chain_publish(w->o, 7, 70);
	return NULL;
}

/* A waiting reader woken by each mechanism (the limit far enough not to matter). */
START_TEST(test_take_woken)
{
	struct hg_chain_out o;
	struct hg_wl_chain c = { .in = &o };
	struct waker w = { &o };
	atomic_int stop;
	pthread_t th;
	uint64_t seq, done;

	atomic_init(&stop, 0);
	ck_assert_int_eq(hg_chain_out_init(&o, true, (unsigned int)_i), 0);
	ck_assert_int_eq(pthread_create(&th, NULL, publish_later, &w), 0);
	ck_assert_int_eq(hg_chain_take(&c, &stop, hg_mono_ns() + 600000 * MS, &seq, &done), 0);
	ck_assert_uint_eq(seq, 7);
	pthread_join(th, NULL);
	/* the stop flag ends a wait */
	atomic_store(&stop, 1);
	ck_assert_int_eq(hg_chain_take(&c, &stop, hg_mono_ns() + 600000 * MS, &seq, &done), 1);
	hg_chain_out_free(&o);
}
END_TEST

/* A trace with the event chain 1>0 of two jobs. */
static struct hg_trace *chain_trace(void)
{
	static const uint64_t iv0[][2] = { { 1000, 100 } };
	const uint64_t (*iv[2])[2] = { iv0, iv0 };
	const size_t n[2] = { 1, 1 };
	static const struct hg_chain_job j0[] = { J(0, 0, 0, 0, 1, 1), J(1, 10, 10, 10, 11, 1) };
	static const struct hg_chain_job j1[] = { J(0, 1, 1, 1, 2, 1), J(1, 11, 11, 12, 13, 1) };
	struct hg_trace *t = hg_test_trace(2, iv, n);
	struct hg_chain_run *ch;

	t->chains = calloc(1, sizeof(*t->chains));
	ck_assert_ptr_nonnull(t->chains);
	t->chains->n = 1;
	ch = &t->chains->chain[0];
	strcpy(ch->name, "ctl");
	ch->wake = HG_CHAIN_WAKE_FUTEX;
	stage(ch, 0, 1, j0, N(j0));
	stage(ch, 1, 0, j1, N(j1));
	ch->stage[1].dropped = 3;
	return t;
}

/* hg_print_chains()'s text of @t (-v and dump); free it. */
static char *chains_text(const struct hg_trace *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	hg_print_chains(f, t);
	fclose(f);
	return buf;
}

/*
 * -v's histograms of values less than 10 us apart (one input: one
 * reaction, one data age) in buckets of 1 us, the text's resolution, where
 * the width was 0 (a division by zero) or below what the text shows.
 */
START_TEST(test_print_one_value)
{
	struct hg_trace *t = chain_trace();
	char *buf;

	t->chains->chain[0].stage[0].n = 1;
	t->chains->chain[0].stage[1].n = 1;
	buf = chains_text(t);
	/* input 0: read at 0 by the job done at 2 ms */
	ck_assert_ptr_nonnull(strstr(buf, "\n# chain ctl data age histogram, ms: "
				     "[2.000,2.001) 1\n"));
	free(buf);
	hg_trace_free(t);
}
END_TEST

/* -v's line of each thread's misses says what they include, in the chain's order. */
START_TEST(test_print_misses)
{
	struct hg_trace *t = chain_trace();
	char *buf;

	t->threads[0].stats.misses = 2;
	t->threads[1].stats.misses = 0;
	buf = chains_text(t);
	ck_assert_ptr_nonnull(strstr(buf, "\n# chain ctl: deadlines missed by thread (measured, as "
				     "each thread's \"missed\" line counts them: a job done after "
				     "its deadline, or released and not done when the run stopped "
				     "with its deadline passed by then; a later thread's deadline "
				     "is D after its predecessor's output): thread 1 0, thread 0 2\n"));
	free(buf);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_section_round_trip)
{
	struct hg_trace *t = chain_trace(), *r = NULL;
	char *path = hg_test_path(hg_test_tmpdir(), "chain.hgt"), err[256] = "";
	const struct hg_chain_run *ch;

	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	ck_assert_int_eq(hg_trace_read(path, &r, err, sizeof(err)), 0);
	ck_assert_uint_eq(r->version, 6);
	ck_assert_ptr_nonnull(r->chains);
	ck_assert_uint_eq(r->chains->n, 1);
	ch = &r->chains->chain[0];
	ck_assert_str_eq(ch->name, "ctl");
	ck_assert_uint_eq(ch->mode, HG_CHAIN_EVENT);
	ck_assert_uint_eq(ch->wake, HG_CHAIN_WAKE_FUTEX);
	ck_assert_uint_eq(ch->nstages, 2);
	ck_assert_uint_eq(ch->stage[0].thread, 1);
	ck_assert_uint_eq(ch->stage[1].dropped, 3);
	ck_assert_uint_eq(ch->stage[1].n, 2);
	ck_assert_mem_eq(ch->stage[1].jobs, t->chains->chain[0].stage[1].jobs,
			 2 * sizeof(struct hg_chain_job));
	hg_trace_free(r);
	/* a trace without chains stays a version an older build reads */
	hg_chainset_free(t->chains);
	t->chains = NULL;
	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	ck_assert_int_eq(hg_trace_read(path, &r, err, sizeof(err)), 0);
	ck_assert_uint_lt(r->version, 6);
	ck_assert_ptr_null(r->chains);
	hg_trace_free(r);
	hg_trace_free(t);
	free(path);
}
END_TEST

/* A chain naming a thread the trace lacks, or a job finished before it started. */
START_TEST(test_section_damaged)
{
	struct hg_trace *t = chain_trace(), *r = NULL;
	char *path = hg_test_path(hg_test_tmpdir(), "bad.hgt"), err[256] = "";

	if (_i == 0)
		t->chains->chain[0].stage[1].thread = 5;
	else
		t->chains->chain[0].stage[0].jobs[1].done_ns = 5 * MS;
	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	ck_assert_int_eq(hg_trace_read(path, &r, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "damaged chains section"));
	hg_trace_free(t);
	free(path);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("chainrun");
	TCase *tc = tcase_create("measured");
	TCase *tl = tcase_create("link");
	TCase *tf = tcase_create("section");

	tcase_add_test(tc, test_event_measured);
	tcase_add_test(tc, test_sampled_measured);
	tcase_add_test(tl, test_latest);
	tcase_add_loop_test(tl, test_take_in_order, 0, HG_CHAIN_WAKE_N);
	tcase_add_loop_test(tl, test_take_woken, 0, HG_CHAIN_WAKE_N);
	tcase_add_test(tf, test_section_round_trip);
	tcase_add_test(tc, test_print_one_value);
	tcase_add_test(tc, test_print_misses);
	tcase_add_loop_test(tf, test_section_damaged, 0, 2);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, tl);
	suite_add_tcase(s, tf);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
