// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ciout.c - estimates with confidence intervals in text and JSON
 */
#include <math.h>

#include "report/ciout.h"

const char *hg_ci_method_name(enum hg_ci_method m)
{
	return m == HG_CI_STUDENT_T ? "Student t" : "bootstrap";
}

size_t hg_ci_method_need(enum hg_ci_method m)
{
	return m == HG_CI_STUDENT_T ? 2 : hg_ci_need(50, 0.95);	/* both bootstraps */
}

char *hg_ci_text(const struct hg_ci *ci, enum hg_ci_method m, double div, int prec,
		 const char *unit, const char *of, char *buf, size_t len)
{
	size_t need = hg_ci_method_need(m);

	if (ci->n < need)
		snprintf(buf, len, "%.*f %s (no 95 %% CI from %zu %s%s: %s needs %zu)", prec,
			 ci->est / div, unit, ci->n, of, ci->n == 1 ? "" : "s",
			 hg_ci_method_name(m), need);
	else
		snprintf(buf, len, "%.*f %s (95 %% CI %.*f .. %.*f %s, %s)", prec, ci->est / div,
			 unit, prec, ci->lo / div, prec, ci->hi / div, unit, hg_ci_method_name(m));
	return buf;
}

void hg_json_ci(struct hg_json *j, const struct hg_ci *ci, enum hg_ci_method m, double div,
		const char *k_est, const char *k_lo, const char *k_hi)
{
	bool none = ci->n < hg_ci_method_need(m);

	hg_json_num(j, k_est, ci->est / div, 3);
	hg_json_num(j, k_lo, none ? NAN : ci->lo / div, 3);
	hg_json_num(j, k_hi, none ? NAN : ci->hi / div, 3);
}
