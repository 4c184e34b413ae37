/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tailin.h - other tools' latencies for hourglass tail: one value a line
 * (--values), or the histogram that cyclictest -h N -q prints (--cyclictest)
 */
#ifndef HG_TAILIN_H
#define HG_TAILIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HG_TAILIN_ERR 160	/* room for an error line */
#define HG_TAILIN_VALUES_MAX (4ull << 30)	/* the largest --values file read */
#define HG_TAILIN_HIST_MAX (256ull << 20)	/* the largest --cyclictest file read */

/*
 * hg_tailin_values - the values of @f, one a line, in us unless a unit
 * (ns, us, ms, s) follows; empty lines and lines starting with '#' are
 * skipped. Into a new array @x (free() it) of @n, in ns, in the file's order.
 * Returns 0, -EINVAL with the line and a hint in @err, or -ENOMEM.
 */
int hg_tailin_values(FILE *f, double **x, size_t *n, char *err, size_t errlen);

/*
 * hg_tailin_spread - when every one of the @n values @x (ns) is a whole
 * microsecond, take them as truncated to it, as a histogram's are: add to
 * each a fraction of a microsecond, uniform, from a generator of a fixed
 * seed (ties would fail the fit's checks; the same file gives the same
 * answer). Returns whether it did.
 */
bool hg_tailin_spread(double *x, size_t n);

/*
 * struct hg_tailin_hist - a cyclictest histogram: @count[b] samples of
 * b us (truncated) to b + 1 us, for one thread or all added together
 */
struct hg_tailin_hist {
	uint64_t *count;
	size_t nb;
	uint64_t total;
	uint64_t overflows;	/* samples beyond the last bucket */
	unsigned int columns;	/* threads in the file */
};

/*
 * hg_tailin_cyclictest - the histogram of @f (cyclictest -h N -q): the
 * column of thread @thread (from 0), or every column added when @thread
 * is negative
 * Returns 0, -EINVAL with the line and a hint in @err, or -ENOMEM; free
 * @h->count either way.
 */
int hg_tailin_cyclictest(FILE *f, int thread, struct hg_tailin_hist *h, char *err,
			 size_t errlen);

/*
 * hg_tailin_expand - the samples of @h as values (ns), each bucket's @c
 * spread evenly inside it (b + (j + 0.5) / c us), from the top bucket
 * down until at least @want are out and every bucket above @keep_ns is
 * (the samples left out all lie below those given); @below gets how many
 * were left out
 * Returns 0 or -ENOMEM.
 */
int hg_tailin_expand(const struct hg_tailin_hist *h, uint64_t want, double keep_ns,
		     double **x, size_t *n, uint64_t *below);

#endif
