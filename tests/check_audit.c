// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_audit.c - the audit's checks on synthetic /proc and /sys trees:
 * the three fixture trees of tests/fixtures/audit (a tuned PREEMPT_RT
 * machine, a stock desktop, a VM) against their expected verdicts, the
 * reads on malformed files (empty, binary, huge, missing), on what is not
 * a regular file (a FIFO, a socket, a directory: refused, never waited
 * on), cpu_dma_latency as a device, and the names from a tree tamed
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>

#include "audit/audit.h"
#include "audit/sysread.h"
#include "helpers.h"
#include "hourglass/commands.h"
#include "run/cpulist.h"

extern const struct hg_command hg_cmd_audit;

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define FIXTURES "tests/fixtures/audit"

static const struct {
	const char *tree;
	const char *cpus;
} trees[] = {
	{ "rt", "2-3" },
	{ "desktop", "1" },
	{ "vm", "1" },
};

static void ctx_for(struct hg_audit_ctx *ctx, const char *root, const char *cpus)
{
	char err[128];

	memset(ctx, 0, sizeof(*ctx));
	ctx->root = root;
	if (cpus) {
		ck_assert_int_eq(hg_cpulist_parse(cpus, &ctx->cpus, err, sizeof(err)), 0);
		ctx->cpus_given = true;
	}
}

/* The verdict expected of check @id in tree @tree's .expected file. */
static const char *expected(const char *tree, const char *id, char *buf, size_t len)
{
	char path[256], line[256], name[64], verdict[16];
	FILE *f;

	snprintf(path, sizeof(path), FIXTURES "/%s.expected", tree);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	buf[0] = '\0';
	while (fgets(line, sizeof(line), f))
		if (line[0] != '#' && sscanf(line, "%63s %15s", name, verdict) == 2 &&
		    !strcmp(name, id))
			snprintf(buf, len, "%s", verdict);
	fclose(f);
	return buf;
}

START_TEST(test_fixture_verdicts)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char root[256], want[16];
	size_t i;

	snprintf(root, sizeof(root), FIXTURES "/%s", trees[_i].tree);
	ctx_for(&ctx, root, trees[_i].cpus);
	for (i = 0; hg_audit_checks[i]; i++) {
		const struct hg_audit_check *c = hg_audit_checks[i];

		hg_audit_run(c, &ctx, &r);
		expected(trees[_i].tree, c->id, want, sizeof(want));
		ck_assert_msg(want[0], "%s: no expected verdict for %s", trees[_i].tree, c->id);
		ck_assert_msg(!strcmp(hg_audit_verdict_name(r.verdict), want),
			      "%s: %s: %s, expected %s (found: %s)", trees[_i].tree, c->id,
			      hg_audit_verdict_name(r.verdict), want, r.found);
		ck_assert_msg(r.found[0], "%s: %s says nothing", trees[_i].tree, c->id);
		if (r.verdict == HG_AUDIT_WARN || r.verdict == HG_AUDIT_FAIL)
			ck_assert_msg(r.fix[0], "%s: %s: a %s without a fix", trees[_i].tree, c->id,
				      want);
	}
}
END_TEST

/* Every check: at least 20, ids unique, a why, and judged both ways by the trees. */
START_TEST(test_table)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char root[256];
	size_t i, k, n = 0;

	for (i = 0; hg_audit_checks[i]; i++) {
		const struct hg_audit_check *c = hg_audit_checks[i];
		unsigned int seen = 0;

		n++;
		ck_assert_ptr_eq(hg_audit_find(c->id), c);
		ck_assert_msg(c->why && strlen(c->why) > 20, "%s: no why", c->id);
		for (k = 0; k < ARRAY_SIZE(trees); k++) {
			snprintf(root, sizeof(root), FIXTURES "/%s", trees[k].tree);
			ctx_for(&ctx, root, trees[k].cpus);
			hg_audit_run(c, &ctx, &r);
			seen |= 1u << r.verdict;
		}
		ck_assert_msg(seen & (1u << HG_AUDIT_PASS), "%s: no tree passes it", c->id);
		ck_assert_msg(seen & ~(1u << HG_AUDIT_PASS), "%s: no tree fails or warns", c->id);
	}
	ck_assert_uint_ge(n, 20);
	ck_assert_ptr_null(hg_audit_find("no-such-check"));
}
END_TEST

