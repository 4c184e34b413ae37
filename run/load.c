// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * load.c - the loads' processes: guard, load, release, stop, throughput
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
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "analysis/cpuset.h"
#include "run/load.h"
#include "trace/wire.h"

#define OUT_MAX		(16u << 20)	/* bytes of a load's output read: its last ones */
#define GUARD_STOPPED	0		/* the guard's exit: it stopped the load */
#define GUARD_EARLY	HG_LOAD_GUARD_EARLY	/* ... the load had ended by itself */

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

/* The signals a guard takes itself, blocked and waited for. */
static void guard_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGHUP);
	sigaddset(set, SIGCHLD);
}

/* In the load's process: its group, CPUs, files, then wait for the go. */
static void load_child(const struct hg_load *l, int go_rd, pid_t hourglass)
{
	char pid[32], c;
	sigset_t all;
	int sig, null = open("/dev/null", O_RDONLY);

	setpgid(0, 0);
	for (sig = 1; sig < NSIG; sig++)	/* hourglass's handlers are not the load's */
		signal(sig, SIG_DFL);
	sigfillset(&all);
	sigprocmask(SIG_UNBLOCK, &all, NULL);
	sched_setaffinity(0, sizeof(l->cpus), &l->cpus);
	if (null < 0 || dup2(null, 0) < 0 || dup2(l->out, 1) < 0 || dup2(l->out, 2) < 0)
		_exit(126);
	snprintf(pid, sizeof(pid), "%d", (int)hourglass);
	setenv("HOURGLASS_LOAD", pid, 1);
	if (read(go_rd, &c, 1) != 1)
		_exit(0);	/* hourglass stopped before the release */
	execl("/bin/sh", "sh", "-c", l->command, (char *)NULL);
	_exit(127);
}

/* Whether @child has ended within @ms; reaps it. */
static bool reaped_within(pid_t child, unsigned int ms)
{
	uint64_t end = mono_ns() + (uint64_t)ms * 1000000u;
	sigset_t chld;
	int st;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	for (;;) {
		struct timespec ts = { 0, 50000000 };

		if (waitpid(child, &st, WNOHANG) == child)
			return true;
		if (mono_ns() >= end)
			return false;
		sigtimedwait(&chld, NULL, &ts);
	}
}

/*
 * The guard: forks the load, then waits for a stop (SIGTERM from hourglass
 * or its death) or the load's end; stops the load's group; never returns.
 */
static void guard_main(const struct hg_load *l, int go_rd, int status_wr, pid_t hourglass)
{
	sigset_t set;
	pid_t child;
	int sig, st;

	/* every signal is blocked (spawn()): none runs a handler of hourglass's */
	setpgid(0, 0);
	guard_signals(&set);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != hourglass)
		_exit(GUARD_STOPPED);	/* hourglass died before the line above */
	child = fork();
	if (child < 0)
		_exit(125);
	if (!child)
		load_child(l, go_rd, hourglass);
	setpgid(child, child);	/* also here: no race with the kill below */
	close(go_rd);
	for (;;) {
		sig = sigwaitinfo(&set, NULL);
		if (sig == SIGCHLD) {
			if (waitpid(child, &st, WNOHANG) != child)
				continue;
			kill(-child, SIGKILL);	/* what it left behind */
			/* how it ended, for hourglass to say (a pipe's buffer holds it) */
			if (write(status_wr, &st, sizeof(st)) != (ssize_t)sizeof(st))
				st = 0;	/* not said: hourglass says only that it ended */
			_exit(GUARD_EARLY);
		}
		if (sig > 0)
			break;
	}
	kill(-child, SIGINT);
	if (!reaped_within(child, HG_LOAD_GRACE_MS)) {
		kill(-child, SIGKILL);
		waitpid(child, &st, 0);
	}
	kill(-child, SIGKILL);	/* the group's stragglers */
	_exit(GUARD_STOPPED);
}

/* Fork the guard of @l. Returns 0 or -errno. */
static int spawn(struct hg_load *l)
{
	int pipefd[2], statusfd[2], err;
	pid_t me = getpid(), pid;
	sigset_t all, old;
	FILE *out = tmpfile();

	if (!out)
		return -errno;
	l->out = dup(fileno(out));
	fclose(out);
	if (l->out < 0)
		return -errno;
	fcntl(l->out, F_SETFD, FD_CLOEXEC);
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
		close(pipefd[1]);
		close(statusfd[0]);
		guard_main(l, pipefd[0], statusfd[1], me);
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

int hg_loads_start(struct hg_loads *ls, const struct hg_load_req *req, unsigned int n,
		   const cpu_set_t *cpus, char *err, size_t errlen)
{
	unsigned int i;
	int ret;

	memset(ls, 0, sizeof(*ls));
	for (i = 0; i < n && i < HG_MAX_LOADS; i++) {
		struct hg_load *l = &ls->l[i];

		l->prof = req[i].prof;
		l->cpus = *cpus;
		l->go = -1;
		l->out = -1;
		l->status = -1;
		if (req[i].cmd)
			ret = snprintf(l->command, sizeof(l->command), "%s", req[i].cmd) >=
			      (int)sizeof(l->command) ? -ENOSPC : 0;
		else
			ret = l->prof->command((unsigned int)CPU_COUNT(cpus), free_port(),
					       l->command, sizeof(l->command));
		if (!ret)
			ret = spawn(l);
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

/* The output of @l (its last OUT_MAX bytes) in new memory, or NULL. */
static char *read_out(const struct hg_load *l)
{
	struct stat st;
	off_t from = 0;
	size_t at = 0;
	char *buf;

	if (fstat(l->out, &st))
		return NULL;
	if ((uint64_t)st.st_size > OUT_MAX)
		from = st.st_size - (off_t)OUT_MAX;
	buf = malloc((size_t)(st.st_size - from) + 1);
	if (!buf)
		return NULL;
	while (at < (size_t)(st.st_size - from)) {
		ssize_t r = pread(l->out, buf + at, (size_t)(st.st_size - from) - at,
				  from + (off_t)at);

		if (r <= 0)
			break;
		at += (size_t)r;
	}
	buf[at] = '\0';
	return buf;
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
 * itself and how, its throughput and last line from its output.
 */
static void finish(struct hg_load *l, int st)
{
	char *text;
	int ws;

	l->guard = 0;
	l->early = WIFEXITED(st) && WEXITSTATUS(st) == GUARD_EARLY;
	if (l->early && l->status >= 0 && read(l->status, &ws, sizeof(ws)) == (ssize_t)sizeof(ws)) {
		l->ended = ws;
		l->ended_known = true;
	}
	if (l->status >= 0)
		close(l->status);
	l->status = -1;
	text = l->out >= 0 ? read_out(l) : NULL;
	if (text) {
		l->rate_known = !l->prof->rate(text, &l->rate);
		last_line(l, text);
		free(text);
	}
	if (l->out >= 0)
		close(l->out);
	l->out = -1;
}

void hg_loads_stop(struct hg_loads *ls)
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

		if (l->guard > 0) {
			while (waitpid(l->guard, &st, 0) < 0 && errno == EINTR)
				;
			finish(l, st);
		}
		if (l->status >= 0)	/* a guard that was never forked */
			close(l->status);
		if (l->out >= 0)
			close(l->out);
		l->status = l->out = -1;
	}
}

const char *hg_load_how_ended(const struct hg_load *l, char *buf, size_t len)
{
	if (l->ended_known && WIFEXITED(l->ended))
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
	return waitpid(pid, status, WNOHANG);
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
