// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kread.c - after a --kernel run: the instance's raw buffers read through
 * libtracefs (tracefs_iterate_raw_events), each event's fields taken by
 * name through libtraceevent, into compact records on the trace's counter
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <event-parse.h>
#include <tracefs.h>

#include "run/kcapture.h"
#include "run/kcaptureint.h"

#define KALLSYMS_MAX (64u << 20)

/* The events read, by their ids in this kernel. */
enum src {
	S_SWITCH, S_WAKEUP, S_MIGRATE, S_IRQ_ENTRY, S_IRQ_EXIT, S_SOFT_ENTRY, S_SOFT_EXIT,
	S_HRT_ENTRY, S_HRT_EXIT, S_NMI, S_NSRC,
};

static const char *const src_names[S_NSRC][2] = {
	[S_SWITCH] = { "sched", "sched_switch" },
	[S_WAKEUP] = { "sched", "sched_wakeup" },
	[S_MIGRATE] = { "sched", "sched_migrate_task" },
	[S_IRQ_ENTRY] = { "irq", "irq_handler_entry" },
	[S_IRQ_EXIT] = { "irq", "irq_handler_exit" },
	[S_SOFT_ENTRY] = { "irq", "softirq_entry" },
	[S_SOFT_EXIT] = { "irq", "softirq_exit" },
	[S_HRT_ENTRY] = { "timer", "hrtimer_expire_entry" },
	[S_HRT_EXIT] = { "timer", "hrtimer_expire_exit" },
	[S_NMI] = { "nmi", "nmi_handler" },
};

/*
 * What a capture keeps from one read to the next: the events' formats, and
 * the events read so far (a --forever run reads at each SIGUSR1 too).
 */
struct hg_kread {
	const struct hg_kcapture *cap;
	const struct hg_trace *t;	/* of this read: its clock pair places mono times */
	struct tep_handle *tep;
	int id[S_NSRC];
	struct hg_kevents *k;
	uint64_t *first, *last;	/* per CPU (by number): earliest and latest event */
	int err;
};

/* The counter value at trace time @ts. */
static uint64_t to_cycles(const struct hg_kread *r, unsigned long long ts)
{
	const struct hg_trace *t = r->t;
	long double d;

	if (!r->cap->mono)
		return ts;
	d = ((long double)ts - (long double)t->mono_start_ns) * t->calib.tsc_hz / 1e9L;
	d += (long double)t->mono_start_cycles;
	return d < 0 ? 0 : (uint64_t)d;
}

static uint32_t field(struct tep_event *ev, struct tep_record *rec, const char *name)
{
	unsigned long long v = 0;

	tep_get_field_val(NULL, ev, name, rec, &v, 0);
	return (uint32_t)v;
}

/* A prio field (an int: -1 for SCHED_DEADLINE) as its code; unknown when absent. */
static uint8_t prio_field(struct tep_event *ev, struct tep_record *rec, const char *name)
{
	unsigned long long v = 0;

	if (tep_get_field_val(NULL, ev, name, rec, &v, 0))
		return HG_KPRIO_UNKNOWN;
	return hg_kprio_code((long)(int32_t)(uint32_t)v);
}

/*
 * A string field (an array or a __data_loc string), interned: tamed there
 * (any user names a task, prctl(PR_SET_NAME), and its name is printed),
 * and cut where a character starts (a byte more than is kept, to see where).
 */
static uint32_t name_field(struct hg_kread *r, struct tep_event *ev, struct tep_record *rec,
			   const char *name)
{
	char buf[HG_KEV_NAME_LEN + 1];
	int len = 0;
	const char *p = tep_get_field_raw(NULL, ev, name, rec, &len, 0);

	if (!p || len <= 0)
		return hg_kevents_intern(r->k, "?");
	snprintf(buf, sizeof(buf), "%.*s", len < (int)sizeof(buf) ? len : (int)sizeof(buf) - 1, p);
	return hg_kevents_intern(r->k, buf);
}

/* An irq_vectors event: "local_timer_entry" -> VEC_ENTRY "local_timer". */
static int vector(struct hg_kread *r, struct tep_event *ev, struct tep_record *rec,
		  struct hg_kev *e)
{
	char buf[HG_KEV_NAME_LEN];
	size_t n;

