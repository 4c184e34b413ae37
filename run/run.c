// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * run.c - orchestrate a run
 *
 * Order: calibrate, snapshot (with what the monitor's prepare adds: the
 * audit), allocate the arena, start the threads (worker.c); each sets its
 * affinity, priority and memory, says it is ready and waits at the gate;
 * the main thread checks that all succeeded, locks memory, calls the
 * monitor's release (--load's loads start, and one that ends at once ends
 * the run there), takes the common start t0 and opens the gate for all at
 * once; then it sleeps in sigtimedwait() until the end or a signal, raises
 * the stop flag and joins. Signals are blocked in every thread, so only
 * the main thread ever sees them.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <numa.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "run/chainsetup.h"
#include "run/kcapture.h"
#include "run/kirqaff.h"
#include "run/ktaskpol.h"
#include "run/kstat.h"
#include "run/live.h"
#include "run/memlock.h"
#include "run/mutex.h"
#include "run/onthresh.h"
#include "run/run.h"
#include "run/runint.h"
#include "run/setupsig.h"
#include "run/status.h"
#include "run/sysinfo.h"
#include "run/worker.h"
#include "trace/counter.h"
#include "trace/msg.h"
#include "trace/wire.h"
#include "util/errlen.h"
#include "util/tame.h"
#include "util/timeval.h"

#define CHECK_NS	1000000ULL	/* look at the stop flag at least every 1 ms */
#define STATUS_NS	1000000000ULL	/* the status line, once a second */

/* The pool each thread writes to: one per NUMA node of pinned threads. */
static int plan_pools(struct run *r, int *nodes, unsigned int *weights, unsigned int *npools)
{
	const struct hg_config *cfg = r->cfg;
	bool numa = numa_available() >= 0;
	unsigned int t, p;

	*npools = 0;
	for (t = 0; t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *c = &cfg->threads[t];
		int node = -1, cpu;

		if (numa && c->pinned) {
			for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
				int n;

				if (!CPU_ISSET(cpu, &c->cpus))
					continue;
				n = numa_node_of_cpu(cpu);
				if (node == -1)
					node = n;
				else if (n != node)
					node = -2;
			}
			if (node < 0)
				node = -1;
		}
		for (p = 0; p < *npools && nodes[p] != node; p++)
			;
		if (p == *npools) {
			if (p == HG_ARENA_MAX_POOLS)
				p = 0;
			else
				nodes[(*npools)++] = node;
		}
		weights[p]++;
		r->w[t].pool = p;
	}
	return 0;
}

/* Each worker's state and records into @t, at the run's end: 0, or -ENOMEM. */
static int collect(struct run *r, struct hg_trace *t, const cpu_set_t *online)
{
	unsigned int i;

	for (i = 0; i < r->cfg->nthreads; i++) {
		struct worker *w = &r->w[i];
		struct hg_trace_thread *tt = &t->threads[i];

		/* --forever: the thread ended when the run was stopped */
		hg_live_thread_state(tt, w, online,
				     w->end == HG_NO_LIMIT ? t->stop_cycles : w->end);
		tt->error = w->error;
		tt->vcsw = (uint64_t)(w->ru.ru_nvcsw - w->ru0.ru_nvcsw);
		tt->ivcsw = (uint64_t)(w->ru.ru_nivcsw - w->ru0.ru_nivcsw);
		tt->kernel_cpu_ns = w->cpu_ns;
		tt->stored = hg_writer_kept(&w->writer);
		tt->overwritten = w->writer.stored - tt->stored;
		tt->recs = malloc(tt->stored ? tt->stored * sizeof(*tt->recs) : 1);
		if (!tt->recs)
			return -ENOMEM;
		hg_writer_collect(&w->writer, tt->recs);
		if (tt->overwritten && tt->stored)
			tt->complete_since_cycles = tt->recs[0].start_cycles;
		if (w->error)
			t->flags |= HG_TRACE_FAILED;
	}
	return 0;
}

static uint64_t min3(uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t m = a < b ? a : b;

	return m < c ? m : c;
}

