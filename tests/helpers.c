// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * helpers.c - shared by the Check tests (see helpers.h)
 */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <ftw.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "trace/msg.h"

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb; (void)flag; (void)ftw;
	return remove(path);
}

int hg_test_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	const char *dir = hg_test_tmpdir();	/* made before the tests fork */
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (strcmp(dir, "/tmp"))
		nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	return failed ? 1 : 0;
}

struct hg_trace *hg_test_trace(uint32_t nthreads, const uint64_t (*const *iv)[2],
			       const size_t *n)
{
	struct hg_trace *t = hg_trace_alloc(nthreads);
	uint32_t i;
	size_t k;

	if (!t)
		return NULL;
	t->calib.tsc_hz = 1000000000ULL;
	t->calib.gap_threshold_cycles = 10;
	t->calib.gap_threshold_ns = 10;
	t->t0_cycles = 1000;
	t->duration_ns = 1000000;
	t->stop_cycles = 1000 + 1000000;
	t->capacity = 1024;
	t->cmdline = strdup("hourglass -n test");
	hg_trace_add_sys(t, "counter", "tsc");
	for (i = 0; i < nthreads; i++) {
		struct hg_trace_thread *th = &t->threads[i];
		struct hg_tstats *st = &th->stats;
		size_t at = 0;

		snprintf(th->workload, sizeof(th->workload), "CPU");
		snprintf(th->priority, sizeof(th->priority), "NORMAL (SCHED_OTHER nice 0)");
		snprintf(th->cpus, sizeof(th->cpus), "0");
		th->begin_cycles = 1000;
		th->end_cycles = 1000 + 1000000;
		th->gap_threshold_cycles = 10;
		th->recs = calloc(n[i] * 2 + 1, sizeof(*th->recs));
		for (k = 0; k < n[i]; k++) {
			uint64_t s = iv[i][k][0], l = iv[i][k][1];

			at += hg_record_encode(th->recs + at, n[i] * 2 + 1 - at, s, l, 0,
					       k + 1 == n[i] ? HG_REC_LAST : 0);
			if (!st->intervals)
				st->first_cycles = s;
			st->intervals++;
			st->received_cycles += l;
			st->last_cycles = s + l;
			if (k + 1 < n[i])
				hg_hist_add(&st->gaps, iv[i][k + 1][0] - (s + l));
		}
		th->stored = at;
	}
	return t;
}

void hg_test_add_chain(struct hg_trace *t, const char *name, uint32_t nstages,
		       const uint32_t *thread, const struct hg_chain_job *const *jobs,
		       const size_t *n)
{
	struct hg_chain_run *ch;
	uint32_t s;

	if (!t->chains)
		t->chains = calloc(1, sizeof(*t->chains));
	ck_assert_ptr_nonnull(t->chains);
	ck_assert_uint_lt(t->chains->n, HG_CHAINS_MAX);
	ch = &t->chains->chain[t->chains->n++];
	snprintf(ch->name, sizeof(ch->name), "%s", name);
	ch->mode = HG_CHAIN_EVENT;
	ch->nstages = nstages;
	for (s = 0; s < nstages; s++) {
		ch->stage[s].thread = thread[s];
		ch->stage[s].jobs = malloc((n[s] ? n[s] : 1) * sizeof(*jobs[s]));
		ck_assert_ptr_nonnull(ch->stage[s].jobs);
		memcpy(ch->stage[s].jobs, jobs[s], n[s] * sizeof(*jobs[s]));
		ch->stage[s].n = ch->stage[s].cap = n[s];
	}
}

/*
 * In /dev/shm where it is a directory one may write: the tests create and
 * drop thousands of small files (a damaged trace read as a stream for each
 * flipped byte), which on a disk's file system wait on its journal.
 */
const char *hg_test_tmpdir(void)
{
	static char dir[64];	/* test-only: one directory per test process */

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "/dev/shm/hgtest.XXXXXX");
		if (mkdtemp(dir))
			return dir;
		snprintf(dir, sizeof(dir), "/tmp/hgtest.XXXXXX");
		if (!mkdtemp(dir))
			return "/tmp";
	}
	return dir;
}

