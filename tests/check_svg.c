// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_svg.c - svg/svg.h: escaping, scales, nice ticks and axes,
 * each checked for well-formed XML
 *
 * The first part, a small XML well-formedness checker and helpers to read
 * the pictures back, is shared with check_render.c and check_svghist.c, which include this
 * file with CHECK_SVG_HELPERS_ONLY defined.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "svg/svg.h"

/* ------------------------------------------------ XML well-formedness */

#define XML_DEPTH	64
#define XML_NAME	64

struct xml {
	const char *p;
	const char *err;		/* what is wrong, or NULL */
	char stack[XML_DEPTH][XML_NAME];
	int depth;
	int roots;
};

static bool xml_fail(struct xml *x, const char *why)
{
	if (!x->err)
		x->err = why;
	return false;
}

static bool name_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
	       (!first && ((c >= '0' && c <= '9') || c == '-' || c == '.'));
}

/* A name at x->p into @out. */
static bool xml_name(struct xml *x, char *out)
{
	size_t n = 0;

	if (!name_char(*x->p, true))
		return xml_fail(x, "expected a name");
	while (name_char(*x->p, n == 0)) {
		if (n + 1 >= XML_NAME)
			return xml_fail(x, "name too long");
		out[n++] = *x->p++;
	}
	out[n] = '\0';
	return true;
}

/* An entity reference at x->p ('&'): &amp; &lt; &gt; &quot; &apos; &#..; */
static bool xml_entity(struct xml *x)
{
	static const char *const names[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&apos;" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strncmp(x->p, names[i], strlen(names[i]))) {
			x->p += strlen(names[i]);
			return true;
		}
	}
	if (x->p[1] == '#') {
		const char *q = x->p + 2 + (x->p[2] == 'x');

		while ((*q >= '0' && *q <= '9') || (x->p[2] == 'x' && strchr("abcdefABCDEF", *q)
						   && *q))
			q++;
		if (*q == ';' && q > x->p + 2 + (x->p[2] == 'x')) {
			x->p = q + 1;
			return true;
		}
	}
	return xml_fail(x, "bare '&'");
}

/* Character data up to the next '<' (or the end). */
static bool xml_chars(struct xml *x, bool top)
{
	while (*x->p && *x->p != '<') {
		unsigned char c = (unsigned char)*x->p;

		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
			return xml_fail(x, "control character");
		if (c == '>')
			return xml_fail(x, "bare '>' in text");
		if (top && !strchr(" \t\r\n", *x->p))
			return xml_fail(x, "text outside the root element");
		if (c == '&') {
			if (!xml_entity(x))
				return false;
			continue;
		}
		x->p++;
	}
	return true;
}

static void skip_space(struct xml *x)
{
	while (*x->p && strchr(" \t\r\n", *x->p))
		x->p++;
}

/* Attributes up to '>' or '/>': name="value", each name once. */
static bool xml_attributes(struct xml *x)
{
	char names[32][XML_NAME];
	int n = 0, i;

	for (;;) {
		char q;

		skip_space(x);
		if (*x->p == '>' || (x->p[0] == '/' && x->p[1] == '>'))
			return true;
		if (n == 32 || !xml_name(x, names[n]))
			return xml_fail(x, "bad attribute");
		for (i = 0; i < n; i++)
			if (!strcmp(names[i], names[n]))
				return xml_fail(x, "attribute given twice");
		n++;
		skip_space(x);
		if (*x->p++ != '=')
			return xml_fail(x, "attribute without '='");
		skip_space(x);
		q = *x->p++;
		if (q != '"' && q != '\'')
			return xml_fail(x, "attribute value not quoted");
		while (*x->p && *x->p != q) {
			if (*x->p == '<')
				return xml_fail(x, "'<' in an attribute value");
			if (*x->p == '&') {
				if (!xml_entity(x))
					return false;
				continue;
			}
			x->p++;
		}
		if (*x->p++ != q)
			return xml_fail(x, "unterminated attribute value");
		if (!strchr(" \t\r\n/>", *x->p))
			return xml_fail(x, "no space between attributes");
	}
}

