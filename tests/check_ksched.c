// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_ksched.c - analysis/kernel/ksched.c: the kernel's events from perf script
 * text, taken apart by the attribution as a --kernel capture's are (1
 * cycle = 1 ns; the run starts at CLOCK_MONOTONIC 1 s on cycle 0; the
 * thread's interval ends at 2000 and the next starts at 5000; its kernel
 * id is 100)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/kernel/kattr.h"
#include "analysis/kernel/ksched.h"
#include "hourglass/perfin.h"
#include "trace/wire.h"

#define TID 100

/* Every kind of event the reader takes, and lines it skips. */
static const char text[] =
	"# ========\n"
	"# captured on: a comment, skipped\n"
	"\n"
	"            hg/0   100 [000]     1.000000500:       sched:sched_switch: prev_comm=swapper/0 "
	"prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=hg/0 next_pid=100 next_prio=9\n"
	"            hg/0   100 [000]     1.000002100:  irq:irq_handler_entry: irq=24 name=eth0 rx\n"
	"            hg/0   100 [000]     1.000002300:   irq:irq_handler_exit: irq=24 ret=handled\n"
	"            hg/0   100 [000]     1.000002350:      irq:softirq_entry: vec=3 [action=NET_RX]\n"
	"            hg/0   100 [000]     1.000002850:       irq:softirq_exit: vec=3 [action=NET_RX]\n"
	"            hg/0   100 [000]     1.000003000:       sched:sched_switch: prev_comm=hg/0 "
	"prev_pid=100 prev_prio=9 prev_state=R+ ==> next_comm=kworker/0:1 next_pid=7 next_prio=120\n"
	"     kworker/0:1     7 [000]     1.000004000: irq_vectors:local_timer_entry: vector=236\n"
	"     kworker/0:1     7 [000]     1.000004100: timer:hrtimer_expire_entry: "
	"hrtimer=0xffff9 function=tick_nohz_handler now=1000004100\n"
	"     kworker/0:1     7 [000]     1.000004200: timer:hrtimer_expire_exit: hrtimer=0xffff9\n"
	"     kworker/0:1     7 [000]     1.000004300: irq_vectors:local_timer_exit: vector=236\n"
	"     kworker/0:1     7 [000]     1.000004500:       sched:sched_switch: prev_comm=kworker/0:1 "
	"prev_pid=7 prev_prio=120 prev_state=I ==> next_comm=hg/0 next_pid=100 next_prio=9\n"
	"            hg/0   100 [000]     1.000004600: nmi:nmi_handler: perf_event_nmi_handler() "
	"delta_ns: 100 handled: 1\n"
	"            hg/0   100 [000]     1.000005500:   sched:sched_wakeup: comm=a b pid=8 prio=120 "
	"target_cpu=001\n"
	"            hg/0   100 [000]     1.000005600: irq_vectors:reschedule_entry: vector=253\n"
	"            hg/0   100 [000]     1.000005700: irq_vectors:reschedule_exit: vector=253\n"
	"   odd [name] 1     9 [001]     1.000000600: sched:sched_migrate_task: comm=x pid=9 prio=120 "
	"orig_cpu=1 dest_cpu=0\n"
	"            hg/0   100 [000]     1.000005600: sched:sched_stat_runtime: comm=hg/0 pid=100 "
	"runtime=1 [ns]\n"
	"            late     9 [001]     2.000000000:  irq:irq_handler_entry: irq=1 name=late\n";

static struct hg_trace *run_trace(void)
{
	static const uint64_t iv0[][2] = { { 1000, 1000 }, { 5000, 1000 } };
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t n[] = { 2 };
	struct hg_trace *t = hg_test_trace(1, iv, n);

	ck_assert_ptr_nonnull(t);
	t->threads[0].tid = TID;
	t->mono_start_ns = 1000000000ULL;
	t->mono_start_cycles = 0;
	t->mono_end_ns = 1000010000ULL;
	t->mono_end_cycles = 10000;
	return t;
}

static int keep(const struct hg_kgap *g, void *arg)
{
	*(struct hg_kgap *)arg = *g;
	return 0;
}

static const struct hg_kpart *part(const struct hg_kgap *g, enum hg_kcause kind, const char *name)
{
	uint32_t i;

	for (i = 0; i < g->nparts; i++)
		if (g->parts[i].kind == kind && !strcmp(g->parts[i].name, name))
			return &g->parts[i];
	ck_abort_msg("no %s %s", hg_kcause_name(kind), name);
	return NULL;
}

