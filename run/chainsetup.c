// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chainsetup.c - the chains of a run set up before its threads start
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/chainsetup.h"
#include "workloads/chainlink.h"

/* Room for the jobs stage @s of chain @ch can finish in the run. */
static uint64_t stage_room(const struct hg_config *cfg, const struct hg_chain_cfg *ch,
			   uint32_t s)
{
	/* an event chain's later stages run at the first's pace */
	uint32_t t = cfg->chain_mode == HG_CHAIN_EVENT ? ch->thread[0] : ch->thread[s];
	uint64_t period = cfg->threads[t].wp.period_ns, n;

	if (!cfg->duration_ns || !period)	/* --forever: the first ones */
		return 1u << 16;
	n = cfg->duration_ns / period + 2;
	return n < HG_CHAIN_JOBS_MAX ? n : HG_CHAIN_JOBS_MAX;
}

static int init_chain(struct run *r, struct hg_trace *t, uint32_t c, struct hg_chain_out *out,
		      char *err, size_t errlen)
{
	const struct hg_config *cfg = r->cfg;
	const struct hg_chain_cfg *ch = &cfg->chains[c];
	struct hg_chain_run *cr = &t->chains->chain[c];
	uint32_t s;
	int ret;

	snprintf(cr->name, sizeof(cr->name), "%s", ch->name);
	cr->mode = cfg->chain_mode;
	cr->wake = cfg->chain_wake;
	cr->nstages = ch->nstages;
	for (s = 0; s < ch->nstages; s++) {
		struct worker *w = &r->w[ch->thread[s]];
		struct hg_wl_chain *wc = &r->chain_w[ch->thread[s]];

		cr->stage[s].thread = ch->thread[s];
		ret = hg_chainset_alloc(t->chains, c, s, stage_room(cfg, ch, s));
		if (!ret && s + 1 < ch->nstages)
			ret = hg_chain_out_init(&out[s], cfg->chain_mode == HG_CHAIN_EVENT,
						cfg->chain_wake);
		if (ret) {
			snprintf(err, errlen, "--chain %s: cannot set up thread %u: %s", ch->name,
				 ch->thread[s], strerror(-ret));
			return ret;
		}
		wc->mode = cfg->chain_mode;
		wc->in = s ? &out[s - 1] : NULL;
		wc->out = s + 1 < ch->nstages ? &out[s] : NULL;
		wc->rec = &cr->stage[s];
		w->wctx.chain = wc;
	}
	return 0;
}

int hg_run_chains_init(struct run *r, struct hg_trace *t, char *err, size_t errlen)
{
	const struct hg_config *cfg = r->cfg;
	uint32_t c;
	int ret;

	if (!cfg->nchains)
		return 0;
	t->chains = calloc(1, sizeof(*t->chains));
	r->chain_out = calloc((size_t)cfg->nchains * HG_CHAIN_STAGES_MAX,
			      sizeof(*r->chain_out));
	r->chain_w = calloc(cfg->nthreads, sizeof(*r->chain_w));
	if (!t->chains || !r->chain_out || !r->chain_w) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	t->chains->n = cfg->nchains;
	for (c = 0; c < cfg->nchains; c++) {
		ret = init_chain(r, t, c, &r->chain_out[c * HG_CHAIN_STAGES_MAX], err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

void hg_run_chains_free(struct run *r)
{
	size_t i;

	if (r->chain_out)
		for (i = 0; i < (size_t)r->cfg->nchains * HG_CHAIN_STAGES_MAX; i++)
			hg_chain_out_free(&r->chain_out[i]);
	free(r->chain_out);
	free(r->chain_w);
	r->chain_out = NULL;
	r->chain_w = NULL;
}
