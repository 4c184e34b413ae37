// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kthrot.c - rt-throttling's time beside the limit's, printed and as JSON
 * (see kthrot.h)
 */
#include <stdlib.h>

#include "report/kadvice.h"
#include "report/kthrot.h"
#include "util/timeval.h"

static const char *from_name(enum hg_kthrot_from from)
{
	return from == HG_KTHROT_FAIR_SERVER ? "fair_server" :
	       from == HG_KTHROT_SYSCTLS ? "sysctls" : "none";
}

/* What the reservation rests on, as a clause after "the ... imply". */
static void basis(const struct hg_trace *t, const struct hg_kthrot_cpu *c, char *buf,
		  size_t len)
{
	uint64_t hz = t->calib.tsc_hz;
	char res[32], per[32];
	int fair = hg_kadvice_fair_server(t);

	hg_format_ms3(hg_cycles_to_ns(c->reserve_cycles, hz), res, sizeof(res));
	hg_format_ms3(hg_cycles_to_ns(c->period_cycles, hz), per, sizeof(per));
	if (c->from == HG_KTHROT_FAIR_SERVER)
		snprintf(buf, len, "the fair server of CPU %u keeps %s ms of each %s ms for the "
			 "other classes, read from /sys/kernel/debug/sched/fair_server/cpu%u",
			 c->cpu, res, per, c->cpu);
	else
		snprintf(buf, len, "sched_rt_runtime_us %s of sched_rt_period_us %s: %s ms of each "
			 "%s ms kept for the other classes%s", hg_trace_sys(t, "rt_runtime_us"),
			 hg_trace_sys(t, "rt_period_us"), res, per, fair > 0 ?
			 "; from Linux 6.12 the fair server keeps them, by default as much, "
			 "its own settings not readable at the run" : "");
}

static const char *verdict(const struct hg_kthrot_cpu *c)
{
	if (hg_kthrot_agrees(c))
		return "agrees";
	return hg_kthrot_within(c) ? "within the limit, no stretch longer than the reservation "
				     "(the other classes took less than they may: they had less "
				     "to run then)" : "does not agree";
}

static void print_cpu(FILE *f, const struct hg_trace *t, const struct hg_kthrot_cpu *c)
{
	uint64_t hz = t->calib.tsc_hz, imp = hg_kthrot_implied(c);
	char each[32], all[32], im[32], why[384];

	hg_format_ms3(hg_cycles_to_ns(c->stretches ? c->cycles / c->stretches : 0, hz), each,
		      sizeof(each));
	hg_format_ms3(hg_cycles_to_ns(c->cycles, hz), all, sizeof(all));
	fprintf(f, "# rt-throttling: CPU %u throttled %u x %s ms = %s ms", c->cpu, c->stretches,
		each, all);
	if (c->from == HG_KTHROT_NONE) {
		fprintf(f, ", no limit in the trace's snapshot to weigh it against\n");
		return;
	}
	basis(t, c, why, sizeof(why));
	if (c->first == c->stretches) {
		fprintf(f, ", all in the run's first period: not weighed against the limit (the "
			"other classes may have spent part of its reservation before the run; a "
			"longer run weighs the periods after it; %s)\n", why);
		return;
	}
	if (c->first) {
		hg_format_ms3(hg_cycles_to_ns(c->first_cycles, hz), each, sizeof(each));
		fprintf(f, ", of which %u in the run's first period (%s ms: not weighed, the other "
			"classes may have spent part of its reservation before the run)", c->first,
			each);
	}
	fprintf(f, ", the %s imply %s ms%s: %s (measured %+.1f %%; %s)\n",
		c->from == HG_KTHROT_FAIR_SERVER ? "fair server's settings" : "sysctls",
		hg_format_ms3(hg_cycles_to_ns(imp, hz), im, sizeof(im)),
		c->first ? " for the others" : "", verdict(c), 100.0 * hg_kthrot_deviation(c), why);
}

void hg_print_kthrot(FILE *f, const struct hg_trace *t, const struct hg_kexplain *x)
{
	size_t i;

	for (i = 0; i < x->thr.ncpus; i++)
		print_cpu(f, t, &x->thr.cpus[i]);
}

/* A snapshot value as a number, or null. */
static void sys_json(struct hg_json *j, const struct hg_trace *t, const char *key,
		     const char *name)
{
	const char *v = hg_trace_sys(t, key);
	char *end;
	long long n = v ? strtoll(v, &end, 10) : 0;

	if (v && end != v && !*end)
		hg_json_i64(j, name, n);
	else
		hg_json_null(j, name);
}

void hg_kthrot_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kexplain *x)
{
	uint64_t hz = t->calib.tsc_hz;
	size_t i;

	hg_json_obj(j, "rt_throttling");
	sys_json(j, t, "rt_runtime_us", "sched_rt_runtime_us");
	sys_json(j, t, "rt_period_us", "sched_rt_period_us");
	hg_json_arr(j, "cpus");
	for (i = 0; i < x->thr.ncpus; i++) {
		const struct hg_kthrot_cpu *c = &x->thr.cpus[i];

		hg_json_obj(j, NULL);
		hg_json_u64(j, "cpu", c->cpu);
		hg_json_u64(j, "stretches", c->stretches);
		hg_json_u64(j, "throttled_ns", hg_cycles_to_ns(c->cycles, hz));
		hg_json_u64(j, "max_ns", hg_cycles_to_ns(c->max_cycles, hz));
		hg_json_u64(j, "first_period_stretches", c->first);
		hg_json_u64(j, "first_period_ns", hg_cycles_to_ns(c->first_cycles, hz));
		hg_json_string(j, "reserve_from", from_name(c->from));
		if (c->from == HG_KTHROT_NONE || c->first == c->stretches) {
			hg_json_null(j, "reserve_ns");
			hg_json_null(j, "period_ns");
			hg_json_null(j, "implied_ns");
			hg_json_null(j, "deviation");
			hg_json_null(j, "agrees");
			hg_json_null(j, "within_limit");
		} else {
			hg_json_u64(j, "reserve_ns", hg_cycles_to_ns(c->reserve_cycles, hz));
			hg_json_u64(j, "period_ns", hg_cycles_to_ns(c->period_cycles, hz));
			hg_json_u64(j, "implied_ns", hg_cycles_to_ns(hg_kthrot_implied(c), hz));
			hg_json_num(j, "deviation", hg_kthrot_deviation(c), 6);
			hg_json_bool(j, "agrees", hg_kthrot_agrees(c));
			hg_json_bool(j, "within_limit", hg_kthrot_within(c));
		}
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_json_close(j);
}
