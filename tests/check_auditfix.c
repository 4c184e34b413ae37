// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_auditfix.c - what the audit says and tells to do, on small trees:
 * fixes are commands with the tree's own values (no "<n>" left to fill
 * in), interrupts named by their count on the measured CPUs, and no
 * warning about cpu_dma_latency where no idle state makes it matter or
 * where the run holds it; the TSC judged by the kernel's word and by its
 * counters compared across CPUs
 */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/audit.h"
#include "audit/tscskew.h"
#include "helpers.h"
#include "run/cpulist.h"
#include "trace/counter.h"
#include "trace/tscword.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define FIXTURES "tests/fixtures/audit"

static void ctx_for(struct hg_audit_ctx *ctx, const char *root, const char *cpus)
{
	char err[128];

	memset(ctx, 0, sizeof(*ctx));
	ctx->root = root;
	ck_assert_int_eq(hg_cpulist_parse(cpus, &ctx->cpus, err, sizeof(err)), 0);
	ctx->cpus_given = true;
}

/* The trees of tests/fixtures/audit and the CPUs each is judged for. */
static const struct {
	const char *tree, *cpus;
} trees[] = {
	{ "rt", "2-3" }, { "desktop", "1" }, { "vm", "1" }, { "desktop", "0-3" },
};

/*
 * No fix is a template: every value is the tree's own, so nothing is left
 * in angle brackets ("<other CPUs>", "<pid>", "cpu<n>") for the user to
 * fill in.
 */
START_TEST(test_fixes_are_commands)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char root[256];
	size_t i;

	snprintf(root, sizeof(root), FIXTURES "/%s", trees[_i].tree);
	ctx_for(&ctx, root, trees[_i].cpus);
	for (i = 0; hg_audit_checks[i]; i++) {
		hg_audit_run(hg_audit_checks[i], &ctx, &r);
		ck_assert_msg(!strchr(r.fix, '<'), "%s --cpu %s: %s: %s", trees[_i].tree,
			      trees[_i].cpus, hg_audit_checks[i]->id, r.fix);
	}
}
END_TEST

/*
 * The desktop tree's fixes, each with its values: the RT tasks' pids and
 * the other CPUs, the governor's CPUs.
 */
START_TEST(test_fix_values)
{
	static const struct {
		const char *id, *fix;
	} want[] = {
		{ "rt-tasks", "for p in 700 801; do taskset -pc 0,2-3 $p; done" },
		{ "prio-99", "chrt -f -p 98 801 (or lower: leave 99 to the kernel)" },
		{ "irqbalance", "systemctl disable --now irqbalance (or keep it off the measured "
		  "CPUs: IRQBALANCE_BANNED_CPULIST=1 in its /etc/default/irqbalance)" },
	};
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	size_t i;

	ctx_for(&ctx, FIXTURES "/desktop", "1");
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		hg_audit_run(hg_audit_find(want[i].id), &ctx, &r);
		ck_assert_str_eq(r.fix, want[i].fix);
	}
	hg_audit_run(hg_audit_find("governor"), &ctx, &r);
	ck_assert_msg(!strncmp(r.fix, "cpupower -c 1 frequency-set -g performance", 42), "%s",
		      r.fix);
	/* every online CPU measured: nowhere to move them, and it says so */
	ctx_for(&ctx, FIXTURES "/desktop", "0-3");
	hg_audit_run(hg_audit_find("rt-tasks"), &ctx, &r);
	ck_assert_msg(strstr(r.fix, "no online CPU is left to take them") &&
		      strstr(r.fix, "hourglass audit --cpu 1"), "%s", r.fix);
}
END_TEST

/*
 * A VM's interrupts: ACPI:Ged fired once on CPU 1, virtio1-req.0 108591
 * times; the one that matters is named first, and the fix moves every
 * interrupt routed there to CPU 0, the most counted first.
 */
