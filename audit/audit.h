/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * audit.h - is this machine set up for real time: checks of the kernel's
 * and the CPUs' configuration, each with a verdict, what it found, why it
 * matters for latency and how to fix it
 *
 * Every check reads /proc and /sys (and /dev/cpu_dma_latency) under a root
 * directory, @root of struct hg_audit_ctx: "/" on a live machine, a copied
 * snapshot or a fixture tree in the tests. A check is one struct
 * hg_audit_check in the table of registry.c; its function fills a struct
 * hg_audit_result and prints nothing.
 */
#ifndef HG_AUDIT_H
#define HG_AUDIT_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>

#include "trace/verdict.h"

struct hg_skew;

#define HG_AUDIT_TEXT	512	/* bytes of .found and .fix */

/*
 * struct hg_audit_readerr - the last read of a check that failed
 * @err:  its -errno
 * @text: the file (relative to the root) and why, "proc/cmdline: is a
 *        FIFO, not a regular file"
 */
struct hg_audit_readerr {
	int err;
	char text[HG_AUDIT_TEXT - 64];
};

/*
 * struct hg_audit_ctx - what every check is given
 * @root:       the directory /proc and /sys are read under ("/" or a tree)
 * @cpus:       the CPUs the latency test will use (--cpu)
 * @cpus_given: @cpus was given; without it the per-CPU checks judge every
 *              CPU of @root's /sys/devices/system/cpu/online
 * @readerr:    where the reads keep their last failure (hg_audit_run sets
 *              it for each check; NULL: not kept)
 * @run_holds_dma: the audit is a run's, which holds /dev/cpu_dma_latency at
 *              0 for its length where it may write it: the checks judge
 *              that, not the value before the run
 * @skew:       measures two CPUs' counters against each other (hg_tsc_skew
 *              of audit/tscskew.h on the live machine; NULL in a tree:
 *              not measured)
 */
struct hg_audit_ctx {
	const char *root;
	cpu_set_t cpus;
	bool cpus_given;
	bool run_holds_dma;
	struct hg_audit_readerr *readerr;
	int (*skew)(unsigned int a, unsigned int b, struct hg_skew *out);
};

/*
 * struct hg_audit_result - one check's outcome
 * @verdict: pass, warn, fail or skip
 * @found:   what was found ("sched_rt_runtime_us is 950000 of 1000000"),
 *           or for a skip why it could not be judged
 * @fix:     what to change (a kernel parameter, a sysctl, a command); ""
 *           when nothing is to be done
 */
struct hg_audit_result {
	enum hg_audit_verdict verdict;
	char found[HG_AUDIT_TEXT];
	char fix[HG_AUDIT_TEXT];
};

/*
 * struct hg_audit_check - one check of the table
 * @id:    its name, lower case words joined by '-' ("rt-throttling")
 * @why:   why it matters for latency, one sentence
 * @judge: judges @ctx into @res (zeroed before); returns 0, or a negative
 *         errno when it could not run at all (then it is a skip)
 */
struct hg_audit_check {
	const char *id;
	const char *why;
	int (*judge)(const struct hg_audit_ctx *ctx, struct hg_audit_result *res);
};

/* The checks, in the order they are reported; NULL-terminated. */
extern const struct hg_audit_check *const hg_audit_checks[];

/* hg_audit_find - the check named @id, or NULL. */
const struct hg_audit_check *hg_audit_find(const char *id);


/*
 * hg_audit_run - run @check on @ctx into @res: a check that cannot run is
 * a skip with its reason in .found ("could not read <file>: <why>" when a
 * read failed). .found and .fix come out tamed (hg_tame): a copied tree's
 * names and files hold no escape for the terminal.
 */
void hg_audit_run(const struct hg_audit_check *check, const struct hg_audit_ctx *ctx,
		  struct hg_audit_result *res);

/*
 * hg_audit_say - set @res's verdict, its found text (printf format) and
 * leave its fix as it is. Returns 0 (for a check's return).
 */
int hg_audit_say(struct hg_audit_result *res, enum hg_audit_verdict v, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* hg_audit_fix - set @res's fix (printf format). */
void hg_audit_fix(struct hg_audit_result *res, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif /* HG_AUDIT_H */
