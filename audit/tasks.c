// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tasks.c - the checks of the other tasks: those at RT priority that may
 * run on the measured CPUs, and those at priority 99
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/checks.h"
#include "audit/sysread.h"
#include "util/tame.h"

#define SCHED_FIFO_POLICY	1
#define SCHED_RR_POLICY		2

#define PF_KTHREAD		0x00200000	/* field 9's flag of a kernel thread */

/* What the walk over the tasks found. */
struct rt_seen {
	unsigned int n;			/* RT tasks that may run on the measured CPUs */
	unsigned int n99;		/* tasks at 99 there, but the per-CPU ones */
	unsigned int nkthread;		/* of @n, kernel threads (taskset cannot move them) */
	char first[96];			/* the first of them, "comm (pid, FIFO 50)" */
	char first99[96];
	char tids[160];			/* @n's user tasks' ids, "812 907", as many as fit */
	char tids99[160];		/* @n99's */
};

/*
 * Field @want (3 or more) of a stat line; the name in parentheses may hold
 * spaces, so counting starts after its last ')'. NULL when the line is short.
 */
static const char *stat_field(const char *line, int want)
{
	const char *p = strrchr(line, ')');
	int field = 2;

	if (!p)
		return NULL;
	for (p++; *p && field < want; p++)
		if (*p == ' ')
			field++;
	return field == want && *p ? p : NULL;
}

/* Fields 40 (rt_priority) and 41 (policy) of a stat line. */
static int stat_prio(const char *line, int *prio, int *policy)
{
	const char *p = stat_field(line, 40);
	char *end, *end2;

	if (!p)
		return -EINVAL;
	*prio = (int)strtol(p, &end, 10);
	*policy = (int)strtol(end, &end2, 10);
	return end == p || end2 == end ? -EINVAL : 0;
}

/* Whether a stat line's flags (field 9) say a kernel thread. */
static bool stat_kthread(const char *line)
{
	const char *p = stat_field(line, 9);

	return p && (strtoul(p, NULL, 10) & PF_KTHREAD);
}

/*
 * @cmd (a command's words before the id) on each id of @list into @buf:
 * "for p in 1 2; do <cmd> $p; done", or for one id "<cmd> 1"
 */
static char *each(char *buf, size_t len, const char *list, const char *cmd)
{
	if (strchr(list, ' '))
		snprintf(buf, len, "for p in %s; do %s $p; done", list, cmd);
	else
		snprintf(buf, len, "%s %s", cmd, list);
	return buf;
}

/* @tid appended to the list @buf (@len bytes) when it fits whole. */
static void add_tid(char *buf, size_t len, const char *tid)
{
	size_t at = strlen(buf);

	if (at + 1 + strlen(tid) < len)
		snprintf(buf + at, len - at, "%s%s", at ? " " : "", tid);
}

/* Whether @comm is a per-CPU kernel thread that must be at 99 (migration/3). */
static bool per_cpu_99(const char *comm)
{
	return !strncmp(comm, "migration/", 10) || !strncmp(comm, "watchdog/", 9) ||
	       !strncmp(comm, "idle_inject/", 12) || !strncmp(comm, "cpuhp/", 6);
}

static void one_task(const struct hg_audit_ctx *ctx, const char *pid, const char *tid,
		     const cpu_set_t *cpus, struct rt_seen *s)
{
	char line[1024], comm[64], status[8192], *allowed;
	int prio, policy;
	cpu_set_t set;

	if (hg_sys_line(ctx, line, sizeof(line), "proc/%s/task/%s/stat", pid, tid) <= 0 ||
	    stat_prio(line, &prio, &policy) ||
	    (policy != SCHED_FIFO_POLICY && policy != SCHED_RR_POLICY))
		return;
	if (hg_sys_line(ctx, comm, sizeof(comm), "proc/%s/task/%s/comm", pid, tid) <= 0)
		snprintf(comm, sizeof(comm), "?");
	hg_tame(comm);		/* a copied tree's name: no escape reaches a terminal */
	if (hg_sys_text(ctx, status, sizeof(status), "proc/%s/task/%s/status", pid, tid) <= 0 ||
	    !(allowed = strstr(status, "Cpus_allowed_list:")))
		return;
	allowed += 18;
	allowed += strspn(allowed, " \t");
	allowed[strcspn(allowed, "\n")] = '\0';
	if (hg_sys_cpulist(allowed, &set))
		return;
	CPU_AND(&set, &set, cpus);
	if (!CPU_COUNT(&set))
		return;
	if (per_cpu_99(comm))
		return;		/* the kernel's own, on every CPU */
	if (!s->n++)
		snprintf(s->first, sizeof(s->first), "%.40s (%.12s, %s %d)", comm, tid,
			 policy == SCHED_FIFO_POLICY ? "FIFO" : "RR", prio);
	if (stat_kthread(line))
		s->nkthread++;
	else
		add_tid(s->tids, sizeof(s->tids), tid);
	if (prio != 99)
		return;
	if (!s->n99++)
		snprintf(s->first99, sizeof(s->first99), "%.40s (%.12s)", comm, tid);
	add_tid(s->tids99, sizeof(s->tids99), tid);
}

