// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ksched.c - the kernel's events from perf script text, as a --kernel
 * capture holds them (the rules are ksched.h's)
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/ksched.h"
#include "analysis/perftext.h"
#include "analysis/sched.h"
#include "util/infile.h"
#include "trace/wire.h"

#define NAME_MAX_LEN (HG_KEV_NAME_LEN + 1)	/* a byte more than a name keeps:
						 * interning cuts where a character starts */
#define MAX_SEEN 64	/* tracepoints named, at most */

/* One line cut into its parts. */
struct pline {
	uint32_t cpu;
	uint64_t ns;
	int digits;			/* of the fraction */
	char sys[32], ev[64];
	const char *args, *end;		/* the fields: "key=value ..." */
};

struct parser {
	const struct hg_trace *t;
	struct hg_kevents *k;
	uint64_t lo_ns, hi_ns;		/* the run, CLOCK_MONOTONIC */
	uint64_t first, last;		/* the events kept, on the counter */
	bool names_worker, any_switch;
	uint64_t cpu_seen[HG_KEV_MAX_CPUS / 64];	/* in k->cpus, a bit a CPU */
};

/* "[<cpu>] <s>.<frac>: " at @p: the CPU and the time; the text after it, or NULL. */
static const char *stamp(const char *p, const char *end, struct pline *l)
{
	uint64_t cpu, sec, frac;
	int i;

	if (*p != '[' || !(p = hg_perf_number(p + 1, end, &cpu, NULL)) || p >= end || *p != ']' ||
	    cpu >= HG_KEV_MAX_CPUS)
		return NULL;
	for (p++; p < end && *p == ' '; p++)
		;
	if (!(p = hg_perf_number(p, end, &sec, NULL)) || p >= end || *p != '.' ||
	    !(p = hg_perf_number(p + 1, end, &frac, &l->digits)) || p >= end || *p != ':' ||
	    l->digits > 9 || sec > UINT64_MAX / 1000000000ULL - 1)
		return NULL;
	for (i = l->digits; i < 9; i++)
		frac *= 10;
	l->cpu = (uint32_t)cpu;
	l->ns = sec * 1000000000ULL + frac;
	return p + 1;
}

/* "<word>:" at @p into @dst; the text after the colon, or NULL. */
static const char *word(const char *p, const char *end, char *dst, size_t size)
{
	size_t n = 0;

	for (; p < end && *p != ':' && *p != ' '; p++)
		if (n + 1 < size)
			dst[n++] = *p;
	dst[n] = '\0';
	return n && p < end && *p == ':' ? p + 1 : NULL;
}

/*
 * Cut the line [@p, @end): "<comm> <pid>[/<tid>] [<cpu>] <time>: <sys>:<event>: <fields>".
 * The comm may hold anything: the first '[' that starts a CPU and a time is the one.
 * Returns 1 for an event line, 0 for another line.
 */
static int cut_line(const char *p, const char *end, struct pline *l)
{
	const char *q, *a;

	for (q = memchr(p, '[', (size_t)(end - p)); q;
	     q = memchr(q + 1, '[', (size_t)(end - q - 1))) {
		a = stamp(q, end, l);
		if (!a)
			continue;
		while (a < end && *a == ' ')
			a++;
		if (!(a = word(a, end, l->sys, sizeof(l->sys))) ||
		    !(a = word(a, end, l->ev, sizeof(l->ev))))
			return 0;
		l->args = a;
		l->end = end;
		return 1;
	}
	return 0;
}

/* The value of "<key>=" among the fields (at their start or after a space), or NULL. */
static const char *value(const struct pline *l, const char *key)
{
	size_t n = strlen(key);
	const char *p;

	for (p = l->args; p + n < l->end; p++)
		if ((p == l->args || p[-1] == ' ' || p[-1] == '[') && !memcmp(p, key, n) &&
		    p[n] == '=')
			return p + n + 1;
	return NULL;
}

static bool num(const struct pline *l, const char *key, uint32_t *v)
{
	const char *p = value(l, key);
	uint64_t x;

	if (!p || !hg_perf_number(p, l->end, &x, NULL) || x > UINT32_MAX)
		return false;
	*v = (uint32_t)x;
	return true;
}

/* A priority field ("-1" for SCHED_DEADLINE) as its code; unknown when absent. */
static uint8_t prio(const struct pline *l, const char *key)
{
	const char *p = value(l, key);
	bool neg = p && p < l->end && *p == '-';
	uint64_t x;

	if (!p || !hg_perf_number(p + neg, l->end, &x, NULL) || x > 1000)
		return HG_KPRIO_UNKNOWN;
	return hg_kprio_code(neg ? -(long)x : (long)x);
}

/*
 * A name: from "<key>=" up to @stop (a later field's " key=", or NULL for
 * the next space; "" for the line's end), interned. HG_KEV_NO_NAME when absent.
 */
static uint32_t name(struct parser *ps, const struct pline *l, const char *key, const char *stop)
{
	const char *p = value(l, key), *e = NULL, *s;
	char buf[NAME_MAX_LEN];
	size_t n;

	if (!p)
		return HG_KEV_NO_NAME;
	if (stop && *stop) {
		size_t sn = strlen(stop);

		for (s = p; s + sn <= l->end && !e; s++)
			if (!memcmp(s, stop, sn))
				e = s;
	} else if (stop) {
		e = l->end;
	}
	if (!e)
		for (e = p; e < l->end && *e != ' ' && *e != ']'; e++)
			;
	while (e > p && (e[-1] == ' ' || e[-1] == '\r'))
		e--;
	n = (size_t)(e - p) < sizeof(buf) - 1 ? (size_t)(e - p) : sizeof(buf) - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	/* tamed as it is interned: names from another tool's text reach terminals */
	return hg_kevents_intern(ps->k, buf);
}

static bool is_worker(const struct hg_trace *t, uint32_t pid)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].tid == pid && pid)
			return true;
	return false;
}

