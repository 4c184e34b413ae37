// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_audit.c - hourglass audit: is this machine set up for real time? The
 * checks of audit/, each with its verdict, what it found, why it matters
 * and the fix, as text for a terminal or as JSON
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit/audit.h"
#include "audit/tscskew.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "report/auditout.h"
#include "report/labres.h"
#include "run/cpulist.h"
#include "trace/msg.h"
#include "util/tame.h"

struct audit_args {
	const char *cpus;
	const char *sysroot;
	const char *junit;
	bool json;
	bool ktap;
	bool strict;
};

static const struct hg_opt audit_opts[] = {
	{ .name = "cpu", .kind = HG_OPT_STRING, .off = offsetof(struct audit_args, cpus),
	  .value = "<list>",
	  .help = "the CPUs the latency test will use (e.g. 2-3);\n"
		  "default: every online CPU" },
	{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct audit_args, json),
	  .help = "print the checks as JSON instead of text" },
	{ .name = "strict", .kind = HG_OPT_FLAG, .off = offsetof(struct audit_args, strict),
	  .help = "exit with status 3 when a check fails" },
	{ .name = "ktap", .kind = HG_OPT_FLAG, .off = offsetof(struct audit_args, ktap),
	  .help = "print the checks as KTAP version 1 instead: a test\n"
		  "each, not ok when it fails, skipped when it could not\n"
		  "be judged" },
	{ .name = "junit", .kind = HG_OPT_OUTPUT, .off = offsetof(struct audit_args, junit),
	  .value = "<file>", .help = "write the same tests as JUnit XML to <file>" },
	{ .name = "sysroot", .kind = HG_OPT_STRING, .off = offsetof(struct audit_args, sysroot),
	  .value = "<dir>",
	  .help = "read proc/, sys/ and dev/cpu_dma_latency under\n"
		  "<dir> (a copied snapshot) instead of /; regular\n"
		  "files only: a FIFO or a socket there is a file\n"
		  "that could not be read" },
	HG_OPT_END
};

static const struct hg_cmdspec audit_spec = {
	.name = "audit",
	.summary = "is this machine set up for real time? a verdict per check",
	.about = "Check the kernel's and the CPUs' configuration for real-time work: the\n"
		 "preemption model, RT throttling, the isolation of the measured CPUs,\n"
		 "their interrupts, frequency and idle states, SMT, the clocksource,\n"
		 "memory, the other RT tasks, a hypervisor, tracing. Each check says pass,\n"
		 "warn, fail or skip (with the reason), what it found, why it matters for\n"
		 "latency and how to fix it. Some checks need root to read what they judge.",
	.opts = audit_opts,
	.notes = "Exit status: 0, or 3 with --strict when a check fails; 2 for bad input.",
};

static int write_junit(FILE *f, const void *arg)
{
	return hg_lab_junit(f, arg);
}

/*
 * Run every check and print them, or add them to @lab as tests (--ktap,
 * --junit); counts per verdict into @n. @shown: the root as the text
 * prints it (tamed). Returns 0 or -ENOMEM.
 */
static int run_all(const struct hg_audit_ctx *ctx, const char *shown, bool json,
		   struct hg_lab *lab, unsigned int n[4])
{
	struct hg_audit_out o = { .root = ctx->root, .shown = shown };
	struct hg_audit_result *res;
	struct hg_audit_row *rows;
	char list[256];
	size_t i, k;
	int ret = 0;

	for (k = 0; hg_audit_checks[k]; k++)
		;
	res = calloc(k + 1, sizeof(*res));	/* + 1: never an allocation of 0 */
	rows = calloc(k + 1, sizeof(*rows));
	if (!res || !rows) {
		free(res);
		free(rows);
		return -ENOMEM;
	}
	for (i = 0; i < k; i++) {
		const struct hg_audit_check *c = hg_audit_checks[i];

		hg_audit_run(c, ctx, &res[i]);
		n[res[i].verdict]++;
		rows[i] = (struct hg_audit_row){ .id = c->id, .why = c->why,
			.verdict = hg_audit_verdict_name(res[i].verdict),
			.found = res[i].found, .fix = res[i].fix };
	}
	if (ctx->cpus_given)
		o.cpus = hg_cpulist_format(&ctx->cpus, list, sizeof(list));
	o.rows = rows;
	o.n = k;
	o.pass = n[HG_AUDIT_PASS];
	o.warn = n[HG_AUDIT_WARN];
	o.fail = n[HG_AUDIT_FAIL];
	o.skip = n[HG_AUDIT_SKIP];
	if (lab)
		ret = hg_audit_out_lab(lab, &o);
	else if (json)
		hg_audit_out_json(stdout, &o);
	else
		hg_audit_out_text(stdout, &o);
	free(res);
	free(rows);
	return ret;
}

/* --ktap, --junit: the checks as tests; returns the exit status. */
static int lab_main(const struct audit_args *a, const struct hg_audit_ctx *ctx,
		    const char *shown)
{
	unsigned int n[4] = { 0 };
	struct hg_lab l;
	int ret, status;

	hg_lab_init(&l, "audit");
	ret = run_all(ctx, shown, false, &l, n);
	if (ret)
		hg_msg("audit: %s", strerror(-ret));
	status = ret ? 1 : a->strict && n[HG_AUDIT_FAIL] ? 3 : 0;
	if (!ret && a->ktap)
		hg_lab_ktap(stdout, &l);
	if (!ret && a->junit && hg_cmd_write("audit", a->junit, write_junit, &l))
		status = 1;
	hg_lab_free(&l);
	return hg_cmd_flush("audit", status);
}

static int audit_main(int argc, char **argv)
{
	struct audit_args a = { .sysroot = "/" };
	struct hg_audit_ctx ctx;
	unsigned int n[4] = { 0 };
	char why[256], shown[PATH_MAX];
	struct stat st;
	int status;

	if (hg_cmdopt_get(&audit_spec, argc, argv, &a, &status))
		return status;
	if (a.json && a.ktap) {
		hg_msg("audit: --json and --ktap: both on standard output "
			"(give one)");
		return 2;
	}
	memset(&ctx, 0, sizeof(ctx));
	if (a.cpus) {
		if (hg_cpulist_parse(a.cpus, &ctx.cpus, why, sizeof(why))) {
			hg_msg("audit: --cpu: %s", why);
			return 2;
		}
		ctx.cpus_given = true;
	}
	snprintf(shown, sizeof(shown), "%s", a.sysroot);
	hg_tame(shown);		/* a directory's name: no escape reaches the terminal */
	if (!*a.sysroot || stat(a.sysroot, &st) || !S_ISDIR(st.st_mode)) {
		hg_msg("audit: --sysroot '%s': %s (give a directory holding "
			"proc/ and sys/)", shown, !*a.sysroot ? "empty" :
			S_ISDIR(st.st_mode) || errno == ENOENT ? strerror(errno) : "not a directory");
		return 2;
	}
	ctx.root = a.sysroot;
	if (!strcmp(a.sysroot, "/"))
		ctx.skew = hg_tsc_skew;	/* the counters compared on this machine only */
	if (a.ktap || a.junit)
		return lab_main(&a, &ctx, shown);
	if (run_all(&ctx, shown, a.json, NULL, n)) {
		hg_msg("audit: %s", strerror(ENOMEM));
		return 1;
	}
	status = a.strict && n[HG_AUDIT_FAIL] ? 3 : 0;
	return hg_cmd_flush("audit", status);
}

const struct hg_command hg_cmd_audit = {
	.name = "audit",
	.spec = &audit_spec,
	.main = audit_main,
};