START_TEST(test_events)
{
	struct hg_trace *t = run_trace();
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	char err[256] = "", lacks[512];
	uint32_t i, wake = 0, migrate = 0;

	ck_assert_int_eq(hg_ksched_parse(t, text, strlen(text), &k, &info, err, sizeof(err)), 0);
	ck_assert_uint_eq(info.lines, 18);
	ck_assert_uint_eq(info.used, 16);	/* not sched_stat_runtime, not the late one */
	ck_assert_uint_eq(info.resolution_ns, 1);
	ck_assert_uint_eq(k->clock, HG_KCLOCK_MONO);
	ck_assert_uint_eq(k->ncpus, 2);
	ck_assert_uint_eq(k->cpus[0].begin_cycles, 500);
	ck_assert_uint_eq(k->cpus[1].end_cycles, 5700);
	ck_assert_uint_eq(k->ntp, 14);
	ck_assert_int_eq(hg_kevents_check(k, err, sizeof(err)), 0);
	for (i = 0; i < k->n; i++) {
		if (k->ev[i].type == HG_KEV_WAKEUP) {
			wake++;
			ck_assert_uint_eq(k->ev[i].a, 8);
			ck_assert_uint_eq(k->ev[i].b, 1);
			ck_assert_str_eq(hg_kevents_name(k, k->ev[i].name), "a b");
		}
		if (k->ev[i].type == HG_KEV_MIGRATE) {
			migrate++;
			ck_assert_uint_eq(k->ev[i].cpu, 1);
			ck_assert_uint_eq(k->ev[i].b, 1u << 16);	/* from CPU 1 to CPU 0 */
		}
		/* prev_state R: runnable; next_prio: the next task's class and priority */
		if (k->ev[i].type == HG_KEV_SWITCH && k->ev[i].a == 7) {
			ck_assert_uint_eq(k->ev[i].flags & HG_KEV_PREV_RUNNABLE, HG_KEV_PREV_RUNNABLE);
			ck_assert_uint_eq(hg_kev_prio(&k->ev[i]), HG_KPRIO_FAIR);
		}
		if (k->ev[i].type == HG_KEV_SWITCH && k->ev[i].a == TID) {
			ck_assert_uint_eq(hg_kprio_rt(hg_kev_prio(&k->ev[i])), 90);
			ck_assert_uint_eq(k->ev[i].flags & HG_KEV_PREV_RUNNABLE,
					  k->ev[i].b == 0 ? HG_KEV_PREV_RUNNABLE : 0);
		}
	}
	ck_assert_uint_eq(wake, 1);
	ck_assert_uint_eq(migrate, 1);
	/* every kind there: nothing lacks */
	ck_assert_uint_eq(hg_ksched_missing(k, lacks, sizeof(lacks)), 0);
	ck_assert_str_eq(lacks, "");
	hg_kevents_free(k);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_gap)
{
	struct hg_trace *t = run_trace();
	struct hg_ksched_info info;
	struct hg_kattr *a = NULL;
	struct hg_kgap g = { 0 };
	char err[256] = "";
	uint64_t sum = 0;
	uint32_t i;

	ck_assert_int_eq(hg_ksched_parse(t, text, strlen(text), &t->kev, &info, err, sizeof(err)), 0);
	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	ck_assert_int_eq(hg_kattr_each(t, a, keep, &g), 0);
	ck_assert_uint_eq(g.len_cycles, 3000);
	for (i = 0; i < g.nparts; i++)
		sum += g.parts[i].cycles;
	ck_assert_uint_eq(sum, 3000);
	ck_assert_uint_eq(part(&g, HG_KC_IRQ, "24:eth0 rx")->cycles, 200);
	ck_assert_uint_eq(part(&g, HG_KC_SOFTIRQ, "NET_RX")->cycles, 500);
	/* 3000-4000 and 4300-4500: one run */
	ck_assert_uint_eq(part(&g, HG_KC_TASK, "kworker/0:1")->cycles, 1200);
	ck_assert_uint_eq(part(&g, HG_KC_TASK, "kworker/0:1")->count, 1);
	ck_assert_uint_eq(part(&g, HG_KC_TIMER, "local_timer")->cycles, 200);
	ck_assert_uint_eq(part(&g, HG_KC_TIMER, "tick_nohz_handler")->cycles, 100);
	/* its 100 ns back from 4600 */
	ck_assert_uint_eq(part(&g, HG_KC_NMI, "perf_event_nmi_handler")->cycles, 100);
	/* 2000-2100, 2300-2350, 2850-3000, 4600-5000 */
	ck_assert_uint_eq(part(&g, HG_KC_KERNEL, "entry, exit, switch")->cycles, 700);
	ck_assert_uint_eq(g.nparts, 7);
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

/* Only switches, in microseconds: the kinds it lacks are named. */
START_TEST(test_lacks)
{
	static const char sw[] =
		"  hg/0 100 [000] 1.000003: sched:sched_switch: prev_comm=hg/0 prev_pid=100 "
		"prev_prio=9 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120\n";
	struct hg_trace *t = run_trace();
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	char err[256] = "", lacks[512];

	ck_assert_int_eq(hg_ksched_parse(t, sw, strlen(sw), &k, &info, err, sizeof(err)), 0);
	ck_assert_uint_eq(info.resolution_ns, 1000);
	ck_assert_uint_eq(k->ev[0].cycles, 3000);
	ck_assert_uint_eq(hg_ksched_missing(k, lacks, sizeof(lacks)), 5);
	ck_assert_ptr_nonnull(strstr(lacks, "no irq_handler_entry events: interrupt handlers' time "
				       "shows as unexplained"));
	ck_assert_ptr_nonnull(strstr(lacks, "no softirq_entry"));
	ck_assert_ptr_nonnull(strstr(lacks, "no nmi_handler"));
	ck_assert_ptr_null(strstr(lacks, "sched_switch"));
	hg_kevents_free(k);
	hg_trace_free(t);
}
END_TEST

static const struct bad {
	const char *text;
	int ret;
	const char *err;
} bad[] = {
	{ "not perf text at all\n", -EINVAL, "no event line" },
	{ "x 1 [000] 1.000003: irq:irq_handler_entry: name=eth0\n", -EINVAL,
	  "line 1: irq:irq_handler_entry: no irq=" },
	{ "x 1 [000] 1.000003: sched:sched_switch: prev_comm=a prev_pid=1\n", -EINVAL, "line 1:" },
	{ "x 1 [000] 1.000003: nmi:nmi_handler: handled: 1\n", -EINVAL, "no handler or delta_ns" },
	/* another clock or another run */
	{ "x 1 [000] 99.000003: irq:irq_handler_entry: irq=1 name=a\n", -ERANGE,
	  "no event of the run's time" },
	{ "x 1 [000] 1.000003: sched:sched_switch: prev_comm=a prev_pid=5 prev_prio=1 "
	  "prev_state=S ==> next_comm=b next_pid=6 next_prio=1\n", -ESRCH, "a capture of another run" },
};

START_TEST(test_bad)
{
	const struct bad *b = &bad[_i];
	struct hg_trace *t = run_trace();
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	char err[256] = "";

	ck_assert_int_eq(hg_ksched_parse(t, b->text, strlen(b->text), &k, &info, err, sizeof(err)),
			 b->ret);
	ck_assert_msg(strstr(err, b->err) != NULL, "'%s' not in '%s'", b->err, err);
	ck_assert_ptr_null(k);
	hg_trace_free(t);
}
END_TEST

/* ESC ] (OSC), BEL, ESC [ (CSI), C1 CSI as a byte and in UTF-8, and text to keep. */
#define NASTY "\x1b]0;owned\x07\x1b[2J\x9b" "2J\xc2\x9b" "2J \xc3\xa9"
#define NASTY_TAMED "?]0;owned??[2J?2J??2J \xc3\xa9"
#define NASTY_WORD "\x1b)0\x07\x1b[2J\x9b\xc2\x9b"	/* no ' ', ':', '(' or ']' */
#define NASTY_WORD_TAMED "?)0??[2J???"

/* Names of every kind that another user (or the text's writer) chooses. */
static const char nasty_text[] =
	"  hg/0 100 [000] 1.000000500: sched:sched_switch: prev_comm=swapper/0 prev_pid=0 "
	"prev_prio=120 prev_state=R ==> next_comm=hg/0 next_pid=100 next_prio=9\n"
	"  hg/0 100 [000] 1.000002100: irq:irq_handler_entry: irq=24 name=" NASTY "\n"
	"  hg/0 100 [000] 1.000002300: irq:irq_handler_exit: irq=24 ret=handled\n"
	"  hg/0 100 [000] 1.000003000: sched:sched_switch: prev_comm=hg/0 prev_pid=100 "
	"prev_prio=9 prev_state=R+ ==> next_comm=" NASTY " next_pid=7 next_prio=120\n"
	"  x 7 [000] 1.000004000: irq_vectors:" NASTY_WORD "_entry: vector=236\n"
	"  x 7 [000] 1.000004100: timer:hrtimer_expire_entry: hrtimer=0xffff9 function="
	NASTY_WORD " now=1000004100\n"
	"  x 7 [000] 1.000004200: timer:hrtimer_expire_exit: hrtimer=0xffff9\n"
	"  x 7 [000] 1.000004300: irq_vectors:" NASTY_WORD "_exit: vector=236\n"
	"  x 7 [000] 1.000004500: sched:sched_switch: prev_comm=" NASTY " prev_pid=7 "
	"prev_prio=120 prev_state=I ==> next_comm=hg/0 next_pid=100 next_prio=9\n"
	"  hg/0 100 [000] 1.000004600: nmi:nmi_handler: " NASTY_WORD "() delta_ns: 100 handled: 1\n"
	"  hg/0 100 [000] 1.000005500: sched:sched_wakeup: comm=" NASTY " pid=8 prio=120 "
	"target_cpu=000\n"
	"  hg/0 100 [000] 1.000005600: sched:sched_migrate_task: comm=" NASTY " pid=9 prio=120 "
	"orig_cpu=1 dest_cpu=0\n";

/* Nothing a terminal takes for a command: no C0 or C1 control, no DEL, valid UTF-8. */
static void assert_tame(const char *s)
{
	char copy[HG_KSCHED_SOURCE_LEN];

	ck_assert_uint_lt(strlen(s), sizeof(copy));
	memcpy(copy, s, strlen(s) + 1);
	hg_tame(copy);
	ck_assert_msg(!strcmp(copy, s) && !strchr(s, 0x1b) && !strchr(s, 0x07) &&
		      !strchr(s, 0x9b), "not tame: \"%s\"", s);
}

/* The name of the event of @type (the first). */
static const char *name_of(const struct hg_kevents *k, uint8_t type)
{
	uint64_t i;

	for (i = 0; i < k->n; i++)
		if (k->ev[i].type == type)
			return hg_kevents_name(k, k->ev[i].name);
	ck_abort_msg("no event of type %u", type);
	return NULL;
}

/*
 * Every name the text gives is tamed as it is interned: tasks, interrupt
 * handlers, the irq_vectors events' names, timer functions, NMI handlers,
 * the tracepoints; and the gaps' causes made of them.
 */
START_TEST(test_names_tamed)
{
	struct hg_trace *t = run_trace();
	struct hg_ksched_info info;
	struct hg_kattr *a = NULL;
	struct hg_kgap g = { 0 };
	char err[256] = "";
	uint32_t i;

	ck_assert_msg(hg_ksched_parse(t, nasty_text, strlen(nasty_text), &t->kev, &info, err,
				      sizeof(err)) == 0, "%s", err);
	for (i = 0; i < t->kev->names.n; i++)
		assert_tame(hg_kevents_name(t->kev, i));
	for (i = 0; i < t->kev->ntp; i++)
		assert_tame(t->kev->tp[i]);
	ck_assert_str_eq(name_of(t->kev, HG_KEV_IRQ_ENTRY), NASTY_TAMED);
	ck_assert_str_eq(name_of(t->kev, HG_KEV_WAKEUP), NASTY_TAMED);
	ck_assert_str_eq(name_of(t->kev, HG_KEV_MIGRATE), NASTY_TAMED);
	ck_assert_str_eq(name_of(t->kev, HG_KEV_VEC_ENTRY), NASTY_WORD_TAMED);
	ck_assert_str_eq(name_of(t->kev, HG_KEV_VEC_EXIT), NASTY_WORD_TAMED);
	ck_assert_str_eq(name_of(t->kev, HG_KEV_HRTIMER_ENTRY), NASTY_WORD_TAMED);
	ck_assert_str_eq(name_of(t->kev, HG_KEV_NMI), NASTY_WORD_TAMED);
	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	ck_assert_int_eq(hg_kattr_each(t, a, keep, &g), 0);
	ck_assert_uint_gt(g.nparts, 0);
	for (i = 0; i < g.nparts; i++)
		assert_tame(g.parts[i].name);
	ck_assert_uint_eq(part(&g, HG_KC_TASK, NASTY_TAMED)->pid, 7);
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

/* The file's name, printed as the events' source, comes tamed too. */
START_TEST(test_source_tamed)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "k\x1b[2J\x9b\xc2\x9b.txt");
	struct hg_trace *t = run_trace();
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	char err[256] = "";
	size_t n;

	hg_test_write_file(path, nasty_text, strlen(nasty_text));
	ck_assert_msg(hg_perfin_read(t, path, &k, &info, err, sizeof(err)) == 0, "%s", err);
	assert_tame(info.source);
	n = strlen(info.source);
	ck_assert_uint_eq(n, strlen(path));
	ck_assert_str_eq(info.source + n - 13, "/k?[2J???.txt");
	hg_kevents_free(k);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *ksched_suite(void)
{
	Suite *s = suite_create("ksched");
	TCase *tc = tcase_create("perf script text");

	tcase_add_test(tc, test_events);
	tcase_add_test(tc, test_gap);
	tcase_add_test(tc, test_lacks);
	tcase_add_loop_test(tc, test_bad, 0, (int)(sizeof(bad) / sizeof(bad[0])));
	suite_add_tcase(s, tc);
	tc = tcase_create("names");
	tcase_add_test(tc, test_names_tamed);
	tcase_add_test(tc, test_source_tamed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(ksched_suite());
}
