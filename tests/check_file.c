// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_file.c - trace/trace.h, trace/file.c, trace/fileread.c: round
 * trip, atomic write, layout (padding before the records, the section
 * count), reading by mapping, damaged files; every file judged by the
 * decoder is judged the same by the stream (trace/tstream.h), with the
 * same message, and its records read back in chunks the same
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "trace/brk.h"
#include "trace/recsrc.h"
#include "trace/trace.h"
#include "trace/tstream.h"

#define LONG_LEN 5000000000ULL	/* an interval of two records */
#define HEADER_BYTES 16		/* magic, version, number of sections */
#define SECTION_BYTES 16	/* type, zero, payload length */
#define END_BYTES (SECTION_BYTES + 4)
#define RECORDS_HEAD 16		/* a records section: id, zero, count */
#define ALIGN 16		/* where the writer puts the records */

/* Section types (file.c) */
enum { TYPE_RUN = 1, TYPE_SYSTEM, TYPE_THREAD, TYPE_RECORDS, TYPE_END, TYPE_PAD };

/* Sections of a trace of @n threads: RUN, SYSTEM, THREAD PAD RECORDS each, END */
#define NSECTIONS(n) (3 + 3 * (n))

/* ------------------------------------------------------------ fixtures */

static const uint64_t iv0[][2] = {
	{ 2000, 500 }, { 2600, LONG_LEN }, { 2600 + LONG_LEN + 40, 100 },
};
static const uint64_t iv1[][2] = { { 1500, 100 }, { 1700, 200 } };
static const uint64_t (*const iv[])[2] = { iv0, iv1, NULL };
static const size_t niv[] = { 3, 2, 0 };

/* Append an event record to thread @th (room is made). */
static void add_event(struct hg_trace_thread *th, uint64_t at, uint32_t value_ns,
		      unsigned int type, unsigned int extra)
{
	struct hg_record *r = realloc(th->recs, (th->stored + 1) * sizeof(*r));

	ck_assert_ptr_nonnull(r);
	th->recs = r;
	r[th->stored++] = (struct hg_record){
		.start_cycles = at, .len_cycles = value_ns, .cpu = (uint16_t)th->id,
		.flags = hg_event_flags(type, extra),
	};
}

/* The timed models' fields: each thread runs one of them. */
static void add_models(struct hg_trace *t)
{
	struct hg_trace_thread *th;
	static const uint64_t response_ns[] = { 3000000, 3100000, 2950000, 7500000, 12000000 };
	static const uint64_t late_ns[] = { 0, 3, 120, 4500, 64000, 1200000, 80000000 };
	size_t i;

	t->histogram_us = 500;
	t->nthresholds = 3;
	t->thresholds_ns[0] = 10000;
	t->thresholds_ns[1] = 1000000;
	t->thresholds_ns[2] = 50000000;

	/* thread 0: PERIODIC 3ms 8ms 7ms */
	th = &t->threads[0];
	th->model = HG_MODEL_PERIODIC;
	th->period_ns = 8000000;
	th->deadline_ns = 7000000;
	th->timer_res_ns = 1;
	th->stats.hits = 120;
	th->stats.misses = 5;
	for (i = 0; i < sizeof(response_ns) / sizeof(response_ns[0]); i++)
		hg_hist_add(&th->stats.events, response_ns[i]);
	add_event(th, 1100, 3000000, HG_EV_JOB, 0);
	add_event(th, 1200, 12000000, HG_EV_JOB, HG_REC_MISS);

	/* thread 1: CPU_PERIODIC 17ms 33ms */
	th = &t->threads[1];
	th->model = HG_MODEL_CPU_PERIODIC;
	th->period_ns = 33000000;
	th->deadline_ns = 33000000;
	th->stats.hits = 30;
	th->stats.misses = 2;
	hg_hist_add(&th->stats.events, 17000000);
	hg_hist_add(&th->stats.events, 29000000);
	add_event(th, 2000, 17000000, HG_EV_FRAME, 0);
	add_event(th, 2100, 33000000, HG_EV_PERIOD, HG_REC_MISS);

	/* thread 2: LAT 1ms on RTC, no intervals */
	th = &t->threads[2];
	th->model = HG_MODEL_LAT;
	th->period_ns = 1000000;
	th->timer_res_ns = 122070;
	snprintf(th->timer, sizeof(th->timer), "RTC");
	th->stats.samples_dropped = 2;
	for (i = 0; i < sizeof(late_ns) / sizeof(late_ns[0]); i++) {
		unsigned int k;

		hg_hist_add(&th->stats.events, late_ns[i]);
		for (k = 0; k < t->nthresholds; k++)
			th->stats.over[k] += late_ns[i] > t->thresholds_ns[k];
		add_event(th, 3000 + 1000 * i, late_ns[i] > UINT32_MAX ? UINT32_MAX :
			  (uint32_t)late_ns[i], HG_EV_LAT, 0);
	}
	th->stats.over[HG_MAX_THRESHOLDS - 1] = 99;	/* the last slot is stored too */
}

/*
 * The fields for the analysis after the run: each thread different, no
 * field at its default, the extremes of each type among them.
 */
static const struct {
	int32_t rt_prio;
	uint64_t wcet_ns, jitter_ns, blocking_ns;
	uint32_t reserve;
	uint64_t budget_ns, period_ns;
} analysis[] = {
	{ 80, 3000000, 250000, 100000, 1, 2000000, 8000000 },
	{ 1, 17000000, 8000000, 0, 2, 17000000, 33000000 },
	{ HG_NO_RT_PRIO, UINT64_MAX, UINT64_MAX - 1, UINT64_MAX, 0, UINT64_MAX, 1 },
};

/* Release jitter of the periodic threads, ns: a histogram of each. */
static const uint64_t wake_ns[][4] = {
	{ 1500, 2100, 48000, 2100 },
	{ 0, 127, 128, 1ULL << 33 },
	{ UINT64_MAX, 0, 0, 0 },		/* the top bucket; zeros too */
};

static void add_analysis(struct hg_trace *t)
{
	uint32_t i;
	size_t k;

	for (i = 0; i < t->nthreads && i < sizeof(analysis) / sizeof(analysis[0]); i++) {
		struct hg_trace_thread *th = &t->threads[i];

		th->rt_prio = analysis[i].rt_prio;
		th->wcet_ns = analysis[i].wcet_ns;
		th->jitter_ns = analysis[i].jitter_ns;
		th->blocking_ns = analysis[i].blocking_ns;
		th->reserve = analysis[i].reserve;
		th->reserve_budget_ns = analysis[i].budget_ns;
		th->reserve_period_ns = analysis[i].period_ns;
		for (k = 0; k < sizeof(wake_ns[i]) / sizeof(wake_ns[i][0]); k++)
			hg_hist_add(&th->stats.jitter, wake_ns[i][k]);
	}
}

/* A trace with every field set, none to its default. */
static struct hg_trace *full_trace(void)
{
	struct hg_trace *t = hg_test_trace(3, iv, niv);
	struct hg_calib *k;
	uint32_t i;

	ck_assert_ptr_nonnull(t);
	k = &t->calib;
	k->rounds = 3;
	k->agree_ppm = 12;
	k->counter_read_cycles = 21;
	k->bare_loop_mcycles = 19500;
	k->gap_loop_mcycles = 25500;
	k->iter_p999_cycles = 40;
	k->gap_threshold_cycles = 80;
	k->gap_threshold_ns = 80;
	k->hiccup_cycles = 40;
	k->invariant = true;
	k->threshold_given = true;
	t->flags = HG_TRACE_INTERRUPTED | HG_TRACE_MEMLOCKED | HG_TRACE_RAW_CYCLES;
	t->signal = 2;
	t->mono_start_ns = 111111111111ULL;
	t->mono_start_cycles = 999;
	t->mono_end_ns = 111112111111ULL;
	t->mono_end_cycles = 1000999;
	t->realtime_start_ns = 1700000000123456789ULL;
	free(t->cmdline);
	t->cmdline = strdup("hourglass -n 3 -d 1ms -t 0 CPU -t 1 PERIODIC 10ms 1ms");
	ck_assert_int_eq(hg_trace_add_sys(t, "kernel", "6.8.0-rt #1 SMP PREEMPT_RT"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "empty", ""), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "cmdline", "quiet isolcpus=1 second=line"), 0);
	for (i = 0; i < t->nthreads; i++) {
		struct hg_trace_thread *th = &t->threads[i];

		snprintf(th->timer, sizeof(th->timer), "HR");
		snprintf(th->unit, sizeof(th->unit), "jobs %u", i);
		th->error = i == 1 ? -EIO : 0;
		th->vcsw = 10 + i;
		th->ivcsw = 20 + i;
		th->dropped = 3 * i;
		th->overwritten = 5 * i;		/* a flight recorder's */
		th->complete_since_cycles = i ? 1000 + i : 0;
		th->hiccup_cycles = i ? 5 + i : 0;	/* none counted: 0 */
		th->stats.hiccups = 100 + i;
		th->stats.hiccup_cycles = 6000 + i;
		th->stats.units = 1000 + i;
		th->stats.yields = 7 * i;
		th->tid = 4000 + i;
		th->kernel_cpu_ns = 900000 + i;
	}
	t->pid = 3999;
	t->noise_window_ns = 1000500;
	t->nnoise = 2;
	t->noise = calloc(2, sizeof(*t->noise));
	ck_assert_ptr_nonnull(t->noise);
	t->noise[0] = (struct hg_cpu_noise){ 0, 990000, 0, 1200, 300, 10000 };
	t->noise[1] = (struct hg_cpu_noise){ 3, 20000000, 4000, UINT64_MAX, 1, 0 };
	t->noise_idle = true;
	/* the longest label a thread can have */
	memset(t->threads[2].workload, 'W', HG_LABEL_LEN - 1);
	t->threads[2].workload[HG_LABEL_LEN - 1] = '\0';
	/* a histogram reaching the top buckets */
	hg_hist_add(&t->threads[1].stats.gaps, UINT64_MAX);
	hg_hist_add(&t->threads[1].stats.gaps, 1ULL << 40);
	/* an event record among the intervals */
	t->threads[1].recs[t->threads[1].stored++] = (struct hg_record){
		.start_cycles = 1950, .len_cycles = 12, .cpu = 1, .flags = HG_REC_EVENT,
	};
	ck_assert_uint_eq(t->threads[0].stored, 4);
	ck_assert_uint_eq(t->threads[0].recs[1].flags, HG_REC_CONTINUED);
	add_models(t);
	add_analysis(t);
	return t;
}

