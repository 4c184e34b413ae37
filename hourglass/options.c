// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options.c - hand-written parser for the run's command line
 *
 * Per-thread options are collected with their scope (-t <n>, or -a / none
 * for all threads) and applied in order once -n is known, so -n may come
 * anywhere and a later option overrides an earlier one for its threads.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "../trace/brk.h"
#include "../trace/timeval.h"
#include "cmdopt.h"
#include "cpulist.h"
#include "options.h"
#include "outpath.h"

enum opt_id {
	O_THREADS, O_DURATION, O_CYCLES, O_THREAD, O_ALL, O_RECORDS,
	O_PRIORITY, O_RH, O_RS, O_WORKLOAD, O_TIMER, O_START, O_FINISH,
	O_GAP, O_NO_INTERVALS, O_QUIET, O_OUTPUT, O_JSON, O_CPU,
	O_HISTOGRAM, O_THRESHOLDS, O_GAP_HIST, O_JITTER, O_WCET, O_BLOCKING,
	O_FAIL_ON_MISS, O_FOREVER, O_BREAK, O_BREAK_ON, O_PROM, O_PROM_INTERVAL,
	O_HELP, O_VERSION,
};

struct opt {
	const char *sh;		/* single-dash spelling, or NULL */
	const char *lg;		/* long spelling without "--" */
	enum opt_id id;
	unsigned int nargs;	/* fixed arguments (-w takes its workload's) */
};

static const struct opt opts[] = {
	{ "-n", "threads", O_THREADS, 1 },
	{ "-d", "duration", O_DURATION, 1 },
	{ "-c", "cycles", O_CYCLES, 0 },
	{ "-t", "thread", O_THREAD, 1 },
	{ "-a", "all", O_ALL, 0 },
	{ "-e", "records", O_RECORDS, 1 },
	{ "-p", "priority", O_PRIORITY, 1 },
	{ "-rh", "reserve-hard", O_RH, 2 },
	{ "-rs", "reserve-soft", O_RS, 2 },
	{ "-w", "workload", O_WORKLOAD, 1 },
	{ "-i", "timer", O_TIMER, 1 },
	{ "-s", "start", O_START, 1 },
	{ "-f", "finish", O_FINISH, 1 },
	{ "-g", "gap", O_GAP, 1 },
	{ "-gh", "gap-histogram", O_GAP_HIST, 0 },
	{ "-x", "no-intervals", O_NO_INTERVALS, 0 },
	{ "-q", "quiet", O_QUIET, 0 },
	{ "-o", "output", O_OUTPUT, 1 },
	{ NULL, "json", O_JSON, 1 },
	{ NULL, "cpu", O_CPU, 1 },
	{ NULL, "histogram", O_HISTOGRAM, 1 },
	{ NULL, "lat-thresholds", O_THRESHOLDS, 1 },
	{ NULL, "jitter", O_JITTER, 1 },
	{ NULL, "wcet", O_WCET, 1 },
	{ NULL, "blocking", O_BLOCKING, 1 },
	{ NULL, "fail-on-miss", O_FAIL_ON_MISS, 0 },
	{ NULL, "forever", O_FOREVER, 0 },
	{ NULL, "break", O_BREAK, 1 },
	{ NULL, "break-on", O_BREAK_ON, 1 },
	{ NULL, "prom", O_PROM, 1 },
	{ NULL, "prom-interval", O_PROM_INTERVAL, 1 },
	{ "-h", "help", O_HELP, 0 },
	{ "-V", "version", O_VERSION, 0 },
};

#define NOPTS (sizeof(opts) / sizeof(opts[0]))

/* LAT: the paper's table 1 (1, 5, 10, 50 ms), and finer ones below. */
static const uint64_t default_thresholds_ns[] = {
	10000, 50000, 100000, 500000, 1000000, 5000000, 10000000, 50000000,
};

/* One per-thread option, with the threads it applies to. */
struct assign {
	int scope;		/* -1: all threads */
	const char *scope_arg;	/* the -t value, for messages */
	enum opt_id id;
	union {
		struct hg_prio prio;
		struct {
			const struct hg_workload *wl;
			struct hg_wl_params p;
		} w;
		const struct hg_timer *timer;
		uint64_t ns;
		struct {
			uint64_t budget, period;
		} resv;
		cpu_set_t cpus;
	} v;
};

struct parser {
	struct hg_config *cfg;
	struct assign *as;
	size_t nas, cap;
	int scope;
	const char *scope_arg;
	char *err;
	size_t errlen;
	bool have_n;
	int max_scope;		/* largest -t given, -1 for none */
	bool break_on_given;
	bool prom_interval_given;
	const char *max_scope_arg;
};

