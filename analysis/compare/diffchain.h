/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diffchain.h - a run's chains (--chain) as diff's values: per chain its
 * reaction times and data ages, "chain.<name>.reaction" and
 * "chain.<name>.data_age", from a trace (the whole distributions,
 * analysis/sched/chainrun.h) or from a summary JSON's chains[] (count,
 * median, p99, max)
 */
#ifndef HG_DIFFCHAIN_H
#define HG_DIFFCHAIN_H

#include <stddef.h>

#include <json-c/json.h>

#include "analysis/compare/diffdata.h"
#include "trace/trace.h"

/* hg_diff_chains_trace - the chains of @t into @tr. Returns 0 or -ENOMEM. */
int hg_diff_chains_trace(const struct hg_trace *t, struct hg_diff_trial *tr);

/*
 * hg_diff_chains_json - the summary @root's chains[] (none: nothing) into
 * @tr: each a name of a chain, each figure a whole number of ns from 0 to
 * 2^53 or null. Returns 0, -ENOMEM, or -EINVAL with "chains[i].<key>: ..."
 * in @err.
 */
int hg_diff_chains_json(struct json_object *root, struct hg_diff_trial *tr, char *err,
			size_t errlen);

#endif /* HG_DIFFCHAIN_H */
