// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_chain.c - analysis/chain.c, holistic.c and report/rtachain.c: a task file's
 * CHAIN= words, the sampled chains' reaction-time and data-age bounds
 * worked by hand, their text and JSON, and the bad chains rta refuses
 *
 * The bounds of a sampled chain: reaction <= sum of (T_i + R_i), data age
 * <= that sum less the last task's T (analysis/chain.h); of an event
 * chain, holistic analysis (analysis/holistic.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rtatest.h"
#include "hourglass/commands.h"
#include "hourglass/taskset.h"
#include "report/rtaprint.h"

extern const struct hg_command hg_cmd_rta;

/* rta --tasks @text [--json]: its status and output in @o. */
static void run_file(const char *text, bool json, struct hg_test_out *o)
{
	char *dir = hg_test_fresh_dir();
	char *path = hg_test_write_text(dir, "tasks", text);

	if (json)
		HG_TEST_CMD(o, hg_cmd_rta.main, "rta", "--tasks", path, "--json");
	else
		HG_TEST_CMD(o, hg_cmd_rta.main, "rta", "--tasks", path);
	free(path);
	hg_test_drop_dir(dir);
}

/* A hand-worked chain: the task file, and the bounds (ms) of its first chain. */
static const struct {
	const char *what, *text;
	uint64_t reaction, data_age;
	size_t ntasks;
	unsigned int first, last;
} worked[] = {
	/*
	 * One CPU, rate-monotonic: R0 = 1, R1 = 2 + ceil(3/4) 1 = 3.
	 * reaction (4 + 1) + (10 + 3) = 18, data age 18 - 10 = 8.
	 */
	{ "two tasks, one CPU",
	  "C=1ms T=4ms CHAIN=a:0\nC=2ms T=10ms CHAIN=a:1\n", 18, 8, 2, 0, 1 },
	/*
	 * One CPU, the chain against the priorities: R0 = 1, R1 = 3,
	 * R2 = 3 + ceil(7/5) 1 + ceil(7/10) 2 = 7. reaction (20 + 7) +
	 * (10 + 3) + (5 + 1) = 46, data age 46 - T of the last (task 0) 5 = 41.
	 */
	{ "three tasks, one CPU, last task the highest priority",
	  "C=1ms T=5ms CHAIN=b:2\nC=2ms T=10ms CHAIN=b:1\nC=3ms T=20ms CHAIN=b:0\n", 46, 41, 3,
	  2, 0 },
	/*
	 * Two CPUs, partitioned: on CPU 0 task 0 (T 10, the lower id first)
	 * above task 1: R1 = 5 + 2 = 7; task 2 alone on CPU 1: R2 = 3.
	 * reaction (10 + 7) + (8 + 3) = 28, data age 28 - 8 = 20.
	 */
	{ "two tasks on two CPUs",
	  "C=2ms T=10ms CPU=0\nC=5ms T=10ms CPU=0 CHAIN=x:0\nC=3ms T=8ms CPU=1 CHAIN=x:1\n",
	  28, 20, 2, 1, 2 },
	/*
	 * Two CPUs shared (global, Bertogna and Cirinei): R0 = 1; task 1
	 * sees task 0's workload min(W, R1 - C1 + 1 ns) = 1 ns over 2 CPUs,
	 * floor 0: R1 = 2. reaction (10 + 1) + (10 + 2) = 23, data age 13.
	 */
	{ "two tasks, global on two CPUs",
	  "C=1ms T=10ms CPU=0-1 CHAIN=g:0\nC=2ms T=10ms CPU=0-1 CHAIN=g:1\n", 23, 13, 2, 0, 1 },
};

START_TEST(test_chain_worked)
{
	struct hg_test_out o;
	struct json_object *doc;

	run_file(worked[_i].text, true, &o);
	ck_assert_msg(o.status == 0, "%s: %s", worked[_i].what, o.err);
	doc = hg_test_json(o.out);
	ck_assert_uint_eq(hg_test_json_len(doc, "chains"), 1);
	ck_assert_str_eq(hg_test_json_str(doc, "chains/0/mode"), "sampled");
	ck_assert_uint_eq(hg_test_json_len(doc, "chains/0/tasks"), worked[_i].ntasks);
	ck_assert_uint_eq(hg_test_json_u64(doc, "chains/0/tasks/0"), worked[_i].first);
	ck_assert_uint_eq(hg_test_json_u64(doc, "chains/0/tasks/%zu", worked[_i].ntasks - 1),
			  worked[_i].last);
	ck_assert_uint_eq(hg_test_json_u64(doc, "chains/0/reaction/bound_ns"),
			  worked[_i].reaction * MS);
	ck_assert_uint_eq(hg_test_json_u64(doc, "chains/0/data_age/bound_ns"),
			  worked[_i].data_age * MS);
	ck_assert(hg_test_json_null(doc, "chains/0/why"));
	ck_assert(hg_test_json_null(doc, "chains/0/unbounded_by"));
	ck_assert(!hg_test_json_bool(doc, "chains/0/with_overheads"));
	json_object_put(doc);
	hg_test_out_free(&o);
}
END_TEST

/* The text: one line a chain, its formulas and sums after. */
START_TEST(test_chain_text)
{
	struct hg_test_out o;
	char line[512];

	run_file(worked[1].text, false, &o);
	ck_assert_int_eq(o.status, 0);
	line_starting(o.out, "rta: chain ", line, sizeof(line));
	ck_assert_str_eq(line, "rta: chain b tasks 2>1>0 reaction 46.000ms data-age 41.000ms "
			 "sampled");
	line_starting(o.out, "# rta: chain b: ", line, sizeof(line));
	ck_assert_ptr_nonnull(strstr(line, "sum of (T_i + R_i) = 46.000ms"));
	ck_assert_ptr_nonnull(strstr(line, "sum of (T_i + R_i) - T_n = 41.000ms"));
	hg_test_out_free(&o);
}
END_TEST

/*
 * Task 1 asks for more than its CPU left (6/10 + 6/10): unbounded, and so
 * the chain; a second chain of task 0 and 2 (task 2 on a CPU of its own)
 * keeps its bound: (10 + 6) + (10 + 1) = 27, data age 17.
 */
START_TEST(test_chain_unbounded)
{
	static const char text[] = "C=6ms T=10ms CPU=0 CHAIN=u:0 CHAIN=v:0\n"
				   "C=6ms T=10ms CPU=0 CHAIN=u:1\n"
				   "C=1ms T=10ms CPU=1 CHAIN=v:1\n";
	struct json_object *doc;
	struct hg_test_out o;
	char line[512];

	run_file(text, false, &o);
	ck_assert_int_eq(o.status, 0);
	line_starting(o.out, "rta: chain u ", line, sizeof(line));
	ck_assert_str_eq(line, "rta: chain u tasks 0>1 reaction unbounded data-age unbounded "
			 "sampled");
	line_starting(o.out, "# rta: chain u: ", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: chain u: no bound: task 1: its response is unbounded "
			 "(its level asks for more than its CPU)");
	line_starting(o.out, "rta: chain v ", line, sizeof(line));
	ck_assert_str_eq(line, "rta: chain v tasks 0>2 reaction 27.000ms data-age 17.000ms "
			 "sampled");
	hg_test_out_free(&o);

	run_file(text, true, &o);
	ck_assert_int_eq(o.status, 0);
	doc = hg_test_json(o.out);
	ck_assert_uint_eq(hg_test_json_len(doc, "chains"), 2);
	ck_assert_str_eq(hg_test_json_str(doc, "chains/0/name"), "u");
	ck_assert(hg_test_json_null(doc, "chains/0/reaction/bound_ns"));
	ck_assert(hg_test_json_null(doc, "chains/0/data_age/bound_ns"));
	ck_assert_uint_eq(hg_test_json_u64(doc, "chains/0/unbounded_by"), 1);
	ck_assert_ptr_nonnull(strstr(hg_test_json_str(doc, "chains/0/why"), "unbounded"));
	ck_assert_str_eq(hg_test_json_str(doc, "chains/1/name"), "v");
	ck_assert_uint_eq(hg_test_json_u64(doc, "chains/1/reaction/bound_ns"), 27 * MS);
	ck_assert_uint_eq(hg_test_json_u64(doc, "chains/1/data_age/bound_ns"), 17 * MS);
	json_object_put(doc);
	hg_test_out_free(&o);
}
END_TEST

/*
 * An event chain, task 0 (low) releasing task 1 (high), task 2 between
 * them, on one CPU. Round 1, no jitter: R1 = 1, R2 = 3 + 1 = 4, R0 = 3 + 1
 * + 3 = 7; task 0 finishes 3 to 7 after its release: task 1's jitter 4.
 * Round 2: R1 = 4 + 1 = 5, R2 = 3 + ceil(8/10) 1 = 4, R0 = 3 + ceil(11/10)
 * 1 + 3 = 8: jitter 5. Round 3: R1 = 6, R2 = 4, R0 = 3 + ceil(13/10) + 3 =
 * 8: jitter 5 again, settled. worst = 3 (task 0's best) + R1 6 = 9: data
 * age 9, reaction 10 (task 0's T) + 9 = 19.
 */
START_TEST(test_chain_event)
{
	static const char text[] = "chain f event # released by its predecessor\n"
				   "C=3ms T=10ms P=FIFO:10 CHAIN=f:0\n"
				   "C=1ms T=10ms P=FIFO:30 CHAIN=f:1\n"
				   "C=3ms T=20ms P=FIFO:20\n";
	struct json_object *doc;
	struct hg_test_out o;
	char line[512];

	run_file(text, false, &o);
	ck_assert_int_eq(o.status, 0);
	line_starting(o.out, "rta: chain f ", line, sizeof(line));
	ck_assert_str_eq(line, "rta: chain f tasks 0>1 reaction 19.000ms data-age 9.000ms event");
	line_starting(o.out, "# rta: chain f: ", line, sizeof(line));
	ck_assert_ptr_nonnull(strstr(line, "holistic analysis (Tindell and Clark 1994, 3 rounds"));
	hg_test_out_free(&o);
	run_file(text, true, &o);
	ck_assert_int_eq(o.status, 0);
	doc = hg_test_json(o.out);
	ck_assert_str_eq(hg_test_json_str(doc, "chains/0/mode"), "event");
	ck_assert_uint_eq(hg_test_json_u64(doc, "chains/0/reaction/bound_ns"), 19 * MS);
	ck_assert_uint_eq(hg_test_json_u64(doc, "chains/0/data_age/bound_ns"), 9 * MS);
	json_object_put(doc);
	hg_test_out_free(&o);
}
END_TEST

/*
 * A sampled chain beside an event chain takes the responses with the
 * jitter passed on: task 1 above responds 6 (not 1 as alone), so the
 * sampled chain 1 > 2 is (10 + 6) + (20 + 4) = 40, data age 40 - 20 = 20.
 */
START_TEST(test_chain_event_sampled)
{
	static const char text[] = "chain f event\n"
				   "C=3ms T=10ms P=FIFO:10 CHAIN=f:0\n"
				   "C=1ms T=10ms P=FIFO:30 CHAIN=f:1 CHAIN=s:0\n"
				   "C=3ms T=20ms P=FIFO:20 CHAIN=s:1\n";
	struct hg_test_out o;
	char line[512];

	run_file(text, false, &o);
	ck_assert_int_eq(o.status, 0);
	line_starting(o.out, "rta: chain s ", line, sizeof(line));
	ck_assert_str_eq(line, "rta: chain s tasks 1>2 reaction 40.000ms data-age 20.000ms "
			 "sampled");
	line_starting(o.out, "# rta: chain s: ", line, sizeof(line));
	ck_assert_ptr_nonnull(strstr(line, "with the jitters the event chains pass on"));
	hg_test_out_free(&o);
}
END_TEST

/* An event chain with a task over its CPU: no bound, that task named. */
START_TEST(test_chain_event_unbounded)
{
	struct hg_test_out o;
	char line[512];

	run_file("chain f event\nC=6ms T=10ms CHAIN=f:0\nC=6ms T=10ms CHAIN=f:1\n", false, &o);
	ck_assert_int_eq(o.status, 0);
	line_starting(o.out, "rta: chain f ", line, sizeof(line));
	ck_assert_str_eq(line, "rta: chain f tasks 0>1 reaction unbounded data-age unbounded "
			 "event");
	line_starting(o.out, "# rta: chain f: ", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: chain f: no bound: task 1: its response is unbounded "
			 "(its level asks for more than its CPU)");
	hg_test_out_free(&o);
}
END_TEST

/* Without CHAIN= words: no chain line, and "chains": []. */
START_TEST(test_chain_none)
{
	struct json_object *doc;
	struct hg_test_out o;

	run_file("C=1ms T=4ms\n", false, &o);
	ck_assert_int_eq(o.status, 0);
	ck_assert_ptr_null(strstr(o.out, "chain"));
	hg_test_out_free(&o);
	run_file("C=1ms T=4ms\n", true, &o);
	doc = hg_test_json(o.out);
	ck_assert_uint_eq(hg_test_json_len(doc, "chains"), 0);
	json_object_put(doc);
	hg_test_out_free(&o);
}
END_TEST

/* A bad chain: the file, and what the one line of error says. */
static const struct {
	const char *text, *says;
} bad[] = {
	{ "C=1ms T=4ms CHAIN=c:0\nC=1ms T=8ms CHAIN=c:2\n",
	  "chain c: no task at position 1 (give positions 0, 1, 2... without a gap" },
	{ "C=1ms T=4ms CHAIN=c:1\nC=1ms T=8ms CHAIN=c:2\n", "chain c: no task at position 0" },
	{ "C=1ms T=4ms CHAIN=c:0 CHAIN=c:1\nC=1ms T=8ms\n",
	  "line 1: task 0: CHAIN=c:1: the task is already in chain c at position 0" },
	{ "C=1ms T=4ms CHAIN=c:0\nC=1ms T=8ms CHAIN=c:0\n",
	  "task 1: CHAIN=c:0: task 0 has that position already" },
	{ "C=1ms T=4ms CHAIN=c:0\nC=1ms T=8ms\n", "chain c: task 0 only (a chain needs two" },
	{ "C=1ms T=4ms CHAIN=c\n", "task 0: CHAIN=c: write CHAIN=<name>:<position>" },
	{ "C=1ms T=4ms CHAIN=:0\n", "CHAIN=:0: write CHAIN=<name>:<position>" },
	{ "C=1ms T=4ms CHAIN=c/d:0\n", "CHAIN=c/d:0: write CHAIN=<name>:<position>" },
	{ "C=1ms T=4ms CHAIN=c:x\n", "CHAIN=c:x: the position must be a number from 0 to 63" },
	{ "C=1ms T=4ms CHAIN=c:-1\n", "CHAIN=c:-1: the position must be a number" },
	{ "C=1ms T=4ms CHAIN=c:64\n", "CHAIN=c:64: the position must be a number" },
	{ "C=1ms T=4ms CHAIN=c:\n", "CHAIN=c:: the position must be a number" },
	{ "chain f event\nC=1ms T=10ms CHAIN=f:0\nC=1ms T=5ms CHAIN=f:1\n",
	  "task 1: T=5ms in event chain f whose first task 0 has T=10ms" },
	{ "chain f event\nchain g event\nC=1ms T=10ms CHAIN=f:0 CHAIN=g:0\n"
	  "C=1ms T=10ms CHAIN=f:1 CHAIN=g:1\n",
	  "task 1: after the first in event chains f and g" },
	{ "chain f event\nC=1ms T=10ms\n", "chain f event: no task is in it" },
	{ "chain f odd\nC=1ms T=10ms\n", "line 1: chain f odd: unknown mode (choose event or" },
	{ "chain f\nC=1ms T=10ms\n", "line 1: write 'chain <name> event|sampled'" },
	{ "chain f/g event\nC=1ms T=10ms\n", "line 1: chain 'f/g': not a chain name" },
	{ "chain f event\nchain f event\nC=1ms T=10ms\n", "line 2: chain f: declared twice" },
};

START_TEST(test_chain_bad)
{
	struct hg_test_out o;

	run_file(bad[_i].text, false, &o);
	ck_assert_int_eq(o.status, 2);
	ck_assert_str_eq(o.out, "");
	ck_assert_int_eq(hg_test_lines(o.err), 1);
	ck_assert_msg(strstr(o.err, bad[_i].says), "'%s' not in: %s", bad[_i].says, o.err);
	hg_test_out_free(&o);
}
END_TEST

/* hg_chain_bounds() alone: a sum past 2^64 ns is no bound, with no task to blame. */
START_TEST(test_chain_saturates)
{
	struct hg_rta_task ts[2] = { { .t_ns = UINT64_MAX / 2 }, { .t_ns = UINT64_MAX / 2 } };
	struct hg_rta_result r[2] = { { .response_ns = 5, .bound = HG_RTA_EXACT },
				      { .response_ns = 5, .bound = HG_RTA_EXACT } };
	struct hg_chain ch = { .name = "s", .n = 2, .task = { 0, 1 } };
	struct hg_chain_bound b;

	hg_chain_bounds(&ch, ts, r, &b);
	ck_assert_uint_eq(b.reaction_ns, UINT64_MAX);
	ck_assert_uint_eq(b.data_age_ns, UINT64_MAX);
	ck_assert_uint_eq(b.culprit, SIZE_MAX);
	ck_assert_ptr_nonnull(b.why);
	/* a response only known from below bounds nothing */
	r[1].bound = HG_RTA_AT_LEAST;
	ts[0].t_ns = ts[1].t_ns = 10;
	hg_chain_bounds(&ch, ts, r, &b);
	ck_assert_uint_eq(b.reaction_ns, UINT64_MAX);
	ck_assert_uint_eq(b.culprit, 1);
	r[1].bound = HG_RTA_UPPER;
	hg_chain_bounds(&ch, ts, r, &b);
	ck_assert_uint_eq(b.reaction_ns, 30);
	ck_assert_uint_eq(b.data_age_ns, 20);
	ck_assert_ptr_null(b.why);
}
END_TEST

/* ------------------------------------------- simulated against the bounds */

#define SIM_TASKS 3
#define SIM_LEN 2400		/* time units simulated: 6 hyperperiods of 400 */
#define SIM_WARM 400		/* the first hyperperiod, the chains filling */
#define SIM_JOBS (SIM_LEN / 4 + 1)

/* One simulated task: its jobs' releases, starts and finishes (-1: not yet). */
struct sim_task {
	int c, t, off, prio;
	int njobs;
	int rel[SIM_JOBS], start[SIM_JOBS], fin[SIM_JOBS], left[SIM_JOBS];
};

/* Fixed-priority preemptive on one CPU, one time unit a step; jobs of a task in order. */
static void simulate(struct sim_task *k, int n)
{
	int now, i, j;

	for (i = 0; i < n; i++) {
		k[i].njobs = 0;
		for (now = k[i].off; now < SIM_LEN && k[i].njobs < SIM_JOBS; now += k[i].t) {
			j = k[i].njobs++;
			k[i].rel[j] = now;
			k[i].start[j] = k[i].fin[j] = -1;
			k[i].left[j] = k[i].c;
		}
	}
	for (now = 0; now < SIM_LEN; now++) {
		int best = -1, bj = -1;

		for (i = 0; i < n; i++)
			for (j = 0; j < k[i].njobs; j++) {
				if (k[i].rel[j] > now || !k[i].left[j])
					continue;
				if (best < 0 || k[i].prio > k[best].prio) {
					best = i;
					bj = j;
				}
				break;	/* the earliest job left of the task */
			}
		if (best < 0)
			continue;
		if (k[best].start[bj] < 0)
			k[best].start[bj] = now;
		if (!--k[best].left[bj])
			k[best].fin[bj] = now + 1;
	}
}

/* The latest job of @k finished by @at, or -1. */
static int latest_by(const struct sim_task *k, int at)
{
	int j, got = -1;

	for (j = 0; j < k->njobs; j++)
		if (k->fin[j] >= 0 && k->fin[j] <= at)
			got = j;
	return got;
}

/*
 * Random sets of three tasks on one CPU (rate-monotonic, random offsets)
 * in a random chain order: every simulated data age and reaction time
 * stays within the bounds hg_chain_bounds() gives from hg_rta_fp().
 */
START_TEST(test_chain_simulated)
{
	static const int periods[] = { 4, 5, 8, 10, 20, 25, 40, 50, 80, 100 };
	unsigned int seed = 12345;
	int set;

	for (set = 0; set < 100; set++) {
		struct sim_task k[SIM_TASKS];
		struct hg_rta_task ts[SIM_TASKS] = { { 0 } };
		struct hg_rta_result r[SIM_TASKS];
		struct hg_chain ch = { .name = "s", .n = SIM_TASKS };
		struct hg_chain_bound b;
		int i, j, worst_age = 0, worst_reaction = 0, t, s1[SIM_JOBS];
		const struct sim_task *last;

		for (i = 0; i < SIM_TASKS; i++) {
			k[i].t = periods[rand_r(&seed) % ARRAY_SIZE(periods)];
			k[i].c = 1 + rand_r(&seed) % (k[i].t / 4 > 0 ? k[i].t / 4 : 1);
			k[i].off = rand_r(&seed) % k[i].t;
			ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = (uint64_t)k[i].c,
						      .t_ns = (uint64_t)k[i].t, .d_ns = (uint64_t)k[i].t,
						      .prio = HG_RTA_NO_PRIO };
			ch.task[i] = (size_t)i;
		}
		ck_assert_int_eq(hg_rta_fp(ts, SIM_TASKS, r, NULL), 0);
		for (i = 0; i < SIM_TASKS; i++)
			k[i].prio = SIM_TASKS - (int)r[i].rank;	/* the analysis' order */
		for (i = SIM_TASKS - 1; i > 0; i--) {	/* a random chain order */
			size_t o = ch.task[i], x = (size_t)rand_r(&seed) % (size_t)(i + 1);

			ch.task[i] = ch.task[x];
			ch.task[x] = o;
		}
		hg_chain_bounds(&ch, ts, r, &b);
		if (b.why)
			continue;	/* a set over the CPU: no bound to hold */
		simulate(k, SIM_TASKS);
		last = &k[ch.task[SIM_TASKS - 1]];
		/* each job of the last task: the read of its backward chain's first job */
		for (j = 0; j < last->njobs; j++) {
			int at = last->start[j], h, got = j;

			for (h = SIM_TASKS - 2; h >= 0 && got >= 0 && last->fin[j] >= 0; h--) {
				got = latest_by(&k[ch.task[h]], at);
				if (got >= 0)
					at = k[ch.task[h]].start[got];
			}
			s1[j] = got >= 0 && last->fin[j] >= 0 ? at : -1;
			if (s1[j] >= 0 && last->rel[j] >= SIM_WARM && last->fin[j] - s1[j] > worst_age)
				worst_age = last->fin[j] - s1[j];
		}
		/* an input at t: the first output of a chain that read it after t */
		for (t = SIM_WARM, j = 0; t < SIM_LEN - SIM_WARM; t++) {
			while (j < last->njobs && !(s1[j] > t))
				j++;
			if (j < last->njobs && last->fin[j] - t > worst_reaction)
				worst_reaction = last->fin[j] - t;
		}
		ck_assert_msg((uint64_t)worst_age <= b.data_age_ns, "set %d: data age %d > %llu",
			      set, worst_age, (unsigned long long)b.data_age_ns);
		ck_assert_msg((uint64_t)worst_reaction <= b.reaction_ns,
			      "set %d: reaction %d > %llu", set, worst_reaction,
			      (unsigned long long)b.reaction_ns);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("chain");
	TCase *tc = tcase_create("chain");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_chain_worked, 0, ARRAY_SIZE(worked));
	tcase_add_test(tc, test_chain_text);
	tcase_add_test(tc, test_chain_unbounded);
	tcase_add_test(tc, test_chain_event);
	tcase_add_test(tc, test_chain_event_sampled);
	tcase_add_test(tc, test_chain_event_unbounded);
	tcase_add_test(tc, test_chain_none);
	tcase_add_loop_test(tc, test_chain_bad, 0, ARRAY_SIZE(bad));
	tcase_add_test(tc, test_chain_saturates);
	tcase_add_test(tc, test_chain_simulated);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
