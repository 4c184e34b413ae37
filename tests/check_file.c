// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_file.c - trace/trace.h, trace/file.c, trace/fileread.c,
 * trace/fileopen.c: a trace written and read back the same (every field,
 * events, analysis, reserve kinds, thresholds, long intervals, empty), its
 * strings tamed, and the write atomic (the layout: check_file_layout.c;
 * damaged files: check_file_damaged.c; the stream: check_file_stream.c)
 */
#include "filetest.h"

/* ---------------------------------------------------------- round trip */

START_TEST(test_round_trip)
{
	struct hg_trace *t = full_trace(), *back = NULL, *dec = NULL;
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "run.hgt"), err[256] = "";
	uint8_t *buf;
	size_t len;

	ck_assert_msg(hg_trace_write(t, path, err, sizeof(err)) == 0, "write: %s", err);
	ck_assert_msg(hg_trace_read(path, &back, err, sizeof(err)) == 0, "read: %s", err);
	assert_trace_eq(t, back);
	ck_assert_str_eq(hg_trace_sys(back, "kernel"), "6.8.0-rt #1 SMP PREEMPT_RT");

	buf = encode(t, &len);
	ck_assert_msg(hg_trace_decode(buf, len, &dec, err, sizeof(err)) == 0, "%s", err);
	assert_trace_eq(t, dec);

	drop_dir(dir, path);
	free(buf);
	hg_trace_free(dec);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

/* Event records come back with their type, time, value and miss flag. */
static const struct {
	unsigned int thread;
	uint64_t at;
	uint32_t value_ns;
	unsigned int type;
	int miss;
} events[] = {
	{ 0, 1100, 3000000, HG_EV_JOB, 0 },
	{ 0, 1200, 12000000, HG_EV_JOB, 1 },
	{ 1, 1950, 12, 0, 0 },		/* an event flag with no type */
	{ 1, 2000, 17000000, HG_EV_FRAME, 0 },
	{ 1, 2100, 33000000, HG_EV_PERIOD, 1 },
	{ 2, 3000, 0, HG_EV_LAT, 0 },
	{ 2, 4000, 3, HG_EV_LAT, 0 },
	{ 2, 5000, 120, HG_EV_LAT, 0 },
	{ 2, 6000, 4500, HG_EV_LAT, 0 },
	{ 2, 7000, 64000, HG_EV_LAT, 0 },
	{ 2, 8000, 1200000, HG_EV_LAT, 0 },
	{ 2, 9000, 80000000, HG_EV_LAT, 0 },
};

