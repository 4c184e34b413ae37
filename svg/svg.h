/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * svg.h - SVG output shared by every picture: documents, text, colours and
 * axes (histograms: svghist.h)
 *
 * Every picture is drawn for print: a title, labelled axes with ticks at
 * "nice" values (1-2-5 steps, or decades on a log scale), type of 11 px
 * or more, one style sheet so that elements carry a class and no styling
 * of their own. Coordinates are pixels, y down.
 */
#ifndef HG_SVG_H
#define HG_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * hg_svg_text - write @s with &, <, >, " escaped (and, as
 * hg_svg_text_max() says, control characters and bad UTF-8 as '?')
 */
void hg_svg_text(FILE *f, const char *s);

/*
 * hg_svg_text_max - hg_svg_text() of at most @max characters of @s: a
 * longer text is cut to @max - 1 and ends with an ellipsis. Control
 * characters and bytes that are not UTF-8 are written as '?', so a damaged
 * label never breaks the document.
 */
void hg_svg_text_max(FILE *f, const char *s, size_t max);

/* Type sizes (px) of every picture. */
#define HG_SVG_TITLE_PX	16
#define HG_SVG_LABEL_PX	13	/* axis labels */
#define HG_SVG_TICK_PX	12	/* tick labels, row labels */
#define HG_SVG_SMALL_PX	11	/* subtitles, legends, second lines */

/*
 * hg_svg_text_px - an estimate of the width of @nchars characters of type
 * @px in the pictures' sans-serif face (for laying out labels)
 */
double hg_svg_text_px(size_t nchars, double px);

/*
 * Colours of series, threads and CPUs: class "c<k>", k from 0 to
 * HG_SVG_NCOLOURS - 1, fills an element with colour k, and strokes it too
 * when it is a "line", "mark" or "key" line. Sixteen, every two told apart
 * with normal colour vision and with protanopia, deuteranopia or
 * tritanopia (tests/palette.py); the seventeenth thread takes the first
 * colour again.
 */
#define HG_SVG_NCOLOURS 16

/*
 * hg_svg_begin - the start of a document of @width x @height px: the XML
 * declaration, the <svg> element, the shared style sheet, @css (more
 * rules, or NULL), the colours, and a white background
 */
void hg_svg_begin(FILE *f, double width, double height, const char *css);

/*
 * hg_svg_title - @title centred at the top of a picture @width px wide,
 * and @subtitle (or NULL) in small grey type under it, cut to fit
 */
void hg_svg_title(FILE *f, double width, const char *title, const char *subtitle);

/*
 * hg_svg_end - close the document and flush @f
 * Returns 0 or -EIO when any write to @f failed.
 */
int hg_svg_end(FILE *f);

/* A linear or log10 map from values to pixels. */
struct hg_svg_scale {
	double lo;	/* the value at @px_lo (log: > 0) */
	double hi;	/* the value at @px_hi (> @lo) */
	double px_lo;
	double px_hi;	/* smaller than @px_lo for an axis that goes up */
	bool log;
};

/* hg_svg_map - the pixel of @v on @s (values outside extrapolate). */
double hg_svg_map(const struct hg_svg_scale *s, double v);

/*
 * hg_svg_tick_step - the step of ticks on @s: a 1-2-5 value (hg_step125())
 * giving at most about @max_ticks ticks (linear scales only)
 */
double hg_svg_tick_step(const struct hg_svg_scale *s, unsigned int max_ticks);

/* An axis: where it is drawn, what it is called. */
struct hg_svg_axis {
	struct hg_svg_scale s;
	bool vertical;		/* a y axis with labels on its left; else an x axis */
	double at;		/* x of a y axis, y of an x axis */
	double grid;		/* grid lines this long across the plot, 0: none */
	const char *label;	/* the axis' name with its unit, e.g. "time (ms)" */
};

/*
 * hg_svg_axis - draw @a: its line, ticks at nice values with their labels
 * (decades with minor ticks at 2..9 on a log scale), light grid lines
 * at the major ticks and the axis' label, centred along it
 */
void hg_svg_axis(FILE *f, const struct hg_svg_axis *a);

/*
 * hg_svg_format_tick - the label of tick @v for ticks @step apart: as few
 * decimals as the step needs, never "-0". Returns @buf.
 */
char *hg_svg_format_tick(double v, double step, char *buf, size_t len);

#endif /* HG_SVG_H */