	if (!ev->system || strcmp(ev->system, "irq_vectors"))
		return 0;
	snprintf(buf, sizeof(buf), "%s", ev->name);
	n = strlen(buf);
	if (n > 6 && !strcmp(buf + n - 6, "_entry")) {
		e->type = HG_KEV_VEC_ENTRY;
		buf[n - 6] = 0;
	} else if (n > 5 && !strcmp(buf + n - 5, "_exit")) {
		e->type = HG_KEV_VEC_EXIT;
		buf[n - 5] = 0;
	} else {
		return 0;
	}
	e->a = field(ev, rec, "vector");
	e->name = hg_kevents_intern(r->k, buf);	/* tamed there, as every name */
	return 1;
}

/* The kernel function at @addr, or "hrtimer" when it is not known. */
static uint32_t function(struct hg_kread *r, unsigned long long addr)
{
	const char *f = tep_find_function(r->tep, addr);

	return hg_kevents_intern(r->k, f ? f : "hrtimer");
}

static int decode(struct hg_kread *r, struct tep_event *ev, struct tep_record *rec,
		  struct hg_kev *e)
{
	int id = ev->id;

	if (id == r->id[S_SWITCH]) {
		e->type = HG_KEV_SWITCH;
		e->a = field(ev, rec, "next_pid");
		e->b = field(ev, rec, "prev_pid");
		e->name = name_field(r, ev, rec, "next_comm");
		e->flags = (uint8_t)(prio_field(ev, rec, "next_prio") << HG_KEV_PRIO_SHIFT);
		/* TASK_RUNNING is 0: preempted, or yielded */
		if (!(field(ev, rec, "prev_state") & 0xff))
			e->flags |= HG_KEV_PREV_RUNNABLE;
	} else if (id == r->id[S_WAKEUP]) {
		e->type = HG_KEV_WAKEUP;
		e->a = field(ev, rec, "pid");
		e->b = field(ev, rec, "target_cpu");
		e->name = name_field(r, ev, rec, "comm");
	} else if (id == r->id[S_MIGRATE]) {
		e->type = HG_KEV_MIGRATE;
		e->a = field(ev, rec, "pid");
		e->b = (field(ev, rec, "orig_cpu") & 0xffff) << 16 | (field(ev, rec, "dest_cpu") & 0xffff);
		e->name = name_field(r, ev, rec, "comm");
	} else if (id == r->id[S_IRQ_ENTRY]) {
		e->type = HG_KEV_IRQ_ENTRY;
		e->a = field(ev, rec, "irq");
		e->name = name_field(r, ev, rec, "name");
	} else if (id == r->id[S_IRQ_EXIT]) {
		e->type = HG_KEV_IRQ_EXIT;
		e->a = field(ev, rec, "irq");
	} else if (id == r->id[S_SOFT_ENTRY] || id == r->id[S_SOFT_EXIT]) {
		e->type = id == r->id[S_SOFT_ENTRY] ? HG_KEV_SOFTIRQ_ENTRY : HG_KEV_SOFTIRQ_EXIT;
		e->a = field(ev, rec, "vec");
	} else if (id == r->id[S_HRT_ENTRY]) {
		unsigned long long fn = 0;

		e->type = HG_KEV_HRTIMER_ENTRY;
		tep_get_field_val(NULL, ev, "function", rec, &fn, 0);
		e->name = function(r, fn);
	} else if (id == r->id[S_HRT_EXIT]) {
		e->type = HG_KEV_HRTIMER_EXIT;
	} else if (id == r->id[S_NMI]) {
		unsigned long long fn = 0;

		e->type = HG_KEV_NMI;
		e->a = field(ev, rec, "delta_ns");
		tep_get_field_val(NULL, ev, "handler", rec, &fn, 0);
		e->name = function(r, fn);
	} else {
		return vector(r, ev, rec, e);
	}
	return 1;
}

