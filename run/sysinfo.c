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
#include <unistd.h>

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

/* The counter-related CPU flags this machine has (@unused: a source's shape). */
static void counter_flags(const char *unused, char *buf, size_t len)
{
	static const char *const wanted[] = {
		"tsc", "rdtscp", "constant_tsc", "nonstop_tsc", "tsc_reliable",
		"tsc_known_freq", "hypervisor",
	};
	char flags[8192], pad[8200];
	size_t i, at = 0;

	(void)unused;
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

/*
 * The fair class's server of every CPU whose settings debugfs lets us read
 * (Linux 6.12 and later; not under the kernel's lockdown), as
 * "<cpu>:<runtime_ns>:<period_ns> ..."; "" when none.
 */
static void fair_servers(char *buf, size_t len)
{
	size_t at = 0;
	unsigned int cpu;

	buf[0] = '\0';
	for (cpu = 0; cpu < 4096 && at < len; cpu++) {
		char path[96], run[32], per[32];
		int w;

		/* a directory for each possible CPU, numbered from 0 */
		snprintf(path, sizeof(path), "/sys/kernel/debug/sched/fair_server/cpu%u", cpu);
		if (access(path, F_OK))
			break;
		snprintf(path, sizeof(path), "/sys/kernel/debug/sched/fair_server/cpu%u/runtime", cpu);
		read_line(path, run, sizeof(run));
		snprintf(path, sizeof(path), "/sys/kernel/debug/sched/fair_server/cpu%u/period", cpu);
		read_line(path, per, sizeof(per));
		if (!strcmp(run, "unknown") || !strcmp(per, "unknown"))
			continue;
		w = snprintf(buf + at, len - at, "%s%u:%s:%s", at ? " " : "", cpu, run, per);
		if (w < 0 || (size_t)w >= len - at)
			break;
		at += (size_t)w;
	}
}

/* The entries read as they are, in the order the snapshot keeps them. */
static const struct {
	const char *key;
	const char *from;	/* what @read reads: a file, or a key of /proc/cpuinfo */
	void (*read)(const char *from, char *buf, size_t len);
} sources[] = {
	{ "cmdline", "/proc/cmdline", read_line },
	{ "cpu_model", "model name", cpuinfo },
	{ "cpu_flags", NULL, counter_flags },
	{ "clocksource", "/sys/devices/system/clocksource/clocksource0/current_clocksource",
	  read_line },
	{ "governor", "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", read_line },
	{ "smt", "/sys/devices/system/cpu/smt/control", read_line },
	{ "rt_runtime_us", "/proc/sys/kernel/sched_rt_runtime_us", read_line },
	{ "rt_period_us", "/proc/sys/kernel/sched_rt_period_us", read_line },
	{ "cpus_online", "/sys/devices/system/cpu/online", read_line },
	{ "numa_nodes", "/sys/devices/system/node/online", read_line },
};

int hg_sysinfo_snapshot(struct hg_trace *t)
{
	struct utsname u;
	char buf[4096];
	size_t i;
	int ret = 0;

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	ret |= hg_trace_add_sys(t, "kernel_release", u.release);
	ret |= hg_trace_add_sys(t, "kernel_version", u.version);
	preempt_model(u.version, buf, sizeof(buf));
	ret |= hg_trace_add_sys(t, "preempt", buf);
	for (i = 0; i < sizeof(sources) / sizeof(sources[0]); i++) {
		sources[i].read(sources[i].from, buf, sizeof(buf));
		ret |= hg_trace_add_sys(t, sources[i].key, buf);
	}
	fair_servers(buf, sizeof(buf));
	if (*buf)
		ret |= hg_trace_add_sys(t, "fair_server", buf);
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
