// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kcapture.c - the tracefs instance of a --kernel run: checked, created
 * and set up before the run, turned on and off around it, removed after
 * (reading it is kread.c's)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/kcapture.h"
#include "run/kcaptureint.h"
#include "run/kinstance.h"
#include "trace/counter.h"
#include "trace/msg.h"
#include "util/grow.h"

#define KB_PER_CPU_SECOND 512ULL	/* about 8,000 events a second */
#define MIN_KB_PER_CPU 1024ULL
#define MAX_KB_TOTAL (1024ULL * 1024)	/* 1 GB over all CPUs */
#define FOREVER_KB_PER_CPU 16384ULL

/* Events every run needs; without one the capture explains nothing. */
static const char *const needed[][2] = {
	{ "sched", "sched_switch" },
	{ "irq", "irq_handler_entry" },
	{ "irq", "irq_handler_exit" },
};

/* Events taken where the kernel has them. */
static const char *const wanted[][2] = {
	{ "sched", "sched_wakeup" },
	{ "sched", "sched_migrate_task" },
	{ "irq", "softirq_entry" },
	{ "irq", "softirq_exit" },
	{ "timer", "hrtimer_expire_entry" },
	{ "timer", "hrtimer_expire_exit" },
	{ "nmi", "nmi_handler" },
};

/* The names in tracefs's instances that may be runs', collected. */
struct found {
	char **names;
	size_t n, cap;
};

static int collect(const char *name, void *arg)
{
	struct found *f = arg;

	if (strncmp(name, HG_KINSTANCE_PREFIX, strlen(HG_KINSTANCE_PREFIX)))
		return 0;
	if (HG_GROW(f->names, f->cap, f->n + 1))
		return 0;
	f->names[f->n] = strdup(name);
	if (f->names[f->n])
		f->n++;
	return 0;
}

/* Remove the instances of runs that are gone (kinstance.h's rule). */
static void remove_stale(const char *instances)
{
	struct found f = { NULL, 0, 0 };
	struct hg_kinstance_env e;
	size_t i;

	hg_kinstance_env_init(&e, instances);
	tracefs_instances_walk(collect, &f);
	for (i = 0; i < f.n; i++) {
		enum hg_kinstance_state st = hg_kinstance_judge(&e, f.names[i]);
		struct tracefs_instance *in;

		if (st == HG_KINST_UNSURE)
			hg_msg("note: --kernel: left the tracefs instance %s "
				"alone: an older hourglass's, whose run may go on (rmdir %s/%s "
				"once it is gone)", f.names[i], instances, f.names[i]);
		in = st == HG_KINST_STALE ? tracefs_instance_alloc(NULL, f.names[i]) : NULL;
		if (in) {
			tracefs_instance_destroy(in);
			tracefs_instance_free(in);
		}
		free(f.names[i]);
	}
	free(f.names);
}

/*
 * tracefs mounted, and ours to change? Its instances directory into
 * @path, or one line saying which is not.
 */
static int check_access(char *path, size_t len, char *err, size_t errlen)
{
	const char *dir = tracefs_tracing_dir();

	if (!dir) {
		snprintf(err, errlen, "--kernel: tracefs is not mounted (mount -t tracefs nodev "
			 "/sys/kernel/tracing) or this kernel has no tracing");
		return -ENODEV;
	}
	snprintf(path, len, "%s/instances", dir);
	if (access(path, W_OK)) {
		int e = errno;

		snprintf(err, errlen, "--kernel: cannot create a tracefs instance in %s: %s "
			 "(needs root or CAP_SYS_ADMIN)", path, strerror(e));
		return e == ENOENT ? -ENODEV : -EACCES;
	}
	return 0;
}

/* Enable @sys:@ev; a missing event is an error only when @need. */
static int enable(struct hg_kcapture *k, const char *sys, const char *ev, bool need,
		  char *err, size_t errlen)
{
	char name[256];

	if (!tracefs_event_file_exists(k->inst, sys, ev, "enable")) {
		if (!need)
			return 0;
		snprintf(err, errlen, "--kernel: this kernel has no %s:%s event", sys, ev);
		return -ENOENT;
	}
	if (tracefs_event_enable(k->inst, sys, ev) < 0) {
		int e = errno ? errno : EIO;

		snprintf(err, errlen, "--kernel: cannot enable %s:%s: %s", sys, ev, strerror(e));
		return -e;
	}
	snprintf(name, sizeof(name), "%s:%s", sys, ev);
	return hg_kevents_add_tp(k->kev, name);
}

/* Every x86 vector's entry and exit (irq_vectors), where there are some. */
static int enable_vectors(struct hg_kcapture *k, char *err, size_t errlen)
{
	char **ev = tracefs_system_events(NULL, "irq_vectors");
	int ret = 0, i;

	for (i = 0; ev && ev[i] && !ret; i++) {
		size_t n = strlen(ev[i]);

		if ((n > 6 && !strcmp(ev[i] + n - 6, "_entry")) ||
		    (n > 5 && !strcmp(ev[i] + n - 5, "_exit")))
			ret = enable(k, "irq_vectors", ev[i], false, err, errlen);
	}
	tracefs_list_free(ev);
	return ret;
}

/* The trace clock: the counter itself where the kernel offers it. */
static int set_clock(struct hg_kcapture *k, char *err, size_t errlen)
{
	char *clocks = tracefs_instance_file_read(k->inst, "trace_clock", NULL);
	const char *want = HG_COUNTER_TRACE_CLOCK;

	k->mono = !clocks || !*want || !strstr(clocks, want);
	free(clocks);
	if (k->mono)
		want = "mono";
	if (tracefs_instance_file_write(k->inst, "trace_clock", want) < 0) {
		snprintf(err, errlen, "--kernel: cannot set the trace clock to %s: %s", want,
			 strerror(errno));
		return -EIO;
	}
	return 0;
}

/* Buffers for the whole run: from the CPU count and the duration. */
static int set_buffers(struct hg_kcapture *k, uint64_t duration_ns, char *err, size_t errlen)
{
	uint64_t ncpus = (uint64_t)CPU_COUNT(&k->cpus), kb;

	if (duration_ns)
		kb = (duration_ns / 1000000000ULL + 1) * KB_PER_CPU_SECOND;
	else
		kb = FOREVER_KB_PER_CPU;
	if (kb < MIN_KB_PER_CPU)
		kb = MIN_KB_PER_CPU;
	if (kb * ncpus > MAX_KB_TOTAL)
		kb = MAX_KB_TOTAL / (ncpus ? ncpus : 1);
	if (tracefs_instance_file_write(k->inst, "options/overwrite",
					k->overwrite ? "1" : "0") < 0 ||
	    tracefs_instance_set_buffer_size(k->inst, (size_t)kb, -1) < 0) {
		snprintf(err, errlen, "--kernel: cannot size the trace buffers (%llu KB a CPU): %s",
			 (unsigned long long)kb, strerror(errno));
		return -ENOMEM;
	}
	return 0;
}

static int set_up(struct hg_kcapture *k, uint64_t duration_ns, char *err, size_t errlen)
{
	size_t i;
	int ret;

	if (tracefs_trace_off(k->inst) < 0 ||
	    tracefs_instance_set_affinity_set(k->inst, &k->cpus, sizeof(k->cpus)) < 0) {
		snprintf(err, errlen, "--kernel: cannot restrict the instance to the run's CPUs: %s",
			 strerror(errno));
		return -EIO;
	}
	ret = set_clock(k, err, errlen);
	if (!ret)
		ret = set_buffers(k, duration_ns, err, errlen);
	for (i = 0; !ret && i < sizeof(needed) / sizeof(needed[0]); i++)
		ret = enable(k, needed[i][0], needed[i][1], true, err, errlen);
	for (i = 0; !ret && i < sizeof(wanted) / sizeof(wanted[0]); i++)
		ret = enable(k, wanted[i][0], wanted[i][1], false, err, errlen);
	if (!ret)
		ret = enable_vectors(k, err, errlen);
	return ret;
}

/* A new instance of ours, or -errno with @err set. */
static int create_one(struct hg_kcapture *k, const char *name, char *err, size_t errlen)
{
	int ret;

	k->inst = tracefs_instance_create(name);
	if (!k->inst) {
		ret = errno == EACCES || errno == EPERM ? -EACCES : -EIO;
		snprintf(err, errlen, "--kernel: cannot create the tracefs instance %s: %s%s", name,
			 strerror(errno), ret == -EACCES ? " (needs root or CAP_SYS_ADMIN)" : "");
		return ret;
	}
	if (tracefs_instance_is_new(k->inst))
		return 0;
	tracefs_instance_free(k->inst);	/* the name is taken: not ours */
	k->inst = NULL;
	return -EEXIST;
}

/*
 * The run's instance, made and locked. Another run's clean-up may judge
 * it stale and remove it before the lock is taken: then it is made again
 * under a new name.
 */
static int create(struct hg_kcapture *k, const char *instances, char *err, size_t errlen)
{
	char name[HG_KINSTANCE_NAME_MAX];
	int tries, ret = 0;

	for (tries = 0; tries < 4; tries++) {
		hg_kinstance_own_name(name, sizeof(name));
		ret = create_one(k, name, err, errlen);
		if (ret == -EEXIST)
			continue;
		if (ret)
			return ret;
		ret = hg_kinstance_lock(instances, name, true);
		if (ret >= 0) {
			k->lock_fd = ret;
			return 0;
		}
		if (ret != -ENOENT && ret != -ENODEV)
			break;
		tracefs_instance_free(k->inst);	/* removed before the lock was ours */
		k->inst = NULL;
	}
	snprintf(err, errlen, "--kernel: cannot lock the tracefs instance %s/%s (its file "
		 HG_KINSTANCE_LOCK "): %s", instances, name, strerror(-ret));
	if (k->inst) {
		tracefs_instance_destroy(k->inst);
		tracefs_instance_free(k->inst);
		k->inst = NULL;
	}
	return -EIO;
}

int hg_kcapture_open(struct hg_kcapture **out, const cpu_set_t *cpus, uint64_t duration_ns,
		     char *err, size_t errlen)
{
	struct hg_kcapture *k;
	char instances[4096];
	int ret = check_access(instances, sizeof(instances), err, errlen);

	if (ret)
		return ret;
	remove_stale(instances);
	k = calloc(1, sizeof(*k));
	if (k)
		k->kev = calloc(1, sizeof(*k->kev));
	if (!k || !k->kev) {
		free(k);
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	k->lock_fd = -1;
	k->cpus = *cpus;
	k->overwrite = !duration_ns;
	ret = create(k, instances, err, errlen);
	if (!ret)
		ret = set_up(k, duration_ns, err, errlen);
	if (ret) {
		hg_kcapture_close(k);
		return ret;
	}
	*out = k;
	return 0;
}

int hg_kcapture_start(struct hg_kcapture *k)
{
	tracefs_instance_file_clear(k->inst, "trace");
	if (tracefs_trace_on(k->inst) < 0)
		return -EIO;
	k->start_cycles = hg_counter_read();
	return 0;
}

void hg_kcapture_stop(struct hg_kcapture *k)
{
	k->end_cycles = hg_counter_read();
	tracefs_trace_off(k->inst);
}

void hg_kcapture_close(struct hg_kcapture *k)
{
	if (!k)
		return;
	if (k->inst)
		tracefs_trace_off(k->inst);
	if (k->lock_fd >= 0)
		close(k->lock_fd);	/* before the removal, which its open file stops */
	if (k->inst) {
		tracefs_instance_destroy(k->inst);
		tracefs_instance_free(k->inst);
	}
	hg_kevents_free(k->kev);
	hg_kread_free(k->rd);
	free(k);
}
