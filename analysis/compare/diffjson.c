// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diffjson.c - a trial for diff from a run's summary JSON, parsed with json-c
 *
 * A summary holds statistics, not samples: its values can be compared
 * across trials (Welch), never tested within one. Every field read is
 * checked against its type and range (schemas/summary.schema.json) before
 * it is converted: a file that breaks one is refused, naming the field.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "analysis/compare/diffaudit.h"
#include "analysis/compare/diffchain.h"
#include "analysis/compare/diffcause.h"
#include "analysis/compare/diffjson.h"
#include "trace/wire.h"

/* Where a reading is: the file's message buffer. */
struct rd {
	char *err;
	size_t errlen;
};

/* "<path>: <value> <why>", the value bounded; returns -EINVAL. */
static int bad(struct rd *r, const char *path, struct json_object *v, const char *why)
{
	const char *text = v ? json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN) : "";
	int len = (int)strlen(text);

	snprintf(r->err, r->errlen, "%s: %.*s%s%s%s", path, len > 40 ? 40 : len, text,
		 len > 40 ? "..." : "", v ? " " : "", why);
	return -EINVAL;
}

/* @o's member @key, or NULL (absent or null: no value). */
static struct json_object *member(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	if (!o || !json_object_object_get_ex(o, key, &v) || json_object_is_type(v, json_type_null))
		return NULL;
	return v;
}

/*
 * A whole number from 0 to @max at @path (@o's @key): @*x, and @*have
 * whether there was one (absent or null: none). Returns 0 or -EINVAL.
 */
static int whole(struct rd *r, struct json_object *o, const char *path, const char *key,
		 int64_t max, double *x, bool *have)
{
	struct json_object *v = member(o, key);
	char at[HG_DIFF_PATH];
	int64_t n;

	*have = false;
	if (!v)
		return 0;
	snprintf(at, sizeof(at), "%s.%s", path, key);
	if (json_object_is_type(v, json_type_double) && !isfinite(json_object_get_double(v)))
		return bad(r, at, v, "is not a number (a whole number is wanted)");
	if (!json_object_is_type(v, json_type_int))
		return bad(r, at, v, "is not a whole number");
	n = json_object_get_int64(v);	/* beyond int64: INT64_MAX, out of range */
	if (n < 0 || n > max) {
		char why[80];

		snprintf(why, sizeof(why), "is out of range (0 to %" PRId64 ")", max);
		return bad(r, at, v, why);
	}
	*x = (double)n;
	*have = true;
	return 0;
}

/* A finite number of at least 0 at @path (@o's @key), as whole() does. */
static int real(struct rd *r, struct json_object *o, const char *path, const char *key,
		double *x, bool *have)
{
	struct json_object *v = member(o, key);
	char at[HG_DIFF_PATH];
	double d;

	*have = false;
	if (!v)
		return 0;
	snprintf(at, sizeof(at), "%s.%s", path, key);
	if (!json_object_is_type(v, json_type_int) && !json_object_is_type(v, json_type_double))
		return bad(r, at, v, "is not a number");
	d = json_object_get_double(v);
	if (!isfinite(d) || d < 0 || d > HG_DIFF_JSON_MAX_VALUE)
		return bad(r, at, v, "is out of range (a finite number from 0)");
	*x = d;
	*have = true;
	return 0;
}

/* @o's member @key, which must be an object when present: @*out, or NULL. */
static int object(struct rd *r, struct json_object *o, const char *path, const char *key,
		  struct json_object **out)
{
	char at[HG_DIFF_PATH];

	*out = member(o, key);
	if (!*out || json_object_is_type(*out, json_type_object))
		return 0;
	snprintf(at, sizeof(at), "%s%s%s", path, *path ? "." : "", key);
	return bad(r, at, *out, "is not an object");
}

/* A statistics object (count, median_ns, p99_ns, p999_ns, max_ns) as @base. */
static int stats(struct rd *r, struct hg_diff_trial *tr, struct json_object *o,
		 const char *path, const char *base)
{
	static const char *const keys[4] = { "median_ns", "p99_ns", "p999_ns", "max_ns" };
	double pct[4] = { 0 }, count = 0;
	bool have, all;
	int i, ret;

	ret = whole(r, o, path, "count", HG_DIFF_JSON_MAX_VALUE, &count, &all);
	for (i = 0; !ret && i < 4; i++) {
		ret = whole(r, o, path, keys[i], HG_DIFF_JSON_MAX_VALUE, &pct[i], &have);
		pct[i] /= 1000;
		all = all && have;
	}
	/* no statistics (none in the run: null) are no values, as before */
	return ret ? ret : all ? hg_diff_add_stats(tr, base, count, pct) : 0;
}

