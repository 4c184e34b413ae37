// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tailin.c - other tools' latencies for hourglass tail (see tailin.h)
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/stats/stats.h"
#include "hourglass/tailin.h"
#include "util/grow.h"
#include "util/infile.h"

#define TAILIN_LINE 4096

/* @s past its blanks. */
static char *skip(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/* One value of @s in ns; -EINVAL when it is not one. */
static int one_value(char *s, double *ns)
{
	static const struct { const char *unit; double ns; } units[] = {
		{ "ns", 1 }, { "us", 1e3 }, { "ms", 1e6 }, { "s", 1e9 },
	};
	char *end;
	double v = strtod(s, &end);
	size_t i;

	if (end == s || !isfinite(v) || v < 0)
		return -EINVAL;
	end = skip(end);
	if (!*end) {
		*ns = v * 1e3;
		return 0;
	}
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(end, units[i].unit)) {
			*ns = v * units[i].ns;
			return 0;
		}
	return -EINVAL;
}

/* @buf without its trailing blanks and newline. */
static void chomp(char *buf)
{
	size_t len = strlen(buf);

	while (len && isspace((unsigned char)buf[len - 1]))
		buf[--len] = '\0';
}

/* The next line of @f into @buf, chomped; 1, 0 at the end, -EINVAL (said) when too long. */
static int next_line(FILE *f, char **buf, size_t *cap, size_t line, char *err, size_t errlen)
{
	long len = hg_infile_line(f, buf, cap, TAILIN_LINE);

	if (len == -E2BIG) {
		snprintf(err, errlen, "line %zu: longer than %d bytes", line, TAILIN_LINE);
		return -EINVAL;
	}
	if (len < 0)
		return 0;
	chomp(*buf);
	return 1;
}

int hg_tailin_values(FILE *f, double **x, size_t *n, char *err, size_t errlen)
{
	size_t cap = 0, line = 0, bcap = 0;
	char *buf = NULL, *s;
	int ret;

	*x = NULL;
	*n = 0;
	while ((ret = next_line(f, &buf, &bcap, ++line, err, errlen)) > 0) {
		s = skip(buf);
		if (!*s || *s == '#')
			continue;
		if (HG_GROW(*x, cap, *n + 1)) {
			ret = -ENOMEM;
			break;
		}
		if (one_value(s, &(*x)[*n])) {
			snprintf(err, errlen, "line %zu: '%.40s' is not a latency (one a line, "
				 "in us unless a unit follows: 12.5, 800ns, 1.2ms)", line, s);
			ret = -EINVAL;
			break;
		}
		(*n)++;
	}
	free(buf);
	return ret;
}

bool hg_tailin_spread(double *x, size_t n)
{
	struct hg_rng r;
	size_t i;

	for (i = 0; i < n; i++)
		if (fmod(x[i], 1e3) != 0)
			return false;
	hg_rng_seed(&r, 20021);
	for (i = 0; i < n; i++)
		x[i] += ((double)(hg_rng_next(&r) >> 11) + 0.5) / 9007199254740992.0 * 1e3;
	return n > 0;
}

/* The counts of the data row @s into @h (bucket @b); -EINVAL on a bad row. */
static int hist_row(struct hg_tailin_hist *h, char *s, int thread, unsigned int *cols)
{
	unsigned long long b, c, sum = 0;
	unsigned int col = 0;
	char *end;

	b = strtoull(s, &end, 10);
	if (end == s || b > 100000000ull)
		return -EINVAL;
	for (s = skip(end); *s; s = skip(end), col++) {
		c = strtoull(s, &end, 10);
		if (end == s || !isdigit((unsigned char)*s))
			return -EINVAL;
		if (thread < 0 || col == (unsigned int)thread)
			sum += c;
	}
	if (!col || (*cols && col != *cols))
		return -EINVAL;
	*cols = col;
	if (b >= h->nb) {
		size_t old = h->nb;

		if (HG_GROW(h->count, h->nb, b + 1))
			return -ENOMEM;
		memset(h->count + old, 0, (h->nb - old) * sizeof(*h->count));
	}
	h->count[b] += sum;
	h->total += sum;
	return 0;
}

/* The overflows of "# Histogram Overflows: a b c" into @h. */
static void overflows(struct hg_tailin_hist *h, const char *s, int thread)
{
	unsigned int col = 0;
	char *end;

	for (s = skip((char *)s); isdigit((unsigned char)*s); s = skip(end), col++) {
		unsigned long long c = strtoull(s, &end, 10);

		if (thread < 0 || col == (unsigned int)thread)
			h->overflows += c;
	}
}

int hg_tailin_cyclictest(FILE *f, int thread, struct hg_tailin_hist *h, char *err,
			 size_t errlen)
{
	static const char ovf[] = "# Histogram Overflows:";
	size_t line = 0, bcap = 0;
	char *buf = NULL, *s;
	int ret;

	memset(h, 0, sizeof(*h));
	while ((ret = next_line(f, &buf, &bcap, ++line, err, errlen)) > 0) {
		if (!strncmp(buf, ovf, sizeof(ovf) - 1))
			overflows(h, buf + sizeof(ovf) - 1, thread);
		s = skip(buf);
		if (!isdigit((unsigned char)*s))
			continue;	/* comments, cyclictest's other lines */
		ret = hist_row(h, s, thread, &h->columns);
		if (ret == -EINVAL)
			snprintf(err, errlen, "line %zu: '%.40s' is not a row of cyclictest -h "
				 "(a bucket in us, then a count per thread)", line, s);
		if (ret)
			break;
	}
	free(buf);
	if (ret)
		return ret;
	if (!h->columns) {
		snprintf(err, errlen, "no histogram rows (the output of cyclictest -h <max_us> -q)");
		return -EINVAL;
	}
	if (thread >= 0 && (unsigned int)thread >= h->columns) {
		snprintf(err, errlen, "--thread %d: the histogram has %u thread%s (0 to %u)",
			 thread, h->columns, h->columns == 1 ? "" : "s", h->columns - 1);
		return -EINVAL;
	}
	return 0;
}

int hg_tailin_expand(const struct hg_tailin_hist *h, uint64_t want, double keep_ns,
		     double **x, size_t *n, uint64_t *below)
{
	uint64_t out = 0, j;
	size_t b, first = h->nb;

	while (first > 0 && (out < want || (double)first * 1e3 > keep_ns)) {
		first--;
		out += h->count[first];
	}
	*x = malloc((out ? out : 1) * sizeof(**x));
	*n = 0;
	*below = h->total - out;
	if (!*x)
		return -ENOMEM;
	for (b = first; b < h->nb; b++)
		for (j = 0; j < h->count[b]; j++)
			(*x)[(*n)++] = ((double)b + ((double)j + 0.5) / (double)h->count[b]) * 1e3;
	return 0;
}
