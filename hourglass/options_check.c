// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options_check.c - a parsed run configuration against the machine: CPUs
 * that exist, timers that work, outputs that can be written; and the
 * options that cannot have an effect
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>

#include "hourglass/options.h"
#include "hourglass/outpath.h"
#include "run/cpulist.h"
#include "run/load.h"
#include "trace/msg.h"
#include "util/errlen.h"
#include "util/timeval.h"

static int check_writable(const char *opt, const char *path, char *err, size_t errlen)
{
	char why[PATH_MAX + 64];

	if (!hg_output_problem(path, NULL, why, sizeof(why)))
		return 0;
	if (*path)
		snprintf(err, errlen, "%s %s: %s", opt, hg_quote(path).s, why);
	else
		snprintf(err, errlen, "%s: %s", opt, why);
	return -EINVAL;
}

/* The PERIODIC_TABLE times the threads hold in all, within the bound. */
static int check_tables(const struct hg_config *cfg, char *err, size_t errlen)
{
	uint64_t total = 0;
	unsigned int t, n = 0;

	for (t = 0; t < cfg->nthreads; t++) {
		total += cfg->threads[t].wp.table_len;
		n += cfg->threads[t].wp.table_len > 0;
	}
	if (total <= HG_WL_TABLE_MAX_TOTAL)
		return 0;
	snprintf(err, errlen, "-w PERIODIC_TABLE: %u thread%s would hold %" PRIu64 " times in "
		 "all, more than %u (%u MiB: each thread holds its table, 8 bytes a time); give "
		 "fewer threads or a shorter table", n, n == 1 ? "" : "s", total,
		 HG_WL_TABLE_MAX_TOTAL, HG_WL_TABLE_MAX_TOTAL * 8 >> 20);
	return -E2BIG;
}
static int check_loads(const struct hg_config *cfg, const cpu_set_t *online, char *err,
		       size_t errlen);

int hg_config_check(const struct hg_config *cfg, const cpu_set_t *online,
		    char *err, size_t errlen)
{
	char list[256], bad_list[256], have[256];
	unsigned int t;

	for (t = 0; t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *th = &cfg->threads[t];
		cpu_set_t bad;

		if (th->pinned) {
			CPU_XOR(&bad, &th->cpus, online);
			CPU_AND(&bad, &bad, &th->cpus);
			if (CPU_COUNT(&bad)) {
				snprintf(err, errlen, "thread %u: --cpu %s: CPU %s not available "
					 "(this process may use %s)", t,
					 hg_cpulist_format(&th->cpus, list, sizeof(list)),
					 hg_cpulist_format(&bad, bad_list, sizeof(bad_list)),
					 hg_cpulist_format(online, have, sizeof(have)));
				return -EINVAL;
			}
		}
		if (th->timer && th->timer->check) {
			char why[HG_ERR_LEN];

			if (th->timer->check(why, sizeof(why))) {
				snprintf(err, errlen, "thread %u: %s", t, why);
				return -EINVAL;
			}
		}
		if (th->reserve != HG_RESERVE_NONE && th->pinned) {
			snprintf(err, errlen, "thread %u: %s cannot be combined with --cpu: a "
				 "SCHED_DEADLINE thread must be allowed on every CPU of its root "
				 "domain", t, th->reserve == HG_RESERVE_HARD ? "-rh" : "-rs");
			return -EINVAL;
		}
	}
	if (check_tables(cfg, err, errlen))
		return -E2BIG;
	if (cfg->out_path && check_writable("-o", cfg->out_path, err, errlen))
		return -EINVAL;
	if (cfg->json_path && check_writable("--json", cfg->json_path, err, errlen))
		return -EINVAL;
	if (cfg->prom_path && check_writable("--prom", cfg->prom_path, err, errlen))
		return -EINVAL;
	if (cfg->junit_path && check_writable("--junit", cfg->junit_path, err, errlen))
		return -EINVAL;
	return check_loads(cfg, online, err, errlen);
}

/* The run's CPUs in @pinned; returns whether every thread is pinned. */
static bool pinned_cpus(const struct hg_config *cfg, cpu_set_t *pinned)
{
	unsigned int t;
	bool all = true;

	CPU_ZERO(pinned);
	for (t = 0; t < cfg->nthreads; t++) {
		all &= cfg->threads[t].pinned;
		if (cfg->threads[t].pinned)
			CPU_OR(pinned, pinned, &cfg->threads[t].cpus);
	}
	return all;
}

bool hg_config_thread_cpus(const struct hg_config *cfg, cpu_set_t *cpus)
{
	return pinned_cpus(cfg, cpus);
}

void hg_config_load_cpus(const struct hg_config *cfg, const cpu_set_t *online, cpu_set_t *cpus)
{
	cpu_set_t pinned;
	bool all = pinned_cpus(cfg, &pinned);

	if (cfg->load_cpus_given)
		*cpus = cfg->load_cpus;
	else
		hg_loads_default_cpus(online, &pinned, all, cpus);
}

