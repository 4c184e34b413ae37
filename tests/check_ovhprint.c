// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_ovhprint.c - report/ovhprint.c: the overheads, as text and as JSON:
 * costs read from a file whose machine was not quiet say so where the
 * costs are printed (rta, rta --json, the run's prediction), not only on
 * standard error
 */
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "helpers.h"
#include "report/json.h"
#include "report/ovhprint.h"

static const struct hg_overheads quiet = {
	.switch_ns = 3210, .source = "ctxcost c.json",
};

static char *text_of(const struct hg_overheads *o)
{
	struct hg_test_text text;

	hg_print_overheads(hg_test_text_open(&text), "rta", o);
	return hg_test_text_close(&text);
}

START_TEST(test_text)
{
	struct hg_overheads noisy = quiet;
	char *s;

	s = text_of(&quiet);
	ck_assert_str_eq(s, "# rta: overheads charged to each job: 2 switches of 3.210 us: "
			 "C + 6.420 us (from ctxcost c.json)\n");
	free(s);
	snprintf(noisy.noisy, sizeof(noisy.noisy), "c.json");
	s = text_of(&noisy);
	ck_assert_str_eq(s, "# rta: overheads charged to each job: 2 switches of 3.210 us: "
			 "C + 6.420 us (from ctxcost c.json; c.json measured on a machine that "
			 "was not quiet: they may include other tasks' run time)\n");
	free(s);
}
END_TEST

static const char *not_quiet(const struct hg_overheads *o, char **doc)
{
	struct hg_test_text text;
	struct hg_json j;
	struct json_object *root, *ovh, *nq;

	hg_json_begin(&j, hg_test_text_open(&text));
	hg_json_obj(&j, NULL);
	hg_print_overheads_json(&j, o);
	ck_assert_int_eq(hg_json_end_doc(&j), 0);
	*doc = hg_test_text_close(&text);
	root = json_tokener_parse(*doc);
	ck_assert_ptr_nonnull(root);
	ck_assert(json_object_object_get_ex(root, "overheads", &ovh));
	ck_assert(json_object_object_get_ex(ovh, "not_quiet", &nq));
	*doc = realloc(*doc, strlen(json_object_get_string(nq)) + 1);
	strcpy(*doc, json_object_get_string(nq));
	json_object_put(root);
	return *doc;
}

START_TEST(test_json)
{
	struct hg_overheads noisy = quiet;
	char *doc;

	ck_assert_str_eq(not_quiet(&quiet, &doc), "");
	free(doc);
	snprintf(noisy.noisy, sizeof(noisy.noisy), "a.json, b.json");
	ck_assert_str_eq(not_quiet(&noisy, &doc), "a.json, b.json");
	free(doc);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ovhprint");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_text);
	tcase_add_test(tc, test_json);
	suite_add_tcase(s, tc);
	return hg_test_run(s);
}
