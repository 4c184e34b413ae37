// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * taskset.c - task sets for the analyses
 */
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cpuset.h"
#include "analysis/frames.h"
#include "hourglass/taskset.h"
#include "trace/errlen.h"
#include "trace/infile.h"
#include "trace/timeval.h"
#include "trace/wire.h"

static uint64_t read_u64(const char *path, uint64_t dflt)
{
	char line[32];
	uint64_t v;
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return dflt;
	ok = fgets(line, sizeof(line), f) != NULL;
	fclose(f);
	if (!ok)
		return dflt;
	line[strcspn(line, "\n")] = '\0';
	if (!strcmp(line, "-1"))	/* no limit */
		return UINT64_MAX;
	return hg_parse_u64(line, &v) ? dflt : v;
}

void hg_taskset_admission(struct hg_taskset *s)
{
	cpu_set_t set;

	s->cpus = sched_getaffinity(0, sizeof(set), &set) ? 1 : (unsigned int)CPU_COUNT(&set);
	/* -1 (no throttling) reads as a huge number: the limit is then the CPUs */
	s->rt_runtime_us = read_u64("/proc/sys/kernel/sched_rt_runtime_us", 950000);
	s->rt_period_us = read_u64("/proc/sys/kernel/sched_rt_period_us", 1000000);
	if (s->rt_runtime_us > s->rt_period_us)
		s->rt_runtime_us = s->rt_period_us;
}

static void prio_label(const struct hg_prio *p, char *buf, size_t len, int32_t *prio)
{
	if (hg_prio_is_rt(p)) {
		hg_prio_describe(p, buf, len);
		*prio = p->value;
	} else {
		snprintf(buf, len, "-");
		*prio = HG_RTA_NO_PRIO;
	}
}

/* Thread @c's CPUs: its --cpu, else those this process may run on. */
static void thread_cpus(const struct hg_thread_cfg *c, cpu_set_t *set)
{
	if (c->pinned)
		*set = c->cpus;
	else if (sched_getaffinity(0, sizeof(*set), set))
		CPU_ZERO(set);
}

/* Labels of a thread for frames.h. */
struct frames_names {
	char label[64];
	char priority[64];
};

/*
 * Per thread of @cfg, whether it is a CPU_PERIODIC thread that is a task
 * of C and T (frames.h); malloc'd, NULL when out of memory.
 */
static bool *frames_tasks(const struct hg_config *cfg)
{
	size_t n = cfg->nthreads ? cfg->nthreads : 1;
	struct hg_frames_thread *th = calloc(n, sizeof(*th));
	struct frames_names *nm = calloc(n, sizeof(*nm));
	bool *is = calloc(n, sizeof(*is));
	char why[400];
	unsigned int t;

	for (t = 0; th && nm && is && t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *c = &cfg->threads[t];

		th[t].id = t;
		th[t].out = c->reserve != HG_RESERVE_NONE;
		thread_cpus(c, &th[t].cpus);
		c->wl->describe(&c->wp, nm[t].label, sizeof(nm[t].label));
		prio_label(&c->prio, nm[t].priority, sizeof(nm[t].priority), &th[t].prio);
		th[t].label = nm[t].label;
		th[t].priority = nm[t].priority;
	}
	for (t = 0; th && nm && is && t < cfg->nthreads; t++)
		is[t] = cfg->threads[t].wl->model == HG_MODEL_CPU_PERIODIC && !th[t].out &&
			cfg->threads[t].wp.amount_ns && cfg->threads[t].wp.period_ns &&
			hg_frames_allow(th, cfg->nthreads, t, why, sizeof(why));
	if (!th || !nm) {
		free(is);
		is = NULL;
	}
	free(th);
	free(nm);
	return is;
}

/*
 * The threads of @cfg that never block at a real-time priority (hog.h)
 * into s->hogs, their CPUs as a task's would be, but the CPU_PERIODIC
 * ones that are tasks (@task). Returns 0 or -ENOMEM.
 */
