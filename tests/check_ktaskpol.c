// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_ktaskpol.c - run/ktaskpol.c and the policies in report/kadvice.c:
 * the tasks the kernel's switches ran, read from a /proc tree at the run's
 * end (the run's own thread, a task gone, one renamed and a broken stat
 * left out), then a non-preemptible wake-up whose task is named with its
 * policy and nice, and said to have been in the kernel
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "report/kadvice.h"
#include "run/ktaskpol.h"
#include "trace/kevents.h"

#define TID 100

/* A trace of one thread (kernel id TID) whose CPU 1 switched to each of @pid/@name. */
static struct hg_trace *switches(const uint32_t *pid, const char *const *name, size_t n)
{
	struct hg_trace *t = hg_test_trace(1, NULL, (const size_t[]){ 0 });
	struct hg_kevents *k = calloc(1, sizeof(*k));
	size_t i;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(k);
	t->threads[0].tid = TID;
	k->end_cycles = 1000 * (n + 1);
	for (i = 0; i < n; i++) {
		struct hg_kev e = { .cycles = 1000 * (i + 1), .cpu = 1, .type = HG_KEV_SWITCH,
				    .a = pid[i], .b = TID,
				    .name = hg_kevents_intern(k, name[i]) };

		ck_assert_int_eq(hg_kevents_add(k, &e), 0);
	}
	t->kev = k;
	return t;
}

/* A stat line as proc(5) gives it: flags field 9, nice 19, rt_priority 40, policy 41. */
static void put_stat(const char *dir, uint32_t pid, const char *comm, unsigned long flags,
		     long nice, long rtprio, long policy)
{
	char path[64], line[512];

	snprintf(path, sizeof(path), "%u/stat", pid);
	snprintf(line, sizeof(line), "%u (%s) R 2 0 0 0 -1 %lu 0 0 0 0 0 0 0 0 20 %ld 1 0 100 0 0 "
		 "18446744073709551615 0 0 0 0 0 0 0 2147483647 0 0 0 0 17 1 %ld %ld 0 0 0\n",
		 pid, comm, flags, nice, rtprio, policy);
	hg_test_put_text(dir, path, line);
}

START_TEST(test_read)
{
	static const uint32_t pid[] = { 0, TID, 106, 77, 77, 55, 60, 61, 70 };
	static const char *const name[] = {
		"swapper/1", "hg/0", "kdamond.0", "a b) c", "a b) c", "gone", "renamed", "broken",
		"batch",
	};
	struct hg_trace *t = switches(pid, name, sizeof(pid) / sizeof(pid[0]));
	struct hg_trace *none = hg_test_trace(1, NULL, (const size_t[]){ 0 });
	char *dir = hg_test_fresh_dir();

	put_stat(dir, TID, "hg/0", 0, 0, 50, 1);
	put_stat(dir, 106, "kdamond.0", 0x00200040, 5, 0, 0);
	put_stat(dir, 77, "a b) c", 0x00400100, -3, 0, 0);	/* a ')' in the name */
	put_stat(dir, 60, "other", 0, 0, 0, 0);
	hg_test_put_text(dir, "61/stat", "61 (broken) R 1 2\n");
	put_stat(dir, 70, "batch", 0, 19, 0, 3);
	ck_assert_int_eq(hg_ktask_policies(t, dir), 0);
	ck_assert_str_eq(hg_trace_sys(t, "task_policy"), "106:0:0:5:k 77:0:0:-3:u 70:3:0:19:u");
	/* no kernel events: nothing read, nothing added */
	ck_assert_int_eq(hg_ktask_policies(none, dir), 0);
	ck_assert_ptr_null(hg_trace_sys(none, "task_policy"));
	hg_test_drop_dir(dir);
	hg_trace_free(t);
	hg_trace_free(none);
}
END_TEST