/*
 * Wait for the end of the run, a signal that ends it, or the stop flag
 * (a failed thread, --break); between, take snapshots on SIGUSR1 and run
 * the periodic hooks. Returns the signal that ended the run, or 0.
 */
static int wait_end(struct run *r, const struct hg_trace *t, uint64_t end_ns)
{
	const struct hg_run_monitor *m = r->mon;
	uint64_t start = hg_clock_ns(CLOCK_MONOTONIC);
	uint64_t next_status = m && m->status ? start + STATUS_NS : UINT64_MAX;
	uint64_t next_periodic = m && m->periodic && m->periodic_ns ?
				 start + m->periodic_ns : UINT64_MAX;
	sigset_t set;

	r->prev_ns = start;
	hg_run_signals(&set);
	for (;;) {
		uint64_t now = hg_clock_ns(CLOCK_MONOTONIC), next_act;
		struct timespec ts;
		int sig;

		if (now >= end_ns || atomic_load(&r->stop))
			return 0;
		next_act = hg_onthresh_poll(r, now);	/* --on-threshold continue */
		if (now >= next_status) {
			hg_live_status(r, now);
			while (next_status <= now)
				next_status += STATUS_NS;
			continue;
		}
		if (now >= next_periodic) {
			hg_live_copy(r, t, false);
			while (next_periodic <= now)
				next_periodic += m->periodic_ns;
			continue;
		}
		ts = hg_ns_to_timespec(min3(end_ns, next_status,
					    next_periodic < next_act ? next_periodic : next_act) - now);
		sig = sigtimedwait(&set, NULL, &ts);
		if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP)
			return sig;
		if (sig == SIGUSR1 && m && m->snapshot)
			hg_live_copy(r, t, true);
	}
}

int hg_run_take_signals(void)
{
	struct timespec none = { 0, 0 };
	int sig, first = 0;
	sigset_t set;

	hg_run_signals(&set);
	while ((sig = sigtimedwait(&set, NULL, &none)) > 0)
		if (!first)
			first = sig;
	return first;
}

void hg_run_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGHUP);
	sigaddset(set, SIGUSR1);
}

/* The wake-up signal only cuts a sleep short (no SA_RESTART). */
static void wake_handler(int sig)
{
	(void)sig;
}

static int init_run(struct run *r, const struct hg_config *cfg, struct hg_trace *t,
		    char *err, size_t errlen)
{
	int nodes[HG_ARENA_MAX_POOLS];
	unsigned int weights[HG_ARENA_MAX_POOLS] = { 0 }, npools, i;
	int ret;

	r->cfg = cfg;
	r->main = pthread_self();
	atomic_init(&r->stop, 0);
	hg_break_init(&r->brk, &r->stop);
	r->w = calloc(cfg->nthreads, sizeof(*r->w));
	if (!r->w) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	plan_pools(r, nodes, weights, &npools);
	ret = hg_arena_init(&r->arena, cfg->records, cfg->nthreads, nodes, weights, npools);
	if (ret) {
		snprintf(err, errlen, "cannot allocate the trace (-e %llu records): %s",
			 (unsigned long long)cfg->records, strerror(-ret));
		return ret;
	}
	if (!cfg->duration_ns)	/* --forever: keep the newest records */
		hg_arena_set_ring(&r->arena);
	ret = hg_live_init(r);
	if (ret) {
		snprintf(err, errlen, "out of memory");
		return ret;
	}
	for (i = 0; i < cfg->nthreads; i++) {
		struct worker *w = &r->w[i];

		w->run = r;
		w->id = i;
		w->cfg = &cfg->threads[i];
		w->wctx.p = &w->cfg->wp;
		w->wctx.tsc_hz = r->calib.tsc_hz;
		w->wctx.env = &hg_wl_env_real;
		w->stats = &t->threads[i].stats;	/* zero but the minimums */
		w->wctx.stats = w->stats;
		w->wctx.thresholds_ns = cfg->thresholds_ns;
		w->wctx.nthresholds = cfg->nthresholds;
		w->wctx.locks = r->locks;
		ret = hg_writer_init(&w->writer, &r->arena, w->pool);
		if (ret) {
			snprintf(err, errlen, "out of memory");
			return ret;
		}
	}
	{
		pthread_condattr_t ca;

		pthread_condattr_init(&ca);
		pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
		pthread_cond_init(&r->wake, &ca);
		pthread_condattr_destroy(&ca);
	}
	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->ready_cv, NULL);
	pthread_cond_init(&r->go_cv, NULL);
	ret = hg_run_locks_init(r->locks, cfg, err, errlen);
	r->locks_made = !ret;
	if (!ret)
		ret = hg_run_chains_init(r, t, err, errlen);
	return ret;
}

