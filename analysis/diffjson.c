// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diffjson.c - a trial for diff from a run's summary JSON, read with json-c
 *
 * A summary holds statistics, not samples: its values can be compared
 * across trials (Welch), never tested within one.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "analysis/diffjson.h"
#include "trace/infile.h"
#include "trace/wire.h"

static double num(struct json_object *o, const char *key, int *found)
{
	struct json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !(json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double))) {
		*found = 0;
		return 0;
	}
	return json_object_get_double(v);
}

/* A statistics object (count, median_ns, p99_ns, p999_ns, max_ns) as @base. */
static int stats(struct hg_diff_trial *tr, struct json_object *o, const char *base)
{
	static const char *const keys[4] = { "median_ns", "p99_ns", "p999_ns", "max_ns" };
	double pct[4], count;
	int found = 1, i;

	count = num(o, "count", &found);
	for (i = 0; i < 4; i++)
		pct[i] = num(o, keys[i], &found) / 1000;
	return found ? hg_diff_add_stats(tr, base, count, pct) : 0;
}

static int thread(struct hg_diff_trial *tr, struct json_object *th)
{
	struct json_object *gaps = NULL, *model = NULL, *lat = NULL;
	char name[HG_DIFF_NAME];
	double hits, misses, share;
	int found = 1, id, ret;

	id = (int)num(th, "id", &found);
	if (!found)
		return -EINVAL;
	json_object_object_get_ex(th, "gaps", &gaps);
	json_object_object_get_ex(th, "model", &model);
	if (model)
		json_object_object_get_ex(model, "lateness", &lat);
	snprintf(name, sizeof(name), "thread%d.gap", id);
	ret = stats(tr, gaps, name);
	snprintf(name, sizeof(name), "thread%d.latency", id);
	if (!ret && lat)
		ret = stats(tr, lat, name);
	hits = num(model, "hits", &found);
	misses = num(model, "misses", &found);
	if (!ret && found && hits + misses > 0) {
		snprintf(name, sizeof(name), "thread%d.misses", id);
		ret = hg_diff_add(tr, name, misses, HG_DK_COUNT, HG_DS_VALUE, -1);
		snprintf(name, sizeof(name), "thread%d.jobs", id);
		if (!ret)
			ret = hg_diff_add(tr, name, hits + misses, HG_DK_COUNT, HG_DS_VALUE, -1);
	}
	found = 1;
	share = num(th, "share", &found);
	snprintf(name, sizeof(name), "thread%d.share", id);
	if (!ret && found)
		ret = hg_diff_add(tr, name, 100 * share, HG_DK_SHARE, HG_DS_VALUE, -1);
	return ret;
}

/* The JSON at @path into @*root; 0, or -errno with the reason in @err. */
static int read_json(const char *path, struct json_object **root, char *err, size_t errlen)
{
	struct json_tokener *tok;
	char *text;
	size_t len;
	int ret;

	*root = NULL;
	/* the reason kept: a missing file is no "not a summary", a FIFO never blocks */
	ret = hg_infile_slurp(path, HG_DIFF_JSON_MAX_BYTES, &text, &len, err, errlen);
	if (ret)
		return ret;
	tok = json_tokener_new();
	if (!tok) {
		free(text);
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	*root = len <= INT_MAX - 1 ? json_tokener_parse_ex(tok, text, (int)len + 1) : NULL;
	if (!*root) {
		snprintf(err, errlen, "not a summary JSON file (not JSON: %s)",
			 json_tokener_error_desc(json_tokener_get_error(tok)));
		ret = -EINVAL;
	}
	json_tokener_free(tok);
	free(text);
	return ret;
}

int hg_diff_from_json(const char *path, struct hg_diff_trial *tr, char *err, size_t errlen)
{
	struct json_object *root, *threads, *sys = NULL, *cal = NULL, *v;
	int found = 1, ret = 0;
	size_t i;

	memset(tr, 0, sizeof(*tr));
	ret = read_json(path, &root, err, errlen);
	if (ret)
		return ret;
	if (!json_object_object_get_ex(root, "threads", &threads) ||
	    !json_object_is_type(threads, json_type_array)) {
		snprintf(err, errlen, "not a summary JSON file (no \"threads\" array)");
		json_object_put(root);
		return -EINVAL;
	}
	json_object_object_get_ex(root, "system", &sys);
	if (json_object_object_get_ex(root, "run", &v) &&
	    json_object_object_get_ex(v, "command", &v) &&
	    json_object_is_type(v, json_type_string)) {
		if (!(tr->command = strdup(json_object_get_string(v))))
			ret = -ENOMEM;
		else
			hg_tame(tr->command);	/* printed: no escape reaches a terminal */
	}
	json_object_object_get_ex(root, "calibration", &cal);
	tr->gap_threshold_ns = (uint64_t)num(cal, "gap_threshold_ns", &found);
	for (i = 0; sys && i < HG_DIFF_SYS; i++)
		if (json_object_object_get_ex(sys, hg_diff_sys_keys[i], &v) &&
		    json_object_is_type(v, json_type_string)) {
			if (!(tr->sys[i] = strdup(json_object_get_string(v))))
				ret = -ENOMEM;
			else
				hg_tame(tr->sys[i]);	/* printed: no escape reaches a terminal */
		}
	for (i = 0; !ret && i < json_object_array_length(threads); i++)
		ret = thread(tr, json_object_array_get_idx(threads, i));
	json_object_put(root);
	if (ret) {
		snprintf(err, errlen, "%s", ret == -EINVAL ? "a thread without an id" :
			 strerror(-ret));
		hg_diff_trial_free(tr);
	}
	return ret;
}
