// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_render_kernel.c - svg/render.h: the kernel's events (--kernel) in
 * the timelines of synthetic traces, read back as XML: other tasks and
 * interrupts in a gap, names, wake-ups, CPU changes (the spans of each
 * CPU a window at a time: check_kset.c)
 *
 * hg_test_trace() runs at 1 GHz (1 cycle = 1 ns) from t0 = 1000 for 1 ms,
 * so an interval (1000 + s, l) starts s ns into the run.
 */
#include "rendertest.h"

/* A kernel event of CPU 0 at @ns into the run. */
static void kadd(struct hg_kevents *k, uint64_t ns, uint8_t type, uint32_t a, uint32_t b,
		 const char *name)
{
	struct hg_kev e = { .cycles = T0 + ns, .type = type, .a = a, .b = b,
			    .name = name ? hg_kevents_intern(k, name) : HG_KEV_NO_NAME };

	ck_assert_int_eq(hg_kevents_add(k, &e), 0);
}

/*
 * --kernel: in the gap from 100 to 500 us another task ran (290 to 300 us an
 * interrupt inside it); drawn in the thread's row and in the CPU's, with
 * their legend entries.
 */
START_TEST(test_kernel_events)
{
	struct hg_trace *t = even_trace(2, 0, 500 * US, 100 * US);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_render_opts cpu = { .per_cpu = true };
	double l, r, x, w;
	const char *p;
	char *s;
	int pass;

	ck_assert_ptr_nonnull(k);
	set_run(t, 1 * MS);
	t->threads[0].tid = 100;
	s = render(t, &whole);	/* without: nothing of the kernel's */
	ck_assert_ptr_null(strstr(s, "<rect class=\"kirq\""));
	ck_assert_ptr_null(strstr(s, "<rect class=\"other\""));
	ck_assert_ptr_null(strstr(s, "key kirq"));
	free(s);
	k->ncpus = 1;
	k->cpus = calloc(1, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
	kadd(k, 100 * US, HG_KEV_SWITCH, 7, 100, "kworker/0:1");
	kadd(k, 290 * US, HG_KEV_IRQ_ENTRY, 24, 0, "eth0");
	kadd(k, 300 * US, HG_KEV_IRQ_EXIT, 24, 0, NULL);
	kadd(k, 500 * US, HG_KEV_SWITCH, 100, 7, "hg/0");
	t->kev = k;
	for (pass = 0; pass < 2; pass++) {
		s = render(t, pass ? &cpu : &whole);
		plot_edges(s, &l, &r);
		p = strstr(s, "<rect class=\"other\" x=\"");
		ck_assert_ptr_nonnull(p);
		ck_assert_int_eq(sscanf(p, "<rect class=\"other\" x=\"%lf\" y=\"%*f\" width=\"%lf\"",
					&x, &w), 2);
		ck_assert_double_eq_tol(x, l + (r - l) * 0.1, 0.6);
		ck_assert_double_eq_tol(w, (r - l) * 0.4, 1.2);
		ck_assert_ptr_nonnull(strstr(p, "<title>kworker/0:1 (pid 7)</title>"));
		p = strstr(s, "<rect class=\"kirq\" x=\"");
		ck_assert_ptr_nonnull(p);
		ck_assert_int_eq(sscanf(p, "<rect class=\"kirq\" x=\"%lf\"", &x), 1);
		ck_assert_double_eq_tol(x, l + (r - l) * 0.29, 0.6);
		ck_assert_ptr_null(strstr(p + 1, "<rect class=\"kirq\" x=\""));
		ck_assert_ptr_nonnull(strstr(s, "<rect class=\"key kirq\""));
		ck_assert_ptr_nonnull(strstr(s, "<rect class=\"key other\""));
		ck_assert_ptr_nonnull(strstr(s, ">interrupt, softirq, timer, IPI, NMI (kernel events)<"));
		free(s);
	}
	hg_trace_free(t);
}
END_TEST

/*
 * --kernel: another task runs from 100 to 500 us; its name is written on its
 * box, but not where an interrupt's box would cross it (one at 105 to 110
 * us, under the name's first letters); one at 290 us leaves it clear.
 */
START_TEST(test_kernel_name_clear)
{
	static const uint64_t irq_at[] = { 290 * US, 105 * US };
	struct hg_trace *t;
	struct hg_kevents *k;
	size_t i;
	char *s;

	for (i = 0; i < sizeof(irq_at) / sizeof(irq_at[0]); i++) {
		t = even_trace(2, 0, 500 * US, 100 * US);
		k = calloc(1, sizeof(*k));
		ck_assert_ptr_nonnull(k);
		set_run(t, 1 * MS);
		t->threads[0].tid = 100;
		k->ncpus = 1;
		k->cpus = calloc(1, sizeof(*k->cpus));
		ck_assert_ptr_nonnull(k->cpus);
		k->cpus[0] = (struct hg_kcpu){ .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
		kadd(k, 100 * US, HG_KEV_SWITCH, 7, 100, "kworker/0:1");
		kadd(k, irq_at[i], HG_KEV_IRQ_ENTRY, 24, 0, "eth0");
		kadd(k, irq_at[i] + 5 * US, HG_KEV_IRQ_EXIT, 24, 0, NULL);
		kadd(k, 500 * US, HG_KEV_SWITCH, 100, 7, "hg/0");
		t->kev = k;
		s = render(t, &whole);
		ck_assert_ptr_nonnull(strstr(s, "<rect class=\"kirq\""));
		if (i == 0)
			ck_assert_ptr_nonnull(strstr(s, "\">kworker/0:1</text>"));
		else
			ck_assert_ptr_null(strstr(s, "\">kworker/0:1</text>"));
		free(s);
		hg_trace_free(t);
	}
}
END_TEST

/*
 * --kernel and a LAT thread, which records no intervals and so no gaps:
 * what ran in its wake-up is drawn in its row. The timer expired at 300
 * us and the thread ran 100 us late; in between an interrupt (320 to 330
 * us) and another task (340 to 390 us). The interrupt at 600 us, while it
 * slept, is not its concern.
 */
START_TEST(test_kernel_lat)
{
	struct hg_trace *t = even_trace(0, 0, 0, 0);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_record ev = { .start_cycles = T0 + 300 * US, .len_cycles = 100 * US,
				.flags = hg_event_flags(HG_EV_LAT, 0) };
	double l, r, x;
	const char *p;
	char *s;

	ck_assert_ptr_nonnull(k);
	set_run(t, 1 * MS);
	t->threads[0].model = HG_MODEL_LAT;
	t->threads[0].tid = 100;
	add_events(&t->threads[0], &ev, 1);
	k->ncpus = 1;
	k->cpus = calloc(1, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
	kadd(k, 320 * US, HG_KEV_IRQ_ENTRY, 24, 0, "eth0");
	kadd(k, 330 * US, HG_KEV_IRQ_EXIT, 24, 0, NULL);
	kadd(k, 340 * US, HG_KEV_SWITCH, 7, 0, "kworker/0:1");
	kadd(k, 390 * US, HG_KEV_SWITCH, 100, 7, "hg/0");
	kadd(k, 600 * US, HG_KEV_IRQ_ENTRY, 24, 0, "eth0");
	kadd(k, 610 * US, HG_KEV_IRQ_EXIT, 24, 0, NULL);
	t->kev = k;
	s = render(t, &whole);
	plot_edges(s, &l, &r);
	ck_assert_uint_eq(markers(s, "wake"), 1);
	p = strstr(s, "<rect class=\"kirq\" x=\"");
	ck_assert_msg(p, "no interrupt drawn in the LAT thread's row");
	ck_assert_int_eq(sscanf(p, "<rect class=\"kirq\" x=\"%lf\"", &x), 1);
	ck_assert_double_eq_tol(x, l + (r - l) * 0.32, 0.6);
	ck_assert_ptr_null(strstr(p + 1, "<rect class=\"kirq\" x=\""));
	p = strstr(s, "<rect class=\"other\" x=\"");
	ck_assert_msg(p, "no other task drawn in the LAT thread's row");
	ck_assert_int_eq(sscanf(p, "<rect class=\"other\" x=\"%lf\"", &x), 1);
	ck_assert_double_eq_tol(x, l + (r - l) * 0.34, 0.6);
	free(s);
	hg_trace_free(t);
}
END_TEST

/*
 * --kernel with no slice to draw (a CPU captured, no event): the kernel's
 * group is empty, and nothing is sorted (once qsort() of a NULL array)
 */
START_TEST(test_kernel_no_slice)
{
	struct hg_trace *t = even_trace(2, 0, 500 * US, 100 * US);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_render_opts cpu = { .per_cpu = true };
	int pass;

	ck_assert_ptr_nonnull(k);
	set_run(t, 1 * MS);
	t->threads[0].tid = 100;
	k->ncpus = 1;
	k->cpus = calloc(1, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
	t->kev = k;
	for (pass = 0; pass < 2; pass++) {
		char *s = render(t, pass ? &cpu : &whole);

		ck_assert_ptr_nonnull(strstr(s, "<g>\n</g>\n"));
		ck_assert_ptr_null(strstr(s, "<rect class=\"kirq\" x="));
		ck_assert_ptr_null(strstr(s, "<rect class=\"other\" x="));
		free(s);
	}
	hg_trace_free(t);
}
END_TEST

/*
 * A thread that changes CPU in each gap: the other tasks of both CPUs are
 * drawn in it, each CPU's once ("a" ran on CPU 0 from 100 us, "b" on CPU 1
 * from 0; the thread's intervals every 200 us, on CPU 0 and 1 in turn)
 */
START_TEST(test_kernel_cpu_change)
{
	static const uint64_t iv0[][2] = {
		{ T0 + 0, 50 * US }, { T0 + 200 * US, 50 * US }, { T0 + 400 * US, 50 * US },
		{ T0 + 600 * US, 50 * US },
	};
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t n[] = { 4 };
	struct hg_trace *t = hg_test_trace(1, iv, n);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_kev e = { .cycles = T0 + 100 * US, .cpu = 0, .type = HG_KEV_SWITCH,
			    .a = 7, .b = 100 };
	const char *p;
	char *s;
	unsigned int na = 0, nb = 0;
	uint64_t i;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(k);
	set_run(t, 1 * MS);
	t->threads[0].tid = 100;
	for (i = 0; i < t->threads[0].stored; i++)
		t->threads[0].recs[i].cpu = (uint16_t)(i % 2);
	k->ncpus = 2;
	k->cpus = calloc(2, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .cpu = 0, .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
	k->cpus[1] = (struct hg_kcpu){ .cpu = 1, .begin_cycles = T0, .end_cycles = T0 + 1 * MS };
	e.name = hg_kevents_intern(k, "a");
	ck_assert_int_eq(hg_kevents_add(k, &e), 0);
	e = (struct hg_kev){ .cycles = T0 + 1, .cpu = 1, .type = HG_KEV_SWITCH, .a = 8, .b = 0,
			     .name = hg_kevents_intern(k, "b") };
	ck_assert_int_eq(hg_kevents_add(k, &e), 0);
	t->kev = k;
	s = render(t, &whole);
	for (p = s; (p = strstr(p, "<title>")); p++) {
		na += !strncmp(p, "<title>a (pid 7)</title>", 24);
		nb += !strncmp(p, "<title>b (pid 8)</title>", 24);
	}
	ck_assert_uint_eq(na, 3);	/* in each of the three gaps */
	ck_assert_uint_eq(nb, 3);
	free(s);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("render_kernel");
	TCase *tc;

	tc = tcase_create("kernel");
	tcase_add_test(tc, test_kernel_events);
	tcase_add_test(tc, test_kernel_no_slice);
	tcase_add_test(tc, test_kernel_lat);
	tcase_add_test(tc, test_kernel_cpu_change);
	suite_add_tcase(s, tc);

	tc = tcase_create("labels");
	tcase_add_test(tc, test_kernel_name_clear);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