/* "<path>.<key>: missing (every cause has one)"; returns -EINVAL. */
static int missing(struct rd *r, const char *path, const char *key)
{
	snprintf(r->err, r->errlen, "%s.%s: missing (every cause has one)", path, key);
	return -EINVAL;
}

/*
 * Thread @id's "causes" (at @path): each an object with a kind of cause and
 * whole numbers count and total_ns; none when absent or null.
 */
static int causes(struct rd *r, struct hg_diff_trial *tr, struct json_object *th,
		  const char *path, int id)
{
	double us[HG_KC_NKINDS] = { 0 }, count[HG_KC_NKINDS] = { 0 };
	struct json_object *arr = member(th, "causes");
	char at[HG_DIFF_PATH], why[160];
	size_t i;
	int k;

	if (!arr)
		return 0;
	snprintf(at, sizeof(at), "%s.causes", path);
	if (!json_object_is_type(arr, json_type_array))
		return bad(r, at, arr, "is not an array");
	for (i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *c = json_object_array_get_idx(arr, i), *kind;
		double n, ns;
		bool have_n, have_ns;
		int ret;

		snprintf(at, sizeof(at), "%s.causes[%zu]", path, i);
		if (!json_object_is_type(c, json_type_object))
			return bad(r, at, c, "is not an object");
		kind = member(c, "kind");
		if (!kind)
			return missing(r, at, "kind");
		k = json_object_is_type(kind, json_type_string) ?
		    hg_diff_cause_kind(json_object_get_string(kind)) : -1;
		if (k < 0) {
			int len = snprintf(why, sizeof(why), "is not a kind of cause (");

			for (k = 0; k < HG_KC_NKINDS && len < (int)sizeof(why); k++)
				len += snprintf(why + len, sizeof(why) - (size_t)len, "%s%s",
						hg_kcause_name((enum hg_kcause)k),
						k + 1 < HG_KC_NKINDS ? ", " : ")");
			snprintf(at, sizeof(at), "%s.causes[%zu].kind", path, i);
			return bad(r, at, kind, why);
		}
		ret = whole(r, c, at, "count", HG_DIFF_JSON_MAX_VALUE, &n, &have_n);
		if (!ret)
			ret = whole(r, c, at, "total_ns", HG_DIFF_JSON_MAX_VALUE, &ns, &have_ns);
		if (ret)
			return ret;
		if (!have_n || !have_ns)
			return missing(r, at, have_n ? "total_ns" : "count");
		us[k] += ns / 1000;
		count[k] += n;
	}
	return hg_diff_add_causes(tr, (unsigned int)id, us, count);
}

/* Thread @i of the array: its id (checked: in range, once) and its values. */
static int thread(struct rd *r, struct hg_diff_trial *tr, struct json_object *th, size_t i,
		  unsigned char *seen)
{
	struct json_object *gaps = NULL, *model = NULL, *lat = NULL;
	char path[32], sub[HG_DIFF_PATH - 32], name[HG_DIFF_NAME];
	double id, hits = 0, misses = 0, share = 0;
	bool have, have_h = false, have_m = false;
	int ret;

	snprintf(path, sizeof(path), "threads[%zu]", i);
	if (!json_object_is_type(th, json_type_object))
		return bad(r, path, th, "is not an object");
	ret = whole(r, th, path, "id", HG_DIFF_JSON_MAX_THREADS - 1, &id, &have);
	if (ret)
		return ret;
	if (!have) {
		snprintf(r->err, r->errlen, "%s.id: missing (every thread has one)", path);
		return -EINVAL;
	}
	if (seen[(int)id]++) {
		snprintf(r->err, r->errlen, "%s.id: %d again (an id names one thread)", path,
			 (int)id);
		return -EINVAL;
	}
	ret = object(r, th, path, "gaps", &gaps);
	if (!ret)
		ret = object(r, th, path, "model", &model);
	snprintf(sub, sizeof(sub), "%s.model", path);
	if (!ret)
		ret = object(r, model, sub, "lateness", &lat);
	if (ret)
		return ret;
	snprintf(sub, sizeof(sub), "%s.gaps", path);
	snprintf(name, sizeof(name), "thread%d.gap", (int)id);
	ret = stats(r, tr, gaps, sub, name);
	snprintf(sub, sizeof(sub), "%s.model.lateness", path);
	snprintf(name, sizeof(name), "thread%d.latency", (int)id);
	if (!ret)
		ret = stats(r, tr, lat, sub, name);
	snprintf(sub, sizeof(sub), "%s.model", path);
	if (!ret)
		ret = whole(r, model, sub, "hits", HG_DIFF_JSON_MAX_VALUE, &hits, &have_h);
	if (!ret)
		ret = whole(r, model, sub, "misses", HG_DIFF_JSON_MAX_VALUE, &misses, &have_m);
	if (!ret && have_h && have_m && hits + misses > 0) {
		snprintf(name, sizeof(name), "thread%d.misses", (int)id);
		ret = hg_diff_add(tr, name, misses, HG_DK_COUNT, HG_DS_VALUE, -1);
		snprintf(name, sizeof(name), "thread%d.jobs", (int)id);
		if (!ret)
			ret = hg_diff_add(tr, name, hits + misses, HG_DK_COUNT, HG_DS_VALUE, -1);
	}
	if (!ret)
		ret = real(r, th, path, "share", &share, &have);
	snprintf(name, sizeof(name), "thread%d.share", (int)id);
	if (!ret && have)
		ret = hg_diff_add(tr, name, 100 * share, HG_DK_SHARE, HG_DS_VALUE, -1);
	if (!ret)
		ret = causes(r, tr, th, path, (int)id);
	if (ret == -ENOMEM)
		snprintf(r->err, r->errlen, "%s", strerror(ENOMEM));
	return ret;
}

