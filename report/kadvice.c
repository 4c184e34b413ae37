// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kadvice.c - why, the fix and the audit check of each mechanism, with
 * the values of the machine a trace was taken on
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cpuset.h"
#include "report/kadvice.h"
#include "util/timeval.h"

#define WHO_LEN (HG_KATTR_NAME_LEN + 128)	/* a task named with its policy */

char *hg_kadvice_others(const struct hg_trace *t, uint32_t cpu, char *buf, size_t len)
{
	const char *online = hg_trace_sys(t, "cpus_online");
	cpu_set_t set;

	buf[0] = 0;
	if (!online || hg_cpuset_parse(online, &set))
		return buf;
	if (cpu < CPU_SETSIZE)
		CPU_CLR(cpu, &set);
	return hg_cpuset_list(&set, "", buf, len);
}

static int virtual_machine(const struct hg_trace *t)
{
	const char *flags = hg_trace_sys(t, "cpu_flags");
	const char *p = flags ? strstr(flags, "hypervisor") : NULL;

	return p && (p == flags || p[-1] == ' ') && (!p[10] || p[10] == ' ');
}

/* A task's policy as the run read it at its end (the snapshot's task_policy). */
struct task_pol {
	long policy, rtprio, nice;
	int kthread;
};

/* @pid's entry "<pid>:<policy>:<rt priority>:<nice>:<k|u>" into @o; 0, or -1 when not there. */
static int task_policy(const struct hg_trace *t, uint32_t pid, struct task_pol *o)
{
	const char *p = hg_trace_sys(t, "task_policy");

	while (p && *p) {
		long v[4];
		char *end = (char *)p;
		int i;

		for (i = 0; i < 4; i++) {
			const char *at = i ? end + 1 : end;

			if (i && *end != ':')
				break;
			v[i] = strtol(at, &end, 10);
			if (end == at)
				break;
		}
		if (i == 4 && *end == ':' && v[0] == (long)pid) {
			*o = (struct task_pol){ .policy = v[1], .rtprio = v[2], .nice = v[3],
						.kthread = end[1] == 'k' };
			return 0;
		}
		p = strchr(p, ' ');
		p = p ? p + 1 : NULL;
	}
	return -1;
}

/* "SCHED_OTHER nice 0", "SCHED_FIFO 50", ... of @o. */
static void policy_label(const struct task_pol *o, char *buf, size_t len)
{
	static const char *const names[] = {
		"SCHED_OTHER", "SCHED_FIFO", "SCHED_RR", "SCHED_BATCH", "SCHED_ISO", "SCHED_IDLE",
		"SCHED_DEADLINE",
	};
	const char *name = o->policy >= 0 && o->policy < 7 ? names[o->policy] : "policy ?";

	if (o->policy == 1 || o->policy == 2)
		snprintf(buf, len, "%s %ld", name, o->rtprio);
	else if (o->policy == 0 || o->policy == 3)
		snprintf(buf, len, "%s nice %ld", name, o->nice);
	else
		snprintf(buf, len, "%s", name);
}

/*
 * "<name> (pid <n>, <class>)" of a task part; with its policy where the
 * run read it: "<name> (pid <n>, SCHED_OTHER nice 0 at the run's end, a
 * kernel thread)".
 */
static void task_label(const struct hg_trace *t, const struct hg_kpart *p, char *buf,
		       size_t len)
{
	struct task_pol o;
	char cls[40];

	if (!p->pid)
		snprintf(buf, len, "the idle task (%s)", p->name);
	else if (!task_policy(t, p->pid, &o))
		snprintf(buf, len, "%s (pid %u, %s at the run's end, %s)", p->name, p->pid,
			 (policy_label(&o, cls, sizeof(cls)), cls),
			 o.kthread ? "a kernel thread" : "a user task");
	else
		snprintf(buf, len, "%s (pid %u, %s)", p->name, p->pid,
			 hg_kprio_label(p->prio, cls, sizeof(cls)));
}

/*
 * Where the task of @p was while it kept the CPU, under a model that
 * preempts only on the way back to user space: a clause, "" when the run
 * did not read whether it is a kernel thread.
 */
