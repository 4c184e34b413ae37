// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * worker.c - a measuring thread of a run: its set-up on its CPU (affinity,
 * priority, timer, workload, thresholds), the gate that releases all the
 * threads at once, its run of the workload under the tracer, its stop
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>

#include "run/cpulist.h"
#include "run/memlock.h"
#include "run/reserve.h"
#include "run/worker.h"
#include "util/timeval.h"

#define STACK_BYTES	(256 * 1024)

/* Sleep until CLOCK_MONOTONIC @ns or the stop flag; true when stopped. */
static bool wait_until(struct run *r, uint64_t ns)
{
	struct timespec ts = hg_ns_to_timespec(ns);
	bool stopped;

	pthread_mutex_lock(&r->lock);
	while (!atomic_load(&r->stop) &&
	       pthread_cond_timedwait(&r->wake, &r->lock, &ts) != ETIMEDOUT)
		;
	stopped = atomic_load(&r->stop);
	pthread_mutex_unlock(&r->lock);
	return stopped;
}

/* Say this thread is set up, and wait until the main thread opens the gate. */
static void gate(struct run *r)
{
	pthread_mutex_lock(&r->lock);
	r->nready++;
	pthread_cond_signal(&r->ready_cv);
	while (!r->released)
		pthread_cond_wait(&r->go_cv, &r->lock);
	pthread_mutex_unlock(&r->lock);
}

void hg_workers_wait_ready(struct run *r, unsigned int n)
{
	pthread_mutex_lock(&r->lock);
	while (r->nready < n)
		pthread_cond_wait(&r->ready_cv, &r->lock);
	pthread_mutex_unlock(&r->lock);
}

void hg_workers_open_gate(struct run *r, bool abort)
{
	pthread_mutex_lock(&r->lock);
	r->abort = abort;
	r->released = true;
	pthread_cond_broadcast(&r->go_cv);
	pthread_mutex_unlock(&r->lock);
}