/* Every check on a tree without /proc and /sys: a skip with a reason, or a pass. */
START_TEST(test_missing_tree)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir();
	size_t i;

	ctx_for(&ctx, dir, _i ? "1" : NULL);
	for (i = 0; hg_audit_checks[i]; i++) {
		hg_audit_run(hg_audit_checks[i], &ctx, &r);
		ck_assert_msg(r.verdict == HG_AUDIT_SKIP || r.verdict == HG_AUDIT_PASS,
			      "%s: %s on an empty tree", hg_audit_checks[i]->id,
			      hg_audit_verdict_name(r.verdict));
		ck_assert_msg(r.found[0], "%s: no reason", hg_audit_checks[i]->id);
	}
	hg_test_drop_dir(dir);
}
END_TEST

/* The malformed files: what the reader says of each. */
static const struct {
	const char *content;
	size_t len;
	int ret;
} malformed[] = {
	{ "", 0, -ENODATA },
	{ "\n\n", 2, -ENODATA },
	{ "95\0000", 4, -EILSEQ },
	{ "\x7f" "ELF\x01\x02", 6, -EILSEQ },
	{ "abc\n", 4, -EINVAL },	/* not a number, for hg_sys_long */
};

START_TEST(test_read_malformed)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir(), buf[64];
	long long v;

	ctx_for(&ctx, dir, NULL);
	hg_test_put(dir, "proc/sys/kernel/sched_rt_runtime_us", malformed[_i].content, malformed[_i].len);
	hg_test_put_text(dir, "proc/sys/kernel/sched_rt_period_us", "1000000\n");
	ck_assert_int_eq(hg_sys_long(&ctx, &v, "proc/sys/kernel/sched_rt_runtime_us"),
			 malformed[_i].ret);
	if (malformed[_i].ret != -EINVAL)
		ck_assert_int_eq(hg_sys_text(&ctx, buf, sizeof(buf),
					     "proc/sys/kernel/sched_rt_runtime_us"),
				 malformed[_i].ret);
	hg_audit_run(hg_audit_find("rt-throttling"), &ctx, &r);
	ck_assert_int_eq(r.verdict, HG_AUDIT_SKIP);
	ck_assert_msg(strstr(r.found, "could not read proc/sys/kernel/sched_rt_runtime_us: "),
		      "%s", r.found);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_read_huge_and_missing)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir(), small[16], *big = malloc(HG_SYSREAD_MAX + 10);

	ck_assert_ptr_nonnull(big);
	memset(big, 'x', HG_SYSREAD_MAX + 10);
	ctx_for(&ctx, dir, NULL);
	ck_assert_int_eq(hg_sys_text(&ctx, small, sizeof(small), "proc/cmdline"), -ENOENT);
	hg_test_put(dir, "proc/cmdline", big, 100);
	ck_assert_int_eq(hg_sys_text(&ctx, small, sizeof(small), "proc/cmdline"), -EFBIG);
	ck_assert_int_eq(hg_sys_line(&ctx, small, sizeof(small), "proc/cmdline"), -EFBIG);
	hg_test_put_text(dir, "proc/cmdline", "quiet nosmt\nsecond line that is long\n");
	ck_assert_int_eq(hg_sys_line(&ctx, small, sizeof(small), "/proc/cmdline"), 11);
	ck_assert_str_eq(small, "quiet nosmt");
	/* a cpuinfo larger than the reader's limit: the TSC check skips */
	hg_test_put(dir, "proc/cpuinfo", big, HG_SYSREAD_MAX + 10);
	hg_audit_run(hg_audit_find("tsc"), &ctx, &r);
	ck_assert_int_eq(r.verdict, HG_AUDIT_SKIP);
	free(big);
	hg_test_drop_dir(dir);
}
END_TEST

/* What hg_sys_each_cpu_line() gives its callback: the CPUs in order, their lines. */
struct each_seen {
	char text[128];
	unsigned int calls, stop_at;
};

