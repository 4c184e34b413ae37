// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * load.c - the loads of a run: their guards started, released, stopped
 * (every wait bounded), their throughput and how they ended
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "analysis/cpuset.h"
#include "run/load.h"
#include "trace/msg.h"
#include "trace/wire.h"
#include "util/tame.h"

#define REAP_STEP_NS	2000000u	/* between two looks at a guard told to stop */

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* A free TCP port on the loopback interface (for net), or 0. */
static unsigned int free_port(void)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	unsigned int port = 0;

	if (s < 0)
		return 0;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (!bind(s, (struct sockaddr *)&a, sizeof(a)) &&
	    !getsockname(s, (struct sockaddr *)&a, &len))
		port = ntohs(a.sin_port);
	close(s);
	return port;
}

/* Fork the guard of @l, its load to be held by @jail. Returns 0 or -errno. */
static int spawn(struct hg_load *l, const struct hg_loadjail *jail)
{
	int pipefd[2], statusfd[2], err;
	pid_t me = getpid(), pid;
	sigset_t all, old;

	err = hg_ring_open(&l->out, HG_RING_SIZE);
	if (err)
		return err;
	if (pipe2(statusfd, O_CLOEXEC))
		return -errno;
	l->status = statusfd[0];
	fcntl(l->status, F_SETFL, O_NONBLOCK);	/* read once the guard is gone */
	if (pipe2(pipefd, O_CLOEXEC)) {
		close(statusfd[1]);
		return -errno;
	}
	fflush(NULL);	/* nothing buffered is written twice */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	pid = fork();
	if (!pid) {
		struct hg_load_guard a = { l->command, &l->cpus, l->out, jail, pipefd[0],
					   statusfd[1], me };

		close(pipefd[1]);
		close(statusfd[0]);
		hg_load_guard(&a);
	}
	err = errno;
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(pipefd[0]);
	close(statusfd[1]);
	if (pid < 0) {
		close(pipefd[1]);
		return -err;
	}
	l->guard = pid;
	l->go = pipefd[1];
	return 0;
}

int hg_loads_start_in(struct hg_loads *ls, const struct hg_load_req *req, unsigned int n,
		      const cpu_set_t *cpus, const char *cgparent, char *err, size_t errlen)
{
	unsigned int i;
	int ret;

	memset(ls, 0, sizeof(*ls));
	ret = hg_loadjail_open(&ls->jail, cgparent);
	if (ret) {
		snprintf(err, errlen, "--load: cannot contain the loads (no cgroup, no child "
			 "subreaper): %s", strerror(-ret));
		return ret;
	}
	for (i = 0; i < n && i < HG_MAX_LOADS; i++) {
		struct hg_load *l = &ls->l[i];

		l->prof = req[i].prof;
		l->cpus = *cpus;
		l->go = -1;
		l->out.fd = -1;
		l->status = -1;
		if (req[i].cmd)
			ret = snprintf(l->command, sizeof(l->command), "%s", req[i].cmd) >=
			      (int)sizeof(l->command) ? -ENOSPC : 0;
		else
			ret = l->prof->command((unsigned int)CPU_COUNT(cpus), free_port(),
					       l->command, sizeof(l->command));
		if (!ret)
			ret = spawn(l, &ls->jail);
		ls->n = i + 1;
		if (ret) {
			snprintf(err, errlen, "--load %s: cannot start it: %s", l->prof->name,
				 ret == -ENOSPC ? "its command is too long" : strerror(-ret));
			hg_loads_stop(ls);
			return ret;
		}
	}
	return 0;
}

int hg_loads_start(struct hg_loads *ls, const struct hg_load_req *req, unsigned int n,
		   const cpu_set_t *cpus, char *err, size_t errlen)
{
	return hg_loads_start_in(ls, req, n, cpus, NULL, err, errlen);
}

void hg_loads_go(struct hg_loads *ls)
{
	unsigned int i;

	for (i = 0; i < ls->n; i++) {
		struct hg_load *l = &ls->l[i];

		if (l->go < 0)
			continue;
		l->start_ns = mono_ns();
		if (write(l->go, "g", 1) != 1)
			l->start_ns = 0;
		close(l->go);
		l->go = -1;
	}
}

/* The last non-empty line of @text into @l->last. */
static void last_line(struct hg_load *l, const char *text)
{
	const char *end = text + strlen(text), *start;

	while (end > text && (end[-1] == '\n' || end[-1] == '\r'))
		end--;
	for (start = end; start > text && start[-1] != '\n'; start--)
		;
	snprintf(l->last, sizeof(l->last), "%.*s", (int)(end - start), start);
}