static void setup_thread(struct worker *w)
{
	const struct hg_thread_cfg *c = w->cfg;
	char list[128], why[HG_ERR_LEN], name[16];
	int ret;

	/* named and numbered for perf, trace-cmd and top: "hg/<n>" */
	w->tid = gettid();
	snprintf(name, sizeof(name), "hg/%u", w->id);
	pthread_setname_np(pthread_self(), name);

	if (c->pinned) {
		ret = pthread_setaffinity_np(pthread_self(), sizeof(c->cpus), &c->cpus);
		if (ret) {
			snprintf(w->msg, sizeof(w->msg), "cannot pin to CPUs %s: %s",
				 hg_cpulist_format(&c->cpus, list, sizeof(list)), strerror(ret));
			w->error = -ret;
			return;
		}
	}
	if (c->reserve != HG_RESERVE_NONE)
		ret = hg_reserve_apply(c->reserve, c->reserve_budget_ns, c->reserve_period_ns,
				       why, sizeof(why));
	else
		ret = hg_prio_apply(&c->prio, why, sizeof(why));
	if (ret) {
		snprintf(w->msg, sizeof(w->msg), "%s", why);
		w->error = ret;
		return;
	}
	if (c->wl->timed) {
		ret = hg_timer_open(&w->timer, c->timer ? c->timer : hg_timer_default(), w->id,
				    c->wp.period_ns, w->run->calib.tsc_hz, why, sizeof(why));
		if (ret) {
			snprintf(w->msg, sizeof(w->msg), "%s", why);
			w->error = ret;
			return;
		}
		w->timer_open = true;
		w->timer.stop = &w->run->stop;
		w->wctx.timer = &w->timer;
		w->timer_name = w->timer.ops->name;
		w->timer_res_ns = w->timer.ops->resolution ?
				  w->timer.ops->resolution(&w->timer) : 0;
	}
	if (c->wl->setup) {
		ret = c->wl->setup(&w->wctx);
		if (ret) {
			snprintf(w->msg, sizeof(w->msg), "-w %s: cannot set up: %s",
				 c->wl->name, strerror(-ret));
			w->error = ret;
			return;
		}
	}
	w->gap_cycles = w->run->calib.gap_threshold_cycles;
	w->hiccup_cycles = w->run->calib.hiccup_cycles;
	if (c->wl->step) {
		/* twice its own loop, with the work in it, measured here on its CPU */
		uint32_t p;

		if (!hg_calib_step_p999(c->wl->step, w->wctx.priv, &p) &&
		    hg_calib_threshold(0, p) > w->hiccup_cycles)
			w->hiccup_cycles = hg_calib_threshold(0, p);
		if (!w->run->calib.threshold_given && w->hiccup_cycles > w->gap_cycles)
			w->gap_cycles = w->hiccup_cycles;
		if (w->hiccup_cycles > w->gap_cycles)
			w->hiccup_cycles = w->gap_cycles;
	}
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct run *r = w->run;
	const struct hg_workload *wl = w->cfg->wl;
	int ret;

	setup_thread(w);
	/* what the run will touch, touched now (then locked) */
	hg_memlock_prefault(w->stats, !wl->untraced, wl->model != HG_MODEL_SPIN);
	gate(r);
	if (r->abort || w->error)
		goto out;
	if (w->cfg->start_ns && wait_until(r, r->mono_t0_ns + w->cfg->start_ns))
		goto out;
	hg_tracer_init(&w->tracer, &w->writer, w->stats, &r->stop,
		       w->gap_cycles, w->end, r->check_cycles);
	hg_tracer_hiccups(&w->tracer, w->hiccup_cycles);
	hg_tracer_slow_path(&w->tracer, hg_ns_to_cycles(HG_SLOW_PATH_NS, r->calib.tsc_hz) ?: 1);
	/* the trace's time line is the counter's: start no earlier on it either */
	if (hg_tracer_wait(&w->tracer, w->begin))
		goto out;
	w->tracer.id = w->id;
	if (r->cfg->break_ns)
		w->tracer.brk = &r->brk;
	w->wctx.tr = &w->tracer;
	w->wctx.mono0_ns = r->mono_t0_ns;
	w->wctx.cycles0 = r->cycles_t0;
	w->wctx.start_ns = r->mono_t0_ns + w->cfg->start_ns;
	w->wctx.end_ns = w->cfg->finish_ns ? r->mono_t0_ns + w->cfg->finish_ns :
			 r->cfg->duration_ns ? r->mono_t0_ns + r->cfg->duration_ns :
			 UINT64_MAX;	/* --forever */
	getrusage(RUSAGE_THREAD, &w->ru0);	/* the switches of set-up do not count */
	w->cpu0_ns = hg_clock_ns(CLOCK_THREAD_CPUTIME_ID);
	if (!wl->untraced)
		hg_tracer_start(&w->tracer);
	ret = wl->run(&w->wctx);
	hg_tracer_finish(&w->tracer);
	w->cpu_ns = hg_clock_ns(CLOCK_THREAD_CPUTIME_ID) - w->cpu0_ns;
	if (ret) {
		snprintf(w->msg, sizeof(w->msg), "-w %s failed: %s", wl->name, strerror(-ret));
		w->error = ret;
		atomic_store(&r->stop, 1);
		pthread_kill(r->main, HG_WAKE_SIGNAL);
	}
out:
	getrusage(RUSAGE_THREAD, &w->ru);
	if (wl->teardown)
		wl->teardown(&w->wctx);
	if (w->timer_open)
		hg_timer_close(&w->timer);
	return NULL;
}

void hg_workers_stop(struct run *r)
{
	unsigned int i;

	pthread_mutex_lock(&r->lock);
	atomic_store(&r->stop, 1);
	pthread_cond_broadcast(&r->wake);
	pthread_mutex_unlock(&r->lock);
	for (i = 0; i < r->cfg->nthreads; i++)
		if (r->w[i].timer_open)
			pthread_kill(r->w[i].th, HG_WAKE_SIGNAL);
}

unsigned int hg_workers_start(struct run *r, const sigset_t *block, char *err,
			      size_t errlen)
{
	const struct hg_config *cfg = r->cfg;
	pthread_attr_t attr;
	unsigned int i;
	int ret;

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, STACK_BYTES);
	pthread_attr_setsigmask_np(&attr, block);
	for (i = 0; i < cfg->nthreads; i++) {
		ret = pthread_create(&r->w[i].th, &attr, worker_main, &r->w[i]);
		if (ret) {
			snprintf(err, errlen, "cannot create thread %u: %s", i, strerror(ret));
			break;
		}
	}
	pthread_attr_destroy(&attr);
	return i;
}
