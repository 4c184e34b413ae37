// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_prom.c - export/prom.h: OpenMetrics text for node_exporter,
 * line by line
 *
 * The trace is synthetic at 1 GHz (a cycle is a ns): thread 0 CPU-bound
 * with gaps of 0.5, 3 and 700 us; thread 1 LAT with samples of 3, 12 and
 * 45 us; thread 2 PERIODIC with 7 hits and 2 misses. The expected counts
 * are worked out from those values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "export/export.h"
#include "export/prom.h"

static struct hg_trace *three(void)
{
	static const uint64_t iv0[][2] = { { 1000, 100 } }, iv1[][2] = { { 1000, 10 } },
		iv2[][2] = { { 1000, 10 } };
	static const uint64_t (*const iv[])[2] = { iv0, iv1, iv2 };
	static const size_t n[] = { 1, 1, 1 };
	struct hg_trace *t = hg_test_trace(3, iv, n);
	struct hg_tstats *st;

	ck_assert_ptr_nonnull(t);
	st = &t->threads[0].stats;
	hg_hist_init(&st->gaps);
	hg_hist_add(&st->gaps, 500);
	hg_hist_add(&st->gaps, 3000);
	hg_hist_add(&st->gaps, 700000);
	t->threads[0].dropped = 4;
	t->threads[1].model = HG_MODEL_LAT;
	snprintf(t->threads[1].workload, HG_LABEL_LEN, "LAT 1ms");
	snprintf(t->threads[1].priority, HG_LABEL_LEN, "RTHIGH (SCHED_FIFO 90)");
	snprintf(t->threads[1].cpus, HG_LABEL_LEN, "0-1");
	st = &t->threads[1].stats;
	hg_hist_add(&st->events, 3000);
	hg_hist_add(&st->events, 12000);
	hg_hist_add(&st->events, 45000);
	st->samples_dropped = 1;
	t->threads[2].model = HG_MODEL_PERIODIC;
	snprintf(t->threads[2].workload, HG_LABEL_LEN, "A\"B\\C");	/* escaped */
	t->threads[2].stats.hits = 7;
	t->threads[2].stats.misses = 2;
	return t;
}

/* The text of @t, in new memory. */
static char *text(const struct hg_trace *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(hg_prom_print(f, t), 0);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/* The line that starts with @prefix, or NULL. */
static const char *line_of(const char *txt, const char *prefix, char *out, size_t len)
{
	const char *p = txt;

	while (p && *p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);

		if (!strncmp(p, prefix, strlen(prefix)) && n < len) {
			memcpy(out, p, n);
			out[n] = '\0';
			return out;
		}
		p = e ? e + 1 : NULL;
	}
	return NULL;
}

#define L0 "thread=\"0\",workload=\"CPU\",policy=\"NORMAL (SCHED_OTHER nice 0)\",cpu=\"0\""
#define L1 "thread=\"1\",workload=\"LAT 1ms\",policy=\"RTHIGH (SCHED_FIFO 90)\",cpu=\"0-1\""
#define L2 "thread=\"2\",workload=\"A\\\"B\\\\C\",policy=\"NORMAL (SCHED_OTHER nice 0)\",cpu=\"0\""

/* Whole lines, each as written out by hand. */
static const char *const want_lines[] = {
	"hourglass_elapsed_seconds 0.001000000",
	/* gaps 0.5 us, 3 us, 700 us: none up to 0 ... 1 at 1 us, 2 from 5 us, 3 from 1 ms */
	"hourglass_gap_seconds_bucket{" L0 ",le=\"0.000001000\"} 1",
	"hourglass_gap_seconds_bucket{" L0 ",le=\"0.000002000\"} 1",
	"hourglass_gap_seconds_bucket{" L0 ",le=\"0.000005000\"} 2",
	"hourglass_gap_seconds_bucket{" L0 ",le=\"0.000500000\"} 2",
	"hourglass_gap_seconds_bucket{" L0 ",le=\"0.001000000\"} 3",
	"hourglass_gap_seconds_bucket{" L0 ",le=\"1.000000000\"} 3",
	"hourglass_gap_seconds_bucket{" L0 ",le=\"+Inf\"} 3",
	"hourglass_gap_seconds_sum{" L0 "} 0.000703500",
	"hourglass_gap_seconds_count{" L0 "} 3",
	"hourglass_records_dropped_total{" L0 "} 4",
	"hourglass_records_dropped_total{" L1 "} 1",
	/* lateness 3, 12, 45 us */
	"hourglass_latency_seconds_bucket{" L1 ",le=\"0.000002000\"} 0",
	"hourglass_latency_seconds_bucket{" L1 ",le=\"0.000005000\"} 1",
	"hourglass_latency_seconds_bucket{" L1 ",le=\"0.000010000\"} 1",
	"hourglass_latency_seconds_bucket{" L1 ",le=\"0.000020000\"} 2",
	"hourglass_latency_seconds_bucket{" L1 ",le=\"0.000050000\"} 3",
	"hourglass_latency_seconds_bucket{" L1 ",le=\"+Inf\"} 3",
	"hourglass_latency_seconds_sum{" L1 "} 0.000060000",
	"hourglass_latency_seconds_count{" L1 "} 3",
	"hourglass_latency_max_seconds{" L1 "} 0.000045000",
	"hourglass_deadline_hits_total{" L2 "} 7",
	"hourglass_deadline_misses_total{" L2 "} 2",
	"# TYPE hourglass_latency_seconds histogram",
	"# UNIT hourglass_latency_seconds seconds",
	"# TYPE hourglass_deadline_misses_total counter",
};

