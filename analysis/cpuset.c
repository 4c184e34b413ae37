// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpuset.c - CPU lists for the analyses
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/cpuset.h"

/* A CPU number at *@p, below CPU_SETSIZE; moves *@p past it. */
static int cpu_number(const char **p, long *v)
{
	char *end;

	if (**p < '0' || **p > '9')
		return -EINVAL;
	*v = strtol(*p, &end, 10);
	if (*v >= CPU_SETSIZE)
		return -EINVAL;
	*p = end;
	return 0;
}

int hg_cpuset_parse(const char *s, cpu_set_t *set)
{
	const char *p = s;

	CPU_ZERO(set);
	for (;;) {
		long lo, hi, c;

		if (cpu_number(&p, &lo))
			return -EINVAL;
		hi = lo;
		if (*p == '-') {
			p++;
			if (cpu_number(&p, &hi) || hi < lo)
				return -EINVAL;
		}
		for (c = lo; c <= hi; c++)
			CPU_SET((int)c, set);
		if (!*p)
			return 0;
		if (*p++ != ',')
			return -EINVAL;
	}
}

char *hg_cpuset_format(const cpu_set_t *set, char *buf, size_t len)
{
	size_t at = 0;
	int c = 0;

	if (len)
		buf[0] = '\0';
	while (c < CPU_SETSIZE && at < len) {
		int lo;

		if (!CPU_ISSET(c, set)) {
			c++;
			continue;
		}
		lo = c;
		while (c + 1 < CPU_SETSIZE && CPU_ISSET(c + 1, set))
			c++;
		if (lo == c)
			at += (size_t)snprintf(buf + at, len - at, "%s%d", at ? "," : "", lo);
		else
			at += (size_t)snprintf(buf + at, len - at, "%s%d-%d", at ? "," : "", lo, c);
		c++;
	}
	if (!at)
		snprintf(buf, len, "-");
	return buf;
}
