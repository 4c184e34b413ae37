// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diffchain.c - the chains' reaction times and data ages as diff's values
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/compare/diffchain.h"
#include "analysis/sched/chainrun.h"

#define MAX_NS 9007199254740992.0	/* 2^53: a JSON number held exactly */

/* The values of @d in us as a distribution named @base (copied). */
static int add_dist(struct hg_diff_trial *tr, const char *base, const struct hg_chain_dist *d)
{
	double *v = malloc((d->s.count ? d->s.count : 1) * sizeof(*v));
	uint64_t i;

	if (!v)
		return -ENOMEM;
	for (i = 0; i < d->s.count; i++)
		v[i] = (double)d->v[i] / 1000;
	return hg_diff_add_dist(tr, base, v, d->s.count);
}

int hg_diff_chains_trace(const struct hg_trace *t, struct hg_diff_trial *tr)
{
	char name[HG_DIFF_NAME];
	struct hg_chain_meas m;
	uint32_t c;
	int ret = 0;

	for (c = 0; t->chains && !ret && c < t->chains->n; c++) {
		const struct hg_chain_run *ch = &t->chains->chain[c];

		ret = hg_chain_measure(ch, &m);
		if (ret)
			break;
		snprintf(name, sizeof(name), "chain.%s.reaction", ch->name);
		if (m.reaction.s.count)
			ret = add_dist(tr, name, &m.reaction);
		snprintf(name, sizeof(name), "chain.%s.data_age", ch->name);
		if (!ret && m.data_age.s.count)
			ret = add_dist(tr, name, &m.data_age);
		hg_chain_meas_free(&m);
	}
	return ret;
}

/* @o's @key: a whole number of ns, or null / missing (*@have false). */
static int ns_of(struct json_object *o, const char *key, double *v, bool *have)
{
	struct json_object *x = NULL;

	*have = false;
	if (!json_object_object_get_ex(o, key, &x) || !x)
		return 0;
	if (!json_object_is_type(x, json_type_int) && !json_object_is_type(x, json_type_double))
		return -EINVAL;
	*v = json_object_get_double(x);
	if (!isfinite(*v) || *v < 0 || *v > MAX_NS || *v != floor(*v))
		return -EINVAL;
	*have = true;
	return 0;
}

/* One figure object of chain @name: count, median, p99 and max. */
static int figure(struct hg_diff_trial *tr, struct json_object *o, const char *name,
		  const char *what, const char *path, char *err, size_t errlen)
{
	static const char *const keys[] = { "count", "median_ns", "p99_ns", "max_ns" };
	static const char *const sfx[] = { "count", "median", "p99", "max" };
	static const enum hg_diff_stat st[] = { HG_DS_COUNT, HG_DS_MEDIAN, HG_DS_P99, HG_DS_MAX };
	struct json_object *f = NULL;
	char at[HG_DIFF_NAME + 16];
	double v[4];
	bool have[4];
	int k, ret = 0;

	if (!json_object_object_get_ex(o, what, &f) || !json_object_is_type(f, json_type_object)) {
		snprintf(err, errlen, "%s.%s: not an object", path, what);
		return -EINVAL;
	}
	for (k = 0; k < 4; k++)
		if (ns_of(f, keys[k], &v[k], &have[k])) {
			snprintf(err, errlen, "%s.%s.%s: not a whole number from 0 to 2^53", path,
				 what, keys[k]);
			return -EINVAL;
		}
	for (k = 0; !ret && k < 4 && have[0] && v[0] > 0; k++) {
		snprintf(at, sizeof(at), "chain.%s.%s.%s", name, what, sfx[k]);
		if (have[k])
			ret = hg_diff_add(tr, at, k ? v[k] / 1000 : v[k],
					  k ? HG_DK_TIME : HG_DK_COUNT, st[k], -1);
	}
	return ret;
}

int hg_diff_chains_json(struct json_object *root, struct hg_diff_trial *tr, char *err,
			size_t errlen)
{
	struct json_object *cs = NULL, *ch, *nm;
	char path[32];
	size_t i, n;
	int ret = 0;

	if (!json_object_object_get_ex(root, "chains", &cs))
		return 0;
	if (!json_object_is_type(cs, json_type_array) ||
	    (n = json_object_array_length(cs)) > HG_CHAINS_MAX) {
		snprintf(err, errlen, "chains: not an array of at most %d chains", HG_CHAINS_MAX);
		return -EINVAL;
	}
	for (i = 0; !ret && i < n; i++) {
		snprintf(path, sizeof(path), "chains[%zu]", i);
		ch = json_object_array_get_idx(cs, i);
		if (!json_object_is_type(ch, json_type_object) ||
		    !json_object_object_get_ex(ch, "name", &nm) ||
		    !json_object_is_type(nm, json_type_string) ||
		    !hg_chain_name_ok(json_object_get_string(nm))) {
			snprintf(err, errlen, "%s.name: not a chain's name", path);
			return -EINVAL;
		}
		ret = figure(tr, ch, json_object_get_string(nm), "reaction", path, err, errlen);
		if (!ret)
			ret = figure(tr, ch, json_object_get_string(nm), "data_age", path, err,
				     errlen);
	}
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	return ret;
}