START_TEST(test_irq_by_count)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir(), *online;

	hg_test_put_text(dir, "sys/devices/system/cpu/online", "0-1\n");
	hg_test_put_text(dir, "proc/irq/24/effective_affinity_list", "0\n");
	hg_test_put_text(dir, "proc/irq/25/effective_affinity_list", "1\n");
	hg_test_put_text(dir, "proc/irq/36/effective_affinity_list", "1\n");
	hg_test_put_text(dir, "proc/irq/37/smp_affinity_list", "0-1\n");
	hg_test_put_text(dir, "proc/interrupts",
	      "           CPU0       CPU1       \n"
	      " 24:          1          0  IO-APIC   5-edge      ACPI:Ged\n"
	      " 25:          0          1  IO-APIC   6-edge      ACPI:Ged\n"
	      " 36:          0     108591 PCI-MSIX-0000:00:02.0   1-edge      virtio1-req.0\n"
	      " 37:          7          0 PCI-MSIX-0000:00:03.0   0-edge      virtio2-config\n"
	      "LOC:      27669      30145   Local timer interrupts\n");
	ctx_for(&ctx, dir, "1");
	hg_audit_run(hg_audit_find("irq-affinity"), &ctx, &r);
	ck_assert_int_eq(r.verdict, HG_AUDIT_FAIL);
	ck_assert_str_eq(r.found, "2 of 4 interrupts are handled on CPU 1, by their count "
			 "there: 36 virtio1-req.0 (108591 times), 25 ACPI:Ged (1 time), "
			 "37 virtio2-config");
	ck_assert_str_eq(r.fix, "for i in 36 25 37; do echo 0 > /proc/irq/$i/"
			 "smp_affinity_list; done (and add irqaffinity=0 to the kernel command "
			 "line)");
	/* the online CPUs unread: the IRQs still named, where to left to the user */
	online = hg_test_path(dir, "sys/devices/system/cpu/online");
	ck_assert_int_eq(unlink(online), 0);
	free(online);
	hg_audit_run(hg_audit_find("irq-affinity"), &ctx, &r);
	ck_assert_int_eq(r.verdict, HG_AUDIT_FAIL);
	ck_assert_str_eq(r.fix, "move IRQs 36 25 37 to CPUs that are not measured (the online "
			 "CPUs could not be read)");
	hg_test_put_text(dir, "sys/devices/system/cpu/online", "0-1\n");
	/* without /proc/interrupts: named by number, still every one */
	hg_test_put_text(dir, "proc/interrupts", "no header\n");
	hg_audit_run(hg_audit_find("irq-affinity"), &ctx, &r);
	ck_assert_str_eq(r.found, "2 of 4 interrupts are handled on CPU 1, by their count "
			 "there: 25, 36, 37");
	hg_test_drop_dir(dir);
}
END_TEST

/* What cpu-dma-latency and idle-states say of a tree's idle states and request. */
static const struct {
	const char *latency;	/* CPU 1's one idle state's exit latency, NULL: none */
	int32_t request;	/* dev/cpu_dma_latency */
	bool run;		/* the audit is a run's, which holds it at 0 */
	enum hg_audit_verdict dma, idle;
	const char *found;	/* cpu-dma-latency's */
} dma_cases[] = {
	{ NULL, 2000000000, false, HG_AUDIT_PASS, HG_AUDIT_PASS,
	  "not needed: no cpuidle states, nothing to exit from in over 10 us" },
	{ "1", 2000000000, false, HG_AUDIT_PASS, HG_AUDIT_PASS,
	  "not needed: no enabled idle state exits in over 10 us" },
	{ "100", 2000000000, false, HG_AUDIT_WARN, HG_AUDIT_WARN,
	  "not held (no request), with idle state C6 of CPU 1 exiting in 100 us" },
	{ "100", 0, false, HG_AUDIT_PASS, HG_AUDIT_WARN, "held at 0 us" },
	{ "100", 2000000000, true, HG_AUDIT_PASS, HG_AUDIT_PASS, "held at 0 us by the run" },
	{ NULL, 2000000000, true, HG_AUDIT_PASS, HG_AUDIT_PASS,
	  "not needed: no cpuidle states, nothing to exit from in over 10 us" },
};

START_TEST(test_dma_latency_matters)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir();

	hg_test_put_text(dir, "sys/devices/system/cpu/online", "0-1\n");
	hg_test_put(dir, "dev/cpu_dma_latency", &dma_cases[_i].request, sizeof(int32_t));
	if (dma_cases[_i].latency) {
		hg_test_put_text(dir, "sys/devices/system/cpu/cpu1/cpuidle/state0/latency",
		      dma_cases[_i].latency);
		hg_test_put_text(dir, "sys/devices/system/cpu/cpu1/cpuidle/state0/name", "C6\n");
	}
	ctx_for(&ctx, dir, "1");
	ctx.run_holds_dma = dma_cases[_i].run;
	hg_audit_run(hg_audit_find("cpu-dma-latency"), &ctx, &r);
	ck_assert_str_eq(r.found, dma_cases[_i].found);
	ck_assert_int_eq(r.verdict, dma_cases[_i].dma);
	hg_audit_run(hg_audit_find("idle-states"), &ctx, &r);
	ck_assert_msg(r.verdict == dma_cases[_i].idle, "%s", r.found);
	hg_test_drop_dir(dir);
}
END_TEST

