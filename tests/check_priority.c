// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_priority.c - priority names, policies, and applying them to a thread
 *
 * Applying a priority changes the calling thread, so every test that does
 * more than NORMAL runs it in a fresh thread (or, to drop privileges, in a
 * child process) and asserts on what that thread recorded.
 */
#include <errno.h>
#include <grp.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "run/priority.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define CHOICES "(choose from IDLE, LOW, NORMAL, HIGH, HIGHEST, RTLOW, RTMED, RTHIGH, " \
		"FIFO:<1-98>, RR:<1-98>, OTHER:<nice>, BATCH)"

/* what a class parses to, and how it is described */
static const struct {
	const char *in;
	const char *name;
	int policy;
	int value;
	const char *desc;
} classes[] = {
	{ "IDLE", "IDLE", SCHED_IDLE, 0, "IDLE (SCHED_IDLE)" },
	{ "LOW", "LOW", SCHED_OTHER, 10, "LOW (SCHED_OTHER nice 10)" },
	{ "NORMAL", "NORMAL", SCHED_OTHER, 0, "NORMAL (SCHED_OTHER nice 0)" },
	{ "HIGH", "HIGH", SCHED_OTHER, -10, "HIGH (SCHED_OTHER nice -10)" },
	{ "HIGHEST", "HIGHEST", SCHED_OTHER, -20, "HIGHEST (SCHED_OTHER nice -20)" },
	{ "RTLOW", "RTLOW", SCHED_FIFO, 10, "RTLOW (SCHED_FIFO 10)" },
	{ "RTMED", "RTMED", SCHED_FIFO, 50, "RTMED (SCHED_FIFO 50)" },
	{ "RTHIGH", "RTHIGH", SCHED_FIFO, 90, "RTHIGH (SCHED_FIFO 90)" },
	{ "FIFO:42", "FIFO", SCHED_FIFO, 42, "FIFO:42 (SCHED_FIFO 42)" },
	{ "FIFO:1", "FIFO", SCHED_FIFO, 1, "FIFO:1 (SCHED_FIFO 1)" },
	{ "FIFO:98", "FIFO", SCHED_FIFO, 98, "FIFO:98 (SCHED_FIFO 98)" },
	{ "RR:1", "RR", SCHED_RR, 1, "RR:1 (SCHED_RR 1)" },
	{ "RR:98", "RR", SCHED_RR, 98, "RR:98 (SCHED_RR 98)" },
	{ "OTHER:-20", "OTHER", SCHED_OTHER, -20, "OTHER:-20 (SCHED_OTHER nice -20)" },
	{ "OTHER:0", "OTHER", SCHED_OTHER, 0, "OTHER:0 (SCHED_OTHER nice 0)" },
	{ "OTHER:19", "OTHER", SCHED_OTHER, 19, "OTHER:19 (SCHED_OTHER nice 19)" },
	{ "BATCH", "BATCH", SCHED_BATCH, 0, "BATCH (SCHED_BATCH nice 0)" },
	/* case-insensitive; a unique prefix is enough; an exact name wins */
	{ "rthigh", "RTHIGH", SCHED_FIFO, 90, "RTHIGH (SCHED_FIFO 90)" },
	{ "rth", "RTHIGH", SCHED_FIFO, 90, "RTHIGH (SCHED_FIFO 90)" },
	{ "RtM", "RTMED", SCHED_FIFO, 50, "RTMED (SCHED_FIFO 50)" },
	{ "rtl", "RTLOW", SCHED_FIFO, 10, "RTLOW (SCHED_FIFO 10)" },
	{ "high", "HIGH", SCHED_OTHER, -10, "HIGH (SCHED_OTHER nice -10)" },
	{ "highe", "HIGHEST", SCHED_OTHER, -20, "HIGHEST (SCHED_OTHER nice -20)" },
	{ "i", "IDLE", SCHED_IDLE, 0, "IDLE (SCHED_IDLE)" },
	{ "l", "LOW", SCHED_OTHER, 10, "LOW (SCHED_OTHER nice 10)" },
	{ "n", "NORMAL", SCHED_OTHER, 0, "NORMAL (SCHED_OTHER nice 0)" },
	{ "b", "BATCH", SCHED_BATCH, 0, "BATCH (SCHED_BATCH nice 0)" },
	{ "fifo:7", "FIFO", SCHED_FIFO, 7, "FIFO:7 (SCHED_FIFO 7)" },
	{ "f:7", "FIFO", SCHED_FIFO, 7, "FIFO:7 (SCHED_FIFO 7)" },
	{ "rr:5", "RR", SCHED_RR, 5, "RR:5 (SCHED_RR 5)" },
	{ "o:3", "OTHER", SCHED_OTHER, 3, "OTHER:3 (SCHED_OTHER nice 3)" },
};

