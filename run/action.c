// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * action.c - --on-threshold and --on-end: parsed, and run by the main thread
 */
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/action.h"
#include "trace/worst.h"

static const char *const names[] = {
	[HG_ACT_STOP] = "stop", [HG_ACT_CONTINUE] = "continue", [HG_ACT_SIGNAL] = "signal",
	[HG_ACT_SHELL] = "shell", [HG_ACT_TRACE] = "trace",
};

const char *hg_action_name(unsigned int type)
{
	return type && type < sizeof(names) / sizeof(names[0]) ? names[type] : "?";
}

/* The decimal number @s of @n bytes, in [@lo, @hi]; -EINVAL otherwise. */
static int number(const char *s, size_t n, long lo, long hi, long *v)
{
	char buf[24], *end;

	if (!n || n >= sizeof(buf) || s[0] == '-' || s[0] == '+')
		return -EINVAL;
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	*v = strtol(buf, &end, 10);
	return errno || *end || *v < lo || *v > hi ? -EINVAL : 0;
}

/* One key=value of @a's type at @p (@n bytes; a command= or file= to the end). */
static int option(struct hg_action *a, const char *p, size_t n, char *why, size_t len)
{
	const char *eq = memchr(p, '=', n), *v = eq ? eq + 1 : p + n;
	size_t k = eq ? (size_t)(eq - p) : n, vn = n - (size_t)(v - p);
	long x;

#define KEY(s) (k == sizeof(s) - 1 && !strncmp(p, s, k))
	if (a->type == HG_ACT_CONTINUE && KEY("keep") && eq) {
		if (!number(v, vn, 1, HG_WORST_MAX, &x)) {
			a->keep = (uint32_t)x;
			return 0;
		}
		snprintf(why, len, "keep=%.*s: the events kept, 1 to %u", (int)(vn < 24 ? vn : 24),
			 v, HG_WORST_MAX);
		return -EINVAL;
	}
	if (a->type == HG_ACT_SIGNAL && KEY("num") && eq) {
		if (!number(v, vn, 1, SIGRTMAX, &x)) {
			a->signum = (int)x;
			return 0;
		}
		snprintf(why, len, "num=%.*s: a signal's number, 1 to %d", (int)(vn < 24 ? vn : 24),
			 v, SIGRTMAX);
		return -EINVAL;
	}
	if (a->type == HG_ACT_SIGNAL && (KEY("parent") || (KEY("pid") && eq))) {
		if (!eq || (vn == 6 && !strncmp(v, "parent", 6))) {
			a->pid = HG_ACTION_PARENT;
			return 0;
		}
		if (!number(v, vn, 1, INT32_MAX, &x)) {
			a->pid = (int)x;
			return 0;
		}
		snprintf(why, len, "pid=%.*s: a process id, or parent", (int)(vn < 24 ? vn : 24), v);
		return -EINVAL;
	}
	if (a->type == HG_ACT_TRACE && KEY("ms") && eq) {
		if (!number(v, vn, 1, HG_ACTION_TRACE_MAX_MS, &x)) {
			a->ms = (uint32_t)x;
			return 0;
		}
		snprintf(why, len, "ms=%.*s: the milliseconds before the event, 1 to %d",
			 (int)(vn < 24 ? vn : 24), v, HG_ACTION_TRACE_MAX_MS);
		return -EINVAL;
	}
#undef KEY
	snprintf(why, len, "'%.*s' is not an option of %s (it takes %s)", (int)(k < 24 ? k : 24), p,
		 hg_action_name(a->type),
		 a->type == HG_ACT_CONTINUE ? "keep=K" :
		 a->type == HG_ACT_SIGNAL ? "num=<n>, pid=<pid> or parent" :
		 a->type == HG_ACT_SHELL ? "command=<cmd>" :
		 a->type == HG_ACT_TRACE ? "ms=N, file=F" : "nothing");
	return -EINVAL;
}

int hg_action_parse(const char *s, bool on_end, struct hg_action *a, char *why, size_t len)
{
	size_t n = strcspn(s, ","), i;
	const char *p;

	memset(a, 0, sizeof(*a));
	for (i = HG_ACT_STOP; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncmp(s, names[i], n))
			a->type = (unsigned int)i;
	if (!a->type || (on_end && a->type != HG_ACT_SIGNAL && a->type != HG_ACT_SHELL)) {
		snprintf(why, len, "'%.*s' is not an action; choose from %s", (int)(n < 24 ? n : 24),
			 s, on_end ? "signal, shell" : "stop, continue, signal, shell, trace");
		return -EINVAL;
	}
	a->keep = HG_WORST_DEFAULT;
	a->ms = HG_ACTION_TRACE_MS;
	a->pid = HG_ACTION_PARENT;
	for (p = s + n; *p == ',';) {
		p++;
		if (!strncmp(p, "command=", 8) && a->type == HG_ACT_SHELL) {
			a->command = p + 8;
			break;
		}
		if (!strncmp(p, "file=", 5) && a->type == HG_ACT_TRACE) {
			a->file = p + 5;
			break;
		}
		n = strcspn(p, ",");
		if (option(a, p, n, why, len))
			return -EINVAL;
		p += n;
	}
	if (a->type == HG_ACT_SIGNAL && !a->signum) {
		snprintf(why, len, "signal needs num=<n>, the signal's number");
		return -EINVAL;
	}
	if (a->type == HG_ACT_SHELL && (!a->command || !*a->command)) {
		snprintf(why, len, "shell needs command=<cmd>, run with sh -c");
		return -EINVAL;
	}
	if (a->type == HG_ACT_TRACE && a->file && !*a->file) {
		snprintf(why, len, "file= names no file");
		return -EINVAL;
	}
	return 0;
}

