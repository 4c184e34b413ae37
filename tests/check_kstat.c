// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kstat.c - hourglass/kstat.c on injected /proc text: per-CPU busy
 * and steal time of /proc/stat, column sums of /proc/interrupts and
 * /proc/softirqs, deltas; and analysis/kernel/noise.c's shares and verdicts
 */
#include <errno.h>
#include <stdlib.h>

#include "helpers.h"
#include "analysis/kernel/noise.h"
#include "run/kstat.h"

/* Two CPUs; ticks of 10 ms (100 per second). */
static const char stat_a[] =
	"cpu  30947 63 7608 144862 495 0 53 28 0 0\n"
	"cpu0 100 10 20 5000 3 1 2 4 0 0\n"
	"cpu2 300 0 40 7000 0 0 6 0 0 0\n"
	"intr 123 4 5\n"
	"ctxt 99\n";

static const char irq_a[] =
	"           CPU0       CPU2       \n"
	"  0:         40          2   IO-APIC   2-edge      timer\n"
	"LOC:       1000       2000   Local timer interrupts\n"
	"ERR:          7\n"
	"MIS:          0\n";

static const char softirq_a[] =
	"                    CPU0       CPU2\n"
	"          HI:          1          0\n"
	"       TIMER:        100        200\n";

/*
 * cpu0: busy = user 100 + nice 10 + system 20 + irq 1 + softirq 2 = 133
 * ticks = 1.33 s; steal 4 ticks = 40 ms; idle 5000 + iowait 3 = 50.03 s.
 * cpu2: 300 + 40 + 6 = 346 ticks, idle 70 s.
 * Interrupts: cpu0 40 + 1000 + 7 (ERR's one column), cpu2 2 + 2000.
 * Softirqs: cpu0 101, cpu2 200.
 */
START_TEST(test_parse)
{
	struct hg_kstat k;

	ck_assert_int_eq(hg_kstat_parse_stat(stat_a, 100, &k), 0);
	ck_assert_uint_eq(k.n, 2);
	ck_assert_uint_eq(k.cpu[0].cpu, 0);
	ck_assert_uint_eq(k.cpu[0].busy_ns, 1330000000ULL);
	ck_assert_uint_eq(k.cpu[0].steal_ns, 40000000ULL);
	ck_assert_uint_eq(k.cpu[0].idle_ns, 50030000000ULL);
	ck_assert_uint_eq(k.cpu[1].idle_ns, 70000000000ULL);
	ck_assert_uint_eq(k.cpu[1].cpu, 2);
	ck_assert_uint_eq(k.cpu[1].busy_ns, 3460000000ULL);
	ck_assert_uint_eq(k.cpu[1].steal_ns, 0);
	ck_assert_int_eq(hg_kstat_parse_counts(irq_a, &k, 0), 0);
	ck_assert_int_eq(hg_kstat_parse_counts(softirq_a, &k, 1), 0);
	ck_assert_uint_eq(k.cpu[0].irqs, 1047);
	ck_assert_uint_eq(k.cpu[1].irqs, 2002);
	ck_assert_uint_eq(k.cpu[0].softirqs, 101);
	ck_assert_uint_eq(k.cpu[1].softirqs, 200);
	hg_kstat_free(&k);
}
END_TEST

START_TEST(test_parse_bad)
{
	struct hg_kstat k;

	ck_assert_int_eq(hg_kstat_parse_stat("not proc stat\n", 100, &k), -EINVAL);
	ck_assert_int_eq(hg_kstat_parse_stat("cpu  1 2 3 4 5 6 7 8\n", 100, &k), -EINVAL);
	ck_assert_int_eq(hg_kstat_parse_stat("cpu0 1 2 3\n", 100, &k), -EINVAL);
	ck_assert_int_eq(hg_kstat_parse_stat(stat_a, 0, &k), -EINVAL);
	ck_assert_int_eq(hg_kstat_parse_stat(stat_a, 100, &k), 0);
	ck_assert_int_eq(hg_kstat_parse_counts("no header\n0: 1 2\n", &k, 0), -EINVAL);
	/* a CPU the counts have but /proc/stat not: ignored */
	ck_assert_int_eq(hg_kstat_parse_counts("CPU0 CPU1 CPU2\nX: 1 5 2\n", &k, 0), 0);
	ck_assert_uint_eq(k.cpu[0].irqs, 1);
	ck_assert_uint_eq(k.cpu[1].irqs, 2);
	hg_kstat_free(&k);
}
END_TEST

