// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * overin.c - the ctxcost and cachecost JSON files of --overheads read and
 * parsed (json-c), for analysis/sched/overheads.c to take the costs from
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "analysis/sched/overheads.h"
#include "hourglass/overin.h"
#include "util/infile.h"

int hg_overheads_read(const char *path, struct hg_overheads *o, char *err, size_t errlen)
{
	struct json_object *root;
	char *text = NULL, why[256];
	size_t len = 0;
	int ret = hg_infile_slurp(path, HG_OVERHEADS_MAX_BYTES, &text, &len, why, sizeof(why));

	if (ret) {
		snprintf(err, errlen, "%s: %s", path, why);
		return ret;
	}
	root = json_tokener_parse(text);
	free(text);
	ret = hg_overheads_from_doc(root, path, o, err, errlen);
	json_object_put(root);
	return ret;
}

int hg_overheads_read_list(const char *list, struct hg_overheads *o, char *err, size_t errlen)
{
	char *copy = strdup(list), *save = NULL, *path;
	int ret = 0, n = 0;

	if (!copy) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	for (path = strtok_r(copy, ",", &save); path && !ret; path = strtok_r(NULL, ",", &save))
		ret = ++n > 2 ? -E2BIG : hg_overheads_read(path, o, err, errlen);
	if (ret == -E2BIG)
		snprintf(err, errlen, "'%s': at most two files (a ctxcost and a cachecost JSON)",
			 list);
	else if (!ret && !n) {
		snprintf(err, errlen, "no file named (write e.g. costs.json or costs.json,cache.json)");
		ret = -EINVAL;
	}
	free(copy);
	return ret == -E2BIG ? -EINVAL : ret;
}

