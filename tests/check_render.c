// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_render.c - svg/render.h: timelines of synthetic traces,
 * read back as XML: boxes, merging, windows, per-CPU rows, jobs and misses,
 * escaping
 *
 * hg_test_trace() runs at 1 GHz (1 cycle = 1 ns) from t0 = 1000 for 1 ms,
 * so an interval (1000 + s, l) starts s ns into the run.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_SVG_HELPERS_ONLY
#include "check_svg.c"	/* the XML checker and the helpers to read pictures */
#include "svg/render.h"
#include "svg/render_kset.h"

#define US 1000ULL
#define MS 1000000ULL
#define T0 1000ULL

#define IV "<rect class=\"iv c"	/* any colour */
#define MISS "<rect class=\"miss\""

/* A trace of one thread with @n intervals: the i-th at @first + i * @every, @len long. */
static struct hg_trace *even_trace(size_t n, uint64_t first, uint64_t every, uint64_t len)
{
	uint64_t (*iv)[2] = calloc(n ? n : 1, sizeof(*iv));
	const uint64_t (*const ivs[1])[2] = { (const uint64_t (*)[2])iv };
	struct hg_trace *t;
	size_t i;

	ck_assert_ptr_nonnull(iv);
	for (i = 0; i < n; i++) {
		iv[i][0] = T0 + first + i * every;
		iv[i][1] = len;
	}
	t = hg_test_trace(1, ivs, &n);
	ck_assert_ptr_nonnull(t);
	free(iv);
	return t;
}

/* Make @t's run @ns long. */
static void set_run(struct hg_trace *t, uint64_t ns)
{
	uint32_t i;

	t->duration_ns = ns;
	t->stop_cycles = T0 + ns;
	for (i = 0; i < t->nthreads; i++)
		t->threads[i].end_cycles = T0 + ns;
}

/* Append @n event records to thread @th. */
static void add_events(struct hg_trace_thread *th, const struct hg_record *ev, size_t n)
{
	th->recs = realloc(th->recs, (th->stored + n) * sizeof(*th->recs));
	ck_assert_ptr_nonnull(th->recs);
	memcpy(th->recs + th->stored, ev, n * sizeof(*ev));
	th->stored += n;
}

static struct hg_record job(uint64_t release_ns, uint64_t response_ns, bool miss)
{
	return (struct hg_record){
		.start_cycles = T0 + release_ns, .len_cycles = (uint32_t)response_ns,
		.flags = hg_event_flags(HG_EV_JOB, miss ? HG_REC_MISS : 0),
	};
}

/* The picture of @t, checked for well-formed XML. */
static char *render(const struct hg_trace *t, const struct hg_render_opts *o)
{
	struct doc d;
	FILE *f = doc_open(&d);
	char *s;

	ck_assert_int_eq(hg_render_timeline(f, t, o), 0);
	s = doc_close(&d);
	ck_assert_xml(s);
	return s;
}

/* The plot's left and right edges: the ends of the time axis' line. */
static void plot_edges(const char *s, double *l, double *r)
{
	const char *p = s;

	while ((p = strstr(p, "<line class=\"axis\" x1=\""))) {
		double x1, y1, x2, y2;

		ck_assert_int_eq(sscanf(p, "<line class=\"axis\" x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" "
					"y2=\"%lf\"", &x1, &y1, &x2, &y2), 4);
		if (y1 == y2 && x2 - x1 > 100) {
			*l = x1;
			*r = x2;
			return;
		}
		p++;
	}
	ck_abort_msg("no time axis");
}

/* Subpaths ("M") in the path of class @cls (not the legend's). */
static size_t markers(const char *s, const char *cls)
{
	char head[64];
	const char *p, *end;
	size_t n = 0;

	snprintf(head, sizeof(head), "<path class=\"%s\" d=\"", cls);
	for (p = s; (p = strstr(p, head)); p = end) {
		p += strlen(head);
		end = strchr(p, '"');
		for (; p < end; p++)
			n += *p == 'M';
	}
	return n;
}