static const char *where_kept(const struct hg_trace *t, const struct hg_kpart *p)
{
	struct task_pol o;

	if (task_policy(t, p->pid, &o))
		return "";
	if (o.kthread)
		return "; a kernel thread, it is in the kernel throughout";
	return virtual_machine(t) ? "; so it was in the kernel (a system call or a fault), or "
	       "the host held the vCPU: in user space the interrupt's return would have "
	       "preempted it" : "; so it was in the kernel (a system call or a fault): in user "
	       "space the interrupt's return would have preempted it";
}

/*
 * Whether a task's name is a per-CPU kernel thread's ("kworker/1:0",
 * "ksoftirqd/1", "migration/1"): a name, a slash, a CPU's number.
 */
static int per_cpu_kthread(const char *name)
{
	const char *slash = strchr(name, '/');

	return slash && slash > name && slash[1] >= '0' && slash[1] <= '9' &&
	       !strpbrk(name, " .");
}

/*
 * What takes the task of @p off CPU @cpu, as a clause: "move the task:
 * taskset -pc <others> <pid>"; for a per-CPU kernel thread, which cannot
 * move, what keeps work off the CPU; that there is no other CPU.
 */
static void move_task(const struct hg_trace *t, uint32_t cpu, const struct hg_kpart *p,
		      char *buf, size_t len)
{
	char others[128];

	if (!*hg_kadvice_others(t, cpu, others, sizeof(others)))
		snprintf(buf, len, "no other CPU to move the task to");
	else if (!strncmp(p->name, "kworker/", 8))
		snprintf(buf, len, "keep work off CPU %u (a per-CPU kernel thread stays): echo "
			 "%s > /sys/devices/virtual/workqueue/cpumask, or boot with isolcpus=%u",
			 cpu, others, cpu);
	else if (per_cpu_kthread(p->name))
		snprintf(buf, len, "keep work off CPU %u (a per-CPU kernel thread stays): boot "
			 "with isolcpus=%u nohz_full=%u", cpu, cpu, cpu);
	else
		snprintf(buf, len, "move the task: taskset -pc %s %u", others, p->pid);
}

/* The thread of @v, or NULL when @t has none of its index. */
static const struct hg_trace_thread *thread_of(const struct hg_trace *t,
					       const struct hg_kmech_view *v)
{
	return t->threads && v->thread < t->nthreads ? &t->threads[v->thread] : NULL;
}

/* The id of the thread of @v, as its options name it (-t <id>). */
static uint32_t thread_id(const struct hg_trace *t, const struct hg_kmech_view *v)
{
	const struct hg_trace_thread *th = thread_of(t, v);

	return th ? th->id : v->thread;
}

/* The SCHED_FIFO/RR priority of the task of @p (as the run read it at its end), or 0. */
static int task_rt_prio(const struct hg_trace *t, const struct hg_kpart *p)
{
	struct task_pol o;

	if (!task_policy(t, p->pid, &o) && (o.policy == SCHED_FIFO || o.policy == SCHED_RR))
		return (int)o.rtprio;
	return hg_kprio_rt(p->prio);
}

/*
 * What puts the thread of @v above the task of its lead at real-time
 * priority @prio, as a clause: the option that runs the thread one above
 * it ("run the thread above it: -t 0 -p FIFO:96"); at 99, the task
 * lowered below the thread's own; "" when the task's priority is unknown.
 */
static void above_task(const struct hg_trace *t, const struct hg_kmech_view *v, int prio,
		       char *buf, size_t len)
{
	const struct hg_trace_thread *th = thread_of(t, v);
	int mine = th && th->rt_prio > 1 && th->rt_prio <= 99 ? th->rt_prio : 99;

	if (prio < 1)
		buf[0] = 0;
	else if (prio < 99)
		snprintf(buf, len, ", or run the thread above it: -t %u -p FIFO:%d",
			 thread_id(t, v), prio + 1);
	else
		snprintf(buf, len, ", or put the task below the thread: chrt -f -p %d %u, with the "
			 "thread at -t %u -p FIFO:%d", mine - 1, v->lead->pid, thread_id(t, v), mine);
}

