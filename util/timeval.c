// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timeval.c - parse and format time values
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <inttypes.h>

#include "util/errlen.h"
#include "util/timeval.h"

struct unit {
	const char *name;
	uint64_t ns;
};

/* Longest names first so that "ms" is not taken for "m". */
static const struct unit units[] = {
	{ "ms", 1000000ULL },
	{ "us", 1000ULL },
	{ "ns", 1ULL },
	{ "m", 60000000000ULL },
	{ "s", 1000000000ULL },
	{ "h", 3600000000000ULL },
	{ "d", 86400000000000ULL },
};

static void set_err(char *err, size_t errlen, const char *msg)
{
	if (err && errlen)
		snprintf(err, errlen, "%s", msg);
}

int hg_parse_u64(const char *s, uint64_t *val)
{
	uint64_t v = 0;

	if (!s || !*s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -EINVAL;
		if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -ERANGE;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*val = v;
	return 0;
}

int hg_parse_time(const char *s, uint64_t *ns, char *err, size_t errlen)
{
	uint64_t whole = 0, frac = 0, frac_div = 1;
	const struct unit *u = NULL;
	const char *p = s;
	int ndigits = 0;
	bool nonzero = false;
	size_t i;

	if (!s || !*s) {
		set_err(err, errlen, "empty time value");
		return -EINVAL;
	}
	for (; *p >= '0' && *p <= '9'; p++, ndigits++) {
		if (whole > (UINT64_MAX - (uint64_t)(*p - '0')) / 10) {
			set_err(err, errlen, "time value too large");
			return -ERANGE;
		}
		whole = whole * 10 + (uint64_t)(*p - '0');
		nonzero |= *p != '0';
	}
	if (*p == '.') {
		p++;
		for (; *p >= '0' && *p <= '9'; p++, ndigits++) {
			nonzero |= *p != '0';
			/* digits past nanosecond precision of days are noise */
			if (frac_div >= 100000000000000000ULL)
				continue;
			frac = frac * 10 + (uint64_t)(*p - '0');
			frac_div *= 10;
		}
	}
	if (!ndigits) {
		set_err(err, errlen, "not a time value (write e.g. 1.5ms)");
		return -EINVAL;
	}
	if (!*p) {
		/* "-d 2" from cyclictest's habit: show the value with a unit */
		if (err && errlen)
			snprintf(err, errlen, "missing time unit (e.g. %ss; use d, h, m, s, "
				 "ms, us or ns)",
				 hg_quote_mem(s, (size_t)(p - s - (p[-1] == '.'))).s);
		return -EINVAL;
	}
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (!strcmp(p, units[i].name)) {
			u = &units[i];
			break;
		}
	}
	if (!u) {
		if (err && errlen)
			snprintf(err, errlen,
				 "unknown time unit '%s' (use d, h, m, s, ms, us or ns)",
				 hg_quote(p).s);
		return -EINVAL;
	}
	if (whole > UINT64_MAX / u->ns) {
		set_err(err, errlen, "time value too large");
		return -ERANGE;
	}
	whole *= u->ns;
	/* frac / frac_div * unit, rounded to nearest: fits in 128 bits */
	{
		unsigned __int128 f = (unsigned __int128)frac * u->ns;
		uint64_t fns = (uint64_t)((f + frac_div / 2) / frac_div);

		if (whole > UINT64_MAX - fns) {
			set_err(err, errlen, "time value too large");
			return -ERANGE;
		}
		/* only a value written as zero is zero: "-d 0.0001ns" is no "-d 0" */
		if (nonzero && !(whole + fns)) {
			set_err(err, errlen, "rounds to 0ns (the resolution is 1ns)");
			return -ERANGE;
		}
		*ns = whole + fns;
	}
	return 0;
}

char *hg_format_time(uint64_t ns, char *buf, size_t len)
{
	static const struct unit order[] = {
		{ "s", 1000000000ULL }, { "ms", 1000000ULL },
		{ "us", 1000ULL }, { "ns", 1ULL },
	};
	size_t i;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		uint64_t unit = order[i].ns;

		if (ns >= unit || unit == 1) {
			uint64_t w = ns / unit, f = (ns % unit) * 1000 / unit;

			if (unit == 1 || !f)
				snprintf(buf, len, "%" PRIu64 "%s", w, order[i].name);
			else if (f % 100 == 0)
				snprintf(buf, len, "%" PRIu64 ".%01" PRIu64 "%s", w, f / 100, order[i].name);
			else if (f % 10 == 0)
				snprintf(buf, len, "%" PRIu64 ".%02" PRIu64 "%s", w, f / 10, order[i].name);
			else
				snprintf(buf, len, "%" PRIu64 ".%03" PRIu64 "%s", w, f, order[i].name);
			break;
		}
	}
	return buf;
}

uint64_t hg_cycles_to_ns(uint64_t cycles, uint64_t hz)
{
	unsigned __int128 v = (unsigned __int128)cycles * 1000000000ULL;

	if (!hz)
		return 0;
	return (uint64_t)((v + hz / 2) / hz);
}

uint64_t hg_ns_to_cycles(uint64_t ns, uint64_t hz)
{
	unsigned __int128 v = ((unsigned __int128)ns * hz + 500000000ULL) / 1000000000ULL;

	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;	/* saturates */
}

char *hg_format_ms(uint64_t ns, char *buf, size_t len)
{
	snprintf(buf, len, "%" PRIu64 ".%06" PRIu64, ns / 1000000, ns % 1000000);
	return buf;
}

char *hg_format_ms3(uint64_t ns, char *buf, size_t len)
{
	uint64_t us = ns / 1000 + (ns % 1000 >= 500);

	if (ns == UINT64_MAX)
		snprintf(buf, len, "inf");
	else
		snprintf(buf, len, "%" PRIu64 ".%03" PRIu64, us / 1000, us % 1000);
	return buf;
}

char *hg_format_us(uint64_t ns, char *buf, size_t len)
{
	snprintf(buf, len, "%" PRIu64 ".%03" PRIu64, ns / 1000, ns % 1000);
	return buf;
}