static int each_cpu(unsigned int cpu, const char *line, void *arg)
{
	struct each_seen *e = arg;
	size_t len = strlen(e->text);

	snprintf(e->text + len, sizeof(e->text) - len, "%u=%s;", cpu, line);
	return ++e->calls == e->stop_at ? -ECANCELED : 0;
}

/* Only the CPUs asked for, those without the file skipped, the first error kept. */
START_TEST(test_each_cpu_line)
{
	struct hg_audit_ctx ctx;
	struct each_seen e = { .calls = 0 };
	char *dir = hg_test_fresh_dir();

	hg_test_put_text(dir, "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
	hg_test_put_text(dir, "sys/devices/system/cpu/cpu2/cpufreq/scaling_governor", "powersave\nx\n");
	hg_test_put_text(dir, "sys/devices/system/cpu/cpu3/cpufreq/scaling_governor", "schedutil\n");
	ctx_for(&ctx, dir, "0-2");
	ck_assert_int_eq(hg_sys_each_cpu_line(&ctx, "cpufreq/scaling_governor", each_cpu, &e), 0);
	ck_assert_str_eq(e.text, "0=performance;2=powersave;");
	/* the callback's error stops the walk and is returned */
	memset(&e, 0, sizeof(e));
	e.stop_at = 1;
	ck_assert_int_eq(hg_sys_each_cpu_line(&ctx, "cpufreq/scaling_governor", each_cpu, &e),
			 -ECANCELED);
	ck_assert_str_eq(e.text, "0=performance;");
	/* a file that cannot be read is an error, not a CPU without it */
	hg_test_put(dir, "sys/devices/system/cpu/cpu2/cpufreq/scaling_governor", "", 0);
	memset(&e, 0, sizeof(e));
	ck_assert_int_eq(hg_sys_each_cpu_line(&ctx, "cpufreq/scaling_governor", each_cpu, &e),
			 -ENODATA);
	ck_assert_str_eq(e.text, "0=performance;");
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_cmdline_params)
{
	struct hg_audit_ctx ctx;
	char *dir = hg_test_fresh_dir(), val[64];
	cpu_set_t set;

	ctx_for(&ctx, dir, NULL);
	hg_test_put_text(dir, "proc/cmdline", "ro isolcpus=nohz,managed_irq,2-3,5 threadirqs "
	      "nohz_full_x=1\n");
	ck_assert_int_eq(hg_sys_cmdline_param(&ctx, "isolcpus", val, sizeof(val)), 1);
	ck_assert_str_eq(val, "nohz,managed_irq,2-3,5");
	ck_assert_int_eq(hg_sys_cpulist(val, &set), 0);
	ck_assert_int_eq(CPU_COUNT(&set), 3);
	ck_assert(CPU_ISSET(5, &set));
	ck_assert_int_eq(hg_sys_cmdline_param(&ctx, "threadirqs", val, sizeof(val)), 1);
	ck_assert_str_eq(val, "");
	ck_assert_int_eq(hg_sys_cmdline_param(&ctx, "nohz_full", val, sizeof(val)), 0);
	ck_assert_int_eq(hg_sys_cpulist("managed_irq,domain", &set), -EINVAL);
	hg_test_drop_dir(dir);
}
END_TEST

/* A task whose name holds ") " is still read right: its priority and policy. */
START_TEST(test_task_name_with_paren)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir(), stat[512];
	int i, at;

	ctx_for(&ctx, dir, "0");
	at = snprintf(stat, sizeof(stat), "42 (evil) 1 2) S");
	for (i = 4; i <= 39; i++)
		at += snprintf(stat + at, sizeof(stat) - (size_t)at, " 0");
	snprintf(stat + at, sizeof(stat) - (size_t)at, " 99 1 0 0\n");
	hg_test_put_text(dir, "proc/42/task/42/stat", stat);
	hg_test_put_text(dir, "proc/42/task/42/comm", "evil) 1 2\n");
	hg_test_put_text(dir, "proc/42/task/42/status", "Name:\tevil\nCpus_allowed_list:\t0-1\n");
	hg_audit_run(hg_audit_find("prio-99"), &ctx, &r);
	ck_assert_msg(r.verdict == HG_AUDIT_FAIL, "%s", r.found);
	hg_audit_run(hg_audit_find("rt-tasks"), &ctx, &r);
	ck_assert_msg(r.verdict == HG_AUDIT_WARN, "%s", r.found);
	/* the same task allowed on CPU 1 only: not on the measured CPU 0 */
	hg_test_put_text(dir, "proc/42/task/42/status", "Name:\tevil\nCpus_allowed_list:\t1\n");
	hg_audit_run(hg_audit_find("prio-99"), &ctx, &r);
	ck_assert_msg(r.verdict == HG_AUDIT_PASS, "%s", r.found);
	hg_test_drop_dir(dir);
}
END_TEST

