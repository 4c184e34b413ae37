// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_render.c - svg/render.h: timelines of synthetic traces,
 * read back as XML: boxes, merging, windows, per-CPU rows, jobs and misses,
 * escaping (the kernel's events in a timeline: check_render_kernel.c)
 *
 * hg_test_trace() runs at 1 GHz (1 cycle = 1 ns) from t0 = 1000 for 1 ms,
 * so an interval (1000 + s, l) starts s ns into the run.
 */
#include "rendertest.h"

START_TEST(test_boxes)
{
	static const uint64_t a[][2] = {
		{ T0 + 10 * US, 50 * US }, { T0 + 160 * US, 50 * US }, { T0 + 310 * US, 50 * US },
		{ T0 + 460 * US, 50 * US }, { T0 + 610 * US, 50 * US },
	};
	static const uint64_t b[][2] = {
		{ T0 + 100 * US, 20 * US }, { T0 + 400 * US, 20 * US }, { T0 + 700 * US, 300 * US },
	};
	const uint64_t (*const iv[])[2] = { a, b };
	const size_t n[] = { 5, 3 };
	struct hg_trace *t = hg_test_trace(2, iv, n);
	struct box first, last, other;
	double l, r;
	char *s = render(t, &whole);
	size_t i;

	ck_assert_uint_eq(count(s, IV), 8);
	plot_edges(s, &l, &r);
	ck_assert(nth_box(s, IV, 0, &first));
	ck_assert_double_eq_tol(first.x, l + 0.010 * (r - l), 0.1);
	ck_assert_double_eq_tol(first.w, 0.050 * (r - l), 0.1);
	for (i = 0; i < 8; i++) {
		struct box bx;

		ck_assert(nth_box(s, IV, i, &bx));
		ck_assert(bx.x >= l - 0.05 && bx.x + bx.w <= r + 0.05);
		ck_assert_double_eq_tol(bx.y, i < 5 ? first.y : first.y + 40, 0.01);
	}
	ck_assert(nth_box(s, IV, 4, &last));
	ck_assert(nth_box(s, IV, 7, &other));	/* ends at the end of the run */
	ck_assert_double_eq_tol(other.x + other.w, r, 0.1);
	ck_assert_ptr_nonnull(strstr(s, ">thread 0: CPU</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">NORMAL (SCHED_OTHER nice 0)</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">Execution of 2 threads on 1 CPU, 0 to 1 ms</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">time since the start of the run (ms)</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">hourglass -n test</text>"));
	ck_assert_ptr_nonnull(strstr(s, ".iv{fill:#8c8c8c}"));	/* grey */
	ck_assert_uint_eq(count(s, "<path"), 0);	/* no markers, no legend */
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_merge_one_column)
{
	/* 100000 intervals in 1 ms of a 10 s run: all in one pixel column */
	struct hg_trace *t = even_trace(100000, 0, 10, 5);
	struct box b;
	char *s;

	set_run(t, 10000 * MS);
	s = render(t, &whole);
	ck_assert_uint_eq(count(s, IV), 1);
	ck_assert(nth_box(s, IV, 0, &b));
	ck_assert_double_eq_tol(b.w, 1, 0.01);	/* at least a pixel */
	ck_assert_uint_lt(strlen(s), 20000);
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_merge_threshold)
{
	/*
	 * 1 ms over a plot of 620 to 900 px: a pixel is 1.1 to 1.6 us. Gaps of
	 * 1 us close up, gaps of 2 us stay.
	 */
	struct hg_trace *t1 = even_trace(10, 0, 21 * US, 20 * US);
	struct hg_trace *t2 = even_trace(10, 0, 22 * US, 20 * US);
	struct box b;
	char *s;

	s = render(t1, &whole);
	ck_assert_uint_eq(count(s, IV), 1);
	ck_assert(nth_box(s, IV, 0, &b));
	free(s);
	s = render(t2, &whole);
	ck_assert_uint_eq(count(s, IV), 10);
	free(s);
	hg_trace_free(t1);
	hg_trace_free(t2);
}
END_TEST

START_TEST(test_bounded)
{
	/* 300000 intervals in 10 s: gaps far under a pixel, one box */
	struct hg_trace *t = even_trace(300000, 0, 33 * US, 20 * US);
	struct hg_render_opts wide = { .width_px = 4000 };
	double l, r;
	char *s;

	set_run(t, 10000 * MS);
	s = render(t, &whole);
	ck_assert_uint_eq(count(s, IV), 1);
	free(s);
	hg_trace_free(t);

	/* gaps of 2 to 3 pixels: a box each, never more than a box per pixel */
	t = even_trace(333, 0, 30 * MS, 1 * US);
	set_run(t, 10000 * MS);
	s = render(t, &whole);
	plot_edges(s, &l, &r);
	ck_assert_uint_eq(count(s, IV), 333);
	ck_assert_uint_le(count(s, IV), (size_t)(r - l));
	ck_assert_uint_lt(strlen(s), 100000);
	free(s);

	/* wider, more pixels: the same boxes */
	s = render(t, &wide);
	ck_assert_uint_eq(count(s, IV), 333);
	ck_assert_ptr_nonnull(strstr(s, "width=\"4000\""));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_window)
{
	static const uint64_t a[][2] = {
		{ T0 + 100 * US, 50 * US }, { T0 + 300 * US, 50 * US }, { T0 + 500 * US, 100 * US },
		{ T0 + 700 * US, 50 * US }, { T0 + 900 * US, 50 * US },
	};
	const uint64_t (*const iv[])[2] = { a };
	const size_t n[] = { 5 };
	struct hg_trace *t = hg_test_trace(1, iv, n);
	struct hg_render_opts o = { .from_ns = 250 * US, .to_ns = 550 * US };
	struct box b0, b1;
	double l, r;
	char *s = render(t, &o);

	ck_assert_uint_eq(count(s, IV), 2);
	plot_edges(s, &l, &r);
	ck_assert(nth_box(s, IV, 0, &b0));
	ck_assert(nth_box(s, IV, 1, &b1));
	ck_assert_double_eq_tol(b0.x, l + (r - l) * 50 / 300, 0.1);
	ck_assert_double_eq_tol(b0.w, (r - l) * 50 / 300, 0.1);
	ck_assert_double_eq_tol(b1.x, l + (r - l) * 250 / 300, 0.1);
	ck_assert_double_eq_tol(b1.x + b1.w, r, 0.1);		/* cut at the window's end */
	ck_assert_ptr_nonnull(strstr(s, ">Execution of 1 thread on 1 CPU, 0.25 to 0.55 ms</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">0.25</text>"));	/* ticks inside the window */
	ck_assert_ptr_nonnull(strstr(s, ">0.55</text>"));
	ck_assert_ptr_null(strstr(s, ">0.20</text>"));
	free(s);

	/* from only: to the end of the run; a box straddling the start is cut */
	o = (struct hg_render_opts){ .from_ns = 920 * US };
	s = render(t, &o);
	ck_assert_uint_eq(count(s, IV), 1);
	plot_edges(s, &l, &r);
	ck_assert(nth_box(s, IV, 0, &b0));
	ck_assert_double_eq_tol(b0.x, l, 0.1);
	ck_assert_double_eq_tol(b0.w, (r - l) * 30 / 80, 0.1);
	free(s);

	/* a window past the run's end is allowed, and empty there */
	o = (struct hg_render_opts){ .from_ns = 960 * US, .to_ns = 2 * MS };
	s = render(t, &o);
	ck_assert_uint_eq(count(s, IV), 0);
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_window_errors)
{
	struct hg_trace *t = even_trace(3, 0, 100 * US, 10 * US);
	struct hg_render_opts o;
	struct doc d;
	char err[128], *s;

	o = (struct hg_render_opts){ .from_ns = 1 * MS };
	ck_assert_int_eq(hg_render_check(t, &o, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "--from 1ms: not before the end of the run (1 ms)");
	o = (struct hg_render_opts){ .from_ns = 5 * MS, .to_ns = 6 * MS };
	ck_assert_int_eq(hg_render_check(t, &o, err, sizeof(err)), -EINVAL);
	t->stop_cycles += 1234567;
	ck_assert_int_eq(hg_render_check(t, &o, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "--from 5ms: not before the end of the run (2.234 ms)");
	t->stop_cycles -= 1234567;
	o = (struct hg_render_opts){ .from_ns = 500 * US, .to_ns = 500 * US };
	ck_assert_int_eq(hg_render_check(t, &o, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "--to 500us: not after --from 500us");
	o = (struct hg_render_opts){ .width_px = 100 };
	ck_assert_int_eq(hg_render_check(t, &o, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "--width 100: out of range (400 to 20000 px)");
	o = (struct hg_render_opts){ .width_px = 20001 };
	ck_assert_int_eq(hg_render_check(t, &o, err, sizeof(err)), -EINVAL);
	o = (struct hg_render_opts){ .from_ns = 999 * US, .width_px = 400 };
	ck_assert_int_eq(hg_render_check(t, &o, err, sizeof(err)), 0);

	/* refused options write nothing */
	o = (struct hg_render_opts){ .from_ns = 2 * MS };
	ck_assert_int_eq(hg_render_timeline(doc_open(&d), t, &o), -EINVAL);
	s = doc_close(&d);
	ck_assert_uint_eq(strlen(s), 0);
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_end_ns)
{
	struct hg_trace *t = even_trace(3, 0, 100 * US, 10 * US);

	ck_assert_uint_eq(hg_render_end_ns(t), 1 * MS);
	t->stop_cycles = 0;			/* not recorded: the duration */
	t->duration_ns = 2 * MS;
	ck_assert_uint_eq(hg_render_end_ns(t), 2 * MS);
	t->threads[0].stats.last_cycles = T0 + 3 * MS;	/* an interval ends later */
	ck_assert_uint_eq(hg_render_end_ns(t), 3 * MS);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_per_cpu)
{
	static const uint64_t a[][2] = {
		{ T0 + 100 * US, 50 * US }, { T0 + 300 * US, 50 * US }, { T0 + 500 * US, 50 * US },
	};
	static const uint64_t b[][2] = {
		{ T0 + 200 * US, 50 * US }, { T0 + 400 * US, 50 * US },
	};
	const uint64_t (*const iv[])[2] = { a, b };
	const size_t n[] = { 3, 2 };
	struct hg_trace *t = hg_test_trace(2, iv, n);
	struct hg_render_opts o = { .per_cpu = true };
	struct box cpu0, cpu3;
	char *s;

	/* thread 0 on CPUs 3, 0, 3; thread 1 on CPU 3: rows for CPUs 0 and 3 only */
	t->threads[0].recs[0].cpu = 3;
	t->threads[0].recs[2].cpu = 3;
	t->threads[1].recs[0].cpu = 3;
	t->threads[1].recs[1].cpu = 3;
	s = render(t, &o);
	ck_assert_ptr_nonnull(strstr(s, ">CPU 0</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">CPU 3</text>"));
	ck_assert_ptr_null(strstr(s, ">CPU 1</text>"));
	ck_assert_ptr_null(strstr(s, ">thread 0: CPU</text>"));	/* no thread rows */
	ck_assert_uint_eq(count(s, "<rect class=\"iv c0\""), 3);
	ck_assert_uint_eq(count(s, "<rect class=\"iv c1\""), 2);
	ck_assert(nth_box(s, "<rect class=\"iv c0\"", 0, &cpu3));	/* thread 0 on 3 */
	ck_assert(nth_box(s, "<rect class=\"iv c0\"", 1, &cpu0));	/* ... and on 0 */
	ck_assert_double_eq_tol(cpu3.y, cpu0.y + 40, 0.01);
	ck_assert(nth_box(s, "<rect class=\"iv c1\"", 0, &cpu0));
	ck_assert_double_eq_tol(cpu0.y, cpu3.y, 0.01);
	/* a legend gives each thread's colour */
	ck_assert_ptr_nonnull(strstr(s, "<rect class=\"key c0\""));
	ck_assert_ptr_nonnull(strstr(s, "<rect class=\"key c1\""));
	ck_assert_ptr_nonnull(strstr(s, ">thread 1: CPU, NORMAL (SCHED_OTHER nice 0)</text>"));
	ck_assert_ptr_nonnull(strstr(s, "Execution by CPU: 2 threads on 2 CPUs"));
	free(s);
	hg_trace_free(t);
}
END_TEST

/*
 * Thread rows: each interval in the colour of its CPU (the CPUs in the
 * order of their numbers), a legend entry per CPU; intervals within a
 * pixel merge only on the same CPU.
 */
START_TEST(test_cpu_colours)
{
	static const uint64_t a[][2] = {
		{ T0 + 100 * US, 50 * US }, { T0 + 300 * US, 50 * US }, { T0 + 500 * US, 50 * US },
		{ T0 + 550 * US, 50 * US },
	};
	static const uint64_t b[][2] = { { T0 + 200 * US, 50 * US } };
	const uint64_t (*const iv[])[2] = { a, b };
	const size_t n[] = { 4, 1 };
	struct hg_trace *t = hg_test_trace(2, iv, n);
	struct box b0, b1;
	char *s;

	/* thread 0 on CPUs 5, 1, 5, 1 (the last two touch); thread 1 on 5 */
	t->threads[0].recs[0].cpu = 5;
	t->threads[0].recs[1].cpu = 1;
	t->threads[0].recs[2].cpu = 5;
	t->threads[0].recs[3].cpu = 1;
	t->threads[1].recs[0].cpu = 5;
	s = render(t, &whole);
	ck_assert_uint_eq(count(s, "<rect class=\"iv c0\""), 2);	/* CPU 1 */
	ck_assert_uint_eq(count(s, "<rect class=\"iv c1\""), 3);	/* CPU 5 */
	ck_assert(nth_box(s, "<rect class=\"iv c1\"", 1, &b0));	/* 500 us, on 5 */
	ck_assert(nth_box(s, "<rect class=\"iv c0\"", 1, &b1));	/* 550 us, on 1 */
	ck_assert_double_eq_tol(b0.x + b0.w, b1.x, 0.2);
	ck_assert_ptr_nonnull(strstr(s, "<rect class=\"key c0\""));
	ck_assert_ptr_nonnull(strstr(s, "<rect class=\"key c1\""));
	ck_assert_ptr_null(strstr(s, "<rect class=\"key c2\""));
	ck_assert_ptr_nonnull(strstr(s, ">CPU 1</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">CPU 5</text>"));
	ck_assert_ptr_nonnull(strstr(s, "Execution of 2 threads on 2 CPUs"));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_per_cpu_merge)
{
	/* per CPU and thread: two threads alternating on one CPU keep their boxes */
	struct hg_trace *t = even_trace(100000, 0, 10, 5);
	struct hg_render_opts o = { .per_cpu = true };
	char *s;
	size_t k;

	set_run(t, 10000 * MS);
	for (k = 0; k < t->threads[0].stored; k += 2)
		t->threads[0].recs[k].cpu = 1;
	s = render(t, &o);
	ck_assert_uint_eq(count(s, "<rect class=\"iv c0\""), 2);	/* one per CPU */
	free(s);
	hg_trace_free(t);
}
END_TEST

/* A PERIODIC thread with period and deadline 100 us and its jobs. */
static struct hg_trace *periodic_trace(void)
{
	struct hg_trace *t = even_trace(10, 10 * US, 100 * US, 30 * US);
	struct hg_trace_thread *th = &t->threads[0];

	th->model = HG_MODEL_PERIODIC;
	th->period_ns = 100 * US;
	th->deadline_ns = 100 * US;
	snprintf(th->workload, sizeof(th->workload), "PERIODIC 30us 100us");
	return t;
}

START_TEST(test_misses_red)
{
	struct hg_trace *t = periodic_trace();
	struct hg_record ev[10];
	struct box m0, m1;
	double l, r;
	char *s;
	int k;

	for (k = 0; k < 10; k++)	/* jobs 3 and 7 miss, with responses of 150 us */
		ev[k] = job((uint64_t)k * 100 * US, k == 3 || k == 7 ? 150 * US : 40 * US,
			    k == 3 || k == 7);
	add_events(&t->threads[0], ev, 10);
	s = render(t, &whole);
	ck_assert_uint_eq(count(s, IV), 10);
	ck_assert_uint_eq(count(s, MISS), 2);
	plot_edges(s, &l, &r);
	ck_assert(nth_box(s, MISS, 0, &m0));
	ck_assert(nth_box(s, MISS, 1, &m1));
	ck_assert_double_eq_tol(m0.x, l + 0.3 * (r - l), 0.1);		/* release to done */
	ck_assert_double_eq_tol(m0.w, 0.15 * (r - l), 0.1);
	ck_assert_double_eq_tol(m1.x, l + 0.7 * (r - l), 0.1);
	ck_assert_ptr_nonnull(strstr(s, ".miss{fill:#d62728"));	/* red */
	ck_assert_uint_eq(markers(s, "rel"), 10);
	ck_assert_uint_eq(markers(s, "dl"), 10);		/* the last at the end */
	ck_assert_ptr_nonnull(strstr(s, "<path class=\"key rel\""));
	ck_assert_ptr_nonnull(strstr(s, ">release</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">deadline</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">job that missed its deadline</text>"));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_misses_merge)
{
	/* back-to-back missed jobs: one red span */
	struct hg_trace *t = periodic_trace();
	struct hg_record ev[4];
	char *s;
	int k;

	for (k = 0; k < 4; k++)
		ev[k] = job((uint64_t)k * 100 * US, 180 * US, true);
	add_events(&t->threads[0], ev, 4);
	s = render(t, &whole);
	ck_assert_uint_eq(count(s, MISS), 1);
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_unfinished_job)
{
	/* jobs 0 to 4 done; job 5 (released at 500 us) never is: red to the end */
	struct hg_trace *t = periodic_trace();
	struct hg_record ev[5];
	struct box m;
	double l, r;
	char *s;
	int k;

	for (k = 0; k < 5; k++)
		ev[k] = job((uint64_t)k * 100 * US, 40 * US, false);
	add_events(&t->threads[0], ev, 5);
	s = render(t, &whole);
	ck_assert_uint_eq(count(s, MISS), 1);
	plot_edges(s, &l, &r);
	ck_assert(nth_box(s, MISS, 0, &m));
	ck_assert_double_eq_tol(m.x, l + 0.5 * (r - l), 0.1);
	ck_assert_double_eq_tol(m.x + m.w, r, 0.1);
	ck_assert_uint_eq(markers(s, "rel"), 10);	/* 5 recorded, 5 on the grid */
	free(s);

	/* when events were dropped, the trace does not know the last job */
	t->threads[0].stats.samples_dropped = 1;
	s = render(t, &whole);
	ck_assert_uint_eq(count(s, MISS), 0);
	ck_assert_uint_eq(markers(s, "rel"), 5);
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_frames_missed)
{
	struct hg_trace *t = even_trace(10, 0, 100 * US, 90 * US);
	struct hg_record ev = {
		.start_cycles = T0 + 600 * US, .len_cycles = 200 * US,
		.flags = hg_event_flags(HG_EV_PERIOD, HG_REC_MISS),
	};
	struct box m;
	double l, r;
	char *s;

	t->threads[0].model = HG_MODEL_CPU_PERIODIC;
	t->threads[0].period_ns = 200 * US;
	add_events(&t->threads[0], &ev, 1);
	s = render(t, &whole);
	ck_assert_uint_eq(count(s, MISS), 1);
	plot_edges(s, &l, &r);
	ck_assert(nth_box(s, MISS, 0, &m));
	ck_assert_double_eq_tol(m.x, l + 0.4 * (r - l), 0.1);	/* the whole period */
	ck_assert_double_eq_tol(m.w, 0.2 * (r - l), 0.1);
	ck_assert_ptr_nonnull(strstr(s, ">period with no frame done</text>"));
	ck_assert_uint_eq(markers(s, "rel"), 0);
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_lat_wakeups)
{
	struct hg_trace *t = even_trace(0, 0, 0, 0);
	struct hg_record ev[4];
	char *s;
	int k;

	t->threads[0].model = HG_MODEL_LAT;
	for (k = 0; k < 4; k++)
		ev[k] = (struct hg_record){
			.start_cycles = T0 + (uint64_t)(k + 1) * 200 * US, .len_cycles = 15 * US,
			.flags = hg_event_flags(HG_EV_LAT, 0),
		};
	add_events(&t->threads[0], ev, 4);
	s = render(t, &whole);
	ck_assert_uint_eq(count(s, IV), 0);
	ck_assert_uint_eq(markers(s, "wake"), 4);
	ck_assert_ptr_nonnull(strstr(s, ">wake-up (LAT)</text>"));
	free(s);

	/*
	 * per CPU: no intervals, but a row for the CPU the thread woke on (2),
	 * its wake-ups there in its colour, and the thread in the legend
	 */
	for (k = 0; k < 4; k++)
		t->threads[0].recs[k].cpu = 2;
	s = render(t, &(struct hg_render_opts){ .per_cpu = true });
	ck_assert_ptr_null(strstr(s, ">no intervals of execution in this trace</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">CPU 2</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">Execution by CPU: 1 thread on 1 CPU, 0 to 1 ms</text>"));
	ck_assert_uint_eq(markers(s, "wake mark c0"), 4);
	ck_assert_ptr_nonnull(strstr(s, "<path class=\"key wake mark c0\""));
	ck_assert_ptr_nonnull(strstr(s, ">thread 0: CPU, NORMAL (SCHED_OTHER nice 0): "
				     "wake-ups</text>"));
	free(s);

	/* without a single event or interval: no rows, said so */
	t->threads[0].stored = 0;
	s = render(t, &(struct hg_render_opts){ .per_cpu = true });
	ck_assert_ptr_nonnull(strstr(s, ">no intervals of execution in this trace</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">Execution by CPU: 1 thread, 0 to 1 ms</text>"));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_escaping)
{
	struct hg_trace *t = even_trace(2, 0, 100 * US, 10 * US);
	char *s;

	snprintf(t->threads[0].workload, HG_LABEL_LEN, "CPU <&> \"x\"");
	snprintf(t->threads[0].priority, HG_LABEL_LEN, "a'b<c\x01");
	free(t->cmdline);
	t->cmdline = strdup("hourglass -w '<a&b>' \xff");
	s = render(t, &whole);
	ck_assert_ptr_nonnull(strstr(s, ">thread 0: CPU &lt;&amp;&gt; &quot;x&quot;</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">a'b&lt;c?</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">hourglass -w '&lt;a&amp;b&gt;' ?</text>"));
	free(s);
	s = render(t, &(struct hg_render_opts){ .per_cpu = true });
	ck_assert_ptr_nonnull(strstr(s, ">thread 0: CPU &lt;&amp;&gt; &quot;x&quot;, a'b&lt;c?</text>"));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_long_labels)
{
	/* labels as long as the trace allows: cut, the plot keeps most of the width */
	struct hg_trace *t = even_trace(2, 0, 100 * US, 10 * US);
	double l, r;
	char *s;

	memset(t->threads[0].workload, 'w', HG_LABEL_LEN - 1);
	memset(t->threads[0].priority, 'p', HG_LABEL_LEN - 1);
	s = render(t, &(struct hg_render_opts){ .width_px = 400 });
	plot_edges(s, &l, &r);
	ck_assert(l <= 400 * 0.35 + 0.1);
	ck_assert(r - l >= 200);
	ck_assert_ptr_nonnull(strstr(s, "\xe2\x80\xa6</text>"));
	free(s);

	/* the legend's entries are cut to the plot's width too */
	s = render(t, &(struct hg_render_opts){ .width_px = 400, .per_cpu = true });
	ck_assert_ptr_nonnull(strstr(s, " y=\"62.0\">thread 0: www"));
	/* both threads' entries: at 400 px, 36 characters fit */
	ck_assert_uint_eq(count(s, "\xe2\x80\xa6</text>"), 2);
	free(s);
	hg_trace_free(t);
}
END_TEST

/*
 * A chain ctl 0>1: thread 0's output at 200 us read by thread 1's job
 * started at 300 us, drawn as a line between the rows, and the legend says
 * what the line is; without the chain, or in CPU rows, no such entry.
 */
START_TEST(test_chain_legend)
{
	static const struct hg_chain_job j0[] = { { 0, 0, 100 * US, 100 * US, 200 * US, 100 * US } };
	static const struct hg_chain_job j1[] = { { 0, 200 * US, 200 * US, 300 * US, 400 * US, 100 * US } };
	const struct hg_chain_job *const jobs[] = { j0, j1 };
	static const uint32_t threads[] = { 0, 1 };
	static const size_t n[] = { 1, 1 };
	static const uint64_t a[][2] = { { T0 + 100 * US, 100 * US } };
	static const uint64_t b[][2] = { { T0 + 300 * US, 100 * US } };
	const uint64_t (*const iv[])[2] = { a, b };
	const size_t niv[] = { 1, 1 };
	struct hg_trace *t = hg_test_trace(2, iv, niv);
	struct hg_render_opts cpus = { .per_cpu = true };
	char *s = render(t, &whole);

	ck_assert_ptr_null(strstr(s, "chain"));
	free(s);
	t->mono_start_cycles = T0;	/* CLOCK_MONOTONIC 0 at the run's start */
	hg_test_add_chain(t, "ctl", 2, threads, jobs, n);
	s = render(t, &whole);
	ck_assert_uint_eq(count(s, "<path class=\"chain\" "), 1);
	ck_assert_uint_eq(count(s, "<path class=\"key chain\" "), 1);
	ck_assert_ptr_nonnull(strstr(s, ">chain ctl: an output to the next thread's job that "
				     "read it first</text>"));
	/* dashed, and not in the purple of the kernel's interrupt boxes they cross */
	ck_assert_uint_eq(count(s, "style=\"stroke:#333;stroke-width:1;stroke-dasharray:4,2;"), 2);
	ck_assert_ptr_nonnull(strstr(s, ".kirq{fill:#7b3294}"));
	ck_assert_uint_eq(count(s, "#7b3294"), 1);
	free(s);
	s = render(t, &cpus);
	ck_assert_ptr_null(strstr(s, "chain"));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_damaged)
{
	struct hg_trace *t = even_trace(2, 0, 100 * US, 10 * US);
	struct doc d;

	t->threads[0].recs[1].flags = HG_REC_CONTINUED;	/* continued by nothing */
	ck_assert_int_eq(hg_render_timeline(doc_open(&d), t, &whole), -EINVAL);
	free(doc_close(&d));
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("render");
	TCase *tc;

	tc = tcase_create("boxes");
	tcase_add_test(tc, test_boxes);
	tcase_add_test(tc, test_merge_one_column);
	tcase_add_test(tc, test_merge_threshold);
	tcase_add_test(tc, test_bounded);
	tcase_add_test(tc, test_per_cpu);
	tcase_add_test(tc, test_per_cpu_merge);
	tcase_add_test(tc, test_cpu_colours);
	suite_add_tcase(s, tc);

	tc = tcase_create("window");
	tcase_add_test(tc, test_window);
	tcase_add_test(tc, test_window_errors);
	tcase_add_test(tc, test_end_ns);
	suite_add_tcase(s, tc);

	tc = tcase_create("events");
	tcase_add_test(tc, test_misses_red);
	tcase_add_test(tc, test_misses_merge);
	tcase_add_test(tc, test_unfinished_job);
	tcase_add_test(tc, test_frames_missed);
	tcase_add_test(tc, test_lat_wakeups);
	tcase_add_test(tc, test_chain_legend);
	suite_add_tcase(s, tc);

	tc = tcase_create("labels");
	tcase_add_test(tc, test_escaping);
	tcase_add_test(tc, test_long_labels);
	tcase_add_test(tc, test_damaged);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
