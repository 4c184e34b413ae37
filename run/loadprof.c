// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * loadprof.c - the table of standard loads, and --load's parser
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/loadprof.h"
#include "run/loadrate.h"
#include "util/tame.h"

/* hackbench's size: 1 group of 10 senders and 10 receivers, 200 loops a run */
#define HB_GROUPS	1u
#define HB_FDS		10u
#define HB_LOOPS	200u

static int fits(int n, size_t len)
{
	return n < 0 || (size_t)n >= len ? -ENOSPC : 0;
}

static int cmd_sched(unsigned int ncpus, unsigned int port, char *buf, size_t len)
{
	(void)ncpus;
	(void)port;
	return fits(snprintf(buf, len, "while :; do hackbench -g %u -f %u -l %u || exit; done",
			     HB_GROUPS, HB_FDS, HB_LOOPS), len);
}

static int rate_sched(const char *text, double *rate)
{
	return hg_rate_hackbench(text, (uint64_t)HB_GROUPS * HB_FDS * HB_FDS * HB_LOOPS, rate);
}

static int cmd_cpu(unsigned int ncpus, unsigned int port, char *buf, size_t len)
{
	(void)port;
	return fits(snprintf(buf, len, "exec stress-ng --cpu %u --metrics-brief", ncpus), len);
}

static int cmd_memory(unsigned int ncpus, unsigned int port, char *buf, size_t len)
{
	(void)port;
	return fits(snprintf(buf, len, "exec stress-ng --vm %u --vm-bytes 16M --metrics-brief",
			     ncpus), len);
}

static int cmd_io(unsigned int ncpus, unsigned int port, char *buf, size_t len)
{
	(void)port;
	return fits(snprintf(buf, len, "exec stress-ng --hdd %u --hdd-bytes 16M "
			     "--temp-path \"${TMPDIR:-/tmp}\" --metrics-brief", ncpus), len);
}

static int cmd_net(unsigned int ncpus, unsigned int port, char *buf, size_t len)
{
	(void)ncpus;
	return fits(snprintf(buf, len, "iperf3 -s -1 -p %u >/dev/null 2>&1 & sleep 0.3; "
			     "exec iperf3 -c 127.0.0.1 -p %u -t 86400 -i 0.5 -f m --forceflush",
			     port, port), len);
}

static int rate_none(const char *text, double *rate)
{
	(void)text;
	(void)rate;
	return -ENODATA;
}

static const struct hg_load_profile sched = {
	.name = "sched", .tool = "hackbench", .package = "rt-tests", .unit = "messages/s",
	.what = "hackbench's messages passed per second, over its finished runs",
	.command = cmd_sched, .rate = rate_sched,
};
static const struct hg_load_profile cpu = {
	.name = "cpu", .tool = "stress-ng", .package = "stress-ng", .unit = "bogo-ops/s",
	.what = "stress-ng's bogo operations per second of wall time, all stressors",
	.command = cmd_cpu, .rate = hg_rate_stressng,
};
static const struct hg_load_profile memory = {
	.name = "memory", .tool = "stress-ng", .package = "stress-ng", .unit = "bogo-ops/s",
	.what = "stress-ng's bogo operations per second of wall time, all stressors",
	.command = cmd_memory, .rate = hg_rate_stressng,
};
static const struct hg_load_profile io = {
	.name = "io", .tool = "stress-ng", .package = "stress-ng", .unit = "bogo-ops/s",
	.what = "stress-ng's bogo operations per second of wall time, all stressors",
	.command = cmd_io, .rate = hg_rate_stressng,
};
static const struct hg_load_profile net = {
	.name = "net", .tool = "iperf3", .package = "iperf3", .unit = "Mbit/s",
	.what = "iperf3's TCP stream over loopback, the mean of its 0.5 s intervals",
	.command = cmd_net, .rate = hg_rate_iperf3,
};
static const struct hg_load_profile cmd = {
	.name = "cmd", .unit = "none", .what = "the user's command (no throughput measured)",
	.rate = rate_none,
};

const struct hg_load_profile *const hg_load_profiles[] = {
	&sched, &cpu, &memory, &io, &net, &cmd, NULL,
};

/* The profile of @name (@len bytes), or NULL. */
static const struct hg_load_profile *find(const char *name, size_t len)
{
	size_t i;

	for (i = 0; hg_load_profiles[i]; i++)
		if (strlen(hg_load_profiles[i]->name) == len &&
		    !strncmp(hg_load_profiles[i]->name, name, len))
			return hg_load_profiles[i];
	return NULL;
}

/* hg_load_parse() but for the error's control characters. */
static int parse(const char *val, struct hg_load_req *req, unsigned int *n, char *err,
		 size_t errlen)
{
	const char *p = val;
	unsigned int i;

	*n = 0;
	for (;;) {
		size_t len = strcspn(p, ",");
		const struct hg_load_profile *prof;

		if (!strncmp(p, "cmd:", 4)) {
			if (!p[4]) {
				snprintf(err, errlen, "--load %.64s: cmd: needs a command "
					 "(write cmd:'<command>')", val);
				return -EINVAL;
			}
			if (strlen(p + 4) >= HG_LOAD_CMD_LEN) {
				snprintf(err, errlen, "--load cmd:%.24s...: the command is %zu bytes, "
					 "at most %d (put it in a script and give cmd:'sh <script>')",
					 p + 4, strlen(p + 4), HG_LOAD_CMD_LEN - 1);
				return -EINVAL;
			}
			prof = &cmd;
			len = strlen(p);
		} else {
			prof = find(p, len);
		}
		if (!prof || !len) {
			snprintf(err, errlen, "--load %.64s: %s%.*s%s choose from sched, cpu, memory, "
				 "io, net, cmd:<command>, separated by commas", val, len ? "'" : "",
				 (int)(len > 32 ? 32 : len), p, len ? "' is not one;" : "empty item;");
			return -EINVAL;
		}
		for (i = 0; i < *n; i++)
			if (req[i].prof == prof && prof != &cmd) {
				snprintf(err, errlen, "--load %.64s: %s given twice", val, prof->name);
				return -EINVAL;
			}
		if (*n == HG_MAX_LOADS) {
			snprintf(err, errlen, "--load %.64s: at most %d loads", val, HG_MAX_LOADS);
			return -EINVAL;
		}
		req[*n].prof = prof;
		req[*n].cmd = prof == &cmd ? p + 4 : NULL;
		(*n)++;
		if (!p[len])
			return 0;
		p += len + 1;
	}
}

int hg_load_parse(const char *val, struct hg_load_req *req, unsigned int *n, char *err,
		  size_t errlen)
{
	int ret = parse(val, req, n, err, errlen);

	if (ret)
		hg_tame(err);	/* one line, whatever the value holds */
	return ret;
}

/* Whether @tool is an executable file in a folder of PATH. */
static bool on_path(const char *tool)
{
	const char *path = getenv("PATH"), *p;
	char file[PATH_MAX];

	if (!path)
		path = "/usr/bin:/bin";
	for (p = path; ; p += strcspn(p, ":") + 1) {
		size_t n = strcspn(p, ":");

		snprintf(file, sizeof(file), "%.*s/%s", (int)(n ? n : 1), n ? p : ".", tool);
		if (!access(file, X_OK))
			return true;
		if (!p[n])
			return false;
	}
}

const struct hg_load_req *hg_load_tool_missing(const struct hg_load_req *req, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (req[i].prof->tool && !on_path(req[i].prof->tool))
			return &req[i];
	return NULL;
}