/* A tree every check can read: CPUs 0-1 online, task 42 at FIFO 50 named irqbalance. */
static void small_tree(const char *dir)
{
	static const int32_t held = 0;
	char stat[512];
	int i, at;

	at = snprintf(stat, sizeof(stat), "42 (irqbalance) S");
	for (i = 4; i <= 39; i++)
		at += snprintf(stat + at, sizeof(stat) - (size_t)at, " 0");
	snprintf(stat + at, sizeof(stat) - (size_t)at, " 50 1 0 0\n");
	hg_test_put_text(dir, "proc/cmdline", "ro threadirqs skew_tick=1 isolcpus=1\n");
	hg_test_put_text(dir, "sys/devices/system/cpu/online", "0-1\n");
	hg_test_put_text(dir, "proc/42/comm", "irqbalance\n");
	hg_test_put_text(dir, "proc/42/task/42/stat", stat);
	hg_test_put_text(dir, "proc/42/task/42/comm", "irqbalance\n");
	hg_test_put_text(dir, "proc/42/task/42/status", "Name:\tirqbalance\nCpus_allowed_list:\t0-1\n");
	hg_test_put(dir, "dev/cpu_dma_latency", &held, sizeof(held));
	/* an idle state deep enough for cpu_dma_latency to matter */
	hg_test_put_text(dir, "sys/devices/system/cpu/cpu1/cpuidle/state0/latency", "100\n");
}

/* What is not a regular file, made at @path: a FIFO, a socket, a directory. */
static const struct {
	const char *name, *why;
} kinds[] = {
	{ "FIFO", "is a FIFO, not a regular file" },
	{ "socket", "is a socket, not a regular file" },
	{ "directory", "is a directory" },
};

static void make_kind(unsigned int kind, const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd;

	ck_assert_int_eq(unlink(path), 0);
	if (kind == 0) {
		ck_assert_int_eq(mkfifo(path, 0644), 0);
		return;
	}
	if (kind == 2) {
		ck_assert_int_eq(mkdir(path, 0755), 0);
		return;
	}
	ck_assert_uint_lt(strlen(path), sizeof(sa.sun_path));
	memcpy(sa.sun_path, path, strlen(path) + 1);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	close(fd);		/* the socket file stays */
}

/* The files that once made the audit wait forever on a FIFO, and a check reading each. */
static const struct {
	const char *path, *check;
	bool all_cpus;		/* without --cpu: the online CPUs are read */
} waited[] = {
	{ "proc/cmdline", "threadirqs", false },
	{ "proc/42/comm", "irqbalance", false },
	{ "proc/42/task/42/comm", "rt-tasks", false },
	{ "dev/cpu_dma_latency", "cpu-dma-latency", false },
	{ "sys/devices/system/cpu/online", "governor", true },
};

/*
 * Each file of waited[] made a FIFO, a socket, a directory: every check
 * ends (the test's timeout fails a wait), each with a verdict and a word;
 * the check reading it says it could not, naming the file, or (a comm)
 * goes on without the name.
 */
