// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_lockmodel.c - the lock sections in the jobs (workloads/jobs.c,
 * workloads/cpu_periodic.c) in a fake world that times nothing, the
 * LOCKS section of the trace file (trace/lsection.c), and the waits read
 * back from the records (analysis/sched/lockwait.c)
 *
 * The fake world: the clock moves only when the model receives CPU time
 * (by its budget) or sleeps (to the time asked for), and each lock call
 * waits the time scripted for it, the clock moving on by as much. Every
 * call is logged, so the order of lock, event, receive and unlock is seen.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/lockwait.h"
#include "helpers.h"
#include "report/text.h"
#include "workloads/jobs.h"
#include "workloads/workload.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define S0 1000000000ULL
#define MAXLOG 128

struct fake {
	struct hg_wl_ctx ctx;
	struct hg_wl_params p;
	struct hg_tstats st;
	uint64_t now;
	uint64_t wait[MAXLOG];		/* lock call i waits this long */
	unsigned int nlock;
	char log[MAXLOG][48];		/* "lock 0", "ev 5 0 250", "recv 500", "unlock 0" */
	unsigned int nlog;
};

static struct fake *fk(struct hg_wl_ctx *ctx)
{
	return (struct fake *)((char *)ctx - offsetof(struct fake, ctx));
}

static void logf_(struct fake *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void logf_(struct fake *f, const char *fmt, ...)
{
	va_list ap;

	ck_assert_uint_lt(f->nlog, MAXLOG);
	va_start(ap, fmt);
	vsnprintf(f->log[f->nlog++], sizeof(f->log[0]), fmt, ap);
	va_end(ap);
}

/* The model @name's run. */
static int run_model(struct fake *f, const char *name)
{
	char err[256];
	const struct hg_workload *wl = hg_workload_find(name, err, sizeof(err));

	ck_assert_ptr_nonnull(wl);
	return wl->run(&f->ctx);
}

static uint64_t f_now(struct hg_wl_ctx *ctx)
{
	return fk(ctx)->now;
}

static int f_receive(struct hg_wl_ctx *ctx, uint64_t budget, uint64_t until, uint64_t *got)
{
	struct fake *f = fk(ctx);

	if (f->now + budget > ctx->end_ns) {
		*got = f->now < ctx->end_ns ? ctx->end_ns - f->now : 0;
		f->now = ctx->end_ns;
		logf_(f, "recv %llu stop", (unsigned long long)budget);
		return HG_LOOP_STOP;
	}
	if (until != HG_NO_LIMIT && f->now + budget > until) {
		*got = until > f->now ? until - f->now : 0;
		f->now = until > f->now ? until : f->now;
		logf_(f, "recv %llu deadline", (unsigned long long)budget);
		return HG_LOOP_DEADLINE;
	}
	f->now += budget;
	*got = budget;
	logf_(f, "recv %llu", (unsigned long long)budget);
	return HG_LOOP_BUDGET;
}

static int f_sleep(struct hg_wl_ctx *ctx, uint64_t mono)
{
	struct fake *f = fk(ctx);

	f->now = mono > f->now ? mono : f->now;
	if (f->now >= ctx->end_ns)
		return HG_LOOP_STOP;
	return 0;
}

static void f_event(struct hg_wl_ctx *ctx, unsigned int type, uint64_t at, uint64_t v,
		    unsigned int extra)
{
	logf_(fk(ctx), "ev %u at %llu value %llu", type, (unsigned long long)(at - S0),
	      (unsigned long long)v);
	if (type == HG_EV_LOCK)
		ck_assert_uint_eq(extra, hg_event_lock_extra(hg_event_lock(extra)));
}

static int f_lock(struct hg_wl_ctx *ctx, unsigned int lock, uint64_t *wait)
{
	struct fake *f = fk(ctx);

	*wait = f->wait[f->nlock++];
	f->now += *wait;
	logf_(f, "lock %u", lock);
	return 0;
}

static void f_unlock(struct hg_wl_ctx *ctx, unsigned int lock)
{
	logf_(fk(ctx), "unlock %u", lock);
}

static const struct hg_wl_env fake_env = {
	.now_ns = f_now, .receive = f_receive, .sleep_until = f_sleep, .event = f_event,
	.lock = f_lock, .unlock = f_unlock,
};

static struct fake *fake_new(uint64_t end)
{
	struct fake *f = calloc(1, sizeof(*f));

	ck_assert_ptr_nonnull(f);
	hg_tstats_init(&f->st);
	f->ctx.p = &f->p;
	f->ctx.env = &fake_env;
	f->ctx.stats = &f->st;
	f->ctx.start_ns = S0;
	f->ctx.end_ns = S0 + end;
	f->now = S0;
	return f;
}

static void expect_log(const struct fake *f, const char *const *want, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		ck_assert_msg(i < f->nlog, "call %zu missing: want '%s'", i, want[i]);
		ck_assert_str_eq(f->log[i], want[i]);
	}
	ck_assert_uint_eq(f->nlog, n);
}