static int hogs_from_config(const struct hg_config *cfg, const bool *task, struct hg_taskset *s)
{
	unsigned int t;

	s->hogs = calloc(cfg->nthreads ? cfg->nthreads : 1, sizeof(*s->hogs));
	if (!s->hogs)
		return -ENOMEM;
	for (t = 0; t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *c = &cfg->threads[t];
		struct hg_hog *h = &s->hogs[s->nhogs];

		if (!hg_hog_is(c->wl->model, hg_prio_is_rt(&c->prio), c->reserve) || task[t])
			continue;
		h->id = t;
		h->index = (uint32_t)s->nhogs;
		thread_cpus(c, &h->cpus);
		c->wl->describe(&c->wp, h->label, sizeof(h->label));
		prio_label(&c->prio, h->priority, sizeof(h->priority), &h->prio);
		s->nhogs++;
	}
	return 0;
}

int hg_taskset_from_config(const struct hg_config *cfg, struct hg_taskset *s,
			   char *err, size_t errlen)
{
	bool *frames = frames_tasks(cfg);
	unsigned int t;
	size_t n = 0;
	int ret;

	for (t = 0; frames && t < cfg->nthreads; t++)
		n += cfg->threads[t].wl->wcet != NULL || frames[t];
	ret = frames ? hg_taskset_alloc(s, n) : -ENOMEM;
	if (!ret && (ret = hogs_from_config(cfg, frames, s)))
		hg_taskset_free(s);
	if (ret) {
		free(frames);
		snprintf(err, errlen, "out of memory");
		return ret;
	}
	hg_taskset_admission(s);
	s->ovh = cfg->overheads;
	s->nlocks = cfg->nlocks;
	memcpy(s->locks, cfg->locks, sizeof(s->locks));
	for (t = 0, n = 0; t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *c = &cfg->threads[t];
		struct hg_taskset_task *task = &s->task[n];
		struct hg_rta_task *k = &task->rta;

		if (!c->wl->wcet && !frames[t])
			continue;
		k->id = t;
		/* without --cpu, the CPUs this process may run on */
		thread_cpus(c, &k->cpus);
		k->t_ns = c->wp.period_ns;
		k->d_ns = c->wp.deadline_ns ? c->wp.deadline_ns : c->wp.period_ns;
		k->j_ns = c->jitter_ns;
		k->b_ns = c->blocking_ns;
		k->ncs = c->wp.ncs;
		memcpy(k->cs, c->wp.cs, sizeof(k->cs));
		if (c->wcet_ns)
			k->c_ns = c->wcet_ns;
		else if (frames[t])	/* a frame's amount (frames.h) */
			k->c_ns = c->wp.amount_ns;
		else if ((ret = c->wl->wcet(&c->wp, &k->c_ns))) {
			snprintf(err, errlen, "thread %u: -w %s: cannot read its times: %s", t,
				 c->wl->name, strerror(-ret));
			hg_taskset_free(s);
			free(frames);
			return ret;
		}
		c->wl->describe(&c->wp, task->label, sizeof(task->label));
		prio_label(&c->prio, task->prio, sizeof(task->prio), &k->prio);
		if (c->reserve != HG_RESERVE_NONE) {
			task->resv_budget_ns = c->reserve_budget_ns;
			task->resv_period_ns = c->reserve_period_ns;
		}
		n++;
	}
	free(frames);
	return 0;
}

/* "CS=<lock>:<amount>": one more section of the task's jobs, on a lock declared before. */
static int cs_word(char *w, const struct hg_taskset *s, struct hg_rta_task *k,
		   char *why, size_t whylen)
{
	char *colon = strchr(w + 3, ':'), inner[256];
	struct hg_quoted lock;
	uint32_t i;
	int ret;

	if (!colon || colon == w + 3) {
		snprintf(why, whylen, "'%s': write CS=<lock>:<amount> (e.g. CS=L:0.5ms)",
			 hg_quote(w).s);
		return -EINVAL;
	}
	*colon = '\0';
	lock = hg_quote(w + 3);
	for (i = 0; i < s->nlocks && strcmp(s->locks[i].name, w + 3); i++)
		;
	if (i == s->nlocks) {
		snprintf(why, whylen, "CS=%s: unknown lock '%s' (declare it on a line before: "
			 "lock %s none|inherit|protect)", lock.s, lock.s, lock.s);
		return -EINVAL;
	}
	if (k->ncs == HG_MAX_CS) {
		snprintf(why, whylen, "CS=%s: at most %d sections a task", lock.s, HG_MAX_CS);
		return -EINVAL;
	}
	k->cs[k->ncs].lock = i;
	/* a value that does not parse (too large, no unit) says why, not "zero" */
	ret = hg_parse_time(colon + 1, &k->cs[k->ncs].ns, inner, sizeof(inner));
	if (ret || !k->cs[k->ncs].ns) {
		snprintf(why, whylen, "CS=%s:%s: %s", lock.s, hg_quote(colon + 1).s,
			 ret ? inner : "the amount must be greater than zero");
		return -EINVAL;
	}
	k->ncs++;
	return 0;
}