/* An irq_vectors "<name>_entry" or "<name>_exit": its type, @buf the name. */
static uint8_t vector(const char *ev, char *buf, size_t size)
{
	size_t n = strlen(ev);

	snprintf(buf, size, "%s", ev);
	if (n > 6 && n < size && !strcmp(ev + n - 6, "_entry")) {
		buf[n - 6] = '\0';
		return HG_KEV_VEC_ENTRY;
	}
	if (n > 5 && n < size && !strcmp(ev + n - 5, "_exit")) {
		buf[n - 5] = '\0';
		return HG_KEV_VEC_EXIT;
	}
	return 0;
}

static bool ends(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && !strcmp(s + n - m, suffix);
}

/*
 * nmi_handler: "<handler>() delta_ns: <n> handled: <n>" (its print format),
 * or "handler=<h> delta_ns=<n> ..." (the raw fields).
 */
static int decode_nmi(struct parser *ps, const struct pline *l, struct hg_kev *e,
		      const char **why)
{
	const char *p = l->args, *d, *h;
	char buf[NAME_MAX_LEN];
	uint64_t ns;
	size_t n;

	while (p < l->end && *p == ' ')
		p++;
	h = value(l, "handler");
	if (h)
		p = h;
	for (h = p; h < l->end && *h != ' ' && *h != '('; h++)
		;
	d = value(l, "delta_ns");
	if (!d) {
		size_t kn = strlen("delta_ns: ");

		for (d = p; d + kn <= l->end && memcmp(d, "delta_ns: ", kn); d++)
			;
		d = d + kn <= l->end ? d + kn : NULL;
	}
	if (h == p || !d || !hg_perf_number(d, l->end, &ns, NULL) || ns > UINT32_MAX) {
		*why = "no handler or delta_ns";
		return -EINVAL;
	}
	n = (size_t)(h - p) < sizeof(buf) - 1 ? (size_t)(h - p) : sizeof(buf) - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	e->type = HG_KEV_NMI;
	e->a = (uint32_t)ns;
	e->name = hg_kevents_intern(ps->k, buf);
	return 1;
}

/*
 * The record of line @l into @e. Returns 1 when it is one of ours, 0 when
 * skipped, -EINVAL with @why when its fields are not as perf prints them.
 */
