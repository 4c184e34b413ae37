// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diff.c - the comparison of analysis/compare/diff.h, as text and JSON
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/compare/diffaudit.h"
#include "report/diff.h"
#include "report/json.h"


static const char *show(const char *s)
{
	return s ? s : "(unknown)";
}

/* @v ("warn") in capitals into @out (8 bytes); "NONE" for NULL. */
static const char *upper(const char *v, char *out)
{
	size_t i;

	snprintf(out, 8, "%s", v ? v : "none");
	for (i = 0; out[i]; i++)
		if (out[i] >= 'a' && out[i] <= 'z')
			out[i] = (char)(out[i] - 'a' + 'A');
	return out;
}

/*
 * Each check of @x's audit whose verdict in @y differs (or @y lacks it)
 * to @fn, A's verdict first; @x_is_a: @x is A. Returns how many.
 */
static size_t audit_differs(const struct hg_diff_trial *x, const struct hg_diff_trial *y,
			    bool x_is_a, void (*fn)(void *, const char *, const char *,
						   const char *), void *arg)
{
	size_t i, n = 0;

	for (i = 0; i < x->naudit; i++) {
		const char *id = x->audit[i].id, *other = hg_diff_audit_find(y, id);

		if (other && (!x_is_a || !strcmp(other, x->audit[i].verdict)))
			continue;	/* the same, or (from B's side) said from A's */
		n++;
		if (x_is_a)
			fn(arg, id, x->audit[i].verdict, other);
		else
			fn(arg, id, NULL, x->audit[i].verdict);
	}
	return n;
}

static void print_differs(void *arg, const char *id, const char *a, const char *b)
{
	char va[8], vb[8];

	fprintf(arg, "# %-22s DIFFERS: %s: %s (A) | %s (B)\n", "audit", id, upper(a, va),
		upper(b, vb));
}

/* The checks whose verdicts differ, or how many are the same; nothing without an audit. */
static void print_audit(FILE *f, const struct hg_diff_sides *s)
{
	size_t n;

	if (!s->ta->naudit && !s->tb->naudit)
		return;
	n = audit_differs(s->ta, s->tb, true, print_differs, f);
	n += audit_differs(s->tb, s->ta, false, print_differs, f);
	if (!n)
		fprintf(f, "# %-22s same   : %zu checks\n", "audit", s->ta->naudit);
}

void hg_diff_print(FILE *f, const struct hg_diff_sides *s, const struct hg_diff_row *r,
		   size_t n)
{
	char lo[32], hi[32], p[32], pa[32], few[96];
	size_t i, tested = 0;

	fprintf(f, "# diff: A %s (%zu trial%s), B %s (%zu trial%s)\n", s->a, s->na,
		s->na == 1 ? "" : "s", s->b, s->nb, s->nb == 1 ? "" : "s");
	for (i = 0; i < HG_DIFF_SYS; i++) {
		const char *x = s->ta->sys[i], *y = s->tb->sys[i];
		bool same = (!x && !y) || (x && y && !strcmp(x, y));

		fprintf(f, "# system %-15s %s: %s", hg_diff_sys_keys[i], same ? "same   " : "DIFFERS",
			show(x));
		if (!same)
			fprintf(f, " | %s", show(y));
		fputc('\n', f);
	}
	/* the runs asked for: the same options (but the output files), or not */
	if (hg_diff_same_command(s->ta->command, s->tb->command))
		fprintf(f, "# %-22s same   : %s\n", "command", show(s->ta->command));
	else
		fprintf(f, "# %-22s DIFFERS: %s | %s\n", "command", show(s->ta->command),
			show(s->tb->command));
	print_audit(f, s);
	for (i = 0; i < n; i++)
		tested += !isnan(r[i].p);
	fprintf(f, "# times in us, share in %%; delta and interval are B - A\n");
	fprintf(f, "# p_adj: p adjusted by Benjamini-Hochberg over the %zu tested metrics; "
		"the verdict is significant below 0.05 (a false discovery rate of 5 %%)\n",
		tested);
	fprintf(f, "# %-30s %12s %12s %12s %12s %12s %-12s %8s %8s  %s\n", "metric", "a", "b",
		"delta", "ci_low", "ci_high", "test", "p", "p_adj", "verdict");
	for (i = 0; i < n; i++) {
		snprintf(lo, sizeof(lo), isnan(r[i].lo) ? "-" : "%.3f", r[i].lo);
		snprintf(hi, sizeof(hi), isnan(r[i].hi) ? "-" : "%.3f", r[i].hi);
		snprintf(p, sizeof(p), isnan(r[i].p) ? "-" : "%.4f", r[i].p);
		snprintf(pa, sizeof(pa), isnan(r[i].p_adj) ? "-" : "%.4f", r[i].p_adj);
		few[0] = '\0';
		if (r[i].need)
			snprintf(few, sizeof(few), " (%zu on the smaller side, the test needs %zu a side)", r[i].have,
				 r[i].need);
		fprintf(f, "  %-30s %12.3f %12.3f %12.3f %12s %12s %-12s %8s %8s  %s%s\n", r[i].name,
			r[i].a, r[i].b, r[i].delta, lo, hi, r[i].test, p, pa,
			hg_diff_verdict(&r[i]), few);
	}
}

