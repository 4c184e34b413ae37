// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * power.c - the checks of power management on the measured CPUs: the
 * frequency governor, boost, idle states, /dev/cpu_dma_latency
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
	hg_audit_fix(res, "cpupower -c %s frequency-set -g performance", g.bad);
	return hg_audit_say(res, HG_AUDIT_WARN, "%s on CPU%s %s", g.badgov, g.nbad > 1 ? "s" : "",
			    g.bad);
}

const struct hg_audit_check hg_audit_governor = {
	.id = "governor",
	.why = "a governor other than performance changes the frequency under the test: "
	       "the same work takes longer, and a change itself stalls the CPU",
	.judge = governor,
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
	.judge = boost,
};

/* The deepest enabled idle state of the measured CPUs. */
struct deepest {
	unsigned int nstates;	/* states seen, enabled or not */
	long long lat;		/* its exit latency (us), -1 when none is enabled */
	int cpu;
	char name[64];
};

static int deepest_idle(const struct hg_audit_ctx *ctx, struct deepest *d)
{
	unsigned int cpu, st;
	long long lat, dis;
	cpu_set_t cpus;
	int ret = hg_sys_cpus(ctx, &cpus);

	memset(d, 0, sizeof(*d));
	d->lat = -1;
	d->cpu = -1;
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
			d->nstates++;
			if (!hg_sys_long(ctx, &dis, "sys/devices/system/cpu/cpu%u/cpuidle/state%u/"
					 "disable", cpu, st) && dis)
				continue;
			if (lat <= d->lat)
				continue;
			d->lat = lat;
			d->cpu = (int)cpu;
			if (hg_sys_line(ctx, d->name, sizeof(d->name), "sys/devices/system/cpu/"
					"cpu%u/cpuidle/state%u/name", cpu, st) <= 0)
				snprintf(d->name, sizeof(d->name), "state%u", st);
		}
	}
	return 0;
}

/*
 * Whether the run holds the device at 0: it opens it for writing, as the
 * audit's process may (hg_sys_dma_latency only reads).
 */
static bool run_can_hold(const struct hg_audit_ctx *ctx)
{
	char path[PATH_MAX];

	return ctx->run_holds_dma &&
	       !hg_sys_path(ctx, path, sizeof(path), "dev/cpu_dma_latency") &&
	       !access(path, W_OK);
}

static int idle_states(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	struct deepest d;
	int ret = deepest_idle(ctx, &d);

	if (ret)
		return ret;
	if (!d.nstates)
		return hg_audit_say(res, HG_AUDIT_PASS, "no cpuidle states (the CPUs only halt)");
	if (d.lat <= DEEP_US)
		return hg_audit_say(res, HG_AUDIT_PASS, "the deepest enabled idle state exits in "
				    "%lld us", d.lat < 0 ? 0 : d.lat);
	if (run_can_hold(ctx))
		return hg_audit_say(res, HG_AUDIT_PASS, "idle state %s of CPU %d exits in %lld us, "
				    "kept out of by the run's cpu_dma_latency of 0 us", d.name, d.cpu,
				    d.lat);
	hg_audit_fix(res, "cpupower idle-set -D %d (or hold /dev/cpu_dma_latency at 0 during "
		     "the test, as hourglass's runs do; or boot with processor.max_cstate=1 "
		     "intel_idle.max_cstate=0)", DEEP_US);
	return hg_audit_say(res, d.lat > VERY_DEEP_US ? HG_AUDIT_FAIL : HG_AUDIT_WARN,
			    "idle state %s of CPU %d exits in %lld us", d.name, d.cpu, d.lat);
}

const struct hg_audit_check hg_audit_idle_states = {
	.id = "idle-states",
	.why = "a CPU woken from a deep idle state needs its exit latency before it runs "
	       "anything: every wake-up of the test pays it",
	.judge = idle_states,
};

static int dma_latency(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	struct deepest d;
	int32_t v;
	bool known = !deepest_idle(ctx, &d);	/* unknown: the request may matter */
	int ret;

	if (known && d.lat <= DEEP_US)
		/* nothing for a request to keep the CPUs out of */
		return hg_audit_say(res, HG_AUDIT_PASS, "not needed: %s%d us", !d.nstates ?
				    "no cpuidle states, nothing to exit from in over " :
				    "no enabled idle state exits in over ", DEEP_US);
	if (run_can_hold(ctx))
		return hg_audit_say(res, HG_AUDIT_PASS, "held at 0 us by the run");
	ret = hg_sys_dma_latency(ctx, &v);
	if (ret == -EACCES || ret == -EPERM)
		return hg_audit_say(res, HG_AUDIT_SKIP, "reading /dev/cpu_dma_latency needs root");
	if (ret)
		return ret;
	if (v <= DEEP_US)
		return hg_audit_say(res, HG_AUDIT_PASS, "held at %d us", (int)v);
	hg_audit_fix(res, "a program that keeps /dev/cpu_dma_latency open with 0 written "
		     "(hourglass does during its runs; tuned's latency-performance profile)");
	if (!known)
		return hg_audit_say(res, HG_AUDIT_WARN, v >= QOS_DEFAULT ? "not held (no request)" :
				    "held at %d us", (int)v);
	if (v >= QOS_DEFAULT)
		return hg_audit_say(res, HG_AUDIT_WARN, "not held (no request), with idle state "
				    "%s of CPU %d exiting in %lld us", d.name, d.cpu, d.lat);
	return hg_audit_say(res, HG_AUDIT_WARN, "held at %d us, above idle state %s of CPU %d "
			    "(exits in %lld us)", (int)v, d.name, d.cpu, d.lat);
}

const struct hg_audit_check hg_audit_dma_latency = {
	.id = "cpu-dma-latency",
	.why = "while a program holds /dev/cpu_dma_latency low the CPUs stay out of the "
	       "idle states that exit slower than asked",
	.judge = dma_latency,
};
