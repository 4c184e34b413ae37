/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * outpath.h - whether an output file can be written, asked before a run so
 * that a run never ends with its output lost
 */
#ifndef HG_OUTPATH_H
#define HG_OUTPATH_H

#include <stdbool.h>
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

/* Messages quote at most this much of a value given (a name, a word). */
#define HG_QUOTE_MAX 200

/*
 * hg_same_output - whether output names @a and @b would write the same
 * file: both exist and are one file (device and inode, through symbolic
 * links and hard links), or they resolve to the same name in the same
 * directory. "-" (standard output) is the same only as "-".
 */
bool hg_same_output(const char *a, const char *b);

/*
 * hg_outputs_clash - whether two of the @n outputs @paths (NULL: not
 * given) of options @opts are the same file (hg_same_output). Returns 0,
 * or -EINVAL with "<opt> <path>: the same file as <opt>" in @why.
 */
int hg_outputs_clash(const char *const *opts, const char *const *paths, size_t n,
		     char *why, size_t len);

/*
 * hg_output_reads - whether one of the @nout outputs @outs (NULL: not
 * given; "-" never is) of options @out_opts is one of the @nin files
 * @ins (NULL: not given) that the same command reads, named by @in_opts:
 * compared as files (device and inode, symbolic links followed), so that
 * a hard link or another spelling of an input is caught. Writing it would
 * destroy the input before (or while) it is read. Returns 0, or -EINVAL
 * with "<opt> <out>: is the input of <in_opt> (writing it would destroy
 * it: write elsewhere)" in @why.
 */
int hg_output_reads(const char *const *out_opts, const char *const *outs, size_t nout,
		    const char *const *in_opts, const char *const *ins, size_t nin,
		    char *why, size_t len);

#endif /* HG_OUTPATH_H */
