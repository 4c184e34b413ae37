// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rtachain.c - the chains' bounds in rta's text and JSON
 */
#include <stdint.h>
#include <stdlib.h>

#include "analysis/chain.h"
#include "report/rtachain.h"
#include "trace/timeval.h"

#define REACTION_FORMULA "sum of (T_i + R_i)"
#define DATA_AGE_FORMULA "sum of (T_i + R_i) - T_n"

/* "0>1>2": the chain's tasks. */
static char *task_list(const struct hg_chain *ch, char *buf, size_t len)
{
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = 0; i < ch->n && at < len; i++) {
		int w = snprintf(buf + at, len - at, "%s%zu", i ? ">" : "", ch->task[i]);

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

void hg_print_rtachains(FILE *f, const struct hg_taskset *s, const struct hg_rta_result *r,
			bool ovh)
{
	const struct hg_chains *cs = &s->chains;
	struct hg_rta_task *ts = cs->n ? hg_taskset_rta(s) : NULL;
	size_t i;

	for (i = 0; ts && i < cs->n; i++) {
		const struct hg_chain *ch = &cs->chain[i];
		char tl[HG_CHAIN_MAX_TASKS * 22], a[40], b[40];
		struct hg_chain_bound cb;

		hg_chain_bounds(ch, ts, r, &cb);
		fprintf(f, "rta: chain %s tasks %s reaction %s data-age %s sampled\n", ch->name,
			task_list(ch, tl, sizeof(tl)), bound_str(cb.reaction_ns, a, sizeof(a)),
			bound_str(cb.data_age_ns, b, sizeof(b)));
		if (cb.culprit != SIZE_MAX) {
			fprintf(f, "# rta: chain %s: no bound: task %u: %s\n", ch->name,
				s->task[cb.culprit].rta.id, cb.why);
			continue;
		}
		if (cb.why) {
			fprintf(f, "# rta: chain %s: no bound: %s\n", ch->name, cb.why);
			continue;
		}
		fprintf(f, "# rta: chain %s: sampled (each job reads its predecessor's latest "
			"output when it starts, writes its own when it finishes; any offsets): "
			"reaction <= " REACTION_FORMULA " = %s, data age <= " DATA_AGE_FORMULA
			" = %s (Davare et al. 2007, Duerr et al. 2019), R_i the responses above%s\n",
			ch->name, a, b, ovh ? " with the overheads" : "");
	}
	free(ts);
}

/* One bound's object: bound_ns (null without one) and formula. */
static void json_bound(struct hg_json *j, const char *key, uint64_t ns, const char *formula)
{
	hg_json_row_obj(j, key);
	if (ns == UINT64_MAX)
		hg_json_null(j, "bound_ns");
	else
		hg_json_u64(j, "bound_ns", ns);
	hg_json_string(j, "formula", formula);
	hg_json_close(j);
}

void hg_print_rtachains_json(struct hg_json *j, const struct hg_taskset *s,
			     const struct hg_rta_result *r, bool ovh)
{
	const struct hg_chains *cs = &s->chains;
	struct hg_rta_task *ts = cs->n ? hg_taskset_rta(s) : NULL;
	size_t i, k;

	hg_json_arr(j, "chains");
	for (i = 0; ts && i < cs->n; i++) {
		const struct hg_chain *ch = &cs->chain[i];
		struct hg_chain_bound cb;

		hg_chain_bounds(ch, ts, r, &cb);
		hg_json_row_obj(j, NULL);
		hg_json_string(j, "name", ch->name);
		hg_json_string(j, "mode", "sampled");
		hg_json_row(j, "tasks");
		for (k = 0; k < ch->n; k++)
			hg_json_u64(j, NULL, s->task[ch->task[k]].rta.id);
		hg_json_close(j);
		json_bound(j, "reaction", cb.reaction_ns, REACTION_FORMULA);
		json_bound(j, "data_age", cb.data_age_ns, DATA_AGE_FORMULA);
		hg_json_bool(j, "with_overheads", ovh);
		if (cb.culprit != SIZE_MAX)
			hg_json_u64(j, "unbounded_by", s->task[cb.culprit].rta.id);
		else
			hg_json_null(j, "unbounded_by");
		hg_json_string(j, "why", cb.why);
		hg_json_close(j);
	}
	hg_json_close(j);
	free(ts);
}