/*
 * PERIODIC 3000 ns / 10000 ns with two sections, 500 ns on lock 1 then
 * 1000 on lock 0, over 15000 ns: each job asks lock 1 (the first waits
 * 250), records the wait at the time asked, runs 500 under it, releases
 * it, the same with lock 0, then the remaining 1500. Job 0 ends at 3250
 * (response 3250), job 1 at 13000; the run ends during job 2.
 */
START_TEST(test_periodic_sections)
{
	static const char *const want[] = {
		"lock 1", "ev 5 at 0 value 250", "recv 500", "unlock 1",
		"lock 0", "ev 5 at 750 value 0", "recv 1000", "unlock 0", "recv 1500",
		"ev 1 at 0 value 3250",
		"lock 1", "ev 5 at 10000 value 0", "recv 500", "unlock 1",
		"lock 0", "ev 5 at 10500 value 0", "recv 1000", "unlock 0", "recv 1500",
		"ev 1 at 10000 value 3000",
	};
	struct fake *f = fake_new(15000);

	f->p.amount_ns = 3000;
	f->p.period_ns = 10000;
	f->p.deadline_ns = 10000;
	f->p.ncs = 2;
	f->p.cs[0] = (struct hg_cs){ .lock = 1, .ns = 500 };
	f->p.cs[1] = (struct hg_cs){ .lock = 0, .ns = 1000 };
	f->wait[0] = 250;
	ck_assert_int_eq(run_model(f, "PERIODIC"), 0);
	expect_log(f, want, ARRAY_SIZE(want));
	ck_assert_uint_eq(f->st.hits, 2);
	ck_assert_uint_eq(f->st.events.max, 3250);
	free(f);
}
END_TEST

/* A job shorter than its sections (a table's) runs what it has, in order. */
START_TEST(test_sections_clipped)
{
	struct fake *f = fake_new(1000000);
	uint64_t left = 700;

	f->p.ncs = 2;
	f->p.cs[0] = (struct hg_cs){ .lock = 0, .ns = 500 };
	f->p.cs[1] = (struct hg_cs){ .lock = 1, .ns = 500 };
	ck_assert_int_eq(hg_jobs_sections(&f->ctx, &left), 0);
	ck_assert_uint_eq(left, 0);
	ck_assert_str_eq(f->log[2], "recv 500");
	ck_assert_str_eq(f->log[6], "recv 200");
	ck_assert_uint_eq(f->nlog, 8);
	free(f);
}
END_TEST

/* The run ends inside a section: the lock is released, the job not counted. */
START_TEST(test_stop_in_section)
{
	static const char *const want[] = {
		"lock 0", "ev 5 at 0 value 0", "recv 2000 stop", "unlock 0",
	};
	struct fake *f = fake_new(1000);

	f->p.amount_ns = 3000;
	f->p.period_ns = 10000;
	f->p.deadline_ns = 10000;
	f->p.ncs = 1;
	f->p.cs[0] = (struct hg_cs){ .lock = 0, .ns = 2000 };
	ck_assert_int_eq(run_model(f, "PERIODIC"), 0);
	expect_log(f, want, ARRAY_SIZE(want));
	ck_assert_uint_eq(f->st.hits, 0);
	free(f);
}
END_TEST

/*
 * CPU_PERIODIC 3000 / 10000 with 1000 on lock 2: each frame runs its
 * section first, then the rest against the period's end. The section of
 * frame 0 waits 8500, so the rest (2000) passes the period's end (10000
 * at 9500 + ...): a missed period, then the frame completes in the next.
 */