/*
 * Guard of @l reaped with wait status @st: whether the load ended by
 * itself (or lost its guard) and how, its throughput and last line from
 * its output.
 */
static void finish(struct hg_load *l, int st)
{
	char *text;
	int ws;

	l->guard = 0;
	l->early = WIFEXITED(st) && WEXITSTATUS(st) == HG_LOAD_GUARD_EARLY;
	if (l->early && l->status >= 0 && read(l->status, &ws, sizeof(ws)) == (ssize_t)sizeof(ws)) {
		l->ended = ws;
		l->ended_known = true;
	}
	if (WIFSIGNALED(st) && !l->guard_killed) {	/* by the load, as it may */
		l->early = true;
		l->guard_lost = WTERMSIG(st);
	}
	if (l->status >= 0)
		close(l->status);
	l->status = -1;
	text = l->out.fd >= 0 ? hg_ring_read(l->out.fd, NULL) : NULL;
	if (text) {
		l->rate_known = !l->prof->rate(text, &l->rate);
		last_line(l, text);
		free(text);
	}
	if (l->out.fd >= 0)
		close(l->out.fd);
	l->out.fd = -1;
}

/* The guard of @l seen stopped by @sig: said once, and continued. */
static void guard_stopped(struct hg_load *l, int sig)
{
	if (!l->guard_stopped)
		hg_warn("--load %s: its guard process was stopped "
			"(signal %d, %s): continued so that it stops the load", l->prof->name,
			sig, strsignal(sig));
	l->guard_stopped = sig;
	kill(l->guard, SIGCONT);
}

/* The guard of @l not ended in time: killed, or given up once killed. */
static int guard_late(struct hg_load *l)
{
	if (l->guard_killed) {
		hg_warn("--load %s: its guard process %d did not end "
			"even killed: left behind", l->prof->name, (int)l->guard);
		return -ETIMEDOUT;
	}
	hg_warn("--load %s: its guard process did not end within "
		"%u s of the stop: killed it", l->prof->name, HG_LOAD_GUARD_MS / 1000);
	l->guard_killed = true;
	kill(l->guard, SIGKILL);
	return 0;
}

/*
 * Wait for the guard of @l, told to stop, to end: continued when stopped,
 * killed when not ended HG_LOAD_GUARD_MS later. Returns 0 with its wait
 * status in *@st, or -errno (given up).
 */
static int wait_guard(struct hg_load *l, const struct hg_load_env *env, int *st)
{
	uint64_t end = env->now_ns(env->arg) + HG_LOAD_GUARD_MS * 1000000ull, now;
	pid_t r;

	if (l->guard_stopped) {	/* seen by hg_loads_settle(): no second report */
		int sig = l->guard_stopped;

		l->guard_stopped = 0;
		guard_stopped(l, sig);
	}
	for (;;) {
		r = env->reap(env->arg, l->guard, st);
		if (r == l->guard && WIFSTOPPED(*st)) {
			guard_stopped(l, WSTOPSIG(*st));
			continue;
		}
		if (r == l->guard)
			return 0;
		if (r < 0 && errno != EINTR)
			return -errno;
		now = env->now_ns(env->arg);
		if (now >= end) {
			if (guard_late(l))
				return -ETIMEDOUT;
			end = now + HG_LOADJAIL_KILL_MS * 1000000ull;
			continue;
		}
		env->pause(env->arg, end - now < REAP_STEP_NS ? end - now : REAP_STEP_NS);
	}
}

void hg_loads_stop_env(struct hg_loads *ls, const struct hg_load_env *env)
{
	unsigned int i;
	int st;

	for (i = 0; i < ls->n; i++) {
		struct hg_load *l = &ls->l[i];

		if (l->guard > 0) {
			if (l->start_ns)
				l->stop_ns = mono_ns();
			kill(l->guard, SIGTERM);
		}
		if (l->go >= 0) {
			close(l->go);
			l->go = -1;
		}
	}
	for (i = 0; i < ls->n; i++) {
		struct hg_load *l = &ls->l[i];

		if (l->guard > 0)
			finish(l, wait_guard(l, env, &st) ? 0 : st);
		if (l->status >= 0)	/* a guard that was never forked */
			close(l->status);
		if (l->out.fd >= 0)
			close(l->out.fd);
		l->status = l->out.fd = -1;
	}
	hg_loadjail_close(&ls->jail, false);
}

