// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auditout.c - hourglass audit's checks as text or JSON
 */
#include <stdbool.h>
#include <string.h>

#include "report/auditout.h"
#include "report/json.h"

#define AUDIT_JSON_SCHEMA 1	/* schemas/audit.schema.json */

/* The text of one check: verdict, id, found; why and fix when not a pass. */
static void print_row(FILE *f, const struct hg_audit_row *r)
{
	bool explain = !strcmp(r->verdict, "warn") || !strcmp(r->verdict, "fail");
	char v[8];
	size_t i;

	snprintf(v, sizeof(v), "%s", r->verdict);
	for (i = 0; v[i]; i++)
		v[i] = (char)(v[i] - 'a' + 'A');
	fprintf(f, "%-4s  %-16s %s\n", v, r->id, r->found);
	if (!explain)
		return;
	fprintf(f, "      %-16s why: %s\n", "", r->why);
	if (r->fix[0])
		fprintf(f, "      %-16s fix: %s\n", "", r->fix);
}

void hg_audit_out_text(FILE *f, const struct hg_audit_out *o)
{
	size_t i;

	fprintf(f, "# audit of %s, CPUs %s\n", o->shown, o->cpus ? o->cpus : "all online");
	for (i = 0; i < o->n; i++)
		print_row(f, &o->rows[i]);
	fprintf(f, "# %zu checks: %u pass, %u warn, %u fail, %u skip\n", o->n, o->pass, o->warn,
		o->fail, o->skip);
}

void hg_audit_out_json(FILE *f, const struct hg_audit_out *o)
{
	struct hg_json j;
	size_t i;

	hg_json_begin(&j, f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", AUDIT_JSON_SCHEMA);
	hg_json_string(&j, "generator", "hourglass audit");
	hg_json_string(&j, "sysroot", o->root);
	if (o->cpus)
		hg_json_string(&j, "cpus", o->cpus);
	else
		hg_json_null(&j, "cpus");
	hg_json_arr(&j, "checks");
	for (i = 0; i < o->n; i++) {
		hg_json_obj(&j, NULL);
		hg_json_string(&j, "id", o->rows[i].id);
		hg_json_string(&j, "verdict", o->rows[i].verdict);
		hg_json_string(&j, "found", o->rows[i].found);
		hg_json_string(&j, "why", o->rows[i].why);
		hg_json_string(&j, "fix", o->rows[i].fix);
		hg_json_close(&j);
	}
	hg_json_close(&j);
	hg_json_obj(&j, "counts");
	hg_json_u64(&j, "pass", o->pass);
	hg_json_u64(&j, "warn", o->warn);
	hg_json_u64(&j, "fail", o->fail);
	hg_json_u64(&j, "skip", o->skip);
	hg_json_close(&j);
	hg_json_end_doc(&j);
}

/* A check as a test: a failure not ok, a skip skipped; found, why and the fix its lines. */
static int lab_check(struct hg_lab *l, const struct hg_audit_row *r)
{
	bool skip = !strcmp(r->verdict, "skip"), pass = !strcmp(r->verdict, "pass");
	bool explain = !strcmp(r->verdict, "warn") || !strcmp(r->verdict, "fail");
	int ret = hg_lab_add(l, !strcmp(r->verdict, "fail") ? HG_LAB_NOT_OK :
			     skip ? HG_LAB_SKIP : HG_LAB_OK, "%s", r->id);

	if (!ret)
		ret = hg_lab_diag(l, "%s%s%s", skip ? "" : r->verdict, skip ? "" : ": ",
				  r->found);
	if (!ret && explain)
		ret = hg_lab_diag(l, "why: %s", r->why);
	if (!ret && r->fix[0] && !pass)
		ret = hg_lab_diag(l, "fix: %s", r->fix);
	return ret;
}

int hg_audit_out_lab(struct hg_lab *l, const struct hg_audit_out *o)
{
	size_t i;
	int ret = 0;

	for (i = 0; !ret && i < o->n; i++)
		ret = lab_check(l, &o->rows[i]);
	return ret;
}