/* A tag at x->p ('<'): start, end, empty, comment or declaration. */
static bool xml_tag(struct xml *x)
{
	char name[XML_NAME];
	const char *end;

	if (!strncmp(x->p, "<!--", 4) || !strncmp(x->p, "<?", 2)) {
		end = strstr(x->p, x->p[1] == '!' ? "-->" : "?>");
		if (!end)
			return xml_fail(x, "unterminated comment or declaration");
		x->p = end + (x->p[1] == '!' ? 3 : 2);
		return true;
	}
	if (x->p[1] == '/') {
		x->p += 2;
		if (!xml_name(x, name))
			return false;
		skip_space(x);
		if (*x->p++ != '>')
			return xml_fail(x, "bad end tag");
		if (!x->depth || strcmp(x->stack[x->depth - 1], name))
			return xml_fail(x, "end tag does not match");
		x->depth--;
		return true;
	}
	x->p++;
	if (!xml_name(x, name) || !xml_attributes(x))
		return false;
	if (!x->depth && x->roots++)
		return xml_fail(x, "more than one root element");
	if (*x->p == '/') {
		x->p += 2;
		return true;
	}
	x->p++;
	if (x->depth == XML_DEPTH)
		return xml_fail(x, "too deep");
	strcpy(x->stack[x->depth++], name);
	return true;
}

/* NULL when @doc is well-formed XML, else what is wrong (and where in @at). */
static const char *xml_check(const char *doc, size_t *at)
{
	struct xml x = { .p = doc };

	while (*x.p) {
		if (*x.p == '<') {
			if (!xml_tag(&x))
				break;
		} else if (!xml_chars(&x, x.depth == 0)) {
			break;
		}
	}
	if (!x.err && x.depth)
		x.err = "element not closed";
	if (!x.err && x.roots != 1)
		x.err = "no root element";
	if (at)
		*at = (size_t)(x.p - doc);
	return x.err;
}

#define ck_assert_xml(doc) do {						\
	size_t at_;							\
	const char *why_ = xml_check(doc, &at_);			\
	ck_assert_msg(!why_, "not well-formed: %s at %zu: ...%.40s", why_, at_,	\
		      (doc) + at_);					\
} while (0)

/* ------------------------------------------- reading pictures back */

/* A document written by @fn into memory; free it. */
struct doc {
	char *buf;
	size_t len;
	FILE *f;
};

static FILE *doc_open(struct doc *d)
{
	d->buf = NULL;
	d->len = 0;
	d->f = open_memstream(&d->buf, &d->len);
	ck_assert_ptr_nonnull(d->f);
	return d->f;
}

static char *doc_close(struct doc *d)
{
	ck_assert_int_eq(fclose(d->f), 0);
	return d->buf;
}

/* How many times @needle occurs in @s. */
static inline size_t count(const char *s, const char *needle)
{
	size_t n = 0;

	while ((s = strstr(s, needle))) {
		n++;
		s += strlen(needle);
	}
	return n;
}

/* Geometry of the @i-th element that starts with @prefix (e.g. "<rect class=\"iv\""). */
struct box {
	double x, y, w, h;
};

static inline bool nth_box(const char *s, const char *prefix, size_t i, struct box *b)
{
	const char *p = s;
	size_t k;

	for (k = 0; (p = strstr(p, prefix)); k++, p += strlen(prefix)) {
		const char *x = strstr(p, " x=\""), *y = strstr(p, " y=\"");
		const char *w = strstr(p, " width=\""), *h = strstr(p, " height=\"");

		if (k < i)
			continue;
		ck_assert(x && y && w && h);
		b->x = atof(x + 4);
		b->y = atof(y + 4);
		b->w = atof(w + 8);
		b->h = atof(h + 9);
		return true;
	}
	return false;
}