static int fail(struct parser *ps, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct parser *ps, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ps->err, ps->errlen, fmt, ap);
	va_end(ap);
	return ret;
}

static struct assign *new_assign(struct parser *ps, enum opt_id id)
{
	struct assign *a;

	if (ps->nas == ps->cap) {
		size_t cap = ps->cap ? ps->cap * 2 : 16;

		a = realloc(ps->as, cap * sizeof(*a));
		if (!a)
			return NULL;
		ps->as = a;
		ps->cap = cap;
	}
	a = &ps->as[ps->nas++];
	memset(a, 0, sizeof(*a));
	a->scope = ps->scope;
	a->scope_arg = ps->scope_arg;
	a->id = id;
	return a;
}

static const struct opt *find_opt(const char *arg, const char **inline_val)
{
	size_t i, n;

	*inline_val = NULL;
	if (arg[0] == '-' && arg[1] == '-') {
		const char *eq = strchr(arg + 2, '=');

		n = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
		for (i = 0; i < NOPTS; i++) {
			if (strlen(opts[i].lg) == n && !strncmp(opts[i].lg, arg + 2, n)) {
				*inline_val = eq ? eq + 1 : NULL;
				return &opts[i];
			}
		}
		return NULL;
	}
	for (i = 0; i < NOPTS; i++)
		if (opts[i].sh && !strcmp(opts[i].sh, arg))
			return &opts[i];
	return NULL;
}

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

/* --lat-thresholds <t>[,<t>...]: increasing times, at most HG_MAX_THRESHOLDS. */
static int parse_thresholds(struct parser *ps, const char *opt, const char *val)
{
	struct hg_config *cfg = ps->cfg;
	char buf[512], *rest = buf, *tok;
	unsigned int n = 0;

	/* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker): one-value options get one */
	if (strlen(val) >= sizeof(buf))
		return fail(ps, -EINVAL, "%s: list too long", opt);
	snprintf(buf, sizeof(buf), "%s", val);
	if (!*buf)
		return fail(ps, -EINVAL, "%s: empty list (write e.g. 100us,1ms)", opt);
	/* strsep, not strtok: "1ms,,2ms" has an empty item, refused as --cpu does */
	while ((tok = strsep(&rest, ","))) {
		int ret;

		if (!*tok)
			return fail(ps, -EINVAL, "%s %s: empty item in the list (write e.g. "
				    "100us,1ms)", opt, val);
		if (n == HG_MAX_THRESHOLDS)
			return fail(ps, -EINVAL, "%s %s: at most %d thresholds", opt, val,
				    HG_MAX_THRESHOLDS);
		ret = parse_time_opt(ps, opt, tok, &cfg->thresholds_ns[n], false);
		if (ret)
			return ret;
		if (n && cfg->thresholds_ns[n] <= cfg->thresholds_ns[n - 1])
			return fail(ps, -EINVAL, "%s %s: thresholds must increase", opt, val);
		n++;
	}
	if (!n)
		return fail(ps, -EINVAL, "%s: empty list (write e.g. 100us,1ms)", opt);
	cfg->nthresholds = n;
	return 0;
}

/* -w <workload> [<args>]: consumes the workload's own arguments. */
static int parse_workload(struct parser *ps, const char *opt, int argc,
			  char *const *argv, int *i, const char *val)
{
	struct assign *a;
	const struct hg_workload *wl;
	char why[512];
	unsigned int n = 0, k;

	wl = hg_workload_find(val, why, sizeof(why));
	if (!wl)
		return fail(ps, -EINVAL, "%s: %s", opt, why);
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
		return fail(ps, -EINVAL, "%s %s: missing argument (usage: %s %s %s)",
			    opt, wl->name, opt, wl->name, wl->args);
	a = new_assign(ps, O_WORKLOAD);
	if (!a)
		return fail(ps, -ENOMEM, "out of memory");
	a->v.w.wl = wl;
	if (wl->parse(&a->v.w.p, argv + *i + 1, n, why, sizeof(why)))
		return fail(ps, -EINVAL, "%s %s: %s", opt, wl->name, why);
	*i += (int)n;
	return 0;
}