static const struct hg_render_opts whole = { 0 };

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

/* A kernel event of CPU 0 at @ns into the run. */
static void kadd(struct hg_kevents *k, uint64_t ns, uint8_t type, uint32_t a, uint32_t b,
		 const char *name)
{
	struct hg_kev e = { .cycles = T0 + ns, .type = type, .a = a, .b = b,
			    .name = name ? hg_kevents_intern(k, name) : HG_KEV_NO_NAME };

	ck_assert_int_eq(hg_kevents_add(k, &e), 0);
}

/*
 * --kernel: in the gap from 100 to 500 us another task ran (290 to 300 us an
 * interrupt inside it); drawn in the thread's row and in the CPU's, with
 * their legend entries.
 */
START_TEST(test_kernel_events)
{
	struct hg_trace *t = even_trace(2, 0, 500 * US, 100 * US);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_render_opts cpu = { .per_cpu = true };
	double l, r, x, w;
	const char *p;
	char *s;
	int pass;

	ck_assert_ptr_nonnull(k);
	set_run(t, 1 * MS);
	t->threads[0].tid = 100;
	s = render(t, &whole);	/* without: nothing of the kernel's */
	ck_assert_ptr_null(strstr(s, "<rect class=\"kirq\""));
	ck_assert_ptr_null(strstr(s, "<rect class=\"other\""));
	ck_assert_ptr_null(strstr(s, "key kirq"));
	free(s);
	k->ncpus = 1;
	k->cpus = calloc(1, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
	kadd(k, 100 * US, HG_KEV_SWITCH, 7, 100, "kworker/0:1");
	kadd(k, 290 * US, HG_KEV_IRQ_ENTRY, 24, 0, "eth0");
	kadd(k, 300 * US, HG_KEV_IRQ_EXIT, 24, 0, NULL);
	kadd(k, 500 * US, HG_KEV_SWITCH, 100, 7, "hg/0");
	t->kev = k;
	for (pass = 0; pass < 2; pass++) {
		s = render(t, pass ? &cpu : &whole);
		plot_edges(s, &l, &r);
		p = strstr(s, "<rect class=\"other\" x=\"");
		ck_assert_ptr_nonnull(p);
		ck_assert_int_eq(sscanf(p, "<rect class=\"other\" x=\"%lf\" y=\"%*f\" width=\"%lf\"",
					&x, &w), 2);
		ck_assert_double_eq_tol(x, l + (r - l) * 0.1, 0.6);
		ck_assert_double_eq_tol(w, (r - l) * 0.4, 1.2);
		ck_assert_ptr_nonnull(strstr(p, "<title>kworker/0:1 (pid 7)</title>"));
		p = strstr(s, "<rect class=\"kirq\" x=\"");
		ck_assert_ptr_nonnull(p);
		ck_assert_int_eq(sscanf(p, "<rect class=\"kirq\" x=\"%lf\"", &x), 1);
		ck_assert_double_eq_tol(x, l + (r - l) * 0.29, 0.6);
		ck_assert_ptr_null(strstr(p + 1, "<rect class=\"kirq\" x=\""));
		ck_assert_ptr_nonnull(strstr(s, "<rect class=\"key kirq\""));
		ck_assert_ptr_nonnull(strstr(s, "<rect class=\"key other\""));
		ck_assert_ptr_nonnull(strstr(s, ">interrupt, softirq, timer, IPI, NMI (kernel events)<"));
		free(s);
	}
	hg_trace_free(t);
}
END_TEST

/*
 * --kernel: another task runs from 100 to 500 us; its name is written on its
 * box, but not where an interrupt's box would cross it (one at 105 to 110
 * us, under the name's first letters); one at 290 us leaves it clear.
 */
START_TEST(test_kernel_name_clear)
{
	static const uint64_t irq_at[] = { 290 * US, 105 * US };
	struct hg_trace *t;
	struct hg_kevents *k;
	size_t i;
	char *s;

	for (i = 0; i < sizeof(irq_at) / sizeof(irq_at[0]); i++) {
		t = even_trace(2, 0, 500 * US, 100 * US);
		k = calloc(1, sizeof(*k));
		ck_assert_ptr_nonnull(k);
		set_run(t, 1 * MS);
		t->threads[0].tid = 100;
		k->ncpus = 1;
		k->cpus = calloc(1, sizeof(*k->cpus));
		ck_assert_ptr_nonnull(k->cpus);
		k->cpus[0] = (struct hg_kcpu){ .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
		kadd(k, 100 * US, HG_KEV_SWITCH, 7, 100, "kworker/0:1");
		kadd(k, irq_at[i], HG_KEV_IRQ_ENTRY, 24, 0, "eth0");
		kadd(k, irq_at[i] + 5 * US, HG_KEV_IRQ_EXIT, 24, 0, NULL);
		kadd(k, 500 * US, HG_KEV_SWITCH, 100, 7, "hg/0");
		t->kev = k;
		s = render(t, &whole);
		ck_assert_ptr_nonnull(strstr(s, "<rect class=\"kirq\""));
		if (i == 0)
			ck_assert_ptr_nonnull(strstr(s, "\">kworker/0:1</text>"));
		else
			ck_assert_ptr_null(strstr(s, "\">kworker/0:1</text>"));
		free(s);
		hg_trace_free(t);
	}
}
END_TEST

/*
 * --kernel and a LAT thread, which records no intervals and so no gaps:
 * what ran in its wake-up is drawn in its row. The timer expired at 300
 * us and the thread ran 100 us late; in between an interrupt (320 to 330
 * us) and another task (340 to 390 us). The interrupt at 600 us, while it
 * slept, is not its concern.
 */
START_TEST(test_kernel_lat)
{
	struct hg_trace *t = even_trace(0, 0, 0, 0);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_record ev = { .start_cycles = T0 + 300 * US, .len_cycles = 100 * US,
				.flags = hg_event_flags(HG_EV_LAT, 0) };
	double l, r, x;
	const char *p;
	char *s;

	ck_assert_ptr_nonnull(k);
	set_run(t, 1 * MS);
	t->threads[0].model = HG_MODEL_LAT;
	t->threads[0].tid = 100;
	add_events(&t->threads[0], &ev, 1);
	k->ncpus = 1;
	k->cpus = calloc(1, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
	kadd(k, 320 * US, HG_KEV_IRQ_ENTRY, 24, 0, "eth0");
	kadd(k, 330 * US, HG_KEV_IRQ_EXIT, 24, 0, NULL);
	kadd(k, 340 * US, HG_KEV_SWITCH, 7, 0, "kworker/0:1");
	kadd(k, 390 * US, HG_KEV_SWITCH, 100, 7, "hg/0");
	kadd(k, 600 * US, HG_KEV_IRQ_ENTRY, 24, 0, "eth0");
	kadd(k, 610 * US, HG_KEV_IRQ_EXIT, 24, 0, NULL);
	t->kev = k;
	s = render(t, &whole);
	plot_edges(s, &l, &r);
	ck_assert_uint_eq(markers(s, "wake"), 1);
	p = strstr(s, "<rect class=\"kirq\" x=\"");
	ck_assert_msg(p, "no interrupt drawn in the LAT thread's row");
	ck_assert_int_eq(sscanf(p, "<rect class=\"kirq\" x=\"%lf\"", &x), 1);
	ck_assert_double_eq_tol(x, l + (r - l) * 0.32, 0.6);
	ck_assert_ptr_null(strstr(p + 1, "<rect class=\"kirq\" x=\""));
	p = strstr(s, "<rect class=\"other\" x=\"");
	ck_assert_msg(p, "no other task drawn in the LAT thread's row");
	ck_assert_int_eq(sscanf(p, "<rect class=\"other\" x=\"%lf\"", &x), 1);
	ck_assert_double_eq_tol(x, l + (r - l) * 0.34, 0.6);
	free(s);
	hg_trace_free(t);
}
END_TEST

/*
 * --kernel with no slice to draw (a CPU captured, no event): the kernel's
 * group is empty, and nothing is sorted (once qsort() of a NULL array)
 */
START_TEST(test_kernel_no_slice)
{
	struct hg_trace *t = even_trace(2, 0, 500 * US, 100 * US);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_render_opts cpu = { .per_cpu = true };
	int pass;

	ck_assert_ptr_nonnull(k);
	set_run(t, 1 * MS);
	t->threads[0].tid = 100;
	k->ncpus = 1;
	k->cpus = calloc(1, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
	t->kev = k;
	for (pass = 0; pass < 2; pass++) {
		char *s = render(t, pass ? &cpu : &whole);

		ck_assert_ptr_nonnull(strstr(s, "<g>\n</g>\n"));
		ck_assert_ptr_null(strstr(s, "<rect class=\"kirq\" x="));
		ck_assert_ptr_null(strstr(s, "<rect class=\"other\" x="));
		free(s);
	}
	hg_trace_free(t);
}
END_TEST

/*
 * A thread that changes CPU in each gap: the other tasks of both CPUs are
 * drawn in it, each CPU's once ("a" ran on CPU 0 from 100 us, "b" on CPU 1
 * from 0; the thread's intervals every 200 us, on CPU 0 and 1 in turn)
 */
START_TEST(test_kernel_cpu_change)
{
	static const uint64_t iv0[][2] = {
		{ T0 + 0, 50 * US }, { T0 + 200 * US, 50 * US }, { T0 + 400 * US, 50 * US },
		{ T0 + 600 * US, 50 * US },
	};
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t n[] = { 4 };
	struct hg_trace *t = hg_test_trace(1, iv, n);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_kev e = { .cycles = T0 + 100 * US, .cpu = 0, .type = HG_KEV_SWITCH,
			    .a = 7, .b = 100 };
	const char *p;
	char *s;
	unsigned int na = 0, nb = 0;
	uint64_t i;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(k);
	set_run(t, 1 * MS);
	t->threads[0].tid = 100;
	for (i = 0; i < t->threads[0].stored; i++)
		t->threads[0].recs[i].cpu = (uint16_t)(i % 2);
	k->ncpus = 2;
	k->cpus = calloc(2, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .cpu = 0, .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
	k->cpus[1] = (struct hg_kcpu){ .cpu = 1, .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
	e.name = hg_kevents_intern(k, "a");
	ck_assert_int_eq(hg_kevents_add(k, &e), 0);
	e = (struct hg_kev){ .cycles = T0 + 1, .cpu = 1, .type = HG_KEV_SWITCH, .a = 8, .b = 0,
			     .name = hg_kevents_intern(k, "b") };
	ck_assert_int_eq(hg_kevents_add(k, &e), 0);
	t->kev = k;
	s = render(t, &whole);
	for (p = s; (p = strstr(p, "<title>")); p++) {
		na += !strncmp(p, "<title>a (pid 7)</title>", 24);
		nb += !strncmp(p, "<title>b (pid 8)</title>", 24);
	}
	ck_assert_uint_eq(na, 3);	/* in each of the three gaps */
	ck_assert_uint_eq(nb, 3);
	free(s);
	hg_trace_free(t);
}
END_TEST

/* ------------------------------------------- the kernel's slices by bisection */

struct met {
	size_t n, cap;
	struct met_one {
		struct hg_kslice s;	/* a copy: the set hands out slices made again */
		uint64_t a, b;
	} *v;
};

static void met_add(struct met *m, const struct hg_kslice *s, uint64_t a, uint64_t b)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->v = realloc(m->v, m->cap * sizeof(*m->v));
		ck_assert_ptr_nonnull(m->v);
	}
	m->v[m->n++] = (struct met_one){ .s = *s, .a = a, .b = b };
}

static void on_met(const struct hg_kslice *s, uint64_t a, uint64_t b, void *arg)
{
	met_add(arg, s, a, b);
}

/* The reference: every slice looked at, those of @cpu meeting [@from, @to) kept. */
static void walk_span(const struct hg_kset *set, const struct hg_trace *t, uint32_t cpu,
		      uint64_t from, uint64_t to, struct met *m)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		struct hg_kslice sl, *s = &sl;
		uint64_t a, b;

		hg_kset_get(set, i, &sl);
		a = hg_trace_ns(t, s->start_cycles);
		b = hg_trace_ns(t, s->end_cycles);
		if (s->cpu != cpu || b <= from || a >= to)
			continue;
		met_add(m, s, a > from ? a : from, b < to ? b : to);
	}
}

/* The bisection gives what the walk does, slice by slice, in the same order. */
static void check_span(const struct hg_kset *set, const struct hg_trace *t, uint32_t cpu,
		       uint64_t from, uint64_t to)
{
	struct met got = { 0 }, want = { 0 };
	size_t i;

	hg_kset_span(set, t, cpu, from, to, on_met, &got);
	walk_span(set, t, cpu, from, to, &want);
	ck_assert_msg(got.n == want.n, "CPU %u [%llu, %llu): %zu slices, want %zu", cpu,
		      (unsigned long long)from, (unsigned long long)to, got.n, want.n);
	for (i = 0; i < got.n; i++) {
		/* each slice of the set is named apart */
		ck_assert_str_eq(got.v[i].s.name, want.v[i].s.name);
		ck_assert_uint_eq(got.v[i].s.start_cycles, want.v[i].s.start_cycles);
		ck_assert_uint_eq(got.v[i].a, want.v[i].a);
		ck_assert_uint_eq(got.v[i].b, want.v[i].b);
	}
	free(got.v);
	free(want.v);
}

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 33;
}

static void kset_put(struct hg_kset *set, uint32_t cpu, enum hg_kcause kind, uint64_t a,
		     uint64_t b)
{
	struct hg_kslice s = { .cpu = cpu, .kind = kind, .start_cycles = a, .end_cycles = b };

	snprintf(s.name, sizeof(s.name), "%s %zu", hg_kcause_name(kind), set->n);
	ck_assert_int_eq(hg_kset_add(set, &s), 0);
}

/*
 * One CPU's slices from @at: tasks one after another with holes, and
 * interrupts nested three deep, of no length, and NMIs reaching back
 * before those they follow
 */
static void kset_cpu(struct hg_kset *set, uint32_t cpu, uint64_t at, uint64_t *x)
{
	uint64_t t = at, i;

	for (i = 0; i < 20; i++) {
		uint64_t len = 1 + lcg(x) % 6000;

		if (lcg(x) % 4)
			kset_put(set, cpu, HG_KC_TASK, t, t + len);
		t += len;
	}
	for (t = at, i = 0; i < 30; i++) {
		uint64_t s = t + lcg(x) % 2000, len = lcg(x) % 1500, in = s + len / 4;

		kset_put(set, cpu, (enum hg_kcause)(lcg(x) % 4), s, s + len);
		if (lcg(x) % 2)
			kset_put(set, cpu, HG_KC_SOFTIRQ, in, in + len / 2);
		if (lcg(x) % 3 == 0)
			kset_put(set, cpu, HG_KC_TIMER, in + 1, in + 1 + len / 8);
		if (lcg(x) % 5 == 0)	/* an NMI: its start back from its event */
			kset_put(set, cpu, HG_KC_NMI, s > 4000 ? s - 4000 : 0, s + 1);
		t = s + len;
	}
}

/* Spans at every edge of CPU @cpu's slices, and some at random. */
static void check_cpu_spans(const struct hg_kset *set, const struct hg_trace *t, uint32_t cpu,
			    uint64_t *x)
{
	size_t i;

	check_span(set, t, cpu, 0, UINT64_MAX);
	check_span(set, t, cpu, 0, 0);
	check_span(set, t, cpu, UINT64_MAX - 1, UINT64_MAX);
	for (i = 0; i < set->n; i++) {
		uint64_t a = hg_trace_ns(t, set->v[i].start_cycles);
		uint64_t b = hg_trace_ns(t, set->v[i].end_cycles);

		if (set->v[i].cpu != cpu)
			continue;
		check_span(set, t, cpu, a, b);		/* exactly a slice */
		check_span(set, t, cpu, 0, a);		/* up to its start */
		check_span(set, t, cpu, b, UINT64_MAX);	/* from its end */
		check_span(set, t, cpu, a, a + 1);
		check_span(set, t, cpu, b > 0 ? b - 1 : 0, b);
		check_span(set, t, cpu, a > 7 ? a - 7 : 0, b + 7);
	}
	for (i = 0; i < 100; i++) {
		uint64_t from = lcg(x) % 150000, len = lcg(x) % 8000;

		check_span(set, t, cpu, from, from + len);
	}
}

START_TEST(test_kset_bisect)
{
	static const uint32_t cpus[] = { 0, 1, 3, 7, 300, 65535 };
	static const uint32_t asked[] = { 0, 1, 2, 3, 4, 7, 8, 299, 300, 301, 65534, 65535,
					  65536, UINT32_MAX };
	struct hg_trace *t = even_trace(1, 0, 1, 1);
	struct hg_kset set = { 0 };
	uint64_t x = 42;
	size_t i;

	t->calib.tsc_hz = 2500000000ULL;	/* 2.5 cycles a ns: ns of several cycles */
	ck_assert_int_eq(hg_kset_index(&set, t), 0);	/* nothing at all */
	for (i = 0; i < sizeof(asked) / sizeof(asked[0]); i++)
		check_span(&set, t, asked[i], 0, UINT64_MAX);
	for (i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++)	/* in no order */
		kset_cpu(&set, cpus[(i * 5) % 6], i ? 100 * i : 0, &x);
	kset_put(&set, 1, HG_KC_TASK, 0, 500);		/* before the run's start */
	kset_put(&set, 1, HG_KC_IRQ, 900, 1000);
	kset_put(&set, 3, HG_KC_IRQ, 5000, 5000);	/* entry and exit at once */
	ck_assert_int_eq(hg_kset_index(&set, t), 0);
	for (i = 1; i < set.n; i++)	/* by CPU, tasks first, then by start */
		ck_assert(set.v[i - 1].cpu < set.v[i].cpu ||
			  (set.v[i - 1].cpu == set.v[i].cpu &&
			   ((set.v[i - 1].kind == HG_KC_TASK) > (set.v[i].kind == HG_KC_TASK) ||
			    ((set.v[i - 1].kind == HG_KC_TASK) == (set.v[i].kind == HG_KC_TASK) &&
			     set.v[i - 1].start_cycles <= set.v[i].start_cycles))));
	for (i = 0; i < sizeof(asked) / sizeof(asked[0]); i++)
		check_cpu_spans(&set, t, asked[i], &x);
	for (i = 0; i < 500; i++) {	/* a CPU then another, as gaps that change CPU */
		uint64_t from = lcg(&x) % 150000;

		check_span(&set, t, cpus[i % 6], from, from + 500);
		check_span(&set, t, cpus[(i + 1) % 6], from, from + 500);
	}
	hg_kset_free(&set);
	ck_assert_ptr_null(set.v);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("render");
	TCase *tc = tcase_create("boxes");

	tcase_add_test(tc, test_boxes);
	tcase_add_test(tc, test_merge_one_column);
	tcase_add_test(tc, test_merge_threshold);
	tcase_add_test(tc, test_bounded);
	tcase_add_test(tc, test_per_cpu);
	tcase_add_test(tc, test_per_cpu_merge);
	tcase_add_test(tc, test_cpu_colours);
	tcase_add_test(tc, test_kernel_events);
	tcase_add_test(tc, test_kernel_no_slice);
	tcase_add_test(tc, test_kernel_lat);
	tcase_add_test(tc, test_kernel_cpu_change);
	tcase_add_test(tc, test_kset_bisect);
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
	suite_add_tcase(s, tc);

	tc = tcase_create("labels");
	tcase_add_test(tc, test_escaping);
	tcase_add_test(tc, test_long_labels);
	tcase_add_test(tc, test_kernel_name_clear);
	tcase_add_test(tc, test_damaged);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
