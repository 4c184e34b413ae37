// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * irq.c - the checks of interrupts: which may land on the measured CPUs,
 * and whether irqbalance moves them
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/checks.h"
#include "audit/sysread.h"
#include "trace/wire.h"

/* Whether @name is all digits. */
static bool numeric(const char *name)
{
	return *name && strspn(name, "0123456789") == strlen(name);
}

static int irq_affinity(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char path[PATH_MAX], list[1024], want[256], first[256] = "";
	unsigned int nirq = 0, allowed = 0, landed = 0;
	cpu_set_t cpus, set;
	struct dirent *de;
	DIR *d;
	int ret = hg_sys_cpus(ctx, &cpus);

	if (ret)
		return ret;
	hg_sys_list(&cpus, want, sizeof(want));
	ret = hg_sys_path(ctx, path, sizeof(path), "proc/irq");
	d = ret ? NULL : opendir(path);
	if (!d)
		return ret ? ret : -errno;
	while ((de = readdir(d))) {
		bool eff;

		if (!numeric(de->d_name))
			continue;
		eff = hg_sys_line(ctx, list, sizeof(list), "proc/irq/%s/effective_affinity_list",
				  de->d_name) > 0;
		if (!eff && hg_sys_line(ctx, list, sizeof(list), "proc/irq/%s/smp_affinity_list",
					de->d_name) <= 0)
			continue;
		if (hg_sys_cpulist(list, &set))
			continue;
		nirq++;
		CPU_AND(&set, &set, &cpus);
		if (!CPU_COUNT(&set))
			continue;
		if (eff)
			landed++;
		else
			allowed++;
		if (!first[0])
			snprintf(first, sizeof(first), "%s", de->d_name);
	}
	closedir(d);
	if (!nirq)
		return hg_audit_say(res, HG_AUDIT_SKIP, "no interrupt's affinity readable");
	if (!landed && !allowed)
		return hg_audit_say(res, HG_AUDIT_PASS, "none of %u interrupts is routed to %s %s",
				    nirq, hg_sys_cpus_word(&cpus), want);
	hg_audit_fix(res, "echo <other CPUs> > /proc/irq/<n>/smp_affinity_list for each "
		     "(and irqaffinity=<other CPUs> on the kernel command line)");
	if (landed)
		return hg_audit_say(res, HG_AUDIT_FAIL, "%u of %u interrupts are handled on %s "
				    "%s (the first: %s)", landed, nirq, hg_sys_cpus_word(&cpus), want,
				    first);
	return hg_audit_say(res, HG_AUDIT_WARN, "%u of %u interrupts may be routed to %s %s "
			    "(the first: %s)", allowed, nirq, hg_sys_cpus_word(&cpus), want, first);
}

const struct hg_audit_check hg_audit_irq_affinity = {
	.id = "irq-affinity",
	.why = "a device interrupt handled on the measured CPU preempts the test for the "
	       "handler's time",
	.run = irq_affinity,
};

/*
 * hg_audit_find_task - the first process under @ctx's proc/ whose comm is
 * @comm: its pid, 0 when there is none, or -errno
 */
int hg_audit_find_task(const struct hg_audit_ctx *ctx, const char *comm)
{
	char path[PATH_MAX], name[64];
	struct dirent *de;
	int pid = 0;
	DIR *d;

	if (hg_sys_path(ctx, path, sizeof(path), "proc"))
		return -ENAMETOOLONG;
	d = opendir(path);
	if (!d)
		return -errno;
	while (!pid && (de = readdir(d))) {
		if (!numeric(de->d_name) ||
		    hg_sys_line(ctx, name, sizeof(name), "proc/%s/comm", de->d_name) <= 0)
			continue;
		hg_tame(name);	/* a copied tree's name, tamed as every comm read */
		if (!strcmp(name, comm))
			pid = (int)strtol(de->d_name, NULL, 10);	/* all digits */
	}
	closedir(d);
	return pid;
}

static int irqbalance(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	int pid = hg_audit_find_task(ctx, "irqbalance");

	if (pid < 0)
		return pid;
	if (!pid)
		return hg_audit_say(res, HG_AUDIT_PASS, "irqbalance is not running");
	hg_audit_fix(res, "systemctl disable --now irqbalance, or list the measured CPUs "
		     "in IRQBALANCE_BANNED_CPULIST");
	return hg_audit_say(res, HG_AUDIT_WARN, "irqbalance is running (pid %d)", pid);
}

const struct hg_audit_check hg_audit_irqbalance = {
	.id = "irqbalance",
	.why = "irqbalance moves interrupts between CPUs as their load changes, onto the "
	       "measured CPUs too unless told not to",
	.run = irqbalance,
};
