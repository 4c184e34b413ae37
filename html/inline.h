/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * inline.h - a picture of svg/ put on the page: its document drawn,
 * captured and written inline with its style sheet kept to itself
 */
#ifndef HG_HTML_INLINE_H
#define HG_HTML_INLINE_H

#include <stdio.h>

#include "html/page.h"

/*
 * hg_html_inline_svg - the SVG document @svg (as svg/svg.h writes one: an
 * XML declaration, <svg ...>, one <style> of plain "selectors{...}" rules)
 * into @f as an element of an HTML page: the declaration dropped, the
 * <svg> given id "pic<id>", class "pic", role "img" and @alt in a <title>,
 * and every selector of its style sheet prefixed by "#pic<id> ", so that
 * the rules of one picture reach no other picture and no text of the page.
 * Returns 0, or -EINVAL when @svg holds no <svg> element.
 */
int hg_html_inline_svg(FILE *f, const char *svg, unsigned int id, const char *alt);

/*
 * hg_html_svg - the SVG document @fn draws with @arg, inline as picture
 * number @id (see hg_html_inline_svg()), with @alt as its title for
 * readers. Returns 0 or what hg_html_capture() returned.
 */
int hg_html_svg(FILE *f, unsigned int id, const char *alt, hg_html_fn fn, const void *arg);

#endif /* HG_HTML_INLINE_H */