/*
 * Every task's thread on CPU @cpu moved to @others, as a command
 * ("ps -eLo tid=,psr= | awk '$2 == 1 { print $1 }' | xargs -rn1 taskset -pc 0");
 * those that cannot move (per-CPU kernel threads) stay.
 */
static void move_all(uint32_t cpu, const char *others, char *buf, size_t len)
{
	snprintf(buf, len, "ps -eLo tid=,psr= | awk '$2 == %u { print $1 }' | xargs -rn1 "
		 "taskset -pc %s 2>/dev/null", cpu, others);
}

int hg_kadvice_fair_server(const struct hg_trace *t)
{
	const char *rel = hg_trace_sys(t, "kernel_release");
	char *end;
	unsigned long major = rel ? strtoul(rel, &end, 10) : 0, minor;

	if (!rel || end == rel || *end != '.')
		return -1;
	rel = end + 1;
	minor = strtoul(rel, &end, 10);
	if (end == rel)
		return -1;
	return major > 6 || (major == 6 && minor >= 12);
}

/*
 * What lifts the reservation on CPU @cpu, by the kernel's release: from
 * Linux 6.12 the fair server's runtime (the sysctl then only bounds the
 * admission of deadline tasks), before it the sysctl; both when unknown.
 */
static void throttling_fix(const struct hg_trace *t, uint32_t cpu, char *buf, size_t len)
{
	static const char *const runaway = "(a runaway real-time task then holds its CPU for "
					   "good)";

	switch (hg_kadvice_fair_server(t)) {
	case 1:
		snprintf(buf, len, "echo 0 > /sys/kernel/debug/sched/fair_server/cpu%u/runtime "
			 "(kernel %s: the fair server keeps the time; the sysctl "
			 "sched_rt_runtime_us no longer lifts it) %s", cpu,
			 hg_trace_sys(t, "kernel_release"), runaway);
		break;
	case 0:
		snprintf(buf, len, "sysctl -w kernel.sched_rt_runtime_us=-1 %s", runaway);
		break;
	default:
		snprintf(buf, len, "sysctl -w kernel.sched_rt_runtime_us=-1, and where the fair "
			 "server is (Linux 6.12 and later): echo 0 > "
			 "/sys/kernel/debug/sched/fair_server/cpu%u/runtime %s", cpu, runaway);
		break;
	}
}

/* What keeps the lower classes' time, by the kernel's release. */
static const char *reserver(const struct hg_trace *t)
{
	switch (hg_kadvice_fair_server(t)) {
	case 1:
		return "the fair class's server (a kernel of Linux 6.12 or later)";
	case 0:
		return "the real-time limit";
	default:
		return "the real-time limit or, from Linux 6.12, the fair class's server";
	}
}

static void throttling(const struct hg_trace *t, const struct hg_kdiag_ctx *c,
		       const struct hg_kmech_view *v, struct hg_kadvice *a)
{
	char rt[32], per[32], who[WHO_LEN], limit[256] = "no real-time limit";
	uint64_t hz = t->calib.tsc_hz;

	task_label(t, v->lead, who, sizeof(who));
	if (c->rt_limited)
		snprintf(limit, sizeof(limit), "sched_rt_runtime_us %s of sched_rt_period_us %s; "
			 "real-time tasks ran %s ms of the %s ms before, by their intervals and the "
			 "kernel's switches", hg_trace_sys(t,
			 "rt_runtime_us"), hg_trace_sys(t, "rt_period_us"),
			 hg_format_ms3(hg_cycles_to_ns(v->rt_cycles, hz), rt, sizeof(rt)),
			 hg_format_ms3(hg_cycles_to_ns(c->rt_period_cycles, hz), per, sizeof(per)));
	if (v->switched_out)
		snprintf(a->why, sizeof(a->why), "the kernel switched the runnable thread out on CPU "
			 "%u for %s: only its reservation for the lower classes does that, %s (%s)",
			 v->cpu, who, reserver(t), limit);
	else
		snprintf(a->why, sizeof(a->why), "%s held CPU %u while the thread was runnable: the "
			 "kernel stops real-time tasks for the rest of a period once they used the "
			 "limit (%s)", who, v->cpu, limit);
	throttling_fix(t, v->cpu, a->fix, sizeof(a->fix));
	a->audit = "rt-throttling";
}