static int parse_one(struct parser *ps, const struct opt *o, const char *opt,
		     int argc, char *const *argv, int *i, const char *val)
{
	struct hg_config *cfg = ps->cfg;
	struct assign *a;
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
	case O_FOREVER:
		cfg->duration_ns = 0;
		return 0;
	case O_BREAK:
		return parse_time_opt(ps, opt, val, &cfg->break_ns, false);
	case O_BREAK_ON:
		if (hg_break_parse_on(val, &cfg->break_on, why, sizeof(why)))
			return fail(ps, -EINVAL, "%s %.64s: %s%s%schoose from gap, lat, miss, "
				    "separated by commas", opt, val, *why ? "'" : "", why,
				    *why ? "' is not one; " : "");
		ps->break_on_given = true;
		return 0;
	case O_PROM:
		cfg->prom_path = val;
		return 0;
	case O_PROM_INTERVAL:
		ps->prom_interval_given = true;
		return parse_time_opt(ps, opt, val, &cfg->prom_interval_ns, false);
	case O_HELP:
	case O_VERSION:
		return 0;
	case O_WORKLOAD:
		return parse_workload(ps, opt, argc, argv, i, val);
	default:
		break;
	}

	/* the remaining options apply to the threads in scope */
	a = new_assign(ps, o->id);
	if (!a)
		return fail(ps, -ENOMEM, "out of memory");
	switch (o->id) {
	case O_PRIORITY:
		if (hg_prio_parse(val, &a->v.prio, why, sizeof(why)))
			return fail(ps, -EINVAL, "%s: %s", opt, why);
		return 0;
	case O_TIMER:
		a->v.timer = hg_timer_find(val, why, sizeof(why));
		if (!a->v.timer)
			return fail(ps, -EINVAL, "%s: %s", opt, why);
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
			return fail(ps, -EINVAL, "%s: %s", opt, why);
		return 0;
	case O_RH:
	case O_RS:
		ret = parse_time_opt(ps, opt, argv[*i], &a->v.resv.budget, false);
		if (!ret)
			ret = parse_time_opt(ps, opt, argv[*i + 1], &a->v.resv.period, false);
		if (!ret && a->v.resv.budget > a->v.resv.period)
			return fail(ps, -EINVAL, "%s %s %s: the budget exceeds the period",
				    opt, argv[*i], argv[*i + 1]);
		*i += 1;
		return ret;
	default:
		return fail(ps, -EINVAL, "%s: internal error", opt);
	}
}

static void thread_defaults(struct hg_thread_cfg *t)
{
	memset(t, 0, sizeof(*t));
	t->prio = hg_prio_default();
	t->wl = hg_workload_default();
}

static void apply(const struct assign *a, struct hg_thread_cfg *t)
{
	switch (a->id) {
	case O_PRIORITY:
		t->prio = a->v.prio;
		break;
	case O_WORKLOAD:
		t->wl = a->v.w.wl;
		t->wp = a->v.w.p;
		break;
	case O_TIMER:
		t->timer = a->v.timer;
		break;
	case O_START:
		t->start_ns = a->v.ns;
		break;
	case O_FINISH:
		t->finish_ns = a->v.ns;
		break;
	case O_JITTER:
		t->jitter_ns = a->v.ns;
		break;
	case O_WCET:
		t->wcet_ns = a->v.ns;
		break;
	case O_BLOCKING:
		t->blocking_ns = a->v.ns;
		break;
	case O_CPU:
		t->pinned = true;
		t->cpus = a->v.cpus;
		break;
	case O_RH:
	case O_RS:
		t->reserve = a->id == O_RH ? HG_RESERVE_HARD : HG_RESERVE_SOFT;
		t->reserve_budget_ns = a->v.resv.budget;
		t->reserve_period_ns = a->v.resv.period;
		break;
	default:
		break;
	}
}