/* The kernel's word on the TSC, from its command line, its log and its clocksource. */
static const struct {
	const char *cmdline, *log, *cs;
	enum hg_tsc_trust want;
	const char *why;
} words[] = {
	{ "ro tsc=unstable quiet\n", NULL, "kvm-clock", HG_TSC_DISTRUSTED,
	  "tsc=unstable on the kernel command line" },
	{ "ro notsc", NULL, "tsc", HG_TSC_DISTRUSTED, "notsc on the kernel command line" },
	{ "ro", "<6>[    0.000000] tsc: Fast TSC calibration using PIT\n"
	  "<4>[    0.120000] tsc: Marking TSC unstable due to boot parameter\n", "kvm-clock",
	  HG_TSC_DISTRUSTED, "the kernel's log: 'tsc: Marking TSC unstable due to boot "
	  "parameter'" },
	{ "ro", "[ 12.5] clocksource: timekeeping watchdog on CPU1: Marking clocksource 'tsc' "
	  "as unstable because the skew is too large:\n", "hpet", HG_TSC_DISTRUSTED,
	  "the kernel's log: 'clocksource: timekeeping watchdog on CPU1: Marking clocksource "
	  "'tsc' as unstable because the skew is too large:'" },
	{ "ro", "tsc: Refined TSC clocksource calibration\n", "tsc", HG_TSC_TRUSTED,
	  "the kernel's clocksource is tsc" },
	{ "ro tsc=reliable", NULL, "kvm-clock", HG_TSC_TRUSTED,
	  "tsc=reliable on the kernel command line" },
	{ "ro xtsc=unstable", NULL, "kvm-clock", HG_TSC_SILENT,
	  "the kernel's clocksource is kvm-clock, not tsc" },
	{ NULL, NULL, NULL, HG_TSC_SILENT, "" },
};

START_TEST(test_tsc_word)
{
	char why[HG_TSC_WHY];
	const char *log = words[_i].log;

	ck_assert_int_eq(hg_tsc_word(words[_i].cmdline, log, log ? strlen(log) : 0,
				     words[_i].cs, why, sizeof(why)), words[_i].want);
	ck_assert_str_eq(why, words[_i].why);
}
END_TEST

/* A fake measurement of two CPUs' counters: CPU 1 500 ticks behind, or in step. */
static int behind(unsigned int a, unsigned int b, struct hg_skew *out)
{
	*out = (struct hg_skew){ .a = a, .b = b, .rounds = 5000, .ab = -500, .ba = 700,
				 .hz = 1000000000 };
	return 0;
}

static int in_step(unsigned int a, unsigned int b, struct hg_skew *out)
{
	*out = (struct hg_skew){ .a = a, .b = b, .rounds = 5000, .ab = 120, .ba = 130,
				 .hz = 1000000000 };
	return 0;
}

static int busy(unsigned int a, unsigned int b, struct hg_skew *out)
{
	(void)a;
	(void)b;
	(void)out;
	return -ETIMEDOUT;
}

/*
 * A KVM guest booted tsc=unstable: the CPU's flags say invariant, the
 * kernel does not, and the kernel wins; where the kernel is silent, the
 * counters compared across CPUs decide.
 */
