// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_interfere.c - analysis/sched/interfere.c: the interference at each
 * window, by groups of one period and jitter, against the sum written out,
 * windows up and down, with a mark and a return, and a jitter changed
 */
#include <stdlib.h>

#include "analysis/sched/interfere.h"
#include "helpers.h"

#define N 40

struct t {
	uint64_t t, j, c;
};

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/* The sum of ceil((x + J) / T) C over the first @n of @ts. */
static uint64_t plain(const struct t *ts, size_t n, uint64_t x)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += (x + ts[i].j + ts[i].t - 1) / ts[i].t * ts[i].c;
	return s;
}

/* Tasks of few periods and jitters (many share a group), windows in random order. */
START_TEST(test_against_the_sum)
{
	uint64_t seed = 0x696e7466ULL + (uint64_t)_i, x = 0;
	struct hg_interference w;
	struct t ts[N];
	size_t i, added = 0, step;

	ck_assert_int_eq(hg_intf_init(&w, N), 0);
	for (i = 0; i < N; i++)
		ts[i] = (struct t){ .t = 10 * (1 + rnd(&seed) % 5), .j = rnd(&seed) % 3,
			.c = 1 + rnd(&seed) % 4 };
	for (step = 0; step < 4000; step++) {
		uint64_t r = rnd(&seed) % 10;

		if (r == 0 && added < N) {
			hg_intf_add(&w, added, ts[added].t, ts[added].j, ts[added].c);
			added++;
		} else if (r == 1 && added) {
			size_t k = rnd(&seed) % added;

			ts[k].j = rnd(&seed) % 3;	/* again and again: 15 groups at most */
			hg_intf_rejitter(&w, k, ts[k].t, ts[k].j, ts[k].c);
		} else if (r == 2 && !w.marked) {
			uint64_t before = hg_intf_at(&w, x), y = x;
			int up;

			hg_intf_mark(&w);
			for (up = 0; up < 5; up++) {
				y += rnd(&seed) % 50;
				ck_assert_uint_eq(hg_intf_at(&w, y), plain(ts, added, y));
			}
			hg_intf_return(&w);
			ck_assert_uint_eq(w.x, x);
			ck_assert_uint_eq(hg_intf_at(&w, x), before);
		} else {
			x = r == 3 ? rnd(&seed) % 500 : x + rnd(&seed) % 30;
			ck_assert_uint_eq(hg_intf_at(&w, x), plain(ts, added, x));
		}
	}
	hg_intf_free(&w);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("interfere");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_against_the_sum, 0, 4);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
