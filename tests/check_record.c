// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_record.c - trace/record.h: encode, decode, pieces
 */
#include <errno.h>
#include <stddef.h>

#include "helpers.h"
#include "trace/record.h"

#define MAXLEN ((uint64_t)HG_REC_MAX_LEN)
#define START 0x1234567890ULL

/* Lengths and the number of records each needs. */
static const struct {
	uint64_t len;
	size_t pieces;
} lengths[] = {
	{ 0, 1 },
	{ 1, 1 },
	{ 1000, 1 },
	{ MAXLEN - 1, 1 },
	{ MAXLEN, 1 },
	{ MAXLEN + 1, 2 },
	{ 2 * MAXLEN, 2 },
	{ 2 * MAXLEN + 1, 3 },
	{ 5 * MAXLEN + 7, 6 },
};

#define NLENGTHS (sizeof(lengths) / sizeof(lengths[0]))
#define ROOM 8

/* Check that @r[0..n) is @len cycles from START split as the format says. */
static void assert_pieces(const struct hg_record *r, size_t n, uint64_t len,
			  unsigned int cpu, unsigned int flags)
{
	uint64_t start = START, total = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		ck_assert_uint_eq(r[i].start_cycles, start);
		ck_assert_uint_eq(r[i].cpu, cpu);
		if (i + 1 < n) {
			ck_assert_uint_eq(r[i].len_cycles, MAXLEN);
			ck_assert_uint_eq(r[i].flags, HG_REC_CONTINUED);
		} else {
			ck_assert_uint_eq(r[i].flags, flags);
		}
		start += r[i].len_cycles;
		total += r[i].len_cycles;
	}
	ck_assert_uint_eq(total, len);
}

START_TEST(test_pieces)
{
	ck_assert_uint_eq(hg_record_pieces(lengths[_i].len), lengths[_i].pieces);
}
END_TEST

START_TEST(test_pieces_huge)
{
	/* (2^64 - 2) / (2^32 - 1) = 2^32, remainder 2^32 - 2 */
	ck_assert_uint_eq(hg_record_pieces(UINT64_MAX), (1ULL << 32) + 1);
}
END_TEST

START_TEST(test_encode_decode)
{
	const unsigned int flags = HG_REC_YIELD | HG_REC_LAST;
	struct hg_record r[ROOM];
	struct hg_interval iv;
	size_t n, pos = 0;

	n = hg_record_encode(r, ROOM, START, lengths[_i].len, 3, flags);
	ck_assert_uint_eq(n, lengths[_i].pieces);
	assert_pieces(r, n, lengths[_i].len, 3, flags);

	ck_assert_int_eq(hg_record_decode(r, n, &pos, &iv), 1);
	ck_assert_uint_eq(pos, n);
	ck_assert_uint_eq(iv.start_cycles, START);
	ck_assert_uint_eq(iv.len_cycles, lengths[_i].len);
	ck_assert_uint_eq(iv.cpu, 3);
	ck_assert_uint_eq(iv.flags, flags);
	ck_assert_int_eq(hg_record_decode(r, n, &pos, &iv), 0);
	ck_assert_uint_eq(pos, n);
}
END_TEST

START_TEST(test_encode_short_room)
{
	struct hg_record r[3] = { 0 };
	size_t n;

	/* needs 2^32 + 1 records; only the first two are written */
	n = hg_record_encode(r, 2, START, UINT64_MAX, 1, HG_REC_SLEEP);
	ck_assert_uint_eq(n, (1ULL << 32) + 1);
	ck_assert_uint_eq(r[0].start_cycles, START);
	ck_assert_uint_eq(r[1].start_cycles, START + MAXLEN);
	ck_assert_uint_eq(r[0].len_cycles, MAXLEN);
	ck_assert_uint_eq(r[1].len_cycles, MAXLEN);
	ck_assert_uint_eq(r[0].flags, HG_REC_CONTINUED);
	ck_assert_uint_eq(r[1].flags, HG_REC_CONTINUED);
	ck_assert_uint_eq(r[2].start_cycles, 0);	/* untouched */

	ck_assert_uint_eq(hg_record_encode(r, 0, START, 10, 0, 0), 1);
	ck_assert_uint_eq(r[0].len_cycles, MAXLEN);	/* untouched */
}
END_TEST

START_TEST(test_exact_max_is_one_record)
{
	struct hg_record r[2];

	ck_assert_uint_eq(hg_record_encode(r, 2, START, MAXLEN, 0, HG_REC_LAST), 1);
	ck_assert_uint_eq(r[0].len_cycles, MAXLEN);
	ck_assert_uint_eq(r[0].flags, HG_REC_LAST);

	ck_assert_uint_eq(hg_record_encode(r, 2, START, MAXLEN + 1, 0, HG_REC_LAST), 2);
	ck_assert_uint_eq(r[0].len_cycles, MAXLEN);
	ck_assert_uint_eq(r[0].flags, HG_REC_CONTINUED);
	ck_assert_uint_eq(r[1].start_cycles, START + MAXLEN);
	ck_assert_uint_eq(r[1].len_cycles, 1);
	ck_assert_uint_eq(r[1].flags, HG_REC_LAST);
}
END_TEST

