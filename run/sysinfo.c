// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sysinfo.c - read the system snapshot from /proc and /sys
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "run/sysinfo.h"

/* First line of @path, without its newline; "unknown" when unreadable. */
static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	snprintf(buf, len, "unknown");
	if (!f)
		return;
	if (fgets(buf, (int)len, f))
		buf[strcspn(buf, "\n")] = '\0';
	else
		snprintf(buf, len, "unknown");
	fclose(f);
}

/* The value of the first "key : value" line of /proc/cpuinfo for @key. */
static void cpuinfo(const char *key, char *buf, size_t len)
{
	char line[8192];
	FILE *f = fopen("/proc/cpuinfo", "r");
	size_t n = strlen(key);

	snprintf(buf, len, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (strncmp(line, key, n) || !colon || (line[n] != ' ' && line[n] != '\t'))
			continue;
		colon++;
		colon += strspn(colon, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, len, "%s", colon);
		break;
	}
	fclose(f);
}

/* The counter-related CPU flags this machine has. */
static void counter_flags(char *buf, size_t len)
{
	static const char *const wanted[] = {
		"tsc", "rdtscp", "constant_tsc", "nonstop_tsc", "tsc_reliable",
		"tsc_known_freq", "hypervisor",
	};
	char flags[8192], pad[8200];
	size_t i, at = 0;

	cpuinfo("flags", flags, sizeof(flags));
	snprintf(pad, sizeof(pad), " %s ", flags);
	buf[0] = '\0';
	for (i = 0; i < sizeof(wanted) / sizeof(wanted[0]) && at < len; i++) {
		char needle[32];

		snprintf(needle, sizeof(needle), " %s ", wanted[i]);
		if (strstr(pad, needle))
			at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? " " : "", wanted[i]);
	}
}

static void preempt_model(const char *version, char *buf, size_t len)
{
	char rt[16], dyn[64];

	read_line("/sys/kernel/realtime", rt, sizeof(rt));
	read_line("/sys/kernel/debug/sched/preempt", dyn, sizeof(dyn));
	if (!strcmp(rt, "1") || strstr(version, "PREEMPT_RT"))
		snprintf(buf, len, "PREEMPT_RT");
	else if (strstr(version, "PREEMPT_DYNAMIC"))
		snprintf(buf, len, "PREEMPT_DYNAMIC%s%s", strcmp(dyn, "unknown") ? " " : "",
			 strcmp(dyn, "unknown") ? dyn : "");
	else if (strstr(version, "PREEMPT"))
		snprintf(buf, len, "PREEMPT");
	else
		snprintf(buf, len, "none");
}

int hg_sysinfo_snapshot(struct hg_trace *t)
{
	struct utsname u;
	char buf[4096], smt[32];
	int ret = 0;

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	ret |= hg_trace_add_sys(t, "kernel_release", u.release);
	ret |= hg_trace_add_sys(t, "kernel_version", u.version);
	preempt_model(u.version, buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "preempt", buf);
	read_line("/proc/cmdline", buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "cmdline", buf);
	cpuinfo("model name", buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "cpu_model", buf);
	counter_flags(buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "cpu_flags", buf);
	read_line("/sys/devices/system/clocksource/clocksource0/current_clocksource",
		  buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "clocksource", buf);
	read_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "governor", buf);
	read_line("/sys/devices/system/cpu/smt/control", smt, sizeof(smt));
	ret |= hg_trace_add_sys(t, "smt", smt);
	read_line("/proc/sys/kernel/sched_rt_runtime_us", buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "rt_runtime_us", buf);
	read_line("/proc/sys/kernel/sched_rt_period_us", buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "rt_period_us", buf);
	read_line("/sys/devices/system/cpu/online", buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "cpus_online", buf);
	read_line("/sys/devices/system/node/online", buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "numa_nodes", buf);
	return ret ? -ENOMEM : 0;
}

int hg_sysinfo_interrupts(const struct hg_cpu_noise *cpu, uint32_t n, char *buf, size_t len)
{
	size_t at = 0;
	uint32_t i;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		int w = snprintf(buf + at, len - at, "%s%" PRIu64, i ? " " : "", cpu[i].irqs);

		if (w < 0 || (size_t)w >= len - at)
			return -ENOSPC;
		at += (size_t)w;
	}
	return 0;
}
