/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kinstance.h - the name of a --kernel run's tracefs instance, the lock
 * that says its run goes on, and which instances of other runs are stale
 *
 * A run's instance is "hourglass-<pid ns>-<pid>-<random>": the inode of
 * its PID namespace (stat("/proc/self/ns/pid")), its pid there, and 32
 * random bits, so runs in different PID namespaces (two containers' pid 1)
 * never share a name. While the run goes on it holds the instance's own
 * file "tracing_on" open with flock(LOCK_EX): the lock lives on the tracefs
 * inode, which every mount of tracefs in every mount namespace shares (a
 * file in /tmp or /run/lock may be a container's private one), and the
 * open file keeps the kernel from removing the instance (rmdir: EBUSY).
 * An instance whose lock can be taken is stale: its run is gone.
 *
 * Older versions named theirs "hourglass-<pid>" and held no lock. Such an
 * instance is stale only when this process sees every process of the
 * machine (the initial PID namespace) and none has that pid in any
 * namespace (NSpid of /proc/<pid>/status); otherwise it is left alone.
 */
#ifndef HG_KINSTANCE_H
#define HG_KINSTANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HG_KINSTANCE_PREFIX "hourglass-"
#define HG_KINSTANCE_LOCK "tracing_on"	/* the file of the instance locked */
#define HG_KINSTANCE_NAME_MAX 64

/* What an instance's name and lock say of its run. */
enum hg_kinstance_state {
	HG_KINST_OTHER,		/* not a run's: never touched */
	HG_KINST_LIVE,		/* its run goes on, or its instance is being made */
	HG_KINST_STALE,		/* its run is gone: to remove */
	HG_KINST_UNSURE,	/* an older version's whose run may go on: left */
};

/* Where the judgement looks (a test's own directories in the tests). */
struct hg_kinstance_env {
	const char *instances;	/* tracefs's instances directory */
	const char *proc;	/* procfs: the pids of every namespace */
	bool all_pids;		/* @proc shows every process (initial PID namespace) */
};

/*
 * hg_kinstance_name - "hourglass-<@ns>-<@pid>-<@rnd, 8 hex digits>" into
 * @buf of @len bytes (HG_KINSTANCE_NAME_MAX is enough)
 */
void hg_kinstance_name(char *buf, size_t len, uint64_t ns, long pid, uint32_t rnd);

/*
 * hg_kinstance_own_name - this process's name for a new instance: its PID
 * namespace's inode (0 when /proc cannot tell), getpid() and random bits
 */
void hg_kinstance_own_name(char *buf, size_t len);

/*
 * hg_kinstance_env_init - @e for this machine: @instances, /proc, and
 * whether this process is in the initial PID namespace with a /proc of it
 */
void hg_kinstance_env_init(struct hg_kinstance_env *e, const char *instances);

/*
 * hg_kinstance_lock - open "@instances/@name/tracing_on" and take its
 * flock(LOCK_EX), waiting for it when @wait
 * Returns the open descriptor holding the lock, or -errno (-EWOULDBLOCK:
 * another holds it; -ENOENT, -ENODEV: no such instance, or one going away).
 */
int hg_kinstance_lock(const char *instances, const char *name, bool wait);

/*
 * hg_kinstance_judge - what becomes of the instance @name found in
 * @e->instances: HG_KINST_STALE when its lock can be taken (new names) or
 * no process has its pid (older names, seen from the initial PID
 * namespace only); HG_KINST_LIVE when the lock is held or its file is not
 * there yet; HG_KINST_UNSURE for an older name that cannot be told gone;
 * HG_KINST_OTHER for a name not of this form.
 */
enum hg_kinstance_state hg_kinstance_judge(const struct hg_kinstance_env *e, const char *name);

#endif /* HG_KINSTANCE_H */
