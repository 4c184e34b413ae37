// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rtafrom.c - rta --from's report (rtafrom.h)
 */
#include <stdbool.h>
#include <stdint.h>

#include "analysis/cpuset.h"
#include "analysis/rtamath.h"
#include "report/rtafrom.h"
#include "trace/timeval.h"

/* The bound a task's observed response is held against: with the overheads when analysed. */
static const struct hg_rta_result *bound_of(size_t i, const struct hg_rta_result *r,
					    const struct hg_rta_result *ro)
{
	return ro ? &ro[i] : &r[i];
}

/* Whether @b is a bound a response can be held against. */
static bool is_bound(const struct hg_rta_result *b)
{
	return (b->bound == HG_RTA_EXACT || b->bound == HG_RTA_UPPER) &&
	       b->response_ns != UINT64_MAX;
}

/* Whether task @i's observed response passed its bound. */
static bool wrong(const struct hg_tsfrom_task *ft, const struct hg_rta_result *b)
{
	return ft->observed_count && is_bound(b) && ft->observed_ns > b->response_ns;
}

size_t hg_rtafrom_wrong(const struct hg_taskset *s, const struct hg_rta_result *r,
			const struct hg_rta_result *ro)
{
	size_t i, n = 0;

	for (i = 0; s->from && i < s->n; i++)
		n += wrong(&s->from->task[i], bound_of(i, r, ro));
	return n;
}

/* "<name> <ms> ms (<source>: <how>" and ")" unless @open. */
static void value(FILE *f, const char *name, uint64_t ns, const struct hg_tsfrom_value *v,
		  bool open)
{
	char a[32];

	fprintf(f, "%s %s ms (%s: %s%s", name, hg_format_ms3(ns, a, sizeof(a)),
		hg_tsfrom_src_name(v->src), v->how, open ? "" : ")");
}

/* Task @i's values and their sources. */
static void print_values(FILE *f, const struct hg_taskset *s, size_t i)
{
	const struct hg_tsfrom_task *ft = &s->from->task[i];
	const struct hg_rta_task *k = &s->task[i].rta;
	char a[32], c[32], b[256];

	fprintf(f, "# rta: from %s: thread %u (%s): ", s->from->path, k->id, s->task[i].label);
	value(f, "C", k->c_ns, &ft->c, true);
	if (ft->c.src == HG_TSFROM_MEASURED)
		fprintf(f, ", of %llu", (unsigned long long)ft->jobs);
	if (ft->c.src == HG_TSFROM_MEASURED && ft->c_config_ns)
		fprintf(f, "; its options' %s ms", hg_format_ms3(ft->c_config_ns, a, sizeof(a)));
	fprintf(f, "), ");
	value(f, "T", k->t_ns, &ft->t, false);
	fprintf(f, ", ");
	value(f, "D", k->d_ns, &ft->d, false);
	fprintf(f, ", ");
	value(f, "J", k->j_ns, &ft->j, false);
	fprintf(f, ", ");
	value(f, "B", hg_sat_add(k->b_ns, ft->b_lock_ns), &ft->b, true);
	if (ft->locks)
		fprintf(f, ": %s ms and %s ms", hg_format_ms3(ft->b_measured_ns, a, sizeof(a)),
			hg_format_ms3(ft->b_lock_ns, c, sizeof(c)));
	fprintf(f, "), priority %s on CPUs %s (%s: %s)\n", s->task[i].prio,
		hg_cpuset_format(&k->cpus, b, sizeof(b)), hg_tsfrom_src_name(ft->prio.src),
		ft->prio.how);
}

/* Task @i's bound beside its worst response in the run. */
static void print_held(FILE *f, const struct hg_taskset *s, size_t i,
		       const struct hg_rta_result *r, const struct hg_rta_result *ro)
{
	const struct hg_tsfrom_task *ft = &s->from->task[i];
	const struct hg_rta_result *b = bound_of(i, r, ro);
	char a[32], c[32], d[32];

	fprintf(f, "# rta: from %s: thread %u: ", s->from->path, s->task[i].rta.id);
	if (!ft->observed_count)
		fprintf(f, "no response measured");
	else
		fprintf(f, "measured worst %s %s ms (of %llu%s)",
			ft->observed_lateness ? "lateness" : "response",
			hg_format_ms3(ft->observed_ns, a, sizeof(a)),
			(unsigned long long)ft->observed_count,
			ft->observed_lateness ? "; the run after each wake-up is not traced" : "");
	if (!is_bound(b)) {
		fprintf(f, ", no bound%s (%s)\n", ro ? " with the overheads" : "",
			hg_rta_bound_name(b->bound));
		return;
	}
	fprintf(f, ", bound %s ms%s", hg_format_ms3(b->response_ns, c, sizeof(c)),
		ro ? " with the overheads" : "");
	if (!ft->observed_count)
		fprintf(f, "\n");
	else if (wrong(ft, b))
		fprintf(f, ": ABOVE THE BOUND by %s ms: the model is wrong for this run (a cost "
			"it leaves out, or a value measured too low)\n",
			hg_format_ms3(ft->observed_ns - b->response_ns, d, sizeof(d)));
	else
		fprintf(f, ": holds (%s ms to spare)\n",
			hg_format_ms3(b->response_ns - ft->observed_ns, d, sizeof(d)));
}

