// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_models.c - the timed models' accounting: PERIODIC and
 * PERIODIC_TABLE (workloads/jobs.c), CPU_PERIODIC, LAT
 *
 * Every model runs in a fake world, a struct hg_wl_env of our own whose
 * clock moves only when the model receives CPU time or sleeps:
 *  - receive call i first waits out a "preemption" scripted for it, then
 *    runs its budget; it stops at the caller's deadline (HG_LOOP_DEADLINE)
 *    or the thread's end (HG_LOOP_STOP), whichever comes first, and as the
 *    gap loop does, it sees a limit that passed while it was preempted
 *    only when it runs again (the end first, as hg_tracer_event() does);
 *  - sleep i wakes at the time asked for (at most the thread's end) plus a
 *    lateness scripted for it, and says HG_LOOP_STOP at or past the end;
 *  - event records what it is given.
 * Nothing is timed, so every number below is exact.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "workloads/jobs.h"
#include "workloads/workload.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define MAX_CALLS	64
#define MAX_EVENTS	64

#define S0	1000000000ULL	/* the thread's start: not zero, to catch offsets */
#define T	10000ULL	/* period */
#define C	3000ULL		/* CPU time of a job or frame */

/* ------------------------------------------------------- fake world */

struct fake_event {
	unsigned int type;
	uint64_t at_ns;		/* from S0 */
	uint64_t value_ns;
	unsigned int extra;
};

struct fake {
	struct hg_wl_ctx ctx;
	struct hg_wl_params p;
	struct hg_tstats st;
	uint64_t now;			/* the fake CLOCK_MONOTONIC */
	/* the script */
	uint64_t preempt[MAX_CALLS];	/* receive call i: preempted this long first */
	uint64_t late[MAX_CALLS];	/* sleep i: wakes this late */
	int sleep_err[MAX_CALLS];	/* sleep i: fails with this -errno */
	unsigned int stop_in_sleep;	/* the stop flag is raised in sleep (n - 1); 0: never */
	unsigned int stop_in_receive;	/* ... or half-way through receive call (n - 1) */
	/* what the model did */
	unsigned int nreceive, nsleep, nevents;
	uint64_t budget[MAX_CALLS];	/* receive call i: the budget asked for */
	uint64_t until[MAX_CALLS];	/* receive call i: its deadline, from S0 */
	int received[MAX_CALLS];	/* receive call i: what it returned */
	uint64_t asked[MAX_CALLS];	/* sleep i: the time asked for, from S0 */
	struct fake_event ev[MAX_EVENTS];
};

static struct fake *fake_of(struct hg_wl_ctx *ctx)
{
	return (struct fake *)((char *)ctx - offsetof(struct fake, ctx));
}

static uint64_t fake_now(struct hg_wl_ctx *ctx)
{
	return fake_of(ctx)->now;
}

static int fake_receive(struct hg_wl_ctx *ctx, uint64_t budget_ns, uint64_t until_ns,
			uint64_t *got_ns)
{
	struct fake *f = fake_of(ctx);
	unsigned int i = f->nreceive++;
	uint64_t limit = until_ns < ctx->end_ns ? until_ns : ctx->end_ns;
	uint64_t run_from;
	int ret;

	ck_assert_uint_lt(i, MAX_CALLS);
	f->budget[i] = budget_ns;
	f->until[i] = until_ns == HG_NO_LIMIT ? HG_NO_LIMIT : until_ns - S0;
	run_from = f->now + f->preempt[i];
	if (f->stop_in_receive == i + 1) {
		/* a signal once half the budget is received */
		f->now = run_from + budget_ns / 2;
		*got_ns = budget_ns / 2;
		ret = HG_LOOP_STOP;
	} else if (run_from + budget_ns <= limit) {
		f->now = run_from + budget_ns;
		*got_ns = budget_ns;
		ret = HG_LOOP_BUDGET;
	} else {
		/* running when the limit comes, or back from preemption after it */
		*got_ns = run_from < limit ? limit - run_from : 0;
		f->now = run_from < limit ? limit : run_from;
		ret = f->now >= ctx->end_ns ? HG_LOOP_STOP : HG_LOOP_DEADLINE;
	}
	f->received[i] = ret;
	return ret;
}

static int fake_sleep_until(struct hg_wl_ctx *ctx, uint64_t mono_ns)
{
	struct fake *f = fake_of(ctx);
	unsigned int i = f->nsleep++;

	ck_assert_uint_lt(i, MAX_CALLS);
	f->asked[i] = mono_ns - S0;
	if (f->sleep_err[i])
		return f->sleep_err[i];
	if (f->stop_in_sleep == i + 1) {
		/* a signal half-way through the sleep */
		if (mono_ns > f->now)
			f->now += (mono_ns - f->now) / 2;
		return HG_LOOP_STOP;
	}
	if (mono_ns > ctx->end_ns)
		mono_ns = ctx->end_ns;
	if (mono_ns > f->now)
		f->now = mono_ns;
	f->now += f->late[i];
	return f->now >= ctx->end_ns ? HG_LOOP_STOP : 0;
}

static void fake_event(struct hg_wl_ctx *ctx, unsigned int type, uint64_t at_ns,
		       uint64_t value_ns, unsigned int extra)
{
	struct fake *f = fake_of(ctx);

	ck_assert_uint_lt(f->nevents, MAX_EVENTS);
	f->ev[f->nevents++] = (struct fake_event){
		.type = type, .at_ns = at_ns - S0, .value_ns = value_ns, .extra = extra,
	};
}

static const struct hg_wl_env fake_env = {
	.now_ns = fake_now,
	.receive = fake_receive,
	.sleep_until = fake_sleep_until,
	.event = fake_event,
};

/* A fake world for a thread from S0 to S0 + @end. */
static struct fake *fake_new(uint64_t end)
{
	struct fake *f = calloc(1, sizeof(*f));

	ck_assert_ptr_nonnull(f);
	hg_tstats_init(&f->st);
	f->ctx.p = &f->p;
	f->ctx.env = &fake_env;
	f->ctx.stats = &f->st;
	f->ctx.tsc_hz = 1000000000ULL;
	f->ctx.start_ns = S0;
	f->ctx.end_ns = S0 + end;
	f->now = S0;
	return f;
}

static const struct hg_workload *model(const char *name)
{
	char err[256];
	const struct hg_workload *wl = hg_workload_find(name, err, sizeof(err));

	ck_assert_msg(wl != NULL, "%s", err);
	ck_assert_ptr_nonnull(wl->run);
	return wl;
}

/* Run @name's model in @f; returns what run returned. */
static int run_model(struct fake *f, const char *name)
{
	return model(name)->run(&f->ctx);
}

static void assert_event(const struct fake *f, unsigned int i, const struct fake_event *want)
{
	const struct fake_event *e = &f->ev[i];

	ck_assert_msg(e->type == want->type && e->at_ns == want->at_ns &&
		      e->value_ns == want->value_ns && e->extra == want->extra,
		      "event %u: type %u at %llu value %llu extra %u, want type %u at %llu "
		      "value %llu extra %u", i, e->type, (unsigned long long)e->at_ns,
		      (unsigned long long)e->value_ns, e->extra, want->type,
		      (unsigned long long)want->at_ns, (unsigned long long)want->value_ns,
		      want->extra);
}

/* The histogram holds exactly the @n values of @v. */
static void assert_hist_holds(const struct hg_hist *h, const uint64_t *v, unsigned int n)
{
	uint64_t sum = 0, min = UINT64_MAX, max = 0;
	unsigned int i, j, count;

	for (i = 0; i < n; i++) {
		sum += v[i];
		min = v[i] < min ? v[i] : min;
		max = v[i] > max ? v[i] : max;
	}
	ck_assert_uint_eq(h->count, n);
	ck_assert_uint_eq(h->sum, sum);
	ck_assert_uint_eq(h->min, min);
	ck_assert_uint_eq(h->max, max);
	for (i = 0; i < n; i++) {
		for (count = 0, j = 0; j < n; j++)
			count += hg_hist_index(v[j]) == hg_hist_index(v[i]);
		ck_assert_msg(h->bucket[hg_hist_index(v[i])] == count,
			      "value %llu: bucket holds %llu, want %u",
			      (unsigned long long)v[i],
			      (unsigned long long)h->bucket[hg_hist_index(v[i])], count);
	}
}

/* ------------------------------------------------------------ registry */

static const struct {
	const char *name;
	enum hg_model model;
	const char *unit;
	bool timed, untraced;
} model_table[] = {
	{ "PERIODIC", HG_MODEL_PERIODIC, "jobs", true, false },
	{ "PERIODIC_TABLE", HG_MODEL_PERIODIC, "jobs", true, false },
	{ "CPU_PERIODIC", HG_MODEL_CPU_PERIODIC, "frames", false, false },
	{ "LAT", HG_MODEL_LAT, NULL, true, true },
};

START_TEST(test_model_ops)
{
	const struct hg_workload *wl = model(model_table[_i].name);

	ck_assert_str_eq(wl->name, model_table[_i].name);
	ck_assert_int_eq(wl->model, model_table[_i].model);
	ck_assert_int_eq(wl->timed, model_table[_i].timed);
	ck_assert_int_eq(wl->untraced, model_table[_i].untraced);
	if (model_table[_i].unit)
		ck_assert_str_eq(wl->unit, model_table[_i].unit);
	else
		ck_assert_ptr_null(wl->unit);
}
END_TEST

/* ------------------------------------------------------------ PERIODIC */

#define MAX_JOBS 16

/*
 * A PERIODIC C=3us T=10us run from S0 to S0 + end, with job i preempted
 * for preempt[i] (and woken late[i] late by sleep i); the jobs that
 * completed, their responses and which missed; every number exact.
 */
static const struct job_case {
	const char *what;
	uint64_t deadline;
	uint64_t end;
	uint64_t preempt[MAX_JOBS];
	uint64_t late[MAX_JOBS];
	unsigned int stop_in_sleep, stop_in_receive;
	/* expected */
	unsigned int done;		/* jobs completed */
	uint64_t response[MAX_JOBS];	/* of each completed job */
	unsigned int missed;		/* bit k: completed job k missed */
	uint64_t hits, misses;
	unsigned int sleeps;
} job_cases[] = {
	{
		.what = "every job fits: a hit each period",
		.deadline = T, .end = 10 * T,
		.done = 10,
		.response = { C, C, C, C, C, C, C, C, C, C },
		.hits = 10, .misses = 0, .sleeps = 9,
	}, {
		.what = "job 2 preempted past its deadline",
		.deadline = T, .end = 10 * T,
		.preempt = { [2] = 8000 },
		.done = 10,
		.response = { C, C, 11000, 4000, C, C, C, C, C, C },
		.missed = 1 << 2,
		.hits = 9, .misses = 1,
		.sleeps = 8,		/* job 3 starts at once */
	}, {
		.what = "job 1 overruns by 2.5 periods: a backlog",
		.deadline = T, .end = 10 * T,
		.preempt = { [1] = 25000 - C },
		.done = 10,
		/* jobs 2, 3, 4 start at once, each where the last ended */
		.response = { C, 25000, 18000, 11000, 4000, C, C, C, C, C },
		.missed = 1 << 1 | 1 << 2 | 1 << 3,
		.hits = 7, .misses = 3,
		.sleeps = 6,
	}, {
		.what = "deadline shorter than the period",
		.deadline = 5000, .end = 10 * T,
		.preempt = { [2] = 2500, [3] = 2000 },
		.done = 10,
		/* job 3 completes on its deadline: a hit */
		.response = { C, C, 5500, 5000, C, C, C, C, C, C },
		.missed = 1 << 2,
		.hits = 9, .misses = 1, .sleeps = 9,
	}, {
		.what = "deadline longer than the period",
		.deadline = 2 * T, .end = 10 * T,
		.preempt = { [1] = 25000 - C },
		.done = 10,
		.response = { C, 25000, 18000, 11000, 4000, C, C, C, C, C },
		.missed = 1 << 1,
		.hits = 9, .misses = 1, .sleeps = 6,
	}, {
		.what = "the run ends during job 7: jobs 7, 8, 9 missed",
		.deadline = T, .end = 10 * T,
		.preempt = { [7] = 50000 },
		.done = 7,
		.response = { C, C, C, C, C, C, C },
		.hits = 7, .misses = 3, .sleeps = 7,
	}, {
		.what = "every job takes 1.2 periods: the backlog grows to the end",
		.deadline = T, .end = 10 * T,
		.preempt = { 9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000 },
		.done = 8,
		.response = { 12000, 14000, 16000, 18000, 20000, 22000, 24000, 26000 },
		.missed = 0xff,
		.hits = 0, .misses = 10, .sleeps = 0,
	}, {
		.what = "a late wake-up counts in the response",
		.deadline = T, .end = 10 * T,
		.late = { [1] = 4000 },		/* sleep 1 releases job 2 */
		.done = 10,
		.response = { C, C, 7000, C, C, C, C, C, C, C },
		.hits = 10, .misses = 0, .sleeps = 9,
	}, {
		.what = "the end between two releases: the last job fits",
		.deadline = T, .end = 10 * T + 5000,
		.done = 11,
		.response = { C, C, C, C, C, C, C, C, C, C, C },
		.hits = 11, .misses = 0, .sleeps = 10,
	}, {
		.what = "stopped by a signal in sleep 3: nothing more counted",
		.deadline = T, .end = 10 * T,
		.stop_in_sleep = 4,
		.done = 4,
		.response = { C, C, C, C },
		.hits = 4, .misses = 0, .sleeps = 4,
	}, {
		/* the stop comes at 43.5us: job 4's deadline (50us) is still ahead */
		.what = "stopped by a signal in job 2 of a backlog: jobs 2 and 3 missed",
		.deadline = T, .end = 10 * T,
		.preempt = { 36000 },		/* job 0 ends at 39us */
		.stop_in_receive = 3,
		.done = 2,
		.response = { 39000, 32000 },
		.missed = 0x3,
		.hits = 0, .misses = 4, .sleeps = 0,
	},
};

static struct fake *run_jobs(const struct job_case *jc, const char *name)
{
	struct fake *f = fake_new(jc->end);

	f->p.amount_ns = C;
	f->p.period_ns = T;
	f->p.deadline_ns = jc->deadline;
	memcpy(f->preempt, jc->preempt, sizeof(jc->preempt));
	memcpy(f->late, jc->late, sizeof(jc->late));
	f->stop_in_sleep = jc->stop_in_sleep;
	f->stop_in_receive = jc->stop_in_receive;
	ck_assert_int_eq(run_model(f, name), 0);
	return f;
}

/* The stats and the events of a job run are those of @jc. */
static void assert_jobs(const struct fake *f, const struct job_case *jc)
{
	unsigned int k;

	ck_assert_msg(f->st.hits == jc->hits && f->st.misses == jc->misses,
		      "%s: %llu hits %llu misses, want %llu and %llu", jc->what,
		      (unsigned long long)f->st.hits, (unsigned long long)f->st.misses,
		      (unsigned long long)jc->hits, (unsigned long long)jc->misses);
	ck_assert_uint_eq(f->st.units, jc->done);
	ck_assert_msg(f->nevents == jc->done, "%s: %u events, want %u", jc->what,
		      f->nevents, jc->done);
	for (k = 0; k < jc->done; k++) {
		struct fake_event want = {
			.type = HG_EV_JOB, .at_ns = k * T, .value_ns = jc->response[k],
			.extra = (jc->missed & 1u << k) ? HG_REC_MISS : 0,
		};

		assert_event(f, k, &want);
	}
	assert_hist_holds(&f->st.events, jc->response, jc->done);
	ck_assert_msg(f->nsleep == jc->sleeps, "%s: %u sleeps, want %u", jc->what,
		      f->nsleep, jc->sleeps);
	/* sleeps wait for releases; intervals and gaps are the tracer's */
	for (k = 0; k < f->nsleep; k++)
		ck_assert_msg(f->asked[k] % T == 0 && f->asked[k] < jc->end,
			      "%s: sleep %u until %llu", jc->what, k,
			      (unsigned long long)f->asked[k]);
	ck_assert_uint_eq(f->st.intervals, 0);
	ck_assert_uint_eq(f->st.gaps.count, 0);
}

START_TEST(test_periodic)
{
	const struct job_case *jc = &job_cases[_i];
	struct fake *f = run_jobs(jc, "PERIODIC");
	unsigned int k;

	assert_jobs(f, jc);
	/* one receive per job, each of C, with no deadline of its own */
	for (k = 0; k < f->nreceive; k++) {
		ck_assert_uint_eq(f->budget[k], C);
		ck_assert_uint_eq(f->until[k], HG_NO_LIMIT);
	}
	free(f);
}
END_TEST

/* the number of deadlines in [start, end] */
static uint64_t deadlines_in(uint64_t d, uint64_t end)
{
	return end >= d ? (end - d) / T + 1 : 0;
}

/*
 * hits + misses is the number of deadlines in the run: one more at most,
 * a job released before the end whose deadline is after it, completed
 */
START_TEST(test_periodic_every_deadline_counted)
{
	static const uint64_t deadlines[] = { 2000, 5000, T - 1, T };
	static const uint64_t ends[] = {
		1, C - 1, C, C + 1, T - 1, T, T + 1, 5 * T, 5 * T + 4000, 10 * T - 1,
		10 * T + 2999, 10 * T + 3000, 10 * T + 9999,
	};
	static const uint64_t preempts[][MAX_JOBS] = {
		{ 0 },
		{ [0] = 4000 },
		{ [3] = 22000 },
		{ [1] = 95000 },
		{ 9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000 },
		{ 7000, 0, 7000, 0, 7000, 0, 7000, 0, 7000, 0, 7000 },
	};
	size_t d, e, pi;

	for (d = 0; d < ARRAY_SIZE(deadlines); d++)
	for (e = 0; e < ARRAY_SIZE(ends); e++)
	for (pi = 0; pi < ARRAY_SIZE(preempts); pi++) {
		struct job_case jc = { .what = "", .deadline = deadlines[d], .end = ends[e] };
		uint64_t want = deadlines_in(deadlines[d], ends[e]), got;
		struct fake *f;

		memcpy(jc.preempt, preempts[pi], sizeof(jc.preempt));
		f = run_jobs(&jc, "PERIODIC");
		got = f->st.hits + f->st.misses;
		ck_assert_msg(got == want || got == want + 1,
			      "D %llu, end %llu, preemption %zu: %llu hits + %llu misses, "
			      "%llu deadlines", (unsigned long long)deadlines[d],
			      (unsigned long long)ends[e], pi, (unsigned long long)f->st.hits,
			      (unsigned long long)f->st.misses, (unsigned long long)want);
		/* a completed job is an event; a job missed at the end is not */
		ck_assert_uint_eq(f->nevents, f->st.units);
		ck_assert_uint_le(f->st.units, got);
		free(f);
	}
}
END_TEST

/* a sleep that fails ends the run with its error */
START_TEST(test_periodic_sleep_error)
{
	struct job_case jc = { .deadline = T, .end = 10 * T };
	struct fake *f = fake_new(jc.end);

	f->p.amount_ns = C;
	f->p.period_ns = T;
	f->p.deadline_ns = T;
	f->sleep_err[2] = -EINTR;
	ck_assert_int_eq(run_model(f, "PERIODIC"), -EINTR);
	ck_assert_uint_eq(f->st.hits, 3);
	ck_assert_uint_eq(f->nsleep, 3);
	ck_assert_uint_eq(f->nevents, 3);
	free(f);
}
END_TEST

/* hg_jobs_missed_at_end: the unfinished job k and later ones past their deadline */
static const struct {
	uint64_t start, period, deadline, k, now, missed;
} missed_cases[] = {
	/* D = T */
	{ 0, 10, 10, 0, 0, 0 },
	{ 0, 10, 10, 0, 9, 0 },
	{ 0, 10, 10, 0, 10, 1 },	/* on its deadline */
	{ 0, 10, 10, 0, 19, 1 },
	{ 0, 10, 10, 0, 20, 2 },
	{ 0, 10, 10, 3, 39, 0 },
	{ 0, 10, 10, 3, 40, 1 },
	{ 0, 10, 10, 3, 65, 3 },	/* deadlines 40, 50, 60 */
	/* D < T, a start that is not zero */
	{ 1000, 10, 5, 2, 1024, 0 },
	{ 1000, 10, 5, 2, 1025, 1 },
	{ 1000, 10, 5, 2, 1034, 1 },
	{ 1000, 10, 5, 2, 1035, 2 },
	{ 1000, 10, 5, 0, 999, 0 },	/* before the start */
	/* D > T: deadlines of later jobs come before job k's is far */
	{ 0, 10, 25, 0, 24, 0 },
	{ 0, 10, 25, 0, 25, 1 },
	{ 0, 10, 25, 0, 45, 3 },
	{ 0, 10, 25, 4, 64, 0 },
	{ 0, 10, 25, 4, 65, 1 },
	/* real magnitudes: 1 s of 1 ms jobs, the run ending at job 500 */
	{ S0, 1000000, 1000000, 500, S0 + S0, 500 },
	{ S0, 1000000, 1000000, 500, S0 + S0 - 1, 499 },
};

START_TEST(test_missed_at_end)
{
	uint64_t got = hg_jobs_missed_at_end(missed_cases[_i].start, missed_cases[_i].period,
					     missed_cases[_i].deadline, missed_cases[_i].k,
					     missed_cases[_i].now);

	ck_assert_msg(got == missed_cases[_i].missed,
		      "start %llu T %llu D %llu k %llu now %llu: %llu, want %llu",
		      (unsigned long long)missed_cases[_i].start,
		      (unsigned long long)missed_cases[_i].period,
		      (unsigned long long)missed_cases[_i].deadline,
		      (unsigned long long)missed_cases[_i].k,
		      (unsigned long long)missed_cases[_i].now, (unsigned long long)got,
		      (unsigned long long)missed_cases[_i].missed);
}
END_TEST

/* ------------------------------------------------------ PERIODIC_TABLE */

/* Write @text to @name in the test's directory; the path in @path. */
static void write_table(const char *name, const char *text, char *path, size_t len)
{
	FILE *f;

	snprintf(path, len, "%s/%s", hg_test_tmpdir(), name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* parse PERIODIC_TABLE <path> <period> into @p; the error in @err */
static int table_parse(const char *path, const char *period, struct hg_wl_params *p,
		       char *err, size_t len)
{
	char *args[] = { (char *)path, (char *)period };

	memset(p, 0, sizeof(*p));
	err[0] = '\0';
	return model("PERIODIC_TABLE")->parse(p, args, 2, err, len);
}

START_TEST(test_table_cycles)
{
	static const uint64_t costs[] = { 1000, 2000, 500 };
	/* jobs 0..7: the table three times over, job 4 preempted */
	static const uint64_t response[] = { 1000, 2000, 500, 1000, 11000, 1500, 1000, 2000 };
	const struct hg_workload *wl = model("PERIODIC_TABLE");
	struct fake *f = fake_new(8 * T);
	char path[PATH_MAX], err[512];
	unsigned int k;

	write_table("costs.txt", "# frame costs\n1us\n\n   2000ns\n\t0.5us  \n", path,
		    sizeof(path));
	ck_assert_msg(table_parse(path, "10us", &f->p, err, sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(f->p.path, path);
	ck_assert_uint_eq(f->p.period_ns, T);
	ck_assert_uint_eq(f->p.deadline_ns, T);
	f->preempt[4] = 9000;

	ck_assert_ptr_nonnull(wl->setup);
	ck_assert_ptr_nonnull(wl->teardown);
	ck_assert_int_eq(wl->setup(&f->ctx), 0);
	ck_assert_ptr_nonnull(f->ctx.priv);
	ck_assert_int_eq(wl->run(&f->ctx), 0);
	wl->teardown(&f->ctx);
	ck_assert_ptr_null(f->ctx.priv);

	ck_assert_uint_eq(f->nreceive, 8);
	for (k = 0; k < 8; k++)
		ck_assert_msg(f->budget[k] == costs[k % 3], "job %u asked for %llu, want %llu",
			      k, (unsigned long long)f->budget[k],
			      (unsigned long long)costs[k % 3]);
	ck_assert_uint_eq(f->st.units, 8);
	ck_assert_uint_eq(f->st.hits, 7);
	ck_assert_uint_eq(f->st.misses, 1);
	for (k = 0; k < 8; k++) {
		struct fake_event want = {
			.type = HG_EV_JOB, .at_ns = k * T, .value_ns = response[k],
			.extra = k == 4 ? HG_REC_MISS : 0,
		};

		assert_event(f, k, &want);
	}
	assert_hist_holds(&f->st.events, response, 8);
	free(f);
}
END_TEST

/* a table of one time is PERIODIC */
START_TEST(test_table_one_line)
{
	const struct hg_workload *wl = model("PERIODIC_TABLE");
	const struct job_case *jc = &job_cases[2];	/* the 2.5-period overrun */
	struct fake *f = fake_new(jc->end);
	char path[PATH_MAX], err[512];

	write_table("one.txt", "3us", path, sizeof(path));	/* no newline at the end */
	ck_assert_msg(table_parse(path, "10us", &f->p, err, sizeof(err)) == 0, "%s", err);
	memcpy(f->preempt, jc->preempt, sizeof(jc->preempt));
	ck_assert_int_eq(wl->setup(&f->ctx), 0);
	ck_assert_int_eq(wl->run(&f->ctx), 0);
	wl->teardown(&f->ctx);
	assert_jobs(f, jc);
	free(f);
}
END_TEST

/* the file is read again by setup: a file gone since the parse is an error */
START_TEST(test_table_setup_missing)
{
	const struct hg_workload *wl = model("PERIODIC_TABLE");
	struct fake *f = fake_new(T);
	char path[PATH_MAX], err[512];

	write_table("gone.txt", "1us\n", path, sizeof(path));
	ck_assert_int_eq(table_parse(path, "10us", &f->p, err, sizeof(err)), 0);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(wl->setup(&f->ctx), -ENOENT);
	ck_assert_ptr_null(f->ctx.priv);
	free(f);
}
END_TEST

/*
 * Files that are not regular (a FIFO with no writer, a device, a
 * directory) are refused before a read could block or never end; a line
 * past 4096 bytes is refused without reading the rest of it.
 */
START_TEST(test_table_not_regular)
{
	char path[PATH_MAX], err[512], want[PATH_MAX + 64], *big;
	struct hg_wl_params p;

	snprintf(path, sizeof(path), "%s/fifo", hg_test_tmpdir());
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	ck_assert_int_eq(table_parse(path, "10ms", &p, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "file '%s': is a FIFO, not a regular file", path);
	ck_assert_str_eq(err, want);
	unlink(path);
	ck_assert_int_eq(table_parse("/dev/zero", "10ms", &p, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "file '/dev/zero': is a character device, not a regular file");
	ck_assert_int_eq(table_parse("/", "10ms", &p, err, sizeof(err)), -EISDIR);
	ck_assert_str_eq(err, "file '/': is a directory");

	big = malloc(5002);
	ck_assert_ptr_nonnull(big);
	memset(big, '1', 5000);
	big[5000] = '\n';
	big[5001] = '\0';
	write_table("long.txt", big, path, sizeof(path));
	free(big);
	ck_assert_int_eq(table_parse(path, "10ms", &p, err, sizeof(err)), -E2BIG);
	snprintf(want, sizeof(want), "file '%s' line 1: longer than 4096 bytes", path);
	ck_assert_str_eq(err, want);
}
END_TEST

#define UNITS "(use d, h, m, s, ms, us or ns)"

static const struct {
	const char *what;
	const char *text;	/* NULL: no such file */
	int ret;
	const char *reason;	/* after "file '<path>" */
} table_errors[] = {
	{ "missing file", NULL, -ENOENT, "': No such file or directory" },
	{ "empty file", "", -EINVAL, "': no times in it (one per line, e.g. 12ms)" },
	/* the file's words reach the terminal tamed: no escape sequence */
	{ "escape sequence", "1ms\n\033]0;x\007\n", -EINVAL,
	  "' line 2: '?]0;x?': not a time value (write e.g. 1.5ms)" },
	{ "only comments and blank lines", "# costs\n\n   \n\t\n#1ms\n", -EINVAL,
	  "': no times in it (one per line, e.g. 12ms)" },
	{ "bad time on line 4", "1ms\n2ms\n# next\n3parsecs\n5ms\n", -EINVAL,
	  "' line 4: '3parsecs': unknown time unit 'parsecs' " UNITS },
	{ "bad time on line 2", "1ms\n\tabc\n", -EINVAL,
	  "' line 2: 'abc': not a time value (write e.g. 1.5ms)" },
	{ "no unit on line 3", "1ms\n\n12\n", -EINVAL,
	  "' line 3: '12': missing time unit (e.g. 12s; use d, h, m, s, ms, us or ns)" },
	{ "zero on line 2", "1ms\n0ms\n", -EINVAL, "' line 2: '0ms': must be greater than zero" },
	{ "zero on line 1", "0us\n", -EINVAL, "' line 1: '0us': must be greater than zero" },
	{ "too large on line 2", "1ms\n99999999999m\n", -EINVAL,
	  "' line 2: '99999999999m': time value too large" },
};

START_TEST(test_table_errors)
{
	char path[PATH_MAX], err[512], want[PATH_MAX + 256];
	struct hg_wl_params p;

	if (table_errors[_i].text)
		write_table("bad.txt", table_errors[_i].text, path, sizeof(path));
	else
		snprintf(path, sizeof(path), "%s/no-such-table.txt", hg_test_tmpdir());
	snprintf(want, sizeof(want), "file '%s%s", path, table_errors[_i].reason);
	ck_assert_msg(table_parse(path, "10ms", &p, err, sizeof(err)) == table_errors[_i].ret,
		      "%s: '%s'", table_errors[_i].what, err);
	ck_assert_msg(!strcmp(err, want), "%s:\n got '%s'\nwant '%s'", table_errors[_i].what,
		      err, want);
}
END_TEST

/*
 * BUG (workloads/periodic_table.c:28,39, read_table(): lines are read with
 * fgets() into a 256-byte buffer): a line longer than that is read as
 * several, so the rest of a long comment is parsed as a time, and the
 * error names a line number one too high ("line 2: 'xxx...': ..." for
 * what is the end of line 1). Lines starting with # are to be skipped
 * whatever their length.
 */
START_TEST(test_table_long_comment)
{
	char text[512], path[PATH_MAX], err[512];
	struct hg_wl_params p;

	snprintf(text, sizeof(text), "# %0300d\n1ms\n2ms\n", 0);
	write_table("long.txt", text, path, sizeof(path));
	ck_assert_msg(table_parse(path, "10ms", &p, err, sizeof(err)) == 0, "'%s'", err);
}
END_TEST

/* wl->parse() called with the stack @pad bytes deeper */
static __attribute__((noinline)) int parse_deeper(const struct hg_workload *wl,
						  struct hg_wl_params *p, char **args,
						  char *err, size_t len, size_t pad)
{
	volatile char *room = __builtin_alloca(pad + 1);

	room[0] = 0;
	return wl->parse(p, args, 2, err, len);
}

/*
 * BUG (workloads/periodic_table.c:41,48-49, read_table(): "uint64_t ns;"
 * is read by "ns ? why : ..." after hg_parse_time() failed without setting
 * it): when the first time in a file is bad, the reason given depends on
 * what the stack held: "abc" on line 1 is sometimes reported as "must be
 * greater than zero" (valgrind: "Conditional jump or move depends on
 * uninitialised value(s)" at periodic_table.c:48). The parse is tried
 * with the stack at many depths, so that one garbage value or another
 * shows it.
 */
START_TEST(test_table_first_line_bad_any_stack)
{
	const struct hg_workload *wl = model("PERIODIC_TABLE");
	char bad[PATH_MAX], err[512], want[PATH_MAX + 256];
	char *args[] = { bad, "10ms" };
	struct hg_wl_params p;
	size_t pad, wrong = 0;

	write_table("bad.txt", "abc\n1ms\n", bad, sizeof(bad));
	snprintf(want, sizeof(want), "file '%s' line 1: 'abc': not a time value "
		 "(write e.g. 1.5ms)", bad);
	for (pad = 0; pad < 4096; pad += 8) {
		ck_assert_int_eq(parse_deeper(wl, &p, args, err, sizeof(err), pad), -EINVAL);
		wrong += strcmp(err, want) != 0;
	}
	ck_assert_msg(!wrong, "%zu of 512 parses said something else, e.g. '%s'", wrong, err);
}
END_TEST

/* ------------------------------------------------------- CPU_PERIODIC */

#define MAX_FRAMES 24

/*
 * CPU_PERIODIC C=3us T=10us from S0 to S0 + end, receive call i preempted
 * for preempt[i]: its frames and missed periods, in order.
 */
static const struct frame_case {
	const char *what;
	uint64_t end;
	uint64_t preempt[MAX_FRAMES];
	/* expected */
	unsigned int nevents;
	struct fake_event ev[MAX_FRAMES];
	uint64_t hits, misses;
	unsigned int receives;
} frame_cases[] = {
	{
		.what = "a frame each C",
		.end = 31000,
		.nevents = 10,
		.ev = {
			{ HG_EV_FRAME, 3000, C, 0 }, { HG_EV_FRAME, 6000, C, 0 },
			{ HG_EV_FRAME, 9000, C, 0 }, { HG_EV_FRAME, 12000, C, 0 },
			{ HG_EV_FRAME, 15000, C, 0 }, { HG_EV_FRAME, 18000, C, 0 },
			{ HG_EV_FRAME, 21000, C, 0 }, { HG_EV_FRAME, 24000, C, 0 },
			{ HG_EV_FRAME, 27000, C, 0 }, { HG_EV_FRAME, 30000, C, 0 },
		},
		.hits = 10, .misses = 0, .receives = 11,
	}, {
		.what = "a missed period: the frame's work goes on into the next",
		.end = 40000,
		/* call 2 runs only from 14us: 2us of its 3us by the period's end */
		.preempt = { [2] = 8000 },
		.nevents = 11,
		.ev = {
			{ HG_EV_FRAME, 3000, C, 0 }, { HG_EV_FRAME, 6000, C, 0 },
			{ HG_EV_PERIOD, 16000, T, HG_REC_MISS },
			/* the next period began at 16us, not when the miss was seen */
			{ HG_EV_FRAME, 17000, 11000, 0 },
			{ HG_EV_FRAME, 20000, C, 0 }, { HG_EV_FRAME, 23000, C, 0 },
			{ HG_EV_FRAME, 26000, C, 0 }, { HG_EV_FRAME, 29000, C, 0 },
			{ HG_EV_FRAME, 32000, C, 0 }, { HG_EV_FRAME, 35000, C, 0 },
			{ HG_EV_FRAME, 38000, C, 0 },
		},
		.hits = 10, .misses = 1, .receives = 12,
	}, {
		.what = "preempted for 3.5 periods: a miss each period",
		.end = 60000,
		.preempt = { [1] = 35000 },
		.nevents = 11,
		.ev = {
			{ HG_EV_FRAME, 3000, C, 0 },
			{ HG_EV_PERIOD, 13000, T, HG_REC_MISS },
			{ HG_EV_PERIOD, 23000, T, HG_REC_MISS },
			{ HG_EV_PERIOD, 33000, T, HG_REC_MISS },
			{ HG_EV_FRAME, 41000, 38000, 0 },
			{ HG_EV_FRAME, 44000, C, 0 }, { HG_EV_FRAME, 47000, C, 0 },
			{ HG_EV_FRAME, 50000, C, 0 }, { HG_EV_FRAME, 53000, C, 0 },
			{ HG_EV_FRAME, 56000, C, 0 }, { HG_EV_FRAME, 59000, C, 0 },
		},
		.hits = 8, .misses = 3, .receives = 12,
	}, {
		.what = "back from a preemption past the period's end: the next began there",
		.end = 25000,
		.preempt = { 12000 },
		.nevents = 5,
		.ev = {
			{ HG_EV_PERIOD, T, T, HG_REC_MISS },
			{ HG_EV_FRAME, 15000, 15000, 0 },
			{ HG_EV_FRAME, 18000, C, 0 }, { HG_EV_FRAME, 21000, C, 0 },
			{ HG_EV_FRAME, 24000, C, 0 },
		},
		.hits = 4, .misses = 1, .receives = 6,
	}, {
		.what = "the run ends before the first frame",
		.end = 2000,
		.nevents = 0,
		.hits = 0, .misses = 0, .receives = 1,
	},
};

START_TEST(test_cpu_periodic)
{
	const struct frame_case *fc = &frame_cases[_i];
	struct fake *f = fake_new(fc->end);
	uint64_t frames[MAX_FRAMES];
	unsigned int i, nframes = 0, periods = 0;

	f->p.amount_ns = C;
	f->p.period_ns = T;
	f->p.deadline_ns = T;
	memcpy(f->preempt, fc->preempt, sizeof(fc->preempt));
	ck_assert_int_eq(run_model(f, "CPU_PERIODIC"), 0);

	ck_assert_msg(f->st.hits == fc->hits && f->st.misses == fc->misses,
		      "%s: %llu hits %llu misses, want %llu and %llu", fc->what,
		      (unsigned long long)f->st.hits, (unsigned long long)f->st.misses,
		      (unsigned long long)fc->hits, (unsigned long long)fc->misses);
	ck_assert_uint_eq(f->st.units, fc->hits);
	ck_assert_msg(f->nevents == fc->nevents, "%s: %u events, want %u", fc->what,
		      f->nevents, fc->nevents);
	for (i = 0; i < fc->nevents; i++) {
		assert_event(f, i, &fc->ev[i]);
		if (fc->ev[i].type == HG_EV_FRAME)
			frames[nframes++] = fc->ev[i].value_ns;
	}
	/* the histogram holds the frames' times, not the missed periods */
	assert_hist_holds(&f->st.events, frames, nframes);
	/* never blocks; each receive ends a period but the last */
	ck_assert_uint_eq(f->nsleep, 0);
	ck_assert_uint_eq(f->nreceive, fc->receives);
	for (i = 0; i < f->nreceive; i++)
		periods += f->received[i] != HG_LOOP_STOP;
	ck_assert_int_eq(f->received[f->nreceive - 1], HG_LOOP_STOP);
	ck_assert_uint_eq(f->st.hits + f->st.misses, periods);
	free(f);
}
END_TEST

/*
 * BUG (workloads/cpu_periodic.c:59-60, cpu_periodic_run(): on
 * HG_LOOP_STOP it returns at once): periods that ended before the run did
 * but that the thread saw only when the stop came are not counted. A
 * thread starved from 6us to past its end of 60us, as a low-priority
 * CPU_PERIODIC thread under an RT one is, reports 2 hits and no miss;
 * 5 periods ended with no frame in the run (at 16, 26, 36, 46, 56us).
 * hg_jobs_run() counts the same case for PERIODIC (hg_jobs_missed_at_end).
 */
START_TEST(test_cpu_periodic_starved_past_end)
{
	struct fake *f = fake_new(60000);
	uint64_t hits, misses;
	unsigned int nreceive;
	int last;

	f->p.amount_ns = C;
	f->p.period_ns = T;
	f->p.deadline_ns = T;
	f->preempt[2] = 100000;
	ck_assert_int_eq(run_model(f, "CPU_PERIODIC"), 0);
	hits = f->st.hits;
	misses = f->st.misses;
	nreceive = f->nreceive;
	last = f->received[2];
	free(f);
	ck_assert_uint_eq(nreceive, 3);
	ck_assert_int_eq(last, HG_LOOP_STOP);
	ck_assert_uint_eq(hits, 2);
	ck_assert_msg(misses == 5, "%llu misses, want 5 (periods ending at 16, 26, 36, 46 "
		      "and 56us)", (unsigned long long)misses);
}
END_TEST

/* what each receive is asked for: the work still to do, by the period's end */
START_TEST(test_cpu_periodic_budgets)
{
	const struct frame_case *fc = &frame_cases[1];
	static const uint64_t budget[] = { C, C, C, 1000, C, C };
	static const uint64_t until[] = { T, 13000, 16000, 26000, 27000, 30000 };
	struct fake *f = fake_new(fc->end);
	unsigned int i;

	f->p.amount_ns = C;
	f->p.period_ns = T;
	memcpy(f->preempt, fc->preempt, sizeof(fc->preempt));
	ck_assert_int_eq(run_model(f, "CPU_PERIODIC"), 0);
	for (i = 0; i < ARRAY_SIZE(budget); i++) {
		ck_assert_msg(f->budget[i] == budget[i], "call %u: budget %llu, want %llu", i,
			      (unsigned long long)f->budget[i], (unsigned long long)budget[i]);
		ck_assert_msg(f->until[i] == until[i], "call %u: until %llu, want %llu", i,
			      (unsigned long long)f->until[i], (unsigned long long)until[i]);
	}
	free(f);
}
END_TEST

/* ---------------------------------------------------------------- LAT */

#define MAX_SAMPLES 16

/*
 * LAT T=1us from S0 to S0 + end, sleep i woken late[i] late, counting
 * samples over 5 ns, 100 ns and 1 us
 */
static const uint64_t lat_thresholds[] = { 5, 100, 1000 };

static const struct lat_case {
	const char *what;
	uint64_t end;
	uint64_t late[MAX_SAMPLES];
	bool grid;			/* LAT T GRID */
	unsigned int stop_in_sleep;
	int sleep_err_at;		/* sleep (n - 1) fails with -EINTR; 0: none */
	/* expected */
	int ret;
	unsigned int sleeps;
	uint64_t asked[MAX_SAMPLES];	/* each sleep's requested wake-up, from S0 */
	unsigned int nsamples;		/* the first nsamples sleeps give a sample */
	uint64_t over[3];
} lat_cases[] = {
	{
		.what = "each request is the last wake-up + T",
		.end = 10500,
		.late = { 0, 5, 120, 0, 2000, 30, 0, 0 },
		.sleeps = 8,
		.asked = { 1000, 2000, 3005, 4125, 5125, 8125, 9155, 10155 },
		.nsamples = 8,
		.over = { 3, 2, 1 },	/* 5 is not over 5 */
	}, {
		/*
		 * the same wake-ups on the grid S0 + k*T: the one 2 us late
		 * (asked 5000, woke 7000) skips 6000, already past; 7000 is
		 * not, and is asked for (as cyclictest does)
		 */
		.what = "GRID: each request on S0 + k*T, the points past skipped",
		.end = 10500,
		.late = { 0, 5, 120, 0, 2000, 30, 0, 0, 0 },
		.grid = true,
		.sleeps = 9,
		.asked = { 1000, 2000, 3000, 4000, 5000, 7000, 8000, 9000, 10000 },
		.nsamples = 9,
		.over = { 3, 2, 1 },
	}, {
		.what = "GRID: a late wake-up between two points waits for the next",
		.end = 5000,
		.late = { 1500 },
		.grid = true,
		.sleeps = 4,
		.asked = { 1000, 3000, 4000, 5000 },	/* woke at 2500: 2000 is past */
		.nsamples = 4,
		.over = { 1, 1, 1 },
	}, {
		.what = "a request on the end: sampled, then the end",
		.end = 3000,
		.sleeps = 3,
		.asked = { 1000, 2000, 3000 },
		.nsamples = 3,
	}, {
		.what = "the last wake-up late past the end: sampled",
		.end = 3500,
		.late = { [2] = 900 },
		.sleeps = 3,
		.asked = { 1000, 2000, 3000 },
		.nsamples = 3,
		.over = { 1, 1, 0 },
	}, {
		.what = "a signal in sleep 2: no sample of it",
		.end = 10000,
		.late = { 7, 7 },
		.stop_in_sleep = 3,
		.sleeps = 3,
		.asked = { 1000, 2007, 3014 },
		.nsamples = 2,
		.over = { 2, 0, 0 },
	}, {
		.what = "the first request after the end: no sleep",
		.end = 999,
		.sleeps = 0,
		.nsamples = 0,
	}, {
		.what = "a failed sleep ends the run with its error",
		.end = 10000,
		.late = { 200 },
		.sleep_err_at = 2,
		.ret = -EINTR,
		.sleeps = 2,
		.asked = { 1000, 2200 },
		.nsamples = 1,
		.over = { 1, 1, 0 },
	},
};

START_TEST(test_lat)
{
	const struct lat_case *lc = &lat_cases[_i];
	struct fake *f = fake_new(lc->end);
	uint64_t late[MAX_SAMPLES];
	unsigned int i;

	f->p.period_ns = 1000;
	f->p.grid = lc->grid;
	f->ctx.thresholds_ns = lat_thresholds;
	f->ctx.nthresholds = ARRAY_SIZE(lat_thresholds);
	memcpy(f->late, lc->late, sizeof(lc->late));
	f->stop_in_sleep = lc->stop_in_sleep;
	if (lc->sleep_err_at)
		f->sleep_err[lc->sleep_err_at - 1] = -EINTR;
	ck_assert_int_eq(run_model(f, "LAT"), lc->ret);

	ck_assert_msg(f->nsleep == lc->sleeps, "%s: %u sleeps, want %u", lc->what, f->nsleep,
		      lc->sleeps);
	for (i = 0; i < lc->sleeps; i++)
		ck_assert_msg(f->asked[i] == lc->asked[i], "%s: sleep %u until %llu, want %llu",
			      lc->what, i, (unsigned long long)f->asked[i],
			      (unsigned long long)lc->asked[i]);
	/* one sample per sleep that woke: at the time asked, its lateness */
	ck_assert_msg(f->nevents == lc->nsamples, "%s: %u samples, want %u", lc->what,
		      f->nevents, lc->nsamples);
	for (i = 0; i < lc->nsamples; i++) {
		struct fake_event want = { HG_EV_LAT, lc->asked[i], lc->late[i], 0 };

		assert_event(f, i, &want);
		late[i] = lc->late[i];
	}
	assert_hist_holds(&f->st.events, late, lc->nsamples);
	for (i = 0; i < HG_MAX_THRESHOLDS; i++)
		ck_assert_msg(f->st.over[i] == (i < 3 ? lc->over[i] : 0),
			      "%s: over[%u] = %llu, want %llu", lc->what, i,
			      (unsigned long long)f->st.over[i],
			      (unsigned long long)(i < 3 ? lc->over[i] : 0));
	/* LAT counts no deadlines, no units, no intervals */
	ck_assert_uint_eq(f->st.hits, 0);
	ck_assert_uint_eq(f->st.misses, 0);
	ck_assert_uint_eq(f->st.units, 0);
	ck_assert_uint_eq(f->st.intervals, 0);
	ck_assert_uint_eq(f->nreceive, 0);
	free(f);
}
END_TEST

/* every threshold a run may count, each sample against each */
START_TEST(test_lat_all_thresholds)
{
	uint64_t th[HG_MAX_THRESHOLDS];
	/* 17 sleeps of 1 us, late by 100 ns .. 1.6 us and then 5 us: the last ends the run */
	struct fake *f = fake_new(17 * 1000 + 16 * 17 * 100 / 2 + 5000);
	unsigned int i;

	for (i = 0; i < HG_MAX_THRESHOLDS; i++)
		th[i] = 100 * (i + 1);			/* 100 ns .. 1.6 us */
	for (i = 0; i < 16; i++)
		f->late[i] = 100 * (i + 1);		/* each on a threshold */
	f->late[16] = 5000;				/* over them all */
	f->p.period_ns = 1000;
	f->ctx.thresholds_ns = th;
	f->ctx.nthresholds = HG_MAX_THRESHOLDS;
	ck_assert_int_eq(run_model(f, "LAT"), 0);
	ck_assert_uint_eq(f->nevents, 17);
	/* threshold i is passed by samples i+1 .. 15 and the last one */
	for (i = 0; i < HG_MAX_THRESHOLDS; i++)
		ck_assert_msg(f->st.over[i] == HG_MAX_THRESHOLDS - i,
			      "over[%u] = %llu, want %u", i, (unsigned long long)f->st.over[i],
			      HG_MAX_THRESHOLDS - i);
	free(f);
}
END_TEST

/* no thresholds: nothing counted over them, the histogram all the same */
START_TEST(test_lat_no_thresholds)
{
	struct fake *f = fake_new(10500);
	static const uint64_t late[] = { 0, 5, 120, 0, 2000, 30, 0, 0 };
	unsigned int i;

	memcpy(f->late, late, sizeof(late));
	f->p.period_ns = 1000;
	ck_assert_int_eq(run_model(f, "LAT"), 0);
	for (i = 0; i < HG_MAX_THRESHOLDS; i++)
		ck_assert_uint_eq(f->st.over[i], 0);
	assert_hist_holds(&f->st.events, late, ARRAY_SIZE(late));
	ck_assert_uint_eq(f->st.events.bucket[0], 4);
	ck_assert_uint_eq(f->st.events.bucket[hg_hist_index(2000)], 1);
	free(f);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("models");
	TCase *tc;

	tc = tcase_create("registry");
	tcase_add_loop_test(tc, test_model_ops, 0, ARRAY_SIZE(model_table));
	suite_add_tcase(s, tc);

	tc = tcase_create("periodic");
	tcase_add_loop_test(tc, test_periodic, 0, ARRAY_SIZE(job_cases));
	tcase_add_test(tc, test_periodic_every_deadline_counted);
	tcase_add_test(tc, test_periodic_sleep_error);
	tcase_add_loop_test(tc, test_missed_at_end, 0, ARRAY_SIZE(missed_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("periodic_table");
	tcase_add_test(tc, test_table_cycles);
	tcase_add_test(tc, test_table_one_line);
	tcase_add_test(tc, test_table_setup_missing);
	tcase_add_test(tc, test_table_not_regular);
	tcase_add_loop_test(tc, test_table_errors, 0, ARRAY_SIZE(table_errors));
	tcase_add_test(tc, test_table_first_line_bad_any_stack);
	tcase_add_test(tc, test_table_long_comment);
	suite_add_tcase(s, tc);

	tc = tcase_create("cpu_periodic");
	tcase_add_loop_test(tc, test_cpu_periodic, 0, ARRAY_SIZE(frame_cases));
	tcase_add_test(tc, test_cpu_periodic_budgets);
	tcase_add_test(tc, test_cpu_periodic_starved_past_end);
	suite_add_tcase(s, tc);

	tc = tcase_create("lat");
	tcase_add_loop_test(tc, test_lat, 0, ARRAY_SIZE(lat_cases));
	tcase_add_test(tc, test_lat_all_thresholds);
	tcase_add_test(tc, test_lat_no_thresholds);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
