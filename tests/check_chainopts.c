// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_chainopts.c - the run's chain options (hourglass/runopts_chain.c):
 * --chain, --chain-mode and --chain-wake parsed into the config, and every
 * chain the run refuses, each with its message
 */
#include <string.h>

#include "helpers.h"
#include "hourglass/options.h"

#define MAX_WORDS 16

/* Parse "hourglass <words>" into @cfg; the result, the message in @err. */
static int parse(const char *const *words, struct hg_config *cfg, char *err, size_t len)
{
	char *argv[MAX_WORDS + 2];
	int argc = 0;

	argv[argc++] = "hourglass";
	while (*words && argc <= MAX_WORDS)
		argv[argc++] = (char *)*words++;
	argv[argc] = NULL;
	err[0] = '\0';
	return hg_parse_args(argc, argv, "hourglass --help", cfg, err, len);
}

#define JOBS "-n", "4", "-w", "PERIODIC", "1ms", "10ms"

START_TEST(test_chain_parsed)
{
	const char *w[] = { JOBS, "--chain", "ctl", "2>0>3", "--chain", "b", "1>3", NULL };
	const char *ok[] = { JOBS, "--chain", "ctl", "2>0>3", "--chain-mode", "sampled", NULL };
	struct hg_config cfg;
	char err[512];

	/* thread 3 in two chains: refused */
	ck_assert_int_eq(parse(w, &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "thread 3 is already in chain ctl"));
	ck_assert_int_eq(parse(ok, &cfg, err, sizeof(err)), HG_ARGS_RUN);
	ck_assert_uint_eq(cfg.nchains, 1);
	ck_assert_str_eq(cfg.chains[0].name, "ctl");
	ck_assert_uint_eq(cfg.chains[0].nstages, 3);
	ck_assert_uint_eq(cfg.chains[0].thread[0], 2);
	ck_assert_uint_eq(cfg.chains[0].thread[1], 0);
	ck_assert_uint_eq(cfg.chains[0].thread[2], 3);
	ck_assert_uint_eq(cfg.chain_mode, HG_CHAIN_SAMPLED);
	hg_config_free(&cfg);
}
END_TEST

START_TEST(test_chain_defaults)
{
	const char *w[] = { JOBS, "--chain", "a", "0>1", "--chain", "b", "2>3", NULL };
	const char *wake[] = { JOBS, "--chain", "a", "0>1", "--chain-wake", "eventfd", NULL };
	struct hg_config cfg;
	char err[512];

	ck_assert_int_eq(parse(w, &cfg, err, sizeof(err)), HG_ARGS_RUN);
	ck_assert_uint_eq(cfg.nchains, 2);
	ck_assert_uint_eq(cfg.chain_mode, HG_CHAIN_EVENT);
	ck_assert_uint_eq(cfg.chain_wake, HG_CHAIN_WAKE_COND);
	hg_config_free(&cfg);
	ck_assert_int_eq(parse(wake, &cfg, err, sizeof(err)), HG_ARGS_RUN);
	ck_assert_uint_eq(cfg.chain_wake, HG_CHAIN_WAKE_EVENTFD);
	hg_config_free(&cfg);
}
END_TEST

/* A chain refused: the words and a fragment of the one-line message. */
static const struct {
	const char *words[MAX_WORDS];
	const char *msg;
} bad[] = {
	{ { JOBS, "--chain", "c", "0>1>1" }, "--chain c 0>1>1: thread twice: thread 1 comes twice" },
	{ { JOBS, "--chain", "c", "0>1>0" }, "--chain c 0>1>0: a cycle: thread 0 comes twice" },
	{ { JOBS, "--chain", "c", "0>7" }, "--chain c: no thread 7 (-n 4 gives threads 0 to 3)" },
	{ { JOBS, "--chain-mode", "sampled" }, "--chain-mode: needs a chain" },
	{ { JOBS, "--chain-wake", "futex" }, "--chain-wake: needs a chain" },
	{ { JOBS, "--chain", "c", "0>1", "--chain-mode", "sampled", "--chain-wake", "pipe" },
	  "--chain-wake pipe: sampled chains are not woken" },
	{ { JOBS, "--chain", "c", "0" }, "a chain needs two threads at least" },
	{ { JOBS, "--chain", "c", "0>x" }, "not a list of threads" },
	{ { JOBS, "--chain", "c", "0>>1" }, "not a list of threads" },
	{ { JOBS, "--chain", "c", "" }, "not a list of threads" },
	{ { JOBS, "--chain", "a b", "0>1" }, "not a chain name" },
	{ { JOBS, "--chain", "c", "0>1", "--chain", "c", "2>3" }, "a chain of that name is given" },
	{ { JOBS, "--chain", "c", "0>1", "--chain-mode", "often" }, "--chain-mode" },
	{ { JOBS, "--chain", "c", "0>1", "--chain-wake", "smoke" }, "--chain-wake" },
	{ { "-n", "2", "--chain", "c", "0>1" }, "thread 0 runs -w CPU, not jobs" },
};

START_TEST(test_chain_bad)
{
	struct hg_config cfg;
	char err[512];
	int ret = parse(bad[_i].words, &cfg, err, sizeof(err));

	ck_assert_msg(ret < 0, "case %d parsed", _i);
	ck_assert_msg(strstr(err, bad[_i].msg), "case %d: '%s' lacks '%s'", _i, err, bad[_i].msg);
	ck_assert_ptr_null(strchr(err, '\n'));
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("chainopts");
	TCase *tc = tcase_create("chain");

	tcase_add_test(tc, test_chain_parsed);
	tcase_add_test(tc, test_chain_defaults);
	tcase_add_loop_test(tc, test_chain_bad, 0, (int)(sizeof(bad) / sizeof(bad[0])));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
