/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trial.h - one trial of an experiment: a run, in this process, described
 * by the words a user would type after "hourglass"
 *
 * The experiments (ctxcost, cachecost) do not re-implement a run: they
 * write the run's command line, parse it with the run's parser, check it
 * as a run is checked and hand it to hg_run(). The trace keeps that
 * command line, so a saved trial says how to repeat it by hand.
 */
#ifndef HG_TRIAL_H
#define HG_TRIAL_H

#include <stddef.h>

#include "../trace/trace.h"

/* Words of a trial's command line, at most. */
#define HG_TRIAL_WORDS 64

struct hg_trial_args {
	int argc;
	char *argv[HG_TRIAL_WORDS];	/* argv[0] is "hourglass" */
	char buf[2048];			/* the words' storage */
	size_t used;
};

/* hg_trial_init - an empty command line: "hourglass". */
void hg_trial_init(struct hg_trial_args *a);

/*
 * hg_trial_add - append one word, printf-style
 * Returns 0, or -E2BIG when the words or their storage are full.
 */
int hg_trial_add(struct hg_trial_args *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * hg_trial_run - parse, check and run @a
 * @t:   the finished trace; free with hg_trace_free()
 * @err: on failure, one line (without "hourglass: ")
 * Returns 0; 2 when the words are not a valid run (nothing ran); 1 when
 * the run failed or a thread failed during it.
 */
int hg_trial_run(const struct hg_trial_args *a, struct hg_trace **t, char *err,
		 size_t errlen);

#endif /* HG_TRIAL_H */