/* The snapshot's strings and the gap threshold. */
static int run_values(struct rd *r, struct hg_diff_trial *tr, struct json_object *root)
{
	struct json_object *sys = NULL, *cal = NULL, *v;
	char at[HG_DIFF_PATH];
	double thr = 0;
	bool have;
	size_t i;
	int ret;

	ret = object(r, root, "", "system", &sys);
	if (!ret)
		ret = object(r, root, "", "calibration", &cal);
	if (!ret)
		ret = whole(r, cal, "calibration", "gap_threshold_ns", HG_DIFF_JSON_MAX_VALUE,
			    &thr, &have);
	if (ret)
		return ret;
	tr->gap_threshold_ns = (uint64_t)thr;
	for (i = 0; sys && i < HG_DIFF_SYS; i++) {
		v = member(sys, hg_diff_sys_keys[i]);
		if (!v)
			continue;
		if (!json_object_is_type(v, json_type_string)) {
			snprintf(at, sizeof(at), "system.%s", hg_diff_sys_keys[i]);
			return bad(r, at, v, "is not a string");
		}
		tr->sys[i] = strdup(json_object_get_string(v));
		if (!tr->sys[i]) {
			snprintf(r->err, r->errlen, "%s", strerror(ENOMEM));
			return -ENOMEM;
		}
		hg_tame(tr->sys[i]);	/* printed: no escape reaches a terminal */
	}
	/* the command line, to say when two runs were asked for differently */
	ret = object(r, root, "", "run", &v);
	if (!ret && v)
		v = member(v, "command");
	if (!ret && v) {
		if (!json_object_is_type(v, json_type_string))
			return bad(r, "run.command", v, "is not a string");
		tr->command = strdup(json_object_get_string(v));
		if (!tr->command) {
			snprintf(r->err, r->errlen, "%s", strerror(ENOMEM));
			return -ENOMEM;
		}
		hg_tame(tr->command);	/* printed: no escape reaches a terminal */
	}
	return ret;
}

int hg_diff_from_root(struct json_object *root, struct hg_diff_trial *tr, char *err,
		      size_t errlen)
{
	struct json_object *threads;
	struct rd r = { .err = err, .errlen = errlen };
	unsigned char *seen;
	size_t i, n;
	int ret;

	memset(tr, 0, sizeof(*tr));
	if (!json_object_is_type(root, json_type_object) ||
	    !json_object_object_get_ex(root, "threads", &threads) ||
	    !json_object_is_type(threads, json_type_array)) {
		snprintf(err, errlen, "not a summary JSON file (no \"threads\" array)");
		return -EINVAL;
	}
	n = json_object_array_length(threads);
	seen = calloc(HG_DIFF_JSON_MAX_THREADS, 1);
	if (n > HG_DIFF_JSON_MAX_THREADS) {
		snprintf(err, errlen, "threads: %zu threads, more than a run has (%d)", n,
			 HG_DIFF_JSON_MAX_THREADS);
		ret = -EINVAL;
	} else if (!seen) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		ret = -ENOMEM;
	} else {
		ret = run_values(&r, tr, root);
		if (!ret && (ret = hg_diff_audit_from_json(root, tr)))
			snprintf(err, errlen, "%s", strerror(-ret));
	}
	for (i = 0; !ret && i < n; i++)
		ret = thread(&r, tr, json_object_array_get_idx(threads, i), i, seen);
	if (!ret)
		ret = hg_diff_chains_json(root, tr, err, errlen);
	free(seen);
	if (ret)
		hg_diff_trial_free(tr);
	return ret;
}
