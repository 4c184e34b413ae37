// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tailprom.c - hourglass tail's estimates as OpenMetrics text (see
 * tailprom.h)
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "export/exportint.h"
#include "export/tailprom.h"

/* What every sample of one command shares. */
struct tprom {
	FILE *f;
	const char *source;
	const struct hg_tail_prom *v;
	size_t n;
};

/* A value as OpenMetrics writes it: NaN, +Inf, -Inf or a number. */
static void value(FILE *f, double v)
{
	if (isnan(v))
		fputs("NaN", f);
	else if (isinf(v))
		fputs(v > 0 ? "+Inf" : "-Inf", f);
	else
		fprintf(f, "%.9g", v);
}

/* "name{source=..,thread=..,of=..", without the closing brace. */
static void open_sample(const struct tprom *p, const char *name, const struct hg_tail_series *s)
{
	fprintf(p->f, "%s{source=\"", name);
	hg_prom_label(p->f, p->source);
	if (s->thread >= 0)
		fprintf(p->f, "\",thread=\"%d", s->thread);
	fprintf(p->f, "\",of=\"%s\"", s->of);
}

static void close_sample(const struct tprom *p, double v)
{
	fputs("} ", p->f);
	value(p->f, v);
	fputc('\n', p->f);
}

/* One sample; @extra: more labels ("" or ",check=\"fit\""), @v its value. */
static void put(const struct tprom *p, const char *name, const struct hg_tail_series *s,
		const char *extra, double v)
{
	open_sample(p, name, s);
	fputs(extra, p->f);
	close_sample(p, v);
}

/* The estimate and its interval's bounds, with @extra labels. */
static void put3(const struct tprom *p, const char *name, const struct hg_tail_series *s,
		 const char *extra, double est, const double ci[2], double scale)
{
	static const char *const bound[] = { "estimate", "low", "high" };
	const double v[3] = { est, ci[0], ci[1] };
	int i;

	for (i = 0; i < 3; i++) {
		open_sample(p, name, s);
		fprintf(p->f, "%s,bound=\"%s\"", extra, bound[i]);
		close_sample(p, v[i] * scale);
	}
}

/* The series' own figures, one family of @name at a time. */
static void series(const struct tprom *p, const char *name, double (*get)(const struct hg_tail *))
{
	size_t i;

	for (i = 0; i < p->n; i++)
		put(p, name, p->v[i].s, "", get(p->v[i].t));
}

static double samples(const struct hg_tail *t)
{
	return (double)t->n;
}

static double largest(const struct hg_tail *t)
{
	return t->max / 1e9;
}

static double threshold(const struct hg_tail *t)
{
	return t->u / 1e9;
}

static double exceedances(const struct hg_tail *t)
{
	return (double)t->k;
}

/* The checks made: passed (1 or 0), or their p values (those that have one). */
static void checks(const struct tprom *p, bool p_values)
{
	char extra[64];
	size_t i;
	int c;

	for (i = 0; i < p->n; i++)
		for (c = 0; c < HG_TAIL_NCHK; c++) {
			const struct hg_tail_check *k = &p->v[i].t->chk[c];

			if (k->passed < 0 || (p_values && isnan(k->p_value)))
				continue;
			snprintf(extra, sizeof(extra), ",check=\"%s\"", k->name);
			put(p, p_values ? "hourglass_tail_check_p_value" :
			    "hourglass_tail_check_passed", p->v[i].s, extra,
			    p_values ? k->p_value : k->passed);
		}
}

/* The families of the figures every series has. */
static void plain(const struct tprom *p)
{
	size_t i;

	hg_prom_family(p->f, "hourglass_tail_samples", "gauge", "Samples the tail rests on.",
		       NULL);
	series(p, "hourglass_tail_samples", samples);
	hg_prom_family(p->f, "hourglass_tail_largest_seconds", "gauge", "The largest sample.",
		       "seconds");
	series(p, "hourglass_tail_largest_seconds", largest);
	hg_prom_family(p->f, "hourglass_tail_threshold_seconds", "gauge",
		       "The threshold of the peaks over threshold fit.", "seconds");
	series(p, "hourglass_tail_threshold_seconds", threshold);
	hg_prom_family(p->f, "hourglass_tail_exceedances", "gauge",
		       "Exceedances fitted (clusters' maxima when declustered).", NULL);
	series(p, "hourglass_tail_exceedances", exceedances);
	hg_prom_family(p->f, "hourglass_tail_check_passed", "gauge",
		       "1 when the check passed, 0 when it failed.", NULL);
	checks(p, false);
	hg_prom_family(p->f, "hourglass_tail_check_p_value", "gauge",
		       "The check's p value.", NULL);
	checks(p, true);
	hg_prom_family(p->f, "hourglass_tail_refused", "gauge",
		       "1 when a check failed and no estimate is given.", NULL);
	for (i = 0; i < p->n; i++)
		put(p, "hourglass_tail_refused", p->v[i].s, "",
		    hg_tail_refused(p->v[i].s, p->v[i].t));
}

