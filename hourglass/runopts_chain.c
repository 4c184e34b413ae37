// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * runopts_chain.c - the run's chains: --chain names one and its threads,
 * --chain-mode how their jobs pass data on, --chain-wake what releases an
 * event chain's jobs; once the line is read, each thread is checked
 * against its place in a chain
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/optionsint.h"
#include "hourglass/runopts.h"
#include "run/config.h"
#include "util/errlen.h"

/* The thread a chain names at place @i: its number in *@t; -EINVAL when none. */
static int chain_thread(const char *s, const char **end, uint32_t *t)
{
	char *e;
	unsigned long v;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoul(s, &e, 10);
	if (errno || v >= HG_MAX_THREADS)
		return -EINVAL;
	*t = (uint32_t)v;
	*end = e;
	return 0;
}

/* A thread already in a chain of the line: its chain's number, else -1. */
static int chain_of(const struct hg_config *cfg, uint32_t t)
{
	uint32_t c, s;

	for (c = 0; c < cfg->nchains; c++)
		for (s = 0; s < cfg->chains[c].nstages; s++)
			if (cfg->chains[c].thread[s] == t)
				return (int)c;
	return -1;
}

/* "<a>><b>...": the threads of chain @ch, each once, in no other chain. */
static int chain_threads(struct parser *ps, const char *opt, const char *spec,
			 struct hg_chain_cfg *ch)
{
	const char *p = spec;
	uint32_t t, i;

	for (ch->nstages = 0; ; p++) {
		if (chain_thread(p, &p, &t) || (*p && *p != '>'))
			return hg_args_fail(ps, -EINVAL, "%s %s %s: not a list of threads (their "
					    "numbers joined by '>', e.g. 0>1>2)", opt, ch->name,
					    hg_quote(spec).s);
		for (i = 0; i < ch->nstages; i++)
			if (ch->thread[i] == t)
				return hg_args_fail(ps, -EINVAL, "%s %s %s: %s: thread %u comes "
						    "twice (a chain runs each thread once)", opt,
						    ch->name, spec, i ? "thread twice" : "a cycle",
						    t);
		if (chain_of(ps->cfg, t) >= 0)
			return hg_args_fail(ps, -EINVAL, "%s %s %s: thread %u is already in chain "
					    "%s (a thread runs in one chain)", opt, ch->name,
					    spec, t, ps->cfg->chains[chain_of(ps->cfg, t)].name);
		if (ch->nstages == HG_CHAIN_STAGES_MAX)
			return hg_args_fail(ps, -EINVAL, "%s %s: more than %d threads", opt,
					    ch->name, HG_CHAIN_STAGES_MAX);
		ch->thread[ch->nstages++] = t;
		if (!*p)
			break;
	}
	if (ch->nstages < 2)
		return hg_args_fail(ps, -EINVAL, "%s %s %s: a chain needs two threads at least "
				    "(e.g. 0>1)", opt, ch->name, spec);
	return 0;
}

int hg_run_set_chain(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		     char *const *v)
{
	struct hg_config *cfg = ps->cfg;
	struct hg_chain_cfg *ch = &cfg->chains[cfg->nchains];
	uint32_t c;
	int ret;

	(void)r;
	if (!hg_chain_name_ok(v[0]))
		return hg_args_fail(ps, -EINVAL, "%s %s: not a chain name (1 to %d letters, "
				    "digits, '_', '-' or '.', e.g. ctl)", opt, hg_quote(v[0]).s,
				    HG_CHAIN_RUN_NAME_LEN - 1);
	for (c = 0; c < cfg->nchains; c++)
		if (!strcmp(cfg->chains[c].name, v[0]))
			return hg_args_fail(ps, -EINVAL, "%s %s: a chain of that name is given "
					    "already", opt, v[0]);
	if (cfg->nchains == HG_CHAINS_MAX)
		return hg_args_fail(ps, -EINVAL, "%s %s: at most %d chains in a run", opt, v[0],
				    HG_CHAINS_MAX);
	memset(ch, 0, sizeof(*ch));
	strcpy(ch->name, v[0]);
	ret = chain_threads(ps, opt, v[1], ch);
	if (!ret)
		cfg->nchains++;
	return ret;
}

static const char *const mode_words[] = { "event", "sampled", NULL };
static const char *const wake_words[] = { "cond", "futex", "pipe", "eventfd", NULL };

int hg_run_set_chain_mode(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			  char *const *v)
{
	struct hg_opt o = { .kind = HG_OPT_WORD, .words = mode_words };
	int i, ret = hg_opt_store(HG_OPT_WORD, &o, &i, opt, v[0], ps->err, ps->errlen);

	(void)r;
	if (!ret) {
		ps->cfg->chain_mode = (uint32_t)i;
		ps->chain_mode_given = true;
	}
	return ret;
}

int hg_run_set_chain_wake(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			  char *const *v)
{
	struct hg_opt o = { .kind = HG_OPT_WORD, .words = wake_words };
	int i, ret = hg_opt_store(HG_OPT_WORD, &o, &i, opt, v[0], ps->err, ps->errlen);

	(void)r;
	if (!ret) {
		ps->cfg->chain_wake = (uint32_t)i;
		ps->chain_wake_given = true;
	}
	return ret;
}

int hg_args_chains(struct parser *ps)
{
	const struct hg_config *cfg = ps->cfg;
	uint32_t c, s;

	if (!cfg->nchains && ps->chain_mode_given)
		return hg_args_fail(ps, -EINVAL, "--chain-mode: needs a chain (--chain <name> "
				    "<a>><b>...)");
	if (!cfg->nchains && ps->chain_wake_given)
		return hg_args_fail(ps, -EINVAL, "--chain-wake: needs a chain (--chain <name> "
				    "<a>><b>...)");
	if (ps->chain_wake_given && cfg->chain_mode != HG_CHAIN_EVENT)
		return hg_args_fail(ps, -EINVAL, "--chain-wake %s: sampled chains are not woken "
				    "(it picks how an event chain's jobs are released)",
				    hg_chain_wake_name(cfg->chain_wake));
	for (c = 0; c < cfg->nchains; c++)
		for (s = 0; s < cfg->chains[c].nstages; s++) {
			uint32_t t = cfg->chains[c].thread[s];

			if (t >= cfg->nthreads)
				return hg_args_fail(ps, -EINVAL, "--chain %s: no thread %u (-n %u "
						    "gives threads 0 to %u)", cfg->chains[c].name,
						    t, cfg->nthreads, cfg->nthreads - 1);
			if (cfg->threads[t].wl->model != HG_MODEL_PERIODIC)
				return hg_args_fail(ps, -EINVAL, "--chain %s: thread %u runs -w %s, "
						    "not jobs (a chain's threads run PERIODIC or "
						    "PERIODIC_TABLE)", cfg->chains[c].name, t,
						    cfg->threads[t].wl->name);
		}
	return 0;
}
