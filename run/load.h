/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * load.h - the standard loads of a run (--load): started pinned to their
 * CPUs before the measuring threads, released with them, stopped after
 * them, their throughput read from what they printed
 *
 * Each load runs under a guard process of its own (run/loadguard.h):
 * hourglass forks the guard, the guard forks the load into a new process
 * group, reads its output into a ring (run/loadring.h) and waits. The
 * guard stops the load's whole group (SIGINT, then SIGKILL after
 * HG_LOAD_GRACE_MS) and whatever the load left (the guard is a child
 * subreaper) when hourglass asks (hg_loads_stop()) and when hourglass
 * dies, however it dies (a parent-death signal: also after SIGKILL). What
 * escapes a guard (one the load stopped or killed) is caught by the
 * loads' cgroup or by hourglass as child subreaper (run/loadjail.h). So no
 * load process outlives the run. Every load process has
 * HOURGLASS_LOAD=<hourglass's pid> in its environment.
 */
#ifndef HG_LOAD_H
#define HG_LOAD_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "run/loadguard.h"
#include "run/loadprof.h"
#include "trace/trace.h"

#define HG_LOAD_SETTLE_NS	200000000ULL	/* after the go: a load ended by then failed */
#define HG_LOAD_GUARD_MS	(HG_LOAD_GRACE_MS + 2000)	/* from the stop to the guard's
							   end: then it is killed */

/*
 * struct hg_load - one load of a run
 * @prof:     its profile
 * @command:  the shell command it runs
 * @cpus:     the CPUs it is pinned to
 * @guard:    the guard's pid; 0 once reaped
 * @go:       the pipe's end whose byte lets the load start; -1 once used
 * @out:      the ring of the load's standard output and error (its last
 *            HG_RING_SIZE bytes), written by the guard; its fd -1 once read
 * @start_ns, @stop_ns: CLOCK_MONOTONIC at its release and its stop
 * @status:   the guard's pipe that carries the load's wait status when it
 *            ends by itself; -1 once read
 * @early:    it ended before it was stopped (a failure, its output says)
 * @ended:    then its wait status (waitpid()), when @ended_known
 * @rate:     its throughput, in @prof->unit, when @rate_known
 * @guard_stopped: the signal that stopped its guard (the load can), seen
 *            at the stop, or 0; the guard was continued
 * @guard_killed: hourglass killed its guard (it did not end in time)
 * @guard_lost: the signal that killed its guard when hourglass did not
 *            (the load can), or 0; then @early too
 */
struct hg_load {
	const struct hg_load_profile *prof;
	char command[HG_LOAD_CMD_LEN];
	cpu_set_t cpus;
	pid_t guard;
	int go;
	struct hg_ring out;
	int status;
	uint64_t start_ns, stop_ns;
	bool early;
	bool ended_known;
	int ended;
	bool rate_known;
	double rate;
	int guard_stopped;
	bool guard_killed;
	int guard_lost;
	char last[160];		/* the last line of its output */
};

/* struct hg_loads - the loads of a run, and what contains them */
struct hg_loads {
	unsigned int n;
	struct hg_load l[HG_MAX_LOADS];
	struct hg_loadjail jail;
};

/*
 * hg_loads_start - fork a guard and its load for each of @req (@n of
 * them), pinned to @cpus; each load waits for hg_loads_go() before it
 * runs its command. On failure the loads started are stopped again and
 * @err says which failed and why. Returns 0 or -errno.
 */
int hg_loads_start(struct hg_loads *ls, const struct hg_load_req *req, unsigned int n,
		   const cpu_set_t *cpus, char *err, size_t errlen);

/*
 * hg_loads_start_in - hg_loads_start(), the loads' cgroup made in the
 * cgroup v2 directory @cgparent (NULL: beside hourglass's own, as
 * hg_loads_start(); "": none, hourglass is their child subreaper)
 */
int hg_loads_start_in(struct hg_loads *ls, const struct hg_load_req *req, unsigned int n,
		      const cpu_set_t *cpus, const char *cgparent, char *err, size_t errlen);

/* hg_loads_go - let every load run its command; its throughput counts from now. */
void hg_loads_go(struct hg_loads *ls);

/*
 * struct hg_load_env - what hg_loads_settle() and hg_loads_stop_env() do to
 * the world, so that a test can give it a clock and processes of its own
 * @now_ns: CLOCK_MONOTONIC in ns
 * @pause:  sleep about @ns (at most that)
 * @reap:   waitpid(@pid, @status, WNOHANG | WUNTRACED): @pid once it has
 *          ended or stopped, else 0 (or -1 with errno)
 * @arg:    given to each
 */
struct hg_load_env {
	uint64_t (*now_ns)(void *arg);
	void (*pause)(void *arg, uint64_t ns);
	pid_t (*reap)(void *arg, pid_t pid, int *status);
	void *arg;
};

/* The real clock, nanosleep() and waitpid(). */
extern const struct hg_load_env hg_load_env_real;

/*
 * hg_loads_settle - after hg_loads_go(), watch the loads for @window_ns
 * (HG_LOAD_SETTLE_NS) through @env: a load that ends by then (its command
 * failed, was refused, is missing, or simply ended) failed to start. Then
 * @err gets one line: which load, its command, how it ended (exit status
 * or signal) and its last line of output, or a hint when it printed none;
 * the caller stops the others (hg_loads_stop()). Returns 0 when every load
 * still runs, -ECHILD when one ended.
 */
int hg_loads_settle(struct hg_loads *ls, const struct hg_load_env *env, uint64_t window_ns,
		    char *err, size_t errlen);

/*
 * hg_load_how_ended - how load @l ended by itself, into @buf: "exit status
 * 3", "killed by signal 9 (Killed)", "its guard was killed by signal 9
 * (Killed)", or "ended" when its status is not known. Returns @buf.
 */
const char *hg_load_how_ended(const struct hg_load *l, char *buf, size_t len);

/*
 * hg_loads_stop - stop every load (its whole process group), wait for its
 * guard, read its throughput from its output, then kill what the loads
 * left (their cgroup, or hourglass's children) and end their containment.
 * Every wait is bounded: a stopped guard is continued (SIGCONT), one that
 * has not ended HG_LOAD_GUARD_MS after the stop is killed, each said on
 * standard error. Safe to call twice, and on loads that never got
 * hg_loads_go().
 */
void hg_loads_stop(struct hg_loads *ls);

/* hg_loads_stop_env - hg_loads_stop() with the clock and waits of @env. */
void hg_loads_stop_env(struct hg_loads *ls, const struct hg_load_env *env);

/*
 * hg_loads_record - each load into @t's system snapshot: load_<i>_profile,
 * _command, _cpus, _throughput (a number, or "unknown"), _unit, _what,
 * _seconds (how long it ran), _contained (what held it: its cgroup or
 * hourglass as subreaper, in words), and for a load that ended before it
 * was stopped _ended (hg_load_how_ended()). Returns 0 or -ENOMEM.
 */
int hg_loads_record(const struct hg_loads *ls, struct hg_trace *t);

/*
 * hg_loads_default_cpus - the CPUs a load runs on without --load-cpu: the
 * online CPUs (@online) that no pinned thread uses; all of @online when a
 * thread is not pinned or the pinned threads use every one. @pinned: the
 * union of the pinned threads' CPUs, @all_pinned: every thread is pinned.
 */
void hg_loads_default_cpus(const cpu_set_t *online, const cpu_set_t *pinned, bool all_pinned,
			   cpu_set_t *out);

#endif /* HG_LOAD_H */
