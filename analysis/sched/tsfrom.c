// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tsfrom.c - the task set of a run, with what it measured (tsfrom.h)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cpuset.h"
#include "analysis/sched/frames.h"
#include "analysis/gaps/ctx.h"
#include "analysis/sched/hog.h"
#include "analysis/sched/jobrecv.h"
#include "analysis/sched/lockwait.h"
#include "analysis/sched/partition.h"
#include "analysis/sched/rtamath.h"
#include "analysis/sched/tschain.h"
#include "analysis/sched/tsfrom.h"
#include "util/timeval.h"

const char *hg_tsfrom_src_name(enum hg_tsfrom_src s)
{
	static const char *const names[] = { "measured", "config", "assumed" };

	return (unsigned int)s < 3 ? names[s] : "?";
}

/* Whether thread @th is one of the models a set is built of. */
static bool jobs_model(const struct hg_trace_thread *th)
{
	return (th->model == HG_MODEL_PERIODIC || th->model == HG_MODEL_CPU_PERIODIC ||
		th->model == HG_MODEL_LAT) && th->period_ns && th->reserve == HG_RESERVE_NONE &&
	       !th->error;
}

/* @th's CPUs (empty when its list does not read: none named). */
static void cpus_of(const struct hg_trace_thread *th, cpu_set_t *set)
{
	if (hg_cpuset_parse(th->cpus, set))
		CPU_ZERO(set);
}

/* The threads of @t as frames.h sees them; malloc'd, NULL when out of memory. */
static struct hg_frames_thread *frames_threads(const struct hg_trace *t)
{
	struct hg_frames_thread *ft = calloc(t->nthreads ? t->nthreads : 1, sizeof(*ft));
	uint32_t k;

	for (k = 0; ft && k < t->nthreads; k++) {
		const struct hg_trace_thread *th = &t->threads[k];

		ft[k].id = th->id;
		ft[k].prio = th->rt_prio == HG_NO_RT_PRIO ? HG_RTA_NO_PRIO : th->rt_prio;
		ft[k].out = th->reserve != HG_RESERVE_NONE || th->error;
		cpus_of(th, &ft[k].cpus);
		ft[k].label = th->workload;
		ft[k].priority = th->priority;
	}
	return ft;
}

/*
 * Whether CPU_PERIODIC thread @i of @t may be a task of C and T (frames.h),
 * with a frame done in the run. Else the reason in @why.
 */
static bool frames_allow(const struct hg_trace *t, const struct hg_frames_thread *fth,
			 uint32_t i, char *why, size_t len)
{
	if (!hg_frames_allow(fth, t->nthreads, i, why, len))
		return false;
	if (!t->threads[i].stats.events.count) {
		snprintf(why, len, "CPU_PERIODIC: no frame was done in the run");
		return false;
	}
	return true;
}

/* One more thread left out: @why about thread @id. */
static void leave_out(struct hg_tsfrom *f, uint32_t id, const char *why)
{
	struct hg_tsfrom_left *l = &f->left[f->nleft++];

	l->id = id;
	snprintf(l->why, sizeof(l->why), "%s", why);
}

/* Thread @th as a hog of @s (it never blocks at a real-time priority). */
static void add_hog(struct hg_taskset *s, const struct hg_trace_thread *th)
{
	struct hg_hog *g = &s->hogs[s->nhogs];

	g->id = th->id;
	g->index = (uint32_t)s->nhogs;
	g->prio = th->rt_prio;
	cpus_of(th, &g->cpus);
	snprintf(g->label, sizeof(g->label), "%s", th->workload);
	snprintf(g->priority, sizeof(g->priority), "%s", th->priority);
	s->nhogs++;
}

/*
 * C of a LAT thread whose wake-ups are not traced (no intervals): its CPU
 * time as the kernel counts it, over its wake-ups (a mean); 0 when unknown.
 */
