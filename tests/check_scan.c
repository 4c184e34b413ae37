// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_scan.c - workloads/spin.h: the scanning models count the passes of
 * the run, not those the threshold calibration made before the start
 *
 * The run steps each scanning thread's array before its start to measure
 * the loop with the work in it (hg_calib_step_p9999); the fixture does the
 * same by hand. No assertion depends on how fast the scan goes.
 */
#include <stdlib.h>

#include "helpers.h"
#include "trace/tracer.h"
#include "workloads/spin.h"

#define SCAN_KB		4u
#define STEPS_PER_PASS	(SCAN_KB * 1024u / 64u)
#define PRE_PASSES	3u
#define RUN_CYCLES	(10u * 1000u * 1000u)

struct fx {
	struct hg_arena a;
	struct hg_writer w;
	struct hg_tstats st;
	atomic_int stop;
	struct hg_tracer tr;
	struct hg_wl_params p;
	struct hg_wl_ctx ctx;
};

static const char *const models[] = { "CPU_SCAN", "CPU_SCAN_YIELD" };

/* A model set up on a 4 KB array, stepped PRE_PASSES passes and a bit. */
static struct fx *fx_new(const struct hg_workload *wl, uint64_t end)
{
	static const int node = -1;
	static const unsigned int weight = 1;
	struct fx *f = calloc(1, sizeof(*f));
	struct hg_scan *s;
	unsigned int i;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(hg_arena_init(&f->a, 65536, 1, &node, &weight, 1), 0);
	ck_assert_int_eq(hg_writer_init(&f->w, &f->a, 0), 0);
	hg_tstats_init(&f->st);
	atomic_init(&f->stop, 0);
	f->p.scan_bytes = SCAN_KB * 1024u;
	f->p.amount_ns = 1000000000ULL;		/* CPU_SCAN_YIELD: no yield in the run */
	f->ctx.p = &f->p;
	f->ctx.tsc_hz = 1000000000ULL;
	ck_assert_int_eq(wl->setup(&f->ctx), 0);
	for (i = 0; i < PRE_PASSES * STEPS_PER_PASS + 5; i++)
		wl->step(f->ctx.priv);
	s = f->ctx.priv;
	ck_assert_uint_eq(s->passes, PRE_PASSES);
	hg_tracer_init(&f->tr, &f->w, &f->st, &f->stop, 1000, end, 1000);
	f->ctx.tr = &f->tr;
	hg_tracer_start(&f->tr);
	return f;
}

static void fx_free(const struct hg_workload *wl, struct fx *f)
{
	wl->teardown(&f->ctx);
	hg_writer_free(&f->w);
	hg_arena_free(&f->a);
	free(f);
}

/* A run that ends at once made no pass, whatever was stepped before it. */
START_TEST(test_calibration_passes_not_counted)
{
	char err[256];
	const struct hg_workload *wl = hg_workload_find(models[_i], err, sizeof(err));
	struct fx *f;

	ck_assert_ptr_nonnull(wl);
	f = fx_new(wl, hg_counter_read());
	ck_assert_int_eq(wl->run(&f->ctx), 0);
	hg_tracer_finish(&f->tr);
	ck_assert_uint_eq(f->st.units, 0);
	fx_free(wl, f);
}
END_TEST

/* A run that scans counts exactly the passes it made after its start. */
START_TEST(test_run_passes_counted)
{
	char err[256];
	const struct hg_workload *wl = hg_workload_find(models[_i], err, sizeof(err));
	struct hg_scan *s;
	struct fx *f;

	ck_assert_ptr_nonnull(wl);
	f = fx_new(wl, hg_counter_read() + RUN_CYCLES);
	s = f->ctx.priv;
	ck_assert_int_eq(wl->run(&f->ctx), 0);
	hg_tracer_finish(&f->tr);
	ck_assert_uint_eq(f->st.units, s->passes - PRE_PASSES);
	fx_free(wl, f);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("scan");
	TCase *tc = tcase_create("passes");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_calibration_passes_not_counted, 0, 2);
	tcase_add_loop_test(tc, test_run_passes_counted, 0, 2);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