START_TEST(test_parse_class)
{
	struct hg_prio p = { 0 };
	char err[256] = "";
	int ret = hg_prio_parse(classes[_i].in, &p, err, sizeof(err));

	ck_assert_msg(ret == 0, "'%s': returned %d (%s)", classes[_i].in, ret, err);
	ck_assert_str_eq(p.name, classes[_i].name);
	ck_assert_int_eq(p.policy, classes[_i].policy);
	ck_assert_int_eq(p.value, classes[_i].value);
}
END_TEST

START_TEST(test_describe)
{
	struct hg_prio p;
	char err[256], buf[64];

	ck_assert_int_eq(hg_prio_parse(classes[_i].in, &p, err, sizeof(err)), 0);
	hg_prio_describe(&p, buf, sizeof(buf));
	ck_assert_str_eq(buf, classes[_i].desc);
}
END_TEST

START_TEST(test_is_rt)
{
	struct hg_prio p;
	char err[256];

	ck_assert_int_eq(hg_prio_parse(classes[_i].in, &p, err, sizeof(err)), 0);
	ck_assert_int_eq(hg_prio_is_rt(&p),
			 classes[_i].policy == SCHED_FIFO || classes[_i].policy == SCHED_RR);
}
END_TEST

START_TEST(test_default)
{
	struct hg_prio p = hg_prio_default();
	char buf[64];

	ck_assert_str_eq(p.name, "NORMAL");
	ck_assert_int_eq(p.policy, SCHED_OTHER);
	ck_assert_int_eq(p.value, 0);
	ck_assert(!hg_prio_is_rt(&p));
	hg_prio_describe(&p, buf, sizeof(buf));
	ck_assert_str_eq(buf, "NORMAL (SCHED_OTHER nice 0)");
}
END_TEST

/* what fails to parse, the return value and the whole message */
static const struct {
	const char *in;
	int ret;
	const char *msg;
} bad[] = {
	{ "SUPERHIGH", -EINVAL, "unknown priority 'SUPERHIGH' " CHOICES },
	{ "", -EINVAL, "unknown priority '' " CHOICES },
	{ ":5", -EINVAL, "unknown priority ':5' " CHOICES },
	/* one suggestion rule: two letters more than HIGHEST, three than RTHIGH */
	{ "RTHIGHEST", -EINVAL, "unknown priority 'RTHIGHEST' (did you mean HIGHEST?)" },
	{ "rthihg", -EINVAL, "unknown priority 'rthihg' (did you mean RTHIGH?)" },
	{ "FIFI:90", -EINVAL, "unknown priority 'FIFI:90' (did you mean FIFO:90?)" },
	{ "OTHR", -EINVAL, "unknown priority 'OTHR' (did you mean OTHER:<n>?)" },
	/* cyclictest's -p: a bare number is a FIFO priority; 99 is not one of ours */
	{ "90", -EINVAL, "unknown priority '90' (a bare number is cyclictest's -p: write "
	  "FIFO:90)" },
	{ "1", -EINVAL, "unknown priority '1' (a bare number is cyclictest's -p: write FIFO:1)" },
	{ "99", -EINVAL, "unknown priority '99' " CHOICES },
	{ "090", -EINVAL, "unknown priority '090' " CHOICES },
	{ "SCHED_FIFO:10", -EINVAL, "unknown priority 'SCHED_FIFO:10' " CHOICES },
	{ "AVERYLONGPRIORITYNAME", -EINVAL, "unknown priority 'AVERYLONGPRIORITYNAME' " CHOICES },
	{ "R", -EINVAL, "ambiguous priority 'R' " CHOICES },
	{ "RT", -EINVAL, "ambiguous priority 'RT' " CHOICES },
	{ "H", -EINVAL, "ambiguous priority 'H' " CHOICES },
	{ "RTHIGH:5", -EINVAL, "priority 'RTHIGH:5': RTHIGH takes no number" },
	{ "NORMAL:", -EINVAL, "priority 'NORMAL:': NORMAL takes no number" },
	{ "IDLE:1", -EINVAL, "priority 'IDLE:1': IDLE takes no number" },
	{ "BATCH:0", -EINVAL, "priority 'BATCH:0': BATCH takes no number" },
	{ "FIFO", -EINVAL, "priority 'FIFO': write FIFO:<n>, n from 1 to 98 (99 is the run's clock thread's)" },
	{ "FIFO:", -EINVAL, "priority 'FIFO:': write FIFO:<n>, n from 1 to 98 (99 is the run's clock thread's)" },
	{ "RR", -EINVAL, "priority 'RR': write RR:<n>, n from 1 to 98 (99 is the run's clock thread's)" },
	{ "OTHER", -EINVAL, "priority 'OTHER': write OTHER:<n>, n from -20 to 19" },
	{ "FIFO:0", -ERANGE, "priority 'FIFO:0': FIFO takes 1 to 98 (99 is the run's clock thread's)" },
	{ "FIFO:99", -ERANGE, "priority 'FIFO:99': FIFO takes 1 to 98 (99 is the run's clock "
	  "thread's)" },
	{ "FIFO:100", -ERANGE, "priority 'FIFO:100': FIFO takes 1 to 98 (99 is the run's clock thread's)" },
	{ "FIFO:-1", -ERANGE, "priority 'FIFO:-1': FIFO takes 1 to 98 (99 is the run's clock thread's)" },
	{ "FIFO:abc", -ERANGE, "priority 'FIFO:abc': FIFO takes 1 to 98 (99 is the run's clock thread's)" },
	{ "FIFO:5x", -ERANGE, "priority 'FIFO:5x': FIFO takes 1 to 98 (99 is the run's clock thread's)" },
	{ "FIFO:99999999999999999999", -ERANGE,
	  "priority 'FIFO:99999999999999999999': FIFO takes 1 to 98 (99 is the run's clock thread's)" },
	{ "RR:0", -ERANGE, "priority 'RR:0': RR takes 1 to 98 (99 is the run's clock thread's)" },
	{ "RR:100", -ERANGE, "priority 'RR:100': RR takes 1 to 98 (99 is the run's clock thread's)" },
	{ "OTHER:20", -ERANGE, "priority 'OTHER:20': OTHER takes -20 to 19" },
	{ "OTHER:-21", -ERANGE, "priority 'OTHER:-21': OTHER takes -20 to 19" },
};

