// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kmech.c - the diagnosis of synthetic kernel-event traces, one per
 * mechanism: a lower task kept after a LAT wake-up under each preemption
 * model, a device interrupt, a real-time task above, a softirq, the tick,
 * a migration, and what is left unexplained; each with its mechanism, why
 * with the figures, the fix with the machine's values and the audit check
 * (analysis/kernel/kdiag.c, report/kadvice.c; 1 cycle = 1 ns; the thread's
 * kernel id is 100)
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "kevtest.h"
#include "analysis/kernel/kdiag.h"
#include "analysis/kernel/kexplain.h"
#include "report/kadvice.h"
#include "trace/record.h"

#define TID 100
#define FIFO(p) (uint8_t)(HG_KPRIO_RT_BASE + 99 - (p))	/* FIFO priority p's code */

/* Events captured on CPUs 0 and 1 over [0, @end). */
static void add_events(struct hg_trace *t, const struct ev *ev, size_t n, uint64_t end)
{
	kevtest_add(t, ev, n, 2, end);
}

/* @key's value in @t's snapshot replaced by @value. */
static void set_sys(struct hg_trace *t, const char *key, const char *value)
{
	size_t i;

	for (i = 0; i < t->nsys; i++)
		if (!strcmp(t->sys[i].key, key))
			break;
	ck_assert_uint_lt(i, t->nsys);
	free(t->sys[i].value);
	t->sys[i].value = strdup(value);
	ck_assert_ptr_nonnull(t->sys[i].value);
}

/* A 2-CPU virtual machine's snapshot. */
static const char *const machine[] = {
	"cpus_online", "0-1", "cpu_flags", "fpu sse2 hypervisor", NULL,
};

/* One CPU thread at FIFO 50 with intervals @iv, each on CPU @cpu[i]. */
static struct hg_trace *cpu_thread(const uint64_t (*iv)[2], const uint32_t *cpu, size_t n)
{
	const uint64_t (*const ivs[])[2] = { iv };
	const size_t ns[] = { n };
	struct hg_trace *t = hg_test_trace(1, ivs, ns);
	size_t i;

	ck_assert_ptr_nonnull(t);
	t->threads[0].tid = TID;
	t->threads[0].rt_prio = 50;
	for (i = 0; i < n; i++)
		t->threads[0].recs[i].cpu = cpu[i];
	add_sys(t, machine);
	return t;
}

/* The diagnosis of @t's one worst window, explained into @x. */
static const struct hg_kdiag *diagnose(const struct hg_trace *t, struct hg_kexplain *x)
{
	ck_assert_int_eq(hg_kexplain(t, HG_KEXPLAIN_ALL, 1, x), 0);
	ck_assert_uint_eq(x->nworst, 1);
	return &x->diag[0];
}

/* The advice for mechanism @m of @d, which must be there. */
static void advice(const struct hg_trace *t, const struct hg_kexplain *x,
		   const struct hg_kdiag *d, enum hg_mech m, struct hg_kadvice *a)
{
	const struct hg_kmech *k = mech_of(d, m);
	struct hg_kmech_view v;

	ck_assert_msg(k, "no %s in the diagnosis (lead: %s)", hg_mech_name(m),
		      d->n ? hg_mech_name(d->m[0].mech) : "none");
	v = (struct hg_kmech_view){ .mech = k->mech, .lead = &k->lead, .count = k->count,
				    .cycles = k->cycles, .rt_cycles = k->rt_cycles,
				    .switched_out = k->switched_out, .cpu = d->cpu,
				    .from_cpu = d->from_cpu };
	hg_kadvice_of(t, &x->ctx, &v, a);
	/* a fix is a command to paste: nothing in it is a placeholder to fill in */
	ck_assert_msg(!strchr(a->fix, '<'), "a placeholder in: %s", a->fix);
}

#define HAS(s, sub) ck_assert_msg(strstr((s), (sub)), "want \"%s\" in: %s", (sub), (s))
#define HASNT(s, sub) ck_assert_msg(!strstr((s), (sub)), "want no \"%s\" in: %s", (sub), (s))

