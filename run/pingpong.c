// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pingpong.c - pipe and sched_yield round trips of two threads on one CPU
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/pingpong.h"
#include "trace/counter.h"
#include "util/timeval.h"

struct side {
	unsigned int cpu;
	int in, out;			/* pipe ends: read from in, write to out */
	size_t warm, rounds;
	uint64_t *rt;			/* measurer: round trips */
	atomic_bool *stop;		/* yield variant: the partner runs until set */
	int err;
};

static int pin(unsigned int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return -pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

static int xfer(int fd, int wr)
{
	char c = 'p';
	ssize_t n;

	do
		n = wr ? write(fd, &c, 1) : read(fd, &c, 1);
	while (n < 0 && errno == EINTR);
	return n == 1 ? 0 : n < 0 ? -errno : -EPIPE;
}

/* The partner: echo each byte until the measurer closes its end. */
static void *pipe_partner(void *arg)
{
	struct side *s = arg;

	s->err = pin(s->cpu);
	while (!s->err && !xfer(s->in, 0))
		s->err = xfer(s->out, 1);
	return NULL;
}

static void *pipe_measurer(void *arg)
{
	struct side *s = arg;
	size_t i;

	s->err = pin(s->cpu);
	for (i = 0; !s->err && i < s->warm + s->rounds; i++) {
		uint64_t t0 = hg_counter_read();

		s->err = xfer(s->out, 1);
		if (!s->err)
			s->err = xfer(s->in, 0);
		if (i >= s->warm)
			s->rt[i - s->warm] = hg_counter_read() - t0;
	}
	close(s->out);	/* the partner reads end of file and returns */
	return NULL;
}

static void *yield_partner(void *arg)
{
	struct side *s = arg;

	s->err = pin(s->cpu);
	while (!s->err && !atomic_load_explicit(s->stop, memory_order_acquire))
		sched_yield();
	return NULL;
}

static void *yield_measurer(void *arg)
{
	struct side *s = arg;
	uint64_t prev;
	size_t i;

	s->err = pin(s->cpu);
	sched_yield();
	prev = hg_counter_read();
	for (i = 0; !s->err && i < s->warm + s->rounds; i++) {
		uint64_t now;

		sched_yield();
		now = hg_counter_read();
		if (i >= s->warm)
			s->rt[i - s->warm] = now - prev;
		prev = now;
	}
	atomic_store_explicit(s->stop, true, memory_order_release);
	return NULL;
}

/* Run @measure and @partner as two threads; the first error of either. */
static int pair(void *(*measure)(void *), void *(*partner)(void *), struct side *m,
		struct side *p)
{
	pthread_t tm, tp;
	int ret;

	ret = pthread_create(&tp, NULL, partner, p);
	if (ret)
		return -ret;
	ret = pthread_create(&tm, NULL, measure, m);
	if (ret) {
		/* let the partner go: end of file on its pipe, or the stop flag */
		close(m->out);
		if (m->stop)
			atomic_store(m->stop, true);
		pthread_join(tp, NULL);
		return -ret;
	}
	pthread_join(tm, NULL);
	pthread_join(tp, NULL);
	return m->err ? m->err : p->err == -EPIPE ? 0 : p->err;
}

static int pipes(unsigned int cpu, size_t rounds, uint64_t *rt)
{
	int ab[2], ba[2], ret;
	struct side m, p;

	if (pipe(ab))
		return -errno;
	if (pipe(ba)) {
		ret = -errno;
		close(ab[0]);
		close(ab[1]);
		return ret;
	}
	m = (struct side){ cpu, ba[0], ab[1], rounds, rounds, rt, NULL, 0 };
	p = (struct side){ cpu, ab[0], ba[1], 0, 0, NULL, NULL, 0 };
	ret = pair(pipe_measurer, pipe_partner, &m, &p);
	close(ab[0]);	/* ab[1] is closed by the measurer */
	close(ba[0]);
	close(ba[1]);
	return ret;
}

static int yields(unsigned int cpu, size_t rounds, uint64_t *rt)
{
	atomic_bool stop = false;
	struct side m = { cpu, -1, -1, rounds, rounds, rt, &stop, 0 };
	struct side p = { cpu, -1, -1, 0, 0, NULL, &stop, 0 };

	return pair(yield_measurer, yield_partner, &m, &p);
}

int hg_pingpong_summarise(const uint64_t *rt_cycles, size_t n, uint64_t read_cycles,
			  uint64_t tsc_hz, struct hg_ci *median, struct hg_ci *mean)
{
	double *ns;
	size_t i;
	int ret;

	if (!n || !tsc_hz)
		return -EINVAL;
	ns = malloc(n * sizeof(*ns));
	if (!ns)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		uint64_t c = rt_cycles[i] > read_cycles ? rt_cycles[i] - read_cycles : 0;

		ns[i] = (double)c / 2 * 1e9 / (double)tsc_hz;
	}
	ret = hg_bootstrap_ci(ns, n, 50, 0.95, 1000, HG_BOOT_SEED, median);
	if (!ret)
		ret = hg_bootstrap_ci(ns, n, HG_BOOT_MEAN, 0.95, 1000, HG_BOOT_SEED, mean);
	free(ns);
	return ret;
}

int hg_pingpong_measure(unsigned int cpu, size_t rounds, const struct hg_calib *c,
			struct hg_pingpong *pp)
{
	cpu_set_t allowed;
	uint64_t *rt;
	int ret;

	if (!rounds || cpu >= CPU_SETSIZE || !c->tsc_hz)
		return -EINVAL;
	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		return -errno;
	if (!CPU_ISSET(cpu, &allowed))
		return -EINVAL;
	rt = calloc(rounds, sizeof(*rt));
	if (!rt)
		return -ENOMEM;
	memset(pp, 0, sizeof(*pp));
	pp->cpu = cpu;
	pp->rounds = rounds;
	pp->read_ns = (double)c->counter_read_cycles * 1e9 / (double)c->tsc_hz;
	ret = pipes(cpu, rounds, rt);
	if (!ret)
		ret = hg_pingpong_summarise(rt, rounds, c->counter_read_cycles, c->tsc_hz,
					    &pp->pipe_median_ns, &pp->pipe_mean_ns);
	if (!ret)
		ret = yields(cpu, rounds, rt);
	if (!ret)
		ret = hg_pingpong_summarise(rt, rounds, c->counter_read_cycles, c->tsc_hz,
					    &pp->yield_median_ns, &pp->yield_mean_ns);
	free(rt);
	return ret;
}
