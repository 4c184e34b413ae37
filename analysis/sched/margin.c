// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * margin.c - the critical scaling factor, the breakdown utilisation and
 * the largest C of each task, by bisection over the analyses
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/margin.h"
#include "analysis/sched/partition.h"
#include "analysis/sched/rtamath.h"

/* What a trial needs: the set as given, a copy to scale, the locks. */
struct trial {
	const struct hg_rta_task *ts;
	struct hg_rta_task *k;
	size_t n;
	const struct hg_lock *locks;
	uint32_t nlocks;
};

/* Is every task of the copy schedulable? 1, 0, or -errno. */
static int fits(const struct trial *t)
{
	struct hg_rta_analysis a;
	size_t i;
	int ret = hg_rta_analyse_locks(t->k, t->n, t->locks, t->nlocks, &a);

	for (i = 0; !ret && i < t->n; i++)
		if (!a.r[i].schedulable || a.r[i].test == HG_RTA_TEST_NONE)
			break;
	hg_rta_analysis_free(&a);
	return ret ? ret : i == t->n;
}

/* @x times @l in whole ns, at least 1, saturated. */
static uint64_t scale(uint64_t x, double l)
{
	long double v = floorl((long double)x * l);

	return v < 1 ? 1 : v >= 1.8e19L ? UINT64_MAX : (uint64_t)v;
}

/* The copy with every C and section times @l: does it fit? */
static int fits_scaled(const struct trial *t, double l)
{
	size_t i;
	uint32_t c;

	for (i = 0; i < t->n; i++) {
		t->k[i] = t->ts[i];
		t->k[i].c_ns = scale(t->ts[i].c_ns, l);
		for (c = 0; c < t->k[i].ncs && c < HG_MAX_CS; c++)
			t->k[i].cs[c].ns = scale(t->ts[i].cs[c].ns, l);
	}
	return fits(t);
}

/* The largest lambda that fits, into *@l; 0 when none does (or -errno). */
static int critical(const struct trial *t, double *l)
{
	double lo = 0, hi = 1;
	int ok, step;

	/* up: double while it fits (a whole CPU of C is the end: T is at least C) */
	while ((ok = fits_scaled(t, hi)) == 1 && hi < 1e12) {
		lo = hi;
		hi *= 2;
	}
	if (ok < 0)
		return ok;
	if (lo == 0) {
		/* down: halve until it fits, or give up far below (C of 1 ns) */
		for (step = 0; step < 64 && lo == 0; step++) {
			hi /= 2;
			if ((ok = fits_scaled(t, hi)) < 0)
				return ok;
			if (ok) {
				lo = hi;
				hi *= 2;
			}
		}
		if (lo == 0) {
			*l = 0;
			return 0;
		}
	}
	/* lo fits, hi does not: to 1e-6 of lambda */
	while (hi - lo > lo * 1e-6) {
		double mid = lo + (hi - lo) / 2;

		if ((ok = fits_scaled(t, mid)) < 0)
			return ok;
		if (ok)
			lo = mid;
		else
			hi = mid;
	}
	*l = lo;
	return 0;
}

/* The largest C of task @i, the others as given, into *@c (the set fits as it is). */
static int largest_c(const struct trial *t, size_t i, uint64_t *c)
{
	uint64_t lo = t->ts[i].c_ns, hi = hg_sat_add(t->ts[i].d_ns, 1), mid;
	int ok;

	memcpy(t->k, t->ts, t->n * sizeof(*t->k));
	/* a response is at least C: more than D never fits */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		t->k[i].c_ns = mid;
		if ((ok = fits(t)) < 0)
			return ok;
		if (ok)
			lo = mid;
		else
			hi = mid;
	}
	*c = lo;
	return 0;
}

int hg_rta_margin(const struct hg_rta_task *ts, size_t n, const struct hg_lock *locks,
		  uint32_t nlocks, struct hg_rta_margin *m, uint64_t *max_c)
{
	struct trial t = { .ts = ts, .n = n, .locks = locks, .nlocks = nlocks };
	size_t i;
	int ret;

	memset(m, 0, sizeof(*m));
	if (max_c)
		memset(max_c, 0, n * sizeof(*max_c));
	for (i = 0; i < n; i++)
		if (!ts[i].c_ns || !ts[i].t_ns)
			return -EINVAL;
	if (!n)
		return 0;
	t.k = malloc(n * sizeof(*t.k));
	if (!t.k)
		return -ENOMEM;
	ret = critical(&t, &m->scaling);
	m->known = !ret && m->scaling > 0;
	m->breakdown = m->known ? hg_rta_utilisation(ts, n) * m->scaling : 0;
	memcpy(t.k, ts, n * sizeof(*t.k));
	if (!ret && m->known && max_c && n <= HG_MARGIN_MAX_TASKS && (ret = fits(&t)) == 1) {
		ret = 0;
		for (i = 0; !ret && i < n; i++)
			ret = largest_c(&t, i, &max_c[i]);
		m->per_task = !ret;
	}
	free(t.k);
	return ret < 0 ? ret : 0;
}
