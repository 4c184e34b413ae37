/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * preempt.h - the kernel's preemption model, and where it was read: the
 * one thing that decides whether a lower task in the kernel can keep a
 * woken real-time thread off its CPU
 */
#ifndef HG_AUDIT_PREEMPT_H
#define HG_AUDIT_PREEMPT_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/audit.h"

/* The models, from the least preemptible kernel to PREEMPT_RT. */
enum hg_preempt_model {
	HG_PREEMPT_UNKNOWN,
	HG_PREEMPT_NONE,	/* preempted only on the way back to user space */
	HG_PREEMPT_VOLUNTARY,	/* and at the kernel's might_sleep() points */
	HG_PREEMPT_NOT_FULL,	/* none or voluntary: nothing tells which */
	HG_PREEMPT_FULL,	/* anywhere outside a critical section */
	HG_PREEMPT_LAZY,	/* as full for real-time tasks */
	HG_PREEMPT_RT,		/* full, with threaded handlers and sleeping locks */
};

#define HG_PREEMPT_FROM	160	/* bytes of struct hg_preempt's @from */

/*
 * struct hg_preempt - the model and its source
 * @model:   the model (HG_PREEMPT_UNKNOWN when nothing told)
 * @dynamic: the kernel is built with PREEMPT_DYNAMIC (its model is chosen at
 *           boot, and may be changed in debugfs)
 * @from:    where it was read, for a reader ("the kernel's log: 'Dynamic
 *           Preempt: none'", "/sys/kernel/debug/sched/preempt"); for an
 *           unknown model, what could not be read
 */
struct hg_preempt {
	enum hg_preempt_model model;
	bool dynamic;
	char from[HG_PREEMPT_FROM];
};

/*
 * hg_preempt_read - the preemption model of the kernel under @ctx's root,
 * from the first source that tells: /sys/kernel/realtime and the version
 * string (PREEMPT_RT), the mode debugfs shows, then for a PREEMPT_DYNAMIC
 * kernel the mode its log printed at boot, preempt= on its command line,
 * the default of its config (/boot/config-<release>); for a kernel without
 * PREEMPT_DYNAMIC the version string (PREEMPT) and the config. The log is
 * read with syslog(2) on the live root and from dev/kmsg, a copy of dmesg's
 * text, in a tree. Returns 0 (the model may be unknown) or -errno when the
 * version string cannot be read.
 */
int hg_preempt_read(const struct hg_audit_ctx *ctx, struct hg_preempt *p);

/*
 * hg_preempt_from_log - the mode of the last "Dynamic Preempt: <mode>"
 * line of the kernel's log @log (@len bytes, not NUL-terminated),
 * HG_PREEMPT_UNKNOWN when there is none or its word is not a mode
 */
enum hg_preempt_model hg_preempt_from_log(const char *log, size_t len);

/*
 * hg_preempt_parse - the model named by @word ("none", "voluntary", "full",
 * "lazy", "rt"), HG_PREEMPT_UNKNOWN for any other
 */
enum hg_preempt_model hg_preempt_parse(const char *word);

/*
 * hg_preempt_name - the model's name ("none", "voluntary", "none or
 * voluntary", "full", "lazy", "rt", "unknown")
 */
const char *hg_preempt_name(enum hg_preempt_model model);

/*
 * hg_preempt_blocks_rt - whether a task in the kernel on the CPU can keep a
 * woken real-time thread waiting until it reaches a preemption point or
 * returns to user space (none, voluntary, or one of them); false for full, lazy and RT, and
 * for an unknown model
 */
bool hg_preempt_blocks_rt(enum hg_preempt_model model);

#endif /* HG_AUDIT_PREEMPT_H */
