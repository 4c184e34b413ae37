// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * isolation.c - the checks of the measured CPUs' isolation: isolcpus,
 * nohz_full, rcu_nocbs, managed_irq
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "audit/checks.h"
#include "audit/sysread.h"

/*
 * How the measured CPUs stand to @set: PASS when all are in it, WARN when
 * some are, FAIL when none; the CPUs left out into @out.
 */
static enum hg_audit_verdict cover(const cpu_set_t *cpus, const cpu_set_t *set, char *out,
				   size_t len)
{
	cpu_set_t missing;

	CPU_ZERO(&missing);
	CPU_XOR(&missing, cpus, set);
	CPU_AND(&missing, &missing, cpus);
	hg_sys_list(&missing, out, len);
	if (!CPU_COUNT(&missing))
		return HG_AUDIT_PASS;
	return CPU_COUNT(&missing) < CPU_COUNT(cpus) ? HG_AUDIT_WARN : HG_AUDIT_FAIL;
}

/*
 * A check of a CPU list: from @file when it is there, else the kernel
 * parameter @name. @none: the verdict when the measured CPUs are in none.
 */
static int cpulist_check(const struct hg_audit_ctx *ctx, struct hg_audit_result *res,
			 const char *name, const char *file, enum hg_audit_verdict none)
{
	char val[1024], want[256], out[256];
	cpu_set_t cpus, set;
	enum hg_audit_verdict v;
	int ret = hg_sys_cpus(ctx, &cpus);

	if (ret)
		return ret;
	hg_sys_list(&cpus, want, sizeof(want));
	CPU_ZERO(&set);
	ret = file ? hg_sys_line(ctx, val, sizeof(val), "%s", file) : -ENOENT;
	if (ret == -ENODATA || (ret > 0 && !strcmp(val, "(null)")))
		ret = 0;	/* the file is there: an empty list */
	else if (ret > 0)
		ret = hg_sys_cpulist(val, &set);
	else {
		ret = hg_sys_cmdline_param(ctx, name, val, sizeof(val));
		if (ret < 0)
			return ret;
		ret = ret && hg_sys_cpulist(val, &set) ? -EINVAL : 0;
	}
	if (ret)
		return ret;
	v = cover(&cpus, &set, out, sizeof(out));
	hg_audit_fix(res, "add %s=%s to the kernel command line", name, want);
	if (v == HG_AUDIT_PASS) {
		res->fix[0] = '\0';
		return hg_audit_say(res, v, "%s %s in %s", hg_sys_cpus_word(&cpus), want, name);
	}
	if (v == HG_AUDIT_WARN)
		return hg_audit_say(res, v, "of CPUs %s, %s not in %s", want, out, name);
	v = none;
	return hg_audit_say(res, v, "CPU%s %s not in %s", strchr(out, ',') ||
			    strchr(out, '-') ? "s" : "", out, name);
}

static int isolcpus(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	return cpulist_check(ctx, res, "isolcpus", "sys/devices/system/cpu/isolated",
			     HG_AUDIT_WARN);
}

const struct hg_audit_check hg_audit_isolcpus = {
	.id = "isolcpus",
	.why = "on a CPU that is not isolated the scheduler places other tasks and "
	       "kernel work beside the RT test",
	.judge = isolcpus,
};

static int nohz_full(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	return cpulist_check(ctx, res, "nohz_full", "sys/devices/system/cpu/nohz_full",
			     HG_AUDIT_WARN);
}

const struct hg_audit_check hg_audit_nohz_full = {
	.id = "nohz-full",
	.why = "without nohz_full the scheduler tick interrupts the measured CPU every "
	       "1 to 10 ms even when one task runs there",
	.judge = nohz_full,
};

static int rcu_nocbs(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char val[16];
	int ret = hg_sys_cmdline_param(ctx, "rcu_nocbs", val, sizeof(val));

	if (ret < 0)
		return ret;
	if (!ret && hg_sys_cmdline_param(ctx, "nohz_full", val, sizeof(val)) == 1)
		return cpulist_check(ctx, res, "nohz_full", NULL, HG_AUDIT_WARN);
	return cpulist_check(ctx, res, "rcu_nocbs", NULL, HG_AUDIT_WARN);
}

const struct hg_audit_check hg_audit_rcu_nocbs = {
	.id = "rcu-nocbs",
	.why = "RCU callbacks run on the CPU that queued them unless offloaded; a burst "
	       "of them delays the test (nohz_full offloads them too)",
	.judge = rcu_nocbs,
};

static int managed_irq(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char val[1024];
	int ret = hg_sys_cmdline_param(ctx, "isolcpus", val, sizeof(val));

	if (ret < 0)
		return ret;
	if (!ret)
		return hg_audit_say(res, HG_AUDIT_SKIP, "no isolcpus on the kernel command line");
	if (strstr(val, "managed_irq"))
		return hg_audit_say(res, HG_AUDIT_PASS, "isolcpus=%.200s has managed_irq", val);
	hg_audit_fix(res, "write isolcpus=managed_irq,%.200s on the kernel command line",
		     val);
	return hg_audit_say(res, HG_AUDIT_WARN, "isolcpus=%.200s without managed_irq", val);
}

const struct hg_audit_check hg_audit_managed_irq = {
	.id = "managed-irq",
	.why = "the queues' interrupts of multi-queue devices (NVMe, network) are spread "
	       "over every CPU, isolated ones too, unless isolcpus has managed_irq",
	.judge = managed_irq,
};
