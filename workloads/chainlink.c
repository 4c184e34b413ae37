// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chainlink.c - a chain's outputs passed on: the sequence lock of the
 * latest one, the ring of an event chain and the four ways to wake its
 * reader
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "timers/timer.h"
#include "util/timeval.h"
#include "workloads/chainlink.h"

int hg_chain_out_init(struct hg_chain_out *o, bool event, unsigned int wake)
{
	pthread_condattr_t ca;
	int ret = 0;

	o->event = event;
	o->wake = wake;
	atomic_init(&o->ver, 0);
	atomic_init(&o->latest.seq, HG_CHAIN_NO_SEQ);
	atomic_init(&o->latest.done_ns, 0);
	atomic_init(&o->posted, 0);
	atomic_init(&o->futex, 0);
	o->fd[0] = o->fd[1] = -1;
	o->made = false;	/* a sampled output holds nothing to release */
	if (!event)
		return 0;
	if (wake == HG_CHAIN_WAKE_COND) {
		pthread_condattr_init(&ca);
		pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
		pthread_mutex_init(&o->m, NULL);
		pthread_cond_init(&o->cv, &ca);
		pthread_condattr_destroy(&ca);
	} else if (wake == HG_CHAIN_WAKE_PIPE) {
		ret = pipe2(o->fd, O_NONBLOCK | O_CLOEXEC) ? -errno : 0;
	} else if (wake == HG_CHAIN_WAKE_EVENTFD) {
		o->fd[0] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		ret = o->fd[0] < 0 ? -errno : 0;
	}
	o->made = !ret;
	return ret;
}

void hg_chain_out_free(struct hg_chain_out *o)
{
	if (!o->made)
		return;
	if (o->wake == HG_CHAIN_WAKE_COND) {
		pthread_cond_destroy(&o->cv);
		pthread_mutex_destroy(&o->m);
	}
	if (o->fd[0] >= 0)
		close(o->fd[0]);
	if (o->fd[1] >= 0)
		close(o->fd[1]);
	o->made = false;
}

static void slot_put(struct hg_chain_slot *s, uint64_t seq, uint64_t done_ns)
{
	atomic_store_explicit(&s->seq, seq, memory_order_relaxed);
	atomic_store_explicit(&s->done_ns, done_ns, memory_order_relaxed);
}