static int on_event(struct tep_event *ev, struct tep_record *rec, int cpu, void *arg)
{
	struct hg_kread *r = arg;
	struct hg_kev e = { 0 };

	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return 0;
	e.cycles = to_cycles(r, rec->ts);
	e.cpu = (uint16_t)cpu;
	e.name = HG_KEV_NO_NAME;
	if (rec->missed_events) {
		struct hg_kev lost = e;

		lost.type = HG_KEV_LOST;
		lost.a = rec->missed_events > 0 ? (uint32_t)rec->missed_events : 0;
		if (hg_kevents_add(r->k, &lost))
			r->err = -ENOMEM;
	}
	if (!decode(r, ev, rec, &e))
		return 0;
	if (!r->first[cpu])
		r->first[cpu] = e.cycles;
	r->last[cpu] = e.cycles;
	if (hg_kevents_add(r->k, &e)) {
		r->err = -ENOMEM;
		return 1;
	}
	return 0;
}

/* What the kernel counted lost on @cpu: "overrun" and "dropped_events" of its stats. */
static void stats(struct tracefs_instance *inst, int cpu, uint64_t *overrun, uint64_t *dropped)
{
	char path[64], *s, *p;

	snprintf(path, sizeof(path), "per_cpu/cpu%d/stats", cpu);
	s = tracefs_instance_file_read(inst, path, NULL);
	*overrun = *dropped = 0;
	if (!s)
		return;
	p = strstr(s, "overrun:");
	if (p)
		*overrun = strtoull(p + 8, NULL, 10);
	p = strstr(s, "dropped_events:");
	if (p)
		*dropped = strtoull(p + 15, NULL, 10);
	free(s);
}

/* Function names for the timers' callbacks, from /proc/kallsyms (root sees them). */
static void load_kallsyms(struct tep_handle *tep)
{
	size_t cap = 1 << 20, len = 0;
	char *buf = malloc(cap + 1);
	int fd = open("/proc/kallsyms", O_RDONLY | O_CLOEXEC);
	ssize_t got;

	while (buf && fd >= 0 && (got = read(fd, buf + len, cap - len)) > 0) {
		len += (size_t)got;
		if (len == cap) {
			char *b = cap < KALLSYMS_MAX ? realloc(buf, 2 * cap + 1) : NULL;

			if (!b)
				break;
			buf = b;
			cap *= 2;
		}
	}
	if (fd >= 0)
		close(fd);
	if (buf && len) {
		buf[len] = 0;
		tep_parse_kallsyms(tep, buf);
	}
	free(buf);
}

/*
 * The CPUs' entries of @k: lost counts, and where its events begin (at
 * @since at the earliest: a flight recorder keeps no more) and end.
 */
static int fill_cpus(struct hg_kread *r, struct hg_kevents *k, uint64_t since)
{
	const struct hg_kcapture *c = r->cap;
	int cpu;

	free(k->cpus);
	k->ncpus = 0;
	k->cpus = calloc((size_t)CPU_COUNT(&c->cpus) + 1, sizeof(*k->cpus));
	if (!k->cpus)
		return -ENOMEM;
	for (cpu = 0; cpu < CPU_SETSIZE && cpu < HG_KEV_MAX_CPUS; cpu++) {
		struct hg_kcpu *kc;
		uint64_t overrun, dropped;

		if (!CPU_ISSET(cpu, &c->cpus))
			continue;
		kc = &k->cpus[k->ncpus++];
		kc->cpu = (uint32_t)cpu;
		stats(c->inst, cpu, &overrun, &dropped);
		kc->lost = overrun + dropped;
		kc->begin_cycles = k->start_cycles > since ? k->start_cycles : since;
		kc->end_cycles = k->end_cycles;
		/* a full buffer lost the newest (dropped) or the oldest (overrun) */
		if (dropped && r->last[cpu])
			kc->end_cycles = r->last[cpu];
		if (overrun && r->first[cpu] > kc->begin_cycles)
			kc->begin_cycles = r->first[cpu];
	}
	return 0;
}