static void free_run(struct run *r)
{
	unsigned int i;

	hg_live_free(r);
	hg_run_chains_free(r);
	if (r->locks_made)
		hg_run_locks_free(r->locks, r->cfg->nlocks);
	if (r->w)
		for (i = 0; i < r->cfg->nthreads; i++)
			hg_writer_free(&r->w[i].writer);
	free(r->w);
	hg_arena_free(&r->arena);
}

/*
 * Lock what the run uses, once everything is allocated and touched: the
 * arena, the workloads' memory, what each thread prefaulted of its stack
 * and statistics (run/memlock.h: untouched pages are locked only when
 * touched, so unused stack and histograms take no memory). Nothing is allocated while
 * threads are timing, so MCL_FUTURE is not needed, and leaving it out
 * keeps the collection after the run free of RLIMIT_MEMLOCK.
 */
static void lock_memory(struct hg_trace *t)
{
	int e = -hg_memlock_all();

	if (!e) {
		t->flags |= HG_TRACE_MEMLOCKED;
		return;
	}
	hg_warn("cannot lock memory: %s (%s); "
		"the trace is pre-faulted instead", strerror(e),
		e == EPERM ? "needs CAP_IPC_LOCK" :
		"RLIMIT_MEMLOCK is too small: raise it with ulimit -l, or run as root");
}

/*
 * Keep the CPUs out of deep idle states for the run, as cyclictest does:
 * a wake-up from a deep C-state adds its exit latency to every sleep.
 * Returns the file descriptor to close at the end, or -1.
 */
static int hold_pm_qos(struct hg_trace *t)
{
	int32_t zero = 0;
	int fd = open("/dev/cpu_dma_latency", O_RDWR | O_CLOEXEC);

	if (fd >= 0 && write(fd, &zero, sizeof(zero)) != (ssize_t)sizeof(zero)) {
		close(fd);
		fd = -1;
	}
	hg_trace_add_sys(t, "cpu_dma_latency", fd >= 0 ? "0 us, held during the run" :
			 "not set (no /dev/cpu_dma_latency or no permission)");
	return fd;
}

/* What the kernel counted per CPU from @before to now, into @t. */
static void kernel_counters(struct hg_trace *t, const struct hg_kstat *before,
			    uint64_t before_ns)
{
	struct hg_kstat after;
	char irq[4096];

	if (!before->n || hg_kstat_read(&after))
		return;
	t->noise_window_ns = hg_clock_ns(CLOCK_MONOTONIC) - before_ns;
	if (hg_kstat_delta(before, &after, &t->noise, &t->nnoise))
		t->noise_window_ns = 0;
	t->noise_idle = t->nnoise != 0;
	if (!hg_sysinfo_interrupts(after.cpu, after.n, irq, sizeof(irq)))
		hg_trace_add_sys(t, "interrupts_after", irq);
	hg_kstat_free(&after);
}

