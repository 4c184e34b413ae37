// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_summary.c - a summary JSON file (--json) through diff's reader
 * (hourglass/diffin.c, analysis/compare/diffjson.c), as diff reads each side. Promises checked: a file
 * refused says why in one line and keeps nothing; a file read gives only
 * finite values of at least 0 (nothing NaN or infinite reaches the
 * statistics), each name once and found again by name. mutate_summary.c,
 * linked into the libFuzzer build, mutates the JSON as JSON: a member set
 * to a boundary value or another type, removed, or an element repeated.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/diffin.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[512] = "";
	struct hg_diff_trial t;
	size_t i;

	if (hg_fuzz_file(data, size, path, sizeof(path)))
		return 0;
	if (hg_diff_from_json(path, &t, err, sizeof(err))) {
		if (!err[0] || strchr(err, '\n') || t.nval || t.val)
			abort();
		return 0;
	}
	for (i = 0; i < t.nval; i++) {
		const struct hg_diff_value *v = &t.val[i];

		if (!isfinite(v->v) || v->v < 0 || hg_diff_find(&t, v->name) != v)
			abort();
	}
	hg_diff_trial_free(&t);
	return 0;
}
