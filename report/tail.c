// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tail.c - a tail fit as text or JSON (see tail.h)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/stats/tail.h"
#include "analysis/stats/tailsrc.h"
#include "report/tail.h"

#define TAIL_BUF 48

bool hg_tail_refused(const struct hg_tail_series *s, const struct hg_tail *t)
{
	return t->failed && (!s->force || !t->fitted);
}

/* @sec seconds in the largest unit of at least 1 ("30.7 years", "50.0 min"). */
static const char *duration(double sec, char *buf, size_t len)
{
	static const struct { const char *unit; double s; } u[] = {
		{ "years", 365.25 * 86400 }, { "days", 86400 }, { "h", 3600 },
		{ "min", 60 }, { "s", 1 }, { "ms", 1e-3 }, { "us", 1e-6 },
	};
	size_t i;

	if (!isfinite(sec)) {
		snprintf(buf, len, "never");
		return buf;
	}
	for (i = 0; i < sizeof(u) / sizeof(u[0]) - 1 && sec < u[i].s; i++)
		;
	snprintf(buf, len, "%.3g %s", sec / u[i].s, u[i].unit);
	return buf;
}

/* What one check found, after its name. */
static void print_check(FILE *f, const struct hg_tail_series *s, const struct hg_tail *t,
			int id)
{
	const struct hg_tail_check *c = &t->chk[id];
	const char *verdict = c->passed > 0 ? "passed" : c->passed ? "not made" : "FAILED";

	fprintf(f, "    %-13s %-8s ", c->name, verdict);
	switch (id) {
	case HG_TAIL_CHK_COUNT:
		fprintf(f, "%zu %s above the threshold (%d needed)\n", t->k,
			t->declustered ? "clusters" : "exceedances", HG_TAIL_MIN_EXCEED);
		break;
	case HG_TAIL_CHK_INDEP:
		if (c->passed < 0)
			fprintf(f, "no time order in a histogram: clusters cannot be seen\n");
		else
			fprintf(f, "extremal index %.2f (intervals estimator; 1: independent, "
				"%.2f needed)%s\n", c->value, HG_TAIL_THETA_MIN,
				t->declustered ? ", declustered" : "");
		break;
	case HG_TAIL_CHK_STAT:
		if (c->passed < 0)
			fprintf(f, "%s\n", t->fitted ? "no time order in a histogram: no halves" :
				"no fit");
		else
			fprintf(f, "first half against second: p %.3g (likelihood ratio, %d df)\n",
				c->p_value, c->df);
		break;
	default:
		if (isnan(c->value))
			fprintf(f, "%s\n", t->fitted || c->passed ? "no fit" :
				"the likelihood's minimiser did not converge");
		else
			fprintf(f, "Anderson-Darling A2 %.3f: p %.3g (parametric bootstrap, %u "
				"samples)\n", c->value, c->p_value, s->boot);
	}
}

/* The threshold and the fit's parameters. */
static void print_fit(FILE *f, const struct hg_tail *t)
{
	fprintf(f, "  fit: generalized Pareto by maximum likelihood over %zu %s\n", t->k,
		t->declustered ? "cluster maxima" : "exceedances");
	fprintf(f, "    shape xi  %8.4f      95%% [%.4f, %.4f] (profile likelihood)\n",
		t->fit.g.xi, t->fit.xi_ci[0], t->fit.xi_ci[1]);
	fprintf(f, "    scale     %8.2f us   95%% [%.2f, %.2f] us (profile likelihood)\n",
		t->fit.g.sigma / 1e3, t->fit.sigma_ci[0] / 1e3, t->fit.sigma_ci[1] / 1e3);
}

/* P(X > x), the count per period, the run length to see one. */
static void print_at(FILE *f, const struct hg_tail_series *s, const struct hg_tail_at *a,
		     const char *mark)
{
	char b1[TAIL_BUF], b2[TAIL_BUF], b3[TAIL_BUF];

	fprintf(f, "  %sP(X > %.2f us) per sample: %.3g, 95%% [%.3g, %.3g] (%s)\n", mark,
		a->x / 1e3, a->p, a->p_ci[0], a->p_ci[1],
		a->counted ? "counted: below the threshold, Wilson interval" : "delta method");
	if (isfinite(a->per))
		fprintf(f, "    expected per %s: %.3g, 95%% [%.3g, %.3g] (at %.1f samples a "
			"second, %s)\n", duration(s->per_s, b1, sizeof(b1)), a->per, a->per_ci[0],
			a->per_ci[1], s->rate_hz, s->rate_from);
	fprintf(f, "    to see one with 95%% confidence: %.3g samples, 95%% [%.3g, %.3g]", a->need,
		a->need_ci[0], a->need_ci[1]);
	if (s->rate_hz > 0)
		fprintf(f, " (%s, [%s, %s])", duration(a->need / s->rate_hz, b1, sizeof(b1)),
			duration(a->need_ci[0] / s->rate_hz, b2, sizeof(b2)),
			duration(a->need_ci[1] / s->rate_hz, b3, sizeof(b3)));
	fputc('\n', f);
}

