// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options.c - hand-written parser for the run's command line: the options
 * found in their table (runopts.c), and what each one does with its value
 *
 * The per-thread options are handed to options_apply.c with their scope,
 * which applies them once the whole line is read; options_check.c checks
 * a parsed configuration against the machine.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/cmdopt.h"
#include "hourglass/options.h"
#include "hourglass/optionsint.h"
#include "hourglass/runopts.h"
#include "run/action.h"
#include "run/cpulist.h"
#include "trace/brk.h"
#include "trace/errlen.h"

/* LAT: the paper's table 1 (1, 5, 10, 50 ms), and finer ones below. */
static const uint64_t default_thresholds_ns[] = {
	10000, 50000, 100000, 500000, 1000000, 5000000, 10000000, 50000000,
};

static int parse_time_opt(struct parser *ps, const char *opt, const char *val,
			  uint64_t *ns, bool zero_ok)
{
	return hg_opt_value(HG_OPT_TIME, opt, val, 0, 0, zero_ok ? HG_OPT_ZERO_OK : 0, ns,
			    ps->err, ps->errlen);
}

static int parse_count(struct parser *ps, const char *opt, const char *val,
		       uint64_t lo, uint64_t hi, uint64_t *out)
{
	return hg_opt_value(HG_OPT_COUNT, opt, val, lo, hi, lo ? 0 : HG_OPT_ZERO_OK, out,
			    ps->err, ps->errlen);
}

_Static_assert(HG_MAX_THRESHOLDS <= HG_OPT_LIST_MAX, "--lat-thresholds fits a list");

/* --lat-thresholds <t>[,<t>...]: increasing times, at most HG_MAX_THRESHOLDS. */
static int parse_thresholds(struct parser *ps, const char *opt, const char *val)
{
	static const struct hg_opt row = {
		.name = "lat-thresholds", .kind = HG_OPT_LIST, .elem = HG_OPT_TIME,
		.flags = HG_OPT_INCREASING,
	};
	struct hg_list_parse lp = { .row = &row, .maxn = HG_MAX_THRESHOLDS,
				    .maxlen = HG_LIST_ITEM_MAX };
	struct hg_config *cfg = ps->cfg;
	int ret;

	/* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker): one-value options get one */
	if (strlen(val) >= HG_LIST_ITEM_MAX)
		return hg_args_fail(ps, -EINVAL, "%s: list too long", opt);
	ret = hg_opt_list(&lp, opt, val, ps->err, ps->errlen);
	switch (lp.fault) {
	case HG_LIST_OK:
		memcpy(cfg->thresholds_ns, lp.list.v, lp.list.n * sizeof(lp.list.v[0]));
		cfg->nthresholds = lp.list.n;
		return 0;
	case HG_LIST_EMPTY:
		return hg_args_fail(ps, ret, "%s: empty list (write e.g. 100us,1ms)", opt);
	case HG_LIST_EMPTY_ITEM:
		return hg_args_fail(ps, ret, "%s %s: empty item in the list (write e.g. "
				    "100us,1ms)", opt, val);
	case HG_LIST_TOO_MANY:
		return hg_args_fail(ps, ret, "%s %s: at most %d thresholds", opt, val,
				    HG_MAX_THRESHOLDS);
	case HG_LIST_NOT_INCREASING:
		return hg_args_fail(ps, ret, "%s %s: thresholds must increase", opt, val);
	case HG_LIST_TOO_LONG:	/* not with the whole list shorter than an item may be */
	case HG_LIST_BAD_VALUE:	/* the message is in ps->err */
		break;
	}
	return ret;
}

