/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chainlink.h - what passes between the threads of a chain during a run
 * (--chain): each stage's output, read by the next
 *
 * A stage publishes each job's output as it finishes: the sequence number
 * of the input it carries and the time it finished. A sampled stage reads
 * the latest output through a sequence lock (the writer makes the version
 * odd, stores, makes it even; a reader retries until it saw the same even
 * version before and after): no lock, no wait, no allocation. An event
 * stage takes every output in order from a ring of HG_CHAIN_RING, woken by
 * the mechanism of --chain-wake. Everything is set up before the run; the
 * calls made during it allocate nothing and write no file.
 */
#ifndef HG_CHAINLINK_H
#define HG_CHAINLINK_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "trace/chains.h"

#define HG_CHAIN_RING	64	/* outputs an event stage may fall behind by */
#define HG_CHAIN_SLICE_NS 10000000u	/* a wait looks at the stop flag this often */

struct hg_chain_slot {
	atomic_uint_fast64_t seq;
	atomic_uint_fast64_t done_ns;
};

/* One stage's output. */
struct hg_chain_out {
	bool event;			/* released jobs: ring and wake-up */
	uint32_t wake;			/* enum hg_chain_wake */
	atomic_uint ver;		/* the sequence lock of @latest */
	struct hg_chain_slot latest;
	atomic_uint_fast64_t posted;	/* outputs put in @ring */
	struct hg_chain_slot ring[HG_CHAIN_RING];
	atomic_uint futex;		/* FUTEX: the low bits of @posted */
	pthread_mutex_t m;		/* COND */
	pthread_cond_t cv;
	int fd[2];			/* PIPE: read and write ends; EVENTFD: fd[0] */
	bool made;
};

/* A thread's place in its chain, for its job loop (struct hg_wl_ctx.chain). */
struct hg_wl_chain {
	uint32_t mode;			/* enum hg_chain_mode */
	struct hg_chain_out *in;	/* the predecessor's output; NULL: the first */
	struct hg_chain_out *out;	/* its own; NULL: the last */
	struct hg_chain_stage *rec;	/* its jobs' records (the trace's) */
	uint64_t taken;			/* event: outputs of @in taken */
	uint64_t lost;			/* event: outputs the ring had lost when taken */
};

/*
 * hg_chain_out_init - an output passed on @event (then woken by @wake) or
 * sampled. Returns 0 or -errno.
 */
int hg_chain_out_init(struct hg_chain_out *o, bool event, unsigned int wake);

/* hg_chain_out_free - release what init made (a zeroed one is fine). */
void hg_chain_out_free(struct hg_chain_out *o);

/*
 * hg_chain_publish - a job finished at @done_ns with input @seq: the
 * latest output, and in an event chain the next in the ring, its reader
 * woken
 */
void hg_chain_publish(struct hg_chain_out *o, uint64_t seq, uint64_t done_ns);

/*
 * hg_chain_latest - the latest output of @o into *@seq and *@done_ns.
 * Returns 0, or -EAGAIN when there is none yet.
 */
int hg_chain_latest(struct hg_chain_out *o, uint64_t *seq, uint64_t *done_ns);

/*
 * hg_chain_take - an event stage's next input: waits until @c->in has an
 * output not taken, the stop flag @stop is raised, or CLOCK_MONOTONIC
 * reaches @until_ns. Returns 0 with the output in *@seq and *@done_ns,
 * 1 when stopped or at @until_ns, or -errno.
 */
int hg_chain_take(struct hg_wl_chain *c, const atomic_int *stop, uint64_t until_ns,
		  uint64_t *seq, uint64_t *done_ns);

/* hg_chain_record - @j into @rec, or counted as dropped when it is full. */
void hg_chain_record(struct hg_chain_stage *rec, const struct hg_chain_job *j);

#endif /* HG_CHAINLINK_H */
