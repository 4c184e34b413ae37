// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * moment.c - the report's worst moment: the window of the run that lasted
 * longest (a gap, a wake-up's lateness or a miss past its deadline), its
 * timeline, and with the kernel's events what held the CPU in it and why;
 * and the command lines that give each part again
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "analysis/kernel/kexplain.h"
#include "analysis/kernel/kwin.h"
#include "html/inline.h"
#include "html/page.h"
#include "html/parts.h"
#include "report/kcauses.h"
#include "report/kdiag.h"
#include "svg/render.h"
#include "util/timeval.h"

#define MARGIN_MIN_NS 500000ull	/* at least 0.5 ms drawn on each side */

/* The worst window of a trace, and the stretch of the run drawn around it. */
struct worst {
	bool found;
	struct hg_kwin w;
	uint64_t from_ns, to_ns;	/* from the run's start */
};

static int keep_worst(const struct hg_kwin *w, void *arg)
{
	struct worst *o = arg;

	if (!o->found || w->value_ns > o->w.value_ns) {
		o->w = *w;
		o->found = true;
	}
	return 0;
}

/* The window of @t that lasted longest, and a stretch three times its length about it. */
static int find_worst(const struct hg_trace *t, struct worst *o)
{
	uint64_t at, len, margin, end = hg_render_end_ns(t);
	int ret;

	memset(o, 0, sizeof(*o));
	ret = hg_kwin_each(t, HG_KW_ANY_THREAD, HG_KW_ALL, keep_worst, o);
	if (ret || !o->found)
		return ret;
	at = hg_trace_ns(t, o->w.at_cycles);
	len = hg_cycles_to_ns(o->w.len_cycles, t->calib.tsc_hz);
	margin = len > MARGIN_MIN_NS ? len : MARGIN_MIN_NS;
	o->from_ns = at > margin ? at - margin : 0;
	o->to_ns = at + len + margin < end ? at + len + margin : end;
	if (o->from_ns >= o->to_ns)
		o->found = false;
	return 0;
}

struct draw {
	const struct hg_trace *t;
	const struct worst *w;
	unsigned int width_px;
};

static int draw_timeline(FILE *f, const void *arg)
{
	const struct draw *d = arg;
	const struct hg_render_opts o = { .from_ns = d->w->from_ns, .to_ns = d->w->to_ns,
					  .width_px = d->width_px };

	return hg_render_timeline(f, d->t, &o);
}

/* With the kernel's events: the window taken apart and its mechanisms. */
static int print_window(FILE *f, const void *arg)
{
	const struct draw *d = arg;
	const struct hg_kexplain_opts o = { .thread = d->w->w.thread, .have_at = 1,
					    .at_cycles = d->w->w.at_cycles };
	struct hg_kexplain x;
	int ret = hg_kexplain_with(d->t, &o, &x);

	if (ret)
		return ret;
	if (x.have_at) {
		hg_print_kwindow(f, d->t, &x.at_win, &x.at, "worst:", "");
		hg_print_kdiag(f, d->t, &x.ctx, &x.at_win, &x.at_diag, "");
	}
	hg_kexplain_free(&x);
	return 0;
}

/* Without them: what the window was, where and when. */
static void say_window(FILE *f, const struct hg_trace *t, const struct worst *w)
{
	char v[32], at[32];

	fprintf(f, "<p>The worst moment: thread %" PRIu32 "'s %s of %s us at %s ms from the "
		"run's start, on CPU %" PRIu32 " (the longest gap, latest wake-up or miss by "
		"most of every thread, measured).</p>\n", w->w.thread,
		w->w.kind == HG_KW_GAP ? "gap" : w->w.kind == HG_KW_LATENCY ? "wake-up lateness" :
		"miss past its deadline", hg_format_us(w->w.value_ns, v, sizeof(v)),
		hg_format_ms3(hg_trace_ns(t, w->w.at_cycles), at, sizeof(at)), w->w.cpu);
}

int hg_html_worst(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics)
{
	struct worst w;
	const struct draw d = { .t = r->t, .w = &w, .width_px = pics->width_px };
	int ret = find_worst(r->t, &w);

	if (ret)
		return ret;
	if (!w.found) {
		fputs("<p class=\"note\">No gap, wake-up or deadline window in this trace.</p>\n", f);
		return 0;
	}
	say_window(f, r->t, &w);
	ret = hg_html_svg(f, pics->next++, "the timeline of the worst moment", draw_timeline, &d);
	if (!ret && r->t->kev)
		ret = hg_html_pre(f, "window", print_window, &d);
	return ret;
}

/* One command line, @lead @name @rest, escaped, as code. */
static void command(FILE *f, const char *what, const char *lead, const char *name,
		    const char *rest)
{
	fprintf(f, "<p>%s:<br><code>", what);
	hg_html_text(f, lead);
	hg_html_text(f, name);
	hg_html_text(f, rest);
	fputs("</code></p>\n", f);
}

int hg_html_commands(FILE *f, const struct hg_html_run *r)
{
	struct worst w;
	char a[32], b[32], range[96];
	bool lat = false;
	uint32_t i;
	int ret = find_worst(r->t, &w);

	if (ret)
		return ret;
	command(f, "The run", "", r->t->cmdline ? r->t->cmdline : "(not recorded)", "");
	command(f, "Its text again", "hourglass dump ", r->name, "");
	if (w.found) {
		snprintf(range, sizeof(range), " --from %sms --to %sms -o worst.svg",
			 hg_format_ms(w.from_ns, a, sizeof(a)), hg_format_ms(w.to_ns, b, sizeof(b)));
		command(f, "The timeline of the worst moment", "hourglass render ", r->name,
			range);
	}
	if (r->t->kev)
		command(f, "Every gap taken apart", "hourglass explain ", r->name, "");
	for (i = 0; i < r->t->nthreads; i++)
		lat |= r->t->threads[i].model == HG_MODEL_LAT;
	if (lat)
		command(f, "The lateness histogram", "hourglass lat ", r->name, " --svg lat.svg");
	return 0;
}
