/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cpuset.h - the CPUs a task may run on, read from and written as a CPU
 * list ("0", "0-1", "0,2-3"), for the analyses and their reports
 */
#ifndef HG_CPUSET_H
#define HG_CPUSET_H

#include <sched.h>
#include <stddef.h>

/*
 * hg_cpuset_parse - @s as a CPU list into @set. Returns 0, -ERANGE for a
 * CPU at or above CPU_SETSIZE, or -EINVAL for anything else (an empty
 * list, a range backwards, a stray character).
 */
int hg_cpuset_parse(const char *s, cpu_set_t *set);

/*
 * hg_cpuset_list - @set as a CPU list ("0-3,5"), @empty when it is empty.
 * Returns @buf.
 */
char *hg_cpuset_list(const cpu_set_t *set, const char *empty, char *buf, size_t len);

/*
 * hg_cpuset_format - @set as a CPU list, "-" when it is empty (no CPU
 * named: one CPU assumed). Returns @buf.
 */
char *hg_cpuset_format(const cpu_set_t *set, char *buf, size_t len);

#endif /* HG_CPUSET_H */
