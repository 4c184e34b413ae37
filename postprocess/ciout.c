// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ciout.c - estimates with confidence intervals in text and JSON
 */
#include <math.h>

#include "ciout.h"
#include "json.h"

char *hg_ci_text(const struct hg_ci *ci, double div, int prec, char *buf, size_t len)
{
	snprintf(buf, len, "%.*f (95 %% CI %.*f .. %.*f)", prec, ci->est / div, prec,
		 ci->lo / div, prec, ci->hi / div);
	return buf;
}

void hg_json_num(FILE *f, double v, int prec)
{
	if (isfinite(v))
		fprintf(f, "%.*f", prec, v);
	else
		fputs("null", f);
}

static void member(FILE *f, int indent, const char *k, double v, int first)
{
	fprintf(f, "%s\n%*s", first ? "" : ",", indent, "");
	hg_json_str(f, k);
	fputs(": ", f);
	hg_json_num(f, v, 3);
}

void hg_json_ci(FILE *f, int indent, const struct hg_ci *ci, double div, const char *k_est,
		const char *k_lo, const char *k_hi, int first)
{
	member(f, indent, k_est, ci->est / div, first);
	member(f, indent, k_lo, ci->lo / div, 0);
	member(f, indent, k_hi, ci->hi / div, 0);
}