/* --------------------------- a lower task kept, under each model */

/*
 * A LAT FIFO 90 thread on CPU 0 whose timer expires at 2000 while python3
 * (pid 77, SCHED_OTHER nice 0, a user task) runs there: the interrupt
 * enters at 2100, wakes the thread at 2180 and leaves at 2300; python3
 * stays current to @end.
 */
static struct hg_trace *kept_trace(uint8_t prio, uint64_t end)
{
	const struct ev ev[] = {
		{ 1500, HG_KEV_SWITCH, 77, TID, "python3", prio, 0, 0 },
		{ 2100, HG_KEV_VEC_ENTRY, 236, 0, "local_timer", 0, 0, 0 },
		{ 2150, HG_KEV_HRTIMER_ENTRY, 0, 0, "hrtimer_wakeup", 0, 0, 0 },
		{ 2180, HG_KEV_WAKEUP, TID, 0, "hg/0", 0, 0, 0 },
		{ 2200, HG_KEV_HRTIMER_EXIT, 0, 0, NULL, 0, 0, 0 },
		{ 2300, HG_KEV_VEC_EXIT, 236, 0, "local_timer", 0, 0, 0 },
		{ end, HG_KEV_SWITCH, TID, 77, "hg/0", FIFO(90), 1, 0 },
	};
	const uint64_t (*const ivs[])[2] = { NULL };
	const size_t ns[] = { 0 };
	struct hg_trace *t = hg_test_trace(1, ivs, ns);
	struct hg_trace_thread *th;
	struct hg_record *r;

	ck_assert_ptr_nonnull(t);
	th = &t->threads[0];
	r = realloc(th->recs, sizeof(*r));
	ck_assert_ptr_nonnull(r);
	th->recs = r;
	th->stored = 1;
	r[0] = (struct hg_record){ .start_cycles = 2000, .len_cycles = end - 1900,
				   .flags = hg_event_flags(HG_EV_LAT, 0) };
	th->tid = TID;
	th->model = HG_MODEL_LAT;
	th->rt_prio = 90;
	add_events(t, ev, sizeof(ev) / sizeof(ev[0]), end + 5100);
	add_sys(t, machine);
	return t;
}

/* What a model implies for a fair task kept 12.6 us after the wake-up. */
static const struct model_case {
	const char *model;	/* the snapshot's preempt_model */
	const char *preempt;	/* its preempt: how the kernel is built */
	const char *why;	/* in the why */
	const char *fix;	/* the fix, whole */
	int in_kernel;		/* the why says it was in the kernel for the model */
} models[] = {
	{ "none", "PREEMPT_DYNAMIC", "the kernel's preemption model is none (read at the run), "
	  "so a task in the kernel is preempted only where it returns to user space; so it was "
	  "in the kernel", "boot with preempt=full (this kernel has PREEMPT_DYNAMIC), or move the "
	  "task: taskset -pc 1 77", 1 },
	{ "voluntary", "PREEMPT_DYNAMIC", "the kernel's preemption model is voluntary (read at "
	  "the run), so a task in the kernel is preempted only where it returns to user space or "
	  "reaches a might_sleep() point", "boot with preempt=full (this kernel has "
	  "PREEMPT_DYNAMIC), or move the task: taskset -pc 1 77", 1 },
	/* the mode debugfs showed beside the build */
	{ "none", "PREEMPT_DYNAMIC (none) voluntary full lazy", "preemption model is none",
	  "boot with preempt=full (this kernel has PREEMPT_DYNAMIC), or move the task: "
	  "taskset -pc 1 77", 1 },
	{ "none or voluntary", "none", "the kernel's preemption model is none or voluntary",
	  "run a kernel built with PREEMPT_DYNAMIC (and boot it with preempt=full) or "
	  "PREEMPT_RT, or move the task: taskset -pc 1 77", 1 },
	{ "full", "PREEMPT_DYNAMIC", "in a section that cannot be preempted (a spinlock, "
	  "interrupts or preemption off); the preemption model is full",
	  "move the task: taskset -pc 1 77", 0 },
	{ "lazy", "PREEMPT_DYNAMIC", "the preemption model is lazy", "move the task: "
	  "taskset -pc 1 77", 0 },
	{ "rt", "PREEMPT_RT", "in a section that cannot be preempted (a raw spinlock, "
	  "interrupts or preemption off; under PREEMPT_RT a spinlock sleeps); the preemption "
	  "model is rt", "move the task: taskset -pc 1 77", 0 },
};

