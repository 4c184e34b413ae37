/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tscword.h - what the kernel says of the TSC: told on its command line
 * (tsc=unstable, notsc, tsc=reliable), found at run time and written in
 * its log ("tsc: Marking TSC unstable due to ...", the clocksource
 * watchdog's "Marking clocksource 'tsc' as unstable"), and whether it
 * keeps time with it (its current clocksource). The CPU's flags say what
 * the TSC is built to do; the kernel says what it saw it do on this
 * machine, and overrules them (calibrate's "invariant", the audit's tsc).
 *
 * hg_tsc_word() judges texts, so the audit gives it a copied tree's and
 * the tests any; hg_tsc_word_live() reads the running kernel's.
 */
#ifndef HG_TSCWORD_H
#define HG_TSCWORD_H

#include <stddef.h>

enum hg_tsc_trust {
	HG_TSC_SILENT,		/* the kernel says nothing either way */
	HG_TSC_TRUSTED,		/* it keeps time with the TSC, or was told it is reliable */
	HG_TSC_DISTRUSTED,	/* told or found unstable */
};

#define HG_TSC_WHY	192	/* bytes of a reason */

/*
 * hg_tsc_word - the kernel's word on the TSC from its command line
 * @cmdline, its log @log (@len bytes, not NUL-terminated; NULL: not
 * readable) and its current clocksource @cs (NULL: not readable); the
 * reason into @why ("tsc=unstable on the kernel command line", "the
 * kernel's log: 'tsc: Marking TSC unstable due to boot parameter'", "the
 * kernel's clocksource is tsc"), tamed. Distrust wins over trust: the
 * command line first, then the log's last such line.
 */
enum hg_tsc_trust hg_tsc_word(const char *cmdline, const char *log, size_t len, const char *cs,
			      char *why, size_t whylen);

/*
 * hg_tsc_word_live - hg_tsc_word() of the running kernel: /proc/cmdline,
 * its log by syslog(2) (left out where it needs a privilege this process
 * lacks), its current clocksource
 */
enum hg_tsc_trust hg_tsc_word_live(char *why, size_t whylen);

#endif /* HG_TSCWORD_H */
