/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cpulist.h - CPU lists as the kernel writes them: "0-3,5,7-8"
 */
#ifndef HG_CPULIST_H
#define HG_CPULIST_H

#include <sched.h>
#include <stddef.h>

/*
 * hg_cpulist_parse - parse @s into @set
 * On failure writes a one-line reason to @err. Returns 0 or -EINVAL.
 */
int hg_cpulist_parse(const char *s, cpu_set_t *set, char *err, size_t errlen);

/* hg_cpulist_format - write @set as a list ("0-3,5"); "none" when empty. */
char *hg_cpulist_format(const cpu_set_t *set, char *buf, size_t len);

/* hg_cpu_last - the highest CPU in @set, or -1 when it is empty. */
int hg_cpu_last(const cpu_set_t *set);

#endif /* HG_CPULIST_H */