START_TEST(test_kept_by_model)
{
	const struct model_case *c = &models[_i];
	const char *const sys[] = { "preempt_model", c->model, "preempt", c->preempt,
				    "task_policy", "77:0:0:0:u", NULL };
	struct hg_trace *t = kept_trace(HG_KPRIO_FAIR, 14900);
	const struct hg_kdiag *d;
	struct hg_kexplain x;
	struct hg_kadvice a;

	add_sys(t, sys);
	d = diagnose(t, &x);
	/* python3 current from the vector's exit at 2300 to the switch at 14900 */
	ck_assert_int_eq(d->m[0].mech, HG_MECH_NON_PREEMPTIBLE);
	ck_assert_uint_eq(d->m[0].cycles, 12600);
	ck_assert_uint_eq(d->m[0].lead.pid, 77);
	ck_assert_ptr_null(mech_of(d, HG_MECH_UNEXPLAINED));
	advice(t, &x, d, HG_MECH_NON_PREEMPTIBLE, &a);
	HAS(a.why, "python3 (pid 77, SCHED_OTHER nice 0 at the run's end, a user task) kept CPU 0 "
	    "after the thread became runnable");
	HAS(a.why, c->why);
	if (c->in_kernel)	/* a virtual machine: the host may have held it too */
		HAS(a.why, "or the host held the vCPU");
	else
		HASNT(a.why, "returns to user space");
	ck_assert_str_eq(a.fix, c->fix);
	ck_assert_str_eq(a.audit, "preempt-model");
	hg_kexplain_free(&x);
	hg_trace_free(t);
}
END_TEST

/*
 * Whatever the model, a lower task current no longer than the kernel's
 * own path after the wake-up is the switch into the thread, not a task
 * that kept the CPU; and a model nothing read says both ways.
 */
START_TEST(test_kept_short_or_unknown)
{
	static const char *const full[] = { "preempt_model", "full", NULL };
	static const char *const unknown[] = { "preempt", "PREEMPT_DYNAMIC", NULL };
	struct hg_trace *t = kept_trace(HG_KPRIO_FAIR, 3300), *u = kept_trace(HG_KPRIO_FAIR, 14900);
	const struct hg_kdiag *d;
	struct hg_kexplain x;
	struct hg_kadvice a;

	add_sys(t, full);
	d = diagnose(t, &x);
	ck_assert_int_eq(d->m[0].mech, HG_MECH_SWITCH);
	ck_assert_uint_eq(d->m[0].cycles, 1000);
	ck_assert_ptr_null(mech_of(d, HG_MECH_NON_PREEMPTIBLE));
	hg_kexplain_free(&x);
	add_sys(u, unknown);
	d = diagnose(u, &x);
	advice(u, &x, d, HG_MECH_NON_PREEMPTIBLE, &a);
	HAS(a.why, "the preemption model is unknown");
	HASNT(a.why, "in a section that cannot be preempted");
	ck_assert_str_eq(a.fix, "boot with preempt=full (this kernel has PREEMPT_DYNAMIC), or "
			 "move the task: taskset -pc 1 77");
	hg_kexplain_free(&x);
	hg_trace_free(t);
	hg_trace_free(u);
}
END_TEST

/* ---------------------------------------------- a real-time task above */