static uint64_t lat_cpu(const struct hg_trace_thread *th, struct hg_tsfrom_task *ft)
{
	uint64_t n = th->stats.events.count;

	if (!th->tid || !th->kernel_cpu_ns || !n)
		return 0;
	ft->jobs = n;
	ft->c = (struct hg_tsfrom_value){ HG_TSFROM_MEASURED,
		"the kernel's CPU time of the thread, a mean over its wake-ups (not traced)" };
	return (th->kernel_cpu_ns + n - 1) / n;
}

/* C: the most one job received, or the options' C when no job was measured. */
static void set_c(const struct hg_trace *t, const struct hg_trace_thread *th,
		  struct hg_rta_task *k, struct hg_tsfrom_task *ft)
{
	struct hg_jobrecv jr;

	ft->c_config_ns = th->wcet_ns;
	if (!hg_jobrecv(t, th, &jr) && jr.jobs && jr.max_ns) {
		ft->jobs = jr.jobs;
		k->c_ns = jr.max_ns;
		ft->c = (struct hg_tsfrom_value){ HG_TSFROM_MEASURED,
			th->model == HG_MODEL_LAT ? "the most one wake-up ran, to its sleep" :
			th->model == HG_MODEL_CPU_PERIODIC ? "the most one frame received" :
			"the most one job received" };
		if (th->model == HG_MODEL_LAT) {
			ft->observed_ns = jr.resp_max_ns;
			ft->observed_count = jr.jobs;
		}
	} else if (th->model == HG_MODEL_LAT) {
		k->c_ns = lat_cpu(th, ft);
	} else {
		k->c_ns = th->wcet_ns;
		ft->c = (struct hg_tsfrom_value){ HG_TSFROM_CONFIG,
			"no job in the stored records: the model's amount" };
	}
}

/* J, and the worst response observed. */
static void set_j(const struct hg_trace_thread *th, struct hg_rta_task *k,
		  struct hg_tsfrom_task *ft)
{
	const struct hg_hist *ev = &th->stats.events;

	if (th->model == HG_MODEL_CPU_PERIODIC) {
		k->j_ns = 0;
		ft->j = (struct hg_tsfrom_value){ HG_TSFROM_ASSUMED,
			"a frame starts when the last is done" };
	} else if (th->model == HG_MODEL_LAT) {
		k->j_ns = ev->count ? ev->max : 0;
		ft->j = (struct hg_tsfrom_value){ HG_TSFROM_MEASURED,
			"the latest wake-up after the time asked for" };
		if (ft->observed_count || !ev->count)
			return;
		/* not traced: the wake-up's lateness, without the run after it */
		ft->observed_lateness = true;
	} else if (th->stats.jitter.count) {
		k->j_ns = th->stats.jitter.max;
		ft->j = (struct hg_tsfrom_value){ HG_TSFROM_MEASURED,
			"the latest wake-up after a release" };
	} else {
		k->j_ns = th->jitter_ns;
		ft->j = (struct hg_tsfrom_value){ HG_TSFROM_CONFIG,
			"no wake-up after a release measured (no job, or each began late, when "
			"the one before it was done): --jitter" };
	}
	if (ev->count) {
		ft->observed_ns = ev->max;
		ft->observed_count = ev->count;
	}
}

/* Thread @i of @t as task @k of the set, and what the run says of it. */
static int add_task(const struct hg_trace *t, uint32_t i, struct hg_taskset *s,
		    struct hg_tsfrom_task *ft)
{
	const struct hg_trace_thread *th = &t->threads[i];
	struct hg_taskset_task *tk = &s->task[s->n];
	struct hg_rta_task *k = &tk->rta;
	struct hg_lockwait w;
	int ret;

