// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_rta.c - hourglass rta: response-time analysis of a task set written
 * as a run's command line, or read from a file
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/tsfrom.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "hourglass/options.h"
#include "hourglass/overin.h"
#include "hourglass/taskin.h"
#include "report/rtaprint.h"
#include "trace/msg.h"
#include "util/errlen.h"

struct rta_args {
	const char *tasks;
	const char *from;
	bool json;
	bool strict;
	bool margin;
	const char *overheads;
	uint64_t cs_cost_ns;
};

static const struct hg_opt rta_opts[] = {
	{ .name = "tasks", .kind = HG_OPT_FILE, .off = offsetof(struct rta_args, tasks),
	  .help = "one task per line: C=<time> T=<time> [D=<time>]\n"
		  "[J=<time>] [B=<time>] [P=<priority>] [CPU=<list>]\n"
		  "[CS=<lock>:<amount>]... [CHAIN=<name>:<position>]...;\n"
		  "lines 'lock <name> none|inherit|protect' before them;\n"
		  "# comments (instead of the options of a run); a\n"
		  "chain's tasks get its reaction-time and data-age\n"
		  "bounds (sampled: each job reads its predecessor's\n"
		  "latest output at its start; after a line 'chain\n"
		  "<name> event', each released by its predecessor's\n"
		  "finish, holistic analysis)" },
	{ .name = "from", .kind = HG_OPT_FILE, .off = offsetof(struct rta_args, from),
	  .help = "the task set of a run's trace: each PERIODIC,\n"
		  "CPU_PERIODIC and LAT thread with its measured C, J,\n"
		  "B and the switch costs, printed beside the worst\n"
		  "responses the run measured (instead of the options\n"
		  "of a run; --protocol <lock>=<protocol> may follow)" },
	{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct rta_args, json),
	  .help = "print one JSON object instead of text" },
	{ .name = "margin", .kind = HG_OPT_FLAG, .off = offsetof(struct rta_args, margin),
	  .help = "also how far the set is from the edge: the critical\n"
		  "scaling factor of every C, the breakdown utilisation,\n"
		  "and each task's largest C and slack" },
	{ .name = "strict", .kind = HG_OPT_FLAG, .off = offsetof(struct rta_args, strict),
	  .help = "exit with status 3 when a task is unschedulable\n"
		  "(with the overheads, when given)" },
	{ .name = "overheads", .kind = HG_OPT_STRING, .value = "<file>[,<file>]",
	  .off = offsetof(struct rta_args, overheads),
	  .help = "also analyse each job charged two switches (ctxcost\n"
		  "--json) and a cache penalty (cachecost --json)" },
	{ .name = "cs-cost", .kind = HG_OPT_TIME,
	  .off = offsetof(struct rta_args, cs_cost_ns),
	  .help = "the same with this switch cost, by hand" },
	HG_OPT_END
};

