// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cputopo.c - the checks of the CPUs themselves: SMT siblings, the
 * clocksource, the TSC's flags, a hypervisor and the time it steals
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/checks.h"
#include "audit/sysread.h"

/* The measured CPUs that share their core, as "cpu (siblings)" items. */
struct smt_seen {
	char busy[256];
	unsigned int n;
};

static int smt_cpu(unsigned int cpu, const char *list, void *arg)
{
	struct smt_seen *s = arg;
	size_t len = strlen(s->busy);
	cpu_set_t sib;

	if (hg_sys_cpulist(list, &sib))
		return -EINVAL;
	if (CPU_COUNT(&sib) < 2)
		return 0;
	s->n++;
	snprintf(s->busy + len, sizeof(s->busy) - len, "%s%u (%.64s)", s->n > 1 ? ", " : "",
		 cpu, list);
	return 0;
}

static int smt(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	struct smt_seen s = { .n = 0 };
	int ret = hg_sys_each_cpu_line(ctx, "topology/thread_siblings_list", smt_cpu, &s);

	if (ret)
		return ret;
	if (!s.n)
		return hg_audit_say(res, HG_AUDIT_PASS, "no measured CPU shares its core");
	hg_audit_fix(res, "echo off > /sys/devices/system/cpu/smt/control (or nosmt on the "
		     "kernel command line), or leave each sibling idle");
	return hg_audit_say(res, HG_AUDIT_WARN, "CPUs sharing their core with a sibling: %.200s",
			    s.busy);
}

const struct hg_audit_check hg_audit_smt = {
	.id = "smt",
	.why = "a hyper-thread sibling shares the core's execution units and caches: "
	       "whatever runs on it slows the test down",
	.run = smt,
};

static int clocksource(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	static const char *const good[] = { "tsc", "arch_sys_counter", "kvm-clock", "timebase",
					    "riscv_clocksource", NULL };
	static const char *const bad[] = { "hpet", "acpi_pm", "jiffies", "pit", NULL };
	char cs[64];
	size_t i;
	int ret = hg_sys_line(ctx, cs, sizeof(cs),
			      "sys/devices/system/clocksource/clocksource0/current_clocksource");

	if (ret < 0)
		return ret;
	for (i = 0; good[i]; i++)
		if (!strcmp(cs, good[i]))
			return hg_audit_say(res, HG_AUDIT_PASS, "%s", cs);
	hg_audit_fix(res, "boot with clocksource=tsc tsc=reliable when the TSC is invariant");
	for (i = 0; bad[i]; i++)
		if (!strcmp(cs, bad[i]))
			return hg_audit_say(res, HG_AUDIT_FAIL, "%s (reading it takes microseconds)",
					    cs);
	return hg_audit_say(res, HG_AUDIT_WARN, "%s", cs);
}

const struct hg_audit_check hg_audit_clocksource = {
	.id = "clocksource",
	.why = "every clock_gettime() and timer reads the clocksource: a slow one (hpet, "
	       "acpi_pm) adds microseconds to each",
	.run = clocksource,
};

static int tsc(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	int has = hg_sys_cpu_flag(ctx, "tsc"), cons, nonstop;

	if (has == -ENOENT || has == 0)
		return hg_audit_say(res, HG_AUDIT_SKIP, "no TSC (not an x86 machine)");
	if (has < 0)
		return has;
	cons = hg_sys_cpu_flag(ctx, "constant_tsc");
	nonstop = hg_sys_cpu_flag(ctx, "nonstop_tsc");
	if (cons == 1 && nonstop == 1)
		return hg_audit_say(res, HG_AUDIT_PASS, "constant_tsc and nonstop_tsc");
	hg_audit_fix(res, "use a machine (or a VM with invtsc) whose TSC is invariant");
	return hg_audit_say(res, HG_AUDIT_FAIL, "the TSC is not invariant (%s%s%s)",
			    cons == 1 ? "" : "no constant_tsc", cons != 1 && nonstop != 1 ? ", " : "",
			    nonstop == 1 ? "" : "no nonstop_tsc");
}

