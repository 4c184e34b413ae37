// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rtachain.c - the chains' bounds in rta's text and JSON
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/chain.h"
#include "analysis/holistic.h"
#include "analysis/overheads.h"
#include "report/rtachain.h"
#include "trace/timeval.h"

/* Each chain's bounds and how they were found. */
struct found {
	struct hg_chain_bound *b;	/* one a chain */
	bool holistic;			/* event chains: the sampled use their jitters too */
	unsigned int rounds;
};

static const char *const formula[2][2] = {
	/* sampled: reaction, data age; event: the same */
	{ "sum of (T_i + R_i)", "sum of (T_i + R_i) - T_n" },
	{ "T_0 + worst_n (holistic)", "worst_n (holistic)" },
};

/* The bounds of @s's chains from @r, @ovh: with the overheads; 0 or -errno. */
static int find(const struct hg_taskset *s, const struct hg_rta_result *r, bool ovh,
		struct found *fd)
{
	const struct hg_chains *cs = &s->chains;
	struct hg_rta_task *ts = hg_taskset_rta(s);
	struct hg_rta_result *rh = NULL;
	size_t c;
	int ret = 0;

	fd->b = calloc(cs->n ? cs->n : 1, sizeof(*fd->b));
	fd->holistic = false;
	fd->rounds = 0;
	for (c = 0; c < cs->n; c++)
		fd->holistic |= cs->chain[c].event;
	if (fd->holistic)
		rh = malloc((s->n ? s->n : 1) * sizeof(*rh));
	if (!ts || !fd->b || (fd->holistic && !rh))
		ret = -ENOMEM;
	if (!ret && ovh)
		hg_overheads_apply(ts, s->n, &s->ovh);
	if (!ret && fd->holistic)
		ret = hg_holistic(s, ts, fd->b, rh, &fd->rounds);
	for (c = 0; !ret && c < cs->n; c++)
		if (!cs->chain[c].event)
			hg_chain_bounds(&cs->chain[c], ts, fd->holistic ? rh : r, &fd->b[c]);
	free(rh);
	free(ts);
	if (ret) {
		free(fd->b);
		fd->b = NULL;
	}
	return ret;
}

/* "0>1>2": the chain's tasks. */
static char *task_list(const struct hg_taskset *s, const struct hg_chain *ch, char *buf,
		       size_t len)
{
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = 0; i < ch->n && at < len; i++) {
		int w = snprintf(buf + at, len - at, "%s%u", i ? ">" : "",
				 s->task[ch->task[i]].rta.id);

		if (w < 0)
			break;
		at += (size_t)w;
	}
	return buf;
}

/* @ns in ms with three decimals and "ms", or "unbounded". */
static char *bound_str(uint64_t ns, char *buf, size_t len)
{
	char ms[32];

	if (ns == UINT64_MAX)
		snprintf(buf, len, "unbounded");
	else
		snprintf(buf, len, "%sms", hg_format_ms3(ns, ms, sizeof(ms)));
	return buf;
}

/* The comment after a bounded chain's line: how its bounds were found. */
static void print_how(FILE *f, const struct hg_chain *ch, const struct found *fd, const char *a,
		      const char *b, bool ovh)
{
	if (ch->event) {
		fprintf(f, "# rta: chain %s: event (each job after the first released by its "
			"predecessor's finish): holistic analysis (Tindell and Clark 1994, %u "
			"rounds; best case: each job its whole C, nothing in its way): reaction "
			"<= %s = %s, data age <= %s = %s%s\n", ch->name, fd->rounds,
			formula[1][0], a, formula[1][1], b, ovh ? ", with the overheads" : "");
		return;
	}
	fprintf(f, "# rta: chain %s: sampled (each job reads its predecessor's latest "
		"output when it starts, writes its own when it finishes; any offsets): "
		"reaction <= %s = %s, data age <= %s = %s (Davare et al. 2007, Duerr et al. "
		"2019), R_i the responses %s%s\n", ch->name, formula[0][0], a, formula[0][1], b,
		fd->holistic ? "with the jitters the event chains pass on" : "above",
		ovh ? ", with the overheads" : "");
}

void hg_print_rtachains(FILE *f, const struct hg_taskset *s, const struct hg_rta_result *r,
			bool ovh)
{
	const struct hg_chains *cs = &s->chains;
	struct found fd = { 0 };
	size_t i;

	if (!cs->n)
		return;
	if (find(s, r, ovh, &fd)) {
		fprintf(f, "# rta: chains: out of memory\n");
		return;
	}
	for (i = 0; i < cs->n; i++) {
		const struct hg_chain *ch = &cs->chain[i];
		const struct hg_chain_bound *cb = &fd.b[i];
		char tl[HG_CHAIN_MAX_TASKS * 22], a[40], b[40];

		fprintf(f, "rta: chain %s tasks %s reaction %s data-age %s %s\n", ch->name,
			task_list(s, ch, tl, sizeof(tl)), bound_str(cb->reaction_ns, a, sizeof(a)),
			bound_str(cb->data_age_ns, b, sizeof(b)), ch->event ? "event" : "sampled");
		if (cb->culprit != SIZE_MAX)
			fprintf(f, "# rta: chain %s: no bound: task %u: %s\n", ch->name,
				s->task[cb->culprit].rta.id, cb->why);
		else if (cb->why)
			fprintf(f, "# rta: chain %s: no bound: %s\n", ch->name, cb->why);
		else
			print_how(f, ch, &fd, a, b, ovh);
	}
	free(fd.b);
}

/* One bound's object: bound_ns (null without one) and formula. */
static void json_bound(struct hg_json *j, const char *key, uint64_t ns, const char *text)
{
	hg_json_row_obj(j, key);
	if (ns == UINT64_MAX)
		hg_json_null(j, "bound_ns");
	else
		hg_json_u64(j, "bound_ns", ns);
	hg_json_string(j, "formula", text);
	hg_json_close(j);
}

void hg_print_rtachains_json(struct hg_json *j, const struct hg_taskset *s,
			     const struct hg_rta_result *r, bool ovh)
{
	const struct hg_chains *cs = &s->chains;
	struct found fd = { 0 };
	size_t i, k;

	hg_json_arr(j, "chains");
	if (cs->n && find(s, r, ovh, &fd))
		fd.b = NULL;	/* out of memory: no chain written */
	for (i = 0; fd.b && i < cs->n; i++) {
		const struct hg_chain *ch = &cs->chain[i];
		const struct hg_chain_bound *cb = &fd.b[i];

		hg_json_row_obj(j, NULL);
		hg_json_string(j, "name", ch->name);
		hg_json_string(j, "mode", ch->event ? "event" : "sampled");
		hg_json_row(j, "tasks");
		for (k = 0; k < ch->n; k++)
			hg_json_u64(j, NULL, s->task[ch->task[k]].rta.id);
		hg_json_close(j);
		json_bound(j, "reaction", cb->reaction_ns, formula[ch->event][0]);
		json_bound(j, "data_age", cb->data_age_ns, formula[ch->event][1]);
		hg_json_bool(j, "with_overheads", ovh);
		if (cb->culprit != SIZE_MAX)
			hg_json_u64(j, "unbounded_by", s->task[cb->culprit].rta.id);
		else
			hg_json_null(j, "unbounded_by");
		hg_json_string(j, "why", cb->why);
		hg_json_close(j);
	}
	hg_json_close(j);
	free(fd.b);
}
