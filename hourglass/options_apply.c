// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options_apply.c - the run's per-thread options, applied to their threads
 * once the command line is read, and the checks of the whole line
 *
 * Per-thread options are collected with their scope (-t <n>, or -a / none
 * for all threads) and applied in order once -n is known, so -n may come
 * anywhere and a later option overrides an earlier one for its threads.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/options.h"
#include "hourglass/optionsint.h"
#include "hourglass/outpath.h"
#include "hourglass/runopts.h"
#include "util/errlen.h"
#include "util/grow.h"
#include "util/timeval.h"

struct thread_opt *hg_args_assign(struct parser *ps, const struct hg_run_opt *row)
{
	struct thread_opt *a;

	if (HG_GROW(ps->as, ps->cap, ps->nas + 1))
		return NULL;
	a = &ps->as[ps->nas++];
	memset(a, 0, sizeof(*a));
	a->scope = ps->scope;
	a->scope_arg = ps->scope_arg;
	a->row = row;
	return a;
}

/* Whether output @path is standard output. */
static bool is_stdout(const char *path)
{
	return path && !strcmp(path, "-");
}

static void thread_defaults(struct hg_thread_cfg *t)
{
	memset(t, 0, sizeof(*t));
	t->prio = hg_prio_default();
	t->wl = hg_workload_default();
}

/* A per-thread option on thread @t: its row's apply, or its value at its offset. */
static void apply(const struct thread_opt *a, struct hg_thread_cfg *t)
{
	if (a->row->apply)
		a->row->apply(a, t);
	else
		memcpy((char *)t + a->row->opt.off, &a->v.ns, sizeof(a->v.ns));
}

/* --on-threshold: needs --break; its trace, --kernel and a place to write. */
static int check_actions(struct parser *ps)
{
	const struct hg_config *cfg = ps->cfg;
	unsigned int i;

	if (cfg->on_threshold.n && !cfg->break_ns)
		return hg_args_fail(ps, -EINVAL, "--on-threshold: needs --break <time>, the "
				    "threshold (e.g. --break 100us --on-threshold continue)");
	for (i = 0; i < cfg->on_threshold.n; i++) {
		const struct hg_action *a = &cfg->on_threshold.a[i];

		if (a->type != HG_ACT_TRACE)
			continue;
		if (!cfg->kernel)
			return hg_args_fail(ps, -EINVAL, "--on-threshold trace: needs --kernel, "
					    "whose events it writes (add --kernel)");
		if (!a->file && (!cfg->out_path || !strcmp(cfg->out_path, "-")))
			return hg_args_fail(ps, -EINVAL, "--on-threshold trace: writes beside "
					    "the trace: give -o <file>, or trace,file=F");
	}
	return 0;
}

/*
 * The outputs: standard output for one of them at most, no two the same
 * file, none a thread's input (-w PERIODIC_TABLE's file)
 */
static int check_outputs(struct parser *ps)
{
	const struct hg_config *cfg = ps->cfg;
	unsigned int t;

	if (cfg->out_path && cfg->json_path && !strcmp(cfg->out_path, "-") &&
	    !strcmp(cfg->json_path, "-"))
		return hg_args_fail(ps, -EINVAL, "-o -: standard output is --json's already; "
			    "write one of them to a file");
	if (cfg->ktap && (is_stdout(cfg->out_path) || is_stdout(cfg->json_path) ||
			  is_stdout(cfg->prom_path) || is_stdout(cfg->junit_path)))
		return hg_args_fail(ps, -EINVAL, "--ktap: standard output is another output's "
			    "already (a - among -o, --json, --prom, --junit); write it to a file");
	{
		/* compared as files: two names may be one file (a symbolic link, ./x) */
		const char *const names[] = { "--json", "-o", "--prom", "--junit" };
		const char *const paths[] = { cfg->json_path, cfg->out_path, cfg->prom_path,
					      cfg->junit_path };
		char why[HG_QUOTE_MAX + 128];

		if (hg_outputs_clash(names, paths, 4, why, sizeof(why)))
			return hg_args_fail(ps, -EINVAL, "%s", why);
		/* an input named as an output would be destroyed before it is read */
		for (t = 0; t < cfg->nthreads; t++) {
			const char *in = cfg->threads[t].wp.path[0] ? cfg->threads[t].wp.path : NULL;
			char in_name[64];
			const char *in_names[] = { in_name };

			snprintf(in_name, sizeof(in_name), "-w %s", cfg->threads[t].wl->name);
			if (hg_output_reads(names, paths, 4, in_names, &in, 1, why, sizeof(why)))
				return hg_args_fail(ps, -EINVAL, "%s", why);
		}
	}
	return 0;
}

int hg_args_finish(struct parser *ps)
{
	struct hg_config *cfg = ps->cfg;
	char a[32], b[32];
	size_t i;
	unsigned int t;

	if (!ps->have_n)
		return hg_args_fail(ps, -EINVAL, "-n <threads> is required (e.g. -n 3)");
	if (ps->max_scope >= (int)cfg->nthreads)
		return hg_args_fail(ps, -EINVAL, "-t %s: no such thread (-n %u gives threads 0 to %u)",
			    hg_quote(ps->max_scope_arg).s, cfg->nthreads, cfg->nthreads - 1);
	cfg->threads = calloc(cfg->nthreads, sizeof(*cfg->threads));
	if (!cfg->threads)
		return hg_args_fail(ps, -ENOMEM, "out of memory");
	for (t = 0; t < cfg->nthreads; t++)
		thread_defaults(&cfg->threads[t]);
	for (i = 0; i < ps->nas; i++) {
		const struct thread_opt *as = &ps->as[i];

		for (t = 0; t < cfg->nthreads; t++)
			if (as->scope < 0 || as->scope == (int)t)
				apply(as, &cfg->threads[t]);
	}
	for (t = 0; t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *th = &cfg->threads[t];
		uint64_t end = th->finish_ns ? th->finish_ns : cfg->duration_ns;

		if (!end)	/* --forever */
			end = UINT64_MAX;
		if (cfg->duration_ns && th->finish_ns > cfg->duration_ns)
			return hg_args_fail(ps, -EINVAL, "thread %u: -f %s is after the end of the run (-d %s)",
				    t, hg_format_time(th->finish_ns, a, sizeof(a)),
				    hg_format_time(cfg->duration_ns, b, sizeof(b)));
		if (th->start_ns >= end)
			return hg_args_fail(ps, -EINVAL, "thread %u: -s %s is not before its end (%s)",
				    t, hg_format_time(th->start_ns, a, sizeof(a)),
				    hg_format_time(end, b, sizeof(b)));
	}
	if (check_outputs(ps))
		return -EINVAL;
	if (hg_args_locks(ps))
		return -EINVAL;
	if (hg_args_chains(ps))
		return -EINVAL;
	if (ps->cs_cost_ns) {
		cfg->overheads.switch_ns = ps->cs_cost_ns;
		hg_overheads_source(&cfg->overheads, "--cs-cost");
	}
	if (ps->break_on_given && !cfg->break_ns)
		return hg_args_fail(ps, -EINVAL, "--break-on: needs --break <time>, the threshold");
	if (check_actions(ps))
		return -EINVAL;
	if (ps->prom_interval_given && !cfg->prom_path)
		return hg_args_fail(ps, -EINVAL, "--prom-interval: needs --prom <file>");
	return 0;
}
