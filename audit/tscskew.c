// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tscskew.c - two CPUs' counters compared by handing a turn back and forth
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

#include "audit/tscskew.h"
#include "trace/counter.h"

#define ROUNDS		5000		/* hand-overs each way, at most */
#define MIN_ROUNDS	100		/* ... and at least, for a figure */
#define BUDGET_NS	500000000ull	/* the longest the two may take */

/* What the two threads share: whose turn it is, and the reading before it. */
struct turns {
	_Atomic unsigned int turn;	/* 2 * round + side: side 0 is a's, 1 is b's */
	_Atomic uint64_t stamp;		/* the counter just before the turn was given */
	_Atomic bool gave_up;
	int64_t least[2];		/* per side, the least (after - before) */
	uint64_t deadline_ns;
};

struct side {
	struct turns *t;
	unsigned int me;		/* 0: a, 1: b */
};

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Wait for turn @want; false when out of time or the other side gave up. */
static bool wait_turn(struct turns *t, unsigned int want)
{
	unsigned int spins = 0;

	while (atomic_load_explicit(&t->turn, memory_order_acquire) != want) {
		if (atomic_load_explicit(&t->gave_up, memory_order_relaxed))
			return false;
		if (!(++spins & 1023) && mono_ns() > t->deadline_ns) {
			atomic_store_explicit(&t->gave_up, true, memory_order_relaxed);
			return false;
		}
		hg_cpu_relax();
	}
	return true;
}

static void *take_turns(void *arg)
{
	struct side *s = arg;
	struct turns *t = s->t;
	unsigned int k;

	pthread_setname_np(pthread_self(), "hg-tscskew");	/* for top and perf */
	for (k = s->me; k < 2 * ROUNDS; k += 2) {
		uint64_t now;
		int64_t d;

		if (!wait_turn(t, k))
			return NULL;
		now = hg_counter_read_ordered();
		if (k) {
			/* side me read after the other side's stamp */
			d = (int64_t)(now - atomic_load_explicit(&t->stamp, memory_order_relaxed));
			if (d < t->least[s->me])
				t->least[s->me] = d;
		}
		atomic_store_explicit(&t->stamp, hg_counter_read_ordered(), memory_order_relaxed);
		atomic_store_explicit(&t->turn, k + 1, memory_order_release);
	}
	return NULL;
}

int hg_tsc_skew(unsigned int a, unsigned int b, struct hg_skew *out)
{
	struct turns t = { .least = { INT64_MAX, INT64_MAX } };
	struct side sides[2] = { { &t, 0 }, { &t, 1 } };
	pthread_t th[2];
	pthread_attr_t attr;
	cpu_set_t set;
	uint64_t mono0, mono1, c0, c1;
	unsigned int i, n = 0, done;
	int ret = 0;

	if (a >= CPU_SETSIZE || b >= CPU_SETSIZE)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	mono0 = mono_ns();
	c0 = hg_counter_read_ordered();
	t.deadline_ns = mono0 + BUDGET_NS;
	for (i = 0; i < 2 && !ret; i++) {
		ret = pthread_attr_init(&attr);
		if (ret)
			break;
		CPU_ZERO(&set);
		CPU_SET(i ? b : a, &set);
		ret = pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
		if (!ret)
			ret = pthread_create(&th[i], &attr, take_turns, &sides[i]);
		pthread_attr_destroy(&attr);
		n += !ret;
	}
	if (ret)
		atomic_store(&t.gave_up, true);
	for (i = 0; i < n; i++)
		pthread_join(th[i], NULL);
	if (ret)
		return -ret;
	done = atomic_load(&t.turn) / 2;	/* each way */
	if (done < MIN_ROUNDS || t.least[0] == INT64_MAX || t.least[1] == INT64_MAX)
		return -ETIMEDOUT;
	mono1 = mono_ns();
	c1 = hg_counter_read_ordered();
	if (mono1 > mono0 && c1 > c0)
		out->hz = (uint64_t)((double)(c1 - c0) * 1e9 / (double)(mono1 - mono0));
	out->a = a;
	out->b = b;
	out->rounds = done;
	out->ab = t.least[1];	/* b read after a's stamp */
	out->ba = t.least[0];	/* a read after b's stamp */
	return 0;
}