START_TEST(test_cpu_periodic_sections)
{
	static const char *const want[] = {
		"lock 2", "ev 5 at 0 value 8500", "recv 1000", "unlock 2",
		"recv 2000 deadline", "ev 4 at 10000 value 10000",
		"recv 1500", "ev 3 at 11500 value 11500",
		"lock 2", "ev 5 at 11500 value 0", "recv 1000", "unlock 2",
		"recv 2000", "ev 3 at 14500 value 3000",
		"lock 2", "ev 5 at 14500 value 0", "recv 1000", "unlock 2",
		"recv 2000 stop",
	};
	struct fake *f = fake_new(16000);

	f->p.amount_ns = 3000;
	f->p.period_ns = 10000;
	f->p.ncs = 1;
	f->p.cs[0] = (struct hg_cs){ .lock = 2, .ns = 1000 };
	f->wait[0] = 8500;
	ck_assert_int_eq(run_model(f, "CPU_PERIODIC"), 0);
	expect_log(f, want, ARRAY_SIZE(want));
	ck_assert_uint_eq(f->st.hits, 2);
	ck_assert_uint_eq(f->st.misses, 1);
	free(f);
}
END_TEST

/* ---------------------------------------------- trace file and waits */

static void add_event(struct hg_trace_thread *th, uint64_t at, uint32_t v, unsigned int type,
		      unsigned int extra)
{
	struct hg_record *r = realloc(th->recs, (th->stored + 1) * sizeof(*r));

	ck_assert_ptr_nonnull(r);
	th->recs = r;
	r[th->stored++] = (struct hg_record){ .start_cycles = at, .len_cycles = v,
		.cpu = 1, .flags = hg_event_flags(type, extra) };
}

/*
 * Thread 0 has two sections (lock 0, then lock 1); its jobs waited
 * 0 + 0.3 us (not blocked: 1 us or less), 2 us + 5 us = 7 us, 0.5 us +
 * 1.5 us = 2 us, and a fourth job's wait is cut off by the end (no job
 * event): three jobs, two blocked, max 7 us; lock 0 waited 2 us at most,
 * lock 1 5 us. The p99 of three is the max.
 */
static struct hg_trace *lock_trace(void)
{
	static const uint64_t iv0[][2] = { { 1000, 500 } };
	static const uint64_t (*const ivs[])[2] = { iv0, iv0 };
	static const size_t n[] = { 1, 1 };
	struct hg_trace *t = hg_test_trace(2, ivs, n);
	struct hg_trace_thread *th = &t->threads[0];
	static const uint32_t waits[][2] = { { 0, 300 }, { 2000, 5000 }, { 500, 1500 } };
	size_t j;

	t->nlocks = 2;
	t->locks[0] = (struct hg_lock){ .name = "L", .protocol = HG_LOCK_INHERIT };
	t->locks[1] = (struct hg_lock){ .name = "Q", .protocol = HG_LOCK_PROTECT, .ceiling = 80 };
	th->ncs = 2;
	th->cs[0] = (struct hg_cs){ .lock = 0, .ns = 500 };
	th->cs[1] = (struct hg_cs){ .lock = 1, .ns = 700 };
	t->threads[1].ncs = 1;
	t->threads[1].cs[0] = (struct hg_cs){ .lock = 0, .ns = 900 };
	for (j = 0; j < 3; j++) {
		add_event(th, 2000 + j * 10000, waits[j][0], HG_EV_LOCK, hg_event_lock_extra(0));
		add_event(th, 2100 + j * 10000, waits[j][1], HG_EV_LOCK, hg_event_lock_extra(1));
		add_event(th, 2000 + j * 10000, 3000, HG_EV_JOB, 0);
	}
	add_event(th, 40000, 9000, HG_EV_LOCK, hg_event_lock_extra(0));
	return t;
}

START_TEST(test_lockwait)
{
	struct hg_trace *t = lock_trace();
	struct hg_lockwait w;

	ck_assert_int_eq(hg_lockwait(t, &t->threads[0], &w), 1);
	ck_assert_uint_eq(w.jobs, 3);
	ck_assert_uint_eq(w.blocked, 2);
	ck_assert_uint_eq(w.max_ns, 7000);
	ck_assert_uint_eq(w.p99_ns, 7000);
	/* the cut-off job's 9 us counts for its lock, not for a job */
	ck_assert_uint_eq(w.lock_max_ns[0], 9000);
	ck_assert_uint_eq(w.lock_max_ns[1], 5000);
	ck_assert_int_eq(hg_lockwait(t, &t->threads[1], &w), 1);
	ck_assert_uint_eq(w.jobs, 0);
	t->threads[1].ncs = 0;
	ck_assert_int_eq(hg_lockwait(t, &t->threads[1], &w), 0);
	hg_trace_free(t);
}
END_TEST