/* ------------------------------------------------------ directories, files */

char *hg_test_fresh_dir(void)
{
	char *dir;

	mkdir(hg_test_tmpdir(), 0700);
	ck_assert_int_ge(asprintf(&dir, "%s/t.XXXXXX", hg_test_tmpdir()), 0);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	return dir;
}

void hg_test_drop_dir(char *dir)
{
	if (dir)
		nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

static int remove_below(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	return ftw->level ? remove_entry(path, sb, flag, ftw) : 0;
}

void hg_test_clear_dir(const char *dir)
{
	ck_assert_int_eq(nftw(dir, remove_below, 16, FTW_DEPTH | FTW_PHYS), 0);
}

char *hg_test_path(const char *dir, const char *name)
{
	char *path;

	ck_assert_int_ge(asprintf(&path, "%s/%s", dir, name), 0);
	return path;
}

char *hg_test_write_text(const char *dir, const char *name, const char *text)
{
	char *path = hg_test_path(dir, name);

	hg_test_write_file(path, text, strlen(text));
	return path;
}

void hg_test_write_file(const char *path, const void *buf, size_t len)
{
	FILE *f = fopen(path, "w");

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
}

void hg_test_put(const char *dir, const char *rel, const void *buf, size_t len)
{
	char path[PATH_MAX], *slash;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	for (slash = strchr(path + strlen(dir) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		ck_assert_msg(!mkdir(path, 0755) || errno == EEXIST, "%s: %s", path, strerror(errno));
		*slash = '/';
	}
	hg_test_write_file(path, buf, len);
}

void hg_test_put_text(const char *dir, const char *rel, const char *text)
{
	hg_test_put(dir, rel, text, strlen(text));
}

/* All of @fd from its start, NUL-terminated; its length in *@len. */
static char *read_fd(int fd, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	ssize_t got;

	ck_assert_ptr_nonnull(buf);
	for (;;) {
		if (n + 1 == cap) {
			char *more = realloc(buf, cap * 2);

			ck_assert_ptr_nonnull(more);
			buf = more;
			cap *= 2;
		}
		got = pread(fd, buf + n, cap - n - 1, (off_t)n);
		ck_assert_msg(got >= 0, "read: %s", strerror(errno));
		if (!got)
			break;
		n += (size_t)got;
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

char *hg_test_read_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *buf;

	ck_assert_msg(fd >= 0, "%s: %s", path, strerror(errno));
	buf = read_fd(fd, len);
	close(fd);
	return buf;
}

/* ------------------------------------------------------ captured output */

FILE *hg_test_text_open(struct hg_test_text *t)
{
	t->s = NULL;
	t->len = 0;
	t->f = open_memstream(&t->s, &t->len);
	ck_assert_ptr_nonnull(t->f);
	return t->f;
}

char *hg_test_text_close(struct hg_test_text *t)
{
	ck_assert_int_eq(fclose(t->f), 0);
	t->f = NULL;
	return t->s;
}

/* A fresh unlinked file in the test directory, open for reading and writing. */
static int scratch_fd(void)
{
	char *path = hg_test_path(hg_test_tmpdir(), "capture.XXXXXX");
	int fd;

	mkdir(hg_test_tmpdir(), 0700);
	fd = mkostemp(path, O_CLOEXEC);
	ck_assert_msg(fd >= 0, "%s: %s", path, strerror(errno));
	unlink(path);
	free(path);
	return fd;
}

void hg_test_cmd(struct hg_test_out *o, int (*main)(int, char **), const char *const *argv)
{
	int fo = scratch_fd(), fe = scratch_fd(), status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		char *args[64];
		int argc = 0, in = open("/dev/null", O_RDONLY);

		if (in < 0 || dup2(in, 0) < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
			_exit(127);
		while (argc < 63 && argv[argc]) {
			args[argc] = strdup(argv[argc]);
			argc++;
		}
		args[argc] = NULL;
		status = main(argc, args);
		fflush(stdout);
		fflush(stderr);
		_exit(status);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status), "%s: did not exit (status %#x)", argv[0], status);
	o->status = WEXITSTATUS(status);
	o->out = read_fd(fo, &o->out_len);
	o->err = read_fd(fe, NULL);
	close(fo);
	close(fe);
}

void hg_test_out_free(struct hg_test_out *o)
{
	free(o->out);
	free(o->err);
	o->out = o->err = NULL;
}

/* The scratch file messages go to, and the descriptor they went to before. */
static int msg_fd = -1, msg_before = -1;

void hg_test_msg_open(void)
{
	ck_assert_int_lt(msg_fd, 0);
	msg_fd = scratch_fd();
	msg_before = hg_msg_fd(msg_fd);
}

char *hg_test_msg_close(void)
{
	char *s;

	ck_assert_int_ge(msg_fd, 0);
	hg_msg_fd(msg_before);
	s = read_fd(msg_fd, NULL);
	close(msg_fd);
	msg_fd = -1;
	return s;
}

int hg_test_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		if (*s == '\n' || !s[1])
			n++;
	return n;
}

/* ------------------------------------------------------------------ JSON */

/* No control character inside a string (json-c takes them raw). */
static int strings_clean(const char *s)
{
	int in = 0;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (in && c < 0x20)
			return 0;
		if (!in && c < 0x20 && c != '\t' && c != '\n' && c != '\r')
			return 0;
		if (in && c == '\\' && s[1])
			s++;
		else if (c == '"')
			in = !in;
	}
	return 1;
}

