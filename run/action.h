/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * action.h - what --on-threshold and --on-end do: their values parsed,
 * and the signal and the shell command run by the main thread (never a
 * measuring one), the event's figures in the command's environment
 *
 * The actions are rtla's (rtla-timerlat(1), --on-threshold, --on-end):
 * stop, continue[,keep=K], signal,num=<n>[,pid=<pid>|parent],
 * shell,command=<cmd>, trace[,ms=N][,file=F]. A command= or file= takes
 * the rest of the value, commas included.
 */
#ifndef HG_ACTION_H
#define HG_ACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HG_MAX_ACTIONS		8	/* of each option */
#define HG_ACTION_TRACE_MS	100	/* trace,ms=N by default */
#define HG_ACTION_TRACE_MAX_MS	60000
#define HG_ACTION_PARENT	0	/* signal's pid: the parent process */

enum hg_action_type {
	HG_ACT_STOP = 1,	/* the run stops at the first event (--break's own) */
	HG_ACT_CONTINUE,	/* the run goes on, counting, keeping the worst */
	HG_ACT_SIGNAL,
	HG_ACT_SHELL,
	HG_ACT_TRACE,		/* the kernel's events before the event, as text */
};

struct hg_action {
	unsigned int type;	/* enum hg_action_type */
	int signum;		/* signal: num= */
	int pid;		/* signal: pid=, or HG_ACTION_PARENT */
	const char *command;	/* shell: command=, in the option's value */
	uint32_t keep;		/* continue: keep= */
	uint32_t ms;		/* trace: ms= */
	const char *file;	/* trace: file=, in the option's value; NULL: beside -o */
};

struct hg_actions {
	unsigned int n;
	struct hg_action a[HG_MAX_ACTIONS];
};

/* What an action is told of the event (at_ns from the run's start). */
struct hg_action_event {
	const char *kind;	/* "gap", "lat", "miss"; "end" for --on-end */
	unsigned int thread;
	unsigned int cpu;
	uint64_t at_ns;
	uint64_t value_ns;
	uint64_t threshold_ns;
};

/*
 * hg_action_parse - one value of --on-threshold (@on_end false) or
 * --on-end (true: signal and shell only) into @a; strings point into @s
 * Returns 0, or -EINVAL with what is wrong and the choices in @why.
 */
int hg_action_parse(const char *s, bool on_end, struct hg_action *a, char *why, size_t len);

/* hg_action_name - "stop", "continue", "signal", "shell", "trace". */
const char *hg_action_name(unsigned int type);

/*
 * hg_action_env - @base (an environ) less any HG_ variable of the event's,
 * then HG_EVENT_KIND, HG_THREAD, HG_CPU, HG_AT_NS, HG_VALUE_NS,
 * HG_THRESHOLD_NS of @e (for "end": HG_EVENT_KIND, HG_AT_NS, HG_THRESHOLD_NS);
 * one allocation, NULL-terminated; free() it
 * Returns the array, or NULL when out of memory.
 */
char **hg_action_env(const struct hg_action_event *e, char *const *base);

/*
 * hg_action_do - run a signal or shell action for @e: kill(2) to the pid
 * (the parent's at the time), or sh -c with hg_action_env(), its signals
 * unblocked and at SCHED_OTHER, waited for
 * @msg: what failed, one line without the option's name
 * Returns 0, or -1 with @msg set.
 */
int hg_action_do(const struct hg_action *a, const struct hg_action_event *e, char *msg,
		 size_t len);

#endif /* HG_ACTION_H */