/*
 * The fix for a lower task kept under a model that lets a task in the
 * kernel keep the CPU (or one nothing read): a fully preemptible kernel,
 * or moving the task (@mv). A PREEMPT_DYNAMIC kernel's preempt may carry
 * the mode debugfs showed ("PREEMPT_DYNAMIC (none) voluntary full lazy").
 */
static void preempt_fix(const struct hg_trace *t, const char *mv, char *buf, size_t len)
{
	if (!strncmp(hg_trace_sys(t, "preempt") ?: "", "PREEMPT_DYNAMIC", 15))
		snprintf(buf, len, "boot with preempt=full (this kernel has PREEMPT_DYNAMIC), or %s",
			 mv);
	else
		snprintf(buf, len, "run a kernel built with PREEMPT_DYNAMIC (and boot it with "
			 "preempt=full) or PREEMPT_RT, or %s", mv);
}

static void non_preemptible(const struct hg_trace *t, const struct hg_kmech_view *v,
			    struct hg_kadvice *a)
{
	const char *model = hg_trace_sys(t, "preempt_model") ?: "unknown";
	const char *from = hg_trace_sys(t, "preempt_from");
	char who[WHO_LEN], mv[320];
	int blocks = !strcmp(model, "none") || !strcmp(model, "voluntary") ||
		     !strcmp(model, "none or voluntary");

	task_label(t, v->lead, who, sizeof(who));
	move_task(t, v->cpu, v->lead, mv, sizeof(mv));
	a->audit = "preempt-model";
	if (blocks) {
		snprintf(a->why, sizeof(a->why), "%s kept CPU %u after the thread became runnable: "
			 "the kernel's preemption model is %s (%s), so a task in the kernel is "
			 "preempted only where it returns to user space%s%s", who, v->cpu, model,
			 from && *from ? from : "read at the run", strcmp(model, "none") ?
			 " or reaches a might_sleep() point" : "", where_kept(t, v->lead));
		preempt_fix(t, mv, a->fix, sizeof(a->fix));
	} else if (!strcmp(model, "unknown")) {
		snprintf(a->why, sizeof(a->why), "%s kept CPU %u after the thread became runnable; "
			 "the preemption model is unknown (%s): under none or voluntary a task in "
			 "the kernel keeps the CPU to its return to user space, under full only a "
			 "section with preemption or interrupts off does", who, v->cpu,
			 from && *from ? from : "not read at the run");
		preempt_fix(t, mv, a->fix, sizeof(a->fix));
	} else {
		snprintf(a->why, sizeof(a->why), "%s kept CPU %u after the thread became runnable, "
			 "in a section that cannot be preempted (%s); the preemption model is %s",
			 who, v->cpu, strcmp(model, "rt") ? "a spinlock, interrupts or preemption "
			 "off" : "a raw spinlock, interrupts or preemption off; under PREEMPT_RT a "
			 "spinlock sleeps", model);
		snprintf(a->fix, sizeof(a->fix), "%s", mv);
	}
}

