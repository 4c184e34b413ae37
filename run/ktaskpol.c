// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ktaskpol.c - the tasks' policies into the snapshot (see ktaskpol.h)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/ktaskpol.h"
#include "trace/kevents.h"
#include "util/infile.h"

#define STAT_MAX 1024		/* bytes of a stat line read */
#define PF_KTHREAD 0x00200000UL	/* the kernel's flag of its own threads */

struct task {
	uint32_t pid;
	uint32_t name;		/* the events' name index */
};

/* Whether @pid is one of the run's threads. */
static int ours(const struct hg_trace *t, uint32_t pid)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].tid == pid)
			return 1;
	return 0;
}

/* The tasks the switches ran, each once, the first @HG_KTASKPOL_MAX; their number. */
static unsigned int tasks_of(const struct hg_trace *t, struct task *out)
{
	unsigned int n = 0, i;
	uint64_t e;

	for (e = 0; e < t->kev->n && n < HG_KTASKPOL_MAX; e++) {
		const struct hg_kev *k = &t->kev->ev[e];

		if (k->type != HG_KEV_SWITCH || !k->a || ours(t, k->a))
			continue;
		for (i = 0; i < n && out[i].pid != k->a; i++)
			;
		if (i == n)
			out[n++] = (struct task){ .pid = k->a, .name = k->name };
	}
	return n;
}

/*
 * The stat line of <proc>/<pid> split after the name: @f[0] is field 3
 * (the state), so field n of proc(5) is f[n - 3]. 0 with @comm set, or
 * -errno.
 */
static int read_stat(const char *proc, uint32_t pid, char *comm, size_t clen,
		     unsigned long *flags, long *nice, long *rtprio, long *policy)
{
	char path[512], why[128], *line = NULL, *open, *close, *f[40], *save = NULL;
	size_t cap = 0;
	int ret = 0, n = 0;
	FILE *in;

	snprintf(path, sizeof(path), "%s/%u/stat", proc, pid);
	in = hg_infile_text(path, 0, &ret, why, sizeof(why));
	if (!in)
		return ret;
	ret = hg_infile_line(in, &line, &cap, STAT_MAX) > 0 ? 0 : -ENODATA;
	fclose(in);
	open = ret ? NULL : strchr(line, '(');
	close = ret ? NULL : strrchr(line, ')');
	if (open && close > open) {
		snprintf(comm, clen, "%.*s", (int)(close - open - 1), open + 1);
		char *tok = strtok_r(close + 1, " \n", &save);

		for (; tok && n < 39; tok = strtok_r(NULL, " \n", &save))
			f[n++] = tok;
	}
	if (n < 39) {
		free(line);
		return -EINVAL;
	}
	*flags = strtoul(f[6], NULL, 10);
	*nice = strtol(f[16], NULL, 10);
	*rtprio = strtol(f[37], NULL, 10);
	*policy = strtol(f[38], NULL, 10);
	free(line);
	return 0;
}

int hg_ktask_policies(struct hg_trace *t, const char *proc)
{
	struct task *task;
	size_t cap = HG_KTASKPOL_MAX * 48, used = 0;
	unsigned int n, i;
	char *all;
	int ret = 0;

	if (!t->kev)
		return 0;
	task = calloc(HG_KTASKPOL_MAX, sizeof(*task));
	all = calloc(1, cap);
	if (!task || !all) {
		free(task);
		free(all);
		return -ENOMEM;
	}
	n = tasks_of(t, task);
	for (i = 0; i < n; i++) {
		unsigned long flags = 0;
		long nice = 0, rtprio = 0, policy = 0;
		char comm[64];
		const char *name = hg_kevents_name(t->kev, task[i].name);

		if (read_stat(proc, task[i].pid, comm, sizeof(comm), &flags, &nice, &rtprio,
			      &policy) || !name || strcmp(comm, name))
			continue;
		used += (size_t)snprintf(all + used, cap - used, "%s%u:%ld:%ld:%ld:%c",
					 used ? " " : "", task[i].pid, policy, rtprio, nice,
					 flags & PF_KTHREAD ? 'k' : 'u');
	}
	if (used)
		ret = hg_trace_add_sys(t, "task_policy", all);
	free(task);
	free(all);
	return ret;
}