/* The texts of the elements that start with @prefix, joined by '|'. */
static inline void texts_of(const char *s, const char *prefix, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	while ((s = strstr(s, prefix))) {
		const char *p = strchr(s, '>') + 1, *q = strchr(p, '<');

		at += (size_t)snprintf(buf + at, len - at, "%s%.*s", at ? "|" : "", (int)(q - p), p);
		s = q;
	}
}

#ifndef CHECK_SVG_HELPERS_ONLY

/* ------------------------------------------------------------ tests */

START_TEST(test_xml_checker)
{
	static const char *const good[] = {
		"<a/>",
		"<?xml version=\"1.0\"?>\n<a x=\"1\" y='2'><b>t &amp; &#38; &#x26;</b><!-- c --></a>\n",
	};
	static const char *const bad[] = {
		"<a>", "<a></b>", "<a><b></a></b>", "<a x=1/>", "<a x=\"<\"/>", "<a>&</a>",
		"<a>1 > 0</a>", "<a/><b/>", "text<a/>", "<a x=\"1\"x=\"2\"/>", "<a x=\"1\" x=\"2\"/>",
		"", "<a>\x01</a>",
	};
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		ck_assert_msg(!xml_check(good[i], NULL), "%s: %s", good[i],
			      xml_check(good[i], NULL));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(xml_check(bad[i], NULL), "accepted: %s", bad[i]);
}
END_TEST

static const struct {
	const char *in;
	const char *out;
	size_t max;
} texts[] = {
	{ "a<b & \"c\">d", "a&lt;b &amp; &quot;c&quot;&gt;d", SIZE_MAX },
	{ "plain", "plain", SIZE_MAX },
	{ "tab\tok", "tab\tok", SIZE_MAX },
	{ "nl\nbell\a", "nl?bell?", SIZE_MAX },
	{ "\xb5s bad", "?s bad", SIZE_MAX },			/* latin-1, not UTF-8 */
	{ "\xc2\xb5s", "\xc2\xb5s", SIZE_MAX },			/* U+00B5 */
	{ "\xe2\x82", "??", SIZE_MAX },				/* cut off */
	{ "\xc0\xaf", "??", SIZE_MAX },				/* overlong */
	{ "\xed\xa0\x80", "???", SIZE_MAX },			/* surrogate */
	{ "abcdef", "abc\xe2\x80\xa6", 4 },
	{ "abcd", "abcd", 4 },
	{ "\xc2\xb5\xc2\xb5\xc2\xb5", "\xc2\xb5\xe2\x80\xa6", 2 },
	{ "<<<<", "&lt;&lt;\xe2\x80\xa6", 3 },
	{ "abc", "", 0 },
};

START_TEST(test_text)
{
	struct doc d;
	char *s;

	if (texts[_i].max == SIZE_MAX)
		hg_svg_text(doc_open(&d), texts[_i].in);
	else
		hg_svg_text_max(doc_open(&d), texts[_i].in, texts[_i].max);
	s = doc_close(&d);
	ck_assert_str_eq(s, texts[_i].out);
	free(s);
}
END_TEST

START_TEST(test_format_tick)
{
	char buf[32];

	ck_assert_str_eq(hg_svg_format_tick(1000, 200, buf, sizeof(buf)), "1000");
	ck_assert_str_eq(hg_svg_format_tick(0.5, 0.5, buf, sizeof(buf)), "0.5");
	ck_assert_str_eq(hg_svg_format_tick(2.25, 0.05, buf, sizeof(buf)), "2.25");
	ck_assert_str_eq(hg_svg_format_tick(5000.2, 0.2, buf, sizeof(buf)), "5000.2");
	ck_assert_str_eq(hg_svg_format_tick(-1e-17, 0.1, buf, sizeof(buf)), "0.0");
	ck_assert_str_eq(hg_svg_format_tick(-2, 1, buf, sizeof(buf)), "-2");
	ck_assert_str_eq(hg_svg_format_tick(0.001, 0.001, buf, sizeof(buf)), "0.001");
}
END_TEST