START_TEST(test_parse_bad)
{
	struct hg_prio p;
	char err[256] = "";
	int ret = hg_prio_parse(bad[_i].in, &p, err, sizeof(err));

	ck_assert_msg(ret == bad[_i].ret, "'%s': returned %d, want %d", bad[_i].in, ret,
		      bad[_i].ret);
	ck_assert_str_eq(err, bad[_i].msg);
}
END_TEST

/* -------- hg_prio_apply -------- */

/* what a thread saw when it applied a priority, and then NORMAL again */
struct applied {
	struct hg_prio prio;
	int ret;
	char err[256];
	int policy, rtprio, nice;	/* after the apply */
	int restore_ret;
	char restore_err[256];
	int policy_after;		/* after the restore */
};

static int thread_nice(void)
{
	errno = 0;
	return getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
}

static void apply_and_restore(struct applied *a)
{
	struct hg_prio normal = hg_prio_default();
	struct sched_param sp;

	a->ret = hg_prio_apply(&a->prio, a->err, sizeof(a->err));
	a->policy = sched_getscheduler(0);
	a->rtprio = sched_getparam(0, &sp) ? -1 : sp.sched_priority;
	a->nice = thread_nice();
	a->restore_ret = hg_prio_apply(&normal, a->restore_err, sizeof(a->restore_err));
	a->policy_after = sched_getscheduler(0);
}

static void *apply_thread(void *arg)
{
	apply_and_restore(arg);
	return NULL;
}

/* apply_in_thread - apply @in in a fresh thread (never the test's own) */
static void apply_in_thread(const char *in, struct applied *a)
{
	char err[256];
	pthread_t t;

	memset(a, 0, sizeof(*a));
	ck_assert_int_eq(hg_prio_parse(in, &a->prio, err, sizeof(err)), 0);
	ck_assert_int_eq(pthread_create(&t, NULL, apply_thread, a), 0);
	ck_assert_int_eq(pthread_join(t, NULL), 0);
}

/*
 * apply_unprivileged - apply @in without CAP_SYS_NICE or rlimits that
 * allow it: in a fresh thread when we are not root; as root, in a child
 * that drops to nobody first. Returns false (with a reason printed) when
 * it cannot be arranged.
 */