static const char *str_or_empty(const char *s)
{
	return s ? s : "";
}

#define EQ(field) ck_assert_uint_eq(a->field, b->field)

static void assert_thread_eq(const struct hg_trace_thread *a, const struct hg_trace_thread *b)
{
	EQ(id);
	ck_assert_str_eq(a->workload, b->workload);
	ck_assert_str_eq(a->priority, b->priority);
	ck_assert_str_eq(a->cpus, b->cpus);
	ck_assert_str_eq(a->timer, b->timer);
	ck_assert_str_eq(a->unit, b->unit);
	ck_assert_int_eq(a->error, b->error);
	EQ(model);
	EQ(period_ns);
	EQ(deadline_ns);
	EQ(timer_res_ns);
	ck_assert_int_eq(a->rt_prio, b->rt_prio);
	EQ(wcet_ns);
	EQ(jitter_ns);
	EQ(blocking_ns);
	EQ(reserve);
	EQ(reserve_budget_ns);
	EQ(reserve_period_ns);
	EQ(gap_threshold_cycles);
	EQ(begin_cycles);
	EQ(end_cycles);
	EQ(vcsw);
	EQ(ivcsw);
	EQ(stored);
	EQ(dropped);
	EQ(tid);
	EQ(kernel_cpu_ns);
	EQ(overwritten);
	EQ(complete_since_cycles);
	EQ(hiccup_cycles);
	EQ(stats.hiccups);
	EQ(stats.hiccup_cycles);
	EQ(stats.intervals);
	EQ(stats.received_cycles);
	EQ(stats.gaps.count);
	EQ(stats.gaps.max);
	EQ(stats.hits);
	EQ(stats.misses);
	EQ(stats.samples_dropped);
	EQ(stats.events.count);
	EQ(stats.events.sum);
	EQ(stats.events.min);
	EQ(stats.events.max);
	EQ(stats.jitter.count);
	EQ(stats.jitter.sum);
	EQ(stats.jitter.min);
	EQ(stats.jitter.max);
	ck_assert_int_eq(memcmp(a->stats.jitter.bucket, b->stats.jitter.bucket,
				sizeof(a->stats.jitter.bucket)), 0);
	ck_assert_int_eq(memcmp(a->stats.over, b->stats.over, sizeof(a->stats.over)), 0);
	/* the structs hold only uint64_t: compare them whole, buckets included */
	ck_assert_int_eq(memcmp(&a->stats, &b->stats, sizeof(a->stats)), 0);
	ck_assert_int_eq(memcmp(a->recs, b->recs, a->stored * sizeof(*a->recs)), 0);
}

static void assert_trace_eq(const struct hg_trace *a, const struct hg_trace *b)
{
	size_t i;

	EQ(version);
	EQ(flags);
	ck_assert_int_eq(a->signal, b->signal);
	EQ(calib.tsc_hz);
	EQ(calib.rounds);
	EQ(calib.agree_ppm);
	EQ(calib.counter_read_cycles);
	EQ(calib.bare_loop_mcycles);
	EQ(calib.gap_loop_mcycles);
	EQ(calib.iter_p999_cycles);
	EQ(calib.gap_threshold_cycles);
	EQ(calib.gap_threshold_ns);
	EQ(calib.hiccup_cycles);
	EQ(calib.invariant);
	EQ(calib.threshold_given);
	EQ(t0_cycles);
	EQ(stop_cycles);
	EQ(duration_ns);
	EQ(mono_start_ns);
	EQ(mono_start_cycles);
	EQ(mono_end_ns);
	EQ(mono_end_cycles);
	EQ(realtime_start_ns);
	EQ(capacity);
	EQ(histogram_us);
	EQ(nthresholds);
	ck_assert_int_eq(memcmp(a->thresholds_ns, b->thresholds_ns, sizeof(a->thresholds_ns)), 0);
	ck_assert_str_eq(str_or_empty(a->cmdline), str_or_empty(b->cmdline));
	EQ(nsys);
	for (i = 0; i < a->nsys; i++) {
		ck_assert_str_eq(a->sys[i].key, b->sys[i].key);
		ck_assert_str_eq(a->sys[i].value, b->sys[i].value);
	}
	EQ(nthreads);
	for (i = 0; i < a->nthreads; i++)
		assert_thread_eq(&a->threads[i], &b->threads[i]);
	EQ(pid);
	EQ(noise_window_ns);
	EQ(nnoise);
	EQ(noise_idle);
	if (a->nnoise)
		ck_assert_int_eq(memcmp(a->noise, b->noise, a->nnoise * sizeof(*a->noise)), 0);
}

/* Remove @path, @dir and, once empty, the shared directory; free both. */
static void drop_dir(char *dir, char *path)
{
	unlink(path);
	rmdir(dir);
	rmdir(hg_test_tmpdir());
	free(path);
	free(dir);
}

/* Entries of @dir other than . and ..; the first one's name in @first. */
static int entries(const char *dir, char *first, size_t len)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	if (first)
		first[0] = '\0';
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!n++ && first)
			snprintf(first, len, "%s", e->d_name);
	}
	closedir(d);
	return n;
}

/* The bytes of the file at @path, in new memory. */
static uint8_t *slurp(const char *path, size_t *len)
{
	struct stat sb;
	uint8_t *buf;
	int fd;

	fd = open(path, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(fstat(fd, &sb), 0);
	*len = (size_t)sb.st_size;
	buf = malloc(*len + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(read(fd, buf, *len), (ssize_t)*len);
	close(fd);
	return buf;
}

/* @len bytes of @buf as the file @path. */
static void spill(const char *path, const uint8_t *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, buf, len), (ssize_t)len);
	ck_assert_int_eq(close(fd), 0);
}

/* Write @t to a file and return the file's bytes. */
static uint8_t *encode(const struct hg_trace *t, size_t *len)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "enc.hgt"), err[256] = "";
	uint8_t *buf;

	ck_assert_msg(hg_trace_write(t, path, err, sizeof(err)) == 0, "write: %s", err);
	buf = slurp(path, len);
	drop_dir(dir, path);
	return buf;
}

/*
 * @src copied so that it ends right at an inaccessible page: a read past
 * the end crashes the test instead of passing unnoticed.
 */
struct guarded {
	uint8_t *map;
	size_t maplen;
	uint8_t *p;
};

static void guard(struct guarded *g, const uint8_t *src, size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t room = (len + page - 1) / page * page;

	g->maplen = room + page;
	g->map = mmap(NULL, g->maplen, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(g->map != MAP_FAILED);
	ck_assert_int_eq(mprotect(g->map + room, page, PROT_NONE), 0);
	g->p = g->map + room - len;
	if (len)
		memcpy(g->p, src, len);
}

static void unguard(struct guarded *g)
{
	munmap(g->map, g->maplen);
}

/*
 * The same bytes read as a stream (trace/tstream.h) from a file: opened,
 * every thread's records read in chunks (each equal to @want's, the
 * decoded trace, when there is one), the checksum verified. Returns 0 or
 * what failed, with the message in @err.
 */
static int stream_read(const uint8_t *buf, size_t len, const struct hg_trace *want,
		       char *err, size_t errlen)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "stream.hgt");
	const struct hg_trace *t = NULL;
	struct hg_tstream *s = NULL;
	struct hg_recsrc src;
	uint32_t i;
	int ret;

	hg_test_write_file(path, buf, len);
	err[0] = '\0';
	ret = hg_tstream_open(path, &s, &t, &src, err, errlen);
	for (i = 0; !ret && i < t->nthreads; i++) {
		const struct hg_record *r;
		uint64_t at = 0;
		size_t n = 1;

		ck_assert_int_eq(src.ops->rewind(src.priv, i), 0);
		while (n) {
			ck_assert_int_eq(src.ops->read(src.priv, i, &r, &n), 0);
			ck_assert_uint_le(at + n, t->threads[i].stored);
			if (want && n)
				ck_assert_int_eq(memcmp(r, want->threads[i].recs + at,
							n * sizeof(*r)), 0);
			at += n;
		}
		ck_assert_uint_eq(at, t->threads[i].stored);
	}
	if (!ret)
		ret = hg_tstream_verify(s, err, errlen);
	hg_tstream_close(s);
	free(path);
	hg_test_drop_dir(dir);
	return ret;
}

/*
 * Decode @len bytes of @buf, expecting a damaged file: -EINVAL, a message
 * (left in @err), no trace. Returns whether it was so. The stream must
 * judge the bytes the same, with the same message.
 */
static int rejected(const uint8_t *buf, size_t len, char *err, size_t errlen)
{
	struct hg_trace *t = NULL;
	struct guarded g;
	char serr[256];
	int ret, sret;

	guard(&g, buf, len);
	err[0] = '\0';
	ret = hg_trace_decode(g.p, len, &t, err, errlen);
	unguard(&g);
	sret = stream_read(buf, len, ret ? NULL : t, serr, sizeof(serr));
	/* a file of no bytes is refused before it is decoded, as hg_trace_read() does */
	ck_assert_msg(!ret == !sret && (!ret || !strcmp(err, serr) ||
					(!len && !strcmp(serr, "not an hourglass trace (empty file)"))),
		      "%zu bytes: decoded (%d, '%s'), streamed (%d, '%s')", len, ret,
		      ret ? err : "", sret, sret ? serr : "");
	if (!ret)
		hg_trace_free(t);
	return ret == -EINVAL && err[0] && !t;
}

/* Decode @buf expecting -EINVAL and a message starting with @prefix. */
static void assert_damaged(const uint8_t *buf, size_t len, const char *prefix)
{
	char err[256];

	ck_assert_msg(rejected(buf, len, err, sizeof(err)), "accepted (%s)", err);
	ck_assert_msg(!strncmp(err, prefix, strlen(prefix)), "message '%s', want '%s...'",
		      err, prefix);
}

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

/* ------------------------------------------------------- damaged files */