/* Wake the reader of @o: the output numbered @posted was put in the ring. */
static void wake_reader(struct hg_chain_out *o, uint64_t posted)
{
	static const uint64_t one = 1;
	ssize_t n = 0;

	switch (o->wake) {
	case HG_CHAIN_WAKE_COND:
		pthread_mutex_lock(&o->m);
		pthread_cond_signal(&o->cv);
		pthread_mutex_unlock(&o->m);
		break;
	case HG_CHAIN_WAKE_FUTEX:
		atomic_store_explicit(&o->futex, (unsigned int)posted, memory_order_release);
		syscall(SYS_futex, &o->futex, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
		break;
	case HG_CHAIN_WAKE_PIPE:
		n = write(o->fd[1], &one, 1);	/* a full pipe wakes the reader already */
		break;
	case HG_CHAIN_WAKE_EVENTFD:
		n = write(o->fd[0], &one, sizeof(one));
		break;
	}
	(void)n;
}

void hg_chain_publish(struct hg_chain_out *o, uint64_t seq, uint64_t done_ns)
{
	unsigned int v = atomic_load_explicit(&o->ver, memory_order_relaxed);
	uint64_t posted;

	atomic_store_explicit(&o->ver, v + 1, memory_order_relaxed);
	atomic_thread_fence(memory_order_release);
	slot_put(&o->latest, seq, done_ns);
	atomic_store_explicit(&o->ver, v + 2, memory_order_release);
	if (!o->event)
		return;
	posted = atomic_load_explicit(&o->posted, memory_order_relaxed);
	slot_put(&o->ring[posted % HG_CHAIN_RING], seq, done_ns);
	atomic_store_explicit(&o->posted, posted + 1, memory_order_release);
	wake_reader(o, posted + 1);
}

int hg_chain_latest(struct hg_chain_out *o, uint64_t *seq, uint64_t *done_ns)
{
	unsigned int v1, v2;

	do {
		v1 = atomic_load_explicit(&o->ver, memory_order_acquire);
		*seq = atomic_load_explicit(&o->latest.seq, memory_order_relaxed);
		*done_ns = atomic_load_explicit(&o->latest.done_ns, memory_order_relaxed);
		atomic_thread_fence(memory_order_acquire);
		v2 = atomic_load_explicit(&o->ver, memory_order_relaxed);
	} while ((v1 & 1) || v1 != v2);
	return *seq == HG_CHAIN_NO_SEQ ? -EAGAIN : 0;
}

/* Wait for @o's reader's wake-up until CLOCK_MONOTONIC @until_ns, past @taken. */
static void wait_wake(struct hg_chain_out *o, uint64_t taken, uint64_t until_ns)
{
	unsigned int f = atomic_load_explicit(&o->futex, memory_order_acquire);
	struct pollfd pfd = { .fd = o->fd[0], .events = POLLIN };
	uint64_t drain, now = hg_mono_ns();
	struct timespec ts;

	if (now >= until_ns || atomic_load_explicit(&o->posted, memory_order_acquire) > taken)
		return;
	ts = hg_ns_to_timespec(until_ns - now);
	switch (o->wake) {
	case HG_CHAIN_WAKE_COND:
		ts = hg_ns_to_timespec(until_ns);
		pthread_mutex_lock(&o->m);
		if (atomic_load_explicit(&o->posted, memory_order_acquire) <= taken)
			pthread_cond_timedwait(&o->cv, &o->m, &ts);
		pthread_mutex_unlock(&o->m);
		break;
	case HG_CHAIN_WAKE_FUTEX:
		syscall(SYS_futex, &o->futex, FUTEX_WAIT_PRIVATE, f, &ts, NULL, 0);
		break;
	default:	/* a pipe or an eventfd */
		if (poll(&pfd, 1, (int)((until_ns - now) / 1000000 + 1)) > 0)
			while (read(o->fd[0], &drain, sizeof(drain)) > 0)
				;
		break;
	}
}

/* The output numbered @c->taken, when the ring still holds it; else skip ahead. */
static bool take_slot(struct hg_wl_chain *c, uint64_t posted, uint64_t *seq, uint64_t *done_ns)
{
	const struct hg_chain_slot *s;

	/* the slot of output posted - HG_CHAIN_RING may be being written over */
	if (posted - c->taken >= HG_CHAIN_RING) {
		c->lost += posted - c->taken - (HG_CHAIN_RING - 1);
		c->taken = posted - (HG_CHAIN_RING - 1);
	}
	s = &c->in->ring[c->taken % HG_CHAIN_RING];
	*seq = atomic_load_explicit(&s->seq, memory_order_relaxed);
	*done_ns = atomic_load_explicit(&s->done_ns, memory_order_relaxed);
	atomic_thread_fence(memory_order_acquire);
	/* written over meanwhile: the writer came round the ring */
	if (atomic_load_explicit(&c->in->posted, memory_order_relaxed) - c->taken >= HG_CHAIN_RING)
		return false;
	c->taken++;
	return true;
}

int hg_chain_take(struct hg_wl_chain *c, const atomic_int *stop, uint64_t until_ns,
		  uint64_t *seq, uint64_t *done_ns)
{
	for (;;) {
		uint64_t posted = atomic_load_explicit(&c->in->posted, memory_order_acquire);
		uint64_t now, slice;

		if (posted > c->taken) {
			if (take_slot(c, posted, seq, done_ns))
				return 0;
			continue;
		}
		now = hg_mono_ns();
		if (atomic_load_explicit(stop, memory_order_relaxed) || now >= until_ns)
			return 1;
		slice = until_ns - now < HG_CHAIN_SLICE_NS ? until_ns : now + HG_CHAIN_SLICE_NS;
		wait_wake(c->in, c->taken, slice);
	}
}

void hg_chain_record(struct hg_chain_stage *rec, const struct hg_chain_job *j)
{
	if (rec->n < rec->cap)
		rec->jobs[rec->n++] = *j;
	else
		rec->dropped++;
}
