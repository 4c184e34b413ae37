// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ciout.c - estimates with confidence intervals in text and JSON
 */
#include "report/ciout.h"

char *hg_ci_text(const struct hg_ci *ci, double div, int prec, char *buf, size_t len)
{
	snprintf(buf, len, "%.*f (95 %% CI %.*f .. %.*f)", prec, ci->est / div, prec,
		 ci->lo / div, prec, ci->hi / div);
	return buf;
}

void hg_json_ci(struct hg_json *j, const struct hg_ci *ci, double div, const char *k_est,
		const char *k_lo, const char *k_hi)
{
	hg_json_num(j, k_est, ci->est / div, 3);
	hg_json_num(j, k_lo, ci->lo / div, 3);
	hg_json_num(j, k_hi, ci->hi / div, 3);
}