START_TEST(test_bad_magic)
{
	static const uint8_t text[] = "hello, this is not a trace at all\n";
	struct hg_trace *t = full_trace();
	uint8_t *buf;
	size_t len, k;

	buf = encode(t, &len);
	for (k = 0; k < 8; k++) {
		buf[k] ^= 0x20;
		assert_damaged(buf, len, "not an hourglass trace");
		buf[k] ^= 0x20;
	}
	assert_damaged(text, sizeof(text) - 1, "not an hourglass trace");
	free(buf);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_wrong_version)
{
	static const uint32_t versions[] = { 0, HG_TRACE_VERSION_MAX + 1, 0x01000001, UINT32_MAX };
	struct hg_trace *t = full_trace();
	uint8_t *buf;
	size_t len, i;
	int b;

	buf = encode(t, &len);
	for (i = 0; i < sizeof(versions) / sizeof(versions[0]); i++) {
		char want[64];

		for (b = 0; b < 4; b++)		/* little-endian, after the magic */
			buf[8 + b] = (uint8_t)(versions[i] >> (8 * b));
		snprintf(want, sizeof(want), "unsupported trace version %u", versions[i]);
		assert_damaged(buf, len, want);
	}
	free(buf);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_truncated_everywhere)
{
	struct hg_trace *t = full_trace(), *back = NULL;
	char err[256];
	uint8_t *buf;
	size_t len, k;

	buf = encode(t, &len);
	for (k = 0; k < len; k++)
		ck_assert_msg(rejected(buf, k, err, sizeof(err)),
			      "cut to %zu of %zu bytes: accepted (%s)", k, len, err);
	ck_assert_int_eq(hg_trace_decode(buf, len, &back, err, sizeof(err)), 0);
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_truncated_message)
{
	struct hg_trace *t = full_trace();
	uint8_t *buf;
	size_t len;

	buf = encode(t, &len);
	assert_damaged(buf, 12, "truncated");
	assert_damaged(buf, 16 + 8, "truncated");
	assert_damaged(buf, len / 2, "truncated");
	assert_damaged(buf, len - 1, "truncated");
	free(buf);
	hg_trace_free(t);
}
END_TEST

/* Every byte of the file, flipped in a few ways: never accepted. */
START_TEST(test_flipped_byte)
{
	static const uint8_t masks[] = { 0x01, 0x80, 0xff };
	struct hg_trace *t = full_trace();
	char err[256], missed[512] = "";
	size_t len, k, m, at = 0, nmissed = 0;
	uint8_t *buf;

	buf = encode(t, &len);
	for (k = 0; k < len; k++) {
		for (m = 0; m < sizeof(masks); m++) {
			buf[k] ^= masks[m];
			if (!rejected(buf, len, err, sizeof(err))) {
				nmissed++;
				if (at < sizeof(missed))
					at += (size_t)snprintf(missed + at, sizeof(missed) - at,
							       " %zu^0x%02x", k, masks[m]);
			}
			buf[k] ^= masks[m];
		}
	}
	ck_assert_msg(!nmissed, "%zu of %zu flips accepted in a %zu-byte file whose end "
		      "section starts at %zu, at:%s", nmissed, len * sizeof(masks), len,
		      len - END_BYTES, missed);
	free(buf);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_checksum_message)
{
	struct hg_trace *t = full_trace();
	uint8_t *buf;
	size_t len;

	buf = encode(t, &len);
	buf[len - END_BYTES - 8] ^= 0x10;	/* in the last record: every length still right */
	assert_damaged(buf, len, "checksum mismatch");
	free(buf);
	hg_trace_free(t);
}
END_TEST

/* ------------------------------------------------------ crafted files */

/*
 * Files whose checksum is right but whose structure is not: sections are
 * taken apart, rearranged, and put together with a fresh checksum, so only
 * the reader's structural checks stand between them and the caller.
 */
#define MAXSEC 24

struct sec {
	uint32_t type;
	size_t len;
	uint8_t p[2048];
};

static uint32_t crc32(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	int k;

	while (n--) {
		c ^= *p++;
		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
	}
	return ~c;
}

