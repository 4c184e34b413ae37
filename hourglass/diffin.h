/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diffin.h - a run's summary JSON (--json FILE) read for diff, parsed with
 * json-c and handed to analysis/compare/diffjson.h
 */
#ifndef HG_DIFFIN_H
#define HG_DIFFIN_H

#include <stddef.h>

#include "analysis/compare/diffdata.h"

/* The largest summary read: held in memory whole while parsed. */
#define HG_DIFF_JSON_MAX_BYTES (64ULL << 20)

/* JSON nested deeper than this is refused as it is parsed. */
#define HG_DIFF_JSON_MAX_DEPTH 64

/*
 * hg_diff_from_json - @tr from the summary at @path: the file read and
 * parsed, then hg_diff_from_root() (its fields and checks). The file is
 * opened as every input is (util/infile.h): a regular file of at most
 * HG_DIFF_JSON_MAX_BYTES. Returns 0, or -errno with the reason in @err:
 * the open's (-ENOENT "No such file or directory", -ELOOP, -EACCES,
 * -EISDIR "is a directory", -EINVAL "is a FIFO, not a regular file",
 * -EFBIG "larger than 64 MiB"), -EINVAL "not a summary JSON file (...)"
 * or a field's "<JSON path>: <value> <why>", -ENOMEM, -EIO. Reading is
 * linear in the file's size.
 */
int hg_diff_from_json(const char *path, struct hg_diff_trial *tr, char *err, size_t errlen);

#endif /* HG_DIFFIN_H */