static int finish(struct parser *ps)
{
	struct hg_config *cfg = ps->cfg;
	char a[32], b[32];
	size_t i;
	unsigned int t;

	if (!ps->have_n)
		return fail(ps, -EINVAL, "-n <threads> is required (e.g. -n 3)");
	if (ps->max_scope >= (int)cfg->nthreads)
		return fail(ps, -EINVAL, "-t %s: no such thread (-n %u gives threads 0 to %u)",
			    ps->max_scope_arg, cfg->nthreads, cfg->nthreads - 1);
	cfg->threads = calloc(cfg->nthreads, sizeof(*cfg->threads));
	if (!cfg->threads)
		return fail(ps, -ENOMEM, "out of memory");
	for (t = 0; t < cfg->nthreads; t++)
		thread_defaults(&cfg->threads[t]);
	for (i = 0; i < ps->nas; i++) {
		const struct assign *as = &ps->as[i];

		for (t = 0; t < cfg->nthreads; t++)
			if (as->scope < 0 || as->scope == (int)t)
				apply(as, &cfg->threads[t]);
	}
	for (t = 0; t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *th = &cfg->threads[t];
		uint64_t end = th->finish_ns ? th->finish_ns : cfg->duration_ns;

		if (!end)	/* --forever */
			end = UINT64_MAX;
		if (cfg->duration_ns && th->finish_ns > cfg->duration_ns)
			return fail(ps, -EINVAL, "thread %u: -f %s is after the end of the run (-d %s)",
				    t, hg_format_time(th->finish_ns, a, sizeof(a)),
				    hg_format_time(cfg->duration_ns, b, sizeof(b)));
		if (th->start_ns >= end)
			return fail(ps, -EINVAL, "thread %u: -s %s is not before its end (%s)",
				    t, hg_format_time(th->start_ns, a, sizeof(a)),
				    hg_format_time(end, b, sizeof(b)));
	}
	if (cfg->out_path && cfg->json_path && !strcmp(cfg->out_path, "-") &&
	    !strcmp(cfg->json_path, "-"))
		return fail(ps, -EINVAL, "-o -: standard output is --json's already; "
			    "write one of them to a file");
	{
		/* compared as files: two names may be one file (a symbolic link, ./x) */
		const char *const names[] = { "--json", "-o", "--prom" };
		const char *const paths[] = { cfg->json_path, cfg->out_path, cfg->prom_path };
		char why[HG_QUOTE_MAX + 128];

		if (hg_outputs_clash(names, paths, 3, why, sizeof(why)))
			return fail(ps, -EINVAL, "%s", why);
	}
	if (ps->break_on_given && !cfg->break_ns)
		return fail(ps, -EINVAL, "--break-on: needs --break <time>, the threshold");
	if (ps->prom_interval_given && !cfg->prom_path)
		return fail(ps, -EINVAL, "--prom-interval: needs --prom <file>");
	return 0;
}

