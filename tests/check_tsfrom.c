// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_tsfrom.c - analysis/jobrecv.c and analysis/tsfrom.c: what each job
 * of a run received, and the task set rta --from builds of a trace, with
 * where each value came from; report/rtafrom.c: the bound beside the
 * response the run measured
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/jobrecv.h"
#include "analysis/tsfrom.h"
#include "helpers.h"
#include "report/rtaprint.h"

static void add_event(struct hg_trace_thread *th, uint64_t at, uint32_t value_ns,
		      unsigned int type)
{
	struct hg_record *r = realloc(th->recs, (th->stored + 1) * sizeof(*r));

	ck_assert_ptr_nonnull(r);
	th->recs = r;
	r[th->stored++] = (struct hg_record){
		.start_cycles = at, .len_cycles = value_ns, .flags = hg_event_flags(type, 0),
	};
}

/* A thread of model @model, period @t ns, C @c ns, priority @prio (0: none), on CPU 0. */
static void set_thread(struct hg_trace_thread *th, uint32_t model, uint64_t t, uint64_t c,
		       int32_t prio, const char *label)
{
	th->model = model;
	th->period_ns = t;
	th->deadline_ns = t;
	th->wcet_ns = c;
	th->rt_prio = prio ? prio : HG_NO_RT_PRIO;
	snprintf(th->cpus, sizeof(th->cpus), "0");
	snprintf(th->workload, sizeof(th->workload), "%s", label);
	snprintf(th->priority, sizeof(th->priority), prio ? "FIFO:%d" : "-", prio);
}

/*
 * One PERIODIC thread of T = 20 us at 1 GHz (a cycle is a ns), its jobs
 * released 10 us apart (the windows come from the events alone): job 0
 * released at 10000, preempted, received 1000 + 2000 and was done at
 * 14000; job 1 received 3500 of [20100, 23600); job 2, released at 30000,
 * ran without a break to 41000, past job 3's release at 40000, which ran
 * on in the same interval to 43000: a job starts when the one before it
 * is done, so job 2 received 11000 and job 3 2000.
 */
static const uint64_t per_iv[][2] = {
	{ 10000, 1000 }, { 12000, 2000 }, { 20100, 3500 }, { 30000, 13000 },
};
static const uint64_t (*const per[])[2] = { per_iv };
static const size_t nper[] = { 4 };

static struct hg_trace *periodic_trace(void)
{
	struct hg_trace *t = hg_test_trace(1, per, nper);
	struct hg_trace_thread *th;

	ck_assert_ptr_nonnull(t);
	th = &t->threads[0];
	set_thread(th, HG_MODEL_PERIODIC, 20000, 3000, 50, "PERIODIC 3us 20us");
	add_event(th, 10000, 4000, HG_EV_JOB);
	add_event(th, 20000, 3600, HG_EV_JOB);
	add_event(th, 30000, 11000, HG_EV_JOB);
	add_event(th, 40000, 3000, HG_EV_JOB);
	hg_hist_add(&th->stats.events, 4000);
	hg_hist_add(&th->stats.events, 3600);
	hg_hist_add(&th->stats.events, 11000);
	hg_hist_add(&th->stats.events, 3000);
	hg_hist_add(&th->stats.jitter, 100);
	hg_hist_add(&th->stats.jitter, 0);
	return t;
}

START_TEST(test_jobrecv_periodic)
{
	struct hg_trace *t = periodic_trace();
	struct hg_jobrecv r;

	ck_assert_int_eq(hg_jobrecv(t, &t->threads[0], &r), 0);
	ck_assert_uint_eq(r.jobs, 4);
	ck_assert_uint_eq(r.max_ns, 11000);
	ck_assert_uint_eq(r.max_job, 2);
	t->threads[0].model = HG_MODEL_SPIN;
	ck_assert_int_eq(hg_jobrecv(t, &t->threads[0], &r), -ENODATA);
	hg_trace_free(t);
}
END_TEST

/*
 * A LAT thread of 10 us: it asked for 10000 and 20000, woke 300 and 50
 * late, ran 200 and 400 to its sleep: C 400, J 300 (the lateness), the
 * worst response 500 (from the time asked for to the end of its run).
 */
static const uint64_t lat_iv[][2] = { { 10300, 200 }, { 20050, 400 } };
static const uint64_t (*const lat[])[2] = { lat_iv };
static const size_t nlat[] = { 2 };

