// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_options_long.c - the run's command line in long options: each the
 * same as its short spelling, --opt=value, unique prefixes, the help hint;
 * -h and -V, and the usage listing every option
 */
#include "optstest.h"

/* ======== long options and --opt=value ======== */

/* each short option and its long spellings give the same configuration */
static const struct {
	words_t sh, lg;
} long_cases[] = {
	{ { "-n", "3" }, { "--threads", "3" } },
	{ { "-n", "3" }, { "--threads=3" } },
	{ { "-n", "1", "-d", "2s" }, { "-n", "1", "--duration", "2s" } },
	{ { "-n", "1", "-d", "2s" }, { "-n", "1", "--duration=2s" } },
	{ { "-n", "1", "-c" }, { "-n", "1", "--cycles" } },
	{ { "-n", "2", "-t", "1", "-p", "HIGH" }, { "-n", "2", "--thread", "1", "-p", "HIGH" } },
	{ { "-n", "2", "-t", "1", "-p", "HIGH" }, { "-n", "2", "--thread=1", "-p", "HIGH" } },
	{ { "-n", "2", "-t", "1", "-p", "LOW", "-a", "-p", "HIGH" },
	  { "-n", "2", "-t", "1", "-p", "LOW", "--all", "-p", "HIGH" } },
	{ { "-n", "1", "-e", "500" }, { "-n", "1", "--records", "500" } },
	{ { "-n", "1", "-e", "500" }, { "-n", "1", "--records=500" } },
	{ { "-n", "1", "-p", "RTHIGH" }, { "-n", "1", "--priority", "RTHIGH" } },
	{ { "-n", "1", "-p", "RTHIGH" }, { "-n", "1", "--priority=RTHIGH" } },
	{ { "-n", "1", "-rh", "3ms", "8ms" }, { "-n", "1", "--reserve-hard", "3ms", "8ms" } },
	{ { "-n", "1", "-rs", "3ms", "8ms" }, { "-n", "1", "--reserve-soft", "3ms", "8ms" } },
	{ { "-n", "1", "-w", "CPU_SCAN_YIELD", "64", "1ms" },
	  { "-n", "1", "--workload", "CPU_SCAN_YIELD", "64", "1ms" } },
	{ { "-n", "1", "-w", "CPU_SCAN_YIELD", "64", "1ms" },
	  { "-n", "1", "--workload=CPU_SCAN_YIELD", "64", "1ms" } },
	{ { "-n", "1", "-w", "PERIODIC", "4ms", "5ms", "-i", "HR" },
	  { "-n", "1", "--workload=PERIODIC", "4ms", "5ms", "--timer=HR" } },
	{ { "-n", "1", "-i", "RTC" }, { "-n", "1", "--timer", "RTC" } },
	{ { "-n", "1", "-s", "1s" }, { "-n", "1", "--start", "1s" } },
	{ { "-n", "1", "-s", "1s" }, { "-n", "1", "--start=1s" } },
	{ { "-n", "1", "-f", "1s" }, { "-n", "1", "--finish", "1s" } },
	{ { "-n", "1", "-f", "1s" }, { "-n", "1", "--finish=1s" } },
	{ { "-n", "1", "-g", "3us" }, { "-n", "1", "--gap", "3us" } },
	{ { "-n", "1", "-g", "3us" }, { "-n", "1", "--gap=3us" } },
	{ { "-n", "1", "-x" }, { "-n", "1", "--no-intervals" } },
	{ { "-n", "1", "-q" }, { "-n", "1", "--quiet" } },
	{ { "-n", "1", "-o", "a.hgt" }, { "-n", "1", "--output", "a.hgt" } },
	{ { "-n", "1", "-o", "a.hgt" }, { "-n", "1", "--output=a.hgt" } },
	{ { "-n", "1", "--json", "a.json" }, { "-n", "1", "--json=a.json" } },
	{ { "-n", "1", "--cpu", "0" }, { "-n", "1", "--cpu=0" } },
	{ { "-n", "1", "--histogram", "20" }, { "-n", "1", "--histogram=20" } },
	{ { "-n", "1", "--lat-thresholds", "1us,1ms" }, { "-n", "1", "--lat-thresholds=1us,1ms" } },
	{ { "-n", "1", "-i", "TIMERFD" }, { "-n", "1", "--timer=timerfd" } },
};

static void assert_same_path(const char *a, const char *b)
{
	if (!a || !b)
		ck_assert_ptr_eq(a, b);
	else
		ck_assert_str_eq(a, b);
}

