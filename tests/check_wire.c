// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_wire.c - the trace file's encoding and its CRC-32
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/wire.h"
#include "helpers.h"

static struct hg_crc32 crc;

/* The CRC-32 bit by bit, straight from its definition. */
static uint32_t crc_bitwise(uint32_t c, const uint8_t *p, size_t n)
{
	int k;

	c = ~c;
	while (n--) {
		c ^= *p++;
		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
	}
	return ~c;
}

START_TEST(test_crc_check_value)
{
	static const char v[] = "123456789";

	hg_crc32_init(&crc);
	ck_assert_uint_eq(hg_crc32_update(&crc, 0, (const uint8_t *)v, 9), 0xcbf43926u);
	ck_assert_uint_eq(hg_crc32_update(&crc, 0, NULL, 0), 0);
}
END_TEST

/* Every length to 2 KB, at every alignment: folding, tables and bits agree. */
START_TEST(test_crc_all_paths)
{
	uint8_t *buf = malloc(4096);
	size_t n, off, bad = 0;

	hg_crc32_init(&crc);
	srand(7);
	for (n = 0; n < 4096; n++)
		buf[n] = (uint8_t)rand();
	for (n = 0; n <= 2048; n++) {
		for (off = 0; off < 16; off += 5) {
			uint32_t want = crc_bitwise(0x5a5a5a5au, buf + off, n);

			bad += hg_crc32_update(&crc, 0x5a5a5a5au, buf + off, n) != want;
			bad += hg_crc32_update_table(&crc, 0x5a5a5a5au, buf + off, n) != want;
		}
	}
	free(buf);
	ck_assert_msg(!bad, "%zu CRCs differ from the bitwise one", bad);
}
END_TEST

/*
 * Pieces checked apart and combined give the CRC of the whole, at every
 * cut, empty pieces included; and 1 MiB of zeros combined at once gives
 * what continuing the CRC over them gives.
 */
START_TEST(test_crc_combine)
{
	uint8_t buf[300], zeros[4096] = { 0 };
	uint32_t whole, a, b, c;
	size_t cut, cut2, bad = 0;
	uint64_t k;

	hg_crc32_init(&crc);
	srand(11);
	for (cut = 0; cut < sizeof(buf); cut++)
		buf[cut] = (uint8_t)rand();
	whole = hg_crc32_update(&crc, 0, buf, sizeof(buf));
	for (cut = 0; cut <= sizeof(buf); cut++) {
		a = hg_crc32_update(&crc, 0, buf, cut);
		b = hg_crc32_update(&crc, 0, buf + cut, sizeof(buf) - cut);
		bad += hg_crc32_combine(&crc, a, b, sizeof(buf) - cut) != whole;
		for (cut2 = cut; cut2 <= sizeof(buf); cut2 += 37) {
			b = hg_crc32_update(&crc, 0, buf + cut, cut2 - cut);
			c = hg_crc32_update(&crc, 0, buf + cut2, sizeof(buf) - cut2);
			bad += hg_crc32_combine(&crc, hg_crc32_combine(&crc, a, b, cut2 - cut),
						c, sizeof(buf) - cut2) != whole;
		}
	}
	ck_assert_msg(!bad, "%zu combined CRCs differ from the whole's", bad);
	/* 2^20 zero bytes, 256 pieces of 4096, against one combination */
	a = hg_crc32_update(&crc, 0, buf, 10);
	c = a;
	for (k = 0; k < 256; k++)
		c = hg_crc32_update(&crc, c, zeros, sizeof(zeros));
	ck_assert_uint_eq(hg_crc32_combine(&crc, a, hg_crc32_update(&crc, 0, zeros, 0), 0), a);
	b = 0;
	for (k = 0; k < 256; k++)
		b = hg_crc32_update(&crc, b, zeros, sizeof(zeros));
	ck_assert_uint_eq(hg_crc32_combine(&crc, a, b, (uint64_t)1 << 20), c);
}
END_TEST

/* Continuing a CRC over pieces gives the CRC of the whole. */
START_TEST(test_crc_in_pieces)
{
	uint8_t buf[1000];
	uint32_t whole, c = 0;
	size_t i, at = 0;

	hg_crc32_init(&crc);
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)(i * 31);
	whole = hg_crc32_update(&crc, 0, buf, sizeof(buf));
	for (i = 1; at < sizeof(buf); i = i * 3 + 1) {
		size_t n = at + i > sizeof(buf) ? sizeof(buf) - at : i;

		c = hg_crc32_update(&crc, c, buf + at, n);
		at += n;
	}
	ck_assert_uint_eq(c, whole);
}
END_TEST

