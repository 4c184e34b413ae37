// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * audit.c - the report's audit of the run's CPUs: the verdicts the trace
 * keeps (report/audit.h), each check's reason from the table of audit/
 */
#include <string.h>

#include "audit/audit.h"
#include "html/page.h"
#include "html/parts.h"
#include "report/audit.h"

#define PREFIX_LEN (sizeof("audit_") - 1)

/* One check that did not pass: verdict, id, what was found, why it matters, the fix. */
static void check_row(FILE *f, const char *id, const char *verdict, const char *found,
		      const char *fix)
{
	const struct hg_audit_check *c = hg_audit_find(id);

	fprintf(f, "<tr><td class=\"l %s\">%s</td><td class=\"l\">", verdict, verdict);
	hg_html_text(f, id);
	fputs("</td><td class=\"l\">", f);
	hg_html_text(f, found);
	if (c && strcmp(verdict, "skip")) {
		fputs("<br><span class=\"note\">why it matters: ", f);
		hg_html_text(f, c->why);
		fputs("</span>", f);
	}
	if (fix) {
		fputs("<br>fix: <code>", f);
		hg_html_text(f, fix);
		fputs("</code>", f);
	}
	fputs("</td></tr>\n", f);
}

int hg_html_audit(FILE *f, const struct hg_html_run *r)
{
	const struct hg_trace *t = r->t;
	unsigned int n[5] = { 0 };	/* pass, warn, fail, skip, other */
	static const char *const names[] = { "pass", "warn", "fail", "skip" };
	char v[8], key[96];
	size_t k, i;

	for (k = 0; k < t->nsys; k++) {
		const char *found, *id = t->sys[k].key + PREFIX_LEN;

		if (!hg_is_audit_key(t->sys[k].key))
			continue;
		found = hg_audit_split(t->sys[k].value, v);
		for (i = 0; i < 4 && strcmp(v, names[i]); i++)
			;
		if (i && !(n[1] + n[2] + n[3] + n[4]))
			fputs("<div class=\"wide\"><table>\n<tr><th class=\"l\">verdict</th>"
			      "<th class=\"l\">check</th><th class=\"l\">found, why it matters, "
			      "the fix</th></tr>\n", f);
		n[i]++;
		if (!i)
			continue;
		snprintf(key, sizeof(key), "auditfix_%s", id);
		check_row(f, id, v, found, hg_trace_sys(t, key));
	}
	if (n[1] + n[2] + n[3] + n[4])
		fputs("</table></div>\n", f);
	if (!(n[0] + n[1] + n[2] + n[3] + n[4])) {
		fputs("<p class=\"note\">No audit in this trace.</p>\n", f);
		return 0;
	}
	fprintf(f, "<p>%u checks of the run's CPUs when it ran: %u pass, %u warn, %u fail, "
		"%u skip; those that did not pass above. <code>hourglass audit</code> on the "
		"machine judges them again.</p>\n", n[0] + n[1] + n[2] + n[3] + n[4], n[0], n[1],
		n[2], n[3]);
	return 0;
}