/* Take the common start, open the gate, wait for the end, stop, join. */
static int release_and_wait(struct run *r, struct hg_trace *t)
{
	const struct hg_config *cfg = r->cfg;
	struct hg_kstat before = { 0, NULL };
	uint64_t mono0, c0, before_ns;
	char irq[4096];
	unsigned int i;
	int sig, qos = hold_pm_qos(t);

	hg_live_main_raise(cfg);
	/* --kernel: on just before the counters are read, off just after */
	if (r->kcap && hg_kcapture_start(r->kcap))
		hg_warn("--kernel: cannot turn tracing on");
	if (!hg_kstat_read(&before) &&
	    !hg_sysinfo_interrupts(before.cpu, before.n, irq, sizeof(irq)))
		hg_trace_add_sys(t, "interrupts_before", irq);
	before_ns = hg_clock_ns(CLOCK_MONOTONIC);
	hg_clock_pair(CLOCK_MONOTONIC, &mono0, &c0);
	r->mono_t0_ns = mono0;
	r->cycles_t0 = c0;
	t->t0_cycles = c0;
	t->mono_start_ns = mono0;
	t->mono_start_cycles = c0;
	t->realtime_start_ns = hg_clock_ns(CLOCK_REALTIME);
	for (i = 0; i < cfg->nthreads; i++) {
		const struct hg_thread_cfg *c = &cfg->threads[i];
		uint64_t end = c->finish_ns ? c->finish_ns : cfg->duration_ns;

		r->w[i].begin = c0 + hg_ns_to_cycles(c->start_ns, r->calib.tsc_hz);
		r->w[i].end = end ? c0 + hg_ns_to_cycles(end, r->calib.tsc_hz) : HG_NO_LIMIT;
	}
	hg_workers_open_gate(r, false);
	sig = wait_end(r, t, cfg->duration_ns ? mono0 + cfg->duration_ns : UINT64_MAX);
	t->stop_cycles = hg_counter_read();
	hg_workers_stop(r);
	for (i = 0; i < cfg->nthreads; i++)
		pthread_join(r->w[i].th, NULL);
	kernel_counters(t, &before, before_ns);
	if (r->kcap)
		hg_kcapture_stop(r->kcap);
	hg_kstat_free(&before);
	hg_live_main_lower();
	if (qos >= 0)
		close(qos);
	hg_clock_pair(CLOCK_MONOTONIC, &t->mono_end_ns, &t->mono_end_cycles);
	/* once measured: a command run now is in neither the counters nor the capture */
	hg_onthresh_stopped(r);
	if (sig) {
		t->flags |= HG_TRACE_INTERRUPTED;
		t->signal = sig;
	}
	return 0;
}

/*
 * --kernel: the CPUs the run's threads may use (where a thread is not
 * pinned, every CPU the run may use).
 */
static void run_cpus(const struct hg_config *cfg, const cpu_set_t *online, cpu_set_t *cpus)
{
	unsigned int i;

	CPU_ZERO(cpus);
	for (i = 0; i < cfg->nthreads; i++) {
		if (!cfg->threads[i].pinned) {
			*cpus = *online;
			return;
		}
		CPU_OR(cpus, cpus, &cfg->threads[i].cpus);
	}
}

/* --kernel: the captured events into @t, or a warning saying why not. */
static void kernel_events(struct run *r, struct hg_trace *t)
{
	char err[256];
	uint64_t lost;

	if (!r->kcap)
		return;
	if (hg_kcapture_collect(r->kcap, t, &t->kev, err, sizeof(err))) {
		hg_warn("%s", err);
		return;
	}
	t->flags |= HG_TRACE_KEVENTS;
	if (hg_kirq_affinity(t, "/proc"))
		hg_warn("--kernel: the interrupts' affinity not kept: "
			"out of memory");
	if (hg_ktask_policies(t, "/proc"))
		hg_warn("--kernel: the tasks' policies not kept: out of memory");
	lost = hg_kevents_lost(t->kev);
	if (lost)
		hg_warn("--kernel: %llu kernel event%s lost (the trace "
			"buffers were full); gaps they cover stay unexplained",
			(unsigned long long)lost, lost == 1 ? "" : "s");
}

static int setup_failed(struct run *r, char *err, size_t errlen)
{
	unsigned int i;

	for (i = 0; i < r->cfg->nthreads; i++) {
		if (r->w[i].error) {
			snprintf(err, errlen, "thread %u: %s", i, r->w[i].msg);
			return 1;
		}
	}
	return 0;
}