/* --protocol <lock>=none|inherit|protect; a lock given two protocols is refused */
static int parse_protocol(struct parser *ps, const char *opt, const char *val)
{
	const char *eq = val ? strchr(val, '=') : NULL;
	char name[HG_LOCK_NAME_LEN + 1];
	uint32_t p;
	int k;

	if (!eq || eq == val)
		return hg_args_fail(ps, -EINVAL, "%s %s: write <lock>=none|inherit|protect "
				    "(e.g. L=inherit)", opt, hg_quote(val).s);
	if (hg_lock_protocol_parse(eq + 1, &p))
		return hg_args_fail(ps, -EINVAL, "%s %s: unknown protocol '%s' (choose "
				    "none, inherit or protect)", opt, hg_quote(val).s,
				    hg_quote(eq + 1).s);
	snprintf(name, sizeof(name), "%.*s", (int)(eq - val < HG_LOCK_NAME_LEN ?
		 eq - val : HG_LOCK_NAME_LEN), val);
	k = hg_args_lock(ps, opt, name);
	if (k < 0)
		return k;
	if (ps->protocol_given[k] && ps->cfg->locks[k].protocol != p)
		return hg_args_fail(ps, -EINVAL, "%s %s: lock %s is given two protocols, %s "
				    "and %s (give it one)", opt, hg_quote(val).s, name,
				    hg_lock_protocol_name(ps->cfg->locks[k].protocol),
				    hg_lock_protocol_name(p));
	ps->cfg->locks[k].protocol = p;
	ps->protocol_given[k] = true;
	ps->protocol_arg[k] = val;
	return 0;
}

/*
 * --on-threshold, --on-end <action>: one more action; of stop and
 * continue (what becomes of the run) at most one
 */
static int parse_action(struct parser *ps, const char *opt, const char *val,
			struct hg_actions *as, bool on_end)
{
	struct hg_action a;
	char why[160];
	unsigned int i;

	if (hg_action_parse(val, on_end, &a, why, sizeof(why)))
		return hg_args_fail(ps, -EINVAL, "%s %s: %s", opt, hg_quote(val).s, why);
	if (as->n == HG_MAX_ACTIONS)
		return hg_args_fail(ps, -EINVAL, "%s %s: more than %d actions", opt,
				    hg_quote(val).s, HG_MAX_ACTIONS);
	for (i = 0; i < as->n; i++)
		if ((a.type == HG_ACT_STOP || a.type == HG_ACT_CONTINUE) &&
		    (as->a[i].type == HG_ACT_STOP || as->a[i].type == HG_ACT_CONTINUE))
			return hg_args_fail(ps, -EINVAL, "%s %s: the run already %s at an event "
					    "(give stop or continue once)", opt,
					    hg_quote(val).s, as->a[i].type == HG_ACT_STOP ?
					    "stops" : "continues");
	if (a.type == HG_ACT_CONTINUE)
		ps->cfg->over_keep = a.keep;
	as->a[as->n++] = a;
	return 0;
}

/* -w <workload> [<args>]: consumes the workload's own arguments. */
static int parse_workload(struct parser *ps, const char *opt, int argc,
			  char *const *argv, int *i, const char *val)
{
	struct thread_opt *a;
	const struct hg_workload *wl;
	char why[512];
	unsigned int n = 0, k;

	wl = hg_workload_find(val, why, sizeof(why));
	if (!wl)
		return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
	while (n < wl->max_args && *i + 1 + (int)n < argc) {
		const char *next = argv[*i + 1 + n];

		/* optional arguments are taken while they do not look like options */
		if (n >= wl->min_args && (next[0] == '-' || !next[0]))
			break;
		n++;
	}
	/* a required argument that is an option means one is missing */
	for (k = 0; k < n && k < wl->min_args; k++) {
		const char *word = argv[*i + 1 + k];

		if (word[0] == '-' && ((word[1] >= 'a' && word[1] <= 'z') || word[1] == '-'))
			n = k;
	}
	if (n < wl->min_args)
		return hg_args_fail(ps, -EINVAL, "%s %s: missing argument (usage: %s %s %s)",
			    opt, wl->name, opt, wl->name, wl->args);
	a = hg_args_assign(ps, O_WORKLOAD);
	if (!a)
		return hg_args_fail(ps, -ENOMEM, "out of memory");
	a->v.w.wl = wl;
	if (wl->parse(&a->v.w.p, argv + *i + 1, n, why, sizeof(why)))
		return hg_args_fail(ps, -EINVAL, "%s %s: %s", opt, wl->name, why);
	*i += (int)n;
	return 0;
}

