/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * optstest.h - shared by the tests of the run's command line
 * (check_options*.c): hg_parse_args() on an argv or a table's words
 * (PARSE_ARGS, parse_words()), a command line then checked
 * (check_words()), the CPUs, the default thresholds and the fields of a
 * thread left alone
 */
#ifndef HG_TEST_OPTSTEST_H
#define HG_TEST_OPTSTEST_H

#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "hourglass/options.h"
#include "run/action.h"
#include "run/cpulist.h"
#include "trace/brk.h"
#include "util/errlen.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define MAX_WORDS	24
#define LONG_VALUE	5000	/* a value longer than any message */
#define ERR_LEN		512
#define MS		1000000ULL
#define S		1000000000ULL

/*
 * PARSE_ARGS - as rtla's tests do: run hg_parse_args() on "hourglass" and
 * the words given; declares argv, argc, cfg, err and ret.
 */
#define PARSE_ARGS(...)							\
	char *argv[] = { "hourglass", __VA_ARGS__, NULL };		\
	int argc = (int)ARRAY_SIZE(argv) - 1;				\
	struct hg_config cfg;						\
	char err[ERR_LEN];						\
	int ret = hg_parse_args(argc, argv, "hourglass --help", &cfg, err, sizeof(err))

/* PARSE_OK - PARSE_ARGS, and the result is a run */
#define PARSE_OK(...)							\
	PARSE_ARGS(__VA_ARGS__);					\
	ck_assert_msg(ret == HG_ARGS_RUN, "returned %d: %s", ret, err)

/* PARSE_FAILS - PARSE_ARGS, and it fails with exactly @msg */
#define PARSE_FAILS(msg, ...)						\
	PARSE_ARGS(__VA_ARGS__);					\
	ck_assert_msg(ret < 0, "returned %d, want an error", ret);	\
	ck_assert_str_eq(err, msg)

/* A command line in a table: the words after "hourglass", NULL-terminated. */
typedef const char *words_t[MAX_WORDS];

static inline int parse_words(const char *const *words, struct hg_config *cfg,
			      char *err, size_t len)
{
	char *argv[MAX_WORDS + 2];
	int argc = 0;

	argv[argc++] = "hourglass";
	while (argc <= MAX_WORDS && *words)
		argv[argc++] = (char *)*words++;
	argv[argc] = NULL;
	return hg_parse_args(argc, argv, "hourglass --help", cfg, err, len);
}

/* the words as one line, for failure messages */
static inline const char *join(const char *const *words, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (; *words && at < len; words++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? " " : "", *words);
	return buf;
}

static inline const char *prio_of(const struct hg_config *cfg, unsigned int t)
{
	return cfg->threads[t].prio.name;
}

static inline const char *wl_of(const struct hg_config *cfg, unsigned int t)
{
	return cfg->threads[t].wl->name;
}

static inline void assert_thread_defaults(const struct hg_thread_cfg *th)
{
	ck_assert_str_eq(th->prio.name, "NORMAL");
	ck_assert_int_eq(th->prio.policy, SCHED_OTHER);
	ck_assert_int_eq(th->prio.value, 0);
	ck_assert_str_eq(th->wl->name, "CPU");
	ck_assert_ptr_null(th->timer);
	ck_assert_uint_eq(th->start_ns, 0);
	ck_assert_uint_eq(th->finish_ns, 0);
	ck_assert_int_eq(th->reserve, HG_RESERVE_NONE);
	ck_assert(!th->pinned);
}

/* a CPU set from a list such as "0-3,8" */
static inline void cpus_of(const char *list, cpu_set_t *set)
{
	char err[128];

	ck_assert_msg(!hg_cpulist_parse(list, set, err, sizeof(err)), "%s", err);
}

/* the CPUs this process may run on */
static inline void online_cpus(cpu_set_t *set)
{
	ck_assert_int_eq(sched_getaffinity(0, sizeof(*set), set), 0);
}

/* parse @words (which must parse), then hg_config_check() them against @online */
static inline int check_words(const char *const *words, const cpu_set_t *online,
			      char *err, size_t len)
{
	struct hg_config cfg;
	char line[1024];
	int ret = parse_words(words, &cfg, err, len);

	ck_assert_msg(ret == HG_ARGS_RUN, "%s: returned %d: %s",
		      join(words, line, sizeof(line)), ret, err);
	ret = hg_config_check(&cfg, online, err, len);
	hg_config_free(&cfg);
	return ret;
}

/* the default LAT thresholds: the paper's table 1 (1, 5, 10, 50 ms) and finer ones */
static const uint64_t default_thresholds_ns[] = {
	10000, 50000, 100000, 500000, MS, 5 * MS, 10 * MS, 50 * MS,
};

static inline void assert_thresholds(const struct hg_config *cfg, const uint64_t *want,
				     unsigned int n)
{
	unsigned int i;

	ck_assert_uint_eq(cfg->nthresholds, n);
	for (i = 0; i < n; i++)
		ck_assert_msg(cfg->thresholds_ns[i] == want[i], "threshold %u: %llu, want %llu",
			      i, (unsigned long long)cfg->thresholds_ns[i],
			      (unsigned long long)want[i]);
}

#endif /* HG_TEST_OPTSTEST_H */