/*
 * What ran while a job waited (lockwait.h), from synthetic intervals at
 * 1 GHz (a cycle is a ns). Thread 0, H (priority 80), takes L (lock 0) and
 * Q (lock 1); M (50) takes Q; Lo (10) takes L; X (5) takes nothing; Y (50)
 * runs on the other CPU; Z (90) is above H. All on CPU 0 but Y.
 *
 *  job 1 waits for L over [10000, 18000): Lo runs 1000 + 1500 and X 1000
 *        (below Lo, L's lowest user: lower), M 4000 (between H and Lo,
 *        not taking L: middle); Y (other CPU) and Z (above) not counted:
 *        lower 3500, middle 4000;
 *  job 2 waits for Q over [40000, 42000): Q's lowest user below H is M,
 *        itself a user: lower 1500; Lo, below M: lower 500; 2000 and 0;
 *  a third wait, for L over [80000, 100000) while M runs 15000, has no
 *        job event (cut off by the end): it counts for no job.
 */
static struct hg_trace *meanwhile_trace(void)
{
	static const uint64_t h[][2] = { { 1000, 500 } };
	static const uint64_t m[][2] = { { 11000, 4000 }, { 40000, 1500 }, { 80000, 15000 } };
	static const uint64_t lo[][2] = { { 9000, 2000 }, { 16000, 1500 }, { 41500, 1000 } };
	static const uint64_t x[][2] = { { 15000, 1000 } };
	static const uint64_t y[][2] = { { 10000, 8000 } };
	static const uint64_t z[][2] = { { 17500, 500 } };
	static const uint64_t (*const ivs[])[2] = { h, m, lo, x, y, z };
	static const size_t n[] = { 1, 3, 3, 1, 1, 1 };
	static const int32_t prio[] = { 80, 50, 10, 5, 50, 90 };
	struct hg_trace *t = hg_test_trace(6, ivs, n);
	struct hg_trace_thread *th = &t->threads[0];
	uint32_t i;

	ck_assert_ptr_nonnull(t);
	t->nlocks = 2;
	t->locks[0] = (struct hg_lock){ .name = "L", .protocol = HG_LOCK_NONE };
	t->locks[1] = (struct hg_lock){ .name = "Q", .protocol = HG_LOCK_NONE };
	for (i = 0; i < 6; i++)
		t->threads[i].rt_prio = prio[i];
	th->ncs = 2;
	th->cs[0] = (struct hg_cs){ .lock = 0, .ns = 500 };
	th->cs[1] = (struct hg_cs){ .lock = 1, .ns = 500 };
	t->threads[1].ncs = 1;
	t->threads[1].cs[0] = (struct hg_cs){ .lock = 1, .ns = 500 };
	t->threads[2].ncs = 1;
	t->threads[2].cs[0] = (struct hg_cs){ .lock = 0, .ns = 500 };
	t->threads[4].recs[0].cpu = 1;
	add_event(th, 10000, 8000, HG_EV_LOCK, hg_event_lock_extra(0));
	add_event(th, 9000, 9000, HG_EV_JOB, 0);
	add_event(th, 40000, 2000, HG_EV_LOCK, hg_event_lock_extra(1));
	add_event(th, 39000, 3000, HG_EV_JOB, 0);
	add_event(th, 80000, 20000, HG_EV_LOCK, hg_event_lock_extra(0));
	for (i = 0; i < th->stored; i++)
		th->recs[i].cpu = 0;
	return t;
}

