// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stats.c - exact order statistics, streaming moments, distributions,
 * confidence intervals and tests
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/stats/stats.h"
#include "trace/hist.h"

int hg_sort_u64(uint64_t *v, size_t n)
{
	uint64_t *tmp, *src = v, *dst, *swap, all = 0;
	size_t count[256], i;
	unsigned int shift;

	if (n < 2)
		return 0;
	for (i = 0; i < n; i++)
		all |= v[i];
	tmp = malloc(n * sizeof(*tmp));
	if (!tmp)
		return -ENOMEM;
	dst = tmp;
	for (shift = 0; shift < 64; shift += 8) {
		size_t pos = 0;

		if (!((all >> shift) & 0xff))
			continue;	/* this byte is zero everywhere: already in order */
		memset(count, 0, sizeof(count));
		for (i = 0; i < n; i++)
			count[(src[i] >> shift) & 0xff]++;
		for (i = 0; i < 256; i++) {
			size_t c = count[i];

			count[i] = pos;
			pos += c;
		}
		for (i = 0; i < n; i++)
			dst[count[(src[i] >> shift) & 0xff]++] = src[i];
		swap = src;
		src = dst;
		dst = swap;
	}
	if (src != v)
		memcpy(v, src, n * sizeof(*v));
	free(tmp);
	return 0;
}

uint64_t hg_percentile_sorted(const uint64_t *v, size_t n, double pct)
{
	if (!n)
		return 0;
	return v[hg_rank(pct, n) - 1];
}

int hg_stats_compute(uint64_t *v, size_t n, struct hg_stats *s)
{
	size_t i;
	int ret;

	memset(s, 0, sizeof(*s));
	if (!n)
		return 0;
	ret = hg_sort_u64(v, n);
	if (ret)
		return ret;
	s->count = n;
	for (i = 0; i < n; i++)
		s->sum = s->sum + v[i] < s->sum ? UINT64_MAX : s->sum + v[i];
	s->min = v[0];
	s->max = v[n - 1];
	s->p1 = hg_percentile_sorted(v, n, 1);
	s->median = hg_percentile_sorted(v, n, 50);
	s->p90 = hg_percentile_sorted(v, n, 90);
	s->p99 = hg_percentile_sorted(v, n, 99);
	s->p999 = hg_percentile_sorted(v, n, 99.9);
	s->mean = (double)s->sum / (double)n;
	return 0;
}

/* ---------------------------------------------------- streaming moments */

void hg_welford_init(struct hg_welford *w)
{
	memset(w, 0, sizeof(*w));
}

void hg_welford_add(struct hg_welford *w, double x)
{
	double d = x - w->mean;

	w->n++;
	w->mean += d / (double)w->n;
	w->m2 += d * (x - w->mean);
}

double hg_welford_var(const struct hg_welford *w)
{
	return w->n < 2 ? 0.0 : w->m2 / (double)(w->n - 1);
}

double hg_welford_sd(const struct hg_welford *w)
{
	return sqrt(hg_welford_var(w));
}

static struct hg_welford moments(const double *v, size_t n)
{
	struct hg_welford w;
	size_t i;

	hg_welford_init(&w);
	for (i = 0; i < n; i++)
		hg_welford_add(&w, v[i]);
	return w;
}

/* ----------------------------------------------------- order statistics */

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

void hg_sort_d(double *v, size_t n)
{
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_d);
}

double hg_percentile_d(const double *v, size_t n, double pct)
{
	if (!n)
		return 0;
	return v[hg_rank(pct, n) - 1];
}