START_TEST(test_task_above)
{
	static const char *const sys[] = { "task_policy", "77:1:95:0:k", NULL };
	struct hg_trace *t = kept_trace(FIFO(95), 14900);
	const struct hg_kdiag *d;
	struct hg_kexplain x;
	struct hg_kadvice a;

	add_sys(t, sys);
	d = diagnose(t, &x);
	ck_assert_int_eq(d->m[0].mech, HG_MECH_HIGHER_PRIORITY);
	ck_assert_uint_eq(d->m[0].cycles, 12600);
	ck_assert_ptr_null(mech_of(d, HG_MECH_NON_PREEMPTIBLE));
	advice(t, &x, d, HG_MECH_HIGHER_PRIORITY, &a);
	ck_assert_str_eq(a.why, "python3 (pid 77, SCHED_FIFO 95 at the run's end, a kernel "
			 "thread) ran above the thread on CPU 0");
	ck_assert_str_eq(a.fix, "move the task: taskset -pc 1 77, or run the thread above it: "
			 "-t 0 -p FIFO:96");
	ck_assert_str_eq(a.audit, "rt-tasks");
	hg_kexplain_free(&x);
	hg_trace_free(t);
}
END_TEST

/*
 * A task at FIFO 99, above which nothing runs: it is put below the
 * thread's own FIFO 90; one at the thread's FIFO 90: the thread one above.
 */
START_TEST(test_task_at_99_or_same)
{
	static const char *const top[] = { "task_policy", "77:1:99:0:u", NULL };
	struct hg_trace *t = kept_trace(FIFO(99), 14900), *same = kept_trace(FIFO(90), 14900);
	const struct hg_kdiag *d;
	struct hg_kexplain x;
	struct hg_kadvice a;

	add_sys(t, top);
	d = diagnose(t, &x);
	advice(t, &x, d, HG_MECH_HIGHER_PRIORITY, &a);
	ck_assert_str_eq(a.fix, "move the task: taskset -pc 1 77, or put the task below the "
			 "thread: chrt -f -p 89 77, with the thread at -t 0 -p FIFO:90");
	hg_kexplain_free(&x);
	d = diagnose(same, &x);
	advice(same, &x, d, HG_MECH_SAME_PRIORITY, &a);
	ck_assert_str_eq(a.fix, "move the task: taskset -pc 1 77, or run the thread above it: "
			 "-t 0 -p FIFO:91");
	ck_assert_str_eq(a.audit, "rt-tasks");
	hg_kexplain_free(&x);
	hg_trace_free(t);
	hg_trace_free(same);
}
END_TEST

/* ------------------------------------------ handlers on the thread's CPU */

/*
 * A CPU thread on CPU 1 from 1000 to 2000 and from 20000 on; in its gap
 * the events @ev, on CPU 1.
 */
static struct hg_trace *gap_trace(const struct ev *ev, size_t n)
{
	static const uint64_t iv[][2] = { { 1000, 1000 }, { 20000, 1000 } };
	static const uint32_t cpu[] = { 1, 1 };
	struct hg_trace *t = cpu_thread(iv, cpu, 2);

	add_events(t, ev, n, 30000);
	return t;
}

