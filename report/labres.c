// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * labres.c - a list of tests, and its KTAP and JUnit XML
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report/labres.h"
#include "util/grow.h"

void hg_lab_init(struct hg_lab *l, const char *suite)
{
	memset(l, 0, sizeof(*l));
	l->suite = suite;
}

void hg_lab_free(struct hg_lab *l)
{
	while (l->n)
		free(l->v[--l->n].diag);
	free(l->v);
	l->v = NULL;
	l->cap = 0;
}

int hg_lab_add(struct hg_lab *l, enum hg_lab_result r, const char *fmt, ...)
{
	struct hg_lab_test *t;
	va_list ap;
	char *c;

	if (HG_GROW(l->v, l->cap, l->n + 1))
		return -ENOMEM;
	t = &l->v[l->n++];
	memset(t, 0, sizeof(*t));
	t->result = r;
	va_start(ap, fmt);
	vsnprintf(t->name, sizeof(t->name), fmt, ap);
	va_end(ap);
	for (c = t->name; *c; c++)
		if (!strchr("-_.", *c) && !(*c >= '0' && *c <= '9') &&
		    !(*c >= 'a' && *c <= 'z') && !(*c >= 'A' && *c <= 'Z'))
			*c = '_';
	return 0;
}

int hg_lab_diag(struct hg_lab *l, const char *fmt, ...)
{
	struct hg_lab_test *t;
	size_t old, add;
	va_list ap;
	char *d;
	int n;

	if (!l->n)
		return -EINVAL;
	t = &l->v[l->n - 1];
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -EINVAL;
	old = t->diag ? strlen(t->diag) : 0;
	add = (size_t)n;
	d = realloc(t->diag, old + add + 2);
	if (!d)
		return -ENOMEM;
	t->diag = d;
	va_start(ap, fmt);
	vsnprintf(d + old, add + 1, fmt, ap);
	va_end(ap);
	for (; d[old]; old++)
		if ((unsigned char)d[old] < 0x20 || d[old] == 0x7f)
			d[old] = '?';
	strcpy(d + old, "\n");
	return 0;
}

size_t hg_lab_failed(const struct hg_lab *l)
{
	size_t i, n = 0;

	for (i = 0; i < l->n; i++)
		n += l->v[i].result == HG_LAB_NOT_OK;
	return n;
}

/* The first line of @t's figures, without its newline, into @buf. */
static const char *first_line(const struct hg_lab_test *t, char *buf, size_t len)
{
	const char *d = t->diag ? t->diag : "";

	snprintf(buf, len, "%.*s", (int)strcspn(d, "\n"), d);
	return buf;
}

int hg_lab_ktap(FILE *f, const struct hg_lab *l)
{
	char why[512];
	const char *d, *nl;
	size_t i;

	fprintf(f, "KTAP version 1\n# hourglass %s\n1..%zu\n", l->suite, l->n);
	for (i = 0; i < l->n; i++) {
		const struct hg_lab_test *t = &l->v[i];

		for (d = t->diag; d && *d; d = nl + 1) {
			nl = strchr(d, '\n');
			fprintf(f, "# %.*s\n", (int)(nl - d), d);
		}
		if (t->result == HG_LAB_SKIP)
			fprintf(f, "ok %zu %s # SKIP %s\n", i + 1, t->name,
				first_line(t, why, sizeof(why)));
		else
			fprintf(f, "%s %zu %s\n", t->result == HG_LAB_OK ? "ok" : "not ok", i + 1,
				t->name);
	}
	return fflush(f) || ferror(f) ? -EIO : 0;
}

/* @s escaped for XML text and attributes (its control characters are gone already). */
static void xml_text(FILE *f, const char *s, size_t n)
{
	static const char *const ent[] = { ['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;",
					   ['"'] = "&quot;" };
	size_t i;

	for (i = 0; i < n && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < sizeof(ent) / sizeof(ent[0]) && ent[c])
			fputs(ent[c], f);
		else
			fputc(c, f);
	}
}

static void junit_case(FILE *f, const struct hg_lab *l, const struct hg_lab_test *t)
{
	char why[512];

	fprintf(f, "    <testcase classname=\"hourglass.%s\" name=\"%s\">\n", l->suite, t->name);
	if (t->result != HG_LAB_OK) {
		fprintf(f, "      <%s message=\"", t->result == HG_LAB_SKIP ? "skipped" : "failure");
		first_line(t, why, sizeof(why));
		xml_text(f, why, sizeof(why));
		fputs("\"/>\n", f);
	}
	if (t->diag) {
		fputs("      <system-out>", f);
		xml_text(f, t->diag, strlen(t->diag));
		fputs("</system-out>\n", f);
	}
	fputs("    </testcase>\n", f);
}

int hg_lab_junit(FILE *f, const struct hg_lab *l)
{
	size_t i, skipped = 0, failed = hg_lab_failed(l);

	for (i = 0; i < l->n; i++)
		skipped += l->v[i].result == HG_LAB_SKIP;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuites name=\"hourglass\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
		"skipped=\"%zu\">\n  <testsuite name=\"hourglass %s\" tests=\"%zu\" "
		"failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n", l->n, failed, skipped,
		l->suite, l->n, failed, skipped);
	for (i = 0; i < l->n; i++)
		junit_case(f, l, &l->v[i]);
	fputs("  </testsuite>\n</testsuites>\n", f);
	return fflush(f) || ferror(f) ? -EIO : 0;
}