START_TEST(test_not_regular)
{
	unsigned int kind = (unsigned int)_i % ARRAY_SIZE(kinds), at = (unsigned int)_i /
		ARRAY_SIZE(kinds);
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir(), want[256], *path;
	size_t i;

	small_tree(dir);
	path = hg_test_path(dir, waited[at].path);
	make_kind(kind, path);
	ctx_for(&ctx, dir, waited[at].all_cpus ? NULL : "1");
	for (i = 0; hg_audit_checks[i]; i++) {
		hg_audit_run(hg_audit_checks[i], &ctx, &r);
		ck_assert_msg(r.found[0], "%s: no word", hg_audit_checks[i]->id);
	}
	hg_audit_run(hg_audit_find(waited[at].check), &ctx, &r);
	snprintf(want, sizeof(want), "could not read %s: %s", waited[at].path, kinds[kind].why);
	if (at == 1)		/* irqbalance not found without its name */
		ck_assert_msg(r.verdict == HG_AUDIT_PASS, "%s: %s", kinds[kind].name, r.found);
	else if (at == 2)	/* the task found without its name */
		ck_assert_msg(r.verdict == HG_AUDIT_WARN && strstr(r.found, "first: ? (42, "),
			      "%s: %s", kinds[kind].name, r.found);
	else
		ck_assert_msg(r.verdict == HG_AUDIT_SKIP && !strcmp(r.found, want),
			      "%s at %s: %s: %s", kinds[kind].name, waited[at].path,
			      hg_audit_verdict_name(r.verdict), r.found);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * proc/cmdline of 4094, 4095 and 4096 characters and its newline: the
 * kernel's longest (HG_SYS_CMDLINE_MAX, 4095) is read; one more is a
 * failed read that names the file and the limit.
 */
START_TEST(test_cmdline_length)
{
	size_t n = HG_SYS_CMDLINE_MAX - 1 + (size_t)_i;
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir(), *text = malloc(n + 2), val[8];
	static char buf[HG_SYS_CMDLINE_MAX + 1];

	ck_assert_ptr_nonnull(text);
	memset(text, 'x', n);
	memcpy(text, "threadirqs ", 11);
	memcpy(text + n - 12, " skew_tick=1", 12);
	text[n] = '\n';
	hg_test_put(dir, "proc/cmdline", text, n + 1);
	ctx_for(&ctx, dir, "1");
	hg_audit_run(hg_audit_find("threadirqs"), &ctx, &r);
	if (n <= HG_SYS_CMDLINE_MAX) {
		ck_assert_msg(r.verdict == HG_AUDIT_PASS, "%zu: %s", n, r.found);
		ck_assert_int_eq(hg_sys_cmdline_param(&ctx, "skew_tick", val, sizeof(val)), 1);
		ck_assert_str_eq(val, "1");
		/* the whole text the same: its last newline is no excess */
		ck_assert_int_eq(hg_sys_text(&ctx, buf, sizeof(buf), "proc/cmdline"), (int)n);
	} else {
		ck_assert_int_eq(r.verdict, HG_AUDIT_SKIP);
		ck_assert_str_eq(r.found, "could not read proc/cmdline: its first line is longer "
				 "than 4095 bytes");
		ck_assert_int_eq(hg_sys_cmdline_param(&ctx, "skew_tick", val, sizeof(val)),
				 -EFBIG);
		ck_assert_int_eq(hg_sys_text(&ctx, buf, sizeof(buf), "proc/cmdline"), -EFBIG);
	}
	/* a second newline is more than the text's end */
	text[n - 1] = '\n';
	hg_test_put(dir, "proc/cmdline", text, n + 1);
	ck_assert_int_eq(hg_sys_text(&ctx, buf, n, "proc/cmdline"), -EFBIG);
	free(text);
	hg_test_drop_dir(dir);
}
END_TEST

/* The device number the running kernel gives cpu_dma_latency; false without one. */
static bool dma_number(dev_t *dev)
{
	unsigned int ma = 0, mi = 0;
	FILE *f = fopen(HG_SYS_DMA_NUMBER, "r");
	bool ok = f && fscanf(f, "%u:%u", &ma, &mi) == 2;

	if (f)
		fclose(f);
	*dev = ok ? makedev(ma, mi) : 0;
	return ok;
}

/*
 * dev/cpu_dma_latency, a character device: read when it is the kernel's
 * (in a tree and at /), never opened when another (/dev/null's number).
 */
START_TEST(test_dma_device)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir(), *path;
	dev_t dma;
	int32_t v;

	small_tree(dir);
	path = hg_test_path(dir, "dev/cpu_dma_latency");
	ck_assert_int_eq(unlink(path), 0);
	ctx_for(&ctx, dir, "1");
	if (mknod(path, S_IFCHR | 0600, makedev(1, 3))) {
		printf("cpu_dma_latency as a device: skipped: mknod needs CAP_MKNOD (%s)\n",
		       strerror(errno));
		goto out;
	}
	hg_audit_run(hg_audit_find("cpu-dma-latency"), &ctx, &r);
	ck_assert_int_eq(r.verdict, HG_AUDIT_SKIP);
	ck_assert_msg(strstr(r.found, "could not read dev/cpu_dma_latency: a character device, "
			     "but not the kernel's cpu_dma_latency"), "%s", r.found);
	ck_assert_int_eq(hg_sys_dma_latency(&ctx, &v), -ENODEV);
	if (!dma_number(&dma) || access("/dev/cpu_dma_latency", R_OK)) {
		printf("cpu_dma_latency as a device: skipped: this kernel has none, or it "
		       "needs root\n");
		goto out;
	}
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(mknod(path, S_IFCHR | 0600, dma), 0);
	ck_assert_int_eq(hg_sys_dma_latency(&ctx, &v), 0);
	ck_assert_int_ge(v, 0);
	ctx_for(&ctx, "/", "0");
	hg_audit_run(hg_audit_find("cpu-dma-latency"), &ctx, &r);
	ck_assert_msg(r.verdict == HG_AUDIT_PASS || r.verdict == HG_AUDIT_WARN, "%s: %s",
		      hg_audit_verdict_name(r.verdict), r.found);
out:
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * Whether @s reaches a terminal harmless: no C0 control (but the ends of
 * its @lines), no DEL, no C1 control (a lone 0x80-0x9f byte, or
 * U+0080..U+009F as C2 80..C2 9F); other UTF-8 characters are fine.
 */
static void assert_tame(const char *what, const char *s, bool lines)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, k, n;

	for (i = 0; p[i]; i += n) {
		n = p[i] >= 0xf0 ? 4 : p[i] >= 0xe0 ? 3 : p[i] >= 0xc0 ? 2 : 1;
		for (k = 1; k < n; k++)
			ck_assert_msg((p[i + k] & 0xc0) == 0x80, "%s: not UTF-8 at %zu", what, i);
		if (n == 2)
			ck_assert_msg(p[i] != 0xc2 || p[i + 1] > 0x9f, "%s: U+%04X at %zu", what,
				      p[i + 1], i);
		if (n == 1)
			ck_assert_msg((p[i] >= 0x20 && p[i] != 0x7f && (p[i] < 0x80 || p[i] > 0x9f)) ||
				      (lines && p[i] == '\n'), "%s: byte 0x%02x at %zu", what, p[i], i);
	}
}