START_TEST(test_device_irq)
{
	static const char *const sys[] = { "irq_affinity", "24:0 36:0-1", NULL };
	const struct ev ev[] = {
		{ 500, HG_KEV_SWITCH, TID, 0, "hg/0", FIFO(50), 0, 1 },
		{ 3000, HG_KEV_IRQ_ENTRY, 36, 0, "virtio1-req.0", 0, 0, 1 },
		{ 9000, HG_KEV_IRQ_EXIT, 36, 0, NULL, 0, 0, 1 },
		{ 11000, HG_KEV_IRQ_ENTRY, 36, 0, "virtio1-req.0", 0, 0, 1 },
		{ 19000, HG_KEV_IRQ_EXIT, 36, 0, NULL, 0, 0, 1 },
	};
	struct hg_trace *t = gap_trace(ev, sizeof(ev) / sizeof(ev[0]));
	const struct hg_kdiag *d;
	struct hg_kexplain x;
	struct hg_kadvice a;

	add_sys(t, sys);
	d = diagnose(t, &x);
	ck_assert_int_eq(d->m[0].mech, HG_MECH_IRQ);
	ck_assert_uint_eq(d->m[0].count, 2);
	ck_assert_uint_eq(d->m[0].cycles, 14000);
	ck_assert_uint_eq(d->m[0].max_cycles, 8000);
	advice(t, &x, d, HG_MECH_IRQ, &a);
	ck_assert_str_eq(a.why, "interrupt 36:virtio1-req.0 was handled on CPU 1, 2 times; its "
			 "affinity at the run: 0-1");
	ck_assert_str_eq(a.fix, "echo 0 > /proc/irq/36/smp_affinity_list");
	ck_assert_str_eq(a.audit, "irq-affinity");
	hg_kexplain_free(&x);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_softirq)
{
	const struct ev ev[] = {
		{ 500, HG_KEV_SWITCH, TID, 0, "hg/0", FIFO(50), 0, 1 },
		{ 4000, HG_KEV_SOFTIRQ_ENTRY, 3, 0, NULL, 0, 0, 1 },	/* NET_RX */
		{ 16000, HG_KEV_SOFTIRQ_EXIT, 3, 0, NULL, 0, 0, 1 },
	};
	struct hg_trace *t = gap_trace(ev, sizeof(ev) / sizeof(ev[0]));
	const struct hg_kdiag *d;
	struct hg_kexplain x;
	struct hg_kadvice a;

	d = diagnose(t, &x);
	ck_assert_int_eq(d->m[0].mech, HG_MECH_SOFTIRQ);
	ck_assert_uint_eq(d->m[0].cycles, 12000);
	advice(t, &x, d, HG_MECH_SOFTIRQ, &a);
	ck_assert_str_eq(a.why, "softirq NET_RX ran on CPU 1, 1 time, in the thread's way");
	ck_assert_str_eq(a.fix, "boot with threadirqs (softirqs then run in threads below the "
			 "thread's priority), and move the interrupts that raise it off CPU 1: "
			 "for f in /proc/irq/*/smp_affinity_list; do echo 0 > $f; done "
			 "2>/dev/null");
	ck_assert_str_eq(a.audit, "threadirqs");
	hg_kexplain_free(&x);
	hg_trace_free(t);
}
END_TEST

/*
 * The tick on CPU 1: nohz_full=1 where it is not yet; where it is, the
 * thread left alone there; with no other CPU, nothing.
 */
START_TEST(test_tick)
{
	static const char *const nohz[] = { "cmdline", "quiet nohz_full=1", NULL };
	const struct ev ev[] = {
		{ 500, HG_KEV_SWITCH, TID, 0, "hg/0", FIFO(50), 0, 1 },
		{ 4000, HG_KEV_VEC_ENTRY, 236, 0, "local_timer", 0, 0, 1 },
		{ 4500, HG_KEV_HRTIMER_ENTRY, 0, 0, "tick_nohz_handler", 0, 0, 1 },
		{ 14500, HG_KEV_HRTIMER_EXIT, 0, 0, NULL, 0, 0, 1 },
		{ 15000, HG_KEV_VEC_EXIT, 236, 0, "local_timer", 0, 0, 1 },
	};
	struct hg_trace *t = gap_trace(ev, sizeof(ev) / sizeof(ev[0]));
	struct hg_trace *on = gap_trace(ev, sizeof(ev) / sizeof(ev[0]));
	const struct hg_kdiag *d;
	struct hg_kexplain x;
	struct hg_kadvice a;

	d = diagnose(t, &x);
	ck_assert_int_eq(d->m[0].mech, HG_MECH_TICK);
	ck_assert_uint_eq(d->m[0].cycles, 11000);
	advice(t, &x, d, HG_MECH_TICK, &a);
	HAS(a.why, "ran on CPU 1, ");
	ck_assert_str_eq(a.fix, "boot with nohz_full=1 (the tick stops while one task runs "
			 "there)");
	ck_assert_str_eq(a.audit, "nohz-full");
	hg_kexplain_free(&x);
	add_sys(on, nohz);
	d = diagnose(on, &x);
	advice(on, &x, d, HG_MECH_TICK, &a);
	HASNT(a.fix, "boot with nohz_full=1");
	HAS(a.why, "; nohz_full=1 is on the kernel's command line: the tick stops there only "
	    "while one task alone is runnable");
	ck_assert_str_eq(a.fix, "leave the thread alone on CPU 1: move every other task off it: "
			 "ps -eLo tid=,psr= | awk '$2 == 1 { print $1 }' | xargs -rn1 taskset "
			 "-pc 0 2>/dev/null");
	hg_kexplain_free(&x);
	/* one CPU online: nothing else could keep the tick */
	set_sys(t, "cpus_online", "1");
	d = diagnose(t, &x);
	advice(t, &x, d, HG_MECH_TICK, &a);
	ck_assert_str_eq(a.fix, "none on this machine: nohz_full needs another CPU to keep the "
			 "tick");
	hg_kexplain_free(&x);
	hg_trace_free(t);
	hg_trace_free(on);
}
END_TEST