/* after - before, CPU by CPU; a counter that went backwards gives 0. */
START_TEST(test_delta)
{
	struct hg_kstat a, b;
	struct hg_cpu_noise *d;
	uint32_t n;

	ck_assert_int_eq(hg_kstat_parse_stat(stat_a, 100, &a), 0);
	ck_assert_int_eq(hg_kstat_parse_stat("cpu0 150 10 20 5000 3 1 2 9 0 0\n"
					     "cpu1 1 1 1 1 1 1 1 1\n"
					     "cpu2 290 0 40 7000 0 0 6 0 0 0\n", 100, &b), 0);
	a.cpu[0].irqs = 10;
	b.cpu[0].irqs = 25;
	ck_assert_int_eq(hg_kstat_delta(&a, &b, &d, &n), 0);
	ck_assert_uint_eq(n, 2);		/* cpu1 was not there before */
	ck_assert_uint_eq(d[0].cpu, 0);
	ck_assert_uint_eq(d[0].busy_ns, 500000000ULL);	/* 50 ticks */
	ck_assert_uint_eq(d[0].steal_ns, 50000000ULL);	/* 5 ticks */
	ck_assert_uint_eq(d[0].idle_ns, 0);		/* 5003 -> 5003 ticks */
	ck_assert_uint_eq(d[0].irqs, 15);
	ck_assert_uint_eq(d[1].cpu, 2);
	ck_assert_uint_eq(d[1].busy_ns, 0);		/* 346 -> 336 ticks */
	free(d);
	hg_kstat_free(&a);
	hg_kstat_free(&b);
}
END_TEST

/*
 * noise: a 1 s window; thread 0 (tid 100, kernel time 600 us) received 400
 * ns on CPU 0 and 200 ns on CPU 1: its kernel time splits 400 us / 200 us.
 * Thread 1 (no tid: an older file's) received 300 ns on CPU 1: 300 ns.
 * CPU 0 busy 10.4 ms: other tasks 10.4 ms - 400 us = 10 ms = 1.00 %: quiet
 * (not above 1 %). CPU 1 busy 0.2003 ms + 20 ms: other 20 ms = 2 %: not
 * quiet. CPU 5, where no thread ran: not listed.
 */
START_TEST(test_noise)
{
	static const uint64_t t0[][2] = { { 1000, 400 }, { 2000, 200 } };
	static const uint64_t t1[][2] = { { 1500, 300 } };
	const uint64_t (*const iv[])[2] = { t0, t1 };
	const size_t nv[] = { 2, 1 };
	struct hg_trace *t = hg_test_trace(2, iv, nv);
	struct hg_noise nz;

	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(hg_noise_compute(t, &nz), -ENODATA);
	t->threads[0].recs[1].cpu = 1;
	t->threads[1].recs[0].cpu = 1;
	t->threads[0].tid = 100;
	t->threads[0].kernel_cpu_ns = 600000;
	t->noise_window_ns = 1000000000ULL;
	t->nnoise = 3;
	t->noise = calloc(3, sizeof(*t->noise));
	ck_assert_ptr_nonnull(t->noise);
	t->noise[0] = (struct hg_cpu_noise){ 0, 10400000, 0, 5, 6, 0 };
	t->noise[1] = (struct hg_cpu_noise){ 1, 20200300, 1000, 7, 8, 0 };
	t->noise[2] = (struct hg_cpu_noise){ 5, 900000000, 0, 0, 0, 0 };
	ck_assert_int_eq(hg_noise_compute(t, &nz), 0);
	ck_assert_uint_eq(nz.n, 2);
	ck_assert_uint_eq(nz.cpu[0].cpu, 0);
	ck_assert_uint_eq(nz.cpu[0].ours_ns, 400000);
	ck_assert_uint_eq(nz.cpu[0].other_ns, 10000000);
	ck_assert(nz.cpu[0].quiet);
	ck_assert_uint_eq(nz.cpu[1].cpu, 1);
	ck_assert_uint_eq(nz.cpu[1].ours_ns, 200300);
	ck_assert_uint_eq(nz.cpu[1].other_ns, 20000000);
	ck_assert_uint_eq(nz.cpu[1].steal_ns, 1000);
	ck_assert_uint_eq(nz.cpu[1].irqs, 7);
	ck_assert(!nz.cpu[1].quiet);
	ck_assert(!nz.quiet);
	hg_noise_free(&nz);
	hg_trace_free(t);
}
END_TEST

/*
 * A CPU busy with other tasks for the whole run: /proc/stat counts in
 * ticks of 10 ms, and between readings 3000.4 ms apart it counted 301
 * busy ticks (3010 ms) and no idle one. The share is of the counters' own
 * 3010 ms: 100 %, not 3010 / 3000.4 = 100.32 %. With 2 idle ticks beside
 * 299 busy ones: 2990 / 3010 = 99.34 %. An older file, without the idle
 * time: of busy + steal where it passes the window, 100 % again.
 */