static const struct hg_cmdspec rta_spec = {
	.name = "rta",
	.summary = "response-time analysis of the PERIODIC threads",
	.about = "Fixed-priority preemptive response-time analysis of the PERIODIC and\n"
		 "PERIODIC_TABLE threads of a command line written as for a run (nothing is\n"
		 "run: -n <threads> [<per-thread options>]...): per task C (the model's\n"
		 "amount, the largest time of a table, or --wcet), T, D (default T; it may\n"
		 "be shorter or longer than T), release jitter J (--jitter) and blocking B\n"
		 "(--blocking, the task's own: it does not delay the tasks below it). Job q\n"
		 "of the busy period ends at the smallest w = (q + 1) C + B + sum over\n"
		 "higher-priority j of ceil((w + J_j) / T_j) C_j and responds J + w - q T;\n"
		 "the response is the longest over the jobs, followed until one ends before\n"
		 "the next is released and at most over one hyperperiod. A level that asks\n"
		 "for more than the whole CPU has no bound (\"unbounded\"); a walk too long\n"
		 "to finish says \"undecided\". Priorities come from -p (real-time classes\n"
		 "and FIFO:n, RR:n); tasks without one, or sharing one, are ordered\n"
		 "rate-monotonically, and the report says which order it used. Each task\n"
		 "is analysed on its CPUs (--cpu; without it, every CPU this process may\n"
		 "run on) with the tasks that may run there: alone on one CPU as above; free\n"
		 "on the same m CPUs with the global fixed-priority test of Bertogna and\n"
		 "Cirinei (RTSS 2007; upper bounds, D <= T); CPUs that overlap without being\n"
		 "equal are not covered. Then the EDF analyses for SCHED_DEADLINE: the\n"
		 "bandwidth of the -rh/-rs reservations against the admission limit, and per\n"
		 "CPU the processor demand with release jitter (D - J left after a late\n"
		 "release) and blocking. Lock sections (--cs, --protocol; CS=, lock lines)\n"
		 "give each task on one CPU its blocking from the tasks below it (Buttazzo,\n"
		 "Hard Real-Time Computing Systems, ch. 7): the priority-inheritance bound,\n"
		 "the longest one section for protect, and no bound (none) when a task of\n"
		 "a priority between can run; that task between is charged the jobs the\n"
		 "lock held back as the upper user's release jitter (J + L - C, L the busy\n"
		 "period of the levels down to the lower user: an upper bound); locks\n"
		 "shared across CPUs are not covered.\n"
		 "A CPU_PERIODIC thread below every other thread on its CPUs is a task of\n"
		 "its amount and period (it never blocks: it takes what the others leave).\n"
		 "Other CPU_PERIODIC and CPU-bound threads at a real-time priority never\n"
		 "block: they are not analysed, and a task at or below one of them on its\n"
		 "one CPU has no bound (\"unbounded\", unschedulable), one with other CPUs\n"
		 "besides is not covered; the prediction after a run says the same.\n"
		 "--from <trace.hgt> builds the tasks from a run: each PERIODIC, LAT and\n"
		 "CPU_PERIODIC thread (the last only where nothing shares its CPUs at its\n"
		 "priority or below) with its measured C (the most one job received), J\n"
		 "(the latest wake-up after a release) and B (the longest lock wait, when\n"
		 "longer than the locks' bound), the options' T, D and priority, and the\n"
		 "switch cost of --overheads or of the run's own preemptions; each value\n"
		 "says where it came from (measured, config, assumed), and each bound is\n"
		 "printed beside the worst response the run measured: a bound below it\n"
		 "says the model is wrong for that run.",
	.opts = rta_opts,
	.rest = "[<options of a run>]",
	.notes = "Output: one line per task, 'rta: thread <n> response <R>ms deadline\n"
		 "<D>ms schedulable|unschedulable|undecided|not-covered test\n"
		 "uniprocessor|global|not-covered cpus <list>' (R may be 'unbounded',\n"
		 "'undecided' or '>=<R>ms'), then a table (lines starting with #); a task\n"
		 "kept out by a thread that never blocks: '# rta: thread <n>: no bound:\n"
		 "thread <h> (<workload>, <priority>) never blocks and can run on its CPU\n"
		 "<list> at its priority or above' (or 'not covered: ...'). Per chain of\n"
		 "--tasks: 'rta: chain <name> tasks <a>><b>... reaction <ms>ms data-age\n"
		 "<ms>ms sampled|event' (sampled: reaction <= sum of (T_i + R_i), data\n"
		 "age <= the same less the last task's T; event: data age <= the chain's\n"
		 "worst end-to-end response, holistic, reaction <= that plus the first's\n"
		 "T; 'unbounded' when a task has no bound).",
};