START_TEST(test_map)
{
	struct hg_svg_scale lin = { .lo = 10, .hi = 20, .px_lo = 100, .px_hi = 300 };
	struct hg_svg_scale up = { .lo = 0, .hi = 100, .px_lo = 400, .px_hi = 0 };
	struct hg_svg_scale lg = { .lo = 1, .hi = 1000, .px_lo = 0, .px_hi = 300, .log = true };

	ck_assert_double_eq_tol(hg_svg_map(&lin, 10), 100, 1e-9);
	ck_assert_double_eq_tol(hg_svg_map(&lin, 15), 200, 1e-9);
	ck_assert_double_eq_tol(hg_svg_map(&lin, 25), 400, 1e-9);
	ck_assert_double_eq_tol(hg_svg_map(&up, 25), 300, 1e-9);
	ck_assert_double_eq_tol(hg_svg_map(&lg, 1), 0, 1e-9);
	ck_assert_double_eq_tol(hg_svg_map(&lg, 10), 100, 1e-9);
	ck_assert_double_eq_tol(hg_svg_map(&lg, 1000), 300, 1e-9);
	ck_assert(hg_svg_map(&lg, 0) < 0);	/* no log of 0: below the axis */
	ck_assert_double_eq_tol(hg_svg_tick_step(&lin, 5), 2, 1e-12);
}
END_TEST

/* The labels of the ticks of an axis drawn alone (text between '>' and "</text>"). */
static char *axis_doc(const struct hg_svg_axis *a)
{
	struct doc d;
	FILE *f = doc_open(&d);

	fputs("<svg>", f);
	hg_svg_axis(f, a);
	fputs("</svg>", f);
	return doc_close(&d);
}

