/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * loadguard.h - the guard process of a load: it forks the load, keeps the
 * load's last output, and stops the load and all it left
 *
 * The guard runs pinned to the load's CPUs (its reading of the load's
 * output stays off the measuring threads' CPUs when those are apart),
 * with every signal blocked and taken from a signalfd. It forks the load
 * into a process group of its own, in the loads' cgroup, its standard
 * output and error a pipe that the guard reads into the load's ring. It
 * is a child subreaper: what the load leaves when a process of it dies
 * comes back to the guard, which reaps it as it ends and kills it at the
 * stop.
 */
#ifndef HG_LOADGUARD_H
#define HG_LOADGUARD_H

#include <sched.h>
#include <sys/types.h>

#include "run/loadjail.h"
#include "run/loadring.h"

#define HG_LOAD_GRACE_MS	3000	/* from SIGINT to SIGKILL of a load's group */
#define HG_LOAD_GUARD_STOPPED	0	/* a guard's exit status: it stopped the load */
#define HG_LOAD_GUARD_EARLY	1	/* ... its load ended by itself, the load's
					   wait status is on the guard's pipe */
#define HG_LOAD_GUARD_FAILED	125	/* ... it could not start the load */

/*
 * struct hg_load_guard - what a guard is given
 * @command:   the load's shell command
 * @cpus:      the CPUs of the load, and of the guard
 * @out:       the ring the load's output goes to
 * @jail:      what holds the load's processes
 * @go_rd:     the pipe's end whose byte lets the load run its command
 * @status_wr: the pipe's end for the load's wait status, when it ended
 * @hourglass: hourglass's pid
 */
struct hg_load_guard {
	const char *command;
	const cpu_set_t *cpus;
	struct hg_ring out;
	const struct hg_loadjail *jail;
	int go_rd;
	int status_wr;
	pid_t hourglass;
};

/*
 * hg_load_guard - in the guard, just forked by hourglass with every signal
 * blocked: fork the load of @a, its process in @a->jail, which waits for a
 * byte on @a->go_rd before it runs its command; then wait for a stop
 * (SIGTERM, SIGINT or SIGHUP from hourglass, or its death) or the load's
 * end; stop the load's group (SIGINT, SIGKILL HG_LOAD_GRACE_MS later) and
 * what it left; exit HG_LOAD_GUARD_STOPPED, or HG_LOAD_GUARD_EARLY with the
 * load's wait status on @a->status_wr when it had ended by itself. Never
 * returns.
 */
void hg_load_guard(const struct hg_load_guard *a) __attribute__((noreturn));

#endif /* HG_LOADGUARD_H */
