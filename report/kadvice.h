/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kadvice.h - what a mechanism of the diagnosis (analysis/kernel/kdiag.h) means
 * on the machine a trace was taken on: why, in one line with its figures,
 * the fix as a command with the machine's values (the IRQ, the CPU list,
 * the pid, the sysctl, the boot option), and the audit check it belongs to
 */
#ifndef HG_REPORT_KADVICE_H
#define HG_REPORT_KADVICE_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/kernel/kdiag.h"
#include "trace/trace.h"

#define HG_KADVICE_LEN 1024

/* One mechanism as seen: of a window, or summed over a thread's windows. */
struct hg_kmech_view {
	enum hg_mech mech;
	const struct hg_kpart *lead;	/* the largest part it took */
	uint64_t count;			/* pieces */
	uint64_t cycles;
	uint64_t rt_cycles;		/* rt-throttling: see struct hg_kmech */
	int switched_out;		/* rt-throttling: see struct hg_kmech */
	uint32_t cpu, from_cpu;		/* where the window ended and began */
	uint32_t thread;		/* whose (its index in the trace) */
};

struct hg_kadvice {
	char why[HG_KADVICE_LEN];
	char fix[HG_KADVICE_LEN];	/* "" when there is none to give */
	const char *audit;		/* the audit check's id, or NULL */
};

/*
 * hg_kadvice_of - the advice for @v, a mechanism of a window or thread of
 * @t, whose machine's limits are @c
 */
void hg_kadvice_of(const struct hg_trace *t, const struct hg_kdiag_ctx *c,
		   const struct hg_kmech_view *v, struct hg_kadvice *out);

/*
 * hg_kadvice_others - the online CPUs of @t's snapshot but @cpu, as a list
 * ("0,2-3"), "" when there are none or the snapshot does not say. Returns @buf.
 */
char *hg_kadvice_others(const struct hg_trace *t, uint32_t cpu, char *buf, size_t len);

/*
 * hg_kadvice_fair_server - whether the kernel of @t's snapshot has the fair
 * class's server in place of the real-time limit (Linux 6.12 and later):
 * 1, 0, or -1 when its release is not in the snapshot
 */
int hg_kadvice_fair_server(const struct hg_trace *t);

#endif /* HG_REPORT_KADVICE_H */