/* One "K=value" word of a task line. */
static int task_word(char *w, const struct hg_taskset *s, struct hg_rta_task *k,
		     char *plabel, size_t plen, char *why, size_t whylen)
{
	char *eq = strchr(w, '=');
	uint64_t *field = NULL;
	struct hg_prio p;

	if (!strncmp(w, "CS=", 3))
		return cs_word(w, s, k, why, whylen);
	if (!strncmp(w, "CPU=", 4)) {
		if (hg_cpuset_parse(w + 4, &k->cpus)) {
			snprintf(why, whylen, "'%s': not a CPU list (e.g. CPU=0, CPU=0-1, CPU=0,2)",
				 hg_quote(w).s);
			return -EINVAL;
		}
		return 0;
	}
	if (!eq || eq == w + 0 || eq[1] == '\0' || eq - w != 1) {
		snprintf(why, whylen, "'%s': write K=<value> with K one of C T D J B P CPU CS",
			 hg_quote(w).s);
		return -EINVAL;
	}
	switch (w[0]) {
	case 'C': field = &k->c_ns; break;
	case 'T': field = &k->t_ns; break;
	case 'D': field = &k->d_ns; break;
	case 'J': field = &k->j_ns; break;
	case 'B': field = &k->b_ns; break;
	case 'P':
		if (hg_prio_parse(eq + 1, &p, why, whylen))
			return -EINVAL;
		prio_label(&p, plabel, plen, &k->prio);
		return 0;
	default:
		snprintf(why, whylen, "'%s': unknown field '%c' (use C T D J B P CPU CS)",
			 hg_quote(w).s, w[0]);
		return -EINVAL;
	}
	{
		char inner[256];

		if (hg_parse_time(eq + 1, field, inner, sizeof(inner))) {
			snprintf(why, whylen, "'%s': %s", hg_quote(w).s, inner);
			return -EINVAL;
		}
	}
	return 0;
}

/* "lock <name> none|inherit|protect": a lock the tasks' CS= words may name. */
static int lock_line(char *line, struct hg_taskset *s, char *why, size_t whylen)
{
	char *save = NULL, *name, *proto, *more;
	uint32_t p, i;

	line[strcspn(line, "#")] = '\0';
	strtok_r(line, " \t\r\n", &save);
	name = strtok_r(NULL, " \t\r\n", &save);
	proto = strtok_r(NULL, " \t\r\n", &save);
	more = strtok_r(NULL, " \t\r\n", &save);
	if (!name || !proto || more) {
		snprintf(why, whylen, "write 'lock <name> none|inherit|protect' (e.g. lock L inherit)");
		return -EINVAL;
	}
	if (!hg_lock_name_ok(name)) {
		snprintf(why, whylen, "lock '%s': not a lock name (1 to %d letters, digits, "
			 "'_', '-' or '.')", hg_quote(name).s, HG_LOCK_NAME_LEN - 1);
		return -EINVAL;
	}
	if (hg_lock_protocol_parse(proto, &p)) {
		snprintf(why, whylen, "lock %s %s: unknown protocol (choose none, inherit or "
			 "protect)", name, hg_quote(proto).s);
		return -EINVAL;
	}
	for (i = 0; i < s->nlocks; i++)
		if (!strcmp(s->locks[i].name, name)) {
			snprintf(why, whylen, "lock %s: declared twice", name);
			return -EINVAL;
		}
	if (s->nlocks == HG_MAX_LOCKS) {
		snprintf(why, whylen, "lock %s: at most %d locks", name, HG_MAX_LOCKS);
		return -EINVAL;
	}
	memset(&s->locks[s->nlocks], 0, sizeof(s->locks[0]));
	snprintf(s->locks[s->nlocks].name, sizeof(s->locks[0].name), "%s", name);
	s->locks[s->nlocks++].protocol = p;
	return 0;
}

