// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_sched.c - the text of perf script that --sched reads: parsed from
 * memory as the kernel's events of a real trace, every gap taken apart by
 * them and drawn as slices (explain --sched); and read as a file, every
 * gap attributed from its switches and reported as ctx reports it. The trace is the
 * fixture the --sched tests use, tests/fixtures/sched-yield.hgt (run from
 * the top of the tree; HG_FUZZ_SCHED_TRACE names another), whose threads'
 * ids the seeds' events carry. A file that is refused must say why in one
 * line.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/kernel/kexplain.h"
#include "analysis/kernel/ksched.h"
#include "analysis/kernel/kslices.h"
#include "hourglass/perfin.h"
#include "report/ctx.h"
#include "trace/trace.h"
#include "fuzz.h"

static const struct hg_trace *fixture(void)
{
	static struct hg_trace *t;
	static int tried;
	const char *path = getenv("HG_FUZZ_SCHED_TRACE");
	char err[256];

	if (!tried) {
		tried = 1;
		if (hg_trace_read(path ? path : "tests/fixtures/sched-yield.hgt", &t, err,
				  sizeof(err)))
			t = NULL;
	}
	return t;
}

static void refused(const char *err)
{
	if (!err[0] || strchr(err, '\n'))
		abort();
}

static int no_slice(const struct hg_kslice *s, void *arg)
{
	(void)arg;
	if (s->start_cycles > s->end_cycles)
		abort();
	return 0;
}

/* As explain --sched: the text's events as the trace's, every gap taken apart. */
static void kernel_events(const struct hg_trace *t, const uint8_t *data, size_t size)
{
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	struct hg_kexplain x;
	struct hg_trace view;
	char err[512] = "";

	if (hg_ksched_parse(t, (const char *)data, size, &k, &info, err, sizeof(err))) {
		refused(err);
		return;
	}
	view = *t;
	view.kev = k;
	if (!hg_kexplain(&view, HG_KEXPLAIN_ALL, 5, &x))
		hg_kexplain_free(&x);
	hg_kslices(&view, no_slice, NULL);
	hg_kevents_free(k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct hg_trace *t = fixture();
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	struct hg_attrib_in in;
	struct hg_ctx_report r;
	char path[64], err[512];

	if (!t)
		return 0;
	kernel_events(t, data, size);
	err[0] = '\0';
	if (hg_fuzz_file(data, size, path, sizeof(path)) ||
	    hg_perfin_read(t, path, &k, &info, err, sizeof(err))) {
		refused(err);
		return 0;
	}
	in = (struct hg_attrib_in){ .k = k, .resolution_ns = info.resolution_ns };
	memset(&r, 0, sizeof(r));
	err[0] = '\0';
	if (!hg_ctx_analyse_sched(t, &in, &r, err, sizeof(err))) {
		hg_ctx_print(hg_fuzz_sink(), t, &r, 0, 0);
		hg_ctx_json(hg_fuzz_sink(), t, &r);
	}
	hg_ctx_free(&r);
	hg_kevents_free(k);
	return 0;
}
