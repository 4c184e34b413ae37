// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inline.c - a picture's SVG document as an element of the page, its style
 * sheet kept to itself
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "html/inline.h"
#include "html/page.h"

#define SVG_OPEN "<svg "
#define STYLE_OPEN "<style>"
#define STYLE_CLOSE "</style>"

/* The rules of @css (@len bytes), each selector prefixed by @scope. */
static void scoped_rules(FILE *f, const char *css, size_t len, const char *scope)
{
	const char *end = css + len, *body, *sel, *comma;

	while (css < end) {
		body = memchr(css, '{', (size_t)(end - css));
		if (!body)
			break;
		for (sel = css; sel < body; sel = comma + 1) {
			comma = memchr(sel, ',', (size_t)(body - sel));
			if (!comma)
				comma = body;
			sel += strspn(sel, " \n\t");
			fprintf(f, "%s%s %.*s", sel > css + strspn(css, " \n\t") ? "," : "",
				scope, (int)(comma - sel), sel);
		}
		css = memchr(body, '}', (size_t)(end - body));
		css = css ? css + 1 : end;
		fprintf(f, "%.*s\n", (int)(css - body), body);
		css += strspn(css, " \n\t");
	}
}

int hg_html_inline_svg(FILE *f, const char *svg, unsigned int id, const char *alt)
{
	const char *open = strstr(svg, SVG_OPEN), *tag_end, *style, *close;
	char scope[32];

	if (!open)
		return -EINVAL;
	tag_end = strchr(open, '>');
	if (!tag_end)
		return -EINVAL;
	snprintf(scope, sizeof(scope), "#pic%u", id);
	fprintf(f, "<svg id=\"pic%u\" class=\"pic\" role=\"img\" %.*s>\n<title>", id,
		(int)(tag_end - open - strlen(SVG_OPEN)), open + strlen(SVG_OPEN));
	hg_html_text(f, alt);
	fputs("</title>", f);
	style = strstr(tag_end, STYLE_OPEN);
	close = style ? strstr(style, STYLE_CLOSE) : NULL;
	if (!close) {
		fputs(tag_end + 1, f);
		return 0;
	}
	fprintf(f, "%.*s" STYLE_OPEN "\n", (int)(style - tag_end - 1), tag_end + 1);
	style += strlen(STYLE_OPEN);
	scoped_rules(f, style, (size_t)(close - style), scope);
	fputs(close, f);
	return 0;
}

int hg_html_svg(FILE *f, unsigned int id, const char *alt, hg_html_fn fn, const void *arg)
{
	char *buf;
	size_t len;
	int ret = hg_html_capture(fn, arg, &buf, &len);

	if (ret)
		return ret;
	ret = hg_html_inline_svg(f, buf, id, alt);
	free(buf);
	return ret;
}
