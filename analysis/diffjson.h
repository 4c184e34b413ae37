/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diffjson.h - a trial for diff from a run's summary JSON (--json FILE)
 */
#ifndef HG_DIFFJSON_H
#define HG_DIFFJSON_H

#include <stddef.h>

#include "analysis/diffdata.h"

/* The largest summary read: held in memory whole while parsed. */
#define HG_DIFF_JSON_MAX_BYTES (64ULL << 20)

/*
 * hg_diff_from_json - @tr from the summary at @path (read with json-c):
 * per thread the gap and lateness statistics, misses and jobs, share; the
 * snapshot; the gap threshold. The file is opened as every input is
 * (trace/infile.h): a regular file of at most HG_DIFF_JSON_MAX_BYTES.
 * Returns 0, or -errno with the reason in @err: the open's (-ENOENT "No
 * such file or directory", -ELOOP, -EACCES, -EISDIR "is a directory",
 * -EINVAL "is a FIFO, not a regular file", -EFBIG "larger than 64 MiB"),
 * -EINVAL "not a summary JSON file (...)", -ENOMEM, -EIO.
 */
int hg_diff_from_json(const char *path, struct hg_diff_trial *tr, char *err, size_t errlen);

#endif /* HG_DIFFJSON_H */