static void tasks(const struct hg_trace *t, const struct hg_kmech_view *v, struct hg_kadvice *a)
{
	char who[WHO_LEN], mv[320], above[160];

	task_label(t, v->lead, who, sizeof(who));
	move_task(t, v->cpu, v->lead, mv, sizeof(mv));
	above_task(t, v, task_rt_prio(t, v->lead), above, sizeof(above));
	switch (v->mech) {
	case HG_MECH_HIGHER_PRIORITY:
		snprintf(a->why, sizeof(a->why), "%s ran above the thread on CPU %u", who, v->cpu);
		snprintf(a->fix, sizeof(a->fix), "%s%s", mv, *above ? above :
			 hg_kprio_rt(v->lead->prio) ? "" : " (a SCHED_DEADLINE task runs above "
			 "every real-time priority)");
		a->audit = "rt-tasks";
		break;
	case HG_MECH_SAME_PRIORITY:
		snprintf(a->why, sizeof(a->why), "%s ran at the thread's own priority on CPU %u "
			 "(first in FIFO order, or in its round-robin slice)", who, v->cpu);
		snprintf(a->fix, sizeof(a->fix), "%s%s", mv, above);
		a->audit = "rt-tasks";
		break;
	case HG_MECH_TIME_SHARING:
		snprintf(a->why, sizeof(a->why), "%s shared CPU %u with the thread: both in the fair "
			 "class, the scheduler divides the CPU between them", who, v->cpu);
		snprintf(a->fix, sizeof(a->fix), "run the thread at a real-time priority "
			 "(-t %u -p FIFO:50), or %s", thread_id(t, v), mv);
		break;
	case HG_MECH_BLOCKED:
		snprintf(a->why, sizeof(a->why), "%s ran on CPU %u while the thread slept in the "
			 "kernel: it left the CPU not runnable (I/O, a lock, a page fault)", who,
			 v->cpu);
		break;
	default:	/* HG_MECH_TASK */
		snprintf(a->why, sizeof(a->why), "%s ran on CPU %u; the trace holds no priorities "
			 "(it was written before they were kept)", who, v->cpu);
		snprintf(a->fix, sizeof(a->fix), "%s", mv);
		break;
	}
}

/*
 * The affinity of interrupt @irq as the run read it (the snapshot's
 * irq_affinity, "<n>:<list> ..."), into @buf; "" when it is not there.
 */
static char *irq_affinity(const struct hg_trace *t, long irq, char *buf, size_t len)
{
	const char *p = hg_trace_sys(t, "irq_affinity");
	char key[24];
	size_t k;

	buf[0] = 0;
	k = (size_t)snprintf(key, sizeof(key), "%ld:", irq);
	while (p && *p) {
		if (!strncmp(p, key, k)) {
			snprintf(buf, len, "%.*s", (int)strcspn(p + k, " "), p + k);
			break;
		}
		p = strchr(p, ' ');
		p = p ? p + 1 : NULL;
	}
	return buf;
}

/* The IRQ number of a part named "<n>:<handler>", or -1. */
static long irq_number(const char *name)
{
	char *end;
	long n = strtol(name, &end, 10);

	return end != name && *end == ':' && n >= 0 ? n : -1;
}

/* Whether the kernel's command line (the snapshot's) has @cpu in @param=<list>. */
static int on_cmdline(const struct hg_trace *t, const char *param, uint32_t cpu)
{
	const char *line = hg_trace_sys(t, "cmdline"), *p = line;
	size_t k = strlen(param);
	char val[128];
	cpu_set_t set;

	while (p && (p = strstr(p, param))) {
		if ((p == line || p[-1] == ' ') && p[k] == '=') {
			snprintf(val, sizeof(val), "%.*s", (int)strcspn(p + k + 1, " "), p + k + 1);
			return !hg_cpuset_parse(val, &set) && cpu < CPU_SETSIZE &&
			       CPU_ISSET(cpu, &set);
		}
		p += k;
	}
	return 0;
}

/*
 * The tick on CPU v->cpu: nohz_full there where it is not on the command
 * line; where it is, the tick runs while more than one task is runnable.
 */
static void tick(const struct hg_trace *t, const struct hg_kmech_view *v, const char *name,
		 unsigned long long n, struct hg_kadvice *a)
{
	int on = on_cmdline(t, "nohz_full", v->cpu);
	char already[160] = "", others[128], all[256];

	if (on)
		snprintf(already, sizeof(already), "; nohz_full=%u is on the kernel's command line: "
			 "the tick stops there only while one task alone is runnable", v->cpu);
	snprintf(a->why, sizeof(a->why), "the scheduler's tick and the local timer (%s) ran on "
		 "CPU %u, %llu time%s%s", name, v->cpu, n, n == 1 ? "" : "s", already);
	if (!*hg_kadvice_others(t, v->cpu, others, sizeof(others)))
		snprintf(a->fix, sizeof(a->fix), "none on this machine: nohz_full needs another "
			 "CPU to keep the tick");
	else if (on)
		snprintf(a->fix, sizeof(a->fix), "leave the thread alone on CPU %u: move every "
			 "other task off it: %s", v->cpu,
			 (move_all(v->cpu, others, all, sizeof(all)), all));
	else
		snprintf(a->fix, sizeof(a->fix), "boot with nohz_full=%u (the tick stops while one "
			 "task runs there)", v->cpu);
	a->audit = "nohz-full";
}