START_TEST(test_tsc_check)
{
	struct hg_audit_ctx ctx;
	struct hg_audit_result r;
	char *dir = hg_test_fresh_dir();

	hg_test_put_text(dir, "sys/devices/system/cpu/online", "0-1\n");
	hg_test_put_text(dir, "proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu tsc constant_tsc "
	      "nonstop_tsc hypervisor\n");
	hg_test_put_text(dir, "proc/cmdline", "console=ttyS0 tsc=unstable\n");
	hg_test_put_text(dir, "dev/kmsg", "[    0.000000] tsc: Marking TSC unstable due to boot "
	      "parameter\n");
	hg_test_put_text(dir, "sys/devices/system/clocksource/clocksource0/current_clocksource",
	      "kvm-clock\n");
	ctx_for(&ctx, dir, "1");
	hg_audit_run(hg_audit_find("tsc"), &ctx, &r);
	ck_assert_int_eq(r.verdict, HG_AUDIT_FAIL);
	ck_assert_str_eq(r.found, "the kernel calls the TSC unstable (tsc=unstable on the "
			 "kernel command line); not compared across CPUs (a copied tree)");
	/* the log alone says it too */
	hg_test_put_text(dir, "proc/cmdline", "console=ttyS0\n");
	hg_audit_run(hg_audit_find("tsc"), &ctx, &r);
	ck_assert_int_eq(r.verdict, HG_AUDIT_FAIL);
	ck_assert_msg(strstr(r.found, "(the kernel's log: 'tsc: Marking TSC unstable due to "
			     "boot parameter')"), "%s", r.found);
	/* the kernel silent: the counters measured decide */
	hg_test_put_text(dir, "dev/kmsg", "[    0.000000] tsc: Detected 2445.428 MHz processor\n");
	ctx.skew = in_step;
	hg_audit_run(hg_audit_find("tsc"), &ctx, &r);
	ck_assert_int_eq(r.verdict, HG_AUDIT_PASS);
	ck_assert_str_eq(r.found, "constant_tsc and nonstop_tsc; the kernel's clocksource is "
			 "kvm-clock, not tsc; CPUs 0 and 1 agree within 130 ticks (0.130 us), "
			 "the time to hand a turn over (measured: 5000 turns each way)");
	ctx.skew = behind;
	hg_audit_run(hg_audit_find("tsc"), &ctx, &r);
	ck_assert_int_eq(r.verdict, HG_AUDIT_FAIL);
	ck_assert_str_eq(r.found, "the counters disagree: CPU 1's counter is 500 ticks "
			 "(0.500 us) behind CPU 0's at least (measured: 5000 turns each way)");
	ctx.skew = busy;
	hg_audit_run(hg_audit_find("tsc"), &ctx, &r);
	ck_assert_int_eq(r.verdict, HG_AUDIT_PASS);
	ck_assert_msg(strstr(r.found, "not compared across CPUs: two threads could not take "
			     "100 turns each within 500 ms"), "%s", r.found);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * The real measurement between two CPUs: the reading after a hand-over is
 * later than the one before it, so the two bounds on the offset never
 * cross (ab + ba > 0), whatever the counters' skew.
 */
START_TEST(test_tsc_skew_live)
{
	struct hg_skew s;
	cpu_set_t set;
	unsigned int a = CPU_SETSIZE, b = CPU_SETSIZE, cpu;
	int ret;

	ck_assert_int_eq(sched_getaffinity(0, sizeof(set), &set), 0);
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		if (a == CPU_SETSIZE)
			a = cpu;
		else if (b == CPU_SETSIZE)
			b = cpu;
	}
	if (b == CPU_SETSIZE) {
		printf("tsc skew: skipped: this process may run on one CPU only\n");
		return;
	}
	ret = hg_tsc_skew(a, b, &s);
	if (ret == -ETIMEDOUT) {
		printf("tsc skew: skipped: the two CPUs were too busy to take turns\n");
		return;
	}
	ck_assert_int_eq(ret, 0);
	ck_assert_uint_ge(s.rounds, 100);
	/*
	 * a turn handed over takes time: the two bounds add up to more than
	 * nothing, unless the counter steps by more than that (an emulator's
	 * counter is a microsecond clock scaled up: 62 or 63 ticks a step)
	 */
	if (s.ab + s.ba <= 0) {
		uint64_t c0 = hg_counter_read(), c1;

		while ((c1 = hg_counter_read()) == c0)
			;
		ck_assert_msg(c1 - c0 > 1, "hand-overs took no time on a counter of 1-tick steps");
		printf("tsc skew: the hand-over is shorter than the counter's step (%llu ticks)\n",
		       (unsigned long long)(c1 - c0));
	}
	ck_assert_int_eq(hg_tsc_skew(a, CPU_SETSIZE, &s), -EINVAL);
}
END_TEST

static Suite *auditfix_suite(void)
{
	Suite *s = suite_create("auditfix");
	TCase *tc = tcase_create("fixes");

	tcase_add_loop_test(tc, test_fixes_are_commands, 0, ARRAY_SIZE(trees));
	tcase_add_test(tc, test_fix_values);
	tcase_add_test(tc, test_irq_by_count);
	tcase_add_loop_test(tc, test_dma_latency_matters, 0, ARRAY_SIZE(dma_cases));
	suite_add_tcase(s, tc);
	tc = tcase_create("counter");
	tcase_add_loop_test(tc, test_tsc_word, 0, ARRAY_SIZE(words));
	tcase_add_test(tc, test_tsc_check);
	tcase_add_test(tc, test_tsc_skew_live);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(auditfix_suite());
}
