// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * loadguard.c - a load's guard process: fork, output, stop, what it left
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>

#include "run/loadguard.h"

#define READ_LEN	65536u	/* one read of the load's output */
#define READS_A_TURN	16u	/* reads between two looks at the signals */
#define READS_AT_END	64u	/* reads of what is left in the pipe at the end */

/*
 * struct guard - what a guard works with
 * @ring:  the load's output
 * @rd:    the read end of the load's pipe, non-blocking; -1 at its end
 * @sig:   the signalfd of the guard's signals
 * @child: the load's first process
 * @ended: it has ended, with wait status @st
 */
struct guard {
	struct hg_ring ring;
	int rd;
	int sig;
	pid_t child;
	bool ended;
	int st;
};

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The signals a guard takes itself, blocked and read from its signalfd. */
static void guard_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGHUP);
	sigaddset(set, SIGCHLD);
}

/* In the load's process: its cgroup, group, CPUs, files, then wait for the go. */
static void load_child(const struct hg_load_guard *a, int out_wr)
{
	char pid[32], c;
	sigset_t all;
	int sig, null, ret = hg_loadjail_enter(a->jail);

	if (ret) {
		dprintf(out_wr, "hourglass: cannot join the loads' cgroup %s: %s\n", a->jail->dir,
			strerror(-ret));
		_exit(126);
	}
	setpgid(0, 0);
	for (sig = 1; sig < NSIG; sig++)	/* hourglass's handlers are not the load's */
		signal(sig, SIG_DFL);
	sigfillset(&all);
	sigprocmask(SIG_UNBLOCK, &all, NULL);
	sched_setaffinity(0, sizeof(*a->cpus), a->cpus);
	null = open("/dev/null", O_RDONLY);
	if (null < 0 || dup2(null, 0) < 0 || dup2(out_wr, 1) < 0 || dup2(out_wr, 2) < 0)
		_exit(126);
	snprintf(pid, sizeof(pid), "%d", (int)a->hourglass);
	setenv("HOURGLASS_LOAD", pid, 1);
	if (read(a->go_rd, &c, 1) != 1)
		_exit(0);	/* hourglass stopped before the release */
	execl("/bin/sh", "sh", "-c", a->command, (char *)NULL);
	_exit(127);
}

/* Up to @max reads of the load's output into its ring; the pipe closed at its end. */
static void pump(struct guard *g, unsigned int max)
{
	char buf[READ_LEN];

	while (g->rd >= 0 && max--) {
		ssize_t r = read(g->rd, buf, sizeof(buf));

		if (r > 0) {
			hg_ring_put(&g->ring, buf, (size_t)r);
			continue;
		}
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && errno == EAGAIN)
			return;
		close(g->rd);	/* every writer is gone (or the pipe failed) */
		g->rd = -1;
	}
}

/* Reap every child that ended; note the end of the load's first process. */
static void reap(struct guard *g)
{
	pid_t pid;
	int st;

	while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
		if (pid == g->child) {
			g->ended = true;
			g->st = st;
		}
}

/*
 * Wait up to @ms (-1: no end) for a signal, reading the load's output
 * meanwhile; a SIGCHLD reaps. Returns the signal taken, or 0.
 */
static int guard_wait(struct guard *g, int ms)
{
	struct pollfd p[2] = { { g->sig, POLLIN, 0 }, { g->rd, POLLIN, 0 } };
	struct signalfd_siginfo si;

	if (poll(p, 2, ms) <= 0)
		return 0;
	if (p[1].revents)
		pump(g, READS_A_TURN);
	if (!(p[0].revents & POLLIN) || read(g->sig, &si, sizeof(si)) != (ssize_t)sizeof(si))
		return 0;
	if (si.ssi_signo == SIGCHLD)
		reap(g);
	return (int)si.ssi_signo;
}

/* Whether the load's first process has ended within @ms. */
static bool ended_within(struct guard *g, unsigned int ms)
{
	uint64_t end = mono_ns() + (uint64_t)ms * 1000000u, now;

	reap(g);
	while (!g->ended) {
		now = mono_ns();
		if (now >= end)
			return false;
		guard_wait(g, (int)((end - now) / 1000000u) + 1);
	}
	return true;
}

/*
 * The end of the load: its group's stragglers and every process it left
 * killed, the rest of its output read; when hourglass is gone, the loads'
 * cgroup killed and removed too (nothing else will).
 */
static void guard_end(struct guard *g, const struct hg_load_guard *a)
{
	kill(-g->child, SIGKILL);
	hg_kill_children(HG_LOADJAIL_KILL_MS);
	pump(g, READS_AT_END);
	if (getppid() != a->hourglass) {
		struct hg_loadjail mine = *a->jail;

		hg_loadjail_close(&mine, true);
	}
}

/* The guard's set-up up to the load's fork: 0, or -1 when it failed. */
static int guard_setup(struct guard *g, const struct hg_load_guard *a, int out[2])
{
	sigset_t set;

	guard_signals(&set);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	sched_setaffinity(0, sizeof(*a->cpus), a->cpus);
	g->ring = a->out;
	g->sig = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	if (g->sig < 0 || pipe2(out, O_CLOEXEC))
		return -1;
	g->rd = out[0];
	return fcntl(g->rd, F_SETFL, O_NONBLOCK) ? -1 : 0;
}

void hg_load_guard(const struct hg_load_guard *a)
{
	struct guard g = { .rd = -1, .sig = -1 };
	int out[2] = { -1, -1 }, sig;

	/* every signal is blocked (spawn()): none runs a handler of hourglass's */
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != a->hourglass)
		_exit(HG_LOAD_GUARD_STOPPED);	/* hourglass died before the line above */
	if (guard_setup(&g, a, out))
		_exit(HG_LOAD_GUARD_FAILED);
	g.child = fork();
	if (g.child < 0)
		_exit(HG_LOAD_GUARD_FAILED);
	if (!g.child)
		load_child(a, out[1]);
	setpgid(g.child, g.child);	/* also here: no race with the kill below */
	close(a->go_rd);
	close(out[1]);
	do
		sig = guard_wait(&g, -1);
	while (!sig || (sig == SIGCHLD && !g.ended));
	if (!g.ended) {
		kill(-g.child, SIGINT);
		if (!ended_within(&g, HG_LOAD_GRACE_MS))
			kill(-g.child, SIGKILL);
	} else {
		/* how it ended, for hourglass to say (a pipe's buffer holds it) */
		if (write(a->status_wr, &g.st, sizeof(g.st)) != (ssize_t)sizeof(g.st))
			g.st = 0;	/* not said: hourglass says only that it ended */
	}
	guard_end(&g, a);
	_exit(sig == SIGCHLD ? HG_LOAD_GUARD_EARLY : HG_LOAD_GUARD_STOPPED);
}
