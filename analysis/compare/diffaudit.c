// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diffaudit.c - a run's audit verdicts and its loads' throughputs, for diff
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "analysis/compare/diffaudit.h"
#include "trace/verdict.h"
#include "util/grow.h"
#include "util/tame.h"

#define KEYLEN (sizeof(HG_AUDIT_KEY) - 1)

int hg_diff_audit_add(struct hg_diff_trial *tr, const char *id, const char *verdict)
{
	enum hg_audit_verdict which;
	struct hg_diff_audit *a;

	if (HG_GROW(tr->audit, tr->capaudit, tr->naudit + 1))
		return -ENOMEM;
	a = &tr->audit[tr->naudit];
	a->id = strdup(id);
	if (!a->id)
		return -ENOMEM;
	hg_tame(a->id);		/* printed: no escape reaches a terminal */
	strcpy(a->verdict, hg_audit_verdict_parse(verdict, &which) ? "?" :
	       hg_audit_verdict_name(which));
	tr->naudit++;
	return 0;
}

const char *hg_diff_audit_find(const struct hg_diff_trial *tr, const char *id)
{
	size_t i;

	for (i = 0; i < tr->naudit; i++)
		if (!strcmp(tr->audit[i].id, id))
			return tr->audit[i].verdict;
	return NULL;
}

/* Load @profile's @rate as load.<profile>.throughput; a second one is left out. */
static int add_rate(struct hg_diff_trial *tr, const char *profile, double rate)
{
	char name[HG_DIFF_NAME];
	int ret;

	if (strlen(profile) > HG_DIFF_NAME - 20)
		return 0;
	snprintf(name, sizeof(name), "load.%s.throughput", profile);
	ret = hg_diff_add(tr, name, rate, HG_DK_COUNT, HG_DS_VALUE, -1);
	return ret == -EEXIST ? 0 : ret;
}

int hg_diff_audit_from_trace(const struct hg_trace *t, struct hg_diff_trial *tr)
{
	const char *prof, *rate;
	char key[48], *end;
	unsigned int i;
	size_t k;
	double v;
	int ret;

	for (k = 0; k < t->nsys; k++)
		if (!strncmp(t->sys[k].key, HG_AUDIT_KEY, KEYLEN) && t->sys[k].key[KEYLEN] &&
		    (ret = hg_diff_audit_add(tr, t->sys[k].key + KEYLEN, t->sys[k].value)))
			return ret;
	for (i = 0;; i++) {
		snprintf(key, sizeof(key), "load_%u_profile", i);
		prof = hg_trace_sys(t, key);
		if (!prof)
			return 0;
		snprintf(key, sizeof(key), "load_%u_throughput", i);
		rate = hg_trace_sys(t, key);
		if (!rate)
			continue;
		v = strtod(rate, &end);
		if (end != rate && !*end && (ret = add_rate(tr, prof, v)))
			return ret;
	}
}

/* The string member @key of @o, or NULL. */
static const char *str(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

int hg_diff_audit_from_json(struct json_object *root, struct hg_diff_trial *tr)
{
	struct json_object *arr, *o, *v;
	const char *id, *verdict;
	size_t i, n;
	int ret;

	if (json_object_object_get_ex(root, "audit", &arr) &&
	    json_object_is_type(arr, json_type_array)) {
		n = json_object_array_length(arr);
		for (i = 0; i < n; i++) {
			o = json_object_array_get_idx(arr, i);
			id = str(o, "id");
			verdict = str(o, "verdict");
			if (id && verdict && (ret = hg_diff_audit_add(tr, id, verdict)))
				return ret;
		}
	}
	if (!json_object_object_get_ex(root, "load", &arr) ||
	    !json_object_is_type(arr, json_type_array))
		return 0;
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		o = json_object_array_get_idx(arr, i);
		id = str(o, "profile");
		if (!id || !json_object_object_get_ex(o, "throughput", &v) ||
		    (!json_object_is_type(v, json_type_double) &&
		     !json_object_is_type(v, json_type_int)))
			continue;
		ret = add_rate(tr, id, json_object_get_double(v));
		if (ret)
			return ret;
	}
	return 0;
}