static void assert_same_thread(const struct hg_thread_cfg *a, const struct hg_thread_cfg *b)
{
	ck_assert_str_eq(a->prio.name, b->prio.name);
	ck_assert_int_eq(a->prio.policy, b->prio.policy);
	ck_assert_int_eq(a->prio.value, b->prio.value);
	ck_assert_ptr_eq(a->wl, b->wl);
	ck_assert_uint_eq(a->wp.scan_bytes, b->wp.scan_bytes);
	ck_assert_uint_eq(a->wp.amount_ns, b->wp.amount_ns);
	ck_assert_uint_eq(a->wp.period_ns, b->wp.period_ns);
	ck_assert_uint_eq(a->wp.deadline_ns, b->wp.deadline_ns);
	ck_assert_str_eq(a->wp.path, b->wp.path);
	ck_assert_ptr_eq(a->timer, b->timer);
	ck_assert_uint_eq(a->start_ns, b->start_ns);
	ck_assert_uint_eq(a->finish_ns, b->finish_ns);
	ck_assert_int_eq(a->reserve, b->reserve);
	ck_assert_uint_eq(a->reserve_budget_ns, b->reserve_budget_ns);
	ck_assert_uint_eq(a->reserve_period_ns, b->reserve_period_ns);
	ck_assert_int_eq(a->pinned, b->pinned);
	ck_assert(CPU_EQUAL(&a->cpus, &b->cpus));
}

static void assert_same_config(const struct hg_config *a, const struct hg_config *b)
{
	unsigned int t;

	ck_assert_uint_eq(a->nthreads, b->nthreads);
	ck_assert_uint_eq(a->duration_ns, b->duration_ns);
	ck_assert_uint_eq(a->records, b->records);
	ck_assert_uint_eq(a->gap_ns, b->gap_ns);
	ck_assert_int_eq(a->raw_cycles, b->raw_cycles);
	ck_assert_int_eq(a->no_intervals, b->no_intervals);
	ck_assert_int_eq(a->quiet, b->quiet);
	ck_assert_int_eq(a->verbose, b->verbose);
	assert_same_path(a->out_path, b->out_path);
	assert_same_path(a->json_path, b->json_path);
	ck_assert_uint_eq(a->histogram_us, b->histogram_us);
	ck_assert_uint_eq(a->nthresholds, b->nthresholds);
	ck_assert_int_eq(memcmp(a->thresholds_ns, b->thresholds_ns, sizeof(a->thresholds_ns)), 0);
	for (t = 0; t < a->nthreads; t++)
		assert_same_thread(&a->threads[t], &b->threads[t]);
}

START_TEST(test_long_same_as_short)
{
	struct hg_config a, b;
	char err[ERR_LEN], line[256];

	ck_assert_msg(parse_words(long_cases[_i].sh, &a, err, sizeof(err)) == HG_ARGS_RUN,
		      "%s: %s", join(long_cases[_i].sh, line, sizeof(line)), err);
	ck_assert_msg(parse_words(long_cases[_i].lg, &b, err, sizeof(err)) == HG_ARGS_RUN,
		      "%s: %s", join(long_cases[_i].lg, line, sizeof(line)), err);
	assert_same_config(&a, &b);
	hg_config_free(&a);
	hg_config_free(&b);
}
END_TEST

/* "--name=" gives the empty value, which is checked as any other */
START_TEST(test_long_empty_value)
{
	PARSE_ARGS("--threads=");
	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "not a number"));
}
END_TEST

/*
 * a long name may be shortened to a unique prefix, as --help says; one
 * that begins several names is refused with them
 */
START_TEST(test_long_prefix)
{
	{
		PARSE_OK("-n", "1", "-w", "LAT", "1ms", "--hist", "50", "--dur=2s", "--out",
			 "r.hgt");
		ck_assert_uint_eq(cfg.histogram_us, 50);
		ck_assert_uint_eq(cfg.duration_ns, 2 * S);
		ck_assert_str_eq(cfg.out_path, "r.hgt");
		hg_config_free(&cfg);
	}
	{	/* a whole name wins over the longer names it begins */
		PARSE_OK("-n", "2", "--thread", "1", "-p", "LOW");
		hg_config_free(&cfg);
	}
	{
		PARSE_FAILS("ambiguous option '--thr' (could be --threads, --thread)", "--thr",
			    "3");
	}
	{
		PARSE_FAILS("ambiguous option '--re' (could be --records, --reserve-hard, "
			    "--reserve-soft)", "-n", "1", "--re=5");
	}
	{
		PARSE_FAILS("unknown option '--histogam' (did you mean --histogram?)", "-n", "1",
			    "--histogam", "5");
	}
}
END_TEST