static struct hg_record event(uint64_t at)
{
	return (struct hg_record){ .start_cycles = at, .len_cycles = 7,
				   .flags = HG_REC_EVENT };
}

START_TEST(test_decode_skips_events)
{
	struct hg_record r[10];
	struct hg_interval iv;
	size_t n = 0, pos = 0;

	r[n++] = event(1);
	r[n++] = event(2);
	n += hg_record_encode(r + n, 10 - n, START, 2 * MAXLEN + 5, 1, HG_REC_YIELD);
	r[n++] = event(3);
	n += hg_record_encode(r + n, 10 - n, START + 3 * MAXLEN, 42, 2, 0);
	r[n++] = event(4);
	ck_assert_uint_eq(n, 8);

	ck_assert_int_eq(hg_record_decode(r, n, &pos, &iv), 1);
	ck_assert_uint_eq(pos, 5);
	ck_assert_uint_eq(iv.start_cycles, START);
	ck_assert_uint_eq(iv.len_cycles, 2 * MAXLEN + 5);
	ck_assert_uint_eq(iv.cpu, 1);
	ck_assert_uint_eq(iv.flags, HG_REC_YIELD);

	ck_assert_int_eq(hg_record_decode(r, n, &pos, &iv), 1);
	ck_assert_uint_eq(pos, 7);
	ck_assert_uint_eq(iv.start_cycles, START + 3 * MAXLEN);
	ck_assert_uint_eq(iv.len_cycles, 42);
	ck_assert_uint_eq(iv.cpu, 2);
	ck_assert_uint_eq(iv.flags, 0);

	ck_assert_int_eq(hg_record_decode(r, n, &pos, &iv), 0);
	ck_assert_uint_eq(pos, n);
}
END_TEST

START_TEST(test_decode_empty)
{
	struct hg_record r[2] = { event(1), event(2) };
	struct hg_interval iv;
	size_t pos = 0;

	ck_assert_int_eq(hg_record_decode(r, 0, &pos, &iv), 0);
	ck_assert_uint_eq(pos, 0);
	ck_assert_int_eq(hg_record_decode(r, 2, &pos, &iv), 0);
	ck_assert_uint_eq(pos, 2);
}
END_TEST

/* Damaged sequences: a three-piece interval, spoiled in one way each. */
enum spoil { CUT_AFTER_1, CUT_AFTER_2, GAP_AFTER, OVERLAP, EVENT_INSIDE };

static const char *const spoil_name[] = {
	"cut after one piece", "cut after two pieces", "piece starts late",
	"piece starts early", "event between pieces",
};

START_TEST(test_decode_damaged)
{
	struct hg_record r[4];
	struct hg_interval iv;
	size_t n, pos = 0;

	n = hg_record_encode(r, 4, START, 2 * MAXLEN + 9, 0, HG_REC_LAST);
	ck_assert_uint_eq(n, 3);
	switch (_i) {
	case CUT_AFTER_1:
		n = 1;
		break;
	case CUT_AFTER_2:
		n = 2;
		break;
	case GAP_AFTER:
		r[1].start_cycles++;
		break;
	case OVERLAP:
		r[2].start_cycles--;
		break;
	case EVENT_INSIDE:
		r[3] = r[2];
		r[2] = event(r[2].start_cycles);
		n = 4;
		break;
	}
	ck_assert_msg(hg_record_decode(r, n, &pos, &iv) == -EINVAL,
		      "%s: not rejected", spoil_name[_i]);
}
END_TEST

START_TEST(test_layout)
{
	ck_assert_uint_eq(sizeof(struct hg_record), 16);
	ck_assert_uint_eq(offsetof(struct hg_record, start_cycles), 0);
	ck_assert_uint_eq(offsetof(struct hg_record, len_cycles), 8);
	ck_assert_uint_eq(offsetof(struct hg_record, cpu), 12);
	ck_assert_uint_eq(offsetof(struct hg_record, flags), 14);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("record");
	TCase *tc = tcase_create("encode");

	tcase_add_loop_test(tc, test_pieces, 0, NLENGTHS);
	tcase_add_test(tc, test_pieces_huge);
	tcase_add_loop_test(tc, test_encode_decode, 0, NLENGTHS);
	tcase_add_test(tc, test_encode_short_room);
	tcase_add_test(tc, test_exact_max_is_one_record);
	tcase_add_test(tc, test_layout);
	suite_add_tcase(s, tc);

	tc = tcase_create("decode");
	tcase_add_test(tc, test_decode_skips_events);
	tcase_add_test(tc, test_decode_empty);
	tcase_add_loop_test(tc, test_decode_damaged, CUT_AFTER_1, EVENT_INSIDE + 1);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