/* The advice of a non-preemptible part of task @pid, under model none. */
static void advice_of_vm(uint32_t pid, const char *name, const char *policies, int vm,
			struct hg_kadvice *a)
{
	struct hg_trace *t = hg_test_trace(1, NULL, (const size_t[]){ 0 });
	struct hg_kpart p = { .kind = HG_KC_TASK, .pid = pid, .prio = HG_KPRIO_FAIR, .count = 1,
			      .cycles = 2600 };
	struct hg_kmech_view v = { .mech = HG_MECH_NON_PREEMPTIBLE, .lead = &p, .count = 1,
				   .cycles = 2600, .cpu = 1, .from_cpu = 1 };
	struct hg_kdiag_ctx c = { 0 };

	ck_assert_ptr_nonnull(t);
	snprintf(p.name, sizeof(p.name), "%s", name);
	ck_assert_int_eq(hg_trace_add_sys(t, "preempt_model", "none"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "preempt_from",
					  "the kernel's log at boot: 'Dynamic Preempt: none'"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "cpus_online", "0-1"), 0);
	if (policies)
		ck_assert_int_eq(hg_trace_add_sys(t, "task_policy", policies), 0);
	if (vm)
		ck_assert_int_eq(hg_trace_add_sys(t, "cpu_flags", "tsc rdtscp hypervisor"), 0);
	hg_kadvice_of(t, &c, &v, a);
	hg_trace_free(t);
}

static void advice_of(uint32_t pid, const char *name, const char *policies, struct hg_kadvice *a)
{
	advice_of_vm(pid, name, policies, 0, a);
}

START_TEST(test_named)
{
	static const char *const pol = "106:0:0:5:k 77:0:0:-3:u 70:3:0:19:u 80:5:0:0:u 90:2:20:0:u";
	struct hg_kadvice a;

	advice_of(77, "python3", pol, &a);
	ck_assert_str_eq(a.why, "python3 (pid 77, SCHED_OTHER nice -3 at the run's end, a user "
			 "task) kept CPU 1 after the thread became runnable: the kernel's "
			 "preemption model is none (the kernel's log at boot: 'Dynamic Preempt: "
			 "none'), so a task in the kernel is preempted only where it returns to "
			 "user space; so it was in the kernel (a system call or a fault): in user "
			 "space the interrupt's return would have preempted it");
	ck_assert_str_eq(a.audit, "preempt-model");
	/* on a virtual machine the host may have held the vCPU instead */
	advice_of_vm(77, "python3", pol, 1, &a);
	ck_assert_msg(strstr(a.why, "; so it was in the kernel (a system call or a fault), or the "
			     "host held the vCPU: in user space"), "%s", a.why);
	advice_of(106, "kdamond.0", pol, &a);
	ck_assert_msg(strstr(a.why, "kdamond.0 (pid 106, SCHED_OTHER nice 5 at the run's end, a "
			     "kernel thread) kept CPU 1") &&
		      strstr(a.why, "; a kernel thread, it is in the kernel throughout"), "%s", a.why);
	advice_of(70, "make", pol, &a);
	ck_assert_msg(strstr(a.why, "(pid 70, SCHED_BATCH nice 19 at the run's end"), "%s", a.why);
	advice_of(80, "idle", pol, &a);
	ck_assert_msg(strstr(a.why, "(pid 80, SCHED_IDLE at the run's end"), "%s", a.why);
	advice_of(90, "rr", pol, &a);
	ck_assert_msg(strstr(a.why, "(pid 90, SCHED_RR 20 at the run's end"), "%s", a.why);
	/* not read: the class the switch carried, nothing said of where it was */
	advice_of(55, "gone", pol, &a);
	ck_assert_msg(strstr(a.why, "gone (pid 55, OTHER) kept CPU 1") &&
		      !strstr(a.why, "it was in the kernel"), "%s", a.why);
	advice_of(77, "python3", NULL, &a);
	ck_assert_msg(strstr(a.why, "python3 (pid 77, OTHER) kept"), "%s", a.why);
}
END_TEST

static Suite *ktaskpol_suite(void)
{
	Suite *s = suite_create("ktaskpol");
	TCase *tc = tcase_create("policies");

	tcase_add_test(tc, test_read);
	tcase_add_test(tc, test_named);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(ktaskpol_suite());
}