/* a stray word is pointed at the caller's help: rta's lists what rta takes */
START_TEST(test_help_hint_is_the_callers)
{
	char *argv[] = { "hourglass", "-n", "1", "--bogus", NULL };
	char *stray[] = { "hourglass", "-n", "1", "word", NULL };
	struct hg_config cfg;
	char err[ERR_LEN];

	ck_assert_int_eq(hg_parse_args(4, argv, "hourglass help rta", &cfg, err, sizeof(err)),
			 -EINVAL);
	ck_assert_str_eq(err, "unknown option '--bogus' (see hourglass help rta)");
	ck_assert_int_eq(hg_parse_args(4, stray, "X", &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "unexpected argument 'word' (see X)");
}
END_TEST

/*
 * BUG (hourglass/options.c, hg_parse_args(): "parse_one(&ps, o, arg[1] == '-'
 * ? argv[i] : arg, ...)" passes the whole "--name=value" word as the option
 * name): with --opt=value, every message repeats the value, e.g.
 * "--duration=5parsecs 5parsecs: unknown time unit ..." and
 * "--workload=CPU_SCAN CPU_SCAN: missing argument (usage: --workload=CPU_SCAN
 * CPU_SCAN <size KB>)". The message should name the option, then the value,
 * as it does for "--duration 5parsecs".
 */
static const words_t inline_cases[] = {
	{ "-n", "1", "--duration=5parsecs" },
	{ "--threads=abc" },
	{ "-n", "1", "--records=0" },
	{ "-n", "1", "--start=7" },
	{ "-n", "1", "--workload=CPU_SCAN" },
	{ "-n", "1", "--workload=CPU_YIELD", "0s" },
};

START_TEST(test_long_inline_value_named_once)
{
	const char *const *w = inline_cases[_i];
	struct hg_config cfg;
	char err[ERR_LEN], line[256];
	int ret = parse_words(w, &cfg, err, sizeof(err));

	join(w, line, sizeof(line));
	ck_assert_msg(ret < 0, "%s was accepted", line);
	for (; *w; w++)
		if (strchr(*w, '='))
			ck_assert_msg(!strstr(err, *w), "%s:\n'%s'\nquotes '%s' as the option name",
				      line, err, *w);
}
END_TEST

/* ======== help and version ======== */

static const struct {
	words_t w;
	int result;
} help_cases[] = {
	{ { "-h" }, HG_ARGS_HELP },
	{ { "--help" }, HG_ARGS_HELP },
	{ { "-V" }, HG_ARGS_VERSION },
	{ { "--version" }, HG_ARGS_VERSION },
	{ { "-n", "3", "-h" }, HG_ARGS_HELP },
	{ { "-d", "1s", "--version" }, HG_ARGS_VERSION },
	{ { "-h", "-V" }, HG_ARGS_HELP },
	{ { "-V", "-h" }, HG_ARGS_HELP },
	{ { "--version", "--help" }, HG_ARGS_HELP },
	/* no run, so nothing that only a run needs is checked */
	{ { "-t", "5", "-p", "HIGH", "-h" }, HG_ARGS_HELP },
};

START_TEST(test_help_version)
{
	struct hg_config cfg;
	char err[ERR_LEN], line[256];
	int ret = parse_words(help_cases[_i].w, &cfg, err, sizeof(err));

	ck_assert_msg(ret == help_cases[_i].result, "%s: returned %d (%s)",
		      join(help_cases[_i].w, line, sizeof(line)), ret, err);
	hg_config_free(&cfg);
}
END_TEST

/* --help lists every option in both spellings, every model and timer */
START_TEST(test_help_usage_lists_all)
{
	static const char *const spellings[] = {
		"-n, --threads", "-d, --duration", "-c, --cycles", "-t, --thread",
		"-a, --all", "-e, --records", "-p, --priority", "-rh, --reserve-hard",
		"-rs, --reserve-soft", "-w, --workload", "-i, --timer", "-s, --start",
		"-f, --finish", "-g, --gap", "-x, --no-intervals", "-q, --quiet",
		"-o, --output", "--json", "--cpu", "--histogram", "--lat-thresholds",
		"-h, --help", "-V, --version",
		"IDLE", "LOW", "NORMAL", "HIGH", "HIGHEST", "RTLOW", "RTMED", "RTHIGH",
		"FIFO:", "RR:", "OTHER:", "BATCH", "3m 1.5s 1020ms 87.0us",
	};
	char *text = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	hg_usage(f);
	fclose(f);
	for (i = 0; i < ARRAY_SIZE(spellings); i++)
		ck_assert_msg(strstr(text, spellings[i]), "--help does not mention %s",
			      spellings[i]);
	for (i = 0; hg_workloads[i]; i++)
		ck_assert_msg(strstr(text, hg_workloads[i]->name), "no workload %s",
			      hg_workloads[i]->name);
	for (i = 0; hg_timers[i]; i++)
		ck_assert_msg(strstr(text, hg_timers[i]->name), "no timer %s", hg_timers[i]->name);
	/* every timer but MM works now */
	ck_assert_msg(!strstr(text, "only NATIVE"), "--help says only NATIVE is supported");
	free(text);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("options_long");
	TCase *tc;

	tc = tcase_create("long");
	tcase_add_loop_test(tc, test_long_same_as_short, 0, ARRAY_SIZE(long_cases));
	tcase_add_test(tc, test_long_empty_value);
	tcase_add_test(tc, test_long_prefix);
	tcase_add_test(tc, test_help_hint_is_the_callers);
	tcase_add_loop_test(tc, test_long_inline_value_named_once, 0, ARRAY_SIZE(inline_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("help");
	tcase_add_loop_test(tc, test_help_version, 0, ARRAY_SIZE(help_cases));
	tcase_add_test(tc, test_help_usage_lists_all);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