static int check_loads(const struct hg_config *cfg, const cpu_set_t *online, char *err,
		       size_t errlen)
{
	const struct hg_load_req *miss;
	char list[256], bad_list[256], have[256];
	cpu_set_t bad;

	if (cfg->load_cpus_given && !cfg->nloads) {
		snprintf(err, errlen, "--load-cpu: no --load to pin (give e.g. --load cpu)");
		return -EINVAL;
	}
	if (!cfg->nloads)
		return 0;
	if (cfg->load_cpus_given) {
		CPU_XOR(&bad, &cfg->load_cpus, online);
		CPU_AND(&bad, &bad, &cfg->load_cpus);
		if (CPU_COUNT(&bad)) {
			snprintf(err, errlen, "--load-cpu %s: CPU %s not available (this process "
				 "may use %s)", hg_cpulist_format(&cfg->load_cpus, list, sizeof(list)),
				 hg_cpulist_format(&bad, bad_list, sizeof(bad_list)),
				 hg_cpulist_format(online, have, sizeof(have)));
			return -EINVAL;
		}
	}
	miss = hg_load_tool_missing(cfg->loads, cfg->nloads);
	if (miss) {
		snprintf(err, errlen, "--load %s: %s not found (install the Debian package %s)",
			 miss->prof->name, miss->prof->tool, miss->prof->package);
		return -EINVAL;
	}
	return 0;
}

/* The timed models' names, "PERIODIC, PERIODIC_TABLE and LAT". */
static char *timed_models(char *buf, size_t len)
{
	const char *names[16];
	size_t i, k = 0, j, at = 0;

	for (i = 0; hg_workloads[i] && k < 16; i++)
		if (hg_workloads[i]->timed)
			names[k++] = hg_workloads[i]->name;
	buf[0] = '\0';
	for (j = 0; j < k && at < len; j++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
				       !j ? "" : j == k - 1 ? " and " : ", ", names[j]);
	return buf;
}

/* -i on threads that never sleep, when no thread that sleeps has it. */
static unsigned int warn_timer(const struct hg_config *cfg, const struct hg_timer *timer)
{
	unsigned int t, first = 0, n = 0;
	char models[128], more[32] = "";

	for (t = 0; t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *th = &cfg->threads[t];

		if (th->timer != timer)
			continue;
		if (th->wl->timed)
			return 0;
		if (!n++)
			first = t;
	}
	if (!n)
		return 0;
	if (n > 1)
		snprintf(more, sizeof(more), " and %u more", n - 1);
	hg_warn("-i %s has no effect: thread %u (%s)%s never sleep%s; "
		"the timer is what %s sleep on", timer->name, first,
		cfg->threads[first].wl->name, more, n > 1 ? "" : "s",
		timed_models(models, sizeof(models)));
	return 1;
}

/* C > T or C > D: every job of a PERIODIC or CPU_PERIODIC thread misses. */
static unsigned int warn_amount(const struct hg_config *cfg, unsigned int t)
{
	const struct hg_thread_cfg *th = &cfg->threads[t];
	const struct hg_wl_params *p = &th->wp;
	char c[32], lim[32], desc[160];
	bool over_t;

	if ((th->wl->model != HG_MODEL_PERIODIC && th->wl->model != HG_MODEL_CPU_PERIODIC) ||
	    !p->amount_ns || !p->period_ns)
		return 0;
	over_t = p->amount_ns > p->period_ns;
	if (!over_t && (!p->deadline_ns || p->amount_ns <= p->deadline_ns))
		return 0;
	th->wl->describe(p, desc, sizeof(desc));
	hg_warn("thread %u: -w %s: the amount C (%s) exceeds the %s "
		"(%s): every job misses its deadline", t, desc,
		hg_format_time(p->amount_ns, c, sizeof(c)), over_t ? "period T" : "deadline D",
		hg_format_time(over_t ? p->period_ns : p->deadline_ns, lim, sizeof(lim)));
	return 1;
}

/* A lock that only one thread takes: no thread ever waits for it. */
static unsigned int warn_locks(const struct hg_config *cfg)
{
	unsigned int t, n = 0, users, last = 0;
	uint32_t k, i;

	for (k = 0; k < cfg->nlocks; k++) {
		for (users = 0, t = 0; t < cfg->nthreads; t++)
			for (i = 0; i < cfg->threads[t].wp.ncs && i < HG_MAX_CS; i++)
				if (cfg->threads[t].wp.cs[i].lock == k) {
					users++;
					last = t;
					break;
				}
		if (users != 1)
			continue;
		hg_warn("lock '%s' is used by thread %u only: no thread "
			"ever waits for it (give another thread --cs %s <amount>)",
			cfg->locks[k].name, last, cfg->locks[k].name);
		n++;
	}
	return n;
}

unsigned int hg_config_warn(const struct hg_config *cfg)
{
	unsigned int t, n = 0, lat = 0;
	size_t i;

	n += warn_locks(cfg);
	for (t = 0; t < cfg->nthreads; t++) {
		lat += cfg->threads[t].wl->model == HG_MODEL_LAT;
		n += warn_amount(cfg, t);
	}
	for (i = 0; hg_timers[i]; i++)
		n += warn_timer(cfg, hg_timers[i]);
	if (!lat && cfg->histogram_us) {
		hg_warn("--histogram %u has no effect: no thread runs LAT "
			"(-w LAT <period>)", cfg->histogram_us);
		n++;
	}
	/* cyclictest -q prints a summary at the end; ours prints nothing */
	if (cfg->quiet && !cfg->out_path && !cfg->json_path && !cfg->prom_path &&
	    !cfg->fail_on_miss && !cfg->break_ns && !cfg->ktap && !cfg->junit_path) {
		hg_warn("-q with no -o, --json or --prom: the results go "
			"nowhere (-x prints the report without the interval lines)");
		n++;
	}
	if (cfg->quiet && cfg->verbose) {
		hg_warn("-v has no effect with -q: nothing is printed on "
			"standard output (hourglass dump prints everything from -o's trace)");
		n++;
	}
	if (!lat && cfg->thresholds_set) {
		hg_warn("--lat-thresholds has no effect: no thread runs LAT "
			"(-w LAT <period>)");
		n++;
	}
	return n;
}
