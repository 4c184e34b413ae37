/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rtamath.h - integer arithmetic shared by the schedulability analyses:
 * sums and products that saturate at 2^64 - 1 instead of wrapping, and
 * the hyperperiod of a set of periods
 */
#ifndef HG_RTAMATH_H
#define HG_RTAMATH_H

#include <stdint.h>

/* A hyperperiod above this is not followed (0 from hg_lcm_capped). */
#define HG_RTA_LCM_CAP (1ULL << 62)

/* hg_sat_add - a + b, or UINT64_MAX when it does not fit. */
static inline uint64_t hg_sat_add(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/* hg_sat_mul - a b, or UINT64_MAX when it does not fit. */
static inline uint64_t hg_sat_mul(uint64_t a, uint64_t b)
{
	unsigned __int128 v = (unsigned __int128)a * b;

	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

/* hg_ceil_div - ceil(a / b), for b > 0. */
static inline uint64_t hg_ceil_div(uint64_t a, uint64_t b)
{
	return a / b + (a % b != 0);
}

/* hg_gcd - the greatest common divisor (a when b is 0). */
static inline uint64_t hg_gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/*
 * hg_lcm_capped - the least common multiple of @h (a hyperperiod so far,
 * 0: unknown) and the period @t, or 0 when either is 0 or it passes
 * HG_RTA_LCM_CAP.
 */
static inline uint64_t hg_lcm_capped(uint64_t h, uint64_t t)
{
	uint64_t m;

	if (!h || !t)
		return 0;
	m = hg_sat_mul(h / hg_gcd(h, t), t);
	return m > HG_RTA_LCM_CAP ? 0 : m;
}

#endif /* HG_RTAMATH_H */
