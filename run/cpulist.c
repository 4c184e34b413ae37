// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpulist.c - parse and format CPU lists
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "run/cpulist.h"

static int number(const char **p, long *v)
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

int hg_cpulist_parse(const char *s, cpu_set_t *set, char *err, size_t errlen)
{
	const char *p = s;

	CPU_ZERO(set);
	if (!*p)
		goto bad;
	for (;;) {
		long lo, hi, c;
		int ret = number(&p, &lo);

		if (ret == -ERANGE)
			goto big;
		if (ret)
			goto bad;
		hi = lo;
		if (*p == '-') {
			p++;
			ret = number(&p, &hi);
			if (ret == -ERANGE)
				goto big;
			if (ret || hi < lo)
				goto bad;
		}
		for (c = lo; c <= hi; c++)
			CPU_SET((int)c, set);
		if (!*p)
			return 0;
		if (*p != ',')
			goto bad;
		p++;
	}
big:
	snprintf(err, errlen, "CPU list '%s': CPU numbers go up to %d", s, CPU_SETSIZE - 1);
	return -EINVAL;
bad:
	snprintf(err, errlen, "bad CPU list '%s' (write e.g. 0-3,5)", s);
	return -EINVAL;
}

char *hg_cpulist_format(const cpu_set_t *set, char *buf, size_t len)
{
	size_t at = 0;
	int c = 0;

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
		snprintf(buf, len, "none");
	return buf;
}

int hg_cpu_last(const cpu_set_t *set)
{
	int cpu;

	for (cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
		if (CPU_ISSET(cpu, set))
			return cpu;
	return -1;
}