/* The overheads of --overheads and --cs-cost into @o; 0 or -errno. */
static int overheads(const struct rta_args *a, struct hg_overheads *o, char *err, size_t errlen)
{
	int ret = 0;

	if (a->overheads)
		ret = hg_overheads_read_list(a->overheads, o, err, errlen);
	if (!ret && a->cs_cost_ns) {
		o->switch_ns = a->cs_cost_ns;
		hg_overheads_source(o, "--cs-cost");
	}
	return ret;
}

/* Whether lock @k of @t is taken by a thread without a real-time priority (its number into *@id). */
static bool lock_user_not_rt(const struct hg_trace *t, uint32_t k, uint32_t *id)
{
	uint32_t i, c;

	for (i = 0; i < t->nthreads; i++)
		for (c = 0; c < t->threads[i].ncs && c < HG_MAX_CS; c++)
			if (t->threads[i].cs[c].lock == k && t->threads[i].rt_prio == HG_NO_RT_PRIO) {
				*id = t->threads[i].id;
				return true;
			}
	return false;
}

/*
 * The --protocol <lock>=<protocol> pairs of @run (nothing else: checked
 * before) given with --from, applied to the locks of @t (what the set
 * would do under another protocol). Returns 0 or -EINVAL with the reason
 * in @err.
 */
static int from_protocols(int argc, char **run, struct hg_trace *t, char *err, size_t errlen)
{
	for (int i = 1; i < argc; i += 2) {
		const char *v = i + 1 < argc ? run[i + 1] : "", *eq = strchr(v, '=');
		uint32_t k, proto, id;

		for (k = 0; eq && k < t->nlocks && k < HG_MAX_LOCKS; k++)
			if (strlen(t->locks[k].name) == (size_t)(eq - v) &&
			    !strncmp(t->locks[k].name, v, (size_t)(eq - v)))
				break;
		if (!eq || hg_lock_protocol_parse(eq + 1, &proto)) {
			snprintf(err, errlen, "--protocol '%s': write <lock>=none|inherit|protect", v);
			return -EINVAL;
		}
		if (k >= t->nlocks || k >= HG_MAX_LOCKS) {
			snprintf(err, errlen, "--protocol %s: the run has no lock of that name", v);
			return -EINVAL;
		}
		if (proto == HG_LOCK_PROTECT && lock_user_not_rt(t, k, &id)) {
			snprintf(err, errlen, "--protocol %s: thread %u has no real-time priority",
				 v, id);
			return -EINVAL;
		}
		t->locks[k].protocol = proto;
	}
	return 0;
}

/*
 * The task set of the trace of --from, what it measured into @fr; 0 or
 * -errno, -EIO when a line said why already.
 */
static int from_trace(const struct rta_args *a, int argc, char **run, struct hg_taskset *s,
		      struct hg_tsfrom *fr, char *err, size_t errlen)
{
	struct hg_trace *t;
	int ret;

	memset(s, 0, sizeof(*s));
	memset(fr, 0, sizeof(*fr));
	if (a->tasks) {
		snprintf(err, errlen, "--from takes no --tasks");
		return -EINVAL;
	}
	for (int i = 1; i < argc; i += 2)
		if (strcmp(run[i], "--protocol")) {
			snprintf(err, errlen, "--from takes no run options but --protocol ('%s')",
				 run[i]);
			return -EINVAL;
		}
	ret = overheads(a, &s->ovh, err, errlen);
	if (ret)
		return ret;
	if (hg_cmd_read("rta", a->from, &t))
		return -EIO;	/* said */
	ret = from_protocols(argc, run, t, err, errlen);
	if (!ret)
		ret = hg_tsfrom_build(t, a->from, s, fr, err, errlen);
	hg_trace_free(t);
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	if (ret) {
		hg_tsfrom_free(fr, s);
		return ret;
	}
	hg_taskset_admission(s);
	return 0;
}