static uint64_t get_le(const uint8_t *p, int bytes)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static void put_le(uint8_t *p, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* The sections of a valid file, without the end section. */
static size_t split(const uint8_t *buf, size_t len, struct sec *s)
{
	size_t at = HEADER_BYTES, n = 0;

	while (at < len - END_BYTES) {
		ck_assert_uint_lt(n, MAXSEC);
		s[n].type = (uint32_t)get_le(buf + at, 4);
		s[n].len = get_le(buf + at + 8, 8);
		ck_assert_uint_le(s[n].len, sizeof(s[n].p));
		memcpy(s[n].p, buf + at + SECTION_BYTES, s[n].len);
		at += SECTION_BYTES + s[n++].len;
	}
	ck_assert_uint_eq(at, len - END_BYTES);
	return n;
}

/* A file of sections @s[0..n), then an end section with the right checksum. */
static uint8_t *join_sections(const struct sec *s, size_t n, size_t *len)
{
	uint8_t *buf = calloc(1, HEADER_BYTES + n * (SECTION_BYTES + sizeof(s->p)) + END_BYTES);
	size_t at = HEADER_BYTES, i;

	ck_assert_ptr_nonnull(buf);
	memcpy(buf, "HGTRACE", 8);
	put_le(buf + 8, HG_TRACE_VERSION, 4);
	put_le(buf + 12, n + 1, 4);
	for (i = 0; i < n; i++) {
		put_le(buf + at, s[i].type, 4);
		put_le(buf + at + 8, s[i].len, 8);
		memcpy(buf + at + SECTION_BYTES, s[i].p, s[i].len);
		at += SECTION_BYTES + s[i].len;
	}
	put_le(buf + at, TYPE_END, 4);
	put_le(buf + at + 8, 4, 8);
	put_le(buf + at + SECTION_BYTES, crc32(buf, at), 4);
	*len = at + END_BYTES;
	return buf;
}

static void drop_sec(struct sec *s, size_t *n, size_t i)
{
	memmove(s + i, s + i + 1, (*n - i - 1) * sizeof(*s));
	(*n)--;
}

static void insert_sec(struct sec *s, size_t *n, size_t i, const struct sec *x)
{
	struct sec copy = *x;

	ck_assert_uint_lt(*n, MAXSEC);
	memmove(s + i + 1, s + i, (*n - i) * sizeof(*s));
	s[i] = copy;
	(*n)++;
}

static void swap_sec(struct sec *s, size_t i, size_t j)
{
	struct sec t = s[i];

	s[i] = s[j];
	s[j] = t;
}

/* full_trace() gives these sections, then END: 3 + 3 * 3 in all. */
enum { RUN, SYS, TH0, PAD0, REC0, TH1, PAD1, REC1, TH2, PAD2, REC2, NSEC };

_Static_assert(NSEC + 1 == NSECTIONS(3), "the sections of three threads");

/*
 * The run section (file.c, put_run()): flags, signal, calibration (52
 * bytes), nine u64 (t0, stop, duration, the two clock pairs, realtime,
 * capacity), histogram_us, nthresholds, the thresholds, nthreads, cmdline.
 */
#define RUN_HISTOGRAM (4 + 4 + 52 + 9 * 8)
#define RUN_NTHRESHOLDS (RUN_HISTOGRAM + 4)
#define RUN_THRESHOLDS (RUN_NTHRESHOLDS + 4)

static size_t run_nthreads_at(const struct sec *run)
{
	return RUN_THRESHOLDS + 8 * get_le(run->p + RUN_NTHRESHOLDS, 4);
}

/* Where a histogram that starts at @at ends (file.c, put_hist()). */
static size_t hist_end(const struct sec *s, size_t at)
{
	ck_assert_uint_le(at + 4 * 8 + 4, s->len);
	return at + 4 * 8 + 4 + 12 * get_le(s->p + at + 4 * 8, 4);
}

/*
 * Fields of a thread section (file.c, put_thread()): id, five strings
 * (workload, priority, cpus, timer, unit), error, model, period, deadline,
 * timer resolution; for the analysis: rt_prio (u32), wcet, jitter,
 * blocking (u64), reserve (u32), reserve budget and period (u64); thirteen
 * u64 (gap threshold ... yields), the gap histogram, hits, misses, samples
 * dropped, the event histogram, over[], the jitter histogram; version 2:
 * tid (u32), kernel CPU time (u64).
 */
struct th_layout {
	size_t model, period, deadline, timer_res;
	size_t rt_prio, wcet, jitter, blocking, reserve, budget, reserve_period;
	size_t counters;	/* the thirteen u64 */
	size_t gaps, hits, events, over, jitter_hist, tid, end;
	size_t overwritten, complete_since;	/* version 2, after tid */
	size_t hiccup;				/* version 3: floor, count, cycles */
};

/* The fields version 2 appends to a thread section: tid, kernel CPU time ... */
#define TH_V2_BYTES (4 + 8)
/* ... and the flight recorder's records overwritten and complete-since */
#define TH_V2_RING_BYTES (2 * 8)
/* ... and version 3's hiccups: the floor, their count and their cycles */
#define TH_V3_HICCUP_BYTES (3 * 8)

/* The analysis fields, rt_prio to reserve period: where the older layout had none. */
#define TH_ANALYSIS_BYTES (4 + 3 * 8 + 4 + 2 * 8)

static void thread_layout(const struct sec *s, struct th_layout *l)
{
	size_t at = 4;
	int i;

	for (i = 0; i < 5; i++) {
		ck_assert_uint_le(at + 4, s->len);
		at += 4 + get_le(s->p + at, 4);
	}
	l->model = at + 4;
	l->period = l->model + 4;
	l->deadline = l->period + 8;
	l->timer_res = l->deadline + 8;
	l->rt_prio = l->timer_res + 8;
	l->wcet = l->rt_prio + 4;
	l->jitter = l->wcet + 8;
	l->blocking = l->jitter + 8;
	l->reserve = l->blocking + 8;
	l->budget = l->reserve + 4;
	l->reserve_period = l->budget + 8;
	l->counters = l->reserve_period + 8;
	ck_assert_uint_eq(l->counters - l->rt_prio, TH_ANALYSIS_BYTES);
	l->gaps = l->counters + 13 * 8;
	l->hits = hist_end(s, l->gaps);
	l->events = l->hits + 3 * 8;
	l->over = hist_end(s, l->events);
	l->jitter_hist = l->over + HG_MAX_THRESHOLDS * 8;
	l->tid = hist_end(s, l->jitter_hist);
	l->overwritten = l->tid + TH_V2_BYTES;
	l->complete_since = l->overwritten + 8;
	l->hiccup = l->complete_since + 8;
	l->end = l->hiccup + TH_V3_HICCUP_BYTES;
	ck_assert_uint_eq(l->end, s->len);
}

/* Cut @len bytes at @at out of section @s. */
static void cut_sec(struct sec *s, size_t at, size_t len)
{
	ck_assert_uint_le(at + len, s->len);
	memmove(s->p + at, s->p + at + len, s->len - at - len);
	s->len -= len;
}

/*
 * the --break fields: kind, thread, CPU, marked (u32), three u64; then the
 * hiccup floor (u64), and full_trace()'s two CPUs' idle times (u64 each)
 * end the run section
 */
#define RUN_IDLE_BYTES (2 * 8)
#define RUN_BREAK_FROM_END (4 * 4 + 3 * 8 + 8 + RUN_IDLE_BYTES)

/* The fields an edit finds: each from its section's layout. */
enum field {
	F_PAYLOAD,		/* the payload's first byte */
	F_TYPE,			/* the section's type, in its header (a poke only) */
	F_RUN_NTHRESHOLDS,
	F_RUN_NTHREADS,
	F_RUN_BREAK,		/* the --break fields' first: the kind */
	F_TH_ERROR,
	F_TH_MODEL,
	F_TH_RT_PRIO,		/* the analysis fields' first */
	F_TH_RESERVE,
	F_TH_HITS,		/* the first after the gap histogram */
	F_TH_EVENTS,		/* the event histogram's first byte: its count */
	F_TH_JITTER,		/* the jitter histogram's */
	F_TH_END,		/* the section's end */
};

/* A histogram's (file.c, put_hist()): the count, its number of buckets, the first's index. */
#define HIST_COUNT 0
#define HIST_NBUCKETS (4 * 8)
#define HIST_BUCKET0 (4 * 8 + 4)

#define ANY UINT64_MAX	/* a poke's @was: the value before not checked */
#define AT_END (-1)	/* an insertion's place: after the last section */

/* Where field @f of section @s starts, in its payload. */
static size_t field_at(const struct sec *s, enum field f)
{
	struct th_layout l;

	if (f >= F_TH_ERROR)
		thread_layout(s, &l);
	switch (f) {
	case F_RUN_NTHRESHOLDS:
		return RUN_NTHRESHOLDS;
	case F_RUN_NTHREADS:
		return run_nthreads_at(s);
	case F_RUN_BREAK:
		return s->len - RUN_BREAK_FROM_END;
	case F_TH_ERROR:
		return l.model - 4;
	case F_TH_MODEL:
		return l.model;
	case F_TH_RT_PRIO:
		return l.rt_prio;
	case F_TH_RESERVE:
		return l.reserve;
	case F_TH_HITS:
		return l.hits;
	case F_TH_EVENTS:
		return l.events;
	case F_TH_JITTER:
		return l.jitter_hist;
	case F_TH_END:
		return l.end;
	default:
		return 0;
	}
}

/*
 * One edit of the sections of a valid file. @a is the section edited (its
 * index after the edits before it); fields are found in section @a of the
 * valid file, before any edit.
 */
enum edit_op {
	E_NONE,		/* ends a list */
	E_DROP,		/* section @a dropped */
	E_COPY,		/* a copy of section @b inserted before section @a */
	E_NEW,		/* a section of type @b, @n zero bytes, inserted before @a */
	E_SWAP,		/* sections @a and @b swapped */
	E_SET,		/* section @a replaced by a copy of section @b */
	E_SET_NEW,	/* section @a replaced by one of type @b, @n zero bytes */
	E_ZERO,		/* section @a made @n zero bytes */
	E_LONGER,	/* section @a made @off bytes longer (a negative @off: shorter) */
	E_END_AT,	/* section @a made to end @off bytes past field @f */
	E_CUT,		/* @n bytes cut out of section @a, @off bytes past field @f */
	E_POKE,		/* the @n bytes @off past field @f of section @a set to @v */
	E_ADD,		/* ... made their value plus @v */
};

struct edit {
	enum edit_op op;
	int a, b;
	enum field f;
	long off;
	size_t n;
	uint64_t v;
	uint64_t was;	/* a poke's: the value before (ANY: not checked) */
};

#define DROP(x)			{ E_DROP, (x), 0, F_PAYLOAD, 0, 0, 0, ANY }
#define COPY(x, from)		{ E_COPY, (x), (from), F_PAYLOAD, 0, 0, 0, ANY }
#define NEW(x, type, len)	{ E_NEW, (x), (type), F_PAYLOAD, 0, (len), 0, ANY }
#define SWAP(x, y)		{ E_SWAP, (x), (y), F_PAYLOAD, 0, 0, 0, ANY }
#define SET(x, from)		{ E_SET, (x), (from), F_PAYLOAD, 0, 0, 0, ANY }
#define SET_NEW(x, type, len)	{ E_SET_NEW, (x), (type), F_PAYLOAD, 0, (len), 0, ANY }
#define ZERO(x, len)		{ E_ZERO, (x), 0, F_PAYLOAD, 0, (len), 0, ANY }
#define LONGER(x, by)		{ E_LONGER, (x), 0, F_PAYLOAD, (by), 0, 0, ANY }
#define END_AT(x, fld, by)	{ E_END_AT, (x), 0, (fld), (by), 0, 0, ANY }
#define CUT(x, fld, at, len)	{ E_CUT, (x), 0, (fld), (at), (len), 0, ANY }
#define POKE(x, fld, at, width, val, before) \
				{ E_POKE, (x), 0, (fld), (at), (width), (val), (before) }
#define ADD(x, fld, at, width, val) \
				{ E_ADD, (x), 0, (fld), (at), (width), (val), ANY }

#define MAX_EDITS	4

/*
 * The damages of the file's layout and of its fields: what each is, the
 * message it gets, and the edits that make it from a valid file.
 */
static const struct {
	const char *what;
	const char *msg;	/* the message starts so; NULL: the file is fine */
	struct edit e[MAX_EDITS + 1];
	size_t nsec;		/* the sections the edits leave (0: not checked) */
} damages[] = {
	{ "same file", NULL, { { E_NONE } }, NSEC },
	{ "no run section", "damaged: run section missing", { DROP(RUN) }, 0 },
	{ "two run sections", "damaged run section", { COPY(SYS, RUN) }, 0 },
	{ "stray bytes in a section", "damaged: section 1 has 4 stray bytes",
	  { LONGER(SYS, 4) }, 0 },
	{ "threads out of order", "damaged section of thread 0",
	  { SWAP(TH0, TH1), SWAP(REC0, REC1) }, 0 },
	{ "records of thread 0 missing", "damaged run section",
	  { DROP(REC0), DROP(PAD0) }, 0 },
	{ "thread 2 missing", "damaged run section",
	  { DROP(REC2), DROP(PAD2), DROP(TH2) }, 0 },
	{ "records of thread 1 twice", "damaged run section", { COPY(REC1, REC1) }, 0 },
	/* the count one less, and one record (16 bytes) fewer */
	{ "record count not the thread's", "damaged records section of thread 0",
	  { ADD(REC0, F_PAYLOAD, 8, 8, (uint64_t)-1), LONGER(REC0, -16) }, 0 },
	{ "end section in the middle", "damaged run section", { NEW(TH1, TYPE_END, 4) }, 0 },
	/* thread 0's padding and records, empty, before its thread section */
	{ "empty records before their thread", "damaged records section (thread 0)",
	  { DROP(REC0), NEW(TH0, TYPE_RECORDS, RECORDS_HEAD), COPY(TH0, PAD0 + 1),
	    DROP(PAD0 + 2) }, 0 },
	/* the fields of the timed models */
	/* the count says 3, two are there: nthreads is read from the third */
	{ "a threshold fewer than said", "damaged run section",
	  { CUT(RUN, F_PAYLOAD, RUN_THRESHOLDS + 2 * 8, 8) }, 0 },
	/* a miss by thread 3: the run has threads 0 to 2 */
	{ "a break by a thread the run has not", "damaged run section",
	  { POKE(RUN, F_RUN_BREAK, 0, 4, HG_BREAK_MISS, ANY),
	    POKE(RUN, F_RUN_BREAK, 4, 4, 3, ANY) }, 0 },
	/* the section ends one slot short of over[]'s end */
	{ "over[] cut short", "damaged section of thread 2", { END_AT(TH2, F_TH_JITTER, -8) }, 0 },
	/*
	 * the layout before the timed models: no model, period, deadline or
	 * resolution (nor the analysis fields that came after them); nothing
	 * after the gap histogram
	 */
	{ "a thread section from an older layout", "damaged section of thread 0",
	  { END_AT(TH0, F_TH_HITS, 0), CUT(TH0, F_TH_MODEL, 0, 4 + 3 * 8 + TH_ANALYSIS_BYTES) },
	  0 },
	/* the padding before each thread's records, and the section count */
	{ "a padding byte not zero", "damaged padding section",
	  { ZERO(PAD1, 15), POKE(PAD1, F_PAYLOAD, 14, 1, 0x01, 0) }, 0 },
	{ "the only padding byte not zero", "damaged padding section",
	  { ZERO(PAD0, 1), POKE(PAD0, F_PAYLOAD, 0, 1, 0x80, 0) }, 0 },
	{ "padding of 16 bytes", "damaged padding section", { ZERO(PAD2, 16) }, 0 },
	{ "padding of 2048 bytes", "damaged padding section",
	  { ZERO(PAD0, sizeof(((struct sec *)0)->p)) }, 0 },
	/* 3 + 2 * 3 sections with the end section */
	{ "no padding: the old layout of 3 + 2n sections", "damaged run section",
	  { DROP(PAD2), DROP(PAD1), DROP(PAD0) }, 3 + 2 * 3 - 1 },
	{ "a padding section missing", "damaged run section", { DROP(PAD1) }, 0 },
	{ "a padding section more", "damaged run section", { NEW(AT_END, TYPE_PAD, 0) }, 0 },
	{ "padding in the place of records", "damaged: section 4 is out of place",
	  { SET_NEW(REC0, TYPE_PAD, 0) }, 0 },
	{ "records of thread 1 twice, count kept", "damaged: section 9 is out of place",
	  { SET(PAD2, REC1) }, 0 },
	{ "end section in the middle, count kept", "damaged end section",
	  { SET_NEW(PAD1, TYPE_END, 4) }, 0 },
	{ "two run sections, count kept", "two run sections", { SET(PAD0, RUN) }, 0 },
	/* the fields for the analysis, and the jitter histogram */
	/* the timed models' layout: no analysis fields, no jitter histogram */
	{ "a thread section from before the analysis fields", "damaged section of thread 0",
	  { END_AT(TH0, F_TH_JITTER, 0), CUT(TH0, F_TH_RT_PRIO, 0, TH_ANALYSIS_BYTES) }, 0 },
	{ "no jitter histogram", "damaged section of thread 1", { END_AT(TH1, F_TH_JITTER, 0) },
	  0 },
	{ "jitter histogram cut short", "damaged section of thread 2",
	  { END_AT(TH2, F_TH_END, -8) }, 0 },
	/* one field each */
	{ "unknown section type", "unknown section type 10",
	  { POKE(SYS, F_TYPE, 0, 4, 10 /* one past the last (OVER) */, ANY) }, 0 },
	{ "records of an unknown thread", "damaged records section (thread 7)",
	  { POKE(REC2, F_PAYLOAD, 0, 4, 7, ANY) }, 0 },
	{ "too many threads", "damaged run section",
	  { POKE(RUN, F_RUN_NTHREADS, 0, 4, 100001, 3) }, 0 },
	{ "more threads than sections", "damaged run section",
	  { POKE(RUN, F_RUN_NTHREADS, 0, 4, 4, 3) }, 0 },
	{ "more thresholds than a run counts", "damaged run section",
	  { POKE(RUN, F_RUN_NTHRESHOLDS, 0, 4, HG_MAX_THRESHOLDS + 1, 3) }, 0 },
	{ "a threshold more than said", "damaged run section",
	  { POKE(RUN, F_RUN_NTHRESHOLDS, 0, 4, 2, 3) }, 0 },
	{ "a break of two kinds", "damaged run section",
	  { POKE(RUN, F_RUN_BREAK, 0, 4, HG_BREAK_GAP | HG_BREAK_LAT, ANY) }, 0 },
	{ "a break marked 2", "damaged run section",
	  { POKE(RUN, F_RUN_BREAK, 12, 4, 2, ANY) }, 0 },
	{ "an unknown model", "damaged section of thread 1",
	  { POKE(TH1, F_TH_MODEL, 0, 4, HG_MODEL_LAT + 1, HG_MODEL_CPU_PERIODIC) }, 0 },
	/* the error field is a negative errno: INT32_MIN once crashed a reader */
	{ "an error of INT32_MIN", "damaged section of thread 1",
	  { POKE(TH1, F_TH_ERROR, 0, 4, 0x80000000u, ANY) }, 0 },
	{ "a positive error", "damaged section of thread 0",
	  { POKE(TH0, F_TH_ERROR, 0, 4, EIO, ANY) }, 0 },
	{ "event histogram count not its buckets'", "damaged section of thread 0",
	  { POKE(TH0, F_TH_EVENTS, HIST_COUNT, 8, 6, 5) }, 0 },
	{ "event histogram bucket out of range", "damaged section of thread 2",
	  { POKE(TH2, F_TH_EVENTS, HIST_BUCKET0, 4, HG_HIST_BUCKETS, ANY) }, 0 },
	{ "reserve 3", "damaged section of thread 1",
	  { POKE(TH1, F_TH_RESERVE, 0, 4, 3, 2) }, 0 },
	{ "reserve UINT32_MAX", "damaged section of thread 0",
	  { POKE(TH0, F_TH_RESERVE, 0, 4, UINT32_MAX, 1) }, 0 },
	{ "jitter histogram count not its buckets'", "damaged section of thread 1",
	  { POKE(TH1, F_TH_JITTER, HIST_COUNT, 8, 5, 4) }, 0 },
	{ "jitter histogram bucket out of range", "damaged section of thread 0",
	  { POKE(TH0, F_TH_JITTER, HIST_BUCKET0, 4, HG_HIST_BUCKETS, ANY) }, 0 },
	{ "jitter histogram of more buckets than there are", "damaged section of thread 2",
	  { POKE(TH2, F_TH_JITTER, HIST_NBUCKETS, 4, HG_HIST_BUCKETS + 1, 2) }, 0 },
};

/* Where @e's place is: @off bytes past its field in the valid file's section @was. */
static size_t edit_at(const struct edit *e, const struct sec *was)
{
	long at = (long)field_at(was, e->f) + e->off;

	ck_assert_int_ge(at, 0);
	return (size_t)at;
}

/* Apply @e to the sections @s[0..*n); @valid are the valid file's. */
static void apply(struct sec *s, size_t *n, const struct sec *valid, const struct edit *e)
{
	struct sec *x = e->op == E_NONE ? NULL : &s[e->a == AT_END ? *n : (size_t)e->a];
	struct sec fresh = { 0 };
	size_t at;

	fresh.type = (uint32_t)e->b;
	fresh.len = e->n;
	switch (e->op) {
	case E_NONE:
		break;
	case E_DROP:
		drop_sec(s, n, (size_t)e->a);
		break;
	case E_COPY:
		insert_sec(s, n, (size_t)(x - s), &s[e->b]);
		break;
	case E_NEW:
		insert_sec(s, n, (size_t)(x - s), &fresh);
		break;
	case E_SWAP:
		swap_sec(s, (size_t)e->a, (size_t)e->b);
		break;
	case E_SET:
		*x = s[e->b];
		break;
	case E_SET_NEW:
		*x = fresh;
		break;
	case E_ZERO:
		ck_assert_uint_le(e->n, sizeof(x->p));
		x->len = e->n;
		memset(x->p, 0, e->n);
		break;
	case E_LONGER:
		x->len = (size_t)((long)x->len + e->off);
		break;
	case E_END_AT:
		x->len = edit_at(e, &valid[e->a]);
		break;
	case E_CUT:
		cut_sec(x, edit_at(e, &valid[e->a]), e->n);
		break;
	case E_POKE:
	case E_ADD:
		if (e->f == F_TYPE) {
			x->type = (uint32_t)e->v;
			break;
		}
		at = edit_at(e, &valid[e->a]);
		ck_assert_uint_le(at + e->n, x->len);
		if (e->was != ANY)
			ck_assert_uint_eq(get_le(x->p + at, (int)e->n), e->was);
		put_le(x->p + at, e->op == E_ADD ? get_le(x->p + at, (int)e->n) + e->v : e->v,
		       (int)e->n);
		break;
	}
}

START_TEST(test_damaged)
{
	struct hg_trace *t = full_trace();
	struct sec *s = calloc(MAXSEC, sizeof(*s)), *valid = calloc(MAXSEC, sizeof(*s));
	const char *msg = damages[_i].msg;
	const struct edit *e;
	uint8_t *buf, *again;
	size_t len, len2, n;
	char err[256];

	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(valid);
	buf = encode(t, &len);
	n = split(buf, len, s);
	ck_assert_uint_eq(n, NSEC);
	memcpy(valid, s, MAXSEC * sizeof(*s));
	for (e = damages[_i].e; e->op != E_NONE; e++)
		apply(s, &n, valid, e);
	if (damages[_i].nsec)
		ck_assert_uint_eq(n, damages[_i].nsec);
	again = join_sections(s, n, &len2);
	if (!msg) {
		/* the test's own checksum and layout are the writer's */
		ck_assert_uint_eq(len2, len);
		ck_assert_int_eq(memcmp(again, buf, len), 0);
	} else {
		ck_assert_msg(rejected(again, len2, err, sizeof(err)), "%s: accepted",
			      damages[_i].what);
		ck_assert_msg(!strncmp(err, msg, strlen(msg)), "%s: message '%s', want '%s...'",
			      damages[_i].what, err, msg);
	}
	free(again);
	free(buf);
	free(valid);
	free(s);
	hg_trace_free(t);
}
END_TEST

/*
 * The test's model of a thread section finds each field where the writer
 * put it: the damages above change the field they mean to.
 */
START_TEST(test_thread_layout_model)
{
	struct hg_trace *t = full_trace();
	struct sec *s = calloc(MAXSEC, sizeof(*s));
	uint8_t *buf;
	size_t len, n;
	uint32_t i;

	ck_assert_ptr_nonnull(s);
	buf = encode(t, &len);
	n = split(buf, len, s);
	ck_assert_uint_eq(n, NSEC);
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		const struct hg_tstats *st = &th->stats;
		const struct sec *x = &s[TH0 + 3 * i];
		struct th_layout l;

		ck_assert_uint_eq(x->type, TYPE_THREAD);
		thread_layout(x, &l);
		ck_assert_uint_eq(get_le(x->p, 4), i);
		ck_assert_uint_eq(get_le(x->p + l.model - 4, 4), (uint32_t)th->error);
		ck_assert_uint_eq(get_le(x->p + l.model, 4), th->model);
		ck_assert_uint_eq(get_le(x->p + l.period, 8), th->period_ns);
		ck_assert_uint_eq(get_le(x->p + l.deadline, 8), th->deadline_ns);
		ck_assert_uint_eq(get_le(x->p + l.timer_res, 8), th->timer_res_ns);
		ck_assert_uint_eq(get_le(x->p + l.rt_prio, 4), (uint32_t)analysis[i].rt_prio);
		ck_assert_uint_eq(get_le(x->p + l.wcet, 8), analysis[i].wcet_ns);
		ck_assert_uint_eq(get_le(x->p + l.jitter, 8), analysis[i].jitter_ns);
		ck_assert_uint_eq(get_le(x->p + l.blocking, 8), analysis[i].blocking_ns);
		ck_assert_uint_eq(get_le(x->p + l.reserve, 4), analysis[i].reserve);
		ck_assert_uint_eq(get_le(x->p + l.budget, 8), analysis[i].budget_ns);
		ck_assert_uint_eq(get_le(x->p + l.reserve_period, 8), analysis[i].period_ns);
		/* the first and the last of the thirteen: gap threshold, yields */
		ck_assert_uint_eq(get_le(x->p + l.counters, 8), th->gap_threshold_cycles);
		ck_assert_uint_eq(get_le(x->p + l.counters + 12 * 8, 8), st->yields);
		ck_assert_uint_eq(get_le(x->p + l.gaps, 8), st->gaps.count);
		ck_assert_uint_eq(get_le(x->p + l.hits, 8), st->hits);
		ck_assert_uint_eq(get_le(x->p + l.hits + 16, 8), st->samples_dropped);
		ck_assert_uint_eq(get_le(x->p + l.events, 8), st->events.count);
		ck_assert_uint_eq(get_le(x->p + l.over, 8), st->over[0]);
		ck_assert_uint_eq(get_le(x->p + l.jitter_hist - 8, 8),
				  st->over[HG_MAX_THRESHOLDS - 1]);
		/* the jitter histogram: count, sum, min, max, its buckets */
		ck_assert_uint_eq(get_le(x->p + l.jitter_hist, 8), st->jitter.count);
		ck_assert_uint_eq(get_le(x->p + l.jitter_hist + 8, 8), st->jitter.sum);
		ck_assert_uint_eq(get_le(x->p + l.jitter_hist + 16, 8), st->jitter.min);
		ck_assert_uint_eq(get_le(x->p + l.jitter_hist + 24, 8), st->jitter.max);
		ck_assert_uint_gt(st->jitter.count, 0);
	}
	free(buf);
	free(s);
	hg_trace_free(t);
}
END_TEST

