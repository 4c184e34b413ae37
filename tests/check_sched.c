// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_sched.c - analysis/kernel/sched.c (perf script text into arrays) and
 * analysis/gaps/attrib.c (every gap attributed from the kernel's switches):
 * a synthetic trace with switches worked out by hand, the input errors,
 * and the committed capture of a real run (tests/fixtures/sched-yield.*)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "helpers.h"
#include "analysis/gaps/attrib.h"
#include "analysis/gaps/ctx.h"
#include "analysis/kernel/sched.h"

#define FIXTURE_TXT "tests/fixtures/sched-yield.txt"
#define FIXTURE_HGT "tests/fixtures/sched-yield.hgt"

/* ------------------------------------------------------------------ reader */

static const char perf_text[] =
	"# ========\n"
	"# captured on: Tue Nov 24 05:19:00 2026\n"
	"            hg/0 11980 [000]  1650.035046736: sched:sched_switch: prev_comm=hg/0 "
	"prev_pid=11980 prev_prio=120 prev_state=S ==> next_comm=Web Content next_pid=7 "
	"next_prio=120\n"
	"            perf 10461 [001]  1650.035052066: sched:sched_stat_runtime: comm=perf "
	"pid=10461 runtime=11657 [ns]\n"
	"\n"
	"     Web Content     7/7     [001]  1650.000001: sched:sched_switch: "
	"prev_comm=Web Content prev_pid=7 prev_prio=120 prev_state=R+ ==> next_comm=swapper/1 "
	"next_pid=0 next_prio=120\n"
	"     migration/0    18 [000]  1649.5: sched:sched_switch: prev_comm=migration/0 "
	"prev_pid=18 prev_prio=0 prev_state=S ==> next_comm=hg/0 next_pid=11980 next_prio=0";

START_TEST(test_parse)
{
	struct hg_sched s;
	char err[256] = "";

	ck_assert_msg(hg_sched_parse(perf_text, strlen(perf_text), &s, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_uint_eq(s.n, 3);
	/* sorted by CPU, then time */
	ck_assert_uint_eq(s.sw[0].cpu, 0);
	ck_assert_uint_eq(s.sw[0].mono_ns, 1649500000000ULL);
	ck_assert_uint_eq(s.sw[0].prev_pid, 18);
	ck_assert_uint_eq(s.sw[0].next_pid, 11980);
	ck_assert_str_eq(s.sw[0].prev_comm, "migration/0");
	ck_assert_int_eq(s.sw[0].prev_runnable, 0);
	ck_assert_uint_eq(s.sw[1].mono_ns, 1650035046736ULL);
	ck_assert_str_eq(s.sw[1].next_comm, "Web Content");
	ck_assert_uint_eq(s.sw[1].next_pid, 7);
	ck_assert_uint_eq(s.sw[2].cpu, 1);
	ck_assert_uint_eq(s.sw[2].mono_ns, 1650000001000ULL);
	ck_assert_str_eq(s.sw[2].prev_comm, "Web Content");
	ck_assert_int_eq(s.sw[2].prev_runnable, 1);
	ck_assert_str_eq(s.sw[2].next_comm, "swapper/1");
	/* the coarsest line decides: "1649.5" is to a tenth of a second */
	ck_assert_uint_eq(s.resolution_ns, 100000000ULL);
	ck_assert_uint_eq(s.first_ns, 1649500000000ULL);
	ck_assert_uint_eq(s.last_ns, 1650035046736ULL);
	hg_sched_free(&s);
}
END_TEST

static const struct {
	const char *text;
	const char *msg;
} bad_text[] = {
	{ "", "no sched:sched_switch event" },
	{ "hourglass: trace written to y.hgt\n# thread 0\n", "no sched:sched_switch event" },
	{ "x 1 [0] 5.0: sched:sched_stat_runtime: comm=x\n", "no sched:sched_switch event" },
	{ "ok\nx 1 0 5.0: sched:sched_switch: prev_comm=x prev_pid=1 prev_state=S ==> "
	  "next_comm=y next_pid=2\n", "line 2: no [cpu]" },
	{ "x 1 [0] 5: sched:sched_switch: prev_comm=x prev_pid=1 prev_state=S ==> "
	  "next_comm=y next_pid=2\n", "line 1: no time" },
	{ "x 1 [0] 5.0: sched:sched_switch: prev_comm=x prev_state=S ==> next_comm=y "
	  "next_pid=2\n", "line 1: not prev_comm=" },
	{ "x 1 [0] 5.0: sched:sched_switch: prev_comm=x prev_pid=1 prev_state=S ==> "
	  "next_comm=y\n", "line 1: not prev_comm=" },
};

START_TEST(test_parse_bad)
{
	struct hg_sched s;
	char err[256] = "";
	const char *text = bad_text[_i].text;

	ck_assert_int_eq(hg_sched_parse(text, strlen(text), &s, err, sizeof(err)), -EINVAL);
	ck_assert_msg(!strncmp(err, bad_text[_i].msg, strlen(bad_text[_i].msg)),
		      "case %d: '%s', want '%s...'", _i, err, bad_text[_i].msg);
	ck_assert_ptr_null(s.sw);
}
END_TEST

/* ------------------------------------------------------------- attribution */

/* Times in us: cycles after t0 = 1000 at 1 GHz; CLOCK_MONOTONIC 5 s at t0. */
#define US 1000
#define T(x) (1000 + (uint64_t)(x) * US)
#define MONO(x) (5000000000ULL + (uint64_t)(x) * US)
#define TID_A 101
#define TID_B 102

/*
 * In us. On CPU 0: A [0,100) yields to B [110,200); B is preempted, and A runs
 * again [300,400), [500,600), [700,800); B's last interval is [1000,1050).
 * The trace: A's gap 100-300 is a voluntary switch to B (10); B's gap
 * 200-1000 an involuntary switch to A (100); A's gaps 400-500 and 600-700
 * foreign (100 each). The kernel: A -> B at 105 (direct: voluntary); B ->
 * kworker (pid 7) at 205, kworker -> A at 290 (indirect, kworker ran
 * 85); A -> idle at 410, idle -> A at 490 (foreign task, idle ran 80); nothing between 600 and 700 (foreign other); B -> A at 150, inside
 * B's interval: misplaced, in no gap. On CPU 1, two other tasks.
 */
static struct hg_trace *sched_trace(void)
{
	static const uint64_t a[][2] = { { T(0), 100 * US }, { T(300), 100 * US },
					 { T(500), 100 * US }, { T(700), 100 * US } };
	static const uint64_t b[][2] = { { T(110), 90 * US }, { T(1000), 50 * US } };
	const uint64_t (*const iv[])[2] = { a, b };
	const size_t n[] = { 4, 2 };
	struct hg_trace *t = hg_test_trace(2, iv, n);

	ck_assert_ptr_nonnull(t);
	t->threads[0].recs[0].flags |= HG_REC_YIELD;
	t->threads[0].tid = TID_A;
	t->threads[1].tid = TID_B;
	t->mono_start_ns = MONO(0);
	t->mono_start_cycles = T(0);
	t->mono_end_ns = MONO(1000);
	t->mono_end_cycles = T(1000);
	return t;
}

#define SW(c, x, p, pc, nx, nc) { .mono_ns = MONO(x), .cpu = c, .prev_pid = p, \
	.next_pid = nx, .prev_comm = pc, .next_comm = nc }

static struct hg_sched_switch sched_sw[] = {
	SW(0, 105, TID_A, "hg/0", TID_B, "hg/1"),
	SW(0, 150, TID_B, "hg/1", TID_A, "hg/0"),
	SW(0, 205, TID_B, "hg/1", 7, "kworker/0:1"),
	SW(0, 290, 7, "kworker/0:1", TID_A, "hg/0"),
	SW(0, 410, TID_A, "hg/0", 0, "swapper/0"),
	SW(0, 490, 0, "swapper/0", TID_A, "hg/0"),
	SW(1, 300, 9, "cc1", 10, "as"),
};

static struct hg_sched sched_of(struct hg_sched_switch *sw, size_t n)
{
	struct hg_sched s = { .n = n, .sw = sw, .resolution_ns = 1 };
	size_t k;

	s.first_ns = sw[0].mono_ns;
	for (k = 0; k < n; k++) {
		s.first_ns = sw[k].mono_ns < s.first_ns ? sw[k].mono_ns : s.first_ns;
		s.last_ns = sw[k].mono_ns > s.last_ns ? sw[k].mono_ns : s.last_ns;
	}
	return s;
}

struct seen {
	size_t n[HG_SC_NCLASSES];
	uint64_t cost[HG_SC_NCLASSES];
	struct hg_sched_run run[4];
	size_t nrun;
};

static int seen_gap(const struct hg_sched_gap *g, void *arg)
{
	struct seen *s = arg;

	s->n[g->cls]++;
	s->cost[g->cls] += g->gap.cost_cycles;
	return 0;
}

static int seen_run(const struct hg_sched_run *r, void *arg)
{
	struct seen *s = arg;

	ck_assert_uint_lt(s->nrun, 4);
	s->run[s->nrun++] = *r;
	return 0;
}

START_TEST(test_attribute)
{
	struct hg_trace *t = sched_trace();
	struct hg_sched s = sched_of(sched_sw, sizeof(sched_sw) / sizeof(sched_sw[0]));
	struct hg_sched_totals tot;
	struct seen got;
	char err[256] = "";

	memset(&got, 0, sizeof(got));
	ck_assert_msg(hg_attribute(t, &s, seen_gap, seen_run, &got, &tot, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_uint_eq(got.n[HG_SC_VOLUNTARY], 1);
	ck_assert_uint_eq(got.cost[HG_SC_VOLUNTARY], 10 * US);
	ck_assert_uint_eq(got.n[HG_SC_INVOLUNTARY], 0);
	ck_assert_uint_eq(got.n[HG_SC_INDIRECT], 1);
	ck_assert_uint_eq(got.cost[HG_SC_INDIRECT], 100 * US);
	ck_assert_uint_eq(got.n[HG_SC_FOREIGN_TASK], 1);
	ck_assert_uint_eq(got.n[HG_SC_FOREIGN_OTHER], 1);
	ck_assert_uint_eq(got.n[HG_SC_MIGRATION], 0);
	ck_assert_uint_eq(got.n[HG_SC_UNKNOWN], 0);
	ck_assert_uint_eq(got.nrun, 2);
	ck_assert_uint_eq(got.run[0].pid + got.run[1].pid, 7);	/* kworker and idle */
	ck_assert_uint_eq((got.run[0].end_cycles - got.run[0].start_cycles) +
			  (got.run[1].end_cycles - got.run[1].start_cycles), (85 + 80) * US);
	ck_assert_uint_eq(tot.switches, 7);
	ck_assert_uint_eq(tot.from_workers_to_others, 2);
	ck_assert_uint_eq(tot.between_workers, 2);
	ck_assert_uint_eq(tot.outside_gaps, 1);
	/* all but B's switch, which the kernel shows to be indirect */
	ck_assert_uint_eq(tot.gaps, 4);
	ck_assert_uint_eq(tot.agree, 3);
	hg_trace_free(t);
}
END_TEST

/* A kernel that saw no switch where the trace has one: unclassified. */
START_TEST(test_attribute_missing_switch)
{
	struct hg_trace *t = sched_trace();
	struct hg_sched s = sched_of(sched_sw + 2, 5);	/* without A -> B at 105 */
	struct seen got;
	char err[256] = "";

	memset(&got, 0, sizeof(got));
	ck_assert_int_eq(hg_attribute(t, &s, seen_gap, NULL, &got, NULL, err, sizeof(err)), 0);
	ck_assert_uint_eq(got.n[HG_SC_VOLUNTARY], 0);
	ck_assert_uint_eq(got.n[HG_SC_UNKNOWN], 1);
	ck_assert_uint_eq(got.n[HG_SC_INDIRECT], 1);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_attribute_errors)
{
	struct hg_trace *t = sched_trace();
	struct hg_sched s = sched_of(sched_sw, sizeof(sched_sw) / sizeof(sched_sw[0]));
	struct hg_sched_switch late[] = { SW(0, 2000, TID_A, "hg/0", 7, "x") };
	struct hg_sched_switch others[] = { SW(0, 205, 70, "a", 71, "b") };
	struct hg_sched l = sched_of(late, 1), o = sched_of(others, 1);
	struct seen got;
	char err[256] = "";

	ck_assert_int_eq(hg_attribute(t, &l, seen_gap, NULL, &got, NULL, err, sizeof(err)),
			 -ERANGE);
	ck_assert_ptr_nonnull(strstr(err, "do not overlap the run"));
	ck_assert_int_eq(hg_attribute(t, &o, seen_gap, NULL, &got, NULL, err, sizeof(err)),
			 -ESRCH);
	ck_assert_ptr_nonnull(strstr(err, "no switch of the run's threads"));
	t->threads[1].tid = 0;
	ck_assert_int_eq(hg_attribute(t, &s, seen_gap, NULL, &got, NULL, err, sizeof(err)),
			 -ENODATA);
	ck_assert_ptr_nonnull(strstr(err, "no thread ids"));
	hg_trace_free(t);
}
END_TEST

/*
 * The committed capture: "perf record -e sched:sched_switch -k
 * CLOCK_MONOTONIC -a" around "hourglass -d 500ms -n 3 -a -w CPU_YIELD 0.9ms
 * --cpu 0 -x -o sched-yield.hgt" on a busy machine. Every gap gets one
 * class; the gaps with other tasks in them and the direct switches agree
 * with the kernel's own counts within 5 %.
 */
/* What is no regular file, or too large to hold, is refused before a read, with why. */
/* A task's name from the text reaches terminals tamed. */
START_TEST(test_parse_tamed)
{
	static const char text[] = "hg/0 1 [000] 1.000000: sched:sched_switch: prev_comm=a\033[2Jb "
		"prev_pid=1 prev_prio=120 prev_state=R ==> next_comm=c\007 next_pid=2 next_prio=120\n";
	struct hg_sched s;
	char err[256] = "";

	ck_assert_msg(hg_sched_parse(text, strlen(text), &s, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_str_eq(s.sw[0].prev_comm, "a?[2Jb");
	ck_assert_str_eq(s.sw[0].next_comm, "c?");
	hg_sched_free(&s);
}
END_TEST

START_TEST(test_read_refused)
{
	char *dir = hg_test_fresh_dir(), *fifo = hg_test_path(dir, "fifo"),
	     *big = hg_test_path(dir, "big.txt"), err[256] = "";
	struct hg_sched s;

	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert_int_eq(hg_sched_read(fifo, &s, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "is a FIFO, not a regular file");
	ck_assert_int_eq(hg_sched_read("/dev/zero", &s, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "is a character device, not a regular file");
	ck_assert_int_eq(hg_sched_read(dir, &s, err, sizeof(err)), -EISDIR);
	ck_assert_str_eq(err, "is a directory");
	ck_assert_int_eq(hg_sched_read("/nonexistent/x", &s, err, sizeof(err)), -ENOENT);
	ck_assert_str_eq(err, "No such file or directory");
	hg_test_write_file(big, "x", 1);
	ck_assert_int_eq(truncate(big, (off_t)HG_SCHED_MAX_BYTES + 1), 0);	/* sparse */
	ck_assert_int_eq(hg_sched_read(big, &s, err, sizeof(err)), -EFBIG);
	ck_assert_str_eq(err, "larger than 256 MiB");
	free(fifo);
	free(big);
	hg_test_drop_dir(dir);
}
END_TEST

/* The reader's limits: a line too long, more events than it keeps. */
START_TEST(test_read_limits)
{
	static const char ev[] = "a 1 [0] 1.000001: sched:sched_switch: prev_comm=a prev_pid=1 "
				 "prev_state=R ==> next_comm=b next_pid=2\n";
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "long.txt"), err[256] = "";
	struct hg_sched s;
	unsigned int i;
	FILE *f;

	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(ev, f);
	for (i = 0; i < HG_SCHED_MAX_LINE + 1; i++)
		fputc('x', f);
	fputs("\n", f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(hg_sched_read(path, &s, err, sizeof(err)), -E2BIG);
	ck_assert_str_eq(err, "line 2: longer than 65536 bytes, the most read");
	ck_assert_ptr_null(s.sw);

	/* one event more than it keeps: refused at that line, nothing kept */
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < HG_SCHED_MAX_SWITCHES + 1; i++)
		fputs(ev, f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(hg_sched_read(path, &s, err, sizeof(err)), -E2BIG);
	ck_assert_msg(!strncmp(err, "line 1000001: more than 1000000 sched_switch events, "
			       "the most read", 66), "%s", err);
	ck_assert_ptr_null(s.sw);
	ck_assert_uint_eq(s.n, 0);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_fixture)
{
	struct hg_trace *t = NULL;
	struct hg_ctx_report plain, r;
	struct hg_sched s;
	char err[256] = "";
	uint64_t seen, direct, total = 0;
	int c;

	ck_assert_msg(hg_trace_read(FIXTURE_HGT, &t, err, sizeof(err)) == 0, "%s", err);
	ck_assert_msg(hg_sched_read(FIXTURE_TXT, &s, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(s.resolution_ns, 1);
	ck_assert_int_eq(hg_ctx_analyse(t, &plain), 0);
	ck_assert_msg(hg_ctx_analyse_sched(t, &s, &r, err, sizeof(err)) == 0, "%s", err);
	for (c = 0; c < HG_SC_NCLASSES; c++)
		total += r.n[c];
	ck_assert_uint_eq(total, plain.n[HG_GAP_VOLUNTARY] + plain.n[HG_GAP_INVOLUNTARY] +
			  plain.n[HG_GAP_FOREIGN] + plain.n[HG_GAP_MIGRATION] +
			  plain.n[HG_GAP_UNKNOWN]);
	seen = r.n[HG_SC_INDIRECT] + r.n[HG_SC_FOREIGN_TASK];
	direct = r.n[HG_SC_VOLUNTARY] + r.n[HG_SC_INVOLUNTARY];
	ck_assert_uint_gt(r.kernel.from_workers_to_others, 0);
	ck_assert_uint_le(seen * 100, r.kernel.from_workers_to_others * 105);
	ck_assert_uint_ge(seen * 100, r.kernel.from_workers_to_others * 95);
	ck_assert_uint_le(direct * 100, r.kernel.between_workers * 105);
	ck_assert_uint_ge(direct * 100, r.kernel.between_workers * 95);
	ck_assert_uint_gt(r.nothers, 0);
	ck_assert_uint_ge(r.others[0].total_cycles, r.others[r.nothers - 1].total_cycles);
	hg_ctx_free(&plain);
	hg_ctx_free(&r);
	hg_sched_free(&s);
	hg_trace_free(t);
}
END_TEST

static Suite *sched_suite(void)
{
	Suite *s = suite_create("sched");
	TCase *tc = tcase_create("perf script");

	tcase_add_test(tc, test_parse);
	tcase_add_loop_test(tc, test_parse_bad, 0, (int)(sizeof(bad_text) / sizeof(bad_text[0])));
	suite_add_tcase(s, tc);
	tc = tcase_create("attribution");
	tcase_add_test(tc, test_attribute);
	tcase_add_test(tc, test_attribute_missing_switch);
	tcase_add_test(tc, test_attribute_errors);
	tcase_add_test(tc, test_fixture);
	tcase_add_test(tc, test_read_refused);
	tcase_add_test(tc, test_parse_tamed);
	suite_add_tcase(s, tc);
	tc = tcase_create("limits");
	tcase_set_timeout(tc, 300);	/* a million lines, under sanitizers too */
	tcase_add_test(tc, test_read_limits);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(sched_suite());
}