START_TEST(test_jobrecv_lat)
{
	struct hg_trace *t = hg_test_trace(1, lat, nlat);
	struct hg_trace_thread *th = &t->threads[0];
	struct hg_jobrecv r;

	set_thread(th, HG_MODEL_LAT, 10000, 0, 0, "LAT 10us");
	add_event(th, 10000, 300, HG_EV_LAT);
	add_event(th, 20000, 50, HG_EV_LAT);
	ck_assert_int_eq(hg_jobrecv(t, th, &r), 0);
	ck_assert_uint_eq(r.jobs, 2);
	ck_assert_uint_eq(r.max_ns, 400);
	ck_assert_uint_eq(r.resp_max_ns, 500);
	hg_trace_free(t);
}
END_TEST

/* The set of the PERIODIC trace: C measured (11 us, not the options' 3 us), J measured. */
START_TEST(test_build_periodic)
{
	struct hg_trace *t = periodic_trace();
	struct hg_taskset s = { 0 };
	struct hg_tsfrom f;
	char err[256];

	ck_assert_int_eq(hg_tsfrom_build(t, "run.hgt", &s, &f, err, sizeof(err)), 0);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_uint_eq(s.task[0].rta.c_ns, 11000);
	ck_assert_uint_eq(s.task[0].rta.t_ns, 20000);
	ck_assert_uint_eq(s.task[0].rta.j_ns, 100);
	ck_assert_int_eq(s.task[0].rta.prio, 50);
	ck_assert_int_eq(f.task[0].c.src, HG_TSFROM_MEASURED);
	ck_assert_uint_eq(f.task[0].c_config_ns, 3000);
	ck_assert_uint_eq(f.task[0].jobs, 4);
	ck_assert_int_eq(f.task[0].t.src, HG_TSFROM_CONFIG);
	ck_assert_int_eq(f.task[0].j.src, HG_TSFROM_MEASURED);
	ck_assert_int_eq(f.task[0].b.src, HG_TSFROM_ASSUMED);
	ck_assert_uint_eq(f.task[0].observed_ns, 11000);
	/* one thread preempts none: no switch cost measured, said */
	ck_assert_int_eq(f.ovh.src, HG_TSFROM_ASSUMED);
	ck_assert(!hg_overheads_any(&s.ovh));
	ck_assert_str_eq(hg_tsfrom_src_name(HG_TSFROM_CONFIG), "config");
	hg_tsfrom_free(&f, &s);
	hg_trace_free(t);
}
END_TEST

/* rta's report of @s as text (@json: JSON). */
static char *report(struct hg_taskset *s, bool json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(hg_rta_report(m, s, json, NULL), 0);
	fclose(m);
	return buf;
}

/*
 * The bound beside the worst response measured: 11 us against a bound of
 * 11.1 us (C 11 us, J 0.1 us) holds; with a response of 20 us measured,
 * the bound is below it, and the report says the model is wrong.
 */
START_TEST(test_report_beside)
{
	struct hg_trace *t = periodic_trace();
	struct hg_taskset s = { 0 };
	struct hg_tsfrom f;
	struct json_object *doc;
	char err[256], *out;

	ck_assert_int_eq(hg_tsfrom_build(t, "run.hgt", &s, &f, err, sizeof(err)), 0);
	out = report(&s, false);
	ck_assert_msg(strstr(out, "# rta: from run.hgt: thread 0 (PERIODIC 3us 20us): C 0.011 ms "
			     "(measured: the most one job received, of 4; its options' 0.003 ms)"),
		      "%s", out);
	ck_assert_msg(strstr(out, "# rta: from run.hgt: thread 0: measured worst response 0.011 ms "
			     "(of 4), bound 0.011 ms: holds"), "%s", out);
	free(out);
	f.task[0].observed_ns = 20000;
	out = report(&s, false);
	ck_assert_msg(strstr(out, "bound 0.011 ms: ABOVE THE BOUND by 0.009 ms: the model is "
			     "wrong for this run"), "%s", out);
	free(out);
	out = report(&s, true);
	doc = hg_test_json(out);
	ck_assert_uint_eq(hg_test_json_u64(doc, "from/model_wrong"), 1);
	ck_assert(hg_test_json_bool(doc, "from/tasks/0/model_wrong"));
	ck_assert_str_eq(hg_test_json_str(doc, "from/tasks/0/c_source"), "measured");
	ck_assert_uint_eq(hg_test_json_u64(doc, "from/tasks/0/bound_ns"), 11100);
	json_object_put(doc);
	free(out);
	/* without --from: "from" is null */
	s.from = NULL;
	out = report(&s, true);
	doc = hg_test_json(out);
	ck_assert(hg_test_json_null(doc, "from"));
	json_object_put(doc);
	free(out);
	hg_tsfrom_free(&f, &s);
	hg_trace_free(t);
}
END_TEST

