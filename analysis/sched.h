/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sched.h - the kernel's context switches from another tool's file: the
 * text of "perf script" over a capture with sched:sched_switch events
 * ("perf sched record -k CLOCK_MONOTONIC" or "perf record -e
 * sched:sched_switch -k CLOCK_MONOTONIC"), read into plain arrays
 *
 * Only this file reads the text; the attribution (attrib.h) takes the
 * arrays.
 */
#ifndef HG_SCHED_H
#define HG_SCHED_H

#include <stddef.h>
#include <stdint.h>

#define HG_COMM_LEN 32	/* a task's name as perf prints it (the kernel's is 16) */

/* One sched_switch event: @prev_pid left CPU @cpu, @next_pid took it. */
struct hg_sched_switch {
	uint64_t mono_ns;		/* CLOCK_MONOTONIC of the event */
	uint32_t cpu;
	uint32_t prev_pid;		/* thread ids (the kernel's pids) */
	uint32_t next_pid;
	char prev_runnable;		/* prev_state was R (preempted or yielded) */
	char prev_comm[HG_COMM_LEN];
	char next_comm[HG_COMM_LEN];
};

struct hg_sched {
	size_t n;
	struct hg_sched_switch *sw;	/* by CPU, then by time */
	uint64_t resolution_ns;		/* of the times: 1000 for perf's default
					 * microseconds, 1 with --ns */
	uint64_t first_ns, last_ns;	/* the earliest and latest event */
};

/*
 * hg_sched_parse - the sched:sched_switch lines of perf script @text
 * (@len bytes, need not end in NUL); other events, comments and blank
 * lines are skipped. Lines look like
 *   "<comm> <pid>[/<tid>] [<cpu>] <s>.<us or ns>: sched:sched_switch:
 *    prev_comm=<c> prev_pid=<n> prev_prio=<n> prev_state=<s> ==>
 *    next_comm=<c> next_pid=<n> next_prio=<n>"
 * Names may hold spaces. The result is sorted by CPU, then time.
 * @err: a one-line reason on failure ("line 12: no prev_pid", "no
 *       sched:sched_switch event: not the text of perf script over a
 *       sched_switch capture").
 * At most HG_SCHED_MAX_SWITCHES events (-E2BIG, "line <n>: more than ...").
 * Returns 0, -EINVAL, -E2BIG, -ENOMEM.
 */
int hg_sched_parse(const char *text, size_t len, struct hg_sched *s, char *err, size_t errlen);

/*
 * The limits of the reader: the largest perf script text read, the
 * longest line, the most sched_switch events kept (about 90 bytes each:
 * a million take about 90 MB).
 */
#define HG_SCHED_MAX_BYTES (256ULL << 20)
#define HG_SCHED_MAX_LINE 65536u
#define HG_SCHED_MAX_SWITCHES 1000000u

/*
 * hg_sched_read - hg_sched_parse() of the file @path, read line by line:
 * a regular file of at most HG_SCHED_MAX_BYTES (util/infile.h; "larger
 * than 256 MiB", "is a FIFO, not a regular file", ...), lines of at most
 * HG_SCHED_MAX_LINE bytes, at most HG_SCHED_MAX_SWITCHES events (-E2BIG
 * with "line <n>: more than 1000000 sched_switch events, ..."). Memory:
 * about 90 bytes per switch, never the text; time linear in the file's
 * size (the sort aside). Returns 0 or -errno.
 */
int hg_sched_read(const char *path, struct hg_sched *s, char *err, size_t errlen);

/* hg_sched_free - free what @s holds. */
void hg_sched_free(struct hg_sched *s);

#endif /* HG_SCHED_H */
