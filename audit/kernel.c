// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel.c - the checks of the kernel as a whole: its preemption model, RT
 * throttling, the command line's threadirqs and skew_tick, timer migration,
 * the NMI watchdog, tracing left on
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "audit/checks.h"
#include "audit/preempt.h"
#include "audit/sysread.h"

#define FIX_RT		"boot a PREEMPT_RT kernel (Debian: linux-image-rt-amd64)"

static int preempt_model(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	const char *kind;
	struct hg_preempt p;
	int ret = hg_preempt_read(ctx, &p);

	if (ret < 0)
		return ret;
	kind = p.dynamic ? "PREEMPT_DYNAMIC in mode" : "preemption model";
	switch (p.model) {
	case HG_PREEMPT_RT:
		return hg_audit_say(res, HG_AUDIT_PASS, "PREEMPT_RT (%s)", p.from);
	case HG_PREEMPT_FULL:
	case HG_PREEMPT_LAZY:
		hg_audit_fix(res, "%s for bounded latencies in the kernel's own code", FIX_RT);
		return hg_audit_say(res, HG_AUDIT_WARN, "%s %s (%s)", kind,
				    hg_preempt_name(p.model), p.from);
	case HG_PREEMPT_UNKNOWN:
		hg_audit_fix(res, "add preempt=full to the kernel command line, or " FIX_RT);
		return hg_audit_say(res, HG_AUDIT_WARN, "PREEMPT_DYNAMIC, mode unknown (%s)",
				    p.from);
	default:
		break;
	}
	if (p.dynamic)
		hg_audit_fix(res, "add preempt=full to the kernel command line (at once: echo "
			     "full > /sys/kernel/debug/sched/preempt), better " FIX_RT);
	else
		hg_audit_fix(res, FIX_RT ", or one built with PREEMPT_DYNAMIC booted with "
			     "preempt=full");
	return hg_audit_say(res, HG_AUDIT_FAIL, "%s %s (%s)", kind, hg_preempt_name(p.model),
			    p.from);
}

const struct hg_audit_check hg_audit_preempt = {
	.id = "preempt-model",
	.why = "without PREEMPT_RT a task waking up waits for the kernel code running "
	       "on its CPU to reach a preemption point, for milliseconds at worst",
	.judge = preempt_model,
};

static int rt_throttling(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	long long runtime, period;
	int ret = hg_sys_long(ctx, &runtime, "proc/sys/kernel/sched_rt_runtime_us");

	if (!ret)
		ret = hg_sys_long(ctx, &period, "proc/sys/kernel/sched_rt_period_us");
	if (ret)
		return ret;
	if (runtime < 0)
		return hg_audit_say(res, HG_AUDIT_PASS, "off (sched_rt_runtime_us is -1)");
	hg_audit_fix(res, "sysctl -w kernel.sched_rt_runtime_us=-1 (only when the RT "
		     "tasks cannot run away)");
	if (period > 0 && runtime * 100 >= period * 95)
		return hg_audit_say(res, HG_AUDIT_WARN, "sched_rt_runtime_us is %lld of %lld us",
				    runtime, period);
	return hg_audit_say(res, HG_AUDIT_FAIL, "sched_rt_runtime_us is %lld of %lld us "
			    "(below 95 %%)", runtime, period);
}

const struct hg_audit_check hg_audit_rt_throttling = {
	.id = "rt-throttling",
	.why = "RT tasks that ran for sched_rt_runtime_us of a period are stopped until it "
	       "ends: a busy RT test is stalled for the rest of the period",
	.judge = rt_throttling,
};

/* A command-line parameter's check: @name present (and, @want, of that value). */
static int param(const struct hg_audit_ctx *ctx, struct hg_audit_result *res,
		 const char *name, const char *want)
{
	char val[256];
	int ret = hg_sys_cmdline_param(ctx, name, val, sizeof(val));

	if (ret < 0)
		return ret;
	if (ret && (!want || !strcmp(val, want)))
		return hg_audit_say(res, HG_AUDIT_PASS, "%s%s%s on the kernel command line",
				    name, want ? "=" : "", want ? want : "");
	hg_audit_fix(res, "add %s%s%s to the kernel command line", name, want ? "=" : "",
		     want ? want : "");
	if (ret)
		return hg_audit_say(res, HG_AUDIT_WARN, "%s=%s on the kernel command line", name,
				    val);
	return hg_audit_say(res, HG_AUDIT_WARN, "no %s on the kernel command line", name);
}