double hg_median_d(const double *v, size_t n)
{
	if (!n)
		return 0;
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* --------------------------------------------------------- distributions */

double hg_normal_cdf(double z)
{
	return 0.5 * erfc(-z / M_SQRT2);
}

/*
 * The continued fraction of the regularized incomplete beta function
 * (modified Lentz), converging for x < (a + 1) / (a + b + 2).
 */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 1000; m++) {
		double m2 = 2.0 * m, num, del;

		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + num * d;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = 1 + num / c;
		if (fabs(c) < tiny)
			c = tiny;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + num * d;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = 1 + num / c;
		if (fabs(c) < tiny)
			c = tiny;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

/* I_x(a, b): the regularized incomplete beta function. */
static double inc_beta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double hg_t_cdf(double t, double df)
{
	double tail;

	if (isinf(df) || df > 1e7)
		return hg_normal_cdf(t);
	if (isinf(t))
		return t > 0 ? 1 : 0;
	tail = 0.5 * inc_beta(df / 2, 0.5, df / (df + t * t));	/* P(T > |t|) */
	return t > 0 ? 1 - tail : tail;
}

/* The @p quantile of a symmetric distribution by bisection of its cdf. */
static double invert(double p, double df)
{
	double lo = 0, hi = 1, q = p < 0.5 ? 1 - p : p;
	int i;

	if (p <= 0)
		return -INFINITY;
	if (p >= 1)
		return INFINITY;
	if (p == 0.5)
		return 0;
	while (hg_t_cdf(hi, df) < q && hi < 1e300)
		hi *= 2;
	for (i = 0; i < 2000 && hi - lo > 1e-13 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (hg_t_cdf(mid, df) < q)
			lo = mid;
		else
			hi = mid;
	}
	return p < 0.5 ? -(lo + hi) / 2 : (lo + hi) / 2;
}

double hg_normal_quantile(double p)
{
	return invert(p, INFINITY);
}

double hg_t_quantile(double p, double df)
{
	return invert(p, df);
}

/* -------------------------------------------------- confidence intervals */

static int bad_level(double level)
{
	return !(level > 0 && level < 1);
}

int hg_ci_mean(const double *v, size_t n, double level, struct hg_ci *ci)
{
	struct hg_welford w;
	double half;

	if (!n || bad_level(level))
		return -EINVAL;
	w = moments(v, n);
	half = n < 2 ? 0 : hg_t_quantile((1 + level) / 2, (double)(n - 1)) *
			   hg_welford_sd(&w) / sqrt((double)n);
	ci->est = w.mean;
	ci->lo = w.mean - half;
	ci->hi = w.mean + half;
	ci->n = n;
	return 0;
}

size_t hg_ci_need(double pct, double level)
{
	double p = pct / 100;
	size_t n;

	for (n = 1; n < 100000; n++)
		if (1 - pow(p, (double)n) - pow(1 - p, (double)n) >= level)
			return n;
	return n;
}

void hg_rng_seed(struct hg_rng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t hg_rng_next(struct hg_rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t hg_rng_below(struct hg_rng *r, uint64_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;

	do
		x = hg_rng_next(r);
	while (x >= limit);	/* no modulo bias */
	return x % n;
}

/* Move the @k-th smallest (0-based) of @v to v[k], smaller ones before it. */
static void select_kth(double *v, size_t n, size_t k, struct hg_rng *r)
{
	size_t lo = 0, hi = n ? n - 1 : 0;

	while (lo < hi) {
		double pivot = v[lo + hg_rng_below(r, hi - lo + 1)], t;
		size_t i = lo, j = hi;

		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i <= j) {
				t = v[i];
				v[i] = v[j];
				v[j] = t;
				i++;
				if (!j)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return;
	}
}

/*
 * The percentile @pct of @n unsorted values, as hg_median_d / hg_percentile_d;
 * their mean for HG_BOOT_MEAN.
 */
static double unsorted_pct(double *v, size_t n, double pct, struct hg_rng *r)
{
	size_t k, i;
	double lo, up;

	if (pct < 0)
		return moments(v, n).mean;
	if (pct != 50) {
		k = hg_rank(pct, n) - 1;
		select_kth(v, n, k, r);
		return v[k];
	}
	k = (n - 1) / 2;
	select_kth(v, n, k, r);
	lo = v[k];
	if (n % 2)
		return lo;
	up = v[k + 1];
	for (i = k + 2; i < n; i++)
		if (v[i] < up)
			up = v[i];
	return (lo + up) / 2;
}

static double resample_pct(const double *v, size_t n, double pct, double *buf,
			   struct hg_rng *r)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = v[hg_rng_below(r, n)];
	return unsorted_pct(buf, n, pct, r);
}

/* The interval of @reps bootstrap estimates @est at @level (sorts @est). */
static void boot_interval(double *est, unsigned int reps, double level, struct hg_ci *ci)
{
	hg_sort_d(est, reps);
	ci->lo = hg_percentile_d(est, reps, 100 * (1 - level) / 2);
	ci->hi = hg_percentile_d(est, reps, 100 * (1 + level) / 2);
	if (ci->lo > ci->est)
		ci->lo = ci->est;
	if (ci->hi < ci->est)
		ci->hi = ci->est;
}

int hg_bootstrap_diff_ci(const double *a, size_t na, const double *b, size_t nb, double pct,
			 double level, unsigned int reps, uint64_t seed, struct hg_ci *ci)
{
	double *buf, *est;
	struct hg_rng r;
	unsigned int i;

	if ((a && !na) || !nb || !reps || bad_level(level))
		return -EINVAL;
	buf = malloc((na > nb ? na : nb) * sizeof(*buf));
	est = malloc(reps * sizeof(*est));
	if (!buf || !est) {
		free(buf);
		free(est);
		return -ENOMEM;
	}
	hg_rng_seed(&r, seed);
	memcpy(buf, b, nb * sizeof(*buf));
	ci->est = unsorted_pct(buf, nb, pct, &r);
	if (a) {
		memcpy(buf, a, na * sizeof(*buf));
		ci->est -= unsorted_pct(buf, na, pct, &r);
	}
	for (i = 0; i < reps; i++) {
		est[i] = resample_pct(b, nb, pct, buf, &r);
		if (a)
			est[i] -= resample_pct(a, na, pct, buf, &r);
	}
	ci->n = na + nb;
	boot_interval(est, reps, level, ci);
	{
		unsigned int le = 0, ge = 0;

		for (i = 0; i < reps; i++) {
			le += est[i] <= 0;
			ge += est[i] >= 0;
		}
		ci->p = (2.0 * (le < ge ? le : ge) + 1) / (reps + 1);
		if (ci->p > 1)
			ci->p = 1;
	}
	free(buf);
	free(est);
	return 0;
}

int hg_bootstrap_ci(const double *v, size_t n, double pct, double level, unsigned int reps,
		    uint64_t seed, struct hg_ci *ci)
{
	return hg_bootstrap_diff_ci(NULL, 0, v, n, pct, level, reps, seed, ci);
}

/* ----------------------------------------------------------------- tests */

/* Two-sided p of a statistic @x with distribution t(@df). */
static double two_sided(double x, double df)
{
	double p = 2 * hg_t_cdf(-fabs(x), df);

	return p > 1 ? 1 : p;
}

int hg_welch(const double *a, size_t na, const double *b, size_t nb, double level,
	     struct hg_test *t, struct hg_ci *ci)
{
	struct hg_welford wa, wb;
	double va, vb, se, delta;

	if (na < 2 || nb < 2 || bad_level(level))
		return -EINVAL;
	wa = moments(a, na);
	wb = moments(b, nb);
	va = hg_welford_var(&wa) / (double)na;
	vb = hg_welford_var(&wb) / (double)nb;
	se = sqrt(va + vb);
	delta = wb.mean - wa.mean;
	memset(t, 0, sizeof(*t));
	if (se > 0) {
		t->df = (va + vb) * (va + vb) /
			(va * va / (double)(na - 1) + vb * vb / (double)(nb - 1));
		t->stat = delta / se;
		t->p = two_sided(t->stat, t->df);
	} else {
		t->df = (double)(na + nb - 2);
		t->stat = delta ? copysign(INFINITY, delta) : 0;
		t->p = delta ? 0 : 1;
	}
	if (ci) {
		double half = se > 0 ? hg_t_quantile((1 + level) / 2, t->df) * se : 0;

		ci->est = delta;
		ci->lo = delta - half;
		ci->hi = delta + half;
		ci->n = na + nb;
	}
	return 0;
}

struct ranked {
	double v;
	int from_a;
};

static int cmp_ranked(const void *x, const void *y)
{
	return cmp_d(&((const struct ranked *)x)->v, &((const struct ranked *)y)->v);
}

/*
 * P(U <= u) for samples of @m and @n without ties: the coefficients of the
 * Gaussian binomial [m + n choose m] count the orderings with U = k.
 */
static double mw_exact_cdf(size_t m, size_t n, double u, int *err)
{
	size_t deg = m * n, i, k;
	double *c = calloc(deg + 1, sizeof(*c)), total = 0, below = 0;

	if (!c) {
		*err = -ENOMEM;
		return 0;
	}
	c[0] = 1;
	for (i = 1; i <= m; i++) {
		size_t up = n + i;

		for (k = deg; k >= up; k--)	/* times (1 - q^(n + i)) */
			c[k] -= c[k - up];
		for (k = i; k <= deg; k++)	/* divided by (1 - q^i) */
			c[k] += c[k - i];
	}
	for (k = 0; k <= deg; k++) {
		total += c[k];
		if ((double)k <= u + 1e-9)
			below += c[k];
	}
	free(c);
	return below / total;
}

int hg_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
		    struct hg_test *t)
{
	size_t n = na + nb, i, j;
	struct ranked *r;
	double rank_a = 0, ties = 0, u, mu, sigma, z, corr;
	int err = 0;

	if (!na || !nb)
		return -EINVAL;
	r = malloc(n * sizeof(*r));
	if (!r)
		return -ENOMEM;
	for (i = 0; i < na; i++)
		r[i] = (struct ranked){ a[i], 1 };
	for (i = 0; i < nb; i++)
		r[na + i] = (struct ranked){ b[i], 0 };
	qsort(r, n, sizeof(*r), cmp_ranked);
	for (i = 0; i < n; i = j) {
		double mid, tn;
		size_t k;

		for (j = i + 1; j < n && r[j].v == r[i].v; j++)
			;
		mid = (double)(i + 1 + j) / 2;	/* the mean of ranks i + 1 .. j */
		for (k = i; k < j; k++)
			if (r[k].from_a)
				rank_a += mid;
		tn = (double)(j - i);
		ties += tn * tn * tn - tn;
	}
	free(r);
	u = rank_a - (double)na * (double)(na + 1) / 2;
	memset(t, 0, sizeof(*t));
	t->stat = u;
	mu = (double)na * (double)nb / 2;
	if (ties == 0 && na * nb <= 400) {
		double lo = mw_exact_cdf(na, nb, u, &err);
		double hi = 1 - mw_exact_cdf(na, nb, u - 1, &err);	/* P(U >= u) */

		if (err)
			return err;
		t->p = 2 * (lo < hi ? lo : hi);
		if (t->p > 1)
			t->p = 1;
		t->exact = true;
		return 0;
	}
	sigma = sqrt((double)na * (double)nb / 12 *
		     ((double)(n + 1) - ties / ((double)n * (double)(n - 1))));
	if (sigma == 0) {
		t->p = 1;
		return 0;
	}
	corr = u > mu ? 0.5 : u < mu ? -0.5 : 0;
	z = (u - mu - corr) / sigma;
	t->p = 2 * hg_normal_cdf(-fabs(z));
	if (t->p > 1)
		t->p = 1;
	return 0;
}

/* log of the hypergeometric probability of x events in A. */
static double log_hyper(uint64_t x, uint64_t an, uint64_t bn, uint64_t k)
{
	return lgamma((double)an + 1) - lgamma((double)x + 1) - lgamma((double)(an - x) + 1) +
	       lgamma((double)bn + 1) - lgamma((double)(k - x) + 1) -
	       lgamma((double)(bn - k + x) + 1) - lgamma((double)(an + bn) + 1) +
	       lgamma((double)k + 1) + lgamma((double)(an + bn - k) + 1);
}

int hg_fisher_exact(uint64_t a1, uint64_t an, uint64_t b1, uint64_t bn, struct hg_test *t)
{
	uint64_t k = a1 + b1, lo, hi, x;
	double seen, num, den, p = 0;

	if (a1 > an || b1 > bn)
		return -EINVAL;
	memset(t, 0, sizeof(*t));
	t->exact = true;
	num = (double)a1 * (double)(bn - b1);
	den = (double)b1 * (double)(an - a1);
	t->stat = den > 0 ? num / den : num > 0 ? INFINITY : NAN;
	lo = k > bn ? k - bn : 0;
	hi = k < an ? k : an;
	seen = log_hyper(a1, an, bn, k);
	for (x = lo; x <= hi; x++) {
		double l = log_hyper(x, an, bn, k);

		if (l <= seen + 1e-7)
			p += exp(l);
	}
	t->p = p > 1 ? 1 : p;
	return 0;
}

/* ---------------------------------------------------- outliers and drift */

size_t hg_outliers_z(const double *v, size_t n, double z, bool *out)
{
	struct hg_welford w = moments(v, n);
	double sd = hg_welford_sd(&w);
	size_t i, found = 0;

	for (i = 0; i < n; i++) {
		out[i] = n >= 3 && sd > 0 && fabs(v[i] - w.mean) / sd > z;
		found += out[i];
	}
	return found;
}

int hg_drift(const double *v, size_t n, struct hg_drift *d)
{
	double xm = (double)(n - 1) / 2, sxx = 0, sxy = 0, sse = 0, ym;
	struct hg_welford w;
	size_t i;

	if (n < 3)
		return -EINVAL;
	w = moments(v, n);
	ym = w.mean;
	for (i = 0; i < n; i++) {
		sxx += ((double)i - xm) * ((double)i - xm);
		sxy += ((double)i - xm) * (v[i] - ym);
	}
	d->slope = sxy / sxx;
	for (i = 0; i < n; i++) {
		double e = v[i] - ym - d->slope * ((double)i - xm);

		sse += e * e;
	}
	d->se = sqrt(sse / (double)(n - 2) / sxx);
	if (d->se > 0)
		d->p = two_sided(d->slope / d->se, (double)(n - 2));
	else
		d->p = d->slope ? 0 : 1;
	return 0;
}
