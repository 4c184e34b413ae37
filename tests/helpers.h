/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * helpers.h - shared by the Check tests: the test runner, a synthetic trace,
 * temporary directories and files, a command run with its output captured,
 * what a printing function wrote, and one JSON checker (json-c)
 *
 * Every helper fails the running test (ck_abort) instead of returning an
 * error, so a test reads as the facts it asserts.
 */
#ifndef HG_TEST_HELPERS_H
#define HG_TEST_HELPERS_H

#include <check.h>
#include <json.h>
#include <stdint.h>
#include <stdio.h>

#include "trace/trace.h"

#define HG_TEST_PRINTF(a, b) __attribute__((format(printf, a, b)))

/*
 * Run @s with Check and return the process exit status (0 when all pass);
 * hg_test_tmpdir() is made before and removed after.
 */
int hg_test_run(Suite *s);

/*
 * hg_test_trace - a synthetic trace: @nthreads threads at 1 GHz (1 cycle =
 * 1 ns), t0 = 1000, each with the intervals given as (start, len) pairs in
 * @iv for thread i at iv[i], @n[i] of them; statistics filled as a run
 * would fill them.
 */
struct hg_trace *hg_test_trace(uint32_t nthreads, const uint64_t (*const *iv)[2],
			       const size_t *n);

/*
 * hg_test_add_chain - add to @t an event chain @name of @nstages threads
 * @thread[s], stage s with the @n[s] jobs of @jobs[s] (copied)
 */
void hg_test_add_chain(struct hg_trace *t, const char *name, uint32_t nstages,
		       const uint32_t *thread, const struct hg_chain_job *const *jobs,
		       const size_t *n);

/* ------------------------------------------------------ directories, files */

/* hg_test_tmpdir - a fresh temporary directory (hg_test_run removes it). */
const char *hg_test_tmpdir(void);

/*
 * hg_test_fresh_dir - a new directory of the calling test's own under
 * hg_test_tmpdir() (made again if an earlier test removed it); free it with
 * hg_test_drop_dir().
 */
char *hg_test_fresh_dir(void);

/* hg_test_drop_dir - remove @dir and everything in it, and free the name. */
void hg_test_drop_dir(char *dir);

/* hg_test_clear_dir - remove everything in @dir, keeping @dir. */
void hg_test_clear_dir(const char *dir);

/* hg_test_path - "@dir/@name" in new memory. */
char *hg_test_path(const char *dir, const char *name);

/* hg_test_write_file - @path holds exactly the @len bytes of @buf. */
void hg_test_write_file(const char *path, const void *buf, size_t len);

/* hg_test_put - @dir/@rel holds the @len bytes of @buf, its directories made. */
void hg_test_put(const char *dir, const char *rel, const void *buf, size_t len);

/* hg_test_put_text - hg_test_put() of the string @text. */
void hg_test_put_text(const char *dir, const char *rel, const char *text);

/*
 * hg_test_write_text - the text @text as the file @name in @dir; returns its
 * path in new memory
 */
char *hg_test_write_text(const char *dir, const char *name, const char *text);

/*
 * hg_test_read_file - the whole of @path in new memory with a NUL after it;
 * its length in *@len when @len is not NULL.
 */
char *hg_test_read_file(const char *path, size_t *len);

/* ------------------------------------------------------ captured output */

/*
 * What a printing function wrote: hg_test_text_open() gives a FILE that
 * collects in memory, hg_test_text_close() closes it and returns the text
 * (the caller frees it).
 */
struct hg_test_text {
	FILE *f;
	char *s;
	size_t len;
};

FILE *hg_test_text_open(struct hg_test_text *t);
char *hg_test_text_close(struct hg_test_text *t);

/* What a command did: its exit status and what it wrote (NUL-terminated). */
struct hg_test_out {
	int status;
	char *out;
	size_t out_len;		/* out may hold NUL bytes (a binary trace) */
	char *err;
};

/*
 * hg_test_cmd - run @main(argc, argv) with argv = @argv (NULL-terminated;
 * argv[0] is the command's name) in a child process, with standard input
 * empty and standard output and error captured into @o; the test fails when
 * the child does not exit (a crash). Free with hg_test_out_free().
 */
void hg_test_cmd(struct hg_test_out *o, int (*main)(int, char **), const char *const *argv);

#define HG_TEST_CMD(o, main, ...) \
	hg_test_cmd((o), (main), (const char *const[]){ __VA_ARGS__, NULL })

void hg_test_out_free(struct hg_test_out *o);

/*
 * hg_test_msg_open - the messages of trace/msg.h sent to a scratch file
 * from now on; hg_test_msg_close - sent back where they went, and what
 * was said (the caller frees it). Not nested.
 */
void hg_test_msg_open(void);
char *hg_test_msg_close(void);

/* hg_test_lines - how many lines @s holds (a last one without '\n' counts). */
int hg_test_lines(const char *s);

/* ------------------------------------------------------------------ JSON */

/*
 * hg_test_json_valid - whether @text is one JSON document and nothing else:
 * json-c's strict parse of all of it, valid UTF-8, no control character but
 * the white space between tokens, every number finite.
 */
int hg_test_json_valid(const char *text);

/*
 * hg_test_json - @text parsed (the test fails, showing the text, when
 * hg_test_json_valid() refuses it); release it with json_object_put().
 */
struct json_object *hg_test_json(const char *text);

/*
 * Members by path: keys and array indexes separated by '/', after
 * printf-style formatting ("threads/%u/gap_hist"); "" is @doc itself.
 * hg_test_json_at() fails the test when the path leads nowhere;
 * hg_test_json_has() says whether it leads somewhere.
 */
struct json_object *hg_test_json_at(struct json_object *doc, const char *fmt, ...)
	HG_TEST_PRINTF(2, 3);
int hg_test_json_has(struct json_object *doc, const char *fmt, ...) HG_TEST_PRINTF(2, 3);

/*
 * hg_test_json_text - at a path, a string's value or a number's text as it
 * was written ("7000001.500", "18446744073709551615"), for exact compares
 */
const char *hg_test_json_text(struct json_object *doc, const char *fmt, ...)
	HG_TEST_PRINTF(2, 3);

/*
 * The value at a path, of the type named (the test fails on another type):
 * _str a string, _u64 a whole number >= 0, _i64 a whole number, _num any
 * number, _bool true or false, _len the elements of an array, _null whether
 * it is null.
 */
const char *hg_test_json_str(struct json_object *doc, const char *fmt, ...)
	HG_TEST_PRINTF(2, 3);
uint64_t hg_test_json_u64(struct json_object *doc, const char *fmt, ...) HG_TEST_PRINTF(2, 3);
int64_t hg_test_json_i64(struct json_object *doc, const char *fmt, ...) HG_TEST_PRINTF(2, 3);
double hg_test_json_num(struct json_object *doc, const char *fmt, ...) HG_TEST_PRINTF(2, 3);
int hg_test_json_bool(struct json_object *doc, const char *fmt, ...) HG_TEST_PRINTF(2, 3);
size_t hg_test_json_len(struct json_object *doc, const char *fmt, ...) HG_TEST_PRINTF(2, 3);
int hg_test_json_null(struct json_object *doc, const char *fmt, ...) HG_TEST_PRINTF(2, 3);

#endif /* HG_TEST_HELPERS_H */
