// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options.c - the run's command line read with the table of its options
 * (runopts.c): each word found in the table, its values given to the row
 *
 * A row stores its value as its kind says (cmdopt.h's kinds, the
 * subcommands' too) or takes it with its own function; the per-thread
 * options are handed to options_apply.c with their scope, which applies
 * them once the whole line is read; options_check.c checks a parsed
 * configuration against the machine.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/cmdopt.h"
#include "hourglass/options.h"
#include "hourglass/optionsint.h"
#include "hourglass/runopts.h"
#include "trace/brk.h"
#include "util/errlen.h"

/* LAT: the paper's table 1 (1, 5, 10, 50 ms), and finer ones below. */
static const uint64_t default_thresholds_ns[] = {
	10000, 50000, 100000, 500000, 1000000, 5000000, 10000000, 50000000,
};

static size_t count_rows(void)
{
	size_t n = 0;

	while (hg_run_opts[n].opt.name)
		n++;
	return n;
}

const struct hg_run_opt *hg_runopts_find(const char *arg, const char **inline_val)
{
	const struct hg_run_opt *r;
	long i;

	*inline_val = NULL;
	if (arg[0] == '-' && arg[1] == '-') {
		/* the name, or a unique prefix of one ("--hist") */
		i = hg_opt_find_long(arg, &hg_run_opts[0].opt.name, count_rows(),
				     sizeof(hg_run_opts[0]), false, inline_val);
		return i < 0 ? NULL : &hg_run_opts[i];
	}
	for (r = hg_run_opts; r->opt.name; r++)
		if ((r->opt.letter && arg[0] == '-' && arg[1] == r->opt.letter && !arg[2]) ||
		    (r->sh && !strcmp(r->sh, arg)))
			return r;
	return NULL;
}

/* The long name nearest to the mistyped @arg, names taken in their rank's order. */
static const char *suggest(const char *arg)
{
	const char *names[HG_RUN_OPTS_MAX] = { NULL };
	const struct hg_run_opt *r;

	for (r = hg_run_opts; r->opt.name; r++)
		if (r->rank < HG_RUN_OPTS_MAX)
			names[r->rank] = r->opt.name;
	return hg_opt_suggest(arg, names, HG_RUN_OPTS_MAX, sizeof(names[0]));
}

/* An option the table does not know: ambiguous, near one, or unknown. */
static int unknown(struct parser *ps, const char *arg, const char *help)
{
	/* long names only: "-z" is too short to guess from */
	const char *near = arg[1] == '-' || strcspn(arg + 1, "=") > 2 ? suggest(arg) : NULL;
	struct hg_quoted typed = hg_quote_mem(arg, strcspn(arg, "="));
	char several[256];

	if (arg[1] == '-' &&
	    hg_opt_prefixed(arg, &hg_run_opts[0].opt.name, count_rows(), sizeof(hg_run_opts[0]),
			    several, sizeof(several)) > 1)
		return hg_args_fail(ps, -EINVAL, "ambiguous option '%s' (could be %s)", typed.s,
				    several);
	if (near)
		return hg_args_fail(ps, -EINVAL, "unknown option '%s' (did you mean --%s?)",
				    typed.s, near);
	return hg_args_fail(ps, -EINVAL, "unknown option '%s' (see %s)", typed.s, help);
}

/*
 * A word that is no option, after option @prev (NULL: none) written @prev_arg:
 * a value too many, or cyclictest's -a <cpu>
 */
static int stray(struct parser *ps, const char *arg, const struct hg_run_opt *prev,
		 const char *prev_arg, const char *help)
{
	struct hg_quoted q = hg_quote(arg);

	if (prev && (prev->flags & HG_RUNOPT_ALL))
		return hg_args_fail(ps, -EINVAL, "unexpected argument '%s': %s takes no value, "
				    "it applies what follows to all threads (--cpu %s pins "
				    "them)", q.s, prev_arg, q.s);
	if (prev && !prev->nargs)
		return hg_args_fail(ps, -EINVAL, "unexpected argument '%s': %s takes no value "
				    "(see %s)", q.s, prev_arg, help);
	return hg_args_fail(ps, -EINVAL, "unexpected argument '%s' (see %s)", q.s, help);
}

/*
 * The values @v of row @r, written @opt (@v[0] NULL for a row of none):
 * its function's, or stored as its kind says
 */
static int take(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		char *const *v)
{
	struct thread_opt *a;

	if (r->set)
		return r->set(ps, r, opt, v);
	if (r->flags & (HG_RUNOPT_HELP | HG_RUNOPT_VERSION))
		return 0;
	if (r->scope != HG_SCOPE_THREAD)
		return hg_opt_store(r->opt.kind, &r->opt, (char *)ps->cfg + r->opt.off, opt,
				    v[0], ps->err, ps->errlen);
	a = hg_args_assign(ps, r);
	if (!a)
		return hg_args_fail(ps, -ENOMEM, "out of memory");
	return hg_opt_value(r->opt.kind, opt, v[0], r->opt.min, r->opt.max, r->opt.flags,
			    &a->v.ns, ps->err, ps->errlen);
}

/*
 * Option @r, found as argv[ps->next - 1] (@inline_val: its "=value"): its
 * values read from the words after it
 */
static int option(struct parser *ps, const struct hg_run_opt *r, const char *inline_val)
{
	const char *arg = ps->argv[ps->next - 1];
	char *one[1] = { (char *)inline_val }, *none[1] = { NULL };
	char *const *v = ps->argv + ps->next;
	char name[32];

	if (inline_val) {
		snprintf(name, sizeof(name), "--%s", r->opt.name);
		if (r->nargs != 1)
			return hg_args_fail(ps, -EINVAL, "%s takes %s", name,
					    r->nargs ? "two values, not =<value>" : "no value");
		return take(ps, r, name, one);
	}
	if (ps->next + (int)r->nargs > ps->argc)
		return hg_args_fail(ps, -EINVAL, "%s: missing %s", arg,
				    r->nargs == 2 ? "values (write e.g. 3ms 8ms)" : "value");
	ps->next += (int)r->nargs;
	return take(ps, r, arg, r->nargs ? v : none);
}

static void defaults(struct hg_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->duration_ns = HG_DEFAULT_DURATION_NS;
	cfg->records = HG_DEFAULT_RECORDS;
	cfg->break_on = HG_BREAK_GAP | HG_BREAK_LAT | HG_BREAK_MISS;
	cfg->prom_interval_ns = HG_DEFAULT_PROM_INTERVAL_NS;
	memcpy(cfg->thresholds_ns, default_thresholds_ns, sizeof(default_thresholds_ns));
	cfg->nthresholds = sizeof(default_thresholds_ns) / sizeof(default_thresholds_ns[0]);
}

int hg_parse_args(int argc, char *const *argv, const char *help, struct hg_config *cfg,
		  char *err, size_t errlen)
{
	struct parser ps = {
		.cfg = cfg, .argc = argc, .argv = argv, .next = 1, .scope = -1, .err = err,
		.errlen = errlen, .max_scope = -1,
	};
	const struct hg_run_opt *prev = NULL;	/* the option before the word */
	int ret = 0, result = HG_ARGS_RUN;

	defaults(cfg);
	if (err && errlen)
		err[0] = '\0';
	while (ps.next < argc && !ret && result != HG_ARGS_HELP) {
		const char *arg = argv[ps.next++], *val;
		const struct hg_run_opt *r = hg_runopts_find(arg, &val);

		if (!r)
			ret = arg[0] == '-' ? unknown(&ps, arg, help) :
					      stray(&ps, arg, prev, argv[ps.next - 2], help);
		else if ((r->flags & HG_RUNOPT_HELP) && !val)
			result = HG_ARGS_HELP;	/* help wins over anything after it */
		else if (r->flags & HG_RUNOPT_VERSION)
			result = HG_ARGS_VERSION;
		if (r && result != HG_ARGS_HELP)
			ret = option(&ps, r, val);
		prev = r;
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
