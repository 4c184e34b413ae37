/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diffjson.h - a trial for diff from a run's summary JSON (--json FILE)
 */
#ifndef HG_DIFFJSON_H
#define HG_DIFFJSON_H

#include <stddef.h>

#include "analysis/diffdata.h"

/*
 * hg_diff_from_json - @tr from the summary at @path (read with json-c):
 * per thread the gap and lateness statistics, misses and jobs, share; the
 * snapshot; the gap threshold
 * Returns 0, or -EINVAL / -ENOMEM with the reason in @err.
 */
int hg_diff_from_json(const char *path, struct hg_diff_trial *tr, char *err, size_t errlen);

#endif /* HG_DIFFJSON_H */