	memset(tk, 0, sizeof(*tk));
	memset(ft, 0, sizeof(*ft));
	ft->index = i;
	k->id = th->id;
	k->t_ns = th->period_ns;
	k->d_ns = th->model == HG_MODEL_PERIODIC && th->deadline_ns ? th->deadline_ns :
		  th->period_ns;
	k->prio = th->rt_prio == HG_NO_RT_PRIO ? HG_RTA_NO_PRIO : th->rt_prio;
	cpus_of(th, &k->cpus);
	k->ncs = th->ncs < HG_MAX_CS ? th->ncs : HG_MAX_CS;
	memcpy(k->cs, th->cs, sizeof(k->cs));
	snprintf(tk->label, sizeof(tk->label), "%s", th->workload);
	snprintf(tk->prio, sizeof(tk->prio), "%s", th->rt_prio == HG_NO_RT_PRIO ? "-" :
		 th->priority);
	ft->t = (struct hg_tsfrom_value){ HG_TSFROM_CONFIG, th->model == HG_MODEL_LAT &&
		!strstr(th->workload, "GRID") ? "the period: the least time between wake-ups" :
		"the period" };
	ft->d = (struct hg_tsfrom_value){ th->model == HG_MODEL_LAT ? HG_TSFROM_ASSUMED :
		HG_TSFROM_CONFIG, th->model == HG_MODEL_LAT ? "the period: the next wake-up" :
		th->model == HG_MODEL_CPU_PERIODIC ? "the period" : "the deadline" };
	ft->prio = (struct hg_tsfrom_value){ HG_TSFROM_CONFIG, "-p, --cpu" };
	set_c(t, th, k, ft);
	set_j(th, k, ft);
	k->b_ns = th->blocking_ns;
	ft->b = (struct hg_tsfrom_value){ th->blocking_ns ? HG_TSFROM_CONFIG : HG_TSFROM_ASSUMED,
		th->blocking_ns ? "--blocking" : "no locks, no --blocking: 0" };
	ret = hg_lockwait(t, th, &w);
	if (ret < 0)
		return ret;
	if (ret > 0) {
		ft->locks = true;
		ft->b_measured_ns = w.max_ns;
		ft->b = (struct hg_tsfrom_value){ HG_TSFROM_MEASURED,
			"the larger of the longest a job waited for its locks and the bound from "
			"their sections" };
	}
	s->n++;
	return 0;
}

/*
 * B of the tasks with locks: the analysed B (given + the locks' bound)
 * raised to the longest wait measured where that is longer.
 */
static int measured_blocking(struct hg_taskset *s, struct hg_tsfrom *f)
{
	struct hg_rta_task *k = hg_taskset_rta(s);
	struct hg_rta_analysis an;
	size_t i;
	int ret;

	if (!k)
		return -ENOMEM;
	ret = hg_rta_analyse_locks(k, s->n, s->locks, s->nlocks, &an);
	for (i = 0; !ret && i < s->n; i++) {
		uint64_t have = hg_sat_add(s->task[i].rta.b_ns, an.blk[i].b_ns);

		f->task[i].b_lock_ns = an.blk[i].b_ns;
		if (!f->task[i].locks)
			continue;
		/* the larger of the two: measured when the wait was longer, else the sections' */
		if (f->task[i].b_measured_ns > have)
			s->task[i].rta.b_ns += f->task[i].b_measured_ns - have;
		else
			f->task[i].b.src = HG_TSFROM_CONFIG;
	}
	hg_rta_analysis_free(&an);
	free(k);
	return ret == -ENOMEM ? ret : 0;
}