/*
 * A version 1 file (no tid, kernel CPU time and flight-recorder fields at
 * the end of the thread sections, no kernel counters at the end of the run section) still reads:
 * those fields are unknown (0), everything else as written.
 */
START_TEST(test_read_version1)
{
	struct hg_trace *t = full_trace(), *back = NULL;
	struct sec *s = calloc(MAXSEC, sizeof(*s));
	struct th_layout l;
	uint8_t *buf, *v1;
	char err[256] = "";
	size_t len, n, at;
	uint32_t i;

	ck_assert_ptr_nonnull(s);
	buf = encode(t, &len);
	n = split(buf, len, s);
	at = run_nthreads_at(&s[RUN]) + 4;		/* the command line */
	at += 4 + get_le(s[RUN].p + at, 4);
	cut_sec(&s[RUN], at, s[RUN].len - at);
	for (i = 0; i < t->nthreads; i++) {
		thread_layout(&s[TH0 + 3 * i], &l);
		cut_sec(&s[TH0 + 3 * i], l.tid,
			TH_V2_BYTES + TH_V2_RING_BYTES + TH_V3_HICCUP_BYTES);
	}
	v1 = join_sections(s, n, &len);
	put_le(v1 + 8, 1, 4);
	put_le(v1 + len - 4, crc32(v1, len - END_BYTES), 4);
	ck_assert_msg(hg_trace_decode(v1, len, &back, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(back->version, 1);
	ck_assert_uint_eq(back->nnoise, 0);
	ck_assert_uint_eq(back->noise_window_ns, 0);
	for (i = 0; i < t->nthreads; i++) {
		ck_assert_uint_eq(back->threads[i].tid, 0);
		ck_assert_uint_eq(back->threads[i].kernel_cpu_ns, 0);
		ck_assert_uint_eq(back->threads[i].overwritten, 0);
		ck_assert_uint_eq(back->threads[i].complete_since_cycles, 0);
		ck_assert_uint_eq(back->threads[i].hiccup_cycles, 0);
		ck_assert_uint_eq(back->threads[i].stats.hiccups, 0);
		t->threads[i].tid = 0;
		t->threads[i].kernel_cpu_ns = 0;
		t->threads[i].overwritten = 0;
		t->threads[i].complete_since_cycles = 0;
		t->threads[i].hiccup_cycles = 0;
		t->threads[i].stats.hiccups = 0;
		t->threads[i].stats.hiccup_cycles = 0;
	}
	ck_assert_uint_eq(back->pid, 0);
	t->pid = 0;
	t->nnoise = 0;
	t->noise_window_ns = 0;
	t->noise_idle = false;
	t->calib.hiccup_cycles = 0;
	t->version = 1;
	assert_trace_eq(t, back);
	hg_trace_free(back);
	hg_trace_free(t);
	free(buf);
	free(v1);
	free(s);
}
END_TEST

/*
 * A thread's hiccup floor above its gap threshold, or the run's above its
 * own: no run writes that, the file is damaged.
 */
START_TEST(test_hiccup_floor_damaged)
{
	struct hg_trace *t = full_trace(), *back = NULL;
	struct sec *s = calloc(MAXSEC, sizeof(*s));
	struct th_layout l;
	uint8_t *buf, *bad;
	char err[256] = "";
	size_t len, n;
	int run;

	ck_assert_ptr_nonnull(s);
	for (run = 0; run < 2; run++) {
		buf = encode(t, &len);
		n = split(buf, len, s);
		if (run) {	/* the run's floor is before the idle times */
			put_le(s[RUN].p + s[RUN].len - 8 - RUN_IDLE_BYTES,
			       t->calib.gap_threshold_cycles + 1, 8);
		} else {
			thread_layout(&s[TH0 + 3], &l);
			put_le(s[TH0 + 3].p + l.hiccup, t->threads[1].gap_threshold_cycles + 1, 8);
		}
		bad = join_sections(s, n, &len);
		put_le(bad + len - 4, crc32(bad, len - END_BYTES), 4);
		ck_assert_int_ne(hg_trace_decode(bad, len, &back, err, sizeof(err)), 0);
		ck_assert_ptr_null(back);
		free(bad);
		free(buf);
	}
	free(s);
	hg_trace_free(t);
}
END_TEST

/* --------------------------------------------------------------- layout */

/* A section of a file as written: its type, where its payload is, how long. */
struct shdr {
	uint32_t type;
	size_t off;
	uint64_t len;
};

/* The section headers of the file @buf, up to @max; returns how many. */
static size_t walk(const uint8_t *buf, size_t len, struct shdr *h, size_t max)
{
	size_t at = HEADER_BYTES, n = 0;

	ck_assert_uint_ge(len, HEADER_BYTES);
	while (at < len) {
		ck_assert_uint_lt(n, max);
		ck_assert_uint_le(at + SECTION_BYTES, len);
		h[n].type = (uint32_t)get_le(buf + at, 4);
		ck_assert_uint_eq(get_le(buf + at + 4, 4), 0);
		h[n].len = get_le(buf + at + 8, 8);
		h[n].off = at + SECTION_BYTES;
		ck_assert_uint_le(h[n].len, len - h[n].off);
		at = h[n].off + (size_t)h[n].len;
		n++;
	}
	ck_assert_uint_eq(at, len);
	return n;
}

#define MAXTHREADS 4

/*
 * Check that @buf, the file of @t, has the sections RUN, SYSTEM, THREAD PAD
 * RECORDS for each thread, END; that each PAD is 0 to 15 zero bytes; and
 * that each thread's first record lies at a multiple of 16 bytes of the
 * file. The PAD lengths seen are or-ed into @pads, a bit each.
 */
static void check_layout(const struct hg_trace *t, const uint8_t *buf, size_t len,
			 unsigned int *pads)
{
	struct shdr h[NSECTIONS(MAXTHREADS)];
	uint32_t i;
	size_t n, k;

	ck_assert_uint_le(t->nthreads, MAXTHREADS);
	ck_assert_uint_eq(get_le(buf + 12, 4), NSECTIONS(t->nthreads));
	n = walk(buf, len, h, sizeof(h) / sizeof(h[0]));
	ck_assert_uint_eq(n, NSECTIONS(t->nthreads));
	ck_assert_uint_eq(h[0].type, TYPE_RUN);
	ck_assert_uint_eq(h[1].type, TYPE_SYSTEM);
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		const struct shdr *pad = &h[2 + 3 * i + 1], *rec = &h[2 + 3 * i + 2];
		size_t first = rec->off + RECORDS_HEAD;

		ck_assert_uint_eq(h[2 + 3 * i].type, TYPE_THREAD);
		ck_assert_uint_eq(get_le(buf + h[2 + 3 * i].off, 4), i);
		ck_assert_uint_eq(pad->type, TYPE_PAD);
		ck_assert_uint_le(pad->len, ALIGN - 1);
		for (k = 0; k < pad->len; k++)
			ck_assert_uint_eq(buf[pad->off + k], 0);
		*pads |= 1u << pad->len;
		ck_assert_uint_eq(rec->type, TYPE_RECORDS);
		ck_assert_uint_eq(get_le(buf + rec->off, 4), i);
		ck_assert_uint_eq(get_le(buf + rec->off + 4, 4), 0);
		ck_assert_uint_eq(get_le(buf + rec->off + 8, 8), th->stored);
		ck_assert_uint_eq(rec->len, RECORDS_HEAD + th->stored * sizeof(struct hg_record));
		ck_assert_msg(first % ALIGN == 0, "thread %u: records at %zu", i, first);
		if (th->stored) {
			/* and it is the first record */
			ck_assert_uint_eq(get_le(buf + first, 8), th->recs[0].start_cycles);
			ck_assert_uint_eq(get_le(buf + first + 8, 4), th->recs[0].len_cycles);
			ck_assert_uint_eq(get_le(buf + first + 12, 2), th->recs[0].cpu);
			ck_assert_uint_eq(get_le(buf + first + 14, 2), th->recs[0].flags);
		}
	}
	ck_assert_uint_eq(h[n - 1].type, TYPE_END);
	ck_assert_uint_eq(h[n - 1].len, 4);
	ck_assert_uint_eq(h[n - 1].off + 4, len);
}

/* Every length the run section can have modulo 16: every PAD length. */
START_TEST(test_pad_layout)
{
	struct hg_trace *t = full_trace();
	unsigned int pads = 0, k;
	uint8_t *buf;
	size_t len;

	for (k = 0; k < ALIGN; k++) {
		free(t->cmdline);
		t->cmdline = malloc(k + 1);
		ck_assert_ptr_nonnull(t->cmdline);
		memset(t->cmdline, 'x', k);
		t->cmdline[k] = '\0';
		buf = encode(t, &len);
		check_layout(t, buf, len, &pads);
		free(buf);
	}
	ck_assert_msg(pads == 0xffff, "PAD lengths seen: %#x", pads);
	hg_trace_free(t);

	/* thread 2 has no records: its PAD and RECORDS are there all the same */
	t = hg_test_trace(3, iv, niv);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->threads[2].stored, 0);
	buf = encode(t, &len);
	check_layout(t, buf, len, &pads);
	free(buf);
	hg_trace_free(t);
}
END_TEST

