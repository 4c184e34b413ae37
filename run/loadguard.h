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

#include <sys/types.h>

#include "run/load.h"

#define HG_LOAD_GUARD_STOPPED	0	/* a guard's exit status: it stopped the load */
#define HG_LOAD_GUARD_FAILED	125	/* ... it could not start the load */

/*
 * hg_load_guard - in the guard, just forked by hourglass (@hourglass) with
 * every signal blocked: fork the load @l, its process in @jail, which waits
 * for a byte on @go_rd before it runs its command; then wait for a stop
 * (SIGTERM, SIGINT or SIGHUP from hourglass, or its death) or the load's
 * end; stop the load's group and what it left; exit HG_LOAD_GUARD_STOPPED,
 * or HG_LOAD_GUARD_EARLY with the load's wait status on @status_wr when it
 * had ended by itself. Never returns.
 */
void hg_load_guard(const struct hg_load *l, const struct hg_loadjail *jail, int go_rd,
		   int status_wr, pid_t hourglass) __attribute__((noreturn));

#endif /* HG_LOADGUARD_H */