/*
 * Another task's hrtimer callback on CPU 1: the tasks that arm timers moved
 * off it, their timers kept where they were armed.
 */
START_TEST(test_timer)
{
	const struct ev ev[] = {
		{ 500, HG_KEV_SWITCH, TID, 0, "hg/0", FIFO(50), 0, 1 },
		{ 4000, HG_KEV_VEC_ENTRY, 236, 0, "local_timer", 0, 0, 1 },
		{ 4500, HG_KEV_HRTIMER_ENTRY, 0, 0, "hrtimer_wakeup", 0, 0, 1 },
		{ 14500, HG_KEV_HRTIMER_EXIT, 0, 0, NULL, 0, 0, 1 },
		{ 15000, HG_KEV_VEC_EXIT, 236, 0, "local_timer", 0, 0, 1 },
	};
	struct hg_trace *t = gap_trace(ev, sizeof(ev) / sizeof(ev[0]));
	const struct hg_kdiag *d;
	struct hg_kexplain x;
	struct hg_kadvice a;

	d = diagnose(t, &x);
	advice(t, &x, d, HG_MECH_TIMER, &a);
	ck_assert_str_eq(a.fix, "move the tasks that arm timers off CPU 1 (their timers stay "
			 "where they were armed): sysctl -w kernel.timer_migration=0; ps -eLo "
			 "tid=,psr= | awk '$2 == 1 { print $1 }' | xargs -rn1 taskset -pc 0 "
			 "2>/dev/null");
	ck_assert_str_eq(a.audit, "timer-migration");
	hg_kexplain_free(&x);
	hg_trace_free(t);
}
END_TEST

/* ------------------------------------------------------------ migration */

/*
 * The thread runs on CPU 0 to 2000, then on CPU 1 from 20000: moved, with
 * no event on either CPU telling why; pin it to the CPU it ended on.
 */
START_TEST(test_migration)
{
	static const uint64_t iv[][2] = { { 1000, 1000 }, { 20000, 1000 } };
	static const uint32_t cpu[] = { 0, 1 };
	const struct ev ev[] = {
		{ 500, HG_KEV_SWITCH, TID, 0, "hg/0", FIFO(50), 0, 0 },
		{ 2100, HG_KEV_SWITCH, 0, TID, "swapper/0", HG_KPRIO_FAIR, 1, 0 },
		{ 19800, HG_KEV_SWITCH, TID, 0, "hg/0", FIFO(50), 0, 1 },
	};
	struct hg_trace *t = cpu_thread(iv, cpu, 2);
	const struct hg_kdiag *d;
	struct hg_kexplain x;
	struct hg_kadvice a;

	add_events(t, ev, sizeof(ev) / sizeof(ev[0]), 30000);
	d = diagnose(t, &x);
	ck_assert_uint_eq(d->from_cpu, 0);
	ck_assert_uint_eq(d->cpu, 1);
	advice(t, &x, d, HG_MECH_MIGRATION, &a);
	ck_assert_str_eq(a.why, "the thread moved from CPU 0 to CPU 1");
	ck_assert_str_eq(a.fix, "pin the thread: --cpu 1");
	ck_assert_ptr_null(mech_of(d, HG_MECH_UNEXPLAINED));
	hg_kexplain_free(&x);
	hg_trace_free(t);
}
END_TEST

