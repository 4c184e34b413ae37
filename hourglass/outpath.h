/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * outpath.h - whether an output file can be written, asked before a run so
 * that a run never ends with its output lost
 */
#ifndef HG_OUTPATH_H
#define HG_OUTPATH_H

#include <stddef.h>

/*
 * hg_output_problem - why @out cannot be written, or 0: an empty name, a
 * directory, the trace @trace itself (may be NULL), a directory that
 * cannot be written in. "-" (standard output) and existing files that are
 * not regular (pipes, /dev/null) are fine. The reason goes to @why.
 */
int hg_output_problem(const char *out, const char *trace, char *why, size_t len);

#endif /* HG_OUTPATH_H */
