// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_sections.c - a trace file whose sections are each well formed but
 * which is damaged all the same, its checksum made right: a RUN field out
 * of range is named (tsc_hz), a kernel events section anywhere but after
 * the last thread's records is refused; both readers (the whole file, and
 * ctx's stream) say so
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "trace/fileformat.h"
#include "trace/sections.h"
#include "trace/trace.h"
#include "trace/tstream.h"
#include "trace/wire.h"

#define KERNEL_HGT	"tests/fixtures/kernel.hgt"
#define HEADER		(HG_FILE_MAGIC_LEN + 8)	/* magic, version, sections */
#define RUN_TSC_HZ	(HEADER + SECTION_HEADER + 8)	/* after flags and signal */
#define MAX_SECTIONS	64

static uint32_t u32_at(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void put_u64_at(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* The END section's CRC made right for what is before it. */
static void reseal(uint8_t *buf, size_t len)
{
	struct hg_crc32 table;
	uint32_t crc;
	int i;

	hg_crc32_init(&table);
	crc = hg_crc32_update(&table, 0, buf, len - SECTION_HEADER - 4);
	for (i = 0; i < 4; i++)
		buf[len - 4 + i] = (uint8_t)(crc >> (8 * i));
}

/* Where each section of @buf starts, and its type; returns how many. */
static unsigned int sections(const uint8_t *buf, size_t len, size_t *at, uint32_t *type)
{
	unsigned int n = u32_at(buf + HG_FILE_MAGIC_LEN + 4), i;
	size_t pos = HEADER;

	ck_assert_uint_le(n, MAX_SECTIONS);
	for (i = 0; i < n; i++) {
		ck_assert_uint_le(pos + SECTION_HEADER, len);
		at[i] = pos;
		type[i] = u32_at(buf + pos);
		pos += SECTION_HEADER + u32_at(buf + pos + 8);
	}
	ck_assert_uint_eq(pos, len);
	return n;
}

/*
 * A copy of @buf with its section of type @type moved to stand before
 * section @before (an index of the original), resealed.
 */
static uint8_t *moved(const uint8_t *buf, size_t len, uint32_t type, unsigned int before)
{
	size_t at[MAX_SECTIONS], pos = HEADER, from = 0, size = 0;
	uint32_t types[MAX_SECTIONS];
	unsigned int n = sections(buf, len, at, types), i;
	uint8_t *out = malloc(len);

	ck_assert_ptr_nonnull(out);
	for (i = 0; i < n; i++)
		if (types[i] == type) {
			from = at[i];
			size = (i + 1 < n ? at[i + 1] : len) - at[i];
		}
	ck_assert_uint_gt(size, 0);
	memcpy(out, buf, HEADER);
	for (i = 0; i < n; i++) {
		size_t s = (i + 1 < n ? at[i + 1] : len) - at[i];

		if (i == before) {
			memcpy(out + pos, buf + from, size);
			pos += size;
		}
		if (at[i] == from)
			continue;
		memcpy(out + pos, buf + at[i], s);
		pos += s;
	}
	ck_assert_uint_eq(pos, len);
	reseal(out, len);
	return out;
}

/* @buf refused by both readers with @want in the reason. */
static void refused(const uint8_t *buf, size_t len, const char *want)
{
	char *dir = hg_test_fresh_dir(), *path, err[512] = "";
	struct hg_trace *t = NULL;
	const struct hg_trace *st = NULL;
	struct hg_tstream *s = NULL;
	struct hg_recsrc src;

	ck_assert_int_eq(hg_trace_decode(buf, len, &t, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, want), "no '%s' in '%s'", want, err);
	ck_assert_ptr_null(strchr(err, '\n'));
	path = hg_test_path(dir, "damaged.hgt");
	hg_test_write_file(path, buf, len);
	ck_assert_int_eq(hg_trace_read(path, &t, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, want), "no '%s' in '%s'", want, err);
	err[0] = '\0';
	ck_assert_int_eq(hg_tstream_open(path, &s, &st, &src, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, want), "stream: no '%s' in '%s'", want, err);
	free(path);
	hg_test_drop_dir(dir);
}

/* The fixture as it is: read, its kernel events where the writer put them. */
START_TEST(test_fixture_reads)
{
	size_t len, at[MAX_SECTIONS];
	uint32_t types[MAX_SECTIONS];
	uint8_t *buf = (uint8_t *)hg_test_read_file(KERNEL_HGT, &len);
	struct hg_trace *t = NULL;
	char err[512] = "";
	unsigned int n = sections(buf, len, at, types);

	ck_assert_uint_eq(types[n - 2], SEC_KEVENTS);
	ck_assert_msg(hg_trace_decode(buf, len, &t, err, sizeof(err)) == 0, "%s", err);
	ck_assert_ptr_nonnull(t->kev);
	hg_trace_free(t);
	reseal(buf, len);	/* resealing a sound file changes nothing */
	ck_assert_msg(hg_trace_decode(buf, len, &t, err, sizeof(err)) == 0, "%s", err);
	hg_trace_free(t);
	free(buf);
}
END_TEST

/* KEVENTS moved before another section: refused, at its own place if it can be. */
static const struct {
	unsigned int before;
	const char *want;
} places[] = {
	{ 1, "a kernel events section out of place (section 1; its place is after the "
	     "last thread's records)" },				/* after RUN */
	{ 2, "a kernel events section out of place (section 2;" },	/* after SYSTEM */
	{ 3, "a kernel events section out of place (section 3;" },	/* after THREAD */
	{ 4, "damaged: section 4 is out of place" },	/* between PAD and its RECORDS */
};

START_TEST(test_kevents_misplaced)
{
	size_t len;
	uint8_t *buf = (uint8_t *)hg_test_read_file(KERNEL_HGT, &len);
	uint8_t *bad = moved(buf, len, SEC_KEVENTS, places[_i].before);

	refused(bad, len, places[_i].want);
	free(bad);
	free(buf);
}
END_TEST

/* A counter frequency out of range is the trace's damage, named. */
static const struct {
	uint64_t hz;
	const char *want;
} freqs[] = {
	{ 1ULL << 63, "damaged run section: tsc_hz 9223372036854775808 out of range" },
	{ HG_SEC_TSC_HZ_MAX + 1, "damaged run section: tsc_hz 100000000001 out of range" },
	{ HG_SEC_TSC_HZ_MIN - 1, "damaged run section: tsc_hz 999999 out of range" },
	{ 0, "damaged run section: tsc_hz 0 out of range" },
};

START_TEST(test_tsc_hz_out_of_range)
{
	size_t len;
	uint8_t *buf = (uint8_t *)hg_test_read_file(KERNEL_HGT, &len);

	put_u64_at(buf + RUN_TSC_HZ, freqs[_i].hz);
	reseal(buf, len);
	refused(buf, len, freqs[_i].want);
	free(buf);
}
END_TEST

/* The bounds themselves are frequencies a file may state. */
START_TEST(test_tsc_hz_bounds)
{
	static const uint64_t ok[] = { HG_SEC_TSC_HZ_MIN, HG_SEC_TSC_HZ_MAX };
	size_t len;
	uint8_t *buf = (uint8_t *)hg_test_read_file(KERNEL_HGT, &len);
	struct hg_trace *t = NULL;
	char err[512] = "";

	put_u64_at(buf + RUN_TSC_HZ, ok[_i]);
	reseal(buf, len);
	ck_assert_msg(hg_trace_decode(buf, len, &t, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(t->calib.tsc_hz, ok[_i]);
	hg_trace_free(t);
	free(buf);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("sections");
	TCase *tc = tcase_create("sections");

	tcase_add_test(tc, test_fixture_reads);
	tcase_add_loop_test(tc, test_kevents_misplaced, 0,
			    (int)(sizeof(places) / sizeof(places[0])));
	tcase_add_loop_test(tc, test_tsc_hz_out_of_range, 0,
			    (int)(sizeof(freqs) / sizeof(freqs[0])));
	tcase_add_loop_test(tc, test_tsc_hz_bounds, 0, 2);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