START_TEST(test_lines)
{
	struct hg_trace *t = three();
	char *txt = text(t), buf[512];
	const char *want = want_lines[_i];
	const char *sp = strrchr(want, ' ');
	char prefix[512];

	/* find the line by all but its value, then compare the whole */
	snprintf(prefix, sizeof(prefix), "%.*s", (int)(sp - want + 1), want);
	ck_assert_msg(line_of(txt, prefix, buf, sizeof(buf)), "no line '%s' in:\n%s", prefix, txt);
	ck_assert_str_eq(buf, want);
	free(txt);
	hg_trace_free(t);
}
END_TEST

/*
 * The format: every line a TYPE, UNIT or HELP of a family declared once, a
 * sample of the family declared last (its name, or the name with _bucket,
 * _sum or _count for a histogram), or the last line, "# EOF"; every name
 * starts with hourglass_; a thread's buckets never decrease, and the last
 * (+Inf) equals its _count, which follows its _sum.
 */
START_TEST(test_format)
{
	struct hg_trace *t = three();
	char *txt = text(t), *save = NULL, *line, family[128] = "", type[32] = "";
	uint64_t last_bucket = 0;
	unsigned int nlines = 0, eof = 0;

	for (line = strtok_r(txt, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[128], kind[32];

		nlines++;
		ck_assert_msg(!eof, "a line after # EOF: %s", line);
		if (!strcmp(line, "# EOF")) {
			eof = 1;
			continue;
		}
		if (!strncmp(line, "# TYPE ", 7)) {
			ck_assert_int_eq(sscanf(line, "# TYPE %127s %31s", name, kind), 2);
			ck_assert_msg(strcmp(name, family), "family %s declared twice", name);
			ck_assert(!strcmp(kind, "counter") || !strcmp(kind, "gauge") ||
				  !strcmp(kind, "histogram"));
			snprintf(family, sizeof(family), "%s", name);
			snprintf(type, sizeof(type), "%s", kind);
			last_bucket = 0;
			continue;
		}
		if (!strncmp(line, "# UNIT ", 7) || !strncmp(line, "# HELP ", 7)) {
			ck_assert_int_eq(sscanf(line + 7, "%127s", name), 1);
			ck_assert_str_eq(name, family);
			continue;
		}
		ck_assert_msg(line[0] != '#', "an unknown comment: %s", line);
		ck_assert_msg(!strncmp(line, "hourglass_", 10), "not hourglass_: %s", line);
		ck_assert_msg(!strncmp(line, family, strlen(family)), "%s outside its family %s",
			      line, family);
		if (!strcmp(type, "histogram")) {
			const char *rest = line + strlen(family), *v = strrchr(line, ' ');
			uint64_t n = strtoull(v + 1, NULL, 10);

			if (!strncmp(rest, "_bucket{", 8)) {
				ck_assert_uint_ge(n, last_bucket);
				last_bucket = n;
				ck_assert(strstr(rest, ",le=\""));
			} else if (!strncmp(rest, "_count{", 7)) {
				ck_assert_uint_eq(n, last_bucket);	/* +Inf came last */
				last_bucket = 0;	/* the next thread's */
			} else {
				ck_assert_msg(!strncmp(rest, "_sum{", 5), "%s", line);
			}
		} else {
			ck_assert_msg(line[strlen(family)] == '{' || line[strlen(family)] == ' ',
				      "%s", line);
		}
	}
	ck_assert_uint_eq(eof, 1);
	ck_assert_uint_gt(nlines, 40);
	free(txt);
	hg_trace_free(t);
}
END_TEST

/* Without LAT or jobs threads their families are not there at all. */
START_TEST(test_families_by_model)
{
	struct hg_trace *t = three();
	char *txt;

	t->threads[1].model = HG_MODEL_SPIN;
	t->threads[2].model = HG_MODEL_SPIN;
	txt = text(t);
	ck_assert_ptr_null(strstr(txt, "hourglass_latency"));
	ck_assert_ptr_null(strstr(txt, "hourglass_deadline"));
	ck_assert_ptr_nonnull(strstr(txt, "hourglass_gap_seconds_count{thread=\"2\""));
	free(txt);
	hg_trace_free(t);
}
END_TEST

/* Written atomically: the file holds the whole text, and no temporary is left. */
START_TEST(test_write)
{
	struct hg_trace *t = three();
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "hg.prom"), err[256] = "";
	char *want = text(t), *got;
	size_t len;

	ck_assert_msg(hg_prom_write(t, path, err, sizeof(err)) == 0, "%s", err);
	got = hg_test_read_file(path, &len);
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
	free(path);
	path = hg_test_path(dir, "missing/hg.prom");
	ck_assert_int_lt(hg_prom_write(t, path, err, sizeof(err)), 0);
	ck_assert_ptr_nonnull(strstr(err, "missing/hg.prom"));
	free(path);
	hg_test_drop_dir(dir);
	hg_trace_free(t);
}
END_TEST

/* export --format prom of a saved trace is the same text. */
START_TEST(test_export_format)
{
	struct hg_trace *t = three();
	enum hg_export_format fmt;
	char *want = text(t), *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(hg_export_parse_format("prom", &fmt), 0);
	ck_assert_int_eq(fmt, HG_EXPORT_PROM);
	ck_assert_int_eq(hg_export(f, t, fmt), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_str_eq(buf, want);
	free(buf);
	free(want);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("prom");
	TCase *tc = tcase_create("openmetrics");

	tcase_add_loop_test(tc, test_lines, 0, sizeof(want_lines) / sizeof(want_lines[0]));
	tcase_add_test(tc, test_format);
	tcase_add_test(tc, test_families_by_model);
	tcase_add_test(tc, test_write);
	tcase_add_test(tc, test_export_format);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
