// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * power.c - the checks of power management on the measured CPUs: the
 * frequency governor, boost, idle states, /dev/cpu_dma_latency
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "audit/checks.h"
#include "audit/sysread.h"

#define DEEP_US		10	/* an idle state's exit latency worth a warning */
#define VERY_DEEP_US	100	/* ... and a failure */
#define QOS_DEFAULT	2000000000	/* the kernel's "no request" (PM_QOS default, us) */

/* The measured CPUs whose governor is not performance, and the first such governor. */
struct gov_seen {
	char bad[256], badgov[64];
	unsigned int seen, nbad;
};

static int governor_cpu(unsigned int cpu, const char *gov, void *arg)
{
	struct gov_seen *g = arg;
	size_t len = strlen(g->bad);

	g->seen++;
	if (!strcmp(gov, "performance"))
		return 0;
	if (!g->nbad++)
		snprintf(g->badgov, sizeof(g->badgov), "%s", gov);
	snprintf(g->bad + len, sizeof(g->bad) - len, "%s%u", g->nbad > 1 ? "," : "", cpu);
	return 0;
}

static int governor(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	struct gov_seen g = { .seen = 0 };
	int ret = hg_sys_each_cpu_line(ctx, "cpufreq/scaling_governor", governor_cpu, &g);

	if (ret)
		return ret;
	if (!g.seen)
		return hg_audit_say(res, HG_AUDIT_SKIP, "no cpufreq on these CPUs (a VM, or a "
				    "fixed frequency)");
	if (!g.nbad)
		return hg_audit_say(res, HG_AUDIT_PASS, "performance on every measured CPU");
	hg_audit_fix(res, "cpupower frequency-set -g performance (or echo performance > "
		     "/sys/devices/system/cpu/cpu<n>/cpufreq/scaling_governor)");
	return hg_audit_say(res, HG_AUDIT_WARN, "%s on CPU%s %s", g.badgov, g.nbad > 1 ? "s" : "",
			    g.bad);
}

const struct hg_audit_check hg_audit_governor = {
	.id = "governor",
	.why = "a governor other than performance changes the frequency under the test: "
	       "the same work takes longer, and a change itself stalls the CPU",
	.run = governor,
};

static int boost(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	long long v;

	if (!hg_sys_long(ctx, &v, "sys/devices/system/cpu/intel_pstate/no_turbo")) {
		if (v)
			return hg_audit_say(res, HG_AUDIT_PASS, "turbo off (intel_pstate/no_turbo "
					    "is 1)");
		hg_audit_fix(res, "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo");
		return hg_audit_say(res, HG_AUDIT_WARN, "turbo on (intel_pstate/no_turbo is 0)");
	}
	if (!hg_sys_long(ctx, &v, "sys/devices/system/cpu/cpufreq/boost")) {
		if (!v)
			return hg_audit_say(res, HG_AUDIT_PASS, "boost off (cpufreq/boost is 0)");
		hg_audit_fix(res, "echo 0 > /sys/devices/system/cpu/cpufreq/boost");
		return hg_audit_say(res, HG_AUDIT_WARN, "boost on (cpufreq/boost is %lld)", v);
	}
	return hg_audit_say(res, HG_AUDIT_SKIP, "no boost control (intel_pstate/no_turbo, "
			    "cpufreq/boost)");
}

const struct hg_audit_check hg_audit_boost = {
	.id = "boost",
	.why = "turbo frequencies depend on temperature and the other cores' load: "
	       "execution times vary with them",
	.run = boost,
};

static int idle_states(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char name[64], deep[64] = "";
	unsigned int cpu, st, nstates = 0;
	long long lat, dis, worst = -1;
	int worst_cpu = -1;
	cpu_set_t cpus;
	int ret = hg_sys_cpus(ctx, &cpus);

	if (ret)
		return ret;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &cpus))
			continue;
		for (st = 0; st < 64; st++) {
			ret = hg_sys_long(ctx, &lat, "sys/devices/system/cpu/cpu%u/cpuidle/"
					  "state%u/latency", cpu, st);
			if (ret == -ENOENT)
				break;
			if (ret)
				return ret;
			nstates++;
			if (!hg_sys_long(ctx, &dis, "sys/devices/system/cpu/cpu%u/cpuidle/state%u/"
					 "disable", cpu, st) && dis)
				continue;
			if (lat <= worst)
				continue;
			worst = lat;
			worst_cpu = (int)cpu;
			if (hg_sys_line(ctx, name, sizeof(name), "sys/devices/system/cpu/cpu%u/"
					"cpuidle/state%u/name", cpu, st) <= 0)
				snprintf(name, sizeof(name), "state%u", st);
			snprintf(deep, sizeof(deep), "%s", name);
		}
	}
	if (!nstates)
		return hg_audit_say(res, HG_AUDIT_PASS, "no cpuidle states (the CPUs only halt)");
	if (worst <= DEEP_US)
		return hg_audit_say(res, HG_AUDIT_PASS, "the deepest enabled idle state exits in "
				    "%lld us", worst < 0 ? 0 : worst);
	hg_audit_fix(res, "hold /dev/cpu_dma_latency at 0 during the test (hourglass does), "
		     "or boot with processor.max_cstate=1 intel_idle.max_cstate=0, or "
		     "cpupower idle-set -D %d", DEEP_US);
	return hg_audit_say(res, worst > VERY_DEEP_US ? HG_AUDIT_FAIL : HG_AUDIT_WARN,
			    "idle state %s of CPU %d exits in %lld us", deep, worst_cpu, worst);
}

const struct hg_audit_check hg_audit_idle_states = {
	.id = "idle-states",
	.why = "a CPU woken from a deep idle state needs its exit latency before it runs "
	       "anything: every wake-up of the test pays it",
	.run = idle_states,
};

static int dma_latency(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	int32_t v;
	int ret = hg_sys_dma_latency(ctx, &v);

	if (ret == -EACCES || ret == -EPERM)
		return hg_audit_say(res, HG_AUDIT_SKIP, "reading /dev/cpu_dma_latency needs root");
	if (ret)
		return ret;
	if (v <= DEEP_US)
		return hg_audit_say(res, HG_AUDIT_PASS, "held at %d us", (int)v);
	hg_audit_fix(res, "a program that keeps /dev/cpu_dma_latency open with 0 written "
		     "(hourglass does during its runs; tuned's latency-performance profile)");
	if (v >= QOS_DEFAULT)
		return hg_audit_say(res, HG_AUDIT_WARN, "not held (no request)");
	return hg_audit_say(res, HG_AUDIT_WARN, "held at %d us", (int)v);
}

const struct hg_audit_check hg_audit_dma_latency = {
	.id = "cpu-dma-latency",
	.why = "while a program holds /dev/cpu_dma_latency low the CPUs stay out of the "
	       "idle states that exit slower than asked",
	.run = dma_latency,
};