const struct hg_audit_check hg_audit_tsc = {
	.id = "tsc",
	.why = "a TSC that changes rate with the frequency or stops in idle states makes "
	       "the time measured in cycles wrong",
	.run = tsc,
};

static int hypervisor(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char type[64];
	int hv = hg_sys_cpu_flag(ctx, "hypervisor");

	if (hv < 0 && hv != -ENOENT)
		return hv;
	if (hg_sys_line(ctx, type, sizeof(type), "sys/hypervisor/type") > 0)
		hv = 1;
	else
		snprintf(type, sizeof(type), "a hypervisor");
	if (hv != 1)
		return hg_audit_say(res, HG_AUDIT_PASS, "no hypervisor");
	hg_audit_fix(res, "measure on bare metal, or pin the vCPUs to isolated host CPUs "
		     "with a real-time host");
	return hg_audit_say(res, HG_AUDIT_WARN, "running under %s", type);
}

const struct hg_audit_check hg_audit_hypervisor = {
	.id = "hypervisor",
	.why = "in a virtual machine the host may stop a vCPU at any time for its own "
	       "work: the gaps seen are the host's too",
	.run = hypervisor,
};

/* The steal and total ticks of "cpu<n>" in /proc/stat's @text. */
static int cpu_ticks(const char *text, unsigned int cpu, uint64_t *steal, uint64_t *total)
{
	char key[32];
	const char *line;
	size_t n = (size_t)snprintf(key, sizeof(key), "cpu%u ", cpu);

	for (line = text; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		uint64_t v[8] = { 0 };
		const char *p = line + n;
		char *end;
		int i, got = 0;

		if (strncmp(line, key, n))
			continue;
		for (; got < 8 && *p != '\n'; p = end) {
			v[got] = strtoull(p, &end, 10);
			if (end == p)
				break;
			got++;
		}
		if (got < 4)
			return -EINVAL;
		*total = 0;
		for (i = 0; i < got; i++)
			*total += v[i];
		*steal = got >= 8 ? v[7] : 0;
		return 0;
	}
	return -ENOENT;
}

static int steal_time(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	uint64_t steal = 0, total = 0, s = 0, t = 0;
	unsigned int cpu;
	cpu_set_t cpus;
	char *text;
	int ret = hg_sys_cpus(ctx, &cpus);

	if (ret)
		return ret;
	text = malloc(HG_SYSREAD_MAX);
	if (!text)
		return -ENOMEM;
	ret = hg_sys_text(ctx, text, HG_SYSREAD_MAX, "proc/stat");
	for (cpu = 0; ret >= 0 && cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &cpus))
			continue;
		if (cpu_ticks(text, cpu, &s, &t) == -EINVAL)
			ret = -EINVAL;
		steal += s;
		total += t;
		s = t = 0;
	}
	free(text);
	if (ret < 0)
		return ret;
	if (!total)
		return hg_audit_say(res, HG_AUDIT_SKIP, "no tick counts of these CPUs in /proc/stat");
	if (!steal)
		return hg_audit_say(res, HG_AUDIT_PASS, "no time stolen since boot");
	hg_audit_fix(res, "give the VM dedicated host CPUs (no overcommit)");
	return hg_audit_say(res, steal * 100 >= total ? HG_AUDIT_FAIL : HG_AUDIT_WARN,
			    "%.2f %% of the time since boot stolen by the host (%" PRIu64
			    " of %" PRIu64 " ticks)", 100.0 * (double)steal / (double)total, steal,
			    total);
}

const struct hg_audit_check hg_audit_steal = {
	.id = "steal-time",
	.why = "time stolen is time the host ran something else on the vCPU: each theft "
	       "is a gap in the test",
	.run = steal_time,
};
