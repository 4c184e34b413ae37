// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * merge.c - a k-way merge of sorted runs by a tree of losers
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis/stats/merge.h"

int hg_merge_init(struct hg_merge *m, uint32_t nruns, const uint64_t *first,
		  const unsigned char *live)
{
	uint32_t n = 1, i, *win;

	m->ring = nruns <= HG_MERGE_RING;
	m->head = 0;
	m->nring = 0;
	if (m->ring) {
		/* the live runs put in one by one, as hg_merge_ring_set() puts them */
		for (i = 0; i < nruns; i++) {
			unsigned __int128 x = (unsigned __int128)first[i] << 32 | i;
			uint32_t k;

			if (!live[i])
				continue;
			for (k = m->nring; k && m->rk[k - 1] > x; k--)
				m->rk[k] = m->rk[k - 1];
			m->rk[k] = x;
			m->nring++;
		}
		return 0;
	}
	while (n < nruns)
		n <<= 1;
	m->nleaves = n;
	m->key = malloc(n * sizeof(*m->key));
	m->tree = malloc(n * sizeof(*m->tree));
	win = malloc(2 * n * sizeof(*win));	/* the winner of each match, leaves at n.. */
	if (!m->key || !m->tree || !win) {
		free(win);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		int on = i < nruns && live[i];

		m->key[i] = (unsigned __int128)(on ? first[i] : UINT64_MAX) << 32 |
			    (on ? i : HG_MERGE_DONE | i);
		win[n + i] = i;
	}
	for (i = n - 1; i >= 1; i--) {
		uint32_t a = win[2 * i], b = win[2 * i + 1];
		int a_wins = m->key[a] < m->key[b];

		win[i] = a_wins ? a : b;
		m->tree[i] = a_wins ? b : a;
	}
	m->tree[0] = n > 1 ? win[1] : 0;
	free(win);
	return 0;
}

void hg_merge_free(struct hg_merge *m)
{
	free(m->key);
	free(m->tree);
	m->key = NULL;
	m->tree = NULL;
}