/* A task's name from a tree, with ESC, DEL, CSI (0x9b) and U+009B: tamed; UTF-8 kept. */
START_TEST(test_comm_tamed)
{
	static const char comm[] = "a\x7f" "b\x9b" "2J\xc2\x9b" "c\xe2\x9b\x94\n";
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir();

	small_tree(dir);
	hg_test_put_text(dir, "proc/42/task/42/comm", comm);
	ctx_for(&ctx, dir, "1");
	hg_audit_run(hg_audit_find("rt-tasks"), &ctx, &r);
	ck_assert_msg(r.verdict == HG_AUDIT_WARN, "%s", r.found);
	assert_tame("rt-tasks", r.found, false);
	ck_assert_msg(strstr(r.found, "(the first: a?b?2J??c\xe2\x9b\x94 (42, FIFO 50))"), "%s",
		      r.found);
	/* a control character before it: the file is not text, the name unknown */
	hg_test_put_text(dir, "proc/42/task/42/comm", "\x1b[2J\a\n");
	hg_audit_run(hg_audit_find("rt-tasks"), &ctx, &r);
	assert_tame("rt-tasks", r.found, false);
	ck_assert_msg(strstr(r.found, "(the first: ? (42, FIFO 50))"), "%s", r.found);
	hg_test_drop_dir(dir);
}
END_TEST

