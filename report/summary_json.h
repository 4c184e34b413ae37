/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * summary_json.h - the run's summary as JSON (--json, dump --json) and the
 * calibration as JSON (calibrate --json); the schemas are in
 * schemas/summary.schema.json and schemas/calibrate.schema.json, described
 * in hourglass(1), JSON OUTPUT
 */
#ifndef HG_SUMMARY_JSON_H
#define HG_SUMMARY_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "report/json.h"
#include "trace/trace.h"

/* Version of the summary's schema; raised when a key changes meaning or goes. */
#define HG_JSON_SCHEMA 2

/* Version of calibrate --json's schema. */
#define HG_CALIB_SCHEMA 1

/*
 * hg_json_summary - the whole summary of @t as one JSON document: the same
 * bytes after a run and from its trace file
 * Returns 0 or -EIO.
 */
int hg_json_summary(FILE *f, const struct hg_trace *t);

/*
 * hg_json_write - write the summary to @path atomically ("-": standard
 * output). Returns 0 or -errno, with a one-line reason in @err.
 */
int hg_json_write(const struct hg_trace *t, const char *path, char *err, size_t errlen);

/*
 * hg_json_calib - begin calibrate --json's document on @f in @j: schema,
 * generator and the "calibration" object; the caller may add members and
 * ends it with hg_json_end_doc()
 * @counter: name of the counter ("tsc")
 */
void hg_json_calib(struct hg_json *j, FILE *f, const struct hg_calib *c, const char *counter);

#endif /* HG_SUMMARY_JSON_H */
