// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_explain.c - hourglass explain <file>: where the gap time of a
 * --kernel run went (analysis/kernel/kexplain.h), as text or JSON (report/explain.h)
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analysis/kernel/kexplain.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "report/explain.h"
#include "trace/msg.h"
#include "trace/trace.h"
#include "util/timeval.h"

#define EXPLAIN_WORST 10
#define EXPLAIN_MAX_WORST 10000
#define NO_THREAD UINT64_MAX
#define NOT_GIVEN UINT64_MAX

struct explain_args {
	const char *file;
	const char *sched;
	uint64_t worst;
	uint64_t thread;
	uint64_t at_ns;
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
	  .help = "take apart the <n> worst of each kind: the longest gaps, the latest\n"
		  "LAT wake-ups, the deadline misses by most (default 10, 0 with --at;\n0: none)" },
	{ .name = "thread", .kind = HG_OPT_COUNT, .off = offsetof(struct explain_args, thread),
	  .max = 1023, .flags = HG_OPT_ZERO_OK, .value = "<n>", .help = "thread <n> alone (default every thread)" },
	{ .name = "at", .kind = HG_OPT_TIME, .off = offsetof(struct explain_args, at_ns),
	  .flags = HG_OPT_ZERO_OK, .value = "<time>",
	  .help = "take apart the gap, wake-up or miss at or nearest <time> from the\nrun's start (e.g. 1.25s)" },
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
	.summary = "where the gap time, the latencies and the misses of a --kernel run went",
	.about = "Take every gap of every thread of a trace written with -o and --kernel apart\n"
		 "by the kernel's events on its CPU: interrupt handlers (irq, by number and\n"
		 "name), softirqs (by vector), timers (the local timer, hrtimer callbacks),\n"
		 "IPIs, NMIs, other tasks (by name and pid), the kernel's own entry, exit and\n"
		 "switch paths (kernel), and what no event covers (unexplained: the\n"
		 "hypervisor, SMIs, the hardware). Print, per thread, each cause's count,\n"
		 "total and longest piece and its share of the gap time, then the worst\n"
		 "of each kind taken apart: gaps; LAT wake-ups, from the timer's expiry to\n"
		 "the thread running (the timer interrupt's delay, the handlers, softirqs\n"
		 "and tasks before the thread); PERIODIC and CPU_PERIODIC deadline misses,\n"
		 "over the job's window (the thread's own run and the interference).\n"
		 "With --at, the one at or nearest a time; after a --break run, the one that\n"
		 "stopped it. The parts of each add up to it, followed by the order of its\n"
		 "events (switches with each task's policy and priority) and its diagnosis:\n"
		 "the mechanism behind each part (rt-throttling, non-preemptible,\n"
		 "higher-priority, irq, softirq, tick, timer-delay, host, ...), why, and the\n"
		 "fix with this machine's values. A verdict per thread ends the text, with\n"
		 "the host's time per CPU beside the kernel's accounting. With --sched, the\n"
		 "events are those of perf script text instead.",
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
	struct hg_kexplain_opts o = { .thread = thread };
	uint64_t end_ns = hg_trace_ns(t, t->stop_cycles);
	char v[32], e[32];
	int ret;

	if (thread != HG_KEXPLAIN_ALL && thread >= t->nthreads) {
		hg_msg("explain: --thread %u: the trace has %u thread%s",
			thread, t->nthreads, t->nthreads == 1 ? "" : "s");
		return 2;
	}
	if (a->at_ns != NOT_GIVEN && a->at_ns > end_ns) {
		hg_msg("explain: --at %s ms: past the run's end at %s ms "
			"(give a time from its start)", hg_format_ms(a->at_ns, v, sizeof(v)),
			hg_format_ms(end_ns, e, sizeof(e)));
		return 2;
	}
	ret = hg_cmd_kernel_events("explain", a->file, a->sched, t, &view, &own,
				   a->json ? NULL : stdout, "# ");
	if (ret)
		return ret;
	t = &view;
	o.have_at = a->at_ns != NOT_GIVEN;
	o.at_cycles = o.have_at ? t->t0_cycles + hg_ns_to_cycles(a->at_ns, t->calib.tsc_hz) : 0;
	o.worst = a->worst != NOT_GIVEN ? (uint32_t)a->worst : o.have_at ? 0 : EXPLAIN_WORST;
	ret = hg_kexplain_with(t, &o, &x);
	if (ret) {
		hg_kevents_free(own);
		hg_msg("explain: %s", strerror(-ret));
		return 1;
	}
	ret = a->json ? hg_explain_json(stdout, t, &x) : hg_explain_print(stdout, t, &x);
	hg_kexplain_free(&x);
	hg_kevents_free(own);
	return ret ? 1 : 0;
}

static int explain_main(int argc, char **argv)
{
	struct explain_args a = { .worst = NOT_GIVEN, .thread = NO_THREAD, .at_ns = NOT_GIVEN };

	return hg_cmd_on_trace(&explain_spec, argc, argv, &a, &a.file, explain_run);
}

const struct hg_command hg_cmd_explain = {
	.name = "explain",
	.spec = &explain_spec,
	.main = explain_main,
};