int hg_parse_args(int argc, char *const *argv, const char *help, struct hg_config *cfg,
		  char *err, size_t errlen)
{
	struct parser ps = {
		.cfg = cfg, .scope = -1, .err = err, .errlen = errlen, .max_scope = -1,
	};
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
		const struct opt *o = find_opt(arg, &val);
		unsigned int need;

		if (!o) {
			/* long names only: "-z" is too short to guess from */
			const char *near = arg[0] == '-' && (arg[1] == '-' ||
							     strcspn(arg + 1, "=") > 2) ?
				hg_opt_suggest(arg, &opts[0].lg, NOPTS, sizeof(opts[0])) : NULL;

			if (near)
				ret = fail(&ps, -EINVAL, "unknown option '%.*s' (did you mean --%s?)",
					   (int)strcspn(arg, "="), arg, near);
			else if (arg[0] == '-')
				ret = fail(&ps, -EINVAL, "unknown option '%.*s' (see %s)",
					   (int)strcspn(arg, "="), arg, help);
			else
				ret = fail(&ps, -EINVAL, "unexpected argument '%s' (see %s)", arg, help);
			break;
		}
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
				ret = fail(&ps, -EINVAL, "%s takes %s", name,
					   need ? "two values, not =<value>" : "no value");
				break;
			}
			ret = parse_one(&ps, o, name, argc, argv, &i, val);
			continue;
		}
		if (i + (int)need >= argc) {
			ret = fail(&ps, -EINVAL, "%s: missing %s", arg,
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
		ret = finish(&ps);
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

static int check_writable(const char *opt, const char *path, char *err, size_t errlen)
{
	char why[PATH_MAX + 64];

	if (!hg_output_problem(path, NULL, why, sizeof(why)))
		return 0;
	if (*path)
		snprintf(err, errlen, "%s %s: %s", opt, path, why);
	else
		snprintf(err, errlen, "%s: %s", opt, why);
	return -EINVAL;
}

int hg_config_check(const struct hg_config *cfg, const cpu_set_t *online,
		    char *err, size_t errlen)
{
	char list[256], bad_list[256], have[256];
	unsigned int t;

	for (t = 0; t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *th = &cfg->threads[t];
		cpu_set_t bad;

		if (th->pinned) {
			CPU_XOR(&bad, &th->cpus, online);
			CPU_AND(&bad, &bad, &th->cpus);
			if (CPU_COUNT(&bad)) {
				snprintf(err, errlen, "thread %u: --cpu %s: CPU %s not available "
					 "(this process may use %s)", t,
					 hg_cpulist_format(&th->cpus, list, sizeof(list)),
					 hg_cpulist_format(&bad, bad_list, sizeof(bad_list)),
					 hg_cpulist_format(online, have, sizeof(have)));
				return -EINVAL;
			}
		}
		if (th->timer && th->timer->check) {
			char why[512];

			if (th->timer->check(why, sizeof(why))) {
				snprintf(err, errlen, "thread %u: %s", t, why);
				return -EINVAL;
			}
		}
		if (th->reserve != HG_RESERVE_NONE && th->pinned) {
			snprintf(err, errlen, "thread %u: %s cannot be combined with --cpu: a "
				 "SCHED_DEADLINE thread must be allowed on every CPU of its root "
				 "domain", t, th->reserve == HG_RESERVE_HARD ? "-rh" : "-rs");
			return -EINVAL;
		}
	}
	if (cfg->out_path && check_writable("-o", cfg->out_path, err, errlen))
		return -EINVAL;
	if (cfg->json_path && check_writable("--json", cfg->json_path, err, errlen))
		return -EINVAL;
	if (cfg->prom_path && check_writable("--prom", cfg->prom_path, err, errlen))
		return -EINVAL;
	return 0;
}

/* The timed models' names, "PERIODIC, PERIODIC_TABLE and LAT". */
static char *timed_models(char *buf, size_t len)
{
	const char *names[16];
	size_t i, k = 0, j, at = 0;

	for (i = 0; hg_workloads[i] && k < 16; i++)
		if (hg_workloads[i]->timed)
			names[k++] = hg_workloads[i]->name;
	buf[0] = '\0';
	for (j = 0; j < k && at < len; j++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
				       !j ? "" : j == k - 1 ? " and " : ", ", names[j]);
	return buf;
}

/* -i on threads that never sleep, when no thread that sleeps has it. */
static unsigned int warn_timer(const struct hg_config *cfg, const struct hg_timer *timer,
			       FILE *f)
{
	unsigned int t, first = 0, n = 0;
	char models[128], more[32] = "";

	for (t = 0; t < cfg->nthreads; t++) {
		const struct hg_thread_cfg *th = &cfg->threads[t];

		if (th->timer != timer)
			continue;
		if (th->wl->timed)
			return 0;
		if (!n++)
			first = t;
	}
	if (!n)
		return 0;
	if (n > 1)
		snprintf(more, sizeof(more), " and %u more", n - 1);
	fprintf(f, "hourglass: warning: -i %s has no effect: thread %u (%s)%s never sleep%s; "
		"the timer is what %s sleep on\n", timer->name, first,
		cfg->threads[first].wl->name, more, n > 1 ? "" : "s",
		timed_models(models, sizeof(models)));
	return 1;
}

/* C > T or C > D: every job of a PERIODIC or CPU_PERIODIC thread misses. */
static unsigned int warn_amount(const struct hg_config *cfg, unsigned int t, FILE *f)
{
	const struct hg_thread_cfg *th = &cfg->threads[t];
	const struct hg_wl_params *p = &th->wp;
	char c[32], lim[32], desc[160];
	bool over_t;

	if ((th->wl->model != HG_MODEL_PERIODIC && th->wl->model != HG_MODEL_CPU_PERIODIC) ||
	    !p->amount_ns || !p->period_ns)
		return 0;
	over_t = p->amount_ns > p->period_ns;
	if (!over_t && (!p->deadline_ns || p->amount_ns <= p->deadline_ns))
		return 0;
	th->wl->describe(p, desc, sizeof(desc));
	fprintf(f, "hourglass: warning: thread %u: -w %s: the amount C (%s) exceeds the %s "
		"(%s): every job misses its deadline\n", t, desc,
		hg_format_time(p->amount_ns, c, sizeof(c)), over_t ? "period T" : "deadline D",
		hg_format_time(over_t ? p->period_ns : p->deadline_ns, lim, sizeof(lim)));
	return 1;
}

unsigned int hg_config_warn(const struct hg_config *cfg, FILE *f)
{
	unsigned int t, n = 0, lat = 0;
	size_t i;

	for (t = 0; t < cfg->nthreads; t++) {
		lat += cfg->threads[t].wl->model == HG_MODEL_LAT;
		n += warn_amount(cfg, t, f);
	}
	for (i = 0; hg_timers[i]; i++)
		n += warn_timer(cfg, hg_timers[i], f);
	if (!lat && cfg->histogram_us) {
		fprintf(f, "hourglass: warning: --histogram %u has no effect: no thread runs LAT "
			"(-w LAT <period>)\n", cfg->histogram_us);
		n++;
	}
	if (!lat && cfg->thresholds_set) {
		fputs("hourglass: warning: --lat-thresholds has no effect: no thread runs LAT "
		      "(-w LAT <period>)\n", f);
		n++;
	}
	return n;
}