static void handlers(const struct hg_trace *t, const struct hg_kmech_view *v,
		     struct hg_kadvice *a)
{
	const char *name = v->lead->name;
	char others[128], cpu[16], aff[128], all[256];
	long irq = irq_number(name);
	unsigned long long n = (unsigned long long)v->count;

	hg_kadvice_others(t, v->cpu, others, sizeof(others));
	snprintf(cpu, sizeof(cpu), "%u", v->cpu);
	move_all(v->cpu, others, all, sizeof(all));
	switch (v->mech) {
	case HG_MECH_IRQ:
		snprintf(a->why, sizeof(a->why), "interrupt %s was handled on CPU %u, %llu time%s%s%s",
			 name, v->cpu, n, n == 1 ? "" : "s",
			 *irq_affinity(t, irq, aff, sizeof(aff)) ? "; its affinity at the run: " : "",
			 aff);
		if (irq >= 0 && *others)
			snprintf(a->fix, sizeof(a->fix), "echo %s > /proc/irq/%ld/smp_affinity_list",
				 others, irq);
		a->audit = "irq-affinity";
		break;
	case HG_MECH_IPI:
		snprintf(a->why, sizeof(a->why), "other CPUs sent CPU %u work (%s), %llu time%s",
			 v->cpu, name, n, n == 1 ? "" : "s");
		snprintf(a->fix, sizeof(a->fix), "isolate the CPU: isolcpus=%s nohz_full=%s "
			 "rcu_nocbs=%s on the kernel's command line", cpu, cpu, cpu);
		a->audit = "isolcpus";
		break;
	case HG_MECH_NMI:
		snprintf(a->why, sizeof(a->why), "NMI handler %s ran %llu time%s (the NMI "
			 "watchdog, or perf)", name, n, n == 1 ? "" : "s");
		snprintf(a->fix, sizeof(a->fix), "sysctl -w kernel.nmi_watchdog=0");
		a->audit = "nmi-watchdog";
		break;
	case HG_MECH_SOFTIRQ:
		snprintf(a->why, sizeof(a->why), "softirq %s ran on CPU %u, %llu time%s, in the "
			 "thread's way", name, v->cpu, n, n == 1 ? "" : "s");
		snprintf(a->fix, sizeof(a->fix), "boot with threadirqs (softirqs then run in "
			 "threads below the thread's priority), and move the interrupts that raise "
			 "it off CPU %u: for f in /proc/irq/*/smp_affinity_list; do echo %s > $f; "
			 "done 2>/dev/null", v->cpu, *others ? others : cpu);
		a->audit = "threadirqs";
		break;
	case HG_MECH_TICK:
		tick(t, v, name, n, a);
		break;
	default:	/* HG_MECH_TIMER */
		snprintf(a->why, sizeof(a->why), "the hrtimer callback %s ran on CPU %u, %llu "
			 "time%s", name, v->cpu, n, n == 1 ? "" : "s");
		if (*others)
			snprintf(a->fix, sizeof(a->fix), "move the tasks that arm timers off CPU %u "
				 "(their timers stay where they were armed): sysctl -w "
				 "kernel.timer_migration=0; %s", v->cpu, all);
		a->audit = "timer-migration";
		break;
	}
}