static bool apply_unprivileged(const char *in, struct applied *a)
{
	struct rlimit zero = { 0, 0 };
	int fds[2], status;
	pid_t pid;

	if (geteuid() != 0) {
		apply_in_thread(in, a);
		return true;
	}
	memset(a, 0, sizeof(*a));
	ck_assert_int_eq(hg_prio_parse(in, &a->prio, a->err, sizeof(a->err)), 0);
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		close(fds[0]);
		if (setrlimit(RLIMIT_RTPRIO, &zero) || setrlimit(RLIMIT_NICE, &zero) ||
		    setgroups(0, NULL) || setresgid(65534, 65534, 65534) ||
		    setresuid(65534, 65534, 65534))
			_exit(3);
		apply_and_restore(a);
		_exit(write(fds[1], a, sizeof(*a)) == (ssize_t)sizeof(*a) ? 0 : 4);
	}
	close(fds[1]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) == 3) {
		close(fds[0]);
		printf("%s: skipped: cannot drop privileges to test the message\n", in);
		return false;
	}
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	ck_assert_int_eq(read(fds[0], a, sizeof(*a)), (ssize_t)sizeof(*a));
	close(fds[0]);
	return true;
}

static bool skip_without_rt(const struct applied *a)
{
	if (a->ret != -EPERM)
		return false;
	printf("%s: skipped: needs CAP_SYS_NICE (%s)\n", a->prio.name, a->err);
	return true;
}

/* NORMAL on the test's own thread: always allowed */
START_TEST(test_apply_normal)
{
	struct hg_prio p = hg_prio_default();
	char err[256] = "";
	int ret;

	if (thread_nice() > 0 && geteuid() != 0) {
		printf("NORMAL: skipped: needs CAP_SYS_NICE (this process runs at nice %d)\n",
		       thread_nice());
		return;
	}
	ret = hg_prio_apply(&p, err, sizeof(err));
	ck_assert_msg(ret == 0, "returned %d (%s)", ret, err);
	ck_assert_int_eq(sched_getscheduler(0), SCHED_OTHER);
	ck_assert_int_eq(thread_nice(), 0);
}
END_TEST

/* non-RT classes that need no privilege: LOW, BATCH, IDLE, OTHER:<positive> */
static const struct {
	const char *in;
	int policy, nice;
} unprivileged[] = {
	{ "LOW", SCHED_OTHER, 10 },
	{ "OTHER:19", SCHED_OTHER, 19 },
	{ "BATCH", SCHED_BATCH, 0 },
	{ "IDLE", SCHED_IDLE, -1 },	/* -1: nice not checked */
};

START_TEST(test_apply_timesharing)
{
	struct applied a;

	apply_in_thread(unprivileged[_i].in, &a);
	ck_assert_msg(a.ret == 0, "%s: returned %d (%s)", unprivileged[_i].in, a.ret, a.err);
	ck_assert_int_eq(a.policy, unprivileged[_i].policy);
	if (unprivileged[_i].nice >= 0)
		ck_assert_int_eq(a.nice, unprivileged[_i].nice);
	if (a.restore_ret == -EPERM || a.restore_ret == -EACCES) {
		printf("%s: restore skipped: needs CAP_SYS_NICE (%s)\n", unprivileged[_i].in,
		       a.restore_err);
		return;
	}
	ck_assert_msg(a.restore_ret == 0, "restore: %s", a.restore_err);
	ck_assert_int_eq(a.policy_after, SCHED_OTHER);
}
END_TEST

/* with privilege, the RT classes take effect, and NORMAL undoes them */
static const struct {
	const char *in;
	int policy, rtprio;
} rt[] = {
	{ "RTHIGH", SCHED_FIFO, 90 },
	{ "RTLOW", SCHED_FIFO, 10 },
	{ "FIFO:42", SCHED_FIFO, 42 },
	{ "RR:5", SCHED_RR, 5 },
};

START_TEST(test_apply_rt_privileged)
{
	struct applied a;

	if (geteuid() != 0) {
		printf("%s: skipped: needs CAP_SYS_NICE (not running as root)\n", rt[_i].in);
		return;
	}
	apply_in_thread(rt[_i].in, &a);
	if (skip_without_rt(&a))
		return;
	ck_assert_msg(a.ret == 0, "%s: returned %d (%s)", rt[_i].in, a.ret, a.err);
	ck_assert_int_eq(a.policy, rt[_i].policy);
	ck_assert_int_eq(a.rtprio, rt[_i].rtprio);
	ck_assert_msg(a.restore_ret == 0, "restore: %s", a.restore_err);
	ck_assert_int_eq(a.policy_after, SCHED_OTHER);
	/* the test's own thread never changed */
	ck_assert_int_eq(sched_getscheduler(0), SCHED_OTHER);
}
END_TEST

