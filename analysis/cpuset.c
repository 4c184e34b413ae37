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
	errno = 0;
	*v = strtol(*p, &end, 10);
	if (errno || *v >= CPU_SETSIZE)
		return -ERANGE;
	*p = end;
	return 0;
}

int hg_cpuset_parse(const char *s, cpu_set_t *set)
{
	const char *p = s;

	CPU_ZERO(set);
	for (;;) {
		long lo, hi, c;
		int ret = cpu_number(&p, &lo);

		if (ret)
			return ret;
		hi = lo;
		if (*p == '-') {
			p++;
			ret = cpu_number(&p, &hi);
			if (ret)
				return ret;
			if (hi < lo)
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

char *hg_cpuset_list(const cpu_set_t *set, const char *empty, char *buf, size_t len)
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
		snprintf(buf, len, "%s", empty);
	return buf;
}

char *hg_cpuset_format(const cpu_set_t *set, char *buf, size_t len)
{
	return hg_cpuset_list(set, "-", buf, len);
}