/* Whether @name is a process's or a thread's: digits only. */
static bool numeric(const char *name)
{
	return *name && strspn(name, "0123456789") == strlen(name);
}

/* Walk proc/<pid>/task/<tid> under @ctx's root. */
static int walk(const struct hg_audit_ctx *ctx, struct rt_seen *s)
{
	char path[PATH_MAX];
	struct dirent *de, *te;
	cpu_set_t cpus;
	DIR *d, *td;
	int ret = hg_sys_cpus(ctx, &cpus);

	if (ret)
		return ret;
	memset(s, 0, sizeof(*s));
	if (hg_sys_path(ctx, path, sizeof(path), "proc"))
		return -ENAMETOOLONG;
	d = opendir(path);
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		if (!numeric(de->d_name))
			continue;
		if (hg_sys_path(ctx, path, sizeof(path), "proc/%s/task", de->d_name))
			continue;
		td = opendir(path);
		if (!td)
			continue;
		while ((te = readdir(td)))
			if (numeric(te->d_name))
				one_task(ctx, de->d_name, te->d_name, &cpus, s);
		closedir(td);
	}
	closedir(d);
	return 0;
}

static int rt_tasks(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char to[256], want[256], taskset[300], cmd[HG_AUDIT_TEXT];
	cpu_set_t cpus, others;
	struct rt_seen s;
	int ret = walk(ctx, &s);

	if (ret)
		return ret;
	if (!s.n)
		return hg_audit_say(res, HG_AUDIT_PASS, "no RT task may run on the measured CPUs");
	ret = hg_sys_cpus(ctx, &cpus);
	if (ret)
		return ret;
	CPU_ZERO(&others);
	if (hg_sys_others(ctx, &others))
		s.tids[0] = '\0';	/* where to: unknown; isolcpus moves them all */
	hg_sys_list(&others, to, sizeof(to));
	hg_sys_list(&cpus, want, sizeof(want));
	snprintf(taskset, sizeof(taskset), "taskset -pc %s", to);
	if (s.tids[0] && !CPU_COUNT(&others))
		hg_audit_fix(res, "no online CPU is left to take them: measure on fewer CPUs "
			     "(hourglass audit --cpu 1 gives the commands for CPU 1)");
	else if (s.tids[0] && s.nkthread)
		hg_audit_fix(res, "%s (and add isolcpus=%s to the kernel command line for the %u "
			     "kernel thread%s)", each(cmd, sizeof(cmd), s.tids, taskset), want,
			     s.nkthread, s.nkthread == 1 ? "" : "s");
	else if (s.tids[0])
		hg_audit_fix(res, "%s", each(cmd, sizeof(cmd), s.tids, taskset));
	else
		hg_audit_fix(res, "add isolcpus=%s to the kernel command line%s", want,
			     s.nkthread ? " (kernel threads: taskset cannot move them)" : "");
	return hg_audit_say(res, HG_AUDIT_WARN, "%u RT task%s may run on the measured CPUs "
			    "(the first: %s)", s.n, s.n == 1 ? "" : "s", s.first);
}

const struct hg_audit_check hg_audit_rt_tasks = {
	.id = "rt-tasks",
	.why = "an RT task of a priority above the test's preempts it whenever it wakes; "
	       "one of the same priority shares the CPU with it",
	.judge = rt_tasks,
};

static int prio99(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char cmd[HG_AUDIT_TEXT];
	struct rt_seen s;
	int ret = walk(ctx, &s);

	if (ret)
		return ret;
	if (!s.n99)
		return hg_audit_say(res, HG_AUDIT_PASS, "no task at priority 99 on the measured "
				    "CPUs but the kernel's per-CPU threads");
	hg_audit_fix(res, "%s (or lower: leave 99 to the kernel)",
		     each(cmd, sizeof(cmd), s.tids99, "chrt -f -p 98"));
	return hg_audit_say(res, HG_AUDIT_FAIL, "%u task%s at priority 99 on the measured CPUs "
			    "(the first: %s)", s.n99, s.n99 == 1 ? "" : "s", s.first99);
}

const struct hg_audit_check hg_audit_prio99 = {
	.id = "prio-99",
	.why = "a task at priority 99 preempts even a test at the highest priority a "
	       "test may take",
	.judge = prio99,
};
