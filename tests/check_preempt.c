// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_preempt.c - the kernel's preemption model from each of its sources
 * (debugfs, the kernel's log, preempt=, the config, the version string) on
 * synthetic trees, their order, and the audit's verdict and fix for each
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/checks.h"
#include "audit/preempt.h"
#include "audit/verdicts.h"
#include "helpers.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define V_DYN	"Linux version 6.18.4 (gcc 12) #1 SMP PREEMPT_DYNAMIC Tue Jan  6 2026"
#define V_FULL	"Linux version 6.1.0 (gcc 12) #1 SMP PREEMPT Tue Jan  6 2026"
#define V_LAZY	"Linux version 6.14.0 (gcc 14) #1 SMP PREEMPT_LAZY Tue Jan  6 2026"
#define V_NONE	"Linux version 6.1.0 (gcc 12) #1 SMP Tue Jan  6 2026"
#define V_RT	"Linux version 6.1.0-rt (gcc 12) #1 SMP PREEMPT_RT Tue Jan  6 2026"
#define LOG	"<6>[    0.000000] Linux version 6.18.4\n<6>[    0.137841] Dynamic Preempt: "
#define CMD	"BOOT_IMAGE=/vmlinuz root=/dev/vda1 ro"
#define CFG	"# Kernel config\nCONFIG_PREEMPT_BUILD=y\nCONFIG_PREEMPT_DYNAMIC=y\n"

/* One tree: up to six files, the model expected, and a word of its source. */
static const struct tree {
	const char *name;
	const char *files[6][2];
	enum hg_preempt_model model;
	bool dynamic;
	const char *from;
	enum hg_audit_verdict verdict;
	const char *fix;
} trees[] = {
	{ "realtime file", { { "proc/version", V_DYN }, { "sys/kernel/realtime", "1" } },
	  HG_PREEMPT_RT, false, "/sys/kernel/realtime is 1", HG_AUDIT_PASS, "" },
	{ "RT version", { { "proc/version", V_RT } },
	  HG_PREEMPT_RT, false, "the version string: PREEMPT_RT", HG_AUDIT_PASS, "" },
	{ "debugfs first", { { "proc/version", V_DYN },
			     { "sys/kernel/debug/sched/preempt", "none voluntary (full) lazy" },
			     { "dev/kmsg", LOG "none\n" } },
	  HG_PREEMPT_FULL, true, "/sys/kernel/debug/sched/preempt", HG_AUDIT_WARN,
	  "PREEMPT_RT" },
	{ "log before cmdline", { { "proc/version", V_DYN },
				  { "dev/kmsg", LOG "voluntary\n" },
				  { "proc/cmdline", CMD " preempt=full" } },
	  HG_PREEMPT_VOLUNTARY, true, "'Dynamic Preempt: voluntary'", HG_AUDIT_FAIL,
	  "add preempt=full" },
	{ "the last log line", { { "proc/version", V_DYN },
				 { "dev/kmsg", LOG "full\n" LOG "none\n<6> more\n" } },
	  HG_PREEMPT_NONE, true, "'Dynamic Preempt: none'", HG_AUDIT_FAIL, "preempt=full" },
	{ "cmdline", { { "proc/version", V_DYN }, { "dev/kmsg", "<6> no mode here\n" },
		       { "proc/cmdline", CMD " preempt=lazy" } },
	  HG_PREEMPT_LAZY, true, "preempt=lazy on the kernel command line", HG_AUDIT_WARN,
	  "PREEMPT_RT" },
	{ "config default", { { "proc/version", V_DYN }, { "proc/cmdline", CMD },
			      { "proc/sys/kernel/osrelease", "6.18.4" },
			      { "boot/config-6.18.4", CFG "CONFIG_PREEMPT_NONE=y\n# end" } },
	  HG_PREEMPT_NONE, true, "/boot/config-6.18.4: CONFIG_PREEMPT_NONE=y", HG_AUDIT_FAIL,
	  "echo full > /sys/kernel/debug/sched/preempt" },
	{ "dynamic, nothing tells", { { "proc/version", V_DYN }, { "proc/cmdline", CMD } },
	  HG_PREEMPT_UNKNOWN, true, "tell nothing", HG_AUDIT_WARN, "add preempt=full" },
	{ "a bad preempt=", { { "proc/version", V_DYN }, { "proc/cmdline", CMD " preempt=x" } },
	  HG_PREEMPT_UNKNOWN, true, "tell nothing", HG_AUDIT_WARN, "add preempt=full" },
	{ "PREEMPT build", { { "proc/version", V_FULL } },
	  HG_PREEMPT_FULL, false, "the version string: PREEMPT", HG_AUDIT_WARN, "PREEMPT_RT" },
	{ "PREEMPT_LAZY build", { { "proc/version", V_LAZY } },
	  HG_PREEMPT_LAZY, false, "PREEMPT_LAZY", HG_AUDIT_WARN, "PREEMPT_RT" },
	{ "no PREEMPT, no config", { { "proc/version", V_NONE } },
	  HG_PREEMPT_NOT_FULL, false, "names no PREEMPT", HG_AUDIT_FAIL,
	  "built with PREEMPT_DYNAMIC" },
	{ "no PREEMPT, config voluntary", { { "proc/version", V_NONE },
					    { "proc/sys/kernel/osrelease", "6.1.0" },
					    { "boot/config-6.1.0", CFG "CONFIG_PREEMPT_VOLUNTARY=y" } },
	  HG_PREEMPT_VOLUNTARY, false, "CONFIG_PREEMPT_VOLUNTARY=y", HG_AUDIT_FAIL,
	  "booted with preempt=full" },
	{ "a log line of another word", { { "proc/version", V_DYN },
					  { "dev/kmsg", LOG "sideways\n" } },
	  HG_PREEMPT_UNKNOWN, true, "tell nothing", HG_AUDIT_WARN, "preempt=full" },
};

START_TEST(test_tree)
{
	const struct tree *t = &trees[_i];
	struct hg_audit_ctx ctx = { 0 };
	struct hg_audit_result res;
	struct hg_preempt p;
	char *dir = hg_test_fresh_dir();
	size_t i;

	for (i = 0; i < ARRAY_SIZE(t->files) && t->files[i][0]; i++)
		hg_test_put_text(dir, t->files[i][0], t->files[i][1]);
	ctx.root = dir;
	ck_assert_int_eq(hg_preempt_read(&ctx, &p), 0);
	ck_assert_msg(p.model == t->model, "%s: %s, not %s", t->name,
		      hg_preempt_name(p.model), hg_preempt_name(t->model));
	ck_assert_msg(p.dynamic == t->dynamic, "%s: dynamic", t->name);
	ck_assert_msg(strstr(p.from, t->from), "%s: from '%s'", t->name, p.from);
	hg_audit_run(&hg_audit_preempt, &ctx, &res);
	ck_assert_msg(res.verdict == t->verdict, "%s: verdict %s", t->name,
		      hg_audit_verdict_name(res.verdict));
	ck_assert_msg(strstr(res.fix, t->fix), "%s: fix '%s'", t->name, res.fix);
	if (t->model != HG_PREEMPT_UNKNOWN && t->model != HG_PREEMPT_RT)
		ck_assert_msg(strstr(res.found, hg_preempt_name(t->model)), "%s: '%s'", t->name,
			      res.found);
	ck_assert_msg(!strstr(res.found, "unknown") == (t->model != HG_PREEMPT_UNKNOWN),
		      "%s: '%s'", t->name, res.found);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_no_version)
{
	struct hg_audit_ctx ctx = { 0 };
	struct hg_preempt p;
	char *dir = hg_test_fresh_dir();

	ctx.root = dir;
	ck_assert_int_eq(hg_preempt_read(&ctx, &p), -ENOENT);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_log)
{
	static const struct { const char *log; enum hg_preempt_model model; } logs[] = {
		{ "", HG_PREEMPT_UNKNOWN },
		{ "Dynamic Preempt: none", HG_PREEMPT_NONE },
		{ "x Dynamic Preempt: voluntary\ny", HG_PREEMPT_VOLUNTARY },
		{ "Dynamic Preempt: full\nDynamic Preempt: lazy\n", HG_PREEMPT_LAZY },
		{ "Dynamic Preempt: ", HG_PREEMPT_UNKNOWN },
		{ "Dynamic Preempt: nonexistent", HG_PREEMPT_UNKNOWN },
		{ "Dynamic Preempt: FULL", HG_PREEMPT_UNKNOWN },
		{ "Dynamic Preempt: no", HG_PREEMPT_UNKNOWN },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(logs); i++)
		ck_assert_msg(hg_preempt_from_log(logs[i].log, strlen(logs[i].log)) ==
			      logs[i].model, "'%s'", logs[i].log);
	/* the length is the log's end: a mode past it is not read */
	ck_assert(hg_preempt_from_log("Dynamic Preempt: none", 18) == HG_PREEMPT_UNKNOWN);
	ck_assert(hg_preempt_from_log("Dynamic Preempt: fullx", 21) == HG_PREEMPT_FULL);
}
END_TEST

START_TEST(test_names)
{
	ck_assert_str_eq(hg_preempt_name(HG_PREEMPT_NOT_FULL), "none or voluntary");
	ck_assert_str_eq(hg_preempt_name((enum hg_preempt_model)99), "unknown");
	ck_assert(hg_preempt_parse("rt") == HG_PREEMPT_RT);
	ck_assert(hg_preempt_parse("unknown") == HG_PREEMPT_UNKNOWN);
	ck_assert(hg_preempt_parse("none or voluntary") == HG_PREEMPT_UNKNOWN);
	ck_assert(hg_preempt_blocks_rt(HG_PREEMPT_NONE));
	ck_assert(hg_preempt_blocks_rt(HG_PREEMPT_VOLUNTARY));
	ck_assert(hg_preempt_blocks_rt(HG_PREEMPT_NOT_FULL));
	ck_assert(!hg_preempt_blocks_rt(HG_PREEMPT_FULL));
	ck_assert(!hg_preempt_blocks_rt(HG_PREEMPT_LAZY));
	ck_assert(!hg_preempt_blocks_rt(HG_PREEMPT_RT));
	ck_assert(!hg_preempt_blocks_rt(HG_PREEMPT_UNKNOWN));
}
END_TEST

/* The run's snapshot: the model and its source, or why it is unknown. */
START_TEST(test_record)
{
	struct hg_audit_ctx ctx = { 0 };
	struct hg_trace *t = hg_trace_alloc(1);
	char *dir = hg_test_fresh_dir();

	ck_assert_ptr_nonnull(t);
	ctx.root = dir;
	ck_assert_int_eq(hg_audit_record_preempt(&ctx, t), 0);
	ck_assert_str_eq(hg_trace_sys(t, "preempt_model"), "unknown");
	ck_assert_ptr_nonnull(strstr(hg_trace_sys(t, "preempt_from"), "/proc/version unreadable"));
	hg_trace_free(t);
	hg_test_put_text(dir, "proc/version", V_DYN);
	hg_test_put_text(dir, "dev/kmsg", LOG "none\n");
	t = hg_trace_alloc(1);
	ck_assert_int_eq(hg_audit_record_preempt(&ctx, t), 0);
	ck_assert_str_eq(hg_trace_sys(t, "preempt_model"), "none");
	ck_assert_str_eq(hg_trace_sys(t, "preempt_from"),
			 "the kernel's log at boot: 'Dynamic Preempt: none'");
	hg_trace_free(t);
	hg_test_drop_dir(dir);
}
END_TEST

/* This machine: whatever it runs, a model is named or why not is said. */
START_TEST(test_live)
{
	struct hg_audit_ctx ctx = { .root = "/" };
	struct hg_preempt p;

	ck_assert_int_eq(hg_preempt_read(&ctx, &p), 0);
	ck_assert(p.from[0] != '\0');
}
END_TEST

static Suite *preempt_suite(void)
{
	Suite *s = suite_create("preempt");
	TCase *tc = tcase_create("sources");

	tcase_add_loop_test(tc, test_tree, 0, (int)ARRAY_SIZE(trees));
	tcase_add_test(tc, test_no_version);
	tcase_add_test(tc, test_log);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_record);
	tcase_add_test(tc, test_live);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(preempt_suite());
}
