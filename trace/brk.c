// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * brk.c - --break: the first event beyond the threshold stops the run
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "trace/brk.h"
#include "util/timeval.h"

void hg_break_init(struct hg_break *b, atomic_int *stop)
{
	memset(b, 0, sizeof(*b));
	b->marker_fd = -1;
	b->tracing_on_fd = -1;
	b->stop = stop;
	atomic_init(&b->fired, 0);
	atomic_init(&b->armed, 0);
	atomic_init(&b->pending_ready, 0);
}

/* continue: count, keep the worst, hand one to the main thread when it asks. */
static int over(struct hg_break *b, unsigned int kind, unsigned int thread, unsigned int cpu,
		uint64_t at_cycles, uint64_t value)
{
	struct hg_worst_ev e = {
		.kind = kind, .thread = thread, .cpu = cpu, .at_cycles = at_cycles,
		.value_ns = kind == HG_BREAK_GAP ? hg_cycles_to_ns(value, b->tsc_hz) : value,
	};

	if (thread < b->nworst)
		hg_worst_add(&b->worst[thread], &e);
	if (!atomic_load_explicit(&b->armed, memory_order_relaxed) ||
	    !atomic_exchange_explicit(&b->armed, 0, memory_order_acquire))
		return -EALREADY;
	b->pending = e;
	atomic_store_explicit(&b->pending_ready, 1, memory_order_release);
	if (b->wake)
		b->wake(b->wake_arg);
	return 0;
}

const char *hg_break_kind_name(unsigned int kind)
{
	switch (kind) {
	case HG_BREAK_GAP: return "gap";
	case HG_BREAK_LAT: return "lat";
	case HG_BREAK_MISS: return "miss";
	default: return "?";
	}
}

int hg_break_trip(struct hg_break *b, unsigned int kind, unsigned int thread,
		  unsigned int cpu, uint64_t at_cycles, uint64_t value)
{
	int zero = 0;
	char line[128];
	int n;

	if (b->worst)
		return over(b, kind, thread, cpu, at_cycles, value);
	if (!atomic_compare_exchange_strong(&b->fired, &zero, 1))
		return -EALREADY;
	b->kind = kind;
	b->thread = thread;
	b->cpu = cpu;
	b->at_cycles = at_cycles;
	b->value = value;
	/* first the kernel trace, so that it ends at the event */
	if (b->marker_fd >= 0) {
		n = snprintf(line, sizeof(line), "hourglass: break: thread %u %s %llu%s on CPU %u\n",
			     thread, hg_break_kind_name(kind), (unsigned long long)value,
			     kind == HG_BREAK_GAP ? " cycles" : " ns", cpu);
		if (write(b->marker_fd, line, (size_t)n) != n)
			b->unmarked = true;	/* the report says it was not marked */
	}
	if (b->tracing_on_fd >= 0 && write(b->tracing_on_fd, "0", 1) != 1)
		b->unmarked = true;
	atomic_store(b->stop, 1);
	if (b->wake)
		b->wake(b->wake_arg);
	return 0;
}

int hg_break_parse_on(const char *list, unsigned int *on, char *bad, size_t badlen)
{
	const char *p = list;

	*on = 0;
	while (*p) {
		size_t n = strcspn(p, ",");

		if (n == 3 && !strncmp(p, "gap", 3))
			*on |= HG_BREAK_GAP;
		else if (n == 3 && !strncmp(p, "lat", 3))
			*on |= HG_BREAK_LAT;
		else if (n == 4 && !strncmp(p, "miss", 4))
			*on |= HG_BREAK_MISS;
		else {
			snprintf(bad, badlen, "%.*s", (int)(n < 31 ? n : 31), p);
			return -EINVAL;
		}
		p += n;
		if (*p == ',') {
			p++;
			if (!*p) {
				snprintf(bad, badlen, "%s", "");
				return -EINVAL;
			}
		}
	}
	if (!*on) {
		snprintf(bad, badlen, "%s", "");
		return -EINVAL;
	}
	return 0;
}
