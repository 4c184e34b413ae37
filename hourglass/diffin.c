// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diffin.c - a run's summary JSON read for diff: the file, then json-c
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "analysis/compare/diffjson.h"
#include "hourglass/diffin.h"
#include "util/infile.h"

/* The JSON at @path into @*root; 0, or -errno with the reason in @err. */
static int read_json(const char *path, struct json_object **root, char *err, size_t errlen)
{
	struct json_tokener *tok;
	char *text;
	size_t len;
	int ret;

	*root = NULL;
	/* the reason kept: a missing file is no "not a summary", a FIFO never blocks */
	ret = hg_infile_slurp(path, HG_DIFF_JSON_MAX_BYTES, &text, &len, err, errlen);
	if (ret)
		return ret;
	tok = json_tokener_new_ex(HG_DIFF_JSON_MAX_DEPTH);
	if (!tok) {
		free(text);
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	*root = len <= INT_MAX - 1 ? json_tokener_parse_ex(tok, text, (int)len + 1) : NULL;
	if (!*root) {
		snprintf(err, errlen, "not a summary JSON file (not JSON: %s)",
			 json_tokener_error_desc(json_tokener_get_error(tok)));
		ret = -EINVAL;
	}
	json_tokener_free(tok);
	free(text);
	return ret;
}

int hg_diff_from_json(const char *path, struct hg_diff_trial *tr, char *err, size_t errlen)
{
	struct json_object *root;
	int ret;

	memset(tr, 0, sizeof(*tr));
	ret = read_json(path, &root, err, errlen);
	if (ret)
		return ret;
	ret = hg_diff_from_root(root, tr, err, errlen);
	json_object_put(root);
	return ret;
}
