/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chains.h - the cause-effect chains of a run (--chain) and each chain
 * job's record, as the run fills them, the trace keeps them (the CHAINS
 * section, version 6) and the analyses read them
 *
 * A chain is a list of threads, its stages. In an event chain the first
 * thread's jobs are released on its period and each other's when its
 * predecessor's job finishes; in a sampled chain every thread keeps its
 * own period and each job reads, when it starts, the latest output its
 * predecessor has finished. Each job carries the sequence number of the
 * first thread's job its input came from (the head's job number), so
 * that an output can be traced back to its input.
 *
 * All times of a job record are CLOCK_MONOTONIC nanoseconds, as the
 * workloads read them; the trace's clock pairs (mono_start_ns with
 * mono_start_cycles) place them on the counter's time line.
 */
#ifndef HG_CHAINS_H
#define HG_CHAINS_H

#include <stdint.h>

#define HG_CHAINS_MAX		8	/* chains in a run */
#define HG_CHAIN_STAGES_MAX	16	/* threads in one chain */
#define HG_CHAIN_RUN_NAME_LEN	32	/* a chain's name, with the NUL */
#define HG_CHAIN_JOBS_MAX	(1u << 22)	/* records kept of one stage */
#define HG_CHAIN_NO_SEQ		UINT64_MAX	/* a sampled job that found no input yet */

/* How a chain's stages pass their data on (--chain-mode). */
enum hg_chain_mode {
	HG_CHAIN_EVENT = 0,	/* a job released by its predecessor's finish */
	HG_CHAIN_SAMPLED,	/* each on its period, reading the latest output */
};

/* What releases the next job of an event chain (--chain-wake). */
enum hg_chain_wake {
	HG_CHAIN_WAKE_COND = 0,	/* a POSIX condition variable */
	HG_CHAIN_WAKE_FUTEX,	/* futex(2) wait and wake */
	HG_CHAIN_WAKE_PIPE,	/* a byte through a pipe(2), poll(2) */
	HG_CHAIN_WAKE_EVENTFD,	/* eventfd(2), poll(2) */
	HG_CHAIN_WAKE_N
};

/*
 * One job of one stage. @avail_ns: when the data it read was produced
 * (its predecessor's job's finish; the head's: its release); @release_ns:
 * when it was released (event: the predecessor's finish; sampled and the
 * head: its period's); @start_ns: when it began to run; @done_ns: when it
 * finished; @cpu_ns: the CPU time it received.
 */
struct hg_chain_job {
	uint64_t seq;
	uint64_t avail_ns;
	uint64_t release_ns;
	uint64_t start_ns;
	uint64_t done_ns;
	uint64_t cpu_ns;
};

/* One stage: its thread and its jobs' records (@n of room @cap, in order). */
struct hg_chain_stage {
	uint32_t thread;
	uint64_t n;
	uint64_t cap;
	uint64_t dropped;	/* jobs that found no room */
	struct hg_chain_job *jobs;
};

struct hg_chain_run {
	char name[HG_CHAIN_RUN_NAME_LEN];
	uint32_t mode;		/* enum hg_chain_mode */
	uint32_t wake;		/* enum hg_chain_wake (event chains) */
	uint32_t nstages;
	struct hg_chain_stage stage[HG_CHAIN_STAGES_MAX];
};

/* The chains of a run. */
struct hg_chainset {
	uint32_t n;
	struct hg_chain_run chain[HG_CHAINS_MAX];
};

/* hg_chain_mode_name - "event" or "sampled" ("?" out of range). */
const char *hg_chain_mode_name(unsigned int mode);

/* hg_chain_wake_name - "cond", "futex", "pipe" or "eventfd" ("?" out of range). */
const char *hg_chain_wake_name(unsigned int wake);

/*
 * hg_chainset_alloc - room for @cap jobs in stage @s of chain @c of @cs
 * (zeroed, so touched). Returns 0 or -ENOMEM.
 */
int hg_chainset_alloc(struct hg_chainset *cs, uint32_t c, uint32_t s, uint64_t cap);

/* hg_chainset_free - release @cs and its records (NULL is fine). */
void hg_chainset_free(struct hg_chainset *cs);

/*
 * hg_chain_name_ok - a chain's name: 1 to HG_CHAIN_RUN_NAME_LEN - 1
 * letters, digits, '_', '-' or '.'. Returns 1 when it is one.
 */
int hg_chain_name_ok(const char *s);

#endif /* HG_CHAINS_H */