/*
 * A CPU_PERIODIC thread (frames of 2 us at most received, every 10 us) and
 * a PERIODIC one (3 us every 10 us) on CPU 0. Below the PERIODIC one it is
 * a task of C and T; above it, it would keep it from running: left out,
 * with the reason, and a thread that never blocks.
 */
static const uint64_t cp_iv0[][2] = { { 10000, 3000 } };
static const uint64_t cp_iv1[][2] = { { 1000, 1500 }, { 13000, 2000 } };
static const uint64_t (*const cp[])[2] = { cp_iv0, cp_iv1 };
static const size_t ncp[] = { 1, 2 };

static struct hg_trace *cpu_periodic_trace(int32_t prio)
{
	struct hg_trace *t = hg_test_trace(2, cp, ncp);
	struct hg_trace_thread *p = &t->threads[0], *c = &t->threads[1];

	set_thread(p, HG_MODEL_PERIODIC, 10000, 3000, 50, "PERIODIC 3us 10us");
	add_event(p, 10000, 3000, HG_EV_JOB);
	hg_hist_add(&p->stats.events, 3000);
	set_thread(c, HG_MODEL_CPU_PERIODIC, 10000, 0, prio, "CPU_PERIODIC 2us 10us");
	add_event(c, 2500, 1500, HG_EV_FRAME);
	add_event(c, 15000, 12500, HG_EV_FRAME);
	hg_hist_add(&c->stats.events, 1500);
	hg_hist_add(&c->stats.events, 12500);
	return t;
}

START_TEST(test_build_cpu_periodic)
{
	struct hg_trace *t = cpu_periodic_trace(10);
	struct hg_taskset s = { 0 };
	struct hg_tsfrom f;
	char err[256];

	ck_assert_int_eq(hg_tsfrom_build(t, "run.hgt", &s, &f, err, sizeof(err)), 0);
	ck_assert_uint_eq(s.n, 2);
	ck_assert_uint_eq(s.nhogs, 0);
	ck_assert_uint_eq(f.nleft, 0);
	ck_assert_uint_eq(s.task[1].rta.c_ns, 2000);
	ck_assert_uint_eq(s.task[1].rta.t_ns, 10000);
	ck_assert_uint_eq(s.task[1].rta.j_ns, 0);
	ck_assert_int_eq(f.task[1].j.src, HG_TSFROM_ASSUMED);
	ck_assert_uint_eq(f.task[1].observed_ns, 12500);
	hg_tsfrom_free(&f, &s);
	hg_trace_free(t);

	t = cpu_periodic_trace(60);
	ck_assert_int_eq(hg_tsfrom_build(t, "run.hgt", &s, &f, err, sizeof(err)), 0);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_uint_eq(s.nhogs, 1);
	ck_assert_uint_eq(f.nleft, 1);
	ck_assert_uint_eq(f.left[0].id, 1);
	ck_assert_msg(strstr(f.left[0].why, "thread 0 (PERIODIC 3us 10us, FIFO:50) shares its "
			     "CPUs at its priority or below: it would never run"), "%s",
		      f.left[0].why);
	hg_tsfrom_free(&f, &s);
	hg_trace_free(t);

	/* no priority, beside another thread without one: the timesharing scheduler's */
	t = cpu_periodic_trace(0);
	t->threads[0].rt_prio = HG_NO_RT_PRIO;
	ck_assert_int_eq(hg_tsfrom_build(t, "run.hgt", &s, &f, err, sizeof(err)), 0);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_uint_eq(s.nhogs, 0);
	ck_assert_uint_eq(f.nleft, 1);
	ck_assert_ptr_nonnull(strstr(f.left[0].why, "timesharing scheduler"));
	hg_tsfrom_free(&f, &s);
	hg_trace_free(t);
}
END_TEST

/* A trace of CPU-bound threads only: nothing to analyse, said with the file's name. */
START_TEST(test_build_none)
{
	struct hg_trace *t = hg_test_trace(1, per, nper);
	struct hg_taskset s = { 0 };
	struct hg_tsfrom f;
	char err[256];

	ck_assert_int_eq(hg_tsfrom_build(t, "cpu.hgt", &s, &f, err, sizeof(err)), -ENODATA);
	ck_assert_msg(strstr(err, "cpu.hgt: no PERIODIC, CPU_PERIODIC or LAT thread to analyse"),
		      "%s", err);
	hg_tsfrom_free(&f, &s);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("tsfrom");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_jobrecv_periodic);
	tcase_add_test(tc, test_jobrecv_lat);
	tcase_add_test(tc, test_build_periodic);
	tcase_add_test(tc, test_report_beside);
	tcase_add_test(tc, test_build_cpu_periodic);
	tcase_add_test(tc, test_build_none);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