START_TEST(test_round_trip_events)
{
	struct hg_trace *t = full_trace(), *back = NULL;
	size_t len, i, k = 0, nth[3] = { 0 };
	char err[256];
	uint8_t *buf;

	buf = encode(t, &len);
	ck_assert_msg(hg_trace_decode(buf, len, &back, err, sizeof(err)) == 0, "%s", err);
	for (i = 0; i < back->nthreads; i++) {
		const struct hg_trace_thread *th = &back->threads[i];
		size_t r;

		for (r = 0; r < th->stored; r++) {
			const struct hg_record *rec = &th->recs[r];

			if (!(rec->flags & HG_REC_EVENT))
				continue;
			ck_assert_uint_lt(k, sizeof(events) / sizeof(events[0]));
			ck_assert_uint_eq(i, events[k].thread);
			ck_assert_uint_eq(rec->start_cycles, events[k].at);
			ck_assert_uint_eq(rec->len_cycles, events[k].value_ns);
			ck_assert_uint_eq(hg_event_type(rec->flags), events[k].type);
			ck_assert_int_eq(!!(rec->flags & HG_REC_MISS), events[k].miss);
			nth[i]++;
			k++;
		}
	}
	ck_assert_uint_eq(k, sizeof(events) / sizeof(events[0]));
	ck_assert_uint_eq(nth[0], 2);
	ck_assert_uint_eq(nth[1], 3);
	ck_assert_uint_eq(nth[2], 7);
	/* LAT has no intervals: its records are all events */
	ck_assert_uint_eq(back->threads[2].stored, 7);
	ck_assert_uint_eq(back->threads[2].stats.intervals, 0);
	/* what add_models() counted */
	ck_assert_uint_eq(back->threads[2].stats.events.count, 7);
	ck_assert_uint_eq(back->threads[2].stats.events.max, 80000000);
	ck_assert_uint_eq(back->threads[2].stats.over[0], 3);	/* > 10us */
	ck_assert_uint_eq(back->threads[2].stats.over[1], 2);	/* > 1ms */
	ck_assert_uint_eq(back->threads[2].stats.over[2], 1);	/* > 50ms */
	ck_assert_uint_eq(back->threads[2].stats.over[3], 0);
	ck_assert_uint_eq(back->threads[2].stats.over[HG_MAX_THRESHOLDS - 1], 99);
	ck_assert_uint_eq(back->threads[0].model, HG_MODEL_PERIODIC);
	ck_assert_uint_eq(back->threads[1].model, HG_MODEL_CPU_PERIODIC);
	ck_assert_uint_eq(back->threads[2].model, HG_MODEL_LAT);
	ck_assert_str_eq(back->threads[2].timer, "RTC");
	ck_assert_uint_eq(back->histogram_us, 500);
	ck_assert_uint_eq(back->nthresholds, 3);
	ck_assert_uint_eq(back->thresholds_ns[2], 50000000);
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

/* The fields for the analysis come back as they were given. */
START_TEST(test_round_trip_analysis)
{
	struct hg_trace *t = full_trace(), *back = NULL;
	char err[256] = "";
	uint8_t *buf;
	size_t len, k;
	uint32_t i;

	buf = encode(t, &len);
	ck_assert_msg(hg_trace_decode(buf, len, &back, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(back->nthreads, sizeof(analysis) / sizeof(analysis[0]));
	for (i = 0; i < back->nthreads; i++) {
		const struct hg_trace_thread *th = &back->threads[i];
		const struct hg_hist *h = &th->stats.jitter;
		uint64_t sum = 0, min = UINT64_MAX, max = 0;
		int saturated = 0;

		ck_assert_int_eq(th->rt_prio, analysis[i].rt_prio);
		ck_assert_uint_eq(th->wcet_ns, analysis[i].wcet_ns);
		ck_assert_uint_eq(th->jitter_ns, analysis[i].jitter_ns);
		ck_assert_uint_eq(th->blocking_ns, analysis[i].blocking_ns);
		ck_assert_uint_eq(th->reserve, analysis[i].reserve);
		ck_assert_uint_eq(th->reserve_budget_ns, analysis[i].budget_ns);
		ck_assert_uint_eq(th->reserve_period_ns, analysis[i].period_ns);
		for (k = 0; k < sizeof(wake_ns[i]) / sizeof(wake_ns[i][0]); k++) {
			uint64_t v = wake_ns[i][k];

			saturated |= sum + v < sum;
			sum += v;
			min = v < min ? v : min;
			max = v > max ? v : max;
			ck_assert_uint_gt(h->bucket[hg_hist_index(v)], 0);
		}
		ck_assert_uint_eq(h->count, sizeof(wake_ns[i]) / sizeof(wake_ns[i][0]));
		ck_assert_uint_eq(h->sum, saturated ? UINT64_MAX : sum);
		ck_assert_uint_eq(h->min, min);
		ck_assert_uint_eq(h->max, max);
	}
	/* a thread with no RT priority and the top bucket of the histogram */
	ck_assert_int_eq(back->threads[2].rt_prio, HG_NO_RT_PRIO);
	ck_assert_uint_eq(back->threads[2].stats.jitter.bucket[HG_HIST_BUCKETS - 1], 1);
	ck_assert_uint_eq(back->threads[2].stats.jitter.bucket[0], 3);
	/* the other histograms did not take the jitter's values */
	ck_assert_uint_eq(back->threads[0].stats.events.count, 5);
	ck_assert_uint_eq(back->threads[1].stats.events.count, 2);
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

/* Every reservation kind and an empty jitter histogram read back. */
START_TEST(test_round_trip_reserve_kinds)
{
	static const uint32_t kinds[] = { 0, 1, 2 };
	struct hg_trace *t = full_trace();
	size_t k;

	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		struct hg_trace *back = NULL;
		char err[256] = "";
		uint8_t *buf;
		size_t len;
		uint32_t i;

		for (i = 0; i < t->nthreads; i++) {
			t->threads[i].reserve = kinds[k];
			if (k == 1)
				hg_hist_init(&t->threads[i].stats.jitter);
		}
		buf = encode(t, &len);
		ck_assert_msg(hg_trace_decode(buf, len, &back, err, sizeof(err)) == 0,
			      "reserve %u: %s", kinds[k], err);
		assert_trace_eq(t, back);
		free(buf);
		hg_trace_free(back);
	}
	hg_trace_free(t);
}
END_TEST

/* A run with no thresholds and no histogram: the run section is shorter. */
START_TEST(test_round_trip_no_thresholds)
{
	struct hg_trace *t = full_trace(), *back = NULL;
	char err[256] = "";
	uint8_t *buf;
	size_t len;

	t->nthresholds = 0;
	memset(t->thresholds_ns, 0, sizeof(t->thresholds_ns));
	t->histogram_us = 0;
	buf = encode(t, &len);
	ck_assert_msg(hg_trace_decode(buf, len, &back, err, sizeof(err)) == 0, "%s", err);
	assert_trace_eq(t, back);
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

/* The most thresholds a run counts, every one kept. */
START_TEST(test_round_trip_max_thresholds)
{
	struct hg_trace *t = full_trace(), *back = NULL;
	char err[256] = "";
	uint8_t *buf;
	size_t len;
	unsigned int i;

	t->nthresholds = HG_MAX_THRESHOLDS;
	for (i = 0; i < HG_MAX_THRESHOLDS; i++) {
		t->thresholds_ns[i] = 1000ULL * (i + 1);
		t->threads[2].stats.over[i] = 100 - i;
	}
	buf = encode(t, &len);
	ck_assert_msg(hg_trace_decode(buf, len, &back, err, sizeof(err)) == 0, "%s", err);
	assert_trace_eq(t, back);
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_round_trip_long_interval)
{
	struct hg_trace *t = full_trace(), *back = NULL;
	const struct hg_trace_thread *th;
	struct hg_interval v;
	char err[256];
	uint8_t *buf;
	size_t len, pos = 0, k;

	buf = encode(t, &len);
	ck_assert_int_eq(hg_trace_decode(buf, len, &back, err, sizeof(err)), 0);
	th = &back->threads[0];
	for (k = 0; k < 3; k++) {
		ck_assert_int_eq(hg_record_decode(th->recs, th->stored, &pos, &v), 1);
		ck_assert_uint_eq(v.start_cycles, iv0[k][0]);
		ck_assert_uint_eq(v.len_cycles, iv0[k][1]);
		ck_assert_uint_eq(v.flags, k == 2 ? HG_REC_LAST : 0);
	}
	ck_assert_int_eq(hg_record_decode(th->recs, th->stored, &pos, &v), 0);
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

/* Control characters in strings read from a file come back as '?'. */
START_TEST(test_read_tames_strings)
{
	struct hg_trace *t = hg_test_trace(1, NULL, (size_t[]){ 0 }), *back = NULL;
	char err[256] = "";
	uint8_t *buf;
	size_t len;

	ck_assert_ptr_nonnull(t);
	snprintf(t->threads[0].workload, sizeof(t->threads[0].workload), "CPU\nthread 0: x\033[2J");
	ck_assert_int_eq(hg_trace_add_sys(t, "cmdline", "a\nb"), 0);
	buf = encode(t, &len);
	ck_assert_msg(hg_trace_decode(buf, len, &back, err, sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(back->threads[0].workload, "CPU?thread 0: x?[2J");
	ck_assert_str_eq(hg_trace_sys(back, "cmdline"), "a?b");
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_round_trip_empty)
{
	struct hg_trace *t = hg_trace_alloc(0), *back = NULL;
	char err[256] = "";
	uint8_t *buf;
	size_t len;

	ck_assert_ptr_nonnull(t);
	t->calib.tsc_hz = 1000000000ULL;	/* a counter below 1 MHz is damage */
	buf = encode(t, &len);
	ck_assert_msg(hg_trace_decode(buf, len, &back, err, sizeof(err)) == 0, "%s", err);
	assert_trace_eq(t, back);
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

/* -------------------------------------------------------- atomic write */

START_TEST(test_write_leaves_one_file)
{
	struct hg_trace *t = full_trace();
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "run.hgt"), err[256], name[256];
	struct stat sb;

	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);	/* replaced */
	ck_assert_int_eq(entries(dir, name, sizeof(name)), 1);
	ck_assert_str_eq(name, "run.hgt");
	ck_assert_int_eq(stat(path, &sb), 0);
	ck_assert_uint_eq(sb.st_mode & 0777, 0644);
	drop_dir(dir, path);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_write_missing_dir)
{
	struct hg_trace *t = full_trace();
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "no/such/run.hgt"), err[256] = "";

	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), -ENOENT);
	ck_assert_msg(strstr(err, "cannot create") && strstr(err, path), "message '%s'", err);
	ck_assert_int_eq(access(path, F_OK), -1);
	ck_assert_int_eq(entries(dir, NULL, 0), 0);
	drop_dir(dir, path);
	hg_trace_free(t);
}
END_TEST

/*
 * hg_trace_write() as a user who may not write to @path's directory: as
 * root, from a child that gave up its privileges (root writes anywhere).
 */
static int write_unprivileged(const struct hg_trace *t, const char *path, char *err,
			      size_t errlen)
{
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	if (geteuid())
		return hg_trace_write(t, path, err, errlen);
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		int ret = -EPERM;

		close(fds[0]);
		if (!setgroups(0, NULL) && !setgid(65534) && !setuid(65534))
			ret = hg_trace_write(t, path, err, errlen);
		else
			snprintf(err, errlen, "cannot drop privileges");
		n = write(fds[1], err, strlen(err) + 1);
		_exit(n > 0 ? -ret : 255);
	}
	close(fds[1]);
	n = read(fds[0], err, errlen - 1);
	err[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) != 255);
	return -WEXITSTATUS(status);
}

START_TEST(test_write_unwritable_dir)
{
	struct hg_trace *t = full_trace();
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "run.hgt"), err[256] = "";

	ck_assert_int_eq(chmod(hg_test_tmpdir(), 0711), 0);	/* others may pass */
	ck_assert_int_eq(chmod(dir, 0555), 0);			/* but not write */
	ck_assert_int_eq(write_unprivileged(t, path, err, sizeof(err)), -EACCES);
	chmod(hg_test_tmpdir(), 0700);
	ck_assert_msg(strstr(err, path) && strstr(err, strerror(EACCES)),
		      "message '%s'", err);
	ck_assert_int_eq(access(path, F_OK), -1);
	ck_assert_int_eq(entries(dir, NULL, 0), 0);
	chmod(dir, 0755);
	drop_dir(dir, path);
	hg_trace_free(t);
}
END_TEST