/* Whether series @i has estimates to give. */
static bool shown(const struct tprom *p, size_t i)
{
	return p->v[i].t->fitted && !hg_tail_refused(p->v[i].s, p->v[i].t);
}

/* P(X > x) and the counts per period of each --at above the threshold or not. */
static void answers(const struct tprom *p, bool per)
{
	char extra[96];
	size_t i, a;

	for (i = 0; i < p->n; i++) {
		const struct hg_tail *t = p->v[i].t;
		const struct hg_tail_series *s = p->v[i].s;

		for (a = 0; shown(p, i) && a < t->nat; a++) {
			const struct hg_tail_at *at = &t->at[a];

			if (per && !(s->rate_hz > 0))
				continue;
			if (per)
				snprintf(extra, sizeof(extra), ",x_seconds=\"%.9g\",per_seconds="
					 "\"%.9g\"", at->x / 1e9, s->per_s);
			else
				snprintf(extra, sizeof(extra), ",x_seconds=\"%.9g\"", at->x / 1e9);
			put3(p, per ? "hourglass_tail_expected" : "hourglass_tail_probability",
			     s, extra, per ? at->per : at->p, per ? at->per_ci : at->p_ci, 1);
		}
	}
}

/* The families of the estimates, of the series not refused. */
static void estimates(const struct tprom *p)
{
	char extra[32];
	size_t i, r;

	hg_prom_family(p->f, "hourglass_tail_shape", "gauge",
		       "The generalized Pareto shape xi (profile likelihood interval).", NULL);
	for (i = 0; i < p->n; i++)
		if (shown(p, i))
			put3(p, "hourglass_tail_shape", p->v[i].s, "", p->v[i].t->fit.g.xi,
			     p->v[i].t->fit.xi_ci, 1);
	hg_prom_family(p->f, "hourglass_tail_scale_seconds", "gauge",
		       "The generalized Pareto scale sigma (profile likelihood interval).",
		       "seconds");
	for (i = 0; i < p->n; i++)
		if (shown(p, i))
			put3(p, "hourglass_tail_scale_seconds", p->v[i].s, "",
			     p->v[i].t->fit.g.sigma, p->v[i].t->fit.sigma_ci, 1e-9);
	hg_prom_family(p->f, "hourglass_tail_probability", "gauge",
		       "P(X > x) per sample (delta method interval).", NULL);
	answers(p, false);
	hg_prom_family(p->f, "hourglass_tail_expected", "gauge",
		       "Expected count of X > x per period at the run's rate of samples.", NULL);
	answers(p, true);
	hg_prom_family(p->f, "hourglass_tail_return_level_seconds", "gauge",
		       "The value exceeded with probability p per sample (profile likelihood "
		       "interval).", "seconds");
	for (i = 0; i < p->n; i++)
		for (r = 0; shown(p, i) && r < HG_TAIL_NRL; r++) {
			const struct hg_tail_rl *l = &p->v[i].t->rl[r];

			snprintf(extra, sizeof(extra), ",p=\"%.0e\"", l->p);
			put3(p, "hourglass_tail_return_level_seconds", p->v[i].s, extra,
			     l->x, l->ci, 1e-9);
		}
}

int hg_tail_prom_print(FILE *f, const char *source, const struct hg_tail_prom *v, size_t n)
{
	struct tprom p = { .f = f, .source = source, .v = v, .n = n };

	plain(&p);
	estimates(&p);
	fputs("# EOF\n", f);
	return ferror(f) ? -EIO : 0;
}