/* The cycle counter's rate: 0, or HG_RUN_SYSTEM with the reason in @err. */
static int calibrate(struct run *r, uint64_t gap_ns, char *err, size_t errlen)
{
	int ret = hg_calibrate(&r->calib, gap_ns);

	if (ret) {
		snprintf(err, errlen, "cannot calibrate the cycle counter: %s",
			 ret == -EIO ? "no two frequency estimates agreed within 0.1 % "
			 "(is the machine very busy?)" :
			 ret == -ENODATA ? HG_CALIB_STILL_MSG : strerror(-ret));
		return HG_RUN_SYSTEM;
	}
	r->check_cycles = hg_ns_to_cycles(CHECK_NS, r->calib.tsc_hz);
	if (!r->calib.invariant)
		hg_warn("the cycle counter is not invariant "
			"(no constant_tsc and nonstop_tsc): it may change rate with "
			"frequency or idle states, and gaps may be misread");
	return 0;
}

/*
 * The trace the run fills: the machine, the options it keeps, and what the
 * monitor's prepare hook adds; NULL when out of memory.
 */
static struct hg_trace *new_trace(struct run *r, const struct hg_config *cfg,
				  const char *cmdline)
{
	struct hg_trace *t = hg_trace_alloc(cfg->nthreads);

	if (!t || hg_sysinfo_snapshot(t) || !(t->cmdline = strdup(cmdline)))
		goto fail;
	hg_tame(t->cmdline);	/* as dump will read it from the trace */
	t->calib = r->calib;
	t->pid = (uint32_t)getpid();
	hg_trace_add_sys(t, "counter", HG_COUNTER_NAME);
	hg_trace_add_counter(t);
	hg_overheads_to_sys(t, &cfg->overheads);	/* for the prediction, from the file too */
	t->duration_ns = cfg->duration_ns;
	t->capacity = cfg->records;
	t->histogram_us = cfg->histogram_us;
	t->nthresholds = cfg->nthresholds;
	memcpy(t->thresholds_ns, cfg->thresholds_ns, sizeof(t->thresholds_ns));
	t->nlocks = cfg->nlocks;
	memcpy(t->locks, cfg->locks, sizeof(t->locks));
	if (cfg->raw_cycles)
		t->flags |= HG_TRACE_RAW_CYCLES;
	if (cfg->no_intervals)
		t->flags |= HG_TRACE_NO_INTERVALS;
	if (cfg->gap_hist)
		t->flags |= HG_TRACE_GAP_HIST;
	if (!cfg->duration_ns)
		t->flags |= HG_TRACE_RING;
	if (r->mon && r->mon->prepare && r->mon->prepare(r->mon->arg, t))
		goto fail;
	return t;
fail:
	hg_trace_free(t);
	return NULL;
}

/*
 * The threads started and set up, memory locked, --load's loads let go:
 * HG_RUN_OK, or how it failed (the reason in @err) with the threads ended.
 */
static int start_threads(struct run *r, struct hg_trace *t, char *err, size_t errlen)
{
	sigset_t block, mine;
	unsigned int i, created;
	int ret;

	/* the run's signals blocked from the threads' first instruction (the
	 * main thread may still take them now, run/setupsig.h) */
	pthread_sigmask(SIG_BLOCK, NULL, &block);
	hg_run_signals(&mine);
	sigorset(&block, &block, &mine);
	sigaddset(&block, SIGALRM);
	created = hg_workers_start(r, &block, err, errlen);
	/* from here the signals wait for wait_end(), or end the set-up below */
	hg_setup_signals_close(r->setup);
	hg_workers_wait_ready(r, created);
	ret = created < r->cfg->nthreads ? HG_RUN_SYSTEM :
	      setup_failed(r, err, errlen) ? HG_RUN_SETUP : HG_RUN_OK;
	if (!ret)
		lock_memory(t);
	/* --load: the loads start now, and must still run when the threads go */
	if (!ret && r->mon && r->mon->release && r->mon->release(r->mon->arg, err, errlen))
		ret = HG_RUN_LOAD;
	if (ret) {
		hg_workers_open_gate(r, true);
		for (i = 0; i < created; i++)
			pthread_join(r->w[i].th, NULL);
	}
	return ret;
}