static void print_levels(FILE *f, const struct hg_tail_series *s, const struct hg_tail *t,
			 const char *mark)
{
	char b[TAIL_BUF];
	size_t i;

	fprintf(f, "  %sreturn levels, exceeded with probability p per sample (profile "
		"likelihood, zeta as measured):\n", mark);
	for (i = 0; i < HG_TAIL_NRL; i++) {
		const struct hg_tail_rl *r = &t->rl[i];

		fprintf(f, "    p %.0e  %10.2f us  95%% [%.2f, %.2f] us  seen once with 95%% in "
			"%.3g samples", r->p, r->x / 1e3, r->ci[0] / 1e3, r->ci[1] / 1e3, r->need);
		if (s->rate_hz > 0)
			fprintf(f, " (%s)", duration(r->need / s->rate_hz, b, sizeof(b)));
		fputc('\n', f);
	}
}

void hg_tail_print(FILE *f, const struct hg_tail_series *s, const struct hg_tail *t)
{
	const char *mark = t->failed ? "[forced] " : "";
	size_t i;
	int c;

	fprintf(f, "tail of %s, %s: %zu samples", s->what, s->of, t->n);
	if (s->rate_hz > 0)
		fprintf(f, ", %.1f a second (%s)", s->rate_hz, s->rate_from);
	fputc('\n', f);
	if (s->note)
		fprintf(f, "  %s\n", s->note);
	if (t->automatic)
		fprintf(f, "  threshold %.2f us (automatic: ceil(sqrt(n)) samples above it, at "
			"least %d, at most %d, at most a tenth): %zu above\n", t->u / 1e3,
			HG_TAIL_MIN_EXCEED, HG_TAIL_AUTO_MAX, t->above);
	else
		fprintf(f, "  threshold %.2f us (--threshold): %zu above\n", t->u / 1e3, t->above);
	fprintf(f, "  checks (tests at the %g%% level):\n", HG_TAIL_LEVEL * 100);
	for (c = 0; c < HG_TAIL_NCHK; c++)
		print_check(f, s, t, c);
	if (hg_tail_refused(s, t)) {
		fprintf(f, "  refused: the %s check failed", t->failed);
		if (t->chk[HG_TAIL_CHK_COUNT].passed == 0 && t->k)
			fprintf(f, " (%d exceedances needed, %zu found: a run about %.1f times as "
				"long)", HG_TAIL_MIN_EXCEED, t->k,
				(double)HG_TAIL_MIN_EXCEED / (double)t->k);
		else if (t->chk[HG_TAIL_CHK_COUNT].passed == 0)
			fprintf(f, " (%d exceedances needed, none above the threshold)",
				HG_TAIL_MIN_EXCEED);
		fprintf(f, t->fitted ? "; --force prints the estimate, marked\n" : "\n");
	} else {
		if (t->failed)
			fprintf(f, "  [forced] the %s check failed: the estimate below is printed "
				"because of --force and is not to be trusted\n", t->failed);
		print_fit(f, t);
		for (i = 0; i < t->nat; i++)
			print_at(f, s, &t->at[i], mark);
		print_levels(f, s, t, mark);
	}
	fprintf(f, "  largest seen: %.2f us, in %zu samples\n", t->max / 1e3, t->n);
}

/* A two-number interval as a one-line array. */
static void pair(struct hg_json *j, const char *key, const double v[2], double scale)
{
	hg_json_row(j, key);
	hg_json_sig(j, NULL, v[0] * scale, 6);
	hg_json_sig(j, NULL, v[1] * scale, 6);
	hg_json_close(j);
}

static void json_checks(struct hg_json *j, const struct hg_tail *t)
{
	int c;

	hg_json_arr(j, "checks");
	for (c = 0; c < HG_TAIL_NCHK; c++) {
		hg_json_row_obj(j, NULL);
		hg_json_string(j, "name", t->chk[c].name);
		if (t->chk[c].passed < 0)
			hg_json_null(j, "passed");
		else
			hg_json_bool(j, "passed", t->chk[c].passed);
		hg_json_sig(j, "value", t->chk[c].value, 6);
		hg_json_sig(j, "p_value", t->chk[c].p_value, 4);
		hg_json_close(j);
	}
	hg_json_close(j);
}