static void json_differs(void *arg, const char *id, const char *a, const char *b)
{
	struct hg_json *j = arg;

	hg_json_obj(j, NULL);
	hg_json_string(j, "id", id);
	if (a)
		hg_json_string(j, "a", a);
	else
		hg_json_null(j, "a");
	if (b)
		hg_json_string(j, "b", b);
	else
		hg_json_null(j, "b");
	hg_json_close(j);
}

int hg_diff_json(FILE *f, const struct hg_diff_sides *s, const struct hg_diff_row *r,
		  size_t n)
{
	struct hg_json j;
	size_t i;

	hg_json_begin(&j, f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", HG_DIFF_SCHEMA);
	hg_json_string(&j, "a", s->a);
	hg_json_string(&j, "b", s->b);
	hg_json_u64(&j, "a_trials", s->na);
	hg_json_u64(&j, "b_trials", s->nb);
	hg_json_arr(&j, "system");
	for (i = 0; i < HG_DIFF_SYS; i++) {
		const char *x = s->ta->sys[i], *y = s->tb->sys[i];

		hg_json_obj(&j, NULL);
		hg_json_string(&j, "key", hg_diff_sys_keys[i]);
		if (x)
			hg_json_string(&j, "a", x);
		else
			hg_json_null(&j, "a");
		if (y)
			hg_json_string(&j, "b", y);
		else
			hg_json_null(&j, "b");
		hg_json_bool(&j, "same", (!x && !y) || (x && y && !strcmp(x, y)));
		hg_json_close(&j);
	}
	hg_json_close(&j);
	hg_json_obj(&j, "command");
	if (s->ta->command)
		hg_json_string(&j, "a", s->ta->command);
	else
		hg_json_null(&j, "a");
	if (s->tb->command)
		hg_json_string(&j, "b", s->tb->command);
	else
		hg_json_null(&j, "b");
	hg_json_bool(&j, "same", hg_diff_same_command(s->ta->command, s->tb->command));
	hg_json_close(&j);
	if (s->ta->naudit || s->tb->naudit) {
		hg_json_arr(&j, "audit");	/* the checks whose verdicts differ */
		audit_differs(s->ta, s->tb, true, json_differs, &j);
		audit_differs(s->tb, s->ta, false, json_differs, &j);
		hg_json_close(&j);
	}
	hg_json_string(&j, "correction", HG_DIFF_CORRECTION);
	hg_json_arr(&j, "metrics");
	for (i = 0; i < n; i++) {
		hg_json_obj(&j, NULL);
		hg_json_string(&j, "name", r[i].name);
		hg_json_num(&j, "a", r[i].a, 4);
		hg_json_num(&j, "b", r[i].b, 4);
		hg_json_num(&j, "delta", r[i].delta, 4);
		hg_json_num(&j, "ci_low", r[i].lo, 4);
		hg_json_num(&j, "ci_high", r[i].hi, 4);
		hg_json_string(&j, "test", r[i].test);
		hg_json_num(&j, "p", r[i].p, 6);
		hg_json_num(&j, "p_adjusted", r[i].p_adj, 6);
		hg_json_string(&j, "verdict", hg_diff_verdict(&r[i]));
		if (r[i].need)
			hg_json_u64(&j, "samples_needed", r[i].need);
		else
			hg_json_null(&j, "samples_needed");
		hg_json_close(&j);
	}
	hg_json_close(&j);
	return hg_json_end_doc(&j);
}