/* 3 + 3n sections: any other count in the header is a damaged file. */
START_TEST(test_section_count)
{
	static const uint32_t nthreads[] = { 0, 1, 2, 3 };
	unsigned int pads = 0;
	size_t i, k;

	for (i = 0; i < sizeof(nthreads) / sizeof(nthreads[0]); i++) {
		uint32_t nt = nthreads[i];
		struct hg_trace *t = nt ? hg_test_trace(nt, iv, niv) : hg_trace_alloc(0);
		const uint32_t wrong[] = {
			3 + 2 * nt, NSECTIONS(nt) - 1, NSECTIONS(nt) + 1, NSECTIONS(nt + 1),
		};
		uint8_t *buf;
		size_t len;

		ck_assert_ptr_nonnull(t);
		buf = encode(t, &len);
		check_layout(t, buf, len, &pads);
		for (k = 0; k < sizeof(wrong) / sizeof(wrong[0]); k++) {
			if (wrong[k] == NSECTIONS(nt))	/* no thread: 3 + 2n is right */
				continue;
			put_le(buf + 12, wrong[k], 4);
			assert_damaged(buf, len, "damaged run section");
		}
		put_le(buf + 12, NSECTIONS(nt), 4);
		free(buf);
		hg_trace_free(t);
	}
}
END_TEST

