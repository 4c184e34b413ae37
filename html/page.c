// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * page.c - the head, the style sheet and the escaped, captured and inline
 * pieces of the report's page
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "html/page.h"
#include "svg/svg.h"

/*
 * One style sheet: type of 13 px or more at 1280 px, the runs side by side
 * in columns of equal width, pictures scaled to their column; on paper, no
 * backgrounds and no section cut where it can be helped.
 */
static const char css[] =
	"body{font:15px/1.45 'DejaVu Sans',Helvetica,Arial,sans-serif;color:#222;"
	"max-width:1240px;margin:0 auto;padding:12px 20px}\n"
	"h1{font-size:24px;margin:8px 0}\n"
	"h2{font-size:19px;margin:28px 0 8px;padding-bottom:3px;border-bottom:1px solid #bbb}\n"
	"h3{font-size:15px;margin:4px 0 6px}\n"
	"p{margin:6px 0}\n"
	".runs{display:grid;gap:18px;grid-template-columns:repeat(var(--n),minmax(0,1fr))}\n"
	".run{min-width:0}\n"
	"pre{font:13px/1.4 'DejaVu Sans Mono',Menlo,Consolas,monospace;white-space:pre-wrap;"
	"overflow-wrap:anywhere;background:#f5f5f5;padding:8px 10px;margin:6px 0}\n"
	"pre.window{font-size:11.5px}\n"
	"code{font:13px 'DejaVu Sans Mono',Menlo,Consolas,monospace;overflow-wrap:anywhere}\n"
	"svg.pic{display:block;max-width:100%;height:auto;margin:6px 0}\n"
	".wide{overflow-x:auto}\n"
	"table{border-collapse:collapse;font-size:13px;margin:6px 0}\n"
	"th,td{border:1px solid #ccc;padding:3px 6px;text-align:right;vertical-align:top}\n"
	"th{background:#eee}\n"
	"th.l,td.l{text-align:left}\n"
	".pass{color:#1a7a1a}\n.warn{color:#9a5b00;font-weight:bold}\n"
	".fail{color:#b3001b;font-weight:bold}\n.skip{color:#666}\n"
	".note{color:#555}\n"
	"@media print{body{max-width:none;padding:0;font-size:10pt}"
	"pre{background:none;border:1px solid #ccc;font-size:8.5pt}"
	"th{background:none}h2{break-after:avoid}"
	"svg.pic,table,pre{break-inside:avoid}"
	".wide{overflow:visible}}\n";

void hg_html_begin(FILE *f, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<title>", f);
	hg_html_text(f, title);
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", css);
}

int hg_html_end(FILE *f)
{
	fputs("</body>\n</html>\n", f);
	return fflush(f) || ferror(f) ? -EIO : 0;
}

void hg_html_text(FILE *f, const char *s)
{
	hg_svg_text(f, s);	/* the same escapes as a picture's text */
}

int hg_html_capture(hg_html_fn fn, const void *arg, char **buf, size_t *len)
{
	FILE *m;
	int ret;

	*buf = NULL;
	*len = 0;
	m = open_memstream(buf, len);
	if (!m)
		return -ENOMEM;
	ret = fn(m, arg);
	if (fclose(m) && !ret)
		ret = -ENOMEM;
	if (ret) {
		free(*buf);
		*buf = NULL;
	}
	return ret;
}

int hg_html_pre(FILE *f, const char *cls, hg_html_fn fn, const void *arg)
{
	char *buf, *line, *nl;
	size_t len;
	int ret = hg_html_capture(fn, arg, &buf, &len);

	if (ret)
		return ret;
	if (len) {
		fprintf(f, "<pre class=\"%s\">", cls);
		for (line = buf; *line; line = nl + 1) {
			nl = strchr(line, '\n');
			if (nl)
				*nl = '\0';
			hg_html_text(f, line);
			if (!nl)
				break;
			fputc('\n', f);
		}
		fputs("</pre>\n", f);
	}
	free(buf);
	return 0;
}