void hg_print_rtafrom(FILE *f, const struct hg_taskset *s, const struct hg_rta_result *r,
		      const struct hg_rta_result *ro)
{
	const struct hg_tsfrom *fr = s->from;
	size_t i;

	if (!fr)
		return;
	fprintf(f, "# rta: from %s: the task set of the run (measured: from its records; "
		"config: its options, kept in the trace; assumed: neither)\n", fr->path);
	for (i = 0; i < s->n; i++)
		print_values(f, s, i);
	fprintf(f, "# rta: from %s: switch overheads (%s: %s)\n", fr->path,
		hg_tsfrom_src_name(fr->ovh.src), fr->ovh.how);
	for (i = 0; i < s->n; i++)
		print_held(f, s, i, r, ro);
	for (i = 0; i < fr->nleft; i++)
		fprintf(f, "# rta: from %s: thread %u is not analysed: %s\n", fr->path,
			fr->left[i].id, fr->left[i].why);
}

/* @key_source, @key_how of @v. */
static void json_value(struct hg_json *j, const char *src_key, const char *how_key,
		       const struct hg_tsfrom_value *v)
{
	hg_json_string(j, src_key, hg_tsfrom_src_name(v->src));
	hg_json_string(j, how_key, v->how);
}

/* Task @i's object of "from"'s tasks. */
static void json_task(struct hg_json *j, const struct hg_taskset *s, size_t i,
		      const struct hg_rta_result *r, const struct hg_rta_result *ro)
{
	const struct hg_tsfrom_task *ft = &s->from->task[i];
	const struct hg_rta_result *b = bound_of(i, r, ro);

	hg_json_row_obj(j, NULL);
	hg_json_u64(j, "thread", s->task[i].rta.id);
	hg_json_u64(j, "jobs", ft->jobs);
	json_value(j, "c_source", "c_how", &ft->c);
	if (ft->c_config_ns)
		hg_json_u64(j, "c_config_ns", ft->c_config_ns);
	else
		hg_json_null(j, "c_config_ns");
	json_value(j, "t_source", "t_how", &ft->t);
	json_value(j, "d_source", "d_how", &ft->d);
	json_value(j, "j_source", "j_how", &ft->j);
	json_value(j, "b_source", "b_how", &ft->b);
	if (ft->locks)
		hg_json_u64(j, "b_measured_ns", ft->b_measured_ns);
	else
		hg_json_null(j, "b_measured_ns");
	json_value(j, "priority_source", "priority_how", &ft->prio);
	hg_json_u64(j, "observed_responses", ft->observed_count);
	if (ft->observed_count)
		hg_json_u64(j, "observed_response_ns", ft->observed_ns);
	else
		hg_json_null(j, "observed_response_ns");
	hg_json_bool(j, "observed_is_lateness", ft->observed_lateness);
	if (is_bound(b))
		hg_json_u64(j, "bound_ns", b->response_ns);
	else
		hg_json_null(j, "bound_ns");
	hg_json_bool(j, "bound_with_overheads", ro != NULL);
	hg_json_bool(j, "model_wrong", wrong(ft, b));
	hg_json_close(j);
}

void hg_print_rtafrom_json(struct hg_json *j, const struct hg_taskset *s,
			   const struct hg_rta_result *r, const struct hg_rta_result *ro)
{
	const struct hg_tsfrom *fr = s->from;
	size_t i;

	if (!fr) {
		hg_json_null(j, "from");
		return;
	}
	hg_json_obj(j, "from");
	hg_json_string(j, "trace", fr->path);
	json_value(j, "overheads_source", "overheads_how", &fr->ovh);
	hg_json_u64(j, "model_wrong", hg_rtafrom_wrong(s, r, ro));
	hg_json_arr(j, "tasks");
	for (i = 0; i < s->n; i++)
		json_task(j, s, i, r, ro);
	hg_json_close(j);
	hg_json_arr(j, "left_out");
	for (i = 0; i < fr->nleft; i++) {
		hg_json_row_obj(j, NULL);
		hg_json_u64(j, "thread", fr->left[i].id);
		hg_json_string(j, "why", fr->left[i].why);
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_json_close(j);
}
