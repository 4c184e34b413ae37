// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_explain.c - hourglass explain <file>: where the gap time of a
 * --kernel run went (analysis/kexplain.h), as text or JSON (report/explain.h)
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analysis/kexplain.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "report/explain.h"
#include "trace/trace.h"

#define EXPLAIN_WORST 10
#define EXPLAIN_MAX_WORST 10000
#define NO_THREAD UINT64_MAX

struct explain_args {
	const char *file;
	const char *sched;
	uint64_t worst;
	uint64_t thread;
	bool json;
};

static const struct hg_arg explain_pos[] = {
	{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE,
	  .off = offsetof(struct explain_args, file), .help = "a trace written with -o and --kernel (or see --sched)" },
	HG_ARG_END
};

static const struct hg_opt explain_opts[] = {
	{ .name = "worst", .kind = HG_OPT_COUNT, .off = offsetof(struct explain_args, worst),
	  .max = EXPLAIN_MAX_WORST, .flags = HG_OPT_ZERO_OK, .value = "<n>",
	  .help = "take apart the <n> longest gaps (default 10; 0: none)" },
	{ .name = "thread", .kind = HG_OPT_COUNT, .off = offsetof(struct explain_args, thread),
	  .max = 1023, .flags = HG_OPT_ZERO_OK, .value = "<n>", .help = "thread <n> alone (default every thread)" },
	{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct explain_args, json),
	  .help = "the same as JSON (schemas/explain.schema.json)" },
	{ .name = "sched", .kind = HG_OPT_FILE, .off = offsetof(struct explain_args, sched),
	  .value = "<perf.txt>",
	  .help = "take the kernel's events from the perf script text\n"
	  "of a perf record -k CLOCK_MONOTONIC of the run's sched,\n"
	  "irq, irq_vectors, timer and nmi events (a run without\n"
	  "--kernel)" },
	HG_OPT_END
};

static const struct hg_cmdspec explain_spec = {
	.name = "explain",
	.summary = "where the gap time of a --kernel run went",
	.about = "Take every gap of every thread of a trace written with -o and --kernel apart\n"
		 "by the kernel's events on its CPU: interrupt handlers (irq, by number and\n"
		 "name), softirqs (by vector), timers (the local timer, hrtimer callbacks),\n"
		 "IPIs, NMIs, other tasks (by name and pid), the kernel's own entry, exit and\n"
		 "switch paths (kernel), and what no event covers (unexplained: the\n"
		 "hypervisor, SMIs, the hardware). Print, per thread, each cause's count,\n"
		 "total and longest piece and its share of the gap time, then the longest\n"
		 "gaps each taken apart; the parts of a gap add up to it. With --sched,\n"
		 "the events are those of perf script text instead.",
	.args = explain_pos,
	.opts = explain_opts,
};

static int explain_run(const void *args, const struct hg_trace *t)
{
	const struct explain_args *a = args;
	struct hg_kevents *own;
	struct hg_kexplain x;
	struct hg_trace view;
	uint32_t thread = a->thread == NO_THREAD ? HG_KEXPLAIN_ALL : (uint32_t)a->thread;
	int ret;

	if (thread != HG_KEXPLAIN_ALL && thread >= t->nthreads) {
		fprintf(stderr, "hourglass: explain: --thread %u: the trace has %u thread%s\n",
			thread, t->nthreads, t->nthreads == 1 ? "" : "s");
		return 2;
	}
	ret = hg_cmd_kernel_events("explain", a->file, a->sched, t, &view, &own,
				   a->json ? NULL : stdout, "# ");
	if (ret)
		return ret;
	t = &view;
	ret = hg_kexplain(t, thread, (uint32_t)a->worst, &x);
	if (ret) {
		hg_kevents_free(own);
		fprintf(stderr, "hourglass: explain: %s\n", strerror(-ret));
		return 1;
	}
	ret = a->json ? hg_explain_json(stdout, t, &x) : hg_explain_print(stdout, t, &x);
	hg_kexplain_free(&x);
	hg_kevents_free(own);
	return ret ? 1 : 0;
}

static int explain_main(int argc, char **argv)
{
	struct explain_args a = { .worst = EXPLAIN_WORST, .thread = NO_THREAD };

	return hg_cmd_on_trace(&explain_spec, argc, argv, &a, &a.file, explain_run);
}

const struct hg_command hg_cmd_explain = {
	.name = "explain",
	.spec = &explain_spec,
	.main = explain_main,
};