/* -------------------------------------------------- reading by mapping */

/*
 * Thread @i of @t, read from the file mapped at @t->map: records borrowed
 * from the mapping lie inside it, aligned; others are its own.
 */
static void check_borrowed(const struct hg_trace *t, uint32_t i)
{
	const struct hg_trace_thread *th = &t->threads[i];
	const uint8_t *map = t->map, *r = (const uint8_t *)th->recs;

	ck_assert_ptr_nonnull(th->recs);
	if (!th->recs_borrowed) {
		ck_assert(r + th->stored * sizeof(*th->recs) <= map || r >= map + t->maplen);
		return;
	}
	ck_assert_uint_gt(th->stored, 0);
	ck_assert(r >= map && r <= map + t->maplen);
	ck_assert_uint_le(th->stored * sizeof(*th->recs), (size_t)(map + t->maplen - r));
	ck_assert_uint_eq((uintptr_t)r % _Alignof(struct hg_record), 0);
}

/* Free @t, read from a file, and check that its mapping went with it. */
static void free_mapped(struct hg_trace *t)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	void *map = t->map;
	size_t maplen = t->maplen;
	unsigned char *vec = malloc((maplen + page - 1) / page);

	ck_assert_ptr_nonnull(vec);
	ck_assert_int_eq(mincore(map, maplen, vec), 0);
	hg_trace_free(t);
	errno = 0;
	ck_assert_int_eq(mincore(map, maplen, vec), -1);
	ck_assert_int_eq(errno, ENOMEM);
	free(vec);
}

/* hg_trace_read() of @t's file gives what hg_trace_decode() of its bytes gives. */
static void check_read_is_decode(const struct hg_trace *t)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "run.hgt"), err[256] = "";
	struct hg_trace *rd = NULL, *dec = NULL;
	unsigned int pads = 0;
	uint8_t *buf;
	size_t len;
	uint32_t i;

	ck_assert_msg(hg_trace_write(t, path, err, sizeof(err)) == 0, "write: %s", err);
	buf = slurp(path, &len);
	check_layout(t, buf, len, &pads);
	ck_assert_msg(hg_trace_read(path, &rd, err, sizeof(err)) == 0, "read: %s", err);
	ck_assert_msg(hg_trace_decode(buf, len, &dec, err, sizeof(err)) == 0, "decode: %s", err);
	assert_trace_eq(dec, rd);
	assert_trace_eq(t, rd);

	ck_assert_ptr_null(dec->map);
	ck_assert_ptr_nonnull(rd->map);
	ck_assert_uint_eq(rd->maplen, len);
	ck_assert_int_eq(memcmp(rd->map, buf, len), 0);
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *d = &dec->threads[i];
		const uint8_t *r = (const uint8_t *)d->recs;

		/* from the caller's buffer: always copied */
		ck_assert(!d->recs_borrowed);
		ck_assert(r + d->stored * sizeof(*d->recs) <= buf || r >= buf + len);
		check_borrowed(rd, i);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/* the writer aligned them: used where they lie */
		if (rd->threads[i].stored) {
			ck_assert_msg(rd->threads[i].recs_borrowed, "thread %u copied", i);
			ck_assert_uint_eq(((const uint8_t *)rd->threads[i].recs -
					   (const uint8_t *)rd->map) % ALIGN, 0);
		}
#endif
	}
	/* the file may go: the mapping stays until the trace is freed */
	unlink(path);
	assert_trace_eq(dec, rd);
	free_mapped(rd);
	hg_trace_free(dec);
	free(buf);
	drop_dir(dir, path);
}

START_TEST(test_read_is_decode)
{
	struct hg_trace *t = full_trace();

	check_read_is_decode(t);
	hg_trace_free(t);
	t = hg_test_trace(3, iv, niv);		/* thread 2: no records */
	ck_assert_ptr_nonnull(t);
	check_read_is_decode(t);
	hg_trace_free(t);
	t = hg_trace_alloc(0);
	ck_assert_ptr_nonnull(t);
	t->calib.tsc_hz = 1000000000ULL;
	check_read_is_decode(t);
	hg_trace_free(t);
}
END_TEST

/*
 * A valid file whose records are not where the writer puts them (the first
 * PAD is of another length): read all the same, and what is not aligned is
 * copied.
 */
START_TEST(test_read_unaligned)
{
	struct hg_trace *t = full_trace();
	struct sec *s = calloc(MAXSEC, sizeof(*s));
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "odd.hgt"), err[256] = "";
	uint64_t orig;
	uint8_t *buf, *again;
	size_t len, len2, n;
	unsigned int d;

	ck_assert_ptr_nonnull(s);
	buf = encode(t, &len);
	n = split(buf, len, s);
	ck_assert_uint_eq(n, NSEC);
	orig = s[PAD0].len;
	for (d = 1; d < ALIGN; d++) {
		struct hg_trace *rd = NULL, *dec = NULL;
		uint32_t i;

		s[PAD0].len = (orig + d) % ALIGN;
		memset(s[PAD0].p, 0, ALIGN);
		again = join_sections(s, n, &len2);
		ck_assert_msg(hg_trace_decode(again, len2, &dec, err, sizeof(err)) == 0,
			      "PAD of %u: %s", (unsigned int)s[PAD0].len, err);
		assert_trace_eq(t, dec);
		spill(path, again, len2);
		ck_assert_msg(hg_trace_read(path, &rd, err, sizeof(err)) == 0,
			      "PAD of %u: %s", (unsigned int)s[PAD0].len, err);
		assert_trace_eq(t, rd);
		for (i = 0; i < rd->nthreads; i++) {
			check_borrowed(rd, i);
			/* all of them moved by d bytes (modulo 16) from where they were */
			if (d % _Alignof(struct hg_record))
				ck_assert_msg(!rd->threads[i].recs_borrowed,
					      "moved by %u: thread %u borrowed", d, i);
		}
		free_mapped(rd);
		hg_trace_free(dec);
		free(again);
	}
	free(buf);
	free(s);
	drop_dir(dir, path);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_trailing_garbage)
{
	static const size_t extra[] = { 1, 4, 16, 4096 };
	struct hg_trace *t = full_trace();
	uint8_t *buf, *big;
	size_t len, i;

	buf = encode(t, &len);
	for (i = 0; i < sizeof(extra) / sizeof(extra[0]); i++) {
		char want[64];

		big = calloc(1, len + extra[i]);
		ck_assert_ptr_nonnull(big);
		memcpy(big, buf, len);
		snprintf(want, sizeof(want), "damaged: %zu bytes after the end section",
			 extra[i]);
		assert_damaged(big, len + extra[i], want);
		free(big);
	}
	/* the file twice */
	big = malloc(2 * len);
	ck_assert_ptr_nonnull(big);
	memcpy(big, buf, len);
	memcpy(big + len, buf, len);
	assert_damaged(big, 2 * len, "damaged");
	free(big);
	free(buf);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_read_missing)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "nope.hgt"), err[256] = "";
	struct hg_trace *t = NULL;

	ck_assert_int_eq(hg_trace_read(path, &t, err, sizeof(err)), -ENOENT);
	ck_assert_str_eq(err, strerror(ENOENT));
	ck_assert_ptr_null(t);
	ck_assert_int_eq(hg_trace_read(dir, &t, err, sizeof(err)), -EISDIR);
	ck_assert_str_eq(err, "is a directory");
	ck_assert_ptr_null(t);
	drop_dir(dir, path);
}
END_TEST

/* A FIFO with no writer, a device: refused before a read could block or never end. */
START_TEST(test_read_not_regular)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "fifo"), err[256] = "";
	struct hg_trace *t = NULL;

	ck_assert_int_eq(mkfifo(path, 0600), 0);
	ck_assert_int_eq(hg_trace_read(path, &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "is a FIFO, not a regular file");
	ck_assert_ptr_null(t);
	ck_assert_int_eq(hg_trace_read("/dev/zero", &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "is a character device, not a regular file");
	drop_dir(dir, path);
}
END_TEST

/*
 * A file of 2 GiB that is no trace: its header says so before it is mapped
 * (with 256 MiB of address space, mapping it would fail: "cannot map it").
 */
START_TEST(test_read_large_not_trace)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "big.bin"), err[256] = "";
	struct hg_trace *t = NULL;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "NOTATRACE.......", 16), 16);
	ck_assert_int_eq(ftruncate(fd, 2LL << 30), 0);	/* sparse: no disk used */
	close(fd);
#ifndef __SANITIZE_ADDRESS__	/* its shadow memory needs the address space */
	{
		struct rlimit rl = { 256 << 20, 256 << 20 };

		ck_assert_int_eq(setrlimit(RLIMIT_AS, &rl), 0);
	}
#endif
	ck_assert_int_eq(hg_trace_read(path, &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "not an hourglass trace (bad magic)");
	ck_assert_ptr_null(t);
	drop_dir(dir, path);
}
END_TEST

