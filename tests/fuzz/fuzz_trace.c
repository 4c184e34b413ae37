// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_trace.c - a trace file through the reader, then through everything
 * that reads a finished trace: the text of dump (with the prediction, the
 * gap histograms and the kernel's figures), the JSON summary, ctx (text,
 * JSON, histogram, SVG), lat (reports, histogram, SVG), render (whole run;
 * a window, per CPU), every export format and explain (the kernel's
 * events: text and JSON); and ctx through the stream, which must judge the
 * file as the reader does and report the same. The checksum is recomputed
 * first, so that a mutation reaches the code behind it. mutate_trace.c,
 * linked into the libFuzzer build, changes the fields of the sections with
 * boundary values.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/stats/bins.h"
#include "analysis/kernel/kexplain.h"
#include "export/export.h"
#include "report/ctx.h"
#include "report/explain.h"
#include "report/noise.h"
#include "report/summary_json.h"
#include "report/text.h"
#include "svg/ctxsvg.h"
#include "svg/latsvg.h"
#include "svg/render.h"
#include "trace/trace.h"
#include "trace/tstream.h"
#include "fuzz.h"

static void ctx(FILE *f, const struct hg_trace *t)
{
	struct hg_ctx_svg_opts o = { .log_y = true, .name = "fuzz" };
	struct hg_ctx_report r;
	struct hg_bins b;

	memset(&r, 0, sizeof(r));
	if (!hg_ctx_analyse(t, &r)) {
		hg_ctx_print(f, t, &r, 0, 0);
		hg_ctx_print(f, t, &r, 1000, 100000);
		hg_ctx_json(f, t, &r);
		memset(&b, 0, sizeof(b));
		hg_ctx_histogram(&r, HG_GAP_VOLUNTARY, 500, 0, &b);
		hg_bins_free(&b);
		hg_ctx_svg(f, t, &r, &o);
	}
	hg_ctx_free(&r);
}

/* ctx's text of @r for @t, in new memory (NULL: none) */
static char *ctx_text(const struct hg_trace *t, struct hg_ctx_report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return NULL;
	hg_ctx_print(m, t, r, 0, 0);
	hg_ctx_json(m, t, r);
	fclose(m);
	return text;
}

/*
 * ctx as the command runs it, through the stream (trace/tstream.h): the
 * file judged as the reader judged it (@t, or NULL: refused), and the same
 * report as from the trace in memory. A difference aborts.
 */
static void ctx_stream(const char *path, const struct hg_trace *t)
{
	struct hg_ctx_report a, b;
	const struct hg_trace *st;
	struct hg_tstream *s;
	struct hg_recsrc src;
	char err[256], *x, *y;
	int ra, rb, ok;

	ok = !hg_tstream_open(path, &s, &st, &src, err, sizeof(err));
	if (!ok) {
		if (t)
			abort();	/* read, but not as a stream */
		return;
	}
	rb = hg_ctx_analyse_src(st, &src, &b);
	ok = !hg_tstream_verify(s, err, sizeof(err));
	if (ok != !!t)
		abort();	/* the checksum judged otherwise */
	if (t) {
		memset(&a, 0, sizeof(a));
		ra = hg_ctx_analyse(t, &a);
		if (ra != rb)
			abort();
		if (!ra) {
			x = ctx_text(t, &a);
			y = ctx_text(st, &b);
			if (x && y && strcmp(x, y))
				abort();
			free(x);
			free(y);
		}
		hg_ctx_free(&a);
	}
	hg_ctx_free(&b);
	hg_tstream_close(s);
}

static void lat(FILE *f, const struct hg_trace *t)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model == HG_MODEL_LAT)
			hg_print_lat(f, t, &t->threads[i]);
	hg_print_lat_histogram(f, t, 100);
	hg_lat_svg(f, t, 0);
	hg_lat_svg(f, t, 50);
}

/* the narrowest pictures: the work is per pixel column, the paths the same */
static void render(FILE *f, const struct hg_trace *t)
{
	uint64_t end_ns = hg_render_end_ns(t);
	struct hg_render_opts o[] = {
		{ .width_px = HG_RENDER_MIN_WIDTH },
		{ .from_ns = end_ns / 3, .to_ns = end_ns / 3 * 2, .width_px = HG_RENDER_MIN_WIDTH,
		  .per_cpu = true },
	};
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(o) / sizeof(o[0]); i++)
		if (!hg_render_check(t, &o[i], err, sizeof(err)))
			hg_render_timeline(f, t, &o[i]);
}

/* explain: every gap taken apart by the kernel's events, if there are some */
static void explain(FILE *f, const struct hg_trace *t)
{
	struct hg_kexplain x;

	if (hg_kexplain(t, HG_KEXPLAIN_ALL, 3, &x))
		return;
	hg_explain_print(f, t, &x);
	hg_explain_json(f, t, &x);
	hg_kexplain_free(&x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum hg_export_format formats[] = {
		HG_EXPORT_PERFETTO, HG_EXPORT_CSV, HG_EXPORT_JSON,
	};
	FILE *f = hg_fuzz_sink();
	uint8_t *buf = malloc(size ? size : 1);
	struct hg_trace *t;
	char path[64], err[256];
	size_t i;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	hg_fuzz_fix_crc(buf, size);
	/* through the file reader, as dump and every subcommand read it */
	if (hg_fuzz_file(buf, size, path, sizeof(path))) {
		free(buf);
		return 0;
	}
	free(buf);
	if (hg_trace_read(path, &t, err, sizeof(err)))
		t = NULL;
	ctx_stream(path, t);
	if (!t)
		return 0;
	hg_print_trace(f, t);
	hg_print_brief(f, t);
	hg_print_gap_histograms(f, t);
	hg_print_kernel(f, t);
	hg_json_summary(f, t);
	ctx(f, t);
	lat(f, t);
	render(f, t);
	explain(f, t);
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		hg_export(f, t, formats[i]);
	hg_trace_free(t);
	return 0;
}
