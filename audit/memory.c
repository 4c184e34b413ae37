// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * memory.c - the checks of memory: transparent huge pages, swap, the limit
 * of locked memory
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/checks.h"
#include "audit/sysread.h"

#define MEMLOCK_ENOUGH	(64ull << 20)	/* bytes: a trace of a few million records */
#define CAP_IPC_LOCK_BIT 14

static int thp(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char buf[128];
	int ret = hg_sys_line(ctx, buf, sizeof(buf), "sys/kernel/mm/transparent_hugepage/enabled");

	if (ret == -ENOENT)
		return hg_audit_say(res, HG_AUDIT_PASS, "no transparent huge pages in this kernel");
	if (ret < 0)
		return ret;
	if (strstr(buf, "[never]") || strstr(buf, "[madvise]"))
		return hg_audit_say(res, HG_AUDIT_PASS, "%s", buf);
	if (!strstr(buf, "[always]"))
		return -EINVAL;
	hg_audit_fix(res, "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled (or "
		     "transparent_hugepage=madvise on the kernel command line)");
	return hg_audit_say(res, HG_AUDIT_WARN, "%s", buf);
}

const struct hg_audit_check hg_audit_thp = {
	.id = "thp",
	.why = "with transparent huge pages always on, khugepaged and page-fault "
	       "compaction stall tasks to assemble huge pages",
	.judge = thp,
};

static int swap(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char text[8192];
	const char *nl;
	int ret = hg_sys_text(ctx, text, sizeof(text), "proc/swaps"), n = 0;

	if (ret == -EFBIG)
		ret = (int)strlen(text);	/* not read whole: many swap areas */
	if (ret < 0)
		return ret;
	for (nl = strchr(text, '\n'); nl && nl[1]; nl = strchr(nl + 1, '\n'))
		n++;	/* the lines after the heading */
	if (!n)
		return hg_audit_say(res, HG_AUDIT_PASS, "no swap area");
	hg_audit_fix(res, "swapoff -a (the test's memory is locked, the rest of the system's "
		     "is not)");
	return hg_audit_say(res, HG_AUDIT_WARN, "%d swap area%s in use", n, n == 1 ? "" : "s");
}

const struct hg_audit_check hg_audit_swap = {
	.id = "swap",
	.why = "a task whose pages were swapped out waits for the disk when it touches "
	       "them: milliseconds",
	.judge = swap,
};

/* The effective capabilities of proc/self/status; 0 or -errno. */
static int cap_eff(const struct hg_audit_ctx *ctx, unsigned long long *caps)
{
	char text[8192];
	const char *p;
	char *end;
	int ret = hg_sys_text(ctx, text, sizeof(text), "proc/self/status");

	if (ret < 0)
		return ret;
	p = strstr(text, "\nCapEff:");
	if (!p)
		return -EINVAL;
	*caps = strtoull(p + 8, &end, 16);
	return end == p + 8 ? -EINVAL : 0;
}

static int memlock(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char text[8192], soft[32];
	unsigned long long caps = 0, v;
	const char *p;
	int ret = hg_sys_text(ctx, text, sizeof(text), "proc/self/limits");

	if (ret < 0)
		return ret;
	p = strstr(text, "Max locked memory");
	if (!p || sscanf(p + 17, "%31s", soft) != 1)
		return -EINVAL;
	if (!strcmp(soft, "unlimited"))
		return hg_audit_say(res, HG_AUDIT_PASS, "unlimited");
	if (!cap_eff(ctx, &caps) && (caps >> CAP_IPC_LOCK_BIT & 1))
		return hg_audit_say(res, HG_AUDIT_PASS, "%s bytes, but CAP_IPC_LOCK lifts the limit",
				    soft);
	v = strtoull(soft, NULL, 10);
	hg_audit_fix(res, "ulimit -l unlimited, or memlock in /etc/security/limits.conf "
		     "(LimitMEMLOCK= for a service)");
	return hg_audit_say(res, v >= MEMLOCK_ENOUGH ? HG_AUDIT_WARN : HG_AUDIT_FAIL,
			    "%llu KiB (%s)", v / 1024, v >= MEMLOCK_ENOUGH ? "enough for a "
			    "small test" : "too little to lock a test's memory");
}

const struct hg_audit_check hg_audit_memlock = {
	.id = "memlock",
	.why = "memory that cannot be locked may be paged out or faulted in during the "
	       "test: a page fault is microseconds, a disk read milliseconds",
	.judge = memlock,
};
