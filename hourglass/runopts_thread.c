// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * runopts_thread.c - what the per-thread rows of the run's table take
 * (priority, model, timer, CPUs, sections, reservation) and how each
 * applies to a thread once the line is read (runopts.c's table points here)
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "hourglass/optionsint.h"
#include "hourglass/runopts.h"
#include "run/config.h"
#include "run/cpulist.h"
#include "util/errlen.h"
#include "timers/timer.h"
#include "workloads/workload.h"

/* A new per-thread option of row @r for the threads in scope; NULL: said. */
static struct thread_opt *assign(struct parser *ps, const struct hg_run_opt *r)
{
	struct thread_opt *a = hg_args_assign(ps, r);

	if (!a)
		hg_args_fail(ps, -ENOMEM, "out of memory");
	return a;
}

int hg_run_set_priority(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			char *const *v)
{
	struct thread_opt *a = assign(ps, r);
	char why[512];

	if (!a)
		return -ENOMEM;
	if (hg_prio_parse(v[0], &a->v.prio, why, sizeof(why)))
		return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
	return 0;
}

void hg_run_apply_priority(const struct thread_opt *a, struct hg_thread_cfg *t)
{
	t->prio = a->v.prio;
}

/*
 * How many of the words after -w <model> are its arguments: the required
 * ones, then optional ones while they do not look like options; a required
 * one that is an option means one is missing
 */
static unsigned int model_args(const struct parser *ps, const struct hg_workload *wl)
{
	unsigned int n = 0, k;

	while (n < wl->max_args && ps->next + (int)n < ps->argc) {
		const char *next = ps->argv[ps->next + (int)n];

		if (n >= wl->min_args && (next[0] == '-' || !next[0]))
			break;
		n++;
	}
	for (k = 0; k < n && k < wl->min_args; k++) {
		const char *word = ps->argv[ps->next + (int)k];

		if (word[0] == '-' && ((word[1] >= 'a' && word[1] <= 'z') || word[1] == '-'))
			n = k;
	}
	return n;
}

/* -w <workload> [<args>]: takes the model's own arguments too */
int hg_run_set_workload(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			char *const *v)
{
	const struct hg_workload *wl;
	struct thread_opt *a;
	char why[512];
	unsigned int n;

	wl = hg_workload_find(v[0], why, sizeof(why));
	if (!wl)
		return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
	n = model_args(ps, wl);
	if (n < wl->min_args)
		return hg_args_fail(ps, -EINVAL, "%s %s: missing argument (usage: %s %s %s)",
				    opt, wl->name, opt, wl->name, wl->args);
	a = assign(ps, r);
	if (!a)
		return -ENOMEM;
	a->v.w.wl = wl;
	if (wl->parse(&a->v.w.p, ps->argv + ps->next, n, why, sizeof(why)))
		return hg_args_fail(ps, -EINVAL, "%s %s: %s", opt, wl->name, why);
	ps->next += (int)n;
	return 0;
}

/* the sections (--cs) stay with the thread, whatever its model */
void hg_run_apply_workload(const struct thread_opt *a, struct hg_thread_cfg *t)
{
	uint32_t ncs = t->wp.ncs;
	struct hg_cs cs[HG_MAX_CS];

	memcpy(cs, t->wp.cs, sizeof(cs));
	t->wl = a->v.w.wl;
	t->wp = a->v.w.p;
	t->wp.ncs = ncs;
	memcpy(t->wp.cs, cs, sizeof(cs));
}

int hg_run_set_timer(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		     char *const *v)
{
	struct thread_opt *a = assign(ps, r);
	const char *val = v[0];
	char why[512];

	if (!a)
		return -ENOMEM;
	a->v.timer = hg_timer_find(val, why, sizeof(why));
	if (!a->v.timer && *val && strspn(val, "0123456789") == strlen(val))
		/* "-i 1000" from cyclictest's habit, where -i is the interval */
		return hg_args_fail(ps, -EINVAL, "%s: unknown timer '%s' (-i picks the "
				    "timer, e.g. HR; the period is LAT's argument: "
				    "-w LAT %sus)", opt, hg_quote(val).s, hg_quote(val).s);
	if (!a->v.timer)
		return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
	return 0;
}

void hg_run_apply_timer(const struct thread_opt *a, struct hg_thread_cfg *t)
{
	t->timer = a->v.timer;
}

int hg_run_set_cpu(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		   char *const *v)
{
	struct thread_opt *a = assign(ps, r);
	char why[512];

	if (!a)
		return -ENOMEM;
	if (hg_cpulist_parse(v[0], &a->v.cpus, why, sizeof(why)))
		return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
	return 0;
}

void hg_run_apply_cpu(const struct thread_opt *a, struct hg_thread_cfg *t)
{
	t->pinned = true;
	t->cpus = a->v.cpus;
}

/* --cs <lock> <amount> */
int hg_run_set_cs(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		  char *const *v)
{
	struct thread_opt *a = assign(ps, r);
	int k;

	if (!a)
		return -ENOMEM;
	k = hg_args_lock(ps, opt, v[0]);
	if (k < 0)
		return k;
	a->v.cs.lock = (uint32_t)k;
	return hg_opt_value(HG_OPT_TIME, opt, v[1], 0, 0, 0, &a->v.cs.ns, ps->err, ps->errlen);
}

void hg_run_apply_cs(const struct thread_opt *a, struct hg_thread_cfg *t)
{
	/* one past the most: hg_args_locks() says so */
	if (t->wp.ncs < HG_MAX_CS)
		t->wp.cs[t->wp.ncs] = a->v.cs;
	if (t->wp.ncs <= HG_MAX_CS)
		t->wp.ncs++;
}

/* -rh, -rs <budget> <period> */
int hg_run_set_reserve(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		       char *const *v)
{
	struct thread_opt *a = assign(ps, r);
	int ret;

	if (!a)
		return -ENOMEM;
	ret = hg_opt_value(HG_OPT_TIME, opt, v[0], 0, 0, 0, &a->v.resv.budget, ps->err,
			   ps->errlen);
	if (!ret)
		ret = hg_opt_value(HG_OPT_TIME, opt, v[1], 0, 0, 0, &a->v.resv.period, ps->err,
				   ps->errlen);
	if (!ret && a->v.resv.budget > a->v.resv.period)
		return hg_args_fail(ps, -EINVAL, "%s %s %s: the budget exceeds the period",
				    opt, hg_quote(v[0]).s, hg_quote(v[1]).s);
	return ret;
}

static void apply_reserve(const struct thread_opt *a, struct hg_thread_cfg *t,
			  enum hg_reserve kind)
{
	t->reserve = kind;
	t->reserve_budget_ns = a->v.resv.budget;
	t->reserve_period_ns = a->v.resv.period;
}

void hg_run_apply_hard(const struct thread_opt *a, struct hg_thread_cfg *t)
{
	apply_reserve(a, t, HG_RESERVE_HARD);
}

void hg_run_apply_soft(const struct thread_opt *a, struct hg_thread_cfg *t)
{
	apply_reserve(a, t, HG_RESERVE_SOFT);
}
