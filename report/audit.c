// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * audit.c - the audit of a run's CPUs in the text report and the JSON
 * summary
 */
#include <string.h>

#include "report/audit.h"
#include "trace/verdict.h"

bool hg_is_audit_key(const char *key)
{
	return !strncmp(key, HG_AUDIT_KEY, strlen(HG_AUDIT_KEY)) && key[strlen(HG_AUDIT_KEY)];
}

bool hg_is_audit_fix_key(const char *key)
{
	return !strncmp(key, HG_AUDIT_FIX_KEY, strlen(HG_AUDIT_FIX_KEY)) && key[strlen(HG_AUDIT_FIX_KEY)];
}

const char *hg_audit_split(const char *v, char *verdict)
{
	enum hg_audit_verdict which;
	size_t n = strcspn(v, " ");

	if (hg_audit_verdict_parse(v, &which)) {
		strcpy(verdict, "?");
		return v;
	}
	strcpy(verdict, hg_audit_verdict_name(which));
	return v[n] ? v + n + 1 : v + n;
}

void hg_print_audit(FILE *f, const struct hg_trace *t)
{
	unsigned int n = 0, pass = 0, warn = 0, fail = 0, skip = 0;
	char v[8];
	size_t k, i;

	for (k = 0; k < t->nsys; k++) {
		const char *found;

		if (!hg_is_audit_key(t->sys[k].key))
			continue;
		found = hg_audit_split(t->sys[k].value, v);
		n++;
		pass += !strcmp(v, "pass");
		warn += !strcmp(v, "warn");
		fail += !strcmp(v, "fail");
		skip += !strcmp(v, "skip");
		if (!strcmp(v, "pass"))
			continue;
		for (i = 0; v[i]; i++)
			if (v[i] >= 'a' && v[i] <= 'z')
				v[i] = (char)(v[i] - 'a' + 'A');
		fprintf(f, "# audit: %s %s: %s\n", v, t->sys[k].key + strlen(HG_AUDIT_KEY), found);
	}
	if (n)
		fprintf(f, "# audit: %u checks of the run's CPUs: %u pass, %u warn, %u fail, "
			"%u skip (hourglass audit explains each)\n", n, pass, warn, fail, skip);
}

void hg_json_audit(struct hg_json *j, const struct hg_trace *t)
{
	bool any = false;
	char v[8];
	size_t k;

	for (k = 0; k < t->nsys; k++) {
		const char *found;

		if (!hg_is_audit_key(t->sys[k].key))
			continue;
		if (!any)
			hg_json_arr(j, "audit");
		any = true;
		found = hg_audit_split(t->sys[k].value, v);
		hg_json_obj(j, NULL);
		hg_json_string(j, "id", t->sys[k].key + strlen(HG_AUDIT_KEY));
		hg_json_string(j, "verdict", v);
		hg_json_string(j, "found", found);
		hg_json_close(j);
	}
	if (any)
		hg_json_close(j);
}