/* ------------------------------------------------------- what is left */

/*
 * A gap fully taken by an interrupt and the kernel's own path is not
 * unexplained at all; one outside the capture is, and only that.
 */
START_TEST(test_unexplained_only_left)
{
	const struct ev ev[] = {
		{ 500, HG_KEV_SWITCH, TID, 0, "hg/0", FIFO(50), 0, 1 },
		{ 2000, HG_KEV_IRQ_ENTRY, 36, 0, "virtio1-req.0", 0, 0, 1 },
		{ 20000, HG_KEV_IRQ_EXIT, 36, 0, NULL, 0, 0, 1 },
	};
	static const uint64_t iv[][2] = { { 1000, 1000 }, { 50000, 1000 }, { 90000, 1000 } };
	static const uint32_t cpu[] = { 1, 1, 1 };
	struct hg_trace *t = gap_trace(ev, sizeof(ev) / sizeof(ev[0]));
	struct hg_trace *out = cpu_thread(iv, cpu, 3);
	struct hg_kexplain x;
	uint32_t i, m;

	ck_assert_int_eq(hg_kexplain(t, HG_KEXPLAIN_ALL, 1, &x), 0);
	ck_assert_int_eq(x.diag[0].m[0].mech, HG_MECH_IRQ);
	ck_assert_uint_eq(x.diag[0].m[0].cycles, 18000);
	ck_assert_ptr_null(mech_of(&x.diag[0], HG_MECH_UNEXPLAINED));
	ck_assert_uint_eq(x.th[0].gap_mech[HG_MECH_UNEXPLAINED].cycles, 0);
	hg_kexplain_free(&x);
	/* events captured to 30000 only: the second gap lies past the capture */
	add_events(out, ev, sizeof(ev) / sizeof(ev[0]), 30000);
	ck_assert_int_eq(hg_kexplain(out, HG_KEXPLAIN_ALL, 2, &x), 0);
	for (i = 0; i < x.nworst; i++) {
		const struct hg_kdiag *d = &x.diag[i];

		for (m = 0; m < d->n; m++)
			if (d->m[m].mech == HG_MECH_UNEXPLAINED)
				ck_assert_str_eq(d->m[m].lead.name, "outside the capture");
	}
	/* 30000 to 50000 of the first gap, all of the second */
	ck_assert_uint_eq(x.th[0].gap_mech[HG_MECH_UNEXPLAINED].cycles, 20000 + 39000);
	/* 20000 to 30000: the kernel's own path assumed, the rest the host's */
	ck_assert_uint_eq(x.th[0].gap_mech[HG_MECH_KERNEL].cycles, 5000);
	ck_assert_uint_eq(x.th[0].gap_mech[HG_MECH_HOST].cycles, 5000);
	ck_assert_uint_eq(x.th[0].gap_mech[HG_MECH_IRQ].cycles, 18000);
	hg_kexplain_free(&x);
	hg_trace_free(t);
	hg_trace_free(out);
}
END_TEST

static Suite *kmech_suite(void)
{
	Suite *s = suite_create("kmech");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_kept_by_model, 0, (int)(sizeof(models) / sizeof(models[0])));
	tcase_add_test(tc, test_kept_short_or_unknown);
	tcase_add_test(tc, test_task_above);
	tcase_add_test(tc, test_task_at_99_or_same);
	tcase_add_test(tc, test_device_irq);
	tcase_add_test(tc, test_softirq);
	tcase_add_test(tc, test_tick);
	tcase_add_test(tc, test_timer);
	tcase_add_test(tc, test_migration);
	tcase_add_test(tc, test_unexplained_only_left);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kmech_suite());
}