/* The task set of --tasks or of the run's options @run; 0 or -errno. */
static int task_set(const struct rta_args *a, int argc, char **run, struct hg_taskset *s,
		    char *err, size_t errlen)
{
	struct hg_config cfg;
	int ret;

	if (a->tasks) {
		if (argc > 1) {
			snprintf(err, errlen, "--tasks takes no run options ('%s')", run[1]);
			return -EINVAL;
		}
		return hg_taskset_read(a->tasks, s, err, errlen);
	}
	ret = hg_parse_args(argc, run, "hourglass help rta", &cfg, err, errlen);
	if (ret == HG_ARGS_VERSION || ret == HG_ARGS_HELP) {
		hg_config_free(&cfg);
		snprintf(err, errlen, "%s: not an option of rta (see hourglass help rta)",
			 ret == HG_ARGS_VERSION ? "-V" : "--help");
		return -EINVAL;
	}
	if (ret)
		return ret;
	ret = hg_taskset_from_config(&cfg, s, err, errlen);
	if (!ret && !s->n) {
		hg_taskset_free(s);
		snprintf(err, errlen, "no PERIODIC thread to analyse "
			 "(give -w PERIODIC <amount> <period> [<deadline>])");
		ret = -EINVAL;
	}
	hg_config_free(&cfg);
	return ret;
}

static int rta_main(int argc, char **argv)
{
	struct rta_args a = { 0 };
	struct hg_tsfrom fr = { 0 };
	struct hg_taskset s;
	size_t unschedulable = 0;
	unsigned int lonely = 0;
	char err[HG_ERR_LEN], **run;
	int ret, nrun;

	run = calloc((size_t)argc + 1, sizeof(*run));
	if (!run) {
		hg_msg("rta: out of memory");
		return 1;
	}
	if (hg_cmdopt_get_rest(&rta_spec, argc, argv, &a, run, &nrun, &ret)) {
		free(run);
		return ret;
	}
	if (a.from) {
		ret = from_trace(&a, nrun, run, &s, &fr, err, sizeof(err));
	} else {
		ret = task_set(&a, nrun, run, &s, err, sizeof(err));
		if (!ret && (ret = overheads(&a, &s.ovh, err, sizeof(err))))
			hg_taskset_free(&s);
	}
	free(run);
	if (ret) {
		if (ret != -EIO)
			hg_msg("rta: %s", err);
		return 2;
	}
	if (s.ovh.noisy[0])
		hg_msg("rta: warning: %s: measured on a machine that was not "
			"quiet (\"quiet\": false): the costs charged may include other tasks' "
			"run time; measure them again on a quiet CPU", s.ovh.noisy);
	for (int k = hg_taskset_lonely_lock(&s, 0, &lonely); k >= 0;
	     k = hg_taskset_lonely_lock(&s, (uint32_t)k + 1, &lonely))
		hg_msg("rta: warning: lock '%s' is used by thread %u only: no "
			"thread ever waits for it", s.locks[k].name, lonely);
	for (size_t i = 0; !a.json && i < s.n; i++)
		if (s.task[i].resv_period_ns) {
			hg_msg("rta: note: thread %u has a reservation: "
				"SCHED_DEADLINE runs it before every fixed priority, which the "
				"fixed-priority analysis does not model; see the EDF lines",
				s.task[i].rta.id);
			break;
		}
	ret = hg_rta_report_margin(stdout, &s, a.json, a.margin, &unschedulable);
	hg_tsfrom_free(&fr, &s);
	if (ret == -EINVAL) {
		hg_msg("rta: a task has an execution time or period of 0");
		return 2;
	}
	if (ret) {
		hg_msg("rta: %s", strerror(-ret));
		return 1;
	}
	ret = hg_cmd_flush("rta", 0);
	if (!ret && a.strict && unschedulable) {
		hg_msg("rta: %zu task%s unschedulable (--strict)",
			unschedulable, unschedulable == 1 ? "" : "s");
		ret = 3;
	}
	return ret;
}

const struct hg_command hg_cmd_rta = {
	.name = "rta",
	.spec = &rta_spec,
	.main = rta_main,
};