/* The switch overheads from the run's own switches, when none were given. */
static int run_switches(const struct hg_trace *t, struct hg_taskset *s, struct hg_tsfrom *f)
{
	struct hg_ctx_report r;
	uint64_t iv = 0;
	char a[32];
	int ret;

	f->ovh.how = f->ovh_how;
	if (hg_overheads_any(&s->ovh)) {
		/* ctxcost's and cachecost's files measured them; --cs-cost alone is a figure given */
		f->ovh.src = strncmp(s->ovh.source, "--cs-cost", 9) ? HG_TSFROM_MEASURED :
			     HG_TSFROM_ASSUMED;
		snprintf(f->ovh_how, sizeof(f->ovh_how), "%s", s->ovh.source);
		return 0;
	}
	ret = hg_ctx_analyse(t, &r);
	if (!ret) {
		/* a voluntary switch's gap holds the idle time until the next thread's release */
		f->switches = r.n[HG_GAP_INVOLUNTARY];
		iv = f->switches ? hg_cycles_to_ns(r.st[HG_GAP_INVOLUNTARY].median,
						   t->calib.tsc_hz) : 0;
	}
	hg_ctx_free(&r);
	if (ret == -ENOMEM)
		return ret;
	if (!f->switches || !iv) {
		f->ovh.src = HG_TSFROM_ASSUMED;
		snprintf(f->ovh_how, sizeof(f->ovh_how), "none: no thread of the run preempted "
			 "another (give ctxcost's file with --overheads)");
		return 0;
	}
	s->ovh.switch_ns = iv;
	f->ovh.src = HG_TSFROM_MEASURED;
	snprintf(f->ovh_how, sizeof(f->ovh_how), "the run's own preemptions: median %s us "
		 "of %llu, from one thread's last interval to the other's first on that CPU, "
		 "other tasks' time included; no cache penalty", hg_format_us(iv, a, sizeof(a)),
		 (unsigned long long)f->switches);
	snprintf(s->ovh.source, sizeof(s->ovh.source), "the run's preemptions");
	return 0;
}

int hg_tsfrom_build(const struct hg_trace *t, const char *path, struct hg_taskset *s,
		    struct hg_tsfrom *f, char *err, size_t errlen)
{
	struct hg_overheads given = s->ovh;
	struct hg_frames_thread *fth;
	size_t m = t->nthreads ? t->nthreads : 1;
	char why[400];
	uint32_t i;
	int ret = 0;

	memset(f, 0, sizeof(*f));
	if (hg_taskset_alloc(s, m))
		return -ENOMEM;
	s->ovh = given;
	s->n = 0;
	f->path = path;
	f->task = calloc(m, sizeof(*f->task));
	f->left = calloc(m, sizeof(*f->left));
	s->hogs = calloc(m, sizeof(*s->hogs));
	if (!f->task || !f->left || !s->hogs)
		return -ENOMEM;
	s->nlocks = t->nlocks < HG_MAX_LOCKS ? t->nlocks : HG_MAX_LOCKS;
	memcpy(s->locks, t->locks, sizeof(s->locks));
	fth = frames_threads(t);
	if (!fth)
		return -ENOMEM;
	for (i = 0; i < t->nthreads && !ret; i++) {
		const struct hg_trace_thread *th = &t->threads[i];

		if (th->model == HG_MODEL_CPU_PERIODIC && jobs_model(th) &&
		    !frames_allow(t, fth, i, why, sizeof(why))) {
			leave_out(f, th->id, why);
			if (hg_hog_is(th->model, th->rt_prio != HG_NO_RT_PRIO, th->reserve))
				add_hog(s, th);
		} else if (jobs_model(th)) {
			ret = add_task(t, i, s, &f->task[s->n]);
			if (!ret && !s->task[s->n - 1].rta.c_ns) {
				s->n--;
				leave_out(f, th->id, "no job measured, and its options give no C");
			}
		} else if (hg_hog_is(th->model, th->rt_prio != HG_NO_RT_PRIO, th->reserve) &&
			   !th->error) {
			add_hog(s, th);
		}
	}
	free(fth);
	f->n = s->n;
	if (!ret && !s->n) {
		snprintf(err, errlen, "%s: no PERIODIC, CPU_PERIODIC or LAT thread to analyse "
			 "(a run with -w PERIODIC <amount> <period> makes one)", path);
		return -ENODATA;
	}
	/* a chain that cannot be bounded leaves the tasks' own analysis as it is */
	if (!ret && hg_tschain_add(t, s, why, sizeof(why)) == -ENOMEM)
		ret = -ENOMEM;
	if (!ret)
		ret = measured_blocking(s, f);
	if (!ret)
		ret = run_switches(t, s, f);
	if (!ret)
		s->from = f;
	return ret;
}

void hg_tsfrom_free(struct hg_tsfrom *f, struct hg_taskset *s)
{
	free(f->task);
	free(f->left);
	memset(f, 0, sizeof(*f));
	hg_taskset_free(s);
}