void hg_loads_stop(struct hg_loads *ls)
{
	hg_loads_stop_env(ls, &hg_load_env_real);
}

const char *hg_load_how_ended(const struct hg_load *l, char *buf, size_t len)
{
	if (l->guard_lost)
		snprintf(buf, len, "its guard was killed by signal %d (%s)", l->guard_lost,
			 strsignal(l->guard_lost));
	else if (l->ended_known && WIFEXITED(l->ended))
		snprintf(buf, len, "exit status %d", WEXITSTATUS(l->ended));
	else if (l->ended_known && WIFSIGNALED(l->ended))
		snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(l->ended),
			 strsignal(WTERMSIG(l->ended)));
	else
		snprintf(buf, len, "ended");
	return buf;
}

static uint64_t real_now(void *arg)
{
	(void)arg;
	return mono_ns();
}

static void real_pause(void *arg, uint64_t ns)
{
	struct timespec ts = { 0, (long)(ns < 10000000u ? ns : 10000000u) };

	(void)arg;
	nanosleep(&ts, NULL);
}

static pid_t real_reap(void *arg, pid_t pid, int *status)
{
	(void)arg;
	return waitpid(pid, status, WNOHANG | WUNTRACED);
}

const struct hg_load_env hg_load_env_real = {
	.now_ns = real_now,
	.pause = real_pause,
	.reap = real_reap,
};

/* The line saying that @l ended as it started, into @err. */
static void say_ended(const struct hg_load *l, char *err, size_t errlen)
{
	char how[96];

	if (l->early)
		hg_load_how_ended(l, how, sizeof(how));
	else	/* its guard could not start it */
		snprintf(how, sizeof(how), "it could not be started");
	snprintf(err, errlen, "--load %s ended as it started, %s: nothing was measured; "
		 "'%s' %s%s", l->prof->name, how, l->command,
		 l->last[0] ? "said: " : "printed nothing (run it by hand to see why)", l->last);
	hg_tame(err);
}

int hg_loads_settle(struct hg_loads *ls, const struct hg_load_env *env, uint64_t window_ns,
		    char *err, size_t errlen)
{
	uint64_t end = env->now_ns(env->arg) + window_ns, now;
	unsigned int i;
	int st;

	for (;;) {
		for (i = 0; i < ls->n; i++) {
			struct hg_load *l = &ls->l[i];

			if (l->guard <= 0 || env->reap(env->arg, l->guard, &st) != l->guard)
				continue;
			if (WIFSTOPPED(st)) {	/* the load can: hg_loads_stop() continues it */
				l->guard_stopped = WSTOPSIG(st);
				continue;
			}
			finish(l, st);
			say_ended(l, err, errlen);
			return -ECHILD;
		}
		now = env->now_ns(env->arg);
		if (now >= end)
			return 0;
		env->pause(env->arg, end - now);
	}
}

int hg_loads_record(const struct hg_loads *ls, struct hg_trace *t)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < ls->n; i++) {
		const struct hg_load *l = &ls->l[i];
		char key[48], val[64];

#define KV(name, v) do { snprintf(key, sizeof(key), "load_%u_%s", i, name); \
			 ret |= hg_trace_add_sys(t, key, v); } while (0)
		KV("profile", l->prof->name);
		KV("command", l->command);
		KV("cpus", hg_cpuset_list(&l->cpus, "none", val, sizeof(val)));
		if (l->rate_known)
			snprintf(val, sizeof(val), "%.1f", l->rate);
		else
			snprintf(val, sizeof(val), "unknown");
		KV("throughput", val);
		KV("unit", l->prof->unit);
		KV("what", l->prof->what);
		snprintf(val, sizeof(val), "%.3f", l->stop_ns > l->start_ns && l->start_ns ?
			 (double)(l->stop_ns - l->start_ns) / 1e9 : 0.0);
		KV("seconds", val);
		if (ls->jail.said[0])
			KV("contained", ls->jail.said);
		if (l->early)
			KV("ended", hg_load_how_ended(l, val, sizeof(val)));
#undef KV
	}
	return ret ? -ENOMEM : 0;
}

void hg_loads_default_cpus(const cpu_set_t *online, const cpu_set_t *pinned, bool all_pinned,
			   cpu_set_t *out)
{
	cpu_set_t free_cpus;

	*out = *online;
	if (!all_pinned)
		return;
	CPU_XOR(&free_cpus, online, pinned);
	CPU_AND(&free_cpus, &free_cpus, online);
	if (CPU_COUNT(&free_cpus))
		*out = free_cpus;
}
