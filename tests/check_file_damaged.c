// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_file_damaged.c - trace/fileread.c, trace/fileopen.c and damaged
 * files: a bad magic or version, cut or flipped bytes, a wrong checksum,
 * trailing garbage, files whose checksum is right but whose sections or
 * fields are not (one table of edits), older layouts, files missing or not
 * regular; every file judged by the decoder is judged the same by the stream
 * (trace/tstream.h), with the same message
 */
#include "filetest.h"

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

static Suite *suite(void)
{
	Suite *s = suite_create("file_damaged");
	TCase *tc;

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
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