/* Every number in @o finite (json-c takes NaN and Infinity). */
static int numbers_finite(struct json_object *o)
{
	size_t i, n;

	switch (json_object_get_type(o)) {
	case json_type_double:
		return isfinite(json_object_get_double(o));
	case json_type_array:
		n = json_object_array_length(o);
		for (i = 0; i < n; i++)
			if (!numbers_finite(json_object_array_get_idx(o, i)))
				return 0;
		return 1;
	case json_type_object: {
		json_object_object_foreach(o, key, val) {
			(void)key;
			if (!numbers_finite(val))
				return 0;
		}
		return 1;
	}
	default:
		return 1;
	}
}

/* @text parsed, or NULL when hg_test_json_valid() would refuse it. */
static struct json_object *parse(const char *text)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *o;
	size_t len = strlen(text);

	ck_assert_ptr_nonnull(tok);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	o = json_tokener_parse_ex(tok, text, (int)len + 1);
	if (o && (json_tokener_get_error(tok) != json_tokener_success ||
		  json_tokener_get_parse_end(tok) < len || !strings_clean(text) ||
		  !numbers_finite(o))) {
		json_object_put(o);
		o = NULL;
	}
	json_tokener_free(tok);
	return o;
}

int hg_test_json_valid(const char *text)
{
	struct json_object *o = parse(text);

	json_object_put(o);
	return o != NULL;
}

struct json_object *hg_test_json(const char *text)
{
	struct json_object *o = parse(text);

	ck_assert_msg(o != NULL, "not JSON:\n%s", text);
	return o;
}

/*
 * Whether @path (keys and indexes between '/') leads to a member of @o;
 * the member in *@out (NULL for JSON's null, as json-c has it).
 */
static int walk(struct json_object *o, const char *path, struct json_object **out)
{
	char *copy = strdup(path), *part, *save = NULL, *end;
	int found = 1;

	ck_assert_ptr_nonnull(copy);
	for (part = strtok_r(copy, "/", &save); found && part;
	     part = strtok_r(NULL, "/", &save)) {
		if (json_object_is_type(o, json_type_array)) {
			unsigned long i = strtoul(part, &end, 10);

			found = !*end && i < json_object_array_length(o);
			o = found ? json_object_array_get_idx(o, i) : NULL;
		} else {
			found = json_object_is_type(o, json_type_object) &&
				json_object_object_get_ex(o, part, &o);
		}
	}
	free(copy);
	*out = o;
	return found;
}