static int threadirqs(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	long long rt = 0;

	if (!hg_sys_long(ctx, &rt, "sys/kernel/realtime") && rt == 1)
		return hg_audit_say(res, HG_AUDIT_PASS, "PREEMPT_RT: interrupt handlers always "
				    "run in threads");
	return param(ctx, res, "threadirqs", NULL);
}

const struct hg_audit_check hg_audit_threadirqs = {
	.id = "threadirqs",
	.why = "interrupt handlers run in threads can be given priorities below the RT "
	       "test's; otherwise every handler preempts it",
	.judge = threadirqs,
};

static int skew_tick(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	return param(ctx, res, "skew_tick", "1");
}

const struct hg_audit_check hg_audit_skew_tick = {
	.id = "skew-tick",
	.why = "with the ticks of all CPUs at the same instant they contend for the same "
	       "locks (jiffies, RCU), lengthening each tick",
	.judge = skew_tick,
};

static int timer_migration(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	long long v;
	int ret = hg_sys_long(ctx, &v, "proc/sys/kernel/timer_migration");

	if (ret)
		return ret;
	if (!v)
		return hg_audit_say(res, HG_AUDIT_PASS, "off (kernel.timer_migration is 0)");
	hg_audit_fix(res, "sysctl -w kernel.timer_migration=0");
	return hg_audit_say(res, HG_AUDIT_WARN, "on (kernel.timer_migration is %lld)", v);
}

const struct hg_audit_check hg_audit_timer_migration = {
	.id = "timer-migration",
	.why = "timers migrated from idle CPUs may expire on the measured CPU and run "
	       "their handlers there",
	.judge = timer_migration,
};

static int nmi_watchdog(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	long long v;
	int ret = hg_sys_long(ctx, &v, "proc/sys/kernel/nmi_watchdog");

	if (ret == -ENOENT)
		return hg_audit_say(res, HG_AUDIT_SKIP, "no kernel.nmi_watchdog (not built in)");
	if (ret)
		return ret;
	if (!v)
		return hg_audit_say(res, HG_AUDIT_PASS, "off (kernel.nmi_watchdog is 0)");
	hg_audit_fix(res, "sysctl -w kernel.nmi_watchdog=0, or nmi_watchdog=0 on the kernel "
		     "command line");
	return hg_audit_say(res, HG_AUDIT_WARN, "on (kernel.nmi_watchdog is %lld)", v);
}

const struct hg_audit_check hg_audit_nmi_watchdog = {
	.id = "nmi-watchdog",
	.why = "the NMI watchdog's periodic non-maskable interrupt stops every CPU for a "
	       "few microseconds, and nothing can defer it",
	.judge = nmi_watchdog,
};

static int tracing(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	static const char *const dirs[] = { "sys/kernel/tracing", "sys/kernel/debug/tracing" };
	char tracer[64], events[256];
	size_t i;
	int ret = -ENOENT;

	for (i = 0; i < 2 && ret == -ENOENT; i++)
		ret = hg_sys_line(ctx, tracer, sizeof(tracer), "%s/current_tracer", dirs[i]);
	if (ret == -ENOENT)
		return hg_audit_say(res, HG_AUDIT_SKIP, "tracefs is not mounted");
	if (ret < 0)
		return ret;
	i--;
	ret = hg_sys_line(ctx, events, sizeof(events), "%s/set_event", dirs[i]);
	if (ret < 0 && ret != -ENODATA && ret != -ENOENT)
		return ret;
	if (ret < 0)
		events[0] = '\0';
	if (!strcmp(tracer, "nop") && !events[0])
		return hg_audit_say(res, HG_AUDIT_PASS, "no tracer and no event enabled");
	hg_audit_fix(res, "echo nop > /%s/current_tracer; echo > /%s/set_event (or "
		     "trace-cmd reset)", dirs[i], dirs[i]);
	if (strcmp(tracer, "nop"))
		return hg_audit_say(res, HG_AUDIT_FAIL, "the %s tracer is on", tracer);
	return hg_audit_say(res, HG_AUDIT_WARN, "events enabled: %.200s%s", events,
			    strlen(events) > 200 ? "..." : "");
}

const struct hg_audit_check hg_audit_tracing = {
	.id = "tracing",
	.why = "a tracer or trace events left on add their cost to every event they "
	       "record, on every CPU",
	.judge = tracing,
};