START_TEST(test_read_damaged_file)
{
	struct hg_trace *t = full_trace(), *back = NULL;
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "run.hgt"), err[256] = "";
	struct stat sb;

	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	ck_assert_int_eq(stat(path, &sb), 0);
	ck_assert_int_eq(truncate(path, sb.st_size - 3), 0);
	ck_assert_int_eq(hg_trace_read(path, &back, err, sizeof(err)), -EINVAL);
	ck_assert_msg(!strncmp(err, "truncated", 9), "message '%s'", err);
	ck_assert_ptr_null(back);
	ck_assert_int_eq(truncate(path, 0), 0);
	ck_assert_int_eq(hg_trace_read(path, &back, err, sizeof(err)), -EINVAL);
	ck_assert_msg(!strncmp(err, "not an hourglass trace", 22), "message '%s'", err);
	drop_dir(dir, path);
	hg_trace_free(t);
}
END_TEST

/* ---------------------------------------------------------- stream */

/*
 * A trace whose thread 0 has 10000 records (three chunks of the stream),
 * the last 100 of them events, and thread 1 none: the stream's chunks
 * are the mapped file's records, read again after a rewind; the last
 * interval of each thread is found from the end; a byte changed in the
 * second chunk is a checksum mismatch, whether the records were read or
 * left to hg_tstream_verify().
 */
START_TEST(test_stream_chunks)
{
	struct hg_trace *t = full_trace(), *back;
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "s.hgt"), err[256] = "";
	const struct hg_trace *st;
	struct hg_record last, *r0;
	const struct hg_record *r, *want;
	struct hg_tstream *s;
	struct hg_recsrc src;
	uint64_t k, at;
	size_t n, len;
	uint8_t *buf;
	uint32_t i;
	int pass;

	r0 = calloc(10000, sizeof(*r0));
	ck_assert_ptr_nonnull(r0);
	/* the last 100 events: the last interval is two steps back from the end */
	for (k = 0; k < 10000; k++)
		hg_record_encode(&r0[k], 1, 5000 + k * 100, 50, (unsigned int)(k % 3),
				 k >= 9900 ? HG_REC_EVENT | HG_EV_JOB << HG_EV_SHIFT : 0);
	free(t->threads[0].recs);
	t->threads[0].recs = r0;
	t->threads[0].stored = 10000;
	t->threads[1].stored = 0;
	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	ck_assert_msg(hg_trace_read(path, &back, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(hg_tstream_open(path, &s, &st, &src, err, sizeof(err)), 0);
	for (i = 0; i < 3; i++) {
		for (pass = 0; pass < 2; pass++) {
			/* the first pass stops after a chunk: the second starts over */
			ck_assert_int_eq(src.ops->rewind(src.priv, i), 0);
			for (at = 0, n = 1; n && (pass || at == 0); at += n) {
				ck_assert_int_eq(src.ops->read(src.priv, i, &r, &n), 0);
				ck_assert_uint_le(at + n, back->threads[i].stored);
				ck_assert(!n || !memcmp(r, back->threads[i].recs + at,
							n * sizeof(*r)));
			}
			if (pass)
				ck_assert_uint_eq(at, back->threads[i].stored);
		}
		want = hg_recs_last(back->threads[i].recs, (size_t)back->threads[i].stored);
		if (!want) {
			ck_assert_int_eq(src.ops->last(src.priv, i, &last), -ENODATA);
			continue;
		}
		ck_assert_int_eq(src.ops->last(src.priv, i, &last), 0);
		ck_assert_int_eq(memcmp(&last, want, sizeof(last)), 0);
	}
	ck_assert_ptr_eq(hg_recs_last(back->threads[0].recs, 10000), &back->threads[0].recs[9899]);
	ck_assert_int_eq(hg_tstream_verify(s, err, sizeof(err)), 0);
	hg_tstream_close(s);
	/* a byte of thread 0's 6000th record: read, then not read */
	buf = slurp(path, &len);
	at = (uint64_t)((const uint8_t *)&back->threads[0].recs[6000] - (const uint8_t *)back->map);
	buf[at + 3] ^= 0x10;
	hg_test_write_file(path, buf, len);
	for (pass = 0; pass < 2; pass++) {
		ck_assert_int_eq(hg_tstream_open(path, &s, &st, &src, err, sizeof(err)), 0);
		for (i = 0; pass && i < st->nthreads; i++)
			for (n = 1; n; )
				ck_assert_int_eq(src.ops->read(src.priv, i, &r, &n), 0);
		ck_assert_int_eq(hg_tstream_verify(s, err, sizeof(err)), -EINVAL);
		ck_assert_str_eq(err, "checksum mismatch: the file is damaged");
		hg_tstream_close(s);
	}
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * Damaged twice: a byte flipped anywhere before the end section, and bytes
 * after it. The decoder and the stream judge the file the same, with the
 * same message: the checksum is the last thing either checks.
 */
START_TEST(test_damaged_twice)
{
	struct hg_trace *t = full_trace();
	char err[256];
	uint8_t *buf, *two;
	size_t len, k;

	buf = encode(t, &len);
	two = malloc(len + 3);
	ck_assert_ptr_nonnull(two);
	for (k = 0; k + END_BYTES < len; k += 7) {
		memcpy(two, buf, len);
		memset(two + len, 0, 3);
		two[k] ^= 0x20;
		ck_assert_msg(rejected(two, len + 3, err, sizeof(err)), "flip at %zu: accepted", k);
	}
	/* a record's byte: the file's structure is whole, only the bytes after END */
	memcpy(two, buf, len);
	two[len - END_BYTES - 5] ^= 0x20;
	assert_damaged(two, len + 3, "damaged: 3 bytes after the end section");
	free(two);
	free(buf);
	hg_trace_free(t);
}
END_TEST

/*
 * The file rewritten in place, whole and valid, while a thread's last
 * interval is read (for where the records end), and written back before
 * the records' own reading, whose checksum holds: the stream says the
 * file changed rather than use the two.
 */
START_TEST(test_stream_file_changed)
{
	struct hg_trace *t = full_trace();
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "c.hgt"), err[256] = "";
	const struct hg_trace *st;
	const struct hg_record *r;
	struct hg_tstream *s;
	struct hg_recsrc src;
	struct hg_record last;
	uint8_t *a, *b;
	size_t len, blen, n;
	uint32_t i;
	int fd;

	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	a = slurp(path, &len);
	ck_assert_int_eq(hg_tstream_open(path, &s, &st, &src, err, sizeof(err)), 0);
	/* the same trace but for the length of thread 0's last interval, */
	((struct hg_record *)hg_recs_last(t->threads[0].recs,
					  (size_t)t->threads[0].stored))->len_cycles += 1;
	b = encode(t, &blen);
	ck_assert_uint_eq(blen, len);
	fd = open(path, O_WRONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(pwrite(fd, b, len, 0), (ssize_t)len);
	/* while the last interval is read; then the first again */
	ck_assert_int_eq(src.ops->last(src.priv, 0, &last), 0);
	ck_assert_int_eq(pwrite(fd, a, len, 0), (ssize_t)len);
	close(fd);
	for (i = 0; i < st->nthreads; i++)
		for (n = 1; n; )
			ck_assert_int_eq(src.ops->read(src.priv, i, &r, &n), 0);
	ck_assert_int_eq(hg_tstream_verify(s, err, sizeof(err)), -EIO);
	ck_assert_str_eq(err, "the file changed while it was read");
	hg_tstream_close(s);
	free(a);
	free(b);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* A trace with the kernel's events (the committed capture): the stream reads it as mapped. */
START_TEST(test_stream_fixture)
{
	char err[256] = "";
	const char *path = "tests/fixtures/kernel.hgt";
	struct hg_trace *back;
	const struct hg_trace *st;
	struct hg_tstream *s;
	struct hg_recsrc src;
	const struct hg_record *r;
	uint64_t at;
	size_t n;
	uint32_t i;

	ck_assert_msg(hg_trace_read(path, &back, err, sizeof(err)) == 0, "%s", err);
	ck_assert_msg(hg_tstream_open(path, &s, &st, &src, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(st->nthreads, back->nthreads);
	ck_assert_ptr_nonnull(st->kev);
	for (i = 0; i < st->nthreads; i++) {
		ck_assert_ptr_null(st->threads[i].recs);
		for (at = 0, n = 1; n; at += n) {
			ck_assert_int_eq(src.ops->read(src.priv, i, &r, &n), 0);
			ck_assert(!n || !memcmp(r, back->threads[i].recs + at, n * sizeof(*r)));
		}
		ck_assert_uint_eq(at, back->threads[i].stored);
	}
	ck_assert_int_eq(hg_tstream_verify(s, err, sizeof(err)), 0);
	hg_tstream_close(s);
	hg_trace_free(back);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("file");
	TCase *tc = tcase_create("round trip");

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

	tc = tcase_create("layout");
	tcase_add_test(tc, test_pad_layout);
	tcase_add_test(tc, test_section_count);
	tcase_add_test(tc, test_read_is_decode);
	tcase_add_test(tc, test_read_unaligned);
	suite_add_tcase(s, tc);

	tc = tcase_create("damaged");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_bad_magic);
	tcase_add_test(tc, test_wrong_version);
	tcase_add_test(tc, test_truncated_everywhere);
	tcase_add_test(tc, test_truncated_message);
	tcase_add_test(tc, test_flipped_byte);
	tcase_add_test(tc, test_checksum_message);
	tcase_add_test(tc, test_trailing_garbage);
	tcase_add_loop_test(tc, test_damaged, 0, sizeof(damages) / sizeof(damages[0]));
	tcase_add_test(tc, test_thread_layout_model);
	tcase_add_test(tc, test_read_version1);
	tcase_add_test(tc, test_hiccup_floor_damaged);
	tcase_add_test(tc, test_read_missing);
	tcase_add_test(tc, test_read_damaged_file);
	tcase_add_test(tc, test_read_not_regular);
	tcase_add_test(tc, test_read_large_not_trace);
	suite_add_tcase(s, tc);
	tc = tcase_create("stream");
	tcase_add_test(tc, test_stream_chunks);
	tcase_add_test(tc, test_stream_fixture);
	tcase_add_test(tc, test_damaged_twice);
	tcase_add_test(tc, test_stream_file_changed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