/*
 * Once every line is read: each lock used, protect among tasks with
 * priorities only, each task's sections within its C. Returns 0 or
 * -EINVAL with the reason in @why.
 */
static int check_locks(const struct hg_taskset *s, char *why, size_t whylen)
{
	uint32_t k, i;
	size_t t;

	for (t = 0; t < s->n; t++) {
		const struct hg_rta_task *r = &s->task[t].rta;
		char a[32], b[32];

		if (hg_cs_total(r->cs, r->ncs) > r->c_ns) {
			snprintf(why, whylen, "task %u: its sections (CS=) take %s, longer than its "
				 "C=%s (they run out of it)", r->id,
				 hg_format_time(hg_cs_total(r->cs, r->ncs), a, sizeof(a)),
				 hg_format_time(r->c_ns, b, sizeof(b)));
			return -EINVAL;
		}
	}
	for (k = 0; k < s->nlocks; k++) {
		size_t users = 0;

		for (t = 0; t < s->n; t++) {
			const struct hg_rta_task *r = &s->task[t].rta;
			bool uses = false;

			for (i = 0; i < r->ncs; i++)
				uses |= r->cs[i].lock == k;
			users += uses;
			if (uses && s->locks[k].protocol == HG_LOCK_PROTECT &&
			    r->prio == HG_RTA_NO_PRIO) {
				snprintf(why, whylen, "lock %s protect: task %u has no real-time "
					 "priority (a ceiling needs them: give it P=FIFO:<n>, or "
					 "use inherit)", s->locks[k].name, r->id);
				return -EINVAL;
			}
		}
		if (!users) {
			snprintf(why, whylen, "lock %s: no task uses it (give one CS=%s:<amount>)",
				 s->locks[k].name, s->locks[k].name);
			return -EINVAL;
		}
	}
	return 0;
}

/* One task line into @task (zeroed, the last of @s): its words, then its label. */
static int task_line(char *line, struct hg_taskset *s, struct hg_taskset_task *task,
		     char *why, size_t whylen)
{
	struct hg_rta_task *k = &task->rta;
	char *save = NULL, *w;
	int ret;

	k->prio = HG_RTA_NO_PRIO;
	snprintf(task->prio, sizeof(task->prio), "-");
	line[strcspn(line, "#")] = '\0';	/* a comment may end a line */
	for (w = strtok_r(line, " \t\r\n", &save); w; w = strtok_r(NULL, " \t\r\n", &save)) {
		if (!strncmp(w, "CHAIN=", 6))
			ret = hg_chain_word(&s->chains, w + 6, s->n - 1, why, whylen);
		else
			ret = task_word(w, s, k, task->prio, sizeof(task->prio), why, whylen);
		if (ret)
			return ret;
	}
	if (!k->c_ns || !k->t_ns) {
		snprintf(why, whylen, "C and T are required and must be greater than zero");
		return -EINVAL;
	}
	if (!k->d_ns)
		k->d_ns = k->t_ns;
	{
		char c[32], t[32];

		snprintf(task->label, sizeof(task->label), "C=%s T=%s", hg_format_time(k->c_ns, c, sizeof(c)),
			 hg_format_time(k->t_ns, t, sizeof(t)));
	}
	return 0;
}

/* "chain <name> event|sampled": the mode of a chain of CHAIN= words. */
static int chain_line(char *line, struct hg_taskset *s, char *why, size_t whylen)
{
	char *save = NULL, *name, *mode, *more;

	line[strcspn(line, "#")] = '\0';
	strtok_r(line, " \t\r\n", &save);
	name = strtok_r(NULL, " \t\r\n", &save);
	mode = strtok_r(NULL, " \t\r\n", &save);
	more = strtok_r(NULL, " \t\r\n", &save);
	if (!name || !mode || more) {
		snprintf(why, whylen, "write 'chain <name> event|sampled' (e.g. chain ctl event)");
		return -EINVAL;
	}
	return hg_chain_mode(&s->chains, name, mode, why, whylen);
}

