// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * loadrate.c - the throughput of a load from its tool's output
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/loadrate.h"

/* The line after @line, or NULL. */
static const char *next_line(const char *line)
{
	const char *nl = strchr(line, '\n');

	return nl ? nl + 1 : NULL;
}

int hg_rate_stressng(const char *text, double *rate)
{
	const char *line;
	double sum = 0;
	int n = 0;

	for (line = text; line && *line; line = next_line(line)) {
		const char *p = strstr(line, "] ");
		const char *eol = strchr(line, '\n');
		char *end, *end2;
		double ops, secs;

		if (strncmp(line, "stress-ng: ", 11) || !p || (eol && p > eol))
			continue;
		p += 2 + strspn(p + 2, " ");
		p += strcspn(p, " \n");	/* the stressor's name */
		ops = strtod(p, &end);
		secs = strtod(end, &end2);
		if (end == p || end2 == end || (eol && end2 > eol) || secs <= 0)
			continue;
		sum += ops / secs;
		n++;
	}
	if (!n)
		return -ENODATA;
	*rate = sum;
	return 0;
}

int hg_rate_hackbench(const char *text, uint64_t msgs_per_run, double *rate)
{
	const char *line;
	double secs = 0, t;
	uint64_t runs = 0;
	char *end;

	for (line = text; line && *line; line = next_line(line)) {
		if (strncmp(line, "Time: ", 6))
			continue;
		t = strtod(line + 6, &end);
		if (end == line + 6 || t < 0)
			continue;
		secs += t;
		runs++;
	}
	if (!runs || secs <= 0)
		return -ENODATA;
	*rate = (double)(runs * msgs_per_run) / secs;
	return 0;
}

int hg_rate_iperf3(const char *text, double *rate)
{
	const char *line;
	double weighted = 0, total = 0;

	for (line = text; line && *line; line = next_line(line)) {
		const char *eol = strchr(line, '\n'), *sec, *unit;
		size_t len = eol ? (size_t)(eol - line) : strlen(line);
		double a, b, mbit;
		char buf[256], *end, *end2;

		if (line[0] != '[' || len >= sizeof(buf))
			continue;
		memcpy(buf, line, len);
		buf[len] = '\0';
		if (strstr(buf, "sender") || strstr(buf, "receiver"))
			continue;
		sec = strchr(buf, ']');
		unit = strstr(buf, " Mbits/sec");
		if (!sec || !unit)
			continue;
		a = strtod(sec + 1, &end);
		if (end == sec + 1 || *end != '-')
			continue;
		b = strtod(end + 1, &end2);
		if (end2 == end + 1 || b <= a)
			continue;
		while (unit > buf && unit[-1] != ' ')
			unit--;
		mbit = strtod(unit, &end);
		if (unit == buf || end == unit)
			continue;
		weighted += mbit * (b - a);
		total += b - a;
	}
	if (total <= 0)
		return -ENODATA;
	*rate = weighted / total;
	return 0;
}
