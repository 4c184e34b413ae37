// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options_locks.c - the run's locks: --cs names them, --protocol sets how
 * each hands priorities on; once the line is read, the sections are
 * checked against their threads
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "hourglass/options.h"
#include "hourglass/optionsint.h"
#include "util/errlen.h"
#include "util/timeval.h"

int hg_args_lock(struct parser *ps, const char *opt, const char *name)
{
	struct hg_config *cfg = ps->cfg;
	uint32_t k;

	if (!hg_lock_name_ok(name))
		return hg_args_fail(ps, -EINVAL, "%s %s: not a lock name (1 to %d letters, "
				    "digits, '_', '-' or '.', e.g. L)", opt, hg_quote(name).s,
				    HG_LOCK_NAME_LEN - 1);
	for (k = 0; k < cfg->nlocks; k++)
		if (!strcmp(cfg->locks[k].name, name))
			return (int)k;
	if (cfg->nlocks == HG_MAX_LOCKS)
		return hg_args_fail(ps, -EINVAL, "%s %s: at most %d locks in a run", opt, name,
				    HG_MAX_LOCKS);
	memset(&cfg->locks[k], 0, sizeof(cfg->locks[k]));
	snprintf(cfg->locks[k].name, sizeof(cfg->locks[k].name), "%s", name);
	cfg->locks[k].protocol = HG_LOCK_INHERIT;
	cfg->nlocks++;
	return (int)k;
}

/* Thread @t's sections: on a model of jobs, at most HG_MAX_CS, within its amount. */
static int check_sections(struct parser *ps, unsigned int t)
{
	const struct hg_thread_cfg *th = &ps->cfg->threads[t];
	const struct hg_wl_params *p = &th->wp;
	char a[32], b[32];
	uint64_t sum;

	if (!p->ncs)
		return 0;
	if (th->wl->model != HG_MODEL_PERIODIC && th->wl->model != HG_MODEL_CPU_PERIODIC)
		return hg_args_fail(ps, -EINVAL, "thread %u: --cs %s: -w %s runs no jobs (sections "
				    "run in PERIODIC, PERIODIC_TABLE and CPU_PERIODIC jobs)", t,
				    ps->cfg->locks[p->cs[0].lock].name, th->wl->name);
	if (p->ncs > HG_MAX_CS)
		return hg_args_fail(ps, -EINVAL, "thread %u: --cs given more than %d times "
				    "(at most %d sections a job)", t, HG_MAX_CS, HG_MAX_CS);
	sum = hg_cs_total(p->cs, p->ncs);
	/* PERIODIC_TABLE's jobs differ: each runs as much of its sections as it has */
	if (p->amount_ns && sum > p->amount_ns)
		return hg_args_fail(ps, -EINVAL, "thread %u: --cs: the sections take %s, longer "
				    "than the job's amount %s (they run out of it)", t,
				    hg_format_time(sum, a, sizeof(a)),
				    hg_format_time(p->amount_ns, b, sizeof(b)));
	return 0;
}

int hg_args_locks(struct parser *ps)
{
	struct hg_config *cfg = ps->cfg;
	unsigned int t, users[HG_MAX_LOCKS] = { 0 };
	uint32_t k, i;

	for (t = 0; t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *th = &cfg->threads[t];
		bool uses[HG_MAX_LOCKS] = { false };

		if (check_sections(ps, t))
			return -EINVAL;
		for (i = 0; i < th->wp.ncs; i++)
			uses[th->wp.cs[i].lock] = true;
		for (k = 0; k < cfg->nlocks; k++) {
			struct hg_lock *l = &cfg->locks[k];

			if (!uses[k])
				continue;
			users[k]++;
			if (l->protocol != HG_LOCK_PROTECT)
				continue;
			if (th->reserve != HG_RESERVE_NONE || !hg_prio_is_rt(&th->prio))
				return hg_args_fail(ps, -EINVAL, "--protocol %s=protect: thread %u "
						    "is not SCHED_FIFO or SCHED_RR (a priority "
						    "ceiling needs real-time priorities: give it "
						    "-p FIFO:<n>, or use %s=inherit)", l->name, t,
						    l->name);
			if (th->prio.value > l->ceiling)
				l->ceiling = th->prio.value;
		}
	}
	for (k = 0; k < cfg->nlocks; k++)
		if (!users[k])
			return hg_args_fail(ps, -EINVAL, "--protocol %s: no thread uses lock '%s' "
					    "(give one --cs %s <amount>)", ps->protocol_arg[k] ?
					    ps->protocol_arg[k] : cfg->locks[k].name,
					    cfg->locks[k].name, cfg->locks[k].name);
	return 0;
}