/* The run itself, once the --kernel capture (if any) is set up. */
static int run_engine(struct run *r, const struct hg_config *cfg, const char *cmdline,
		      struct hg_trace **out, char *err, size_t errlen)
{
	struct hg_trace *t;
	cpu_set_t online = r->online;
	int ret;

	if (calibrate(r, cfg->gap_ns, err, errlen))
		return HG_RUN_SYSTEM;
	t = new_trace(r, cfg, cmdline);
	if (!t) {
		snprintf(err, errlen, "out of memory");
		return HG_RUN_SYSTEM;
	}
	ret = init_run(r, cfg, t, err, errlen);
	if (ret) {
		free_run(r);
		hg_trace_free(t);
		return HG_RUN_SYSTEM;
	}
	t->capacity = r->arena.capacity;
	ret = start_threads(r, t, err, errlen);
	if (ret) {
		free_run(r);
		hg_trace_free(t);
		return ret;
	}
	release_and_wait(r, t);
	ret = collect(r, t, &online);
	hg_live_break_note(r, t);
	if (!ret)
		kernel_events(r, t);
	free_run(r);
	if (ret) {
		hg_trace_free(t);
		snprintf(err, errlen, "out of memory");
		return HG_RUN_SYSTEM;
	}
	*out = t;
	return HG_RUN_OK;
}

static int run_experiment(const struct hg_config *cfg, const struct hg_run_monitor *mon,
			  struct hg_setup_signals *setup, const char *cmdline,
			  struct hg_trace **out, char *err, size_t errlen)
{
	struct run r;
	cpu_set_t online;
	int ret;

	memset(&r, 0, sizeof(r));
	r.mon = mon;
	r.setup = setup;
	sched_getaffinity(0, sizeof(online), &online);
	r.online = online;
	if (cfg->kernel) {
		cpu_set_t cpus;

		run_cpus(cfg, &online, &cpus);
		if (hg_kcapture_open(&r.kcap, &cpus, cfg->duration_ns, err, errlen))
			return HG_RUN_REFUSED;
	}
	ret = run_engine(&r, cfg, cmdline, out, err, errlen);
	hg_kcapture_close(r.kcap);
	return ret;
}

int hg_run(const struct hg_config *cfg, const struct hg_run_monitor *mon, const char *cmdline,
	   struct hg_trace **out, char *err, size_t errlen)
{
	struct hg_setup_signals setup;
	struct sigaction wake;
	sigset_t set, old;
	int ret;

	/*
	 * From here to the join, SIGINT, SIGTERM, SIGHUP and SIGUSR1 are taken
	 * by the main thread's sigtimedwait() only, and every thread inherits
	 * the mask.
	 */
	hg_run_signals(&set);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	memset(&wake, 0, sizeof(wake));
	wake.sa_handler = wake_handler;
	sigemptyset(&wake.sa_mask);
	sigaction(HG_WAKE_SIGNAL, &wake, NULL);
	/*
	 * Until the threads exist, SIGINT, SIGTERM and SIGHUP are noted by a
	 * handler (the run then ends as soon as it starts), and a set-up that
	 * does not finish in the grace time after one ends the process
	 */
	if (hg_setup_signals_open(&setup, &old, HG_SETUP_GRACE_S))
		memset(&setup, 0, sizeof(setup));
	ret = run_experiment(cfg, mon, &setup, cmdline, out, err, errlen);
	hg_setup_signals_close(&setup);	/* a run that failed before its threads */
	/*
	 * What came once the run had ended is taken now, not left pending;
	 * unless the caller held these signals itself (a series of trials):
	 * then they stay pending for it, and end its next run at once.
	 */
	if (!sigismember(&old, SIGINT))
		hg_run_take_signals();
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ret;
}