/* Whether @v is one of the variables the event sets ("NAME=..."). */
static int ours(const char *v)
{
	static const char *const set[] = { "HG_EVENT_KIND=", "HG_THREAD=", "HG_CPU=", "HG_AT_NS=",
					   "HG_VALUE_NS=", "HG_THRESHOLD_NS=" };
	size_t i;

	for (i = 0; i < sizeof(set) / sizeof(set[0]); i++)
		if (!strncmp(v, set[i], strlen(set[i])))
			return 1;
	return 0;
}

char **hg_action_env(const struct hg_action_event *e, char *const *base)
{
	enum { NVARS = 6, VARLEN = 48 };
	size_t n = 0, i, k = 0;
	char **env, *vars;
	bool end = !strcmp(e->kind, "end");

	while (base && base[n])
		n++;
	env = malloc((n + NVARS + 1) * sizeof(*env) + NVARS * VARLEN);
	if (!env)
		return NULL;
	vars = (char *)(env + n + NVARS + 1);
	for (i = 0; i < n; i++)
		if (!ours(base[i]))
			env[k++] = base[i];
	snprintf(vars, VARLEN, "HG_EVENT_KIND=%s", e->kind);
	env[k++] = vars;
	if (!end) {
		snprintf(vars + VARLEN, VARLEN, "HG_THREAD=%u", e->thread);
		env[k++] = vars + VARLEN;
		snprintf(vars + 2 * VARLEN, VARLEN, "HG_CPU=%u", e->cpu);
		env[k++] = vars + 2 * VARLEN;
		snprintf(vars + 3 * VARLEN, VARLEN, "HG_VALUE_NS=%" PRIu64, e->value_ns);
		env[k++] = vars + 3 * VARLEN;
	}
	snprintf(vars + 4 * VARLEN, VARLEN, "HG_AT_NS=%" PRIu64, e->at_ns);
	env[k++] = vars + 4 * VARLEN;
	snprintf(vars + 5 * VARLEN, VARLEN, "HG_THRESHOLD_NS=%" PRIu64, e->threshold_ns);
	env[k++] = vars + 5 * VARLEN;
	env[k] = NULL;
	return env;
}

/* sh -c @a->command with @e's environment, waited for. */
static int shell(const struct hg_action *a, const struct hg_action_event *e, char *msg,
		 size_t len)
{
	extern char **environ;
	char *argv[] = { "sh", "-c", (char *)a->command, NULL };
	struct sched_param sp = { .sched_priority = 0 };
	posix_spawnattr_t at;
	sigset_t none, all;
	char **env = hg_action_env(e, environ);
	pid_t pid;
	int ret, st;

	if (!env) {
		snprintf(msg, len, "shell: out of memory");
		return -1;
	}
	sigemptyset(&none);
	sigfillset(&all);
	posix_spawnattr_init(&at);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
				 POSIX_SPAWN_SETSCHEDULER);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &all);
	posix_spawnattr_setschedpolicy(&at, SCHED_OTHER);
	posix_spawnattr_setschedparam(&at, &sp);
	ret = posix_spawn(&pid, "/bin/sh", NULL, &at, argv, env);
	posix_spawnattr_destroy(&at);
	free(env);
	if (ret) {
		snprintf(msg, len, "shell: cannot start /bin/sh: %s", strerror(ret));
		return -1;
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			snprintf(msg, len, "shell: cannot wait for sh: %s", strerror(errno));
			return -1;
		}
	if (WIFEXITED(st) && !WEXITSTATUS(st))
		return 0;
	if (WIFEXITED(st))
		snprintf(msg, len, "shell: sh -c %.200s: exit status %d", a->command,
			 WEXITSTATUS(st));
	else
		snprintf(msg, len, "shell: sh -c %.200s: killed by %s", a->command,
			 strsignal(WTERMSIG(st)));
	return -1;
}

int hg_action_do(const struct hg_action *a, const struct hg_action_event *e, char *msg,
		 size_t len)
{
	pid_t pid;

	switch (a->type) {
	case HG_ACT_SIGNAL:
		pid = a->pid == HG_ACTION_PARENT ? getppid() : a->pid;
		if (!kill(pid, a->signum))
			return 0;
		snprintf(msg, len, "signal: cannot send signal %d to pid %d%s: %s", a->signum,
			 (int)pid, a->pid == HG_ACTION_PARENT ? " (the parent)" : "",
			 strerror(errno));
		return -1;
	case HG_ACT_SHELL:
		return shell(a, e, msg, len);
	default:
		return 0;
	}
}