START_TEST(test_noise_ticks)
{
	static const uint64_t t0[][2] = { { 1000, 400 } };
	const uint64_t (*const iv[])[2] = { t0 };
	const size_t nv[] = { 1 };
	struct hg_trace *t = hg_test_trace(1, iv, nv);
	struct hg_noise nz;

	ck_assert_ptr_nonnull(t);
	t->noise_window_ns = 3000400000ULL;
	t->nnoise = 1;
	t->noise_idle = true;
	t->noise = calloc(1, sizeof(*t->noise));
	ck_assert_ptr_nonnull(t->noise);
	t->noise[0] = (struct hg_cpu_noise){ .cpu = 0, .busy_ns = 3010000000ULL };
	ck_assert_int_eq(hg_noise_compute(t, &nz), 0);
	ck_assert_uint_eq(nz.cpu[0].counted_ns, 3010000000ULL);
	ck_assert_double_eq_tol(nz.cpu[0].other_pct, 100, 1e-3);	/* less our 400 cycles */
	hg_noise_free(&nz);
	t->noise[0].busy_ns = 2990000000ULL;
	t->noise[0].idle_ns = 20000000ULL;
	ck_assert_int_eq(hg_noise_compute(t, &nz), 0);
	ck_assert_double_eq_tol(nz.cpu[0].other_pct, 100.0 * 2990 / 3010, 1e-3);
	hg_noise_free(&nz);
	t->noise_idle = false;
	t->noise[0] = (struct hg_cpu_noise){ .cpu = 0, .busy_ns = 3010000000ULL };
	ck_assert_int_eq(hg_noise_compute(t, &nz), 0);
	ck_assert_double_eq_tol(nz.cpu[0].other_pct, 100, 1e-3);	/* less our 400 cycles */
	hg_noise_free(&nz);
	hg_trace_free(t);
}
END_TEST

/*
 * A LAT thread records no interval, only its wake-ups: pinned to CPU 1, its
 * three wake-ups there, the noise is CPU 1's alone (CPU 0, busy with other
 * work, is not where it measured), and its kernel time, 30 us, is its own:
 * CPU 1 busy 50 us, other tasks 20 us. Before, every CPU was listed and the
 * thread's own time counted as other tasks'.
 */
START_TEST(test_noise_lat)
{
	const uint64_t (*const iv[])[2] = { NULL };
	const size_t nv[] = { 0 };
	struct hg_trace *t = hg_test_trace(1, iv, nv);
	struct hg_noise nz;
	uint16_t k;

	ck_assert_ptr_nonnull(t);
	free(t->threads[0].recs);
	t->threads[0].recs = calloc(3, sizeof(*t->threads[0].recs));
	ck_assert_ptr_nonnull(t->threads[0].recs);
	for (k = 0; k < 3; k++)
		t->threads[0].recs[k] = (struct hg_record){ 2000 + 1000 * k, 50, 1,
			hg_event_flags(HG_EV_LAT, 0) };
	t->threads[0].stored = 3;
	t->threads[0].model = HG_MODEL_LAT;
	t->threads[0].tid = 100;
	t->threads[0].kernel_cpu_ns = 30000;
	t->noise_window_ns = 1000000;
	t->nnoise = 2;
	t->noise = calloc(2, sizeof(*t->noise));
	ck_assert_ptr_nonnull(t->noise);
	t->noise[0] = (struct hg_cpu_noise){ .cpu = 0, .busy_ns = 1000000 };
	t->noise[1] = (struct hg_cpu_noise){ .cpu = 1, .busy_ns = 50000 };
	ck_assert_int_eq(hg_noise_compute(t, &nz), 0);
	ck_assert_uint_eq(nz.n, 1);
	ck_assert_uint_eq(nz.cpu[0].cpu, 1);
	ck_assert_uint_eq(nz.cpu[0].ours_ns, 30000);
	ck_assert_uint_eq(nz.cpu[0].other_ns, 20000);
	ck_assert_double_eq_tol(nz.cpu[0].other_pct, 2.0, 1e-9);
	hg_noise_free(&nz);
	hg_trace_free(t);
}
END_TEST

