// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kreplay.c - one CPU's kernel events replayed (the rules are kreplay.h's)
 */
#include <string.h>

#include "analysis/kernel/kreplay.h"
#include "util/timeval.h"

static const char *const cause_names[HG_KC_NKINDS] = {
	"irq", "softirq", "timer", "ipi", "nmi", "task", "kernel", "unexplained",
};

const char *hg_kcause_name(enum hg_kcause k)
{
	return (unsigned int)k < HG_KC_NKINDS ? cause_names[k] : "?";
}

/* An x86 vector's kind, by its name. */
static uint8_t vector_kind(const char *name)
{
	static const char *const ipis[] = {
		"reschedule", "call_function", "call_function_single", "irq_work",
		"x86_platform_ipi", "reboot",
	};
	size_t i;

	if (!strcmp(name, "local_timer"))
		return HG_KC_TIMER;
	for (i = 0; i < sizeof(ipis) / sizeof(ipis[0]); i++)
		if (!strcmp(name, ipis[i]))
			return HG_KC_IPI;
	return HG_KC_IRQ;
}

void hg_kreplay_init(struct hg_kreplay *r, const struct hg_kevents *k, uint64_t tsc_hz,
		     uint64_t start, const struct hg_kreplay_ops *ops, void *arg)
{
	memset(r, 0, sizeof(*r));
	r->k = k;
	r->tsc_hz = tsc_hz;
	r->ops = ops;
	r->arg = arg;
	r->since = start;
	r->comm = HG_KEV_NO_NAME;
}

static void push(struct hg_kreplay *r, uint8_t kind, const struct hg_kev *e, uint64_t at)
{
	/* an NMI's a is its length, no number of it */
	uint32_t a = e->type == HG_KEV_NMI ? 0 : e->a;

	if (r->depth < HG_KREPLAY_DEPTH)
		r->stack[r->depth++] = (struct hg_kctx){ .kind = kind, .type = e->type, .a = a,
							 .name = e->name, .start = at };
}

/* End the innermost @n contexts at @at. */
static int close_n(struct hg_kreplay *r, unsigned int n, uint64_t at)
{
	int ret = 0;

	while (n-- && r->depth && !ret) {
		struct hg_kctx c = r->stack[--r->depth];

		if (r->ops->close)
			ret = r->ops->close(r, &c, at);
	}
	return ret;
}

int hg_kreplay_close(struct hg_kreplay *r, uint64_t at)
{
	return close_n(r, r->depth, at);
}

/* An exit: the innermost entry of that type ends, with those inside it. */
static int exit_ctx(struct hg_kreplay *r, uint8_t entry_type, uint64_t at)
{
	unsigned int d = r->depth;

	while (d > 0 && r->stack[d - 1].type != entry_type)
		d--;
	return d ? close_n(r, r->depth - d + 1, at) : 0;
}

/* An NMI, at the end of its handler: its stretch, back by its length, on top. */
static int nmi(struct hg_kreplay *r, const struct hg_kev *e)
{
	uint64_t d = hg_ns_to_cycles((uint64_t)e->a, r->tsc_hz);
	uint64_t start = e->cycles > d ? e->cycles - d : 0;
	int ret = r->ops->advance ? r->ops->advance(r, start, 0) : 0;

	if (ret)
		return ret;
	push(r, HG_KC_NMI, e, start);
	if (r->ops->advance)
		ret = r->ops->advance(r, e->cycles, 0);
	return ret ? ret : exit_ctx(r, HG_KEV_NMI, e->cycles);
}

static int switch_task(struct hg_kreplay *r, const struct hg_kev *e)
{
	int ret = close_n(r, r->depth, e->cycles);

	if (!ret && r->ops->task)
		ret = r->ops->task(r, e);
	r->task_known = 1;
	r->pid = e->a;
	r->comm = e->name;
	r->prio = hg_kev_prio(e);
	r->task_seen = 0;
	r->since = e->cycles;
	return ret;
}

int hg_kreplay_event(struct hg_kreplay *r, const struct hg_kev *e)
{
	int ret;

	if (e->type == HG_KEV_NMI)
		return nmi(r, e);
	ret = r->ops->advance ? r->ops->advance(r, e->cycles, e->type == HG_KEV_LOST) : 0;
	if (ret)
		return ret;
	switch (e->type) {
	case HG_KEV_SWITCH:
		return switch_task(r, e);
	case HG_KEV_IRQ_ENTRY:
		push(r, HG_KC_IRQ, e, e->cycles);
		return 0;
	case HG_KEV_SOFTIRQ_ENTRY:
		push(r, HG_KC_SOFTIRQ, e, e->cycles);
		return 0;
	case HG_KEV_VEC_ENTRY:
		push(r, vector_kind(hg_kevents_name(r->k, e->name)), e, e->cycles);
		return 0;
	case HG_KEV_HRTIMER_ENTRY:
		push(r, HG_KC_TIMER, e, e->cycles);
		return 0;
	case HG_KEV_IRQ_EXIT:
	case HG_KEV_SOFTIRQ_EXIT:
	case HG_KEV_VEC_EXIT:
	case HG_KEV_HRTIMER_EXIT:
		return exit_ctx(r, (uint8_t)(e->type - 1), e->cycles);
	case HG_KEV_LOST:	/* what was open is not known to go on */
		return close_n(r, r->depth, e->cycles);
	default:
		return 0;
	}
}