/* The chains of the CHAIN= words, once every line is read; 0 or -errno (@why). */
static int chains_build(struct hg_taskset *s, char *why, size_t whylen)
{
	struct hg_rta_task *ts = s->chains.nlinks ? hg_taskset_rta(s) : NULL;
	int ret;

	if (s->chains.nlinks && !ts) {
		snprintf(why, whylen, "out of memory");
		return -ENOMEM;
	}
	ret = hg_chains_build(&s->chains, ts, why, whylen);
	free(ts);
	return ret;
}

int hg_taskset_read(const char *path, struct hg_taskset *s, char *err, size_t errlen)
{
	struct hg_quoted qp = hg_quote(path);	/* a long name cut: the reason stays */
	char *line = NULL, why[HG_ERR_LEN];
	size_t cap = 0, lineno = 0;
	int ret = 0;
	long got;
	FILE *f = hg_infile_text(path, HG_TASKSET_MAX_BYTES, &ret, why, sizeof(why));

	if (!f) {
		snprintf(err, errlen, "%s: %s", qp.s, why);
		return ret;
	}
	ret = hg_taskset_alloc(s, 0);
	if (ret)
		snprintf(err, errlen, "out of memory");
	while (!ret && (got = hg_infile_line(f, &line, &cap, HG_TASKSET_MAX_LINE)) != -1) {
		struct hg_taskset_task *task;
		char *p;

		lineno++;
		if (got < 0) {
			ret = (int)got;
			if (got == -E2BIG)
				snprintf(err, errlen, "%s line %zu: longer than %u bytes", qp.s, lineno,
					 HG_TASKSET_MAX_LINE);
			else if (got == -ENOMEM)
				snprintf(err, errlen, "out of memory");
			break;
		}
		p = line + strspn(line, " \t\r\n");
		if (!*p || *p == '#')
			continue;
		if (!strncmp(p, "lock", 4) && (p[4] == ' ' || p[4] == '\t')) {
			ret = lock_line(p, s, why, sizeof(why));
			if (ret)
				snprintf(err, errlen, "%s line %zu: %s", qp.s, lineno, why);
			continue;
		}
		if (!strncmp(p, "chain", 5) && (p[5] == ' ' || p[5] == '\t')) {
			ret = chain_line(p, s, why, sizeof(why));
			if (ret)
				snprintf(err, errlen, "%s line %zu: %s", qp.s, lineno, why);
			continue;
		}
		if (s->n == HG_TASKSET_MAX_TASKS) {
			ret = -E2BIG;
			snprintf(err, errlen, "%s line %zu: more than %u tasks, the most analysed "
				 "(the analyses' work grows with the square of the tasks)", qp.s,
				 lineno, HG_TASKSET_MAX_TASKS);
			break;
		}
		task = hg_taskset_add(s);
		if (!task) {
			ret = -ENOMEM;
			snprintf(err, errlen, "out of memory");
			break;
		}
		ret = task_line(p, s, task, why, sizeof(why));
		if (ret) {
			snprintf(err, errlen, "%s line %zu: %s", qp.s, lineno, why);
			break;
		}
		task->rta.id = (unsigned int)(s->n - 1);
	}
	free(line);
	if (!ret && ferror(f)) {
		ret = -EIO;
		snprintf(err, errlen, "%s: %s", qp.s, strerror(EIO));
	}
	fclose(f);
	if (!ret && !s->n) {
		snprintf(err, errlen, "%s: no task in it (one per line, e.g. C=3ms T=8ms P=RTMED)",
			 qp.s);
		ret = -EINVAL;
	}
	if (!ret && (ret = check_locks(s, why, sizeof(why))))
		snprintf(err, errlen, "%s: %s", qp.s, why);
	if (!ret && (ret = chains_build(s, why, sizeof(why))))
		snprintf(err, errlen, "%s: %s", qp.s, why);
	if (!ret)
		hg_taskset_admission(s);
	if (ret) {
		hg_taskset_free(s);
		hg_tame(err);	/* the file's words: no escape reaches the terminal */
	}
	return ret;
}