/* The formats, the ids of the events read and the tracepoints: once. */
static int reader_open(struct hg_kcapture *c, char *err, size_t errlen)
{
	static const char *const systems[] = { "sched", "irq", "irq_vectors", "timer", "nmi", NULL };
	struct hg_kread *r;
	int s;

	if (c->rd)
		return 0;
	r = calloc(1, sizeof(*r));
	if (!r)
		goto nomem;
	c->rd = r;
	r->cap = c;
	r->k = c->kev;		/* the tracepoints named: the events go beside them */
	c->kev = NULL;
	r->first = calloc(CPU_SETSIZE, sizeof(*r->first));
	r->last = calloc(CPU_SETSIZE, sizeof(*r->last));
	if (!r->k || !r->first || !r->last)
		goto nomem;
	r->k->clock = c->mono ? HG_KCLOCK_MONO : HG_KCLOCK_COUNTER;
	r->tep = tracefs_local_events_system(NULL, systems);
	if (!r->tep) {
		snprintf(err, errlen, "--kernel: cannot read the events' formats");
		return -EIO;
	}
	for (s = 0; s < S_NSRC; s++) {
		struct tep_event *ev = tep_find_event_by_name(r->tep, src_names[s][0],
							      src_names[s][1]);

		r->id[s] = ev ? ev->id : -1;
	}
	if (r->id[S_HRT_ENTRY] >= 0 || r->id[S_NMI] >= 0)
		load_kallsyms(r->tep);
	return 0;
nomem:
	snprintf(err, errlen, "out of memory");
	return -ENOMEM;
}

/* Whatever the buffers hold now, appended to the events read so far. */
static int drain(struct hg_kcapture *c, const struct hg_trace *t, char *err, size_t errlen)
{
	struct hg_kread *r;
	int ret = reader_open(c, err, errlen);

	if (ret)
		return ret;
	r = c->rd;
	r->t = t;
	r->err = 0;
	errno = 0;
	if (tracefs_iterate_raw_events(r->tep, c->inst, &c->cpus, sizeof(c->cpus), on_event, r) ||
	    r->err) {
		snprintf(err, errlen, "--kernel: cannot read the captured events: %s",
			 strerror(r->err ? -r->err : errno ? errno : EIO));
		return r->err ? r->err : -EIO;
	}
	hg_kevents_sort(r->k);
	return 0;
}

/*
 * Where a flight recorder's trace @t begins: the oldest record its threads
 * kept; 0 (everything) for a run of a set duration.
 */
static uint64_t window_start(const struct hg_kcapture *c, const struct hg_trace *t)
{
	uint64_t since = UINT64_MAX;
	uint32_t i;

	if (!c->overwrite)
		return 0;
	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].stored && t->threads[i].recs[0].start_cycles < since)
			since = t->threads[i].recs[0].start_cycles;
	return since == UINT64_MAX ? 0 : since;
}

/*
 * Read what the buffers hold, drop what lies before @t's window, and give
 * every event kept, ending at @end, into *@out: a copy (@keep: a snapshot,
 * the capture goes on) or the events themselves (the end of the run).
 */
static int take(struct hg_kcapture *c, const struct hg_trace *t, uint64_t end, bool keep,
		struct hg_kevents **out, char *err, size_t errlen)
{
	uint64_t since = window_start(c, t);
	struct hg_kevents *k = NULL;
	int ret = drain(c, t, err, errlen);

	if (ret)
		return ret;
	/* the events before the window are of no use to any later copy either */
	hg_kevents_trim(c->rd->k, since);
	c->rd->k->start_cycles = c->start_cycles;
	c->rd->k->end_cycles = end;
	if (keep)
		ret = hg_kevents_dup(c->rd->k, &k);
	else
		k = c->rd->k;
	if (!ret)
		ret = fill_cpus(c->rd, k, since);
	if (ret) {
		if (keep)
			hg_kevents_free(k);
		snprintf(err, errlen, "out of memory");
		return ret;
	}
	if (!keep)
		c->rd->k = NULL;	/* the caller's now */
	*out = k;
	return 0;
}

int hg_kcapture_snapshot(struct hg_kcapture *c, const struct hg_trace *t,
			 struct hg_kevents **out, char *err, size_t errlen)
{
	return take(c, t, t->stop_cycles, true, out, err, errlen);
}

int hg_kcapture_collect(struct hg_kcapture *c, const struct hg_trace *t,
			struct hg_kevents **out, char *err, size_t errlen)
{
	return take(c, t, c->end_cycles, false, out, err, errlen);
}

void hg_kread_free(struct hg_kread *r)
{
	if (!r)
		return;
	if (r->tep)
		tep_free(r->tep);
	hg_kevents_free(r->k);
	free(r->first);
	free(r->last);
	free(r);
}
