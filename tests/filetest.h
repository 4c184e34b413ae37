/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * filetest.h - shared by the tests of the trace file (check_file*.c): a
 * full trace of three threads, traces compared field by field, files
 * slurped and spilled, the stream run over a buffer, a damaged file's
 * message; a file taken apart into its sections and put together again
 * with a fresh checksum, and the layout of its run and thread sections
 */
#ifndef HG_TEST_FILETEST_H
#define HG_TEST_FILETEST_H

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
static inline void add_event(struct hg_trace_thread *th, uint64_t at, uint32_t value_ns,
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
static inline void add_models(struct hg_trace *t)
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

static inline void add_analysis(struct hg_trace *t)
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
static inline struct hg_trace *full_trace(void)
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

static inline const char *str_or_empty(const char *s)
{
	return s ? s : "";
}

#define EQ(field) ck_assert_uint_eq(a->field, b->field)

static inline void assert_thread_eq(const struct hg_trace_thread *a,
				    const struct hg_trace_thread *b)
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

static inline void assert_trace_eq(const struct hg_trace *a, const struct hg_trace *b)
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
static inline void drop_dir(char *dir, char *path)
{
	unlink(path);
	rmdir(dir);
	rmdir(hg_test_tmpdir());
	free(path);
	free(dir);
}

/* Entries of @dir other than . and ..; the first one's name in @first. */
static inline int entries(const char *dir, char *first, size_t len)
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
static inline uint8_t *slurp(const char *path, size_t *len)
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
static inline void spill(const char *path, const uint8_t *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, buf, len), (ssize_t)len);
	ck_assert_int_eq(close(fd), 0);
}

/* Write @t to a file and return the file's bytes. */
static inline uint8_t *encode(const struct hg_trace *t, size_t *len)
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

static inline void guard(struct guarded *g, const uint8_t *src, size_t len)
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

static inline void unguard(struct guarded *g)
{
	munmap(g->map, g->maplen);
}

/*
 * The same bytes read as a stream (trace/tstream.h) from a file: opened,
 * every thread's records read in chunks (each equal to @want's, the
 * decoded trace, when there is one), the checksum verified. Returns 0 or
 * what failed, with the message in @err.
 */
static inline int stream_read(const uint8_t *buf, size_t len, const struct hg_trace *want,
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
static inline int rejected(const uint8_t *buf, size_t len, char *err, size_t errlen)
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
static inline void assert_damaged(const uint8_t *buf, size_t len, const char *prefix)
{
	char err[256];

	ck_assert_msg(rejected(buf, len, err, sizeof(err)), "accepted (%s)", err);
	ck_assert_msg(!strncmp(err, prefix, strlen(prefix)), "message '%s', want '%s...'",
		      err, prefix);
}

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

static inline uint32_t crc32(const uint8_t *p, size_t n)
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

static inline uint64_t get_le(const uint8_t *p, int bytes)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static inline void put_le(uint8_t *p, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* The sections of a valid file, without the end section. */
static inline size_t split(const uint8_t *buf, size_t len, struct sec *s)
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
static inline uint8_t *join_sections(const struct sec *s, size_t n, size_t *len)
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

static inline void drop_sec(struct sec *s, size_t *n, size_t i)
{
	memmove(s + i, s + i + 1, (*n - i - 1) * sizeof(*s));
	(*n)--;
}

static inline void insert_sec(struct sec *s, size_t *n, size_t i, const struct sec *x)
{
	struct sec copy = *x;

	ck_assert_uint_lt(*n, MAXSEC);
	memmove(s + i + 1, s + i, (*n - i) * sizeof(*s));
	s[i] = copy;
	(*n)++;
}

static inline void swap_sec(struct sec *s, size_t i, size_t j)
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

static inline size_t run_nthreads_at(const struct sec *run)
{
	return RUN_THRESHOLDS + 8 * get_le(run->p + RUN_NTHRESHOLDS, 4);
}

/* Where a histogram that starts at @at ends (file.c, put_hist()). */
static inline size_t hist_end(const struct sec *s, size_t at)
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

static inline void thread_layout(const struct sec *s, struct th_layout *l)
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
static inline void cut_sec(struct sec *s, size_t at, size_t len)
{
	ck_assert_uint_le(at + len, s->len);
	memmove(s->p + at, s->p + at + len, s->len - at - len);
	s->len -= len;
}

#endif /* HG_TEST_FILETEST_H */
