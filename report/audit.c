// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * audit.c - the audit of a run's CPUs in the text report and the JSON
 * summary
 */
#include <string.h>

#include "report/audit.h"

#define PREFIX "audit_"
#define FIX_PREFIX "auditfix_"

bool hg_is_audit_key(const char *key)
{
	return !strncmp(key, PREFIX, strlen(PREFIX)) && key[strlen(PREFIX)];
}

bool hg_is_audit_fix_key(const char *key)
{
	return !strncmp(key, FIX_PREFIX, strlen(FIX_PREFIX)) && key[strlen(FIX_PREFIX)];
}

const char *hg_audit_split(const char *v, char *verdict)
{
	static const char *const known[] = { "pass", "warn", "fail", "skip" };
	size_t i, n = strcspn(v, " ");

	strcpy(verdict, "?");
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (n == 4 && !strncmp(v, known[i], 4))
			strcpy(verdict, known[i]);
	if (!strcmp(verdict, "?"))
		return v;
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
		fprintf(f, "# audit: %s %s: %s\n", v, t->sys[k].key + strlen(PREFIX), found);
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
		hg_json_string(j, "id", t->sys[k].key + strlen(PREFIX));
		hg_json_string(j, "verdict", v);
		hg_json_string(j, "found", found);
		hg_json_close(j);
	}
	if (any)
		hg_json_close(j);
}
