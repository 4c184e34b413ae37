// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render_boxes.c - the timeline's boxes, clipped to the window and merged
 * with their neighbours when they start within a pixel, so that a row
 * holds at most a few boxes per pixel column however long the trace
 */
#include <math.h>

#include "svg/renderint.h"

/* Clip [@s, @e] to the window; false when nothing of it is inside. */
bool hg_render_clip(const struct render *r, uint64_t *s, uint64_t *e)
{
	if (*e < r->l.from_ns || *s >= r->l.to_ns)
		return false;
	if (*s < r->l.from_ns)
		*s = r->l.from_ns;
	if (*e > r->l.to_ns)
		*e = r->l.to_ns;
	return true;
}

/* Draw the box @m holds, at least a pixel wide. */
void hg_render_flush_box(const struct render *r, struct merge *m, unsigned int row,
			 double grow)
{
	double x0 = x_of(r, m->s), x1 = x_of(r, m->e), w = fmax(x1 - x0, 1.0);

	if (!m->open)
		return;
	if (x0 + w > r->l.x.px_hi)
		x0 = r->l.x.px_hi - w;
	fprintf(r->f, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%.1f\"/>\n", m->cls, x0, band_top(r, row) - grow, w, BAND_H + 2 * grow);
	m->open = false;
}

/*
 * Add [@s, @e] of class @cls to the row's box @m: extend it when it starts
 * within a pixel and is of the same class.
 */
void hg_render_merge_add(const struct render *r, struct merge *m, unsigned int row,
			 const char *cls, double grow, uint64_t s, uint64_t e)
{
	if (!hg_render_clip(r, &s, &e))
		return;
	if (m->open && m->cls == cls && (s <= m->e || (double)(s - m->e) <= r->l.ns_per_px)) {
		if (e > m->e)
			m->e = e;
		return;
	}
	hg_render_flush_box(r, m, row, grow);
	*m = (struct merge){ .s = s, .e = e, .cls = cls, .open = true };
}
