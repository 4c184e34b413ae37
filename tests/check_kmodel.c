// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kmodel.c - the preemption model from the kernel's own copy of its
 * config, /proc/config.gz, when debugfs is locked, the kernel's log has
 * rotated past its boot lines and /boot holds no config (audit/preempt.c,
 * audit/sysread.c's hg_sys_gz_text); and the audit's verdict and the
 * diagnosis of a non-preemptible wake-up, both from that one reading,
 * name the same model
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "helpers.h"
#include "audit/audit.h"
#include "audit/checks.h"
#include "audit/preempt.h"
#include "audit/verdicts.h"
#include "audit/sysread.h"
#include "report/kadvice.h"

#define V_DYN	"Linux version 6.18.4 (gcc 12) #1 SMP PREEMPT_DYNAMIC Tue Jan  6 2026"
#define CFG	"# Kernel config\nCONFIG_PREEMPT_BUILD=y\nCONFIG_PREEMPT_NONE=y\n" \
		"CONFIG_PREEMPT_DYNAMIC=y\n"

/* @dir/@rel holds @text gzip-compressed. */
static void put_gz(const char *dir, const char *rel, const char *text)
{
	char *path = hg_test_path(dir, rel);
	gzFile z;

	hg_test_put_text(dir, rel, "");		/* its directories */
	z = gzopen(path, "wb");
	ck_assert_ptr_nonnull(z);
	ck_assert_int_eq(gzwrite(z, text, (unsigned int)strlen(text)), (int)strlen(text));
	ck_assert_int_eq(gzclose(z), Z_OK);
	free(path);
}

/* A tree of a kernel that says nothing but through its config.gz. */
static char *locked_tree(const char *cmdline)
{
	char *dir = hg_test_fresh_dir();

	hg_test_put_text(dir, "proc/version", V_DYN);
	hg_test_put_text(dir, "proc/sys/kernel/osrelease", "6.18.4");
	hg_test_put_text(dir, "proc/cmdline", cmdline);
	hg_test_put_text(dir, "dev/kmsg", "<6>[ 411.8] Lockdown: debugfs access is restricted\n");
	put_gz(dir, "proc/config.gz", CFG);
	return dir;
}

START_TEST(test_config_gz)
{
	char *dir = locked_tree("console=ttyS0 quiet");
	struct hg_audit_ctx ctx = { .root = dir };
	struct hg_audit_result res;
	struct hg_preempt p;

	ck_assert_int_eq(hg_preempt_read(&ctx, &p), 0);
	ck_assert_int_eq(p.model, HG_PREEMPT_NONE);
	ck_assert(p.dynamic);
	ck_assert_str_eq(p.from, "/proc/config.gz: CONFIG_PREEMPT_NONE=y (the mode at boot "
			 "without preempt=)");
	hg_audit_run(&hg_audit_preempt, &ctx, &res);
	ck_assert_int_eq(res.verdict, HG_AUDIT_FAIL);
	ck_assert_msg(strstr(res.found, "none") && !strstr(res.found, "unknown"), "%s", res.found);
	ck_assert_msg(strstr(res.fix, "preempt=full"), "%s", res.fix);
	hg_test_drop_dir(dir);
}
END_TEST

/* preempt= on the command line sets the mode, not the config's default. */
START_TEST(test_cmdline_wins)
{
	char *dir = locked_tree("console=ttyS0 preempt=full");
	struct hg_audit_ctx ctx = { .root = dir };
	struct hg_preempt p;

	ck_assert_int_eq(hg_preempt_read(&ctx, &p), 0);
	ck_assert_int_eq(p.model, HG_PREEMPT_FULL);
	ck_assert_str_eq(p.from, "preempt=full on the kernel command line");
	hg_test_drop_dir(dir);
}
END_TEST

/* /boot/config-<release> before the kernel's copy; a damaged copy tells nothing. */
START_TEST(test_sources)
{
	char *dir = locked_tree("quiet");
	struct hg_audit_ctx ctx = { .root = dir };
	struct hg_preempt p;
	char buf[64];

	hg_test_put_text(dir, "boot/config-6.18.4", "CONFIG_PREEMPT_VOLUNTARY=y\n");
	ck_assert_int_eq(hg_preempt_read(&ctx, &p), 0);
	ck_assert_int_eq(p.model, HG_PREEMPT_VOLUNTARY);
	ck_assert_str_eq(p.from, "/boot/config-6.18.4: CONFIG_PREEMPT_VOLUNTARY=y (the mode at "
			 "boot without preempt=)");
	hg_test_drop_dir(dir);
	dir = locked_tree("quiet");
	ctx.root = dir;
	hg_test_put_text(dir, "proc/config.gz", "not gzip at all\n");
	/* zlib reads a file without gzip's header as it is: no model line in it */
	ck_assert_int_eq(hg_preempt_read(&ctx, &p), 0);
	ck_assert_int_eq(p.model, HG_PREEMPT_UNKNOWN);
	ck_assert_msg(strstr(p.from, "/proc/config.gz tell nothing"), "%s", p.from);
	/* a text longer than the buffer is refused, an empty one has no data */
	put_gz(dir, "proc/config.gz", CFG CFG CFG);
	ck_assert_int_eq(hg_sys_gz_text(&ctx, buf, sizeof(buf), "proc/config.gz"), -EFBIG);
	put_gz(dir, "proc/config.gz", "");
	ck_assert_int_eq(hg_sys_gz_text(&ctx, buf, sizeof(buf), "proc/config.gz"), -ENODATA);
	ck_assert_int_eq(hg_sys_gz_text(&ctx, buf, sizeof(buf), "proc/none.gz"), -ENOENT);
	hg_test_drop_dir(dir);
}
END_TEST

/* The run's snapshot holds the audit's reading; the diagnosis says the same model. */
START_TEST(test_agree)
{
	char *dir = locked_tree("quiet");
	struct hg_audit_ctx ctx = { .root = dir };
	struct hg_trace *t = hg_test_trace(1, NULL, (const size_t[]){ 0 });
	struct hg_kpart lead = { .kind = HG_KC_TASK, .pid = 77, .prio = HG_KPRIO_FAIR,
				 .name = "python3", .count = 1, .cycles = 1000 };
	struct hg_kmech_view v = { .mech = HG_MECH_NON_PREEMPTIBLE, .lead = &lead, .count = 1,
				   .cycles = 1000, .cpu = 1, .from_cpu = 1 };
	struct hg_kdiag_ctx c = { 0 };
	struct hg_audit_result res;
	struct hg_kadvice a;

	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(hg_audit_record_preempt(&ctx, t), 0);
	ck_assert_str_eq(hg_trace_sys(t, "preempt_model"), "none");
	hg_kadvice_of(t, &c, &v, &a);
	hg_audit_run(&hg_audit_preempt, &ctx, &res);
	ck_assert_str_eq(a.audit, "preempt-model");
	ck_assert_int_eq(res.verdict, HG_AUDIT_FAIL);
	ck_assert_msg(strstr(a.why, "the kernel's preemption model is none (/proc/config.gz: "
			     "CONFIG_PREEMPT_NONE=y (the mode at boot without preempt=))"), "%s",
		      a.why);
	hg_trace_free(t);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *kmodel_suite(void)
{
	Suite *s = suite_create("kmodel");
	TCase *tc = tcase_create("config.gz");

	tcase_add_test(tc, test_config_gz);
	tcase_add_test(tc, test_cmdline_wins);
	tcase_add_test(tc, test_sources);
	tcase_add_test(tc, test_agree);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kmodel_suite());
}
