// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tracer.c - slow path of the gap loop: record intervals, watch the limits
 */
#include <string.h>

#include "trace/record.h"
#include "trace/tracer.h"

static void open_interval(struct hg_tracer *tr, uint64_t now);


/* The counter as the slow path reads it (tests may give it another). */
static inline uint64_t now_cycles(const struct hg_tracer *tr)
{
	return tr->clock ? tr->clock(tr->clock_arg) : hg_counter_read();
}

static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static void new_limit(struct hg_tracer *tr, uint64_t now)
{
	uint64_t limit = min_u64(tr->end, tr->deadline);

	if (tr->budget != HG_NO_LIMIT)
		limit = min_u64(limit, tr->start + tr->budget);
	if (now + tr->check_cycles > now)
		limit = min_u64(limit, now + tr->check_cycles);
	tr->limit = limit;
}

/*
 * Record [tr->start, end) and count it, with the gap before it. A gap is
 * counted only once the interval after it is recorded, so that the gaps of
 * a thread are exactly those between its recorded intervals.
 */
static void close_interval(struct hg_tracer *tr, uint64_t end, unsigned int flags)
{
	struct hg_tstats *st = tr->stats;
	uint64_t len = end - tr->start, left = len, start = tr->start;

	if (!st->intervals)
		st->first_cycles = tr->start;
	st->intervals++;
	st->received_cycles += len;
	st->last_cycles = end;
	if (tr->gap_pending)
		hg_hist_add(&st->gaps, tr->pending_gap);
	tr->gap_pending = false;
	if (tr->budget != HG_NO_LIMIT)
		tr->budget -= min_u64(len, tr->budget);

	/* one record per piece of at most HG_REC_MAX_LEN cycles */
	do {
		struct hg_record r;
		uint64_t piece = min_u64(left, HG_REC_MAX_LEN);

		hg_record_encode(&r, 1, start, piece, tr->cpu,
				 left > piece ? HG_REC_CONTINUED : flags);
		hg_writer_put(tr->writer, &r);
		start += piece;
		left -= piece;
	} while (left);
	tr->running = false;
}

/* A gap from tr->last to @now ended the open interval (with @flags). */
static void close_gap(struct hg_tracer *tr, uint64_t now, unsigned int flags)
{
	close_interval(tr, tr->last, flags);
	hg_break_gap(tr->brk, tr->id, tr->cpu, tr->last, now - tr->last);
	tr->pending_gap = now - tr->last;
	tr->gap_pending = true;
	open_interval(tr, now);
}

static void open_interval(struct hg_tracer *tr, uint64_t now)
{
	unsigned int cpu;

	hg_counter_read_cpu(tr->cpu_aux, &cpu);
	tr->start = now;
	tr->cpu = cpu;
	tr->running = true;
}

void hg_tracer_init(struct hg_tracer *tr, struct hg_writer *w,
		    struct hg_tstats *st, const atomic_int *stop,
		    uint64_t gap_cycles, uint64_t end, uint64_t check_cycles)
{
	memset(tr, 0, sizeof(*tr));
	tr->cpu_aux = hg_counter_cpu_aux();
	tr->gap_cycles = gap_cycles;
	tr->hiccup_cycles = gap_cycles;
	tr->slow_cycles = HG_SLOW_PATH_CYCLES;
	tr->end = end;
	tr->deadline = HG_NO_LIMIT;
	tr->budget = HG_NO_LIMIT;
	tr->check_cycles = check_cycles ? check_cycles : 1;
	tr->stop = stop;
	tr->writer = w;
	tr->stats = st;
}

void hg_tracer_hiccups(struct hg_tracer *tr, uint64_t floor)
{
	tr->hiccup_cycles = min_u64(floor, tr->gap_cycles);
}

void hg_tracer_slow_path(struct hg_tracer *tr, uint64_t cycles)
{
	tr->slow_cycles = cycles;
}

int hg_tracer_wait(const struct hg_tracer *tr, uint64_t until)
{
	while (now_cycles(tr) < until) {
		if (atomic_load_explicit(tr->stop, memory_order_relaxed))
			return HG_LOOP_STOP;
		hg_cpu_relax();
	}
	return 0;
}

void hg_tracer_start(struct hg_tracer *tr)
{
	uint64_t now = now_cycles(tr), after;

	open_interval(tr, now);
	after = now_cycles(tr);		/* reading the CPU is not a gap ... */
	if (after - now > tr->gap_cycles + tr->slow_cycles)
		open_interval(tr, after);	/* ... unless the thread was kept off */
	tr->last = after;
	new_limit(tr, after);
}

void hg_tracer_set(struct hg_tracer *tr, uint64_t deadline, uint64_t budget)
{
	tr->deadline = deadline;
	if (budget == HG_NO_LIMIT || !tr->running)
		tr->budget = budget;
	else	/* the budget counts from the start of the open interval */
		tr->budget = budget + (tr->last - tr->start);
	new_limit(tr, tr->last);
}

/*
 * Back to the loop after the slow path, entered at @now. The slow path is
 * the thread's own execution, so the next reading is taken afresh rather
 * than seen as a gap; but when it took longer than any slow path does, the
 * thread was kept off the CPU inside it, and that is a gap like any other.
 */
static void resume(struct hg_tracer *tr, uint64_t now)
{
	uint64_t after = now_cycles(tr);

	if (after - now > tr->gap_cycles + tr->slow_cycles) {
		tr->last = now;
		close_gap(tr, after, 0);
	}
	tr->last = after;
	new_limit(tr, after);
}

/* Look at the limits at @now; go back to the loop when none is reached. */
static int look_up(struct hg_tracer *tr, uint64_t now)
{
	tr->last = now;
	if (atomic_load_explicit(tr->stop, memory_order_relaxed) || now >= tr->end)
		return HG_LOOP_STOP;
	if (now >= tr->deadline)
		return HG_LOOP_DEADLINE;
	if (tr->budget != HG_NO_LIMIT && now - tr->start >= tr->budget)
		return HG_LOOP_BUDGET;
	resume(tr, now);
	return 0;
}

int hg_tracer_event(struct hg_tracer *tr, uint64_t now)
{
	uint64_t step = now - tr->last;

	if (step > tr->gap_cycles) {
		close_gap(tr, now, 0);
	} else if (step > tr->hiccup_cycles) {
		tr->stats->hiccups++;
		tr->stats->hiccup_cycles += step;
	}
	return look_up(tr, now);
}

int hg_tracer_block(struct hg_tracer *tr, unsigned int flags)
{
	uint64_t now = now_cycles(tr);

	if (now - tr->last > tr->gap_cycles)
		close_gap(tr, now, flags);
	return look_up(tr, now);
}

void hg_tracer_finish(struct hg_tracer *tr)
{
	if (!tr->running)
		return;
	tr->running = false;
	/* empty (nothing ran after the last gap), or wholly after the end */
	if ((tr->last == tr->start && tr->stats->intervals) || tr->start >= tr->end)
		return;
	/* the reading that found the end may lie a loop iteration past it */
	close_interval(tr, tr->last > tr->end ? tr->end : tr->last, HG_REC_LAST);
}