/* The text's "# audit of <dir>" with a directory named with ESC [ 2 J and BEL: tamed. */
START_TEST(test_sysroot_name_tamed)
{
	char *dir = hg_test_fresh_dir(), *root = hg_test_path(dir, "x\x1b[2J\ay\x9b");
	struct hg_test_out o;

	ck_assert_int_eq(mkdir(root, 0755), 0);
	small_tree(root);
	HG_TEST_CMD(&o, hg_cmd_audit.main, "audit", "--sysroot", root, "--cpu", "1");
	ck_assert_msg(o.status == 0, "exit %d: %s", o.status, o.err);
	assert_tame("stdout", o.out, true);
	ck_assert_msg(strstr(o.out, "x?[2J?y?, CPUs 1\n"), "%s", o.out);
	hg_test_out_free(&o);
	free(root);
	/* the same in the error of a root that is not a directory */
	root = hg_test_write_text(dir, "f\x1b[2J\a", "");
	HG_TEST_CMD(&o, hg_cmd_audit.main, "audit", "--sysroot", root);
	ck_assert_int_eq(o.status, 2);
	ck_assert_str_eq(o.out, "");
	assert_tame("stderr", o.err, true);
	ck_assert_msg(strstr(o.err, "f?[2J?': not a directory"), "%s", o.err);
	hg_test_out_free(&o);
	free(root);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_verdict_names)
{
	ck_assert_str_eq(hg_audit_verdict_name(HG_AUDIT_PASS), "pass");
	ck_assert_str_eq(hg_audit_verdict_name(HG_AUDIT_WARN), "warn");
	ck_assert_str_eq(hg_audit_verdict_name(HG_AUDIT_FAIL), "fail");
	ck_assert_str_eq(hg_audit_verdict_name(HG_AUDIT_SKIP), "skip");
}
END_TEST

/* A name read back is the verdict written; only a whole first word names one. */
START_TEST(test_verdict_parse)
{
	static const char *const not[] = { "", "passed", "PASS", "pas", " pass", "?" };
	enum hg_audit_verdict v, got;
	size_t i;

	for (v = HG_AUDIT_PASS; v <= HG_AUDIT_FAIL; v++) {
		ck_assert_int_eq(hg_audit_verdict_parse(hg_audit_verdict_name(v), &got), 0);
		ck_assert_int_eq(got, v);
	}
	ck_assert_int_eq(hg_audit_verdict_parse("warn 3 of 4 CPUs", &got), 0);
	ck_assert_int_eq(got, HG_AUDIT_WARN);
	for (i = 0; i < sizeof(not) / sizeof(not[0]); i++)
		ck_assert_msg(hg_audit_verdict_parse(not[i], &got) == -EINVAL, "'%s'", not[i]);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("audit");
	TCase *tc;

	tc = tcase_create("fixtures");
	tcase_add_loop_test(tc, test_fixture_verdicts, 0, ARRAY_SIZE(trees));
	tcase_add_test(tc, test_table);
	tcase_add_loop_test(tc, test_missing_tree, 0, 2);
	suite_add_tcase(s, tc);

	tc = tcase_create("malformed");
	tcase_add_loop_test(tc, test_read_malformed, 0, ARRAY_SIZE(malformed));
	tcase_add_test(tc, test_read_huge_and_missing);
	tcase_add_test(tc, test_cmdline_params);
	tcase_add_test(tc, test_each_cpu_line);
	tcase_add_test(tc, test_task_name_with_paren);
	tcase_add_test(tc, test_verdict_names);
	tcase_add_test(tc, test_verdict_parse);
	tcase_add_loop_test(tc, test_not_regular, 0,
			    (int)(ARRAY_SIZE(kinds) * ARRAY_SIZE(waited)));
	tcase_add_loop_test(tc, test_cmdline_length, 0, 3);
	tcase_add_test(tc, test_dma_device);
	suite_add_tcase(s, tc);

	tc = tcase_create("tamed");
	tcase_add_test(tc, test_comm_tamed);
	tcase_add_test(tc, test_sysroot_name_tamed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