static int decode(struct parser *ps, const struct pline *l, struct hg_kev *e, const char **why)
{
	const char *ev = l->ev;
	char buf[NAME_MAX_LEN];
	uint32_t x, y;
	const char *st;

	e->name = HG_KEV_NO_NAME;
	if (!strcmp(l->sys, "sched") && !strcmp(ev, "sched_switch")) {
		e->type = HG_KEV_SWITCH;
		st = value(l, "prev_state");
		if (!num(l, "prev_pid", &e->b) || !num(l, "next_pid", &e->a) || !st) {
			*why = "no prev_pid=, prev_state= or next_pid=";
			return -EINVAL;
		}
		e->name = name(ps, l, "next_comm", " next_pid=");
		e->flags = (uint8_t)(prio(l, "next_prio") << HG_KEV_PRIO_SHIFT);
		if (*st == 'R')
			e->flags |= HG_KEV_PREV_RUNNABLE;
		ps->any_switch = true;
		if (is_worker(ps->t, e->a) || is_worker(ps->t, e->b))
			ps->names_worker = true;
	} else if (!strcmp(l->sys, "sched") && (!strcmp(ev, "sched_wakeup") ||
						!strcmp(ev, "sched_waking"))) {
		if (strcmp(ev, "sched_wakeup"))
			return 0;
		e->type = HG_KEV_WAKEUP;
		if (!num(l, "pid", &e->a) || !num(l, "target_cpu", &e->b)) {
			*why = "no pid= or target_cpu=";
			return -EINVAL;
		}
		e->name = name(ps, l, "comm", " pid=");
	} else if (!strcmp(l->sys, "sched") && !strcmp(ev, "sched_migrate_task")) {
		e->type = HG_KEV_MIGRATE;
		if (!num(l, "pid", &e->a) || !num(l, "orig_cpu", &x) || !num(l, "dest_cpu", &y)) {
			*why = "no pid=, orig_cpu= or dest_cpu=";
			return -EINVAL;
		}
		e->b = (x & 0xffff) << 16 | (y & 0xffff);
		e->name = name(ps, l, "comm", " pid=");
	} else if (!strcmp(l->sys, "irq") && (!strcmp(ev, "irq_handler_entry") ||
					      !strcmp(ev, "irq_handler_exit"))) {
		e->type = ends(ev, "_entry") ? HG_KEV_IRQ_ENTRY : HG_KEV_IRQ_EXIT;
		if (!num(l, "irq", &e->a)) {
			*why = "no irq=";
			return -EINVAL;
		}
		if (e->type == HG_KEV_IRQ_ENTRY)
			e->name = name(ps, l, "name", "");
	} else if (!strcmp(l->sys, "irq") && (!strcmp(ev, "softirq_entry") ||
					      !strcmp(ev, "softirq_exit"))) {
		e->type = ends(ev, "_entry") ? HG_KEV_SOFTIRQ_ENTRY : HG_KEV_SOFTIRQ_EXIT;
		if (!num(l, "vec", &e->a)) {
			*why = "no vec=";
			return -EINVAL;
		}
	} else if (!strcmp(l->sys, "irq_vectors")) {
		e->type = vector(ev, buf, sizeof(buf));
		if (!e->type)
			return 0;
		if (!num(l, "vector", &e->a)) {
			*why = "no vector=";
			return -EINVAL;
		}
		e->name = hg_kevents_intern(ps->k, buf);
	} else if (!strcmp(l->sys, "timer") && !strcmp(ev, "hrtimer_expire_entry")) {
		e->type = HG_KEV_HRTIMER_ENTRY;
		e->name = value(l, "function") ? name(ps, l, "function", NULL) :
			hg_kevents_intern(ps->k, "hrtimer");
	} else if (!strcmp(l->sys, "timer") && !strcmp(ev, "hrtimer_expire_exit")) {
		e->type = HG_KEV_HRTIMER_EXIT;
	} else if (!strcmp(l->sys, "nmi") && !strcmp(ev, "nmi_handler")) {
		return decode_nmi(ps, l, e, why);
	} else {
		return 0;
	}
	return 1;
}