START_TEST(test_axis_linear)
{
	struct hg_svg_axis a = {
		.s = { .lo = 0, .hi = 2000, .px_lo = 100, .px_hi = 900 },
		.at = 300, .grid = 200, .label = "time (ms)",
	};
	char *s = axis_doc(&a);

	ck_assert_xml(s);
	ck_assert_ptr_nonnull(strstr(s, ">0</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">500</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">2000</text>"));
	ck_assert_ptr_null(strstr(s, ">250</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">time (ms)</text>"));
	ck_assert_uint_eq(count(s, "class=\"grid\""), 5);
	free(s);

	/* a window with a fractional start: steps of 0.05, labels with two decimals */
	a.s.lo = 5000.0;
	a.s.hi = 5000.4;
	s = axis_doc(&a);
	ck_assert_xml(s);
	ck_assert_ptr_nonnull(strstr(s, ">5000.05</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">5000.40</text>"));
	ck_assert_uint_eq(count(s, "</text>"), 9 + 1);	/* 5000.00 to 5000.40, the label */
	free(s);
}
END_TEST

START_TEST(test_axis_labels_fit)
{
	/* long labels on a short axis: fewer ticks, never overlapping */
	struct hg_svg_axis a = {
		.s = { .lo = 1000000, .hi = 1000010, .px_lo = 0, .px_hi = 200 }, .at = 50,
	};
	char *s = axis_doc(&a);
	size_t n = count(s, "</text>");

	ck_assert_xml(s);
	ck_assert_uint_ge(n, 2);
	ck_assert_msg(n * hg_svg_text_px(8, HG_SVG_TICK_PX) <= 200 + 60, "%zu labels", n);
	free(s);
}
END_TEST

START_TEST(test_axis_log)
{
	struct hg_svg_axis a = {
		.s = { .lo = 0.5, .hi = 10000, .px_lo = 400, .px_hi = 50, .log = true },
		.vertical = true, .at = 80, .label = "count (log scale)",
	};
	char *s = axis_doc(&a);

	ck_assert_xml(s);
	ck_assert_ptr_nonnull(strstr(s, ">1</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">10</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">100</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">10000</text>"));
	ck_assert_uint_eq(count(s, "</text>"), 5 + 1);		/* 5 decades and the label */
	/* major ticks at 5 decades, minor at 0.5..0.9 and 2..9 in 4 decades, the line */
	ck_assert_uint_eq(count(s, "<line"), 5 + 5 + 4 * 8 + 1);
	ck_assert_ptr_nonnull(strstr(s, "rotate(-90)"));
	free(s);

	a.s.hi = 1e7;	/* beyond 10^5: powers of ten */
	s = axis_doc(&a);
	ck_assert_xml(s);
	ck_assert_ptr_nonnull(strstr(s, "10<tspan class=\"sup\" dy=\"-6\">7</tspan></text>"));
	free(s);
}
END_TEST

START_TEST(test_document)
{
	struct doc d;
	FILE *f = doc_open(&d);
	const char *p;
	char *s;

	hg_svg_begin(f, 640, 480, ".x{fill:#000}\n");
	hg_svg_title(f, 640, "a <title>", "cmd & \"args\"");
	ck_assert_int_eq(hg_svg_end(f), 0);
	s = doc_close(&d);
	ck_assert_xml(s);
	ck_assert_ptr_eq(strstr(s, "<?xml"), s);
	ck_assert_ptr_nonnull(strstr(s, "xmlns=\"http://www.w3.org/2000/svg\""));
	ck_assert_ptr_nonnull(strstr(s, "viewBox=\"0 0 640 480\""));
	ck_assert_ptr_nonnull(strstr(s, ".x{fill:#000}"));
	ck_assert_ptr_nonnull(strstr(s, ">a &lt;title&gt;</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">cmd &amp; &quot;args&quot;</text>"));
	/* type a reader can read: no font size under 11 px */
	for (p = s; (p = strstr(p, "font-size:")); p++)
		ck_assert_int_ge(atoi(p + 10), 11);
	free(s);
}
END_TEST

START_TEST(test_long_subtitle_cut)
{
	char sub[1000];
	struct doc d;
	FILE *f = doc_open(&d);
	char *s;

	memset(sub, 'x', sizeof(sub) - 1);
	sub[sizeof(sub) - 1] = '\0';
	hg_svg_begin(f, 400, 100, NULL);
	hg_svg_title(f, 400, "t", sub);
	hg_svg_end(f);
	s = doc_close(&d);
	ck_assert_xml(s);
	ck_assert_ptr_nonnull(strstr(s, "\xe2\x80\xa6</text>"));
	ck_assert_ptr_null(strstr(s, sub));
	free(s);
}
END_TEST

START_TEST(test_end_write_error)
{
	FILE *f = fopen("/dev/full", "w");

	if (!f)
		return;		/* no /dev/full: nothing to check */
	hg_svg_begin(f, 100, 100, NULL);
	ck_assert_int_eq(hg_svg_end(f), -EIO);
	fclose(f);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("svg");
	TCase *tc = tcase_create("text");

	tcase_add_test(tc, test_xml_checker);
	tcase_add_loop_test(tc, test_text, 0, sizeof(texts) / sizeof(texts[0]));
	tcase_add_test(tc, test_document);
	tcase_add_test(tc, test_long_subtitle_cut);
	tcase_add_test(tc, test_end_write_error);
	suite_add_tcase(s, tc);

	tc = tcase_create("axes");
	tcase_add_test(tc, test_format_tick);
	tcase_add_test(tc, test_map);
	tcase_add_test(tc, test_axis_linear);
	tcase_add_test(tc, test_axis_labels_fit);
	tcase_add_test(tc, test_axis_log);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	return hg_test_run(suite());
}

#endif /* CHECK_SVG_HELPERS_ONLY */