/* The value at the formatted path; the test fails when there is none. */
__attribute__((format(printf, 2, 0)))
static struct json_object *vat(struct json_object *doc, const char *fmt, va_list ap,
			       char *path, size_t size)
{
	struct json_object *o;

	vsnprintf(path, size, fmt, ap);
	ck_assert_msg(walk(doc, path, &o), "no JSON member '%s'", path);
	return o;
}

/* @o, the member at @path, is of type @a or @b (the test fails if not). */
static void want(struct json_object *o, const char *path, json_type a, json_type b)
{
	json_type t = json_object_get_type(o);

	ck_assert_msg(t == a || t == b, "'%s' is %s, not %s", path, json_type_to_name(t),
		      json_type_to_name(a));
}

/* The member at the path of the caller's variable arguments, into @o. */
#define FETCH(o, path, doc, fmt) do {				\
	va_list ap_;						\
								\
	va_start(ap_, fmt);					\
	(o) = vat(doc, fmt, ap_, path, sizeof(path));		\
	va_end(ap_);						\
} while (0)

struct json_object *hg_test_json_at(struct json_object *doc, const char *fmt, ...)
{
	char path[256];
	struct json_object *o;

	FETCH(o, path, doc, fmt);
	return o;
}

int hg_test_json_has(struct json_object *doc, const char *fmt, ...)
{
	char path[256];
	struct json_object *o;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	return walk(doc, path, &o);
}

const char *hg_test_json_str(struct json_object *doc, const char *fmt, ...)
{
	char path[256];
	struct json_object *o;

	FETCH(o, path, doc, fmt);
	want(o, path, json_type_string, json_type_string);
	return json_object_get_string(o);
}

const char *hg_test_json_text(struct json_object *doc, const char *fmt, ...)
{
	char path[256];
	struct json_object *o;

	FETCH(o, path, doc, fmt);
	if (json_object_is_type(o, json_type_string))
		return json_object_get_string(o);
	want(o, path, json_type_int, json_type_double);
	return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
}

int64_t hg_test_json_i64(struct json_object *doc, const char *fmt, ...)
{
	char path[256];
	struct json_object *o;

	FETCH(o, path, doc, fmt);
	want(o, path, json_type_int, json_type_int);
	ck_assert_msg(json_object_get_int64(o) < 0 || json_object_get_uint64(o) <= INT64_MAX,
		      "'%s' does not fit int64", path);
	return json_object_get_int64(o);
}

uint64_t hg_test_json_u64(struct json_object *doc, const char *fmt, ...)
{
	char path[256];
	struct json_object *o;

	FETCH(o, path, doc, fmt);
	want(o, path, json_type_int, json_type_int);
	ck_assert_msg(json_object_get_int64(o) >= 0, "'%s' is negative", path);
	return json_object_get_uint64(o);
}

double hg_test_json_num(struct json_object *doc, const char *fmt, ...)
{
	char path[256];
	struct json_object *o;

	FETCH(o, path, doc, fmt);
	want(o, path, json_type_int, json_type_double);
	return json_object_get_double(o);
}

int hg_test_json_bool(struct json_object *doc, const char *fmt, ...)
{
	char path[256];
	struct json_object *o;

	FETCH(o, path, doc, fmt);
	want(o, path, json_type_boolean, json_type_boolean);
	return json_object_get_boolean(o);
}

size_t hg_test_json_len(struct json_object *doc, const char *fmt, ...)
{
	char path[256];
	struct json_object *o;

	FETCH(o, path, doc, fmt);
	want(o, path, json_type_array, json_type_array);
	return json_object_array_length(o);
}

int hg_test_json_null(struct json_object *doc, const char *fmt, ...)
{
	char path[256];
	struct json_object *o;

	FETCH(o, path, doc, fmt);
	return json_object_is_type(o, json_type_null);
}