/* Name "<sys>:<event>" among the tracepoints, once. */
static int add_tp(struct hg_kevents *k, const struct pline *l)
{
	char tp[sizeof(l->sys) + sizeof(l->ev) + 1];
	uint32_t i;

	snprintf(tp, sizeof(tp), "%s:%s", l->sys, l->ev);
	for (i = 0; i < k->ntp; i++)
		if (!strcmp(k->tp[i], tp))
			return 0;
	return k->ntp < MAX_SEEN ? hg_kevents_add_tp(k, tp) : 0;
}

/*
 * Count CPU @cpu (below HG_KEV_MAX_CPUS) as captured: appended when first
 * seen, the array doubled when full; finish() sorts them
 */
static int add_cpu(struct parser *ps, uint32_t cpu)
{
	struct hg_kevents *k = ps->k;
	uint64_t bit = 1ULL << (cpu % 64);

	if (ps->cpu_seen[cpu / 64] & bit)
		return 0;
	if (!k->ncpus || (k->ncpus >= 4 && !(k->ncpus & (k->ncpus - 1)))) {
		struct hg_kcpu *c = realloc(k->cpus, (k->ncpus ? 2 * k->ncpus : 4) * sizeof(*c));

		if (!c)
			return -ENOMEM;
		k->cpus = c;
	}
	memset(&k->cpus[k->ncpus], 0, sizeof(k->cpus[0]));
	k->cpus[k->ncpus++].cpu = cpu;
	ps->cpu_seen[cpu / 64] |= bit;
	return 0;
}

static int by_cpu(const void *pa, const void *pb)
{
	const struct hg_kcpu *a = pa, *b = pb;

	return a->cpu < b->cpu ? -1 : a->cpu > b->cpu;
}

/* One event line: kept when known and inside the run. */
static int take(struct parser *ps, const struct pline *l, struct hg_ksched_info *info,
		const char **why)
{
	struct hg_kev e = { .cpu = (uint16_t)l->cpu };
	uint64_t res = 1;
	int i, ret;

	info->lines++;
	for (i = l->digits; i < 9; i++)
		res *= 10;
	if (res > info->resolution_ns)
		info->resolution_ns = res;
	if (l->ns < ps->lo_ns || l->ns > ps->hi_ns)
		return 0;
	ret = decode(ps, l, &e, why);
	if (ret <= 0)
		return ret;
	e.cycles = hg_trace_mono_cycles(ps->t, l->ns);	/* as attrib.c places switches */
	if (!ps->k->n || e.cycles < ps->first)
		ps->first = e.cycles;
	if (e.cycles > ps->last)
		ps->last = e.cycles;
	info->used++;
	if (add_cpu(ps, l->cpu) || add_tp(ps->k, l) || hg_kevents_add(ps->k, &e))
		return -ENOMEM;
	return 0;
}

static int finish(struct parser *ps, char *err, size_t errlen)
{
	struct hg_kevents *k = ps->k;
	uint32_t i;

	if (!k->n) {
		snprintf(err, errlen, "no event of the run's time (CLOCK_MONOTONIC %.6f to %.6f s): "
			 "another run, or perf record without -k CLOCK_MONOTONIC",
			 (double)ps->lo_ns / 1e9, (double)ps->hi_ns / 1e9);
		return -ERANGE;
	}
	if (ps->any_switch && !ps->names_worker) {
		snprintf(err, errlen, "no sched_switch event names a thread of this run: "
			 "a capture of another run");
		return -ESRCH;
	}
	hg_kevents_sort(k);
	qsort(k->cpus, k->ncpus, sizeof(*k->cpus), by_cpu);	/* as the text first named them */
	k->clock = HG_KCLOCK_MONO;
	k->start_cycles = ps->first;
	k->end_cycles = ps->last;
	for (i = 0; i < k->ncpus; i++) {
		k->cpus[i].begin_cycles = ps->first;
		k->cpus[i].end_cycles = ps->last;
	}
	return hg_kevents_check(k, err, errlen);
}

