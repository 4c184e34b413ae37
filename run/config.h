/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * config.h - what a run is asked to do, one struct passed down from the
 * command line (hourglass/options.h fills it) to the run engine
 */
#ifndef HG_CONFIG_H
#define HG_CONFIG_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

#include "analysis/sched/overheads.h"
#include "run/action.h"
#include "run/loadprof.h"
#include "run/priority.h"
#include "timers/timer.h"
#include "trace/chains.h"
#include "trace/locks.h"
#include "workloads/workload.h"

#define HG_MAX_THREADS		1024
#define HG_MAX_RECORDS		(1ULL << 28)
#define HG_DEFAULT_RECORDS	1000000ULL
#define HG_DEFAULT_DURATION_NS	10000000000ULL
#define HG_DEFAULT_PROM_INTERVAL_NS	10000000000ULL
#define HG_MAX_HISTOGRAM_US	HG_MAX_HISTOGRAM_BUCKETS
#define HG_MAX_TIME_NS		(366ULL * 24 * 3600 * 1000000000ULL)	/* a year */

struct hg_thread_cfg {
	struct hg_prio prio;
	const struct hg_workload *wl;
	struct hg_wl_params wp;
	const struct hg_timer *timer;	/* NULL: the default (NATIVE) */
	uint64_t start_ns;		/* -s: offset from the common start */
	uint64_t finish_ns;		/* -f: offset of the end; 0: end of run */
	enum hg_reserve reserve;	/* -rh / -rs */
	uint64_t reserve_budget_ns;
	uint64_t reserve_period_ns;
	bool pinned;			/* --cpu given */
	cpu_set_t cpus;
	/* for the response-time analysis only */
	uint64_t jitter_ns;		/* --jitter: release jitter J */
	uint64_t wcet_ns;		/* --wcet: C, instead of the workload's */
	uint64_t blocking_ns;		/* --blocking: B */
};

/* One chain of --chain: its name and its threads, first to last. */
struct hg_chain_cfg {
	char name[HG_CHAIN_RUN_NAME_LEN];
	uint32_t nstages;
	uint32_t thread[HG_CHAIN_STAGES_MAX];
};

struct hg_config {
	unsigned int nthreads;		/* -n */
	uint64_t duration_ns;		/* -d; 0: --forever, until SIGINT or SIGTERM */
	uint64_t records;		/* -e */
	uint64_t gap_ns;		/* -g; 0: derive from the loop */
	bool raw_cycles;		/* -c */
	bool no_intervals;		/* -x */
	bool quiet;			/* -q */
	bool verbose;			/* -v: the whole text output, as dump prints it */
	bool gap_hist;			/* -gh */
	const char *out_path;		/* -o */
	const char *json_path;		/* --json */
	uint32_t histogram_us;		/* --histogram: LAT buckets of 1 us */
	unsigned int nthresholds;	/* --lat-thresholds */
	bool thresholds_set;		/* --lat-thresholds given */
	uint64_t thresholds_ns[HG_MAX_THRESHOLDS];
	bool fail_on_miss;		/* --fail-on-miss: exit 3 after a missed deadline */
	bool ktap;			/* --ktap: KTAP on standard output, no report */
	const char *junit_path;		/* --junit: the tests as JUnit XML */
	uint64_t break_ns;		/* --break: stop at an event beyond it; 0: none */
	unsigned int break_on;		/* --break-on: enum hg_break_kind bits */
	struct hg_actions on_threshold;	/* --on-threshold, in order given */
	uint32_t over_keep;		/* continue's keep=K; 0: the run stops */
	struct hg_actions on_end;	/* --on-end */
	const char *prom_path;		/* --prom: OpenMetrics text */
	uint64_t prom_interval_ns;	/* --prom-interval (default 10s) */
	bool kernel;			/* --kernel: capture the kernel's events */
	struct hg_overheads overheads;	/* --overheads, --cs-cost: for the prediction */
	uint32_t nlocks;		/* --cs, --protocol: the locks, by number */
	struct hg_lock locks[HG_MAX_LOCKS];
	unsigned int nloads;		/* --load: the standard loads, in order */
	struct hg_load_req loads[HG_MAX_LOADS];
	bool load_cpus_given;		/* --load-cpu given */
	cpu_set_t load_cpus;		/* --load-cpu */
	uint32_t nchains;		/* --chain, in order given */
	struct hg_chain_cfg chains[HG_CHAINS_MAX];
	uint32_t chain_mode;		/* --chain-mode: enum hg_chain_mode */
	uint32_t chain_wake;		/* --chain-wake: enum hg_chain_wake */
	struct hg_thread_cfg *threads;	/* nthreads of them */
};

#endif /* HG_CONFIG_H */