static void json_answers(struct hg_json *j, const struct hg_tail *t)
{
	size_t i;

	hg_json_sig(j, "shape", t->fit.g.xi, 6);
	pair(j, "shape_ci", t->fit.xi_ci, 1);
	hg_json_sig(j, "scale_ns", t->fit.g.sigma, 6);
	pair(j, "scale_ci_ns", t->fit.sigma_ci, 1);
	hg_json_arr(j, "at");
	for (i = 0; i < t->nat; i++) {
		const struct hg_tail_at *a = &t->at[i];

		hg_json_obj(j, NULL);
		hg_json_sig(j, "x_ns", a->x, 10);
		hg_json_bool(j, "counted", a->counted);
		hg_json_sig(j, "p_per_sample", a->p, 6);
		pair(j, "p_ci", a->p_ci, 1);
		hg_json_sig(j, "per_period", a->per, 6);
		pair(j, "per_period_ci", a->per_ci, 1);
		hg_json_sig(j, "needed_samples", a->need, 6);
		pair(j, "needed_samples_ci", a->need_ci, 1);
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_json_arr(j, "return_levels");
	for (i = 0; i < HG_TAIL_NRL; i++) {
		hg_json_row_obj(j, NULL);
		hg_json_sig(j, "p", t->rl[i].p, 3);
		hg_json_sig(j, "x_ns", t->rl[i].x, 8);
		pair(j, "ci_ns", t->rl[i].ci, 1);
		hg_json_sig(j, "needed_samples", t->rl[i].need, 6);
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_json_sig(j, "needed_samples", t->nat ? t->at[0].need : NAN, 6);
}

void hg_tail_json(struct hg_json *j, const struct hg_tail_series *s, const struct hg_tail *t)
{
	hg_json_obj(j, NULL);
	hg_json_string(j, "of", s->of);
	if (s->thread < 0)
		hg_json_null(j, "thread");
	else
		hg_json_u64(j, "thread", (uint64_t)s->thread);
	hg_json_string(j, "source", s->what);
	hg_json_u64(j, "samples", t->n);
	hg_json_sig(j, "rate_hz", s->rate_hz > 0 ? s->rate_hz : NAN, 8);
	hg_json_sig(j, "per_s", s->per_s, 8);
	hg_json_sig(j, "largest_ns", t->max, 10);
	hg_json_sig(j, "threshold_ns", t->u, 10);
	hg_json_string(j, "threshold_rule", t->automatic ? "automatic" : "given");
	hg_json_u64(j, "above", t->above);
	hg_json_u64(j, "exceedances", t->k);
	hg_json_sig(j, "extremal_index", t->theta, 4);
	hg_json_bool(j, "declustered", t->declustered);
	hg_json_string(j, "interval_method", "profile likelihood for the shape, the scale and the return levels; delta method for P(X > x) and the counts");
	json_checks(j, t);
	hg_json_string(j, "refused", hg_tail_refused(s, t) ? t->failed : NULL);
	hg_json_bool(j, "forced", t->failed && !hg_tail_refused(s, t));
	if (!hg_tail_refused(s, t))
		json_answers(j, t);
	hg_json_close(j);
}

#define TAIL_SUMMARY_BOOT 99	/* the bootstrap of a run's own line: a shorter one */
#define TAIL_SUMMARY_SEED 20021

/* The line of thread @th's samples @x. */
static void summary_line(FILE *f, const struct hg_trace_thread *th, const char *of,
			 const double *x, size_t n)
{
	const struct hg_tail_opts o = { .threshold = -1, .ordered = true,
					.boot = TAIL_SUMMARY_BOOT, .seed = TAIL_SUMMARY_SEED };
	struct hg_tail *t = malloc(sizeof(*t));
	const struct hg_tail_rl *r;

	if (!t || hg_tail_analyse(x, n, &o, t)) {
		free(t);
		return;
	}
	r = &t->rl[HG_TAIL_NRL - 1];
	if (t->failed || !t->fitted)
		fprintf(f, "# tail: thread %u %s: no estimate: the %s check failed (hourglass "
			"tail says why)\n", th->id, of, t->failed ? t->failed : "fit");
	else
		fprintf(f, "# tail: thread %u %s: exceeded with probability 1e-9 per sample: "
			"%.2f us, 95%% [%.2f, %.2f] (generalized Pareto above %.2f us, %zu "
			"exceedances; the largest seen %.2f us; hourglass tail says more)\n",
			th->id, of, r->x / 1e3, r->ci[0] / 1e3, r->ci[1] / 1e3, t->u / 1e3, t->k,
			t->max / 1e3);
	free(t);
}

void hg_print_tail_summary(FILE *f, const struct hg_trace *t)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		enum hg_tail_of of = th->model == HG_MODEL_LAT ? HG_TAIL_OF_LATENCY :
				     HG_TAIL_OF_RESPONSE;
		double *x, span;
		size_t n;

		if (!hg_tail_of_has(th, of) || hg_tail_rule_k(th->stored) < HG_TAIL_MIN_EXCEED)
			continue;
		if (hg_tail_samples(t, th, of, &x, &n, &span))
			continue;
		if (hg_tail_rule_k(n) >= HG_TAIL_MIN_EXCEED)
			summary_line(f, th, hg_tail_of_name(of), x, n);
		free(x);
	}
}
