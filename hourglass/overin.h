/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * overin.h - the ctxcost and cachecost JSON files of --overheads, read
 * and handed to analysis/sched/overheads.h
 */
#ifndef HG_OVERIN_H
#define HG_OVERIN_H

#include <stddef.h>

#include "analysis/sched/overheads.h"

#define HG_OVERHEADS_MAX_BYTES (16ULL << 20)	/* a JSON file read, at most */

/*
 * hg_overheads_read - read and parse the JSON file @path (a regular file
 * of at most HG_OVERHEADS_MAX_BYTES, util/infile.h) and add what it gives
 * to @o (hg_overheads_from_doc()). Returns 0, or -errno with a one-line
 * reason in @err (the open's, not JSON, neither document, no cost
 * measured in it).
 */
int hg_overheads_read(const char *path, struct hg_overheads *o, char *err, size_t errlen);

/*
 * hg_overheads_read_list - hg_overheads_read() for each file of @list
 * ("<file>[,<file>]", two at most). Returns 0 or -errno with the reason in
 * @err.
 */
int hg_overheads_read_list(const char *list, struct hg_overheads *o, char *err, size_t errlen);

#endif