START_TEST(test_lockwait_meanwhile)
{
	struct hg_trace *t = meanwhile_trace();
	struct hg_test_text out;
	struct hg_lockwait w;
	char *s;

	ck_assert_int_eq(hg_lockwait(t, &t->threads[0], &w), 1);
	ck_assert_uint_eq(w.jobs, 2);
	ck_assert_uint_eq(w.blocked, 2);
	ck_assert_uint_eq(w.max_ns, 8000);
	ck_assert_uint_eq(w.lower_max_ns, 3500);
	ck_assert_uint_eq(w.middle_max_ns, 4000);
	hg_print_lockwait(hg_test_text_open(&out), t, &t->threads[0]);
	s = hg_test_text_close(&out);
	ck_assert_ptr_nonnull(strstr(s, "# thread 0: while a blocked job waited, on its CPU: "
				     "lower-priority threads ran max 0.004 ms, middle-priority "
				     "threads (priority inversion) ran max 0.004 ms\n"));
	free(s);
	/* M at H's own priority counts in neither */
	t->threads[1].rt_prio = 80;
	ck_assert_int_eq(hg_lockwait(t, &t->threads[0], &w), 1);
	ck_assert_uint_eq(w.lower_max_ns, 3500);
	ck_assert_uint_eq(w.middle_max_ns, 0);
	/* Lo waits for L (a job of 2 us at 16000): nothing runs below it */
	add_event(&t->threads[2], 16000, 2000, HG_EV_LOCK, hg_event_lock_extra(0));
	add_event(&t->threads[2], 15000, 3000, HG_EV_JOB, 0);
	t->threads[2].recs[t->threads[2].stored - 2].cpu = 0;
	ck_assert_int_eq(hg_lockwait(t, &t->threads[2], &w), 1);
	ck_assert_uint_eq(w.blocked, 1);
	ck_assert_uint_eq(w.lower_max_ns, 0);
	ck_assert_uint_eq(w.middle_max_ns, 0);
	/* H without a real-time priority: nothing is below it */
	t->threads[0].rt_prio = HG_NO_RT_PRIO;
	ck_assert_int_eq(hg_lockwait(t, &t->threads[0], &w), 1);
	ck_assert_uint_eq(w.blocked, 2);
	ck_assert_uint_eq(w.lower_max_ns + w.middle_max_ns, 0);
	hg_trace_free(t);
}
END_TEST

/* Written with locks: version 4, read back the same; without: version 3 as before. */
START_TEST(test_file_round_trip)
{
	struct hg_trace *t = lock_trace(), *back = NULL;
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "l.hgt"), err[256];
	uint8_t *buf;
	size_t len;

	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	buf = (uint8_t *)hg_test_read_file(path, &len);
	ck_assert_uint_eq(buf[8], 4);
	ck_assert_int_eq(hg_trace_read(path, &back, err, sizeof(err)), 0);
	ck_assert_uint_eq(back->version, 4);
	ck_assert_uint_eq(back->nlocks, 2);
	ck_assert_str_eq(back->locks[1].name, "Q");
	ck_assert_uint_eq(back->locks[1].protocol, HG_LOCK_PROTECT);
	ck_assert_int_eq(back->locks[1].ceiling, 80);
	ck_assert_uint_eq(back->threads[0].ncs, 2);
	ck_assert_uint_eq(back->threads[0].cs[1].ns, 700);
	ck_assert_uint_eq(back->threads[1].cs[0].ns, 900);
	ck_assert(back->flags & HG_TRACE_LOCKS);
	hg_trace_free(back);
	free(buf);
	/* no locks: the version the builds before them wrote */
	t->nlocks = 0;
	t->threads[0].ncs = t->threads[1].ncs = 0;
	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	buf = (uint8_t *)hg_test_read_file(path, &len);
	ck_assert_uint_eq(buf[8], 3);
	ck_assert_int_eq(hg_trace_read(path, &back, err, sizeof(err)), 0);
	ck_assert(!(back->flags & HG_TRACE_LOCKS));
	ck_assert_uint_eq(back->nlocks, 0);
	hg_trace_free(back);
	free(buf);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* A section naming a lock that is not there: damaged, said so. */
START_TEST(test_file_damaged)
{
	struct hg_trace *t = lock_trace(), *back = NULL;
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "l.hgt"), err[256];

	t->threads[1].cs[0].lock = 1;
	t->nlocks = 1;	/* lock 1 is gone */
	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	ck_assert_int_eq(hg_trace_read(path, &back, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "damaged locks section");
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("lockmodel");
	TCase *tc = tcase_create("models");

	tcase_add_test(tc, test_periodic_sections);
	tcase_add_test(tc, test_sections_clipped);
	tcase_add_test(tc, test_stop_in_section);
	tcase_add_test(tc, test_cpu_periodic_sections);
	suite_add_tcase(s, tc);
	tc = tcase_create("trace");
	tcase_add_test(tc, test_lockwait);
	tcase_add_test(tc, test_lockwait_meanwhile);
	tcase_add_test(tc, test_file_round_trip);
	tcase_add_test(tc, test_file_damaged);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
