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

/* Threads in a summary, at most (a run has at most 1024): ids 0 to 1023. */
#define HG_DIFF_JSON_MAX_THREADS 1024

/* The largest count, time (ns) or share read: 2^53, exact as a double. */
#define HG_DIFF_JSON_MAX_VALUE 9007199254740992LL

/* JSON nested deeper than this is refused as it is parsed. */
#define HG_DIFF_JSON_MAX_DEPTH 64

/* Room for a field's JSON path in a message: "threads[1023].model.lateness.p999_ns". */
#define HG_DIFF_PATH 96

/*
 * hg_diff_from_json - @tr from the summary at @path (read with json-c):
 * per thread the gap and lateness statistics, misses and jobs, share; the
 * snapshot; the gap threshold. The file is opened as every input is
 * (util/infile.h): a regular file of at most HG_DIFF_JSON_MAX_BYTES.
 * Returns 0, or -errno with the reason in @err: the open's (-ENOENT "No
 * such file or directory", -ELOOP, -EACCES, -EISDIR "is a directory",
 * -EINVAL "is a FIFO, not a regular file", -EFBIG "larger than 64 MiB"),
 * -EINVAL "not a summary JSON file (...)", -ENOMEM, -EIO.
 * Every field read is checked against its type and range (the schema's,
 * schemas/summary.schema.json): thread ids whole numbers from 0 to
 * HG_DIFF_JSON_MAX_THREADS - 1, each once, at most that many threads;
 * counts, times and the gap threshold whole numbers from 0 to
 * HG_DIFF_JSON_MAX_VALUE (never NaN, an infinity or a fraction); the
 * share a finite number from 0; objects where objects are, strings where
 * strings are. A field that breaks one is -EINVAL with "<JSON path>:
 * <value> <why>" in @err ("threads[3].id: -1 is out of range (0 to 1023)").
 * A field absent or null is no value, as in a run that had none. Reading
 * is linear in the file's size.
 */
int hg_diff_from_json(const char *path, struct hg_diff_trial *tr, char *err, size_t errlen);

#endif /* HG_DIFFJSON_H */
