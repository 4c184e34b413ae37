/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * page.h - the pieces of an HTML page that holds itself whole: the head
 * with its one style sheet (for the screen at 1280 px and for print), text
 * escaped, a printing function's text captured into a <pre>, a picture's
 * SVG captured and put inline with its style sheet kept to itself
 */
#ifndef HG_HTML_PAGE_H
#define HG_HTML_PAGE_H

#include <stddef.h>
#include <stdio.h>

/* A function that prints (report/) or draws (svg/) into @f; 0 or -errno. */
typedef int (*hg_html_fn)(FILE *f, const void *arg);

/* hg_html_begin - "<!DOCTYPE html>", the head titled @title, the style sheet, <body>. */
void hg_html_begin(FILE *f, const char *title);

/* hg_html_end - close the body and the document; returns 0 or -EIO (a write failed). */
int hg_html_end(FILE *f);

/*
 * hg_html_text - @s escaped for HTML text or an attribute's value (&, <,
 * >, " as entities; control characters, newlines too, and bytes that are
 * not UTF-8 as '?')
 */
void hg_html_text(FILE *f, const char *s);

/*
 * hg_html_capture - what @fn writes with @arg, into a new buffer *@buf
 * (NUL-terminated, free() it) of *@len bytes
 * Returns 0, or -ENOMEM, or what @fn returned (*@buf is then NULL).
 */
int hg_html_capture(hg_html_fn fn, const void *arg, char **buf, size_t *len);

/*
 * hg_html_pre - what @fn writes with @arg as <pre class="@cls">, line by
 * line escaped; nothing when it writes nothing. Returns 0 or what
 * hg_html_capture() returned.
 */
int hg_html_pre(FILE *f, const char *cls, hg_html_fn fn, const void *arg);

#endif /* HG_HTML_PAGE_H */
