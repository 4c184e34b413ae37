/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * frames.h - whether a CPU_PERIODIC thread's frames make it a periodic
 * task of C and T
 *
 * CPU_PERIODIC never blocks: a frame begins as soon as the last is done,
 * and a period of T with no frame done is a miss. It is a task of C (a
 * frame's amount) and T, D = T, J = 0, only where no other thread shares
 * its CPUs at its priority or below: there it takes only what the threads
 * above it leave, so its frame, begun at any moment, gets its C within the
 * response of the lowest level (the analysis takes every phase). A thread
 * at or below it on a CPU it can take would never run under SCHED_FIFO
 * while a frame runs (the frames never end), and two threads without a
 * real-time priority share the CPU under the timesharing scheduler, which
 * no test here models. A thread under a reservation is left out of the
 * question (SCHED_DEADLINE runs before every fixed priority).
 */
#ifndef HG_FRAMES_H
#define HG_FRAMES_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One thread of a run, as the rule sees it. */
struct hg_frames_thread {
	unsigned int id;
	int32_t prio;		/* SCHED_FIFO/RR priority, HG_RTA_NO_PRIO (rta.h): none */
	bool out;		/* under a reservation, or failed: not counted */
	cpu_set_t cpus;		/* empty: not named (they share one CPU) */
	const char *label;	/* e.g. "PERIODIC 3ms 8ms" */
	const char *priority;	/* e.g. "RTMED (SCHED_FIFO 50)" */
};

/*
 * hg_frames_allow - whether thread @i of the @n threads @th (a
 * CPU_PERIODIC one) is a task of C and T; when not, the reason in @why
 * ("CPU_PERIODIC never blocks, and thread <n> (<label>, <priority>) shares
 * its CPUs at its priority or below: ...").
 */
bool hg_frames_allow(const struct hg_frames_thread *th, size_t n, size_t i, char *why,
		     size_t len);

#endif /* HG_FRAMES_H */