static int parse_one(struct parser *ps, const struct hg_run_opt *o, const char *opt,
		     int argc, char *const *argv, int *i, const char *val)
{
	struct hg_config *cfg = ps->cfg;
	struct thread_opt *a;
	char why[512];
	uint64_t v;
	int ret;

	switch (o->id) {
	case O_THREADS:
		ret = parse_count(ps, opt, val, 1, HG_MAX_THREADS, &v);
		if (ret)
			return ret;
		cfg->nthreads = (unsigned int)v;
		ps->have_n = true;
		return 0;
	case O_DURATION:	/* 0, with or without a unit, is --forever */
		/* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker): as above */
		if (!strcmp(val, "0")) {
			cfg->duration_ns = 0;
			return 0;
		}
		return parse_time_opt(ps, opt, val, &cfg->duration_ns, true);
	case O_CYCLES:
		cfg->raw_cycles = true;
		return 0;
	case O_THREAD:
		ret = parse_count(ps, opt, val, 0, HG_MAX_THREADS - 1, &v);
		if (ret)
			return ret;
		ps->scope = (int)v;
		ps->scope_arg = val;
		if (ps->scope > ps->max_scope) {
			ps->max_scope = ps->scope;
			ps->max_scope_arg = val;
		}
		return 0;
	case O_ALL:
		ps->scope = -1;
		ps->scope_arg = NULL;
		return 0;
	case O_RECORDS:
		return parse_count(ps, opt, val, 1, HG_MAX_RECORDS, &cfg->records);
	case O_GAP:
		return parse_time_opt(ps, opt, val, &cfg->gap_ns, false);
	case O_NO_INTERVALS:
		cfg->no_intervals = true;
		return 0;
	case O_QUIET:
		cfg->quiet = true;
		return 0;
	case O_VERBOSE:
		cfg->verbose = true;
		return 0;
	case O_GAP_HIST:
		cfg->gap_hist = true;
		return 0;
	case O_OUTPUT:
		cfg->out_path = val;
		return 0;
	case O_JSON:
		cfg->json_path = val;
		return 0;
	case O_HISTOGRAM:
		ret = parse_count(ps, opt, val, 1, HG_MAX_HISTOGRAM_US, &v);
		cfg->histogram_us = (uint32_t)v;
		return ret;
	case O_THRESHOLDS:
		cfg->thresholds_set = true;
		return parse_thresholds(ps, opt, val);
	case O_FAIL_ON_MISS:
		cfg->fail_on_miss = true;
		return 0;
	case O_KTAP:
		cfg->ktap = true;
		return 0;
	case O_JUNIT:
		cfg->junit_path = val;
		return 0;
	case O_FOREVER:
		cfg->duration_ns = 0;
		return 0;
	case O_BREAK:
		return parse_time_opt(ps, opt, val, &cfg->break_ns, false);
	case O_BREAK_ON:
		if (hg_break_parse_on(val, &cfg->break_on, why, sizeof(why)))
			return hg_args_fail(ps, -EINVAL, "%s %s: %s%s%schoose from gap, lat, miss, "
				    "separated by commas", opt, hg_quote(val).s, *why ? "'" : "", why,
				    *why ? "' is not one; " : "");
		ps->break_on_given = true;
		return 0;
	case O_ON_THRESHOLD:
	case O_ON_END:
		return parse_action(ps, opt, val, o->id == O_ON_END ? &cfg->on_end :
				    &cfg->on_threshold, o->id == O_ON_END);
	case O_PROM:
		cfg->prom_path = val;
		return 0;
	case O_PROM_INTERVAL:
		ps->prom_interval_given = true;
		return parse_time_opt(ps, opt, val, &cfg->prom_interval_ns, false);
	case O_KERNEL:
		cfg->kernel = true;
		return 0;
	case O_PROTOCOL:
		return parse_protocol(ps, opt, val);
	case O_OVERHEADS:
		if (hg_overheads_read_list(val, &cfg->overheads, why, sizeof(why)))
			return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
		return 0;
	case O_CS_COST:	/* applied once the line is read: it wins over --overheads */
		return parse_time_opt(ps, opt, val, &ps->cs_cost_ns, false);
	case O_LOAD:
		if (hg_load_parse(val, cfg->loads, &cfg->nloads, why, sizeof(why)))
			return hg_args_fail(ps, -EINVAL, "%s", why);
		return 0;
	case O_LOAD_CPU:
		if (hg_cpulist_parse(val, &cfg->load_cpus, why, sizeof(why)))
			return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
		cfg->load_cpus_given = true;
		return 0;
	case O_HELP:
	case O_VERSION:
		return 0;
	default:
		break;
	}
	if (o->scope != HG_SCOPE_THREAD)
		return hg_args_fail(ps, -EINVAL, "%s: internal error", opt);
	if (o->id == O_WORKLOAD)
		return parse_workload(ps, opt, argc, argv, i, val);

	/* the remaining options apply to the threads in scope */
	a = hg_args_assign(ps, o->id);
	if (!a)
		return hg_args_fail(ps, -ENOMEM, "out of memory");
	switch (o->id) {
	case O_PRIORITY:
		if (hg_prio_parse(val, &a->v.prio, why, sizeof(why)))
			return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
		return 0;
	case O_TIMER:
		a->v.timer = hg_timer_find(val, why, sizeof(why));
		if (!a->v.timer && val && *val && strspn(val, "0123456789") == strlen(val))
			/* "-i 1000" from cyclictest's habit, where -i is the interval */
			return hg_args_fail(ps, -EINVAL, "%s: unknown timer '%s' (-i picks the "
					    "timer, e.g. HR; the period is LAT's argument: "
					    "-w LAT %sus)", opt, hg_quote(val).s, hg_quote(val).s);
		if (!a->v.timer)
			return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
		return 0;
	case O_START:
	case O_JITTER:
	case O_BLOCKING:
		return parse_time_opt(ps, opt, val, &a->v.ns, true);
	case O_WCET:
	case O_FINISH:
		return parse_time_opt(ps, opt, val, &a->v.ns, false);
	case O_CPU:
		if (hg_cpulist_parse(val, &a->v.cpus, why, sizeof(why)))
			return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
		return 0;
	case O_CS:
		ret = hg_args_lock(ps, opt, argv[*i]);
		if (ret < 0)
			return ret;
		a->v.cs.lock = (uint32_t)ret;
		ret = parse_time_opt(ps, opt, argv[*i + 1], &a->v.cs.ns, false);
		*i += 1;
		return ret;
	case O_RH:
	case O_RS:
		ret = parse_time_opt(ps, opt, argv[*i], &a->v.resv.budget, false);
		if (!ret)
			ret = parse_time_opt(ps, opt, argv[*i + 1], &a->v.resv.period, false);
		if (!ret && a->v.resv.budget > a->v.resv.period)
			return hg_args_fail(ps, -EINVAL, "%s %s %s: the budget exceeds the period",
				    opt, hg_quote(argv[*i]).s, hg_quote(argv[*i + 1]).s);
		*i += 1;
		return ret;
	default:
		return hg_args_fail(ps, -EINVAL, "%s: internal error", opt);
	}
}

