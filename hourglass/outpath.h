/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * outpath.h - whether an output file can be written, asked before a run so
 * that a run never ends with its output lost
 */
#ifndef HG_OUTPATH_H
#define HG_OUTPATH_H

#include <stddef.h>

/*
 * hg_output_problem - why @out cannot be written, or 0, asked before a run:
 *   "empty file name"
 *   "ends in '/': give a file name, not a directory"
 *   "is a directory (give a file name)"
 *   "is the trace file itself"             (@trace, may be NULL)
 *   "path of 4200 bytes, more than 4085 (PATH_MAX, less the temporary file's suffix)"
 *   "the name 'aaaaaaaaaaaa...' is 300 bytes, more than 245 (NAME_MAX, less ...)"
 *   "directory out does not exist"   "out is not a directory"
 *   "cannot write in out: Permission denied"
 * "-" (standard output) and existing files that are not regular (pipes,
 * /dev/null: written in place) are fine. The reason goes to @why; returns
 * 0 or the -errno that goes with it.
 */
int hg_output_problem(const char *out, const char *trace, char *why, size_t len);

#endif /* HG_OUTPATH_H */
