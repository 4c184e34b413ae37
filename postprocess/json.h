/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * json.h - the run's summary as JSON (schema in hourglass(1), JSON OUTPUT)
 */
#ifndef HG_JSON_H
#define HG_JSON_H

#include <stdio.h>

#include "../trace/trace.h"

/* Version of the JSON schema; raised when a key changes meaning or goes. */
#define HG_JSON_SCHEMA 1

/*
 * hg_json_str - @s as a JSON string: quoted, escaped, and valid UTF-8
 * (bytes that are not become U+FFFD); NULL is ""
 */
void hg_json_str(FILE *f, const char *s);

/*
 * hg_json_calib - the calibration object (also what "calibrate --json"
 * prints), at indentation @indent
 */
void hg_json_calib(FILE *f, const struct hg_calib *c, const char *counter, int indent);

/* hg_json_summary - the whole summary of @t as one JSON object. */
void hg_json_summary(FILE *f, const struct hg_trace *t);

/*
 * hg_json_write - write the summary to @path atomically
 * Returns 0 or -errno, with a one-line reason in @err.
 */
int hg_json_write(const struct hg_trace *t, const char *path, char *err, size_t errlen);

#endif /* HG_JSON_H */
