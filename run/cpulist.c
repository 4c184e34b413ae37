// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpulist.c - parse and format CPU lists
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/cpuset.h"
#include "run/cpulist.h"
#include "util/errlen.h"

int hg_cpulist_parse(const char *s, cpu_set_t *set, char *err, size_t errlen)
{
	int ret = hg_cpuset_parse(s, set);

	if (ret == -ERANGE)
		snprintf(err, errlen, "CPU list '%s': CPU numbers go up to %d", hg_quote(s).s,
			 CPU_SETSIZE - 1);
	else if (ret)
		snprintf(err, errlen, "bad CPU list '%s' (write e.g. 0-3,5)", hg_quote(s).s);
	return ret ? -EINVAL : 0;
}

char *hg_cpulist_format(const cpu_set_t *set, char *buf, size_t len)
{
	return hg_cpuset_list(set, "none", buf, len);
}

int hg_cpu_last(const cpu_set_t *set)
{
	int cpu;

	for (cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
		if (CPU_ISSET(cpu, set))
			return cpu;
	return -1;
}