START_TEST(test_apply_negative_nice_privileged)
{
	struct applied a;

	if (geteuid() != 0) {
		printf("HIGHEST: skipped: needs CAP_SYS_NICE (not running as root)\n");
		return;
	}
	apply_in_thread("HIGHEST", &a);
	if (skip_without_rt(&a))
		return;
	ck_assert_msg(a.ret == 0, "returned %d (%s)", a.ret, a.err);
	ck_assert_int_eq(a.policy, SCHED_OTHER);
	ck_assert_int_eq(a.nice, -20);
	ck_assert_msg(a.restore_ret == 0, "restore: %s", a.restore_err);
}
END_TEST

/* without privilege, RTHIGH fails with EPERM and says what it needs */
START_TEST(test_apply_rt_unprivileged)
{
	char want[256];
	struct applied a;

	if (!apply_unprivileged("RTHIGH", &a))
		return;
	if (!a.ret) {
		printf("RTHIGH: skipped: RLIMIT_RTPRIO allows it without privilege\n");
		return;
	}
	ck_assert_int_eq(a.ret, -EPERM);
	ck_assert_ptr_nonnull(strstr(a.err, "CAP_SYS_NICE"));
	snprintf(want, sizeof(want), "cannot set priority RTHIGH (SCHED_FIFO 90): %s "
		 "(needs CAP_SYS_NICE or RLIMIT_RTPRIO; run as root)", strerror(EPERM));
	ck_assert_str_eq(a.err, want);
	/* nothing changed */
	ck_assert_int_eq(a.policy, SCHED_OTHER);
}
END_TEST

/* without privilege, a negative nice value fails and says what it needs */
START_TEST(test_apply_negative_nice_unprivileged)
{
	char want[256];
	struct applied a;

	if (!apply_unprivileged("HIGH", &a))
		return;
	if (!a.ret) {
		printf("HIGH: skipped: RLIMIT_NICE allows it without privilege\n");
		return;
	}
	ck_assert_msg(a.ret == -EACCES || a.ret == -EPERM, "returned %d", a.ret);
	snprintf(want, sizeof(want), "cannot set priority HIGH (SCHED_OTHER nice -10): %s "
		 "(a negative nice value needs CAP_SYS_NICE or RLIMIT_NICE; run as root)",
		 strerror(-a.ret));
	ck_assert_str_eq(a.err, want);
}
END_TEST

/*
 * Under nice 19, NORMAL (nice 0) and LOW (nice 10) raise the priority:
 * the message says so, not that a negative value was asked for.
 */
START_TEST(test_apply_raise_nice_unprivileged)
{
	static const char *const in[] = { "NORMAL", "LOW" };
	static const int value[] = { 0, 10 };
	char want[256], what[64];
	struct applied a;

	ck_assert_int_eq(setpriority(PRIO_PROCESS, 0, 19), 0);	/* this test's process only */
	if (!apply_unprivileged(in[_i], &a))
		return;
	if (!a.ret) {
		printf("%s: skipped: RLIMIT_NICE allows it without privilege\n", in[_i]);
		return;
	}
	ck_assert_msg(a.ret == -EACCES || a.ret == -EPERM, "returned %d", a.ret);
	hg_prio_describe(&a.prio, what, sizeof(what));
	snprintf(want, sizeof(want), "cannot set priority %s: %s (nice %d is below the current "
		 "nice 19: raising the priority needs CAP_SYS_NICE or RLIMIT_NICE; run as root)",
		 what, strerror(-a.ret), value[_i]);
	ck_assert_str_eq(a.err, want);
	ck_assert_ptr_null(strstr(a.err, "negative"));
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("priority");
	TCase *tc;

	tc = tcase_create("parse");
	tcase_add_loop_test(tc, test_parse_class, 0, ARRAY_SIZE(classes));
	tcase_add_test(tc, test_default);
	tcase_add_loop_test(tc, test_is_rt, 0, ARRAY_SIZE(classes));
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_loop_test(tc, test_parse_bad, 0, ARRAY_SIZE(bad));
	suite_add_tcase(s, tc);

	tc = tcase_create("describe");
	tcase_add_loop_test(tc, test_describe, 0, ARRAY_SIZE(classes));
	suite_add_tcase(s, tc);

	tc = tcase_create("apply");
	tcase_add_test(tc, test_apply_normal);
	tcase_add_loop_test(tc, test_apply_timesharing, 0, ARRAY_SIZE(unprivileged));
	tcase_add_loop_test(tc, test_apply_rt_privileged, 0, ARRAY_SIZE(rt));
	tcase_add_test(tc, test_apply_negative_nice_privileged);
	tcase_add_test(tc, test_apply_rt_unprivileged);
	tcase_add_test(tc, test_apply_negative_nice_unprivileged);
	tcase_add_loop_test(tc, test_apply_raise_nice_unprivileged, 0, 2);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