/* The long name nearest to the mistyped @arg, names taken in their rank's order. */
static const char *suggest(const char *arg)
{
	const char *names[HG_RUN_OPTS_MAX] = { NULL };
	const struct hg_run_opt *o;

	for (o = hg_run_opts; o->lg; o++)
		if (o->rank < HG_RUN_OPTS_MAX)
			names[o->rank] = o->lg;
	return hg_opt_suggest(arg, names, HG_RUN_OPTS_MAX, sizeof(names[0]));
}

int hg_parse_args(int argc, char *const *argv, const char *help, struct hg_config *cfg,
		  char *err, size_t errlen)
{
	struct parser ps = {
		.cfg = cfg, .scope = -1, .err = err, .errlen = errlen, .max_scope = -1,
	};
	const struct hg_run_opt *prev = NULL;	/* the option before argv[i] */
	int i, ret = 0, result = HG_ARGS_RUN;

	memset(cfg, 0, sizeof(*cfg));
	cfg->duration_ns = HG_DEFAULT_DURATION_NS;
	cfg->records = HG_DEFAULT_RECORDS;
	cfg->break_on = HG_BREAK_GAP | HG_BREAK_LAT | HG_BREAK_MISS;
	cfg->prom_interval_ns = HG_DEFAULT_PROM_INTERVAL_NS;
	memcpy(cfg->thresholds_ns, default_thresholds_ns, sizeof(default_thresholds_ns));
	cfg->nthresholds = sizeof(default_thresholds_ns) / sizeof(default_thresholds_ns[0]);
	if (err && errlen)
		err[0] = '\0';

	for (i = 1; i < argc && !ret; i++) {
		const char *arg = argv[i], *val = NULL;
		const struct hg_run_opt *o = hg_runopts_find(arg, &val);
		unsigned int need;

		if (!o) {
			/* long names only: "-z" is too short to guess from */
			const char *near = arg[0] == '-' && (arg[1] == '-' ||
							     strcspn(arg + 1, "=") > 2) ?
				suggest(arg) : NULL;
			char several[256];
			size_t rows = 0;

			while (hg_run_opts[rows].lg)
				rows++;
			if (arg[0] == '-' && arg[1] == '-' &&
			    hg_opt_prefixed(arg, &hg_run_opts[0].lg, rows, sizeof(hg_run_opts[0]),
					    several, sizeof(several)) > 1)
				ret = hg_args_fail(&ps, -EINVAL, "ambiguous option '%s' (could be %s)",
					   hg_quote_mem(arg, strcspn(arg, "=")).s, several);
			else if (near)
				ret = hg_args_fail(&ps, -EINVAL, "unknown option '%s' (did you mean --%s?)",
					   hg_quote_mem(arg, strcspn(arg, "=")).s, near);
			else if (arg[0] == '-')
				ret = hg_args_fail(&ps, -EINVAL, "unknown option '%s' (see %s)",
					   hg_quote_mem(arg, strcspn(arg, "=")).s, help);
			else if (prev && prev->id == O_ALL)	/* cyclictest's -a <cpu> */
				ret = hg_args_fail(&ps, -EINVAL, "unexpected argument '%s': %s takes "
					   "no value, it applies what follows to all threads "
					   "(--cpu %s pins them)", hg_quote(arg).s, argv[i - 1],
					   hg_quote(arg).s);
			else if (prev && !prev->nargs)
				ret = hg_args_fail(&ps, -EINVAL, "unexpected argument '%s': %s takes "
					   "no value (see %s)", hg_quote(arg).s, argv[i - 1], help);
			else
				ret = hg_args_fail(&ps, -EINVAL, "unexpected argument '%s' (see %s)",
					   hg_quote(arg).s, help);
			break;
		}
		prev = o;
		if (o->id == O_HELP && !val) {
			result = HG_ARGS_HELP;	/* help wins over anything after it */
			break;
		}
		if (o->id == O_VERSION)
			result = HG_ARGS_VERSION;
		need = o->nargs;
		if (val) {
			char name[32];

			snprintf(name, sizeof(name), "--%s", o->lg);
			if (need != 1) {
				ret = hg_args_fail(&ps, -EINVAL, "%s takes %s", name,
					   need ? "two values, not =<value>" : "no value");
				break;
			}
			ret = parse_one(&ps, o, name, argc, argv, &i, val);
			continue;
		}
		if (i + (int)need >= argc) {
			ret = hg_args_fail(&ps, -EINVAL, "%s: missing %s", arg,
				   need == 2 ? "values (write e.g. 3ms 8ms)" : "value");
			break;
		}
		if (need == 2) {
			i++;	/* parse_one reads argv[i] and argv[i + 1] */
			ret = parse_one(&ps, o, arg, argc, argv, &i, NULL);
			continue;
		}
		if (need == 1)
			val = argv[++i];
		ret = parse_one(&ps, o, arg, argc, argv, &i, val);
	}
	if (!ret && result == HG_ARGS_RUN)
		ret = hg_args_finish(&ps);
	free(ps.as);
	if (ret) {
		hg_config_free(cfg);
		return ret;
	}
	return result;
}

void hg_config_free(struct hg_config *cfg)
{
	free(cfg->threads);
	cfg->threads = NULL;
}
