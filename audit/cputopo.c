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
#include "audit/tscskew.h"
#include "trace/tscword.h"

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
	.judge = smt,
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
	.judge = clocksource,
};

/* The counters compared: the worst pair's disagreement and bound, in ticks. */
struct skews {
	unsigned int pairs;
	int64_t apart;			/* the most two counters surely differ (0: none) */
	int64_t within;			/* the widest bound on a pair's offset */
	struct hg_skew worst;		/* the pair of @apart, or of @within */
	uint64_t hz;
};

/*
 * The measured CPUs' counters against the first online CPU's (the run's
 * start is read on any CPU, and threads move between the measured ones).
 * Returns 0, or the measurement's -errno.
 */
static int measure_skews(const struct hg_audit_ctx *ctx, struct skews *k)
{
	cpu_set_t cpus, online;
	struct hg_skew s;
	unsigned int ref, cpu;
	char buf[1024];
	int ret = hg_sys_cpus(ctx, &cpus);

	memset(k, 0, sizeof(*k));
	if (!ret)
		ret = hg_sys_line(ctx, buf, sizeof(buf), "sys/devices/system/cpu/online");
	if (ret < 0)
		return ret;
	if (hg_sys_cpulist(buf, &online))
		return -EINVAL;
	for (ref = 0; ref < CPU_SETSIZE && !CPU_ISSET(ref, &online); ref++)
		;
	for (cpu = ref + 1; cpu < CPU_SETSIZE; cpu++) {
		int64_t apart, within;

		if (!CPU_ISSET(cpu, &cpus) || !CPU_ISSET(cpu, &online))
			continue;
		ret = ctx->skew(ref, cpu, &s);
		if (ret)
			return ret;
		k->pairs++;
		apart = -s.ab > -s.ba ? -s.ab : -s.ba;
		within = s.ab > s.ba ? s.ab : s.ba;
		if (s.hz)
			k->hz = s.hz;
		if (apart > k->apart || (!k->apart && within > k->within))
			k->worst = s;
		if (apart > k->apart)
			k->apart = apart;
		if (within > k->within)
			k->within = within;
	}
	return 0;
}

/* @ticks in time when the rate is known: " (1.234 us)", else "". */
static const char *in_time(int64_t ticks, uint64_t hz, char *buf, size_t len)
{
	buf[0] = '\0';
	if (hz)
		snprintf(buf, len, " (%.3f us)", (double)ticks * 1e6 / (double)hz);
	return buf;
}

/* What the comparison of the counters found, into @out. */
static void say_skews(const struct hg_audit_ctx *ctx, int ret, const struct skews *k,
		      char *out, size_t len)
{
	char t[32];

	if (!ctx->skew)
		snprintf(out, len, "not compared across CPUs (a copied tree)");
	else if (ret)
		snprintf(out, len, "not compared across CPUs: %s", ret == -ETIMEDOUT ?
			 "two threads could not take 100 turns each within 500 ms" : strerror(-ret));
	else if (!k->pairs)
		snprintf(out, len, "one CPU: nothing to compare its counter with");
	else if (k->apart > 0)
		snprintf(out, len, "CPU %u's counter is %" PRId64 " ticks%s %s CPU %u's at least "
			 "(measured: %u turns each way)", k->worst.b, k->apart,
			 in_time(k->apart, k->hz, t, sizeof(t)),
			 -k->worst.ab >= -k->worst.ba ? "behind" : "ahead of", k->worst.a,
			 k->worst.rounds);
	else if (k->pairs == 1)
		snprintf(out, len, "CPUs %u and %u agree within %" PRId64 " ticks%s, the time to "
			 "hand a turn over (measured: %u turns each way)", k->worst.a, k->worst.b,
			 k->within, in_time(k->within, k->hz, t, sizeof(t)), k->worst.rounds);
	else
		snprintf(out, len, "%u CPUs agree with CPU %u within %" PRId64 " ticks%s, the time "
			 "to hand a turn over (measured: %u turns each way)", k->pairs,
			 k->worst.a, k->within, in_time(k->within, k->hz, t, sizeof(t)),
			 k->worst.rounds);
}

static int tsc(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char cmdline[HG_SYS_CMDLINE_MAX + 1], cs[64], why[HG_TSC_WHY], skew[256];
	int has = hg_sys_cpu_flag(ctx, "tsc"), cons, nonstop, ret, err = 0;
	enum hg_tsc_trust word;
	struct skews k;
	size_t len = 0;
	char *log;

	if (has == -ENOENT || has == 0)
		return hg_audit_say(res, HG_AUDIT_SKIP, "no TSC (not an x86 machine)");
	if (has < 0)
		return has;
	cons = hg_sys_cpu_flag(ctx, "constant_tsc");
	nonstop = hg_sys_cpu_flag(ctx, "nonstop_tsc");
	/* the kernel's word: what it was told, what it logged, what it keeps time with */
	log = hg_sys_klog(ctx, &len, &err);
	word = hg_tsc_word(hg_sys_text(ctx, cmdline, sizeof(cmdline), "proc/cmdline") >= 0 ?
			   cmdline : NULL, log, len,
			   hg_sys_line(ctx, cs, sizeof(cs), "sys/devices/system/clocksource/"
				       "clocksource0/current_clocksource") > 0 ? cs : NULL,
			   why, sizeof(why));
	free(log);
	ret = ctx->skew ? measure_skews(ctx, &k) : 0;
	if (!ctx->skew)
		memset(&k, 0, sizeof(k));
	say_skews(ctx, ret, &k, skew, sizeof(skew));
	if (word == HG_TSC_DISTRUSTED) {
		hg_audit_fix(res, "keep each thread on one CPU (--cpu 1): its counter is then "
			     "compared only with itself; for the kernel's trust, a machine (or "
			     "a VM with invtsc) whose TSC stays in step");
		return hg_audit_say(res, HG_AUDIT_FAIL, "the kernel calls the TSC unstable (%s); "
				    "%s", why, skew);
	}
	if (k.apart > 0) {
		hg_audit_fix(res, "keep each thread on one CPU (--cpu 1): its counter is then "
			     "compared only with itself");
		return hg_audit_say(res, HG_AUDIT_FAIL, "the counters disagree: %s", skew);
	}
	if (cons == 1 && nonstop == 1)
		return hg_audit_say(res, HG_AUDIT_PASS, "constant_tsc and nonstop_tsc; %s; %s",
				    why[0] ? why : "the kernel says nothing of it", skew);
	hg_audit_fix(res, "use a machine (or a VM with invtsc) whose TSC is invariant");
	return hg_audit_say(res, HG_AUDIT_FAIL, "the TSC is not invariant (%s%s%s); %s",
			    cons == 1 ? "" : "no constant_tsc", cons != 1 && nonstop != 1 ? ", " : "",
			    nonstop == 1 ? "" : "no nonstop_tsc", skew);
}

const struct hg_audit_check hg_audit_tsc = {
	.id = "tsc",
	.why = "a TSC that changes rate with the frequency, stops in idle states, or "
	       "differs between CPUs makes the time measured in cycles wrong, and a thread "
	       "that moves sees time jump",
	.judge = tsc,
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
	.judge = hypervisor,
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
	.judge = steal_time,
};
