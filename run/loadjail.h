/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * loadjail.h - what holds the loads of a run, so that nothing they start
 * outlives it: a cgroup of the run's own, or, where none can be made,
 * hourglass as a child subreaper
 *
 * A cgroup (v2) is made beside hourglass's own ("hourglass-<pid>"); every
 * load process is born in it, whatever it does later (setsid, a double
 * fork, killing its guard), and the end kills the cgroup whole
 * (cgroup.kill) and removes it. Without a writable cgroup v2, hourglass
 * makes itself a child subreaper: a process a load orphans comes back to
 * hourglass instead of init, and the end kills and reaps every child
 * hourglass still has (the guards are gone by then). The guards are
 * subreapers of their own too, in both cases, and kill what their load
 * left when they stop it.
 */
#ifndef HG_LOADJAIL_H
#define HG_LOADJAIL_H

#include <stdbool.h>
#include <stddef.h>

#define HG_LOADJAIL_KILL_MS	2000	/* the end's kill, until nothing is left */

enum hg_loadjail_kind {
	HG_LOADJAIL_NONE = 0,	/* not open (or closed) */
	HG_LOADJAIL_CGROUP,
	HG_LOADJAIL_SUBREAPER,
};

/*
 * struct hg_loadjail - the containment of a run's loads
 * @kind:   which, while open
 * @procs:  the cgroup's cgroup.procs, open for writing (a process joins
 *          by writing "0"), or -1
 * @was_subreaper: hourglass was a child subreaper before (kept so)
 * @dir:    the cgroup's directory
 * @said:   what holds the loads, in words, kept after the close
 */
struct hg_loadjail {
	enum hg_loadjail_kind kind;
	int procs;
	bool was_subreaper;
	char dir[256];
	char said[384];
};

/*
 * hg_loadjail_open - contain the loads about to start in @j: a new cgroup
 * in the cgroup v2 directory @parent (NULL: hourglass's own cgroup's; "":
 * no cgroup), checked by moving a process into it; else hourglass becomes
 * a child subreaper. Returns 0, or -errno when neither could be done.
 */
int hg_loadjail_open(struct hg_loadjail *j, const char *parent);

/*
 * hg_loadjail_enter - in a load's process, before it runs anything: join
 * the cgroup of @j (nothing to do for a subreaper). Returns 0 or -errno.
 */
int hg_loadjail_enter(const struct hg_loadjail *j);

/*
 * hg_loadjail_close - the end of @j, once the guards are gone: every
 * process still in the cgroup killed and the cgroup removed, or every child
 * of the caller killed and reaped (a subreaper), within
 * HG_LOADJAIL_KILL_MS; a warning on standard error unless @quiet when
 * something could not be. Safe to call twice.
 */
void hg_loadjail_close(struct hg_loadjail *j, bool quiet);

/*
 * hg_kill_children - kill (SIGKILL) and reap every child of the calling
 * process, and the children a child subreaper gets as they die, until it
 * has none or @ms passed. Returns 0, or -ETIMEDOUT when some were left.
 */
int hg_kill_children(unsigned int ms);

#endif /* HG_LOADJAIL_H */
