// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * overheads.c - switch and cache costs taken from ctxcost and cachecost
 * JSON documents (parsed by the caller with json-c), charged to the jobs
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "analysis/sched/overheads.h"
#include "analysis/sched/rtamath.h"
#include "util/timeval.h"
#include "trace/wire.h"

uint64_t hg_overheads_per_job(const struct hg_overheads *o)
{
	return hg_sat_add(hg_sat_mul(2, o->switch_ns), o->cache_ns);
}

void hg_overheads_apply(struct hg_rta_task *ts, size_t n, const struct hg_overheads *o)
{
	uint64_t add = hg_overheads_per_job(o);
	size_t i;

	for (i = 0; i < n; i++)
		ts[i].c_ns = hg_sat_add(ts[i].c_ns, add);
}

/* A finite number >= 0 at @key of @o into @v (ns from @scale x the value). */
static int number(struct json_object *o, const char *key, double scale, double *v)
{
	struct json_object *x;

	if (!o || !json_object_object_get_ex(o, key, &x) ||
	    !(json_object_is_type(x, json_type_int) || json_object_is_type(x, json_type_double)))
		return 0;
	*v = json_object_get_double(x) * scale;
	return isfinite(*v) && *v >= 0 && *v < 1e18;
}

/* ctxcost: S, the larger of the two classes' median switch costs. */
static int from_ctxcost(struct json_object *root, struct hg_overheads *o)
{
	static const char *const classes[] = { "voluntary", "involuntary" };
	double best = -1, v;
	size_t i;

	for (i = 0; i < 2; i++) {
		struct json_object *c = NULL;

		json_object_object_get_ex(root, classes[i], &c);
		if (number(c, "median_ns", 1, &v) && v > best)
			best = v;
	}
	if (best < 0)
		return -ENOENT;
	o->switch_ns = (uint64_t)llround(best);
	return 0;
}

/* cachecost: P, the largest penalty over the sizes that could be measured. */
static int from_cachecost(struct json_object *root, struct hg_overheads *o)
{
	struct json_object *sizes = NULL, *m;
	double best = -1, v, kb = 0;
	size_t i, n;

	if (!json_object_object_get_ex(root, "sizes", &sizes) ||
	    !json_object_is_type(sizes, json_type_array))
		return -ENOENT;
	n = json_object_array_length(sizes);
	for (i = 0; i < n; i++) {
		struct json_object *s = json_object_array_get_idx(sizes, i);

		if (json_object_object_get_ex(s, "measurable", &m) && !json_object_get_boolean(m))
			continue;
		if (number(s, "penalty_us", 1000, &v) && v > best) {
			best = v;
			if (!number(s, "size_kb", 1, &kb))
				kb = 0;
		}
	}
	if (best < 0)
		return -ENOENT;
	o->cache_ns = (uint64_t)llround(best);
	o->cache_kb = (uint64_t)kb;
	return 0;
}

/* @what after the ", "-separated list in @list. */
static void append(char *list, size_t len, const char *what)
{
	size_t at = strlen(list);

	snprintf(list + at, len - at, "%s%s", at ? ", " : "", what);
	hg_tame(list);
}

int hg_overheads_from_doc(struct json_object *root, const char *name, struct hg_overheads *o,
			  char *err, size_t errlen)
{
	static const char *const kinds[] = { "", "ctxcost", "cachecost" };
	struct json_object *gen = NULL;
	char why[256];
	int kind = 0, ret;

	/* which command wrote it, kept past the document's end */
	if (root && json_object_object_get_ex(root, "generator", &gen) &&
	    json_object_is_type(gen, json_type_string)) {
		const char *g = json_object_get_string(gen);

		kind = !strcmp(g, "hourglass ctxcost") ? 1 : !strcmp(g, "hourglass cachecost") ? 2 : 0;
	}
	if (kind == 1)
		ret = from_ctxcost(root, o);
	else if (kind == 2)
		ret = from_cachecost(root, o);
	else
		ret = -EINVAL;
	if (!ret && json_object_object_get_ex(root, "quiet", &gen) &&
	    json_object_is_type(gen, json_type_boolean) && !json_object_get_boolean(gen))
		append(o->noisy, sizeof(o->noisy), name);
	if (ret == -EINVAL)
		snprintf(err, errlen, "%s: not the JSON of ctxcost --json or cachecost --json "
			 "(no \"generator\" of either)", name);
	else if (ret)
		snprintf(err, errlen, "%s: no cost measured in it (%s)", name,
			 kind == 1 ? "no median switch cost" : "no measurable penalty");
	if (ret) {
		hg_tame(err);
		return ret == -ENOENT ? -EINVAL : ret;
	}
	snprintf(why, sizeof(why), "%s %s", kinds[kind], name);
	hg_overheads_source(o, why);
	return 0;
}

void hg_overheads_source(struct hg_overheads *o, const char *what)
{
	append(o->source, sizeof(o->source), what);
}

static const char *const keys[] = {
	"overheads_switch_ns", "overheads_cache_ns", "overheads_cache_kb", "overheads_source",
	"overheads_not_quiet",
};

int hg_overheads_to_sys(struct hg_trace *t, const struct hg_overheads *o)
{
	const uint64_t v[3] = { o->switch_ns, o->cache_ns, o->cache_kb };
	char buf[32];
	size_t i;

	if (!hg_overheads_any(o))
		return 0;
	for (i = 0; i < 3; i++) {
		snprintf(buf, sizeof(buf), "%" PRIu64, v[i]);
		if (hg_trace_add_sys(t, keys[i], buf))
			return -ENOMEM;
	}
	if (hg_trace_add_sys(t, keys[3], o->source) ||
	    (o->noisy[0] && hg_trace_add_sys(t, keys[4], o->noisy)))
		return -ENOMEM;
	return 0;
}

void hg_overheads_from_sys(const struct hg_trace *t, struct hg_overheads *o)
{
	uint64_t *v[3] = { &o->switch_ns, &o->cache_ns, &o->cache_kb };
	const char *s;
	size_t i;

	memset(o, 0, sizeof(*o));
	for (i = 0; i < 3; i++) {
		s = hg_trace_sys(t, keys[i]);
		if (!s || hg_parse_u64(s, v[i]) || *v[i] > HG_RTA_LCM_CAP) {
			memset(o, 0, sizeof(*o));
			return;
		}
	}
	s = hg_trace_sys(t, keys[3]);
	snprintf(o->source, sizeof(o->source), "%s", s ? s : "");
	s = hg_trace_sys(t, keys[4]);
	snprintf(o->noisy, sizeof(o->noisy), "%s", s ? s : "");
}