/* A write that fails half-way leaves the old file as it was, and no other. */
START_TEST(test_write_fails_midway)
{
	struct hg_trace *t = full_trace(), *other = full_trace(), *back = NULL;
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "run.hgt"), err[256] = "", name[256];
	struct rlimit old, small;
	void (*old_handler)(int);
	int ret;

	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	other->threads[0].stats.units = 424242;

	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
	small = old;
	small.rlim_cur = 200;			/* bytes: the file is larger */
	old_handler = signal(SIGXFSZ, SIG_IGN);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
	ret = hg_trace_write(other, path, err, sizeof(err));
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, old_handler);

	ck_assert_int_eq(ret, -EFBIG);
	ck_assert_msg(strstr(err, "cannot write") && strstr(err, path), "message '%s'", err);
	ck_assert_int_eq(entries(dir, name, sizeof(name)), 1);
	ck_assert_str_eq(name, "run.hgt");
	ck_assert_int_eq(hg_trace_read(path, &back, err, sizeof(err)), 0);
	assert_trace_eq(t, back);
	drop_dir(dir, path);
	hg_trace_free(back);
	hg_trace_free(other);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("file");
	TCase *tc;

	tc = tcase_create("round trip");
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_round_trip_events);
	tcase_add_test(tc, test_round_trip_analysis);
	tcase_add_test(tc, test_round_trip_reserve_kinds);
	tcase_add_test(tc, test_round_trip_no_thresholds);
	tcase_add_test(tc, test_round_trip_max_thresholds);
	tcase_add_test(tc, test_round_trip_long_interval);
	tcase_add_test(tc, test_round_trip_empty);
	tcase_add_test(tc, test_read_tames_strings);
	suite_add_tcase(s, tc);

	tc = tcase_create("atomic write");
	tcase_add_test(tc, test_write_leaves_one_file);
	tcase_add_test(tc, test_write_missing_dir);
	tcase_add_test(tc, test_write_unwritable_dir);
	tcase_add_test(tc, test_write_fails_midway);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
