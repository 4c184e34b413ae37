/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * perfin.h - another tool's kernel events for --sched: the file of perf
 * script text read line by line into analysis/kernel/ksched.h, which reads no
 * file itself
 */
#ifndef HG_PERFIN_H
#define HG_PERFIN_H

#include <stddef.h>

#include "analysis/kernel/ksched.h"
#include "trace/kevents.h"
#include "trace/trace.h"

/*
 * hg_perfin_read - the events of the perf script text in @path for the run
 * of @t, into a new *@out: a regular file of at most HG_KSCHED_MAX_BYTES
 * (util/infile.h: "larger than 256 MiB", "is a FIFO, not a regular
 * file", ...), read a line at a time, lines of at most HG_KSCHED_MAX_LINE
 * bytes ("line <n>: longer than 65536 bytes, the most read"). Memory: the
 * events' (24 bytes each), never the text's. @info as hg_ksched_end()
 * fills it, with @path, tamed, as its source.
 * Returns 0 or -errno (those of hg_ksched_end(); of the file: -ENOENT,
 * -EISDIR, -EFBIG, -EINVAL, -E2BIG, -EIO), @err saying why.
 */
int hg_perfin_read(const struct hg_trace *t, const char *path, struct hg_kevents **out,
		   struct hg_ksched_info *info, char *err, size_t errlen);

#endif /* HG_PERFIN_H */