START_TEST(test_put_get_round_trip)
{
	struct hg_buf b = { 0 };
	struct hg_record r = { 0x1122334455667788ULL, 0xdeadbeef, 3, 0x8001 };
	struct hg_cur c;
	char label[8], *s;

	hg_put_u16(&b, 0xbeef);
	hg_put_u32(&b, 0xcafef00d);
	hg_put_u64(&b, 0x0102030405060708ULL);
	hg_put_str(&b, "hello");
	hg_put_str(&b, NULL);
	hg_put_record(&b, &r);
	ck_assert_int_eq(b.err, 0);
	ck_assert_uint_eq(b.p[2], 0x0d);	/* little-endian */
	c = (struct hg_cur){ .p = b.p, .len = b.len };
	ck_assert_uint_eq(hg_get_u16(&c), 0xbeef);
	ck_assert_uint_eq(hg_get_u32(&c), 0xcafef00d);
	ck_assert(hg_get_u64(&c) == 0x0102030405060708ULL);
	hg_get_label(&c, label, sizeof(label));
	ck_assert_str_eq(label, "hello");
	s = hg_get_str(&c);
	ck_assert_str_eq(s, "");
	free(s);
	ck_assert(hg_get_u64(&c) == r.start_cycles);
	ck_assert_uint_eq(hg_get_u32(&c), r.len_cycles);
	ck_assert_uint_eq(hg_get_u16(&c), r.cpu);
	ck_assert_uint_eq(hg_get_u16(&c), r.flags);
	ck_assert_int_eq(c.bad, 0);
	ck_assert_uint_eq(c.pos, c.len);
	free(b.p);
}
END_TEST

/*
 * Appending nothing to a buffer that has no memory yet leaves it empty
 * (a PAD section of length 0 does this); it must not copy into a NULL
 * buffer, which UBSan reports under make check SANITIZE=1.
 */
START_TEST(test_put_nothing)
{
	static const uint8_t zero[16];
	struct hg_buf b = { 0 };

	hg_put_bytes(&b, zero, 0);
	ck_assert_ptr_null(b.p);
	ck_assert_uint_eq(b.len, 0);
	ck_assert_int_eq(b.err, 0);
	hg_put_bytes(&b, zero, 3);
	hg_put_bytes(&b, zero, 0);
	ck_assert_uint_eq(b.len, 3);
	free(b.p);
}
END_TEST

/* Reads past the end, or labels too long for their buffer, are damage. */
START_TEST(test_cursor_bounds)
{
	static const uint8_t three[3] = { 1, 2, 3 };
	static const uint8_t str[] = { 9, 0, 0, 0, 'a', 'b' };
	struct hg_cur c = { .p = three, .len = 3 };
	char label[4];

	ck_assert(hg_get_u32(&c) == 0);
	ck_assert_int_eq(c.bad, 1);
	ck_assert(hg_get_u16(&c) == 0);	/* stays bad */
	c = (struct hg_cur){ .p = str, .len = sizeof(str) };
	hg_get_label(&c, label, sizeof(label));
	ck_assert_int_eq(c.bad, 1);
	ck_assert_str_eq(label, "");
	c = (struct hg_cur){ .p = str, .len = sizeof(str) };
	ck_assert_ptr_null(hg_get_str(&c));
	ck_assert_int_eq(c.bad, 1);
}
END_TEST

/* A string or a label read from a file comes tamed. */
START_TEST(test_get_tames)
{
	static const uint8_t str[] = { 6, 0, 0, 0, 0x1b, '[', 0x9b, 0xc2, 0x9b, 0x07 };
	struct hg_cur c = { .p = str, .len = sizeof(str) };
	char label[8], *s;

	hg_get_label(&c, label, sizeof(label));
	ck_assert_int_eq(c.bad, 0);
	ck_assert_str_eq(label, "?[????");
	c = (struct hg_cur){ .p = str, .len = sizeof(str) };
	s = hg_get_str(&c);
	ck_assert_str_eq(s, "?[????");
	free(s);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("wire");
	TCase *tc = tcase_create("crc");

	tcase_add_test(tc, test_crc_check_value);
	tcase_add_test(tc, test_crc_all_paths);
	tcase_add_test(tc, test_crc_in_pieces);
	tcase_add_test(tc, test_crc_combine);
	suite_add_tcase(s, tc);
	tc = tcase_create("encoding");
	tcase_add_test(tc, test_put_get_round_trip);
	tcase_add_test(tc, test_put_nothing);
	tcase_add_test(tc, test_cursor_bounds);
	suite_add_tcase(s, tc);
	tc = tcase_create("tame");
	tcase_add_test(tc, test_get_tames);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
