/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * merge.h - a k-way merge of sorted runs by a tree of losers: which run
 * holds the smallest key, found again after a run's key changed in
 * log2(k) comparisons, one a level on the same path every time (the
 * classifiers' merge of the threads' records by start time, millions of
 * times over)
 *
 * A few runs (HG_MERGE_RING or fewer) are kept instead in a ring, in key
 * order: the top's new key is placed by comparing from the largest down.
 * Threads that take turns on a CPU put the top's next record after all
 * the others', which is one comparison, and the same thread resuming at
 * once is the most, k - 1.
 *
 * Each run has a key, the start of its next record; a run that is done
 * has none. The smallest key wins; of equal keys, the run with the lower
 * index; a run that is done never wins over one that is not.
 */
#ifndef HG_MERGE_H
#define HG_MERGE_H

#include <stdint.h>

#define HG_MERGE_RING	8

struct hg_merge {
	/* per run (and padding to a power of two): key << 32 | rank */
	unsigned __int128 *key;
	uint32_t *tree;		/* [0] the winner, [1..] the losers of each match */
	uint32_t nleaves;	/* a power of two, at least the number of runs */
	/* a ring instead, when @ring: the live runs' keys (key << 32 | rank)
	 * from @head on, @nring of them, smallest first */
	int ring;
	uint32_t head, nring;
	unsigned __int128 rk[2 * HG_MERGE_RING];
};

/* A live run's rank is its index; a run that is done ranks after every live one. */
#define HG_MERGE_DONE	0x80000000u

/*
 * hg_merge_init - a merge of @nruns runs (at most 2^31), run i's first key
 * @first[i], or none when @live[i] is false. Returns 0 or -ENOMEM; free
 * with hg_merge_free() either way.
 */
int hg_merge_init(struct hg_merge *m, uint32_t nruns, const uint64_t *first,
		  const unsigned char *live);

/* hg_merge_free - release @m. */
void hg_merge_free(struct hg_merge *m);

/* hg_merge_top - the run holding the smallest key. */
static inline uint32_t hg_merge_top(const struct hg_merge *m)
{
	if (m->ring)
		return m->nring ? (uint32_t)m->rk[m->head % (2 * HG_MERGE_RING)] : 0;
	return m->tree[0];
}

/* The ring's hg_merge_set(): the top taken out, its new key put in its place. */
static inline uint32_t hg_merge_ring_set(struct hg_merge *m, uint32_t w, uint64_t key,
					 int live)
{
	const uint32_t mask = 2 * HG_MERGE_RING - 1;
	unsigned __int128 x = (unsigned __int128)key << 32 | w;
	uint32_t i;

	m->head++;
	m->nring--;
	if (live) {
		for (i = m->head + m->nring; i != m->head && m->rk[(i - 1) & mask] > x; i--)
			m->rk[i & mask] = m->rk[(i - 1) & mask];
		m->rk[i & mask] = x;
		m->nring++;
	}
	return m->nring ? (uint32_t)m->rk[m->head & mask] : 0;
}

/*
 * hg_merge_set - run @w (the top) now has key @key (or none when @live is
 * 0); the matches on its way to the root played again. Returns the new top
 * (with no run live: any run, done).
 */
static inline uint32_t hg_merge_set(struct hg_merge *m, uint32_t w, uint64_t key, int live)
{
	unsigned __int128 *k = m->key;
	uint32_t node;

	if (m->ring)
		return hg_merge_ring_set(m, w, key, live);
	k[w] = (unsigned __int128)(live ? key : UINT64_MAX) << 32 | (live ? w : HG_MERGE_DONE | w);
	for (node = (w + m->nleaves) >> 1; node; node >>= 1) {
		uint32_t l = m->tree[node];
		int lost = k[l] < k[w];	/* w lost this match: l goes on */

		m->tree[node] = lost ? w : l;
		w = lost ? l : w;
	}
	m->tree[0] = w;
	return w;
}

#endif /* HG_MERGE_H */
