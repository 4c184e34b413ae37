/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rendertest.h - shared by the tests of the timeline (check_render.c,
 * check_render_kernel.c): synthetic traces of one thread, jobs, a timeline
 * rendered to a string, its plot's edges and its markers counted
 */
#ifndef HG_TEST_RENDERTEST_H
#define HG_TEST_RENDERTEST_H

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_SVG_HELPERS_ONLY
#include "check_svg.c"	/* the XML checker and the helpers to read pictures */
#include "svg/render.h"
#include "svg/render_kset.h"

#define US 1000ULL
#define MS 1000000ULL
#define T0 1000ULL

#define IV "<rect class=\"iv c"	/* any colour */
#define MISS "<rect class=\"miss\""

/* A trace of one thread with @n intervals: the i-th at @first + i * @every, @len long. */
static inline struct hg_trace *even_trace(size_t n, uint64_t first, uint64_t every,
					    uint64_t len)
{
	uint64_t (*iv)[2] = calloc(n ? n : 1, sizeof(*iv));
	const uint64_t (*const ivs[1])[2] = { (const uint64_t (*)[2])iv };
	struct hg_trace *t;
	size_t i;

	ck_assert_ptr_nonnull(iv);
	for (i = 0; i < n; i++) {
		iv[i][0] = T0 + first + i * every;
		iv[i][1] = len;
	}
	t = hg_test_trace(1, ivs, &n);
	ck_assert_ptr_nonnull(t);
	free(iv);
	return t;
}

/* Make @t's run @ns long. */
static inline void set_run(struct hg_trace *t, uint64_t ns)
{
	uint32_t i;

	t->duration_ns = ns;
	t->stop_cycles = T0 + ns;
	for (i = 0; i < t->nthreads; i++)
		t->threads[i].end_cycles = T0 + ns;
}

/* Append @n event records to thread @th. */
static inline void add_events(struct hg_trace_thread *th, const struct hg_record *ev,
			      size_t n)
{
	th->recs = realloc(th->recs, (th->stored + n) * sizeof(*th->recs));
	ck_assert_ptr_nonnull(th->recs);
	memcpy(th->recs + th->stored, ev, n * sizeof(*ev));
	th->stored += n;
}

static inline struct hg_record job(uint64_t release_ns, uint64_t response_ns, bool miss)
{
	return (struct hg_record){
		.start_cycles = T0 + release_ns, .len_cycles = (uint32_t)response_ns,
		.flags = hg_event_flags(HG_EV_JOB, miss ? HG_REC_MISS : 0),
	};
}

/* The picture of @t, checked for well-formed XML. */
static inline char *render(const struct hg_trace *t, const struct hg_render_opts *o)
{
	struct doc d;
	FILE *f = doc_open(&d);
	char *s;

	ck_assert_int_eq(hg_render_timeline(f, t, o), 0);
	s = doc_close(&d);
	ck_assert_xml(s);
	return s;
}

/* The plot's left and right edges: the ends of the time axis' line. */
static inline void plot_edges(const char *s, double *l, double *r)
{
	const char *p = s;

	while ((p = strstr(p, "<line class=\"axis\" x1=\""))) {
		double x1, y1, x2, y2;

		ck_assert_int_eq(sscanf(p, "<line class=\"axis\" x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" "
					"y2=\"%lf\"", &x1, &y1, &x2, &y2), 4);
		if (y1 == y2 && x2 - x1 > 100) {
			*l = x1;
			*r = x2;
			return;
		}
		p++;
	}
	ck_abort_msg("no time axis");
}

/* Subpaths ("M") in the path of class @cls (not the legend's). */
static inline size_t markers(const char *s, const char *cls)
{
	char head[64];
	const char *p, *end;
	size_t n = 0;

	snprintf(head, sizeof(head), "<path class=\"%s\" d=\"", cls);
	for (p = s; (p = strstr(p, head)); p = end) {
		p += strlen(head);
		end = strchr(p, '"');
		for (; p < end; p++)
			n += *p == 'M';
	}
	return n;
}

static const struct hg_render_opts whole = { 0 };

#endif /* HG_TEST_RENDERTEST_H */