int hg_ksched_parse(const struct hg_trace *t, const char *text, size_t len,
		    struct hg_kevents **out, struct hg_ksched_info *info, char *err,
		    size_t errlen)
{
	const char *p = text, *end = text + len;
	struct parser ps = { .t = t };
	size_t line = 0;
	int ret = 0;

	memset(info, 0, sizeof(*info));
	if (!t->mono_start_ns && !t->mono_end_ns) {
		snprintf(err, errlen, "the trace keeps no CLOCK_MONOTONIC pair to place the text's times");
		return -ENODATA;
	}
	ps.lo_ns = t->mono_start_ns;
	ps.hi_ns = t->mono_end_ns;
	ps.k = calloc(1, sizeof(*ps.k));
	if (!ps.k)
		return -ENOMEM;
	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;
		const char *why = "";
		struct pline l;

		line++;
		if (*p != '#' && cut_line(p, le, &l)) {
			ret = take(&ps, &l, info, &why);
			if (ret == -EINVAL)
				snprintf(err, errlen, "line %zu: %s:%s: %s", line, l.sys, l.ev, why);
		}
		p = le + 1;
	}
	if (!ret && !info->lines) {
		snprintf(err, errlen, "no event line: not the text of perf script over a "
			 "capture of the sched, irq or irq_vectors events");
		ret = -EINVAL;
	}
	if (!ret)
		ret = finish(&ps, err, errlen);
	if (ret) {
		hg_kevents_free(ps.k);
		return ret;
	}
	*out = ps.k;
	return 0;
}

int hg_ksched_read(const struct hg_trace *t, const char *path, struct hg_kevents **out,
		   struct hg_ksched_info *info, char *err, size_t errlen)
{
	char *buf;
	size_t len;
	int ret;

	memset(info, 0, sizeof(*info));
	ret = hg_infile_slurp(path, HG_SCHED_MAX_BYTES, &buf, &len, err, errlen);
	if (!ret) {
		ret = hg_ksched_parse(t, buf, len, out, info, err, errlen);
		free(buf);
	}
	/* a file's name is another user's words: tamed as it is taken in */
	snprintf(info->source, sizeof(info->source), "%s", path);
	hg_tame(info->source);
	return ret;
}

/* ----------------------------------------------------- what is missing */

static bool has_tp(const struct hg_kevents *k, const char *const *tps)
{
	uint32_t i;

	for (; *tps; tps++)
		for (i = 0; i < k->ntp; i++)
			if (!strcmp(k->tp[i], *tps))
				return true;
	return false;
}

unsigned int hg_ksched_missing(const struct hg_kevents *k, char *buf, size_t len)
{
	static const char *const sw[] = { "sched:sched_switch", NULL };
	static const char *const irq[] = { "irq:irq_handler_entry", NULL };
	static const char *const soft[] = { "irq:softirq_entry", NULL };
	static const char *const timer[] = { "irq_vectors:local_timer_entry",
					     "timer:hrtimer_expire_entry", NULL };
	static const char *const ipi[] = { "irq_vectors:reschedule_entry",
					   "irq_vectors:call_function_entry",
					   "irq_vectors:call_function_single_entry",
					   "irq_vectors:irq_work_entry", NULL };
	static const char *const nmi[] = { "nmi:nmi_handler", NULL };
	static const struct {
		const char *const *tps;
		const char *what;
	} kinds[] = {
		{ sw, "no sched_switch events: other tasks' time shows as the thread's own "
		      "(kernel, unexplained)" },
		{ irq, "no irq_handler_entry events: interrupt handlers' time shows as unexplained" },
		{ soft, "no softirq_entry events: softirqs' time shows as unexplained" },
		{ timer, "no local_timer_entry or hrtimer_expire_entry events: timers' time shows "
			 "as unexplained" },
		{ ipi, "no reschedule, call_function or irq_work vector events: IPIs' time shows "
		       "as unexplained" },
		{ nmi, "no nmi_handler events: NMIs' time shows as unexplained" },
	};
	unsigned int n = 0;
	size_t i, at = 0;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (has_tp(k, kinds[i].tps))
			continue;
		if (at < len) {
			int w = snprintf(buf + at, len - at, "%s%s", n ? "; " : "", kinds[i].what);

			at += w > 0 ? (size_t)w : 0;
		}
		n++;
	}
	return n;
}
