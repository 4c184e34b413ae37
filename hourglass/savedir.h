/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * savedir.h - the directory an experiment saves its trials in (--save):
 * checked before the first trial, never filled with two series unasked
 */
#ifndef HG_SAVEDIR_H
#define HG_SAVEDIR_H

#include <stdbool.h>
#include <stddef.h>

/*
 * hg_savedir_check - check @dir before the first trial: made when missing
 * (its parent must exist), a directory (links followed) this process may
 * write into and search, and empty unless @append: a directory holding
 * files, earlier trials of another series most likely, is refused, since
 * diff would read them all as one series. With @append, @*next is one more
 * than the highest <n> of a trial-<n>.hgt in it (1 when none), so the new
 * trials are added, never written over the old; else 1.
 * Returns 0, or -errno with "--save <dir>: reason (hint)" in @err.
 */
int hg_savedir_check(const char *dir, bool append, size_t *next, char *err, size_t len);

/*
 * hg_savedir_trial - the number of @name when it is "trial-<n>.hgt" (<n>
 * decimal digits, 1 and up), else 0
 */
size_t hg_savedir_trial(const char *name);

#endif /* HG_SAVEDIR_H */