static void hidden(const struct hg_trace *t, const struct hg_kmech_view *v, struct hg_kadvice *a)
{
	int vm = virtual_machine(t);
	char us[32], cap[32];

	hg_format_us(hg_cycles_to_ns(v->cycles, t->calib.tsc_hz), us, sizeof(us));
	switch (v->mech) {
	case HG_MECH_TIMER_DELAY:
		snprintf(a->why, sizeof(a->why), "the timer's interrupt entered late, %s us in "
			 "all: interrupts were off on CPU %u%s", us, v->cpu,
			 vm ? ", or the host delivered it late (a virtual machine)" : "");
		snprintf(a->fix, sizeof(a->fix), "%s", vm ? "give the vCPU a host CPU of its own, "
			 "at a real-time priority on the host" : "find the code that runs with "
			 "interrupts off: echo irqsoff > /sys/kernel/tracing/current_tracer; "
			 "cat /sys/kernel/tracing/trace (a kernel with CONFIG_IRQSOFF_TRACER)");
		a->audit = vm ? "hypervisor" : NULL;
		break;
	case HG_MECH_HOST:
		snprintf(a->why, sizeof(a->why), "%s us of the thread's own time on CPU %u with no "
			 "kernel event: %s", us, v->cpu, vm ? "the host took the vCPU (a virtual "
			 "machine; the time is not reported as steal when it reads 0)" :
			 "the firmware (SMIs) or the hardware took the CPU");
		snprintf(a->fix, sizeof(a->fix), "%s", vm ? "give the vCPU a host CPU of its own "
			 "(pinned and isolated on the host)" : "turn off the firmware's SMI sources "
			 "(power management, USB legacy emulation) in its setup");
		a->audit = vm ? "hypervisor" : NULL;
		break;
	case HG_MECH_IDLE_EXIT:
		snprintf(a->why, sizeof(a->why), "CPU %u was leaving idle after the wake-up, %s us "
			 "in all%s", v->cpu, us, vm ? " (a halted vCPU is resumed by the host)" : "");
		if (vm)
			snprintf(a->fix, sizeof(a->fix), "boot the guest with idle=poll (it then "
				 "keeps its host CPU busy)");
		else
			snprintf(a->fix, sizeof(a->fix), "keep CPU %u out of the idle states slow "
				 "to leave: cpupower -c %u idle-set -D 0 (Debian's linux-cpupower), "
				 "or hold /dev/cpu_dma_latency at 0 (a run as root does)", v->cpu,
				 v->cpu);
		a->audit = "idle-states";
		break;
	case HG_MECH_KERNEL:
		snprintf(a->why, sizeof(a->why), "the thread's own kernel paths (entry, exit, "
			 "switch) between the events: assumed, up to %s us a piece",
			 hg_format_us(HG_KATTR_KERNEL_MAX_NS, us, sizeof(us)));
		break;
	case HG_MECH_SWITCH:
		snprintf(a->why, sizeof(a->why), "the switch into the thread on CPU %u: the task "
			 "there (%s the largest) stayed current %s us in all after the wake-up, each "
			 "time no longer than the kernel's own path takes (%s us): measured between "
			 "the events, the scheduler's own work, not a task that kept the CPU", v->cpu,
			 v->lead->name, us, hg_format_us(HG_KATTR_KERNEL_MAX_NS, cap, sizeof(cap)));
		break;
	case HG_MECH_MIGRATION:
		snprintf(a->why, sizeof(a->why), "the thread moved from CPU %u to CPU %u",
			 v->from_cpu, v->cpu);
		snprintf(a->fix, sizeof(a->fix), "pin the thread: --cpu %u", v->cpu);
		break;
	default:	/* HG_MECH_UNEXPLAINED */
		snprintf(a->why, sizeof(a->why), "no event tells: %s", v->lead->name);
		break;
	}
}

void hg_kadvice_of(const struct hg_trace *t, const struct hg_kdiag_ctx *c,
		   const struct hg_kmech_view *v, struct hg_kadvice *out)
{
	memset(out, 0, sizeof(*out));
	switch (v->mech) {
	case HG_MECH_RT_THROTTLING:
		throttling(t, c, v, out);
		break;
	case HG_MECH_NON_PREEMPTIBLE:
		non_preemptible(t, v, out);
		break;
	case HG_MECH_HIGHER_PRIORITY:
	case HG_MECH_SAME_PRIORITY:
	case HG_MECH_TIME_SHARING:
	case HG_MECH_TASK:
	case HG_MECH_BLOCKED:
		tasks(t, v, out);
		break;
	case HG_MECH_IRQ:
	case HG_MECH_IPI:
	case HG_MECH_NMI:
	case HG_MECH_SOFTIRQ:
	case HG_MECH_TICK:
	case HG_MECH_TIMER:
		handlers(t, v, out);
		break;
	default:
		hidden(t, v, out);
		break;
	}
}