/* hg_noise_compute() of @t against the counts gathered chunk by chunk: equal. */
static void same_noise(const struct hg_trace *t, size_t chunk)
{
	struct hg_noise want, got;
	struct hg_noise_recv rv;
	uint32_t i, c;
	size_t k;

	ck_assert_int_eq(hg_noise_compute(t, &want), 0);
	ck_assert_int_eq(hg_noise_recv_init(&rv, t), 0);
	for (i = 0; i < t->nthreads; i++) {
		/* a first go at thread i, forgotten: its records come again */
		hg_noise_recv_add(&rv, i, t->threads[i].recs, t->threads[i].stored ? 1 : 0);
		hg_noise_recv_clear(&rv, i);
		for (k = 0; k < t->threads[i].stored; k += chunk)
			hg_noise_recv_add(&rv, i, t->threads[i].recs + k,
					  t->threads[i].stored - k < chunk ?
					  (size_t)t->threads[i].stored - k : chunk);
	}
	ck_assert_int_eq(hg_noise_compute_recv(&rv, &got), 0);
	ck_assert_uint_eq(got.n, want.n);
	for (c = 0; c < got.n; c++) {
		ck_assert_uint_eq(got.cpu[c].cpu, want.cpu[c].cpu);
		ck_assert_uint_eq(got.cpu[c].ours_ns, want.cpu[c].ours_ns);
		ck_assert_uint_eq(got.cpu[c].other_ns, want.cpu[c].other_ns);
	}
	hg_noise_free(&want);
	hg_noise_free(&got);
	hg_noise_recv_free(&rv);
}

/*
 * The counts gathered from chunks of records (a stream's) are those of the
 * trace's records decoded: a long interval's pieces on the CPU of its
 * first, events left out, a piece cut off from its rest damage (-EINVAL),
 * whatever the chunks.
 */
START_TEST(test_noise_recv)
{
	static const uint64_t t0[][2] = { { 1000, 400 }, { 2000, 200 }, { 3000, 300 } };
	static const uint64_t t1[][2] = { { 1500, 300 }, { 2500, 100 } };
	const uint64_t (*const iv[])[2] = { t0, t1 };
	const size_t nv[] = { 3, 2 };
	struct hg_trace *t = hg_test_trace(2, iv, nv);
	struct hg_noise_recv rv;
	struct hg_noise nz;
	size_t chunk;

	ck_assert_ptr_nonnull(t);
	t->threads[0].tid = 100;
	t->threads[0].kernel_cpu_ns = 600000;
	t->noise_window_ns = 1000000000ULL;
	t->nnoise = 2;
	t->noise = calloc(2, sizeof(*t->noise));
	ck_assert_ptr_nonnull(t->noise);
	t->noise[0] = (struct hg_cpu_noise){ 0, 10400000, 0, 5, 6, 0 };
	t->noise[1] = (struct hg_cpu_noise){ 1, 20200300, 1000, 7, 8, 0 };
	/* thread 0: its first two records one interval (a piece, its rest on CPU 1) */
	t->threads[0].recs[0].flags |= HG_REC_CONTINUED;
	t->threads[0].recs[1].start_cycles = t->threads[0].recs[0].start_cycles +
					     t->threads[0].recs[0].len_cycles;
	t->threads[0].recs[1].cpu = 1;
	t->threads[0].recs[2].cpu = 1;
	/* thread 1: an event between its intervals */
	t->threads[1].recs[1].flags |= HG_REC_EVENT;
	t->threads[1].recs[0].cpu = 1;
	for (chunk = 1; chunk <= 3; chunk++)
		same_noise(t, chunk);
	/* the piece's rest moved: both readings refuse the records */
	t->threads[0].recs[1].start_cycles += 5;
	ck_assert_int_eq(hg_noise_compute(t, &nz), -EINVAL);
	ck_assert_int_eq(hg_noise_recv_init(&rv, t), 0);
	hg_noise_recv_add(&rv, 0, t->threads[0].recs, 1);
	hg_noise_recv_add(&rv, 0, t->threads[0].recs + 1, 2);
	ck_assert_int_eq(hg_noise_compute_recv(&rv, &nz), -EINVAL);
	hg_noise_recv_free(&rv);
	/* a piece the last record: damage too */
	t->threads[0].recs[1].start_cycles -= 5;
	t->threads[0].stored = 1;
	ck_assert_int_eq(hg_noise_compute(t, &nz), -EINVAL);
	hg_trace_free(t);
}
END_TEST

static Suite *kstat_suite(void)
{
	Suite *s = suite_create("kstat");
	TCase *tc = tcase_create("proc text");

	tcase_add_test(tc, test_parse);
	tcase_add_test(tc, test_parse_bad);
	tcase_add_test(tc, test_delta);
	suite_add_tcase(s, tc);
	tc = tcase_create("noise");
	tcase_add_test(tc, test_noise);
	tcase_add_test(tc, test_noise_recv);
	tcase_add_test(tc, test_noise_ticks);
	tcase_add_test(tc, test_noise_lat);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kstat_suite());
}
