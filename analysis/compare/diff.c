// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diff.c - two sets of trials compared value by value
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare/diff.h"
#include "analysis/stats/padjust.h"
#include "analysis/stats/stats.h"
#include "analysis/stats/tailcmp.h"

#define REPS 1000

/* Is @name in every trial of @t? */
static bool everywhere(const struct hg_diff_trial *t, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!hg_diff_find(&t[i], name))
			return false;
	return true;
}

static double mean_of(const struct hg_diff_trial *t, size_t n, const char *name, double *v)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		v[i] = hg_diff_find(&t[i], name)->v;
		sum += v[i];
	}
	return sum / (double)n;
}

/* One trial each, both with the samples: test on the distributions. */
static int on_samples(const struct hg_diff_dist *da, const struct hg_diff_dist *db,
		      enum hg_diff_stat stat, struct hg_diff_row *r)
{
	static const double pct[] = { [HG_DS_MEDIAN] = 50, [HG_DS_P99] = 99,
				      [HG_DS_P999] = 99.9 };
	struct hg_test t;
	struct hg_ci ci;
	int ret, df;

	if (stat == HG_DS_TAIL) {	/* the two tails' likelihood ratio */
		r->p = hg_tail_same(da->v, da->n, db->v, db->n, &df);
		r->test = isnan(r->p) ? "none" : "gpd-lr";
		return 0;
	}
	if (stat != HG_DS_MEDIAN && stat != HG_DS_P99 && stat != HG_DS_P999)
		return 0;
	if (!da->n || !db->n)
		return 0;
	r->need = hg_ci_need(pct[stat], 0.95);
	r->have = da->n < db->n ? da->n : db->n;
	if (r->have < r->need)
		return 0;	/* a verdict on the extremes of a few samples */
	r->need = 0;
	ret = hg_bootstrap_diff_ci(da->v, da->n, db->v, db->n, pct[stat], 0.95, REPS,
				   HG_BOOT_SEED, &ci);
	if (ret)
		return ret;
	r->lo = ci.lo;
	r->hi = ci.hi;
	if (stat == HG_DS_MEDIAN) {
		ret = hg_mann_whitney(da->v, da->n, db->v, db->n, &t);
		if (ret)
			return ret;
		r->p = t.p;
		r->test = "mann-whitney";
	} else {
		r->p = ci.p;	/* of the resamples: corrected with the others */
		r->test = "bootstrap";
	}
	return 0;
}

/* Misses against jobs, summed over the trials: Fisher's exact test. */
static int on_counts(const struct hg_diff_trial *a, size_t na, const struct hg_diff_trial *b,
		     size_t nb, const char *jobs, struct hg_diff_row *r)
{
	double ma = 0, ja = 0, mb = 0, jb = 0;
	struct hg_test t;
	size_t i;
	int ret;

	for (i = 0; i < na; i++) {
		ma += hg_diff_find(&a[i], r->name)->v;
		ja += hg_diff_find(&a[i], jobs)->v;
	}
	for (i = 0; i < nb; i++) {
		mb += hg_diff_find(&b[i], r->name)->v;
		jb += hg_diff_find(&b[i], jobs)->v;
	}
	ret = hg_fisher_exact((uint64_t)ma, (uint64_t)ja, (uint64_t)mb, (uint64_t)jb, &t);
	if (ret)
		return 0;	/* counts that do not fit: no test */
	r->p = t.p;
	r->test = "fisher";
	return 0;
}

static int compare_one(const struct hg_diff_trial *a, size_t na, const struct hg_diff_trial *b,
		       size_t nb, const struct hg_diff_value *x, double *va, double *vb,
		       struct hg_diff_row *r)
{
	char jobs[HG_DIFF_NAME + 8];
	size_t len = strlen(x->name);
	struct hg_test t;
	struct hg_ci ci;

	memset(r, 0, sizeof(*r));
	snprintf(r->name, sizeof(r->name), "%s", x->name);
	r->kind = x->kind;
	r->a = mean_of(a, na, x->name, va);
	r->b = mean_of(b, nb, x->name, vb);
	r->delta = r->b - r->a;
	r->lo = r->hi = r->p = r->p_adj = NAN;
	r->test = "none";
	snprintf(jobs, sizeof(jobs), "%.*sjobs", (int)(len >= 6 ? len - 6 : 0), x->name);
	if (len >= 6 && !strcmp(x->name + len - 6, "misses") && everywhere(a, na, jobs) &&
	    everywhere(b, nb, jobs))
		return on_counts(a, na, b, nb, jobs, r);
	if (na >= 2 && nb >= 2) {
		if (hg_welch(va, na, vb, nb, 0.95, &t, &ci))
			return 0;
		r->lo = ci.lo;
		r->hi = ci.hi;
		r->p = t.p;
		r->test = "welch";
		return 0;
	}
	if (na == 1 && nb == 1 && x->dist >= 0) {
		const struct hg_diff_value *y = hg_diff_find(&b[0], x->name);

		if (y->dist >= 0)
			return on_samples(&a[0].dist[x->dist], &b[0].dist[y->dist], x->stat, r);
	}
	return 0;
}

/*
 * Benjamini-Hochberg over the rows' tests; the verdict from the adjusted
 * p: significant below 0.05, in the direction of the difference
 */
static int correct(struct hg_diff_row *r, size_t n)
{
	double *p = malloc((n ? n : 1) * sizeof(*p)), *adj = malloc((n ? n : 1) * sizeof(*adj));
	size_t i;
	int ret = -ENOMEM;

	if (p && adj) {
		for (i = 0; i < n; i++)
			p[i] = r[i].p;
		ret = hg_bh_adjust(p, n, adj);
		for (i = 0; !ret && i < n; i++) {
			r[i].p_adj = adj[i];
			r[i].sign = !isnan(adj[i]) && adj[i] < 0.05 ?
				(r[i].delta > 0) - (r[i].delta < 0) : 0;
		}
	}
	free(p);
	free(adj);
	return ret;
}

int hg_diff_compare(const struct hg_diff_trial *a, size_t na, const struct hg_diff_trial *b,
		    size_t nb, struct hg_diff_row **rows, size_t *n)
{
	double *va, *vb;
	size_t i;
	int ret = 0;

	*rows = NULL;
	*n = 0;
	if (!na || !nb)
		return -EINVAL;
	va = malloc(na * sizeof(*va));
	vb = malloc(nb * sizeof(*vb));
	*rows = calloc(a[0].nval + 1, sizeof(**rows));
	if (!va || !vb || !*rows) {
		free(va);
		free(vb);
		free(*rows);
		*rows = NULL;
		return -ENOMEM;
	}
	for (i = 0; !ret && i < a[0].nval; i++) {
		const struct hg_diff_value *x = &a[0].val[i];

		if (!strcmp(x->name + strlen(x->name) - (strlen(x->name) >= 4 ? 4 : 0), "jobs"))
			continue;	/* shown through its misses */
		if (!everywhere(a, na, x->name) || !everywhere(b, nb, x->name))
			continue;
		ret = compare_one(a, na, b, nb, x, va, vb, &(*rows)[*n]);
		if (!ret && ((*rows)[*n].a || (*rows)[*n].b))
			(*n)++;		/* nothing on either side: no row */
	}
	free(va);
	free(vb);
	if (!ret)
		ret = correct(*rows, *n);
	return ret;
}

const char *hg_diff_verdict(const struct hg_diff_row *r)
{
	if (r->need)
		return "too few samples";
	if (!strcmp(r->test, "none"))
		return "no test";
	return r->sign > 0 ? "B higher" : r->sign < 0 ? "B lower" : "no significant difference";
}
