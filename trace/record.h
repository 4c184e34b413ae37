/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * record.h - the 16-byte trace record
 *
 * One record is one interval of execution of one thread: the counter value
 * at its start, its length in cycles, the CPU it ran on and flags. An
 * interval longer than UINT32_MAX cycles is stored as several records, all
 * but the last flagged HG_REC_CONTINUED. Event records (jobs, latency
 * samples) have the same size and carry HG_REC_EVENT.
 */
#ifndef HG_RECORD_H
#define HG_RECORD_H

#include <stddef.h>
#include <stdint.h>

struct hg_record {
	uint64_t start_cycles;	/* counter value at the interval's start */
	uint32_t len_cycles;	/* length of this piece */
	uint16_t cpu;		/* CPU the interval ran on */
	uint16_t flags;		/* HG_REC_* */
};

_Static_assert(sizeof(struct hg_record) == 16, "a record is 16 bytes");

enum {
	HG_REC_CONTINUED = 1 << 0,	/* the next record continues this interval */
	HG_REC_YIELD	 = 1 << 1,	/* the interval ended with a yield */
	HG_REC_SLEEP	 = 1 << 2,	/* the interval ended with a sleep */
	HG_REC_LAST	 = 1 << 3,	/* the interval ended with the thread's run */
	HG_REC_MISS	 = 1 << 4,	/* event: a deadline was missed */
	HG_REC_EVENT	 = 1 << 15,	/* an event record, not an interval */
};

/*
 * Event records: HG_REC_EVENT, the type in bits 8-11. start_cycles is the
 * counter value of the event's time; len_cycles holds a duration in ns
 * (saturated at UINT32_MAX), whose meaning depends on the type.
 */
enum hg_event_type {
	HG_EV_JOB = 1,		/* at: release; value: response time; MISS when late */
	HG_EV_LAT = 2,		/* at: requested wake-up; value: lateness */
	HG_EV_FRAME = 3,	/* at: frame done; value: time since the last frame was done */
	HG_EV_PERIOD = 4,	/* at: end of a period with no frame done (a miss) */
	HG_EV_LOCK = 5,		/* at: a lock asked for; value: the wait for it; the
				   lock's number in bits 12-14 (hg_event_lock) */
};

#define HG_EV_SHIFT 8
#define HG_EV_MASK (0xfu << HG_EV_SHIFT)

/* hg_event_type - the type of an event record's flags, 0 for an interval. */
static inline unsigned int hg_event_type(unsigned int flags)
{
	return flags & HG_REC_EVENT ? (flags & HG_EV_MASK) >> HG_EV_SHIFT : 0;
}

/* hg_event_flags - flags for an event record of @type. */
static inline uint16_t hg_event_flags(unsigned int type, unsigned int extra)
{
	return (uint16_t)(HG_REC_EVENT | (type << HG_EV_SHIFT) | extra);
}

#define HG_EV_LOCK_SHIFT 12
#define HG_EV_LOCK_MASK (0x7u << HG_EV_LOCK_SHIFT)

/* hg_event_lock - the lock number of an HG_EV_LOCK record's flags. */
static inline unsigned int hg_event_lock(unsigned int flags)
{
	return (flags & HG_EV_LOCK_MASK) >> HG_EV_LOCK_SHIFT;
}

/* hg_event_lock_extra - the extra flags that carry lock number @lock (0 to 7). */
static inline unsigned int hg_event_lock_extra(unsigned int lock)
{
	return (lock << HG_EV_LOCK_SHIFT) & HG_EV_LOCK_MASK;
}

/* Largest length one record holds. */
#define HG_REC_MAX_LEN UINT32_MAX

/*
 * hg_record_encode - store an interval as one or more records
 * @out:   room for @max records
 * @max:   capacity of @out
 * @start: counter value at the start
 * @len:   length in cycles
 * @cpu:   CPU number
 * @flags: HG_REC_* for the interval; they go on its last record
 *
 * Returns the number of records the interval needs (which may exceed @max:
 * then only the first @max were written).
 */
size_t hg_record_encode(struct hg_record *out, size_t max, uint64_t start,
			uint64_t len, unsigned int cpu, unsigned int flags);

/*
 * hg_record_pieces - how many records an interval of @len cycles needs
 */
static inline size_t hg_record_pieces(uint64_t len)
{
	return len ? (size_t)((len - 1) / HG_REC_MAX_LEN + 1) : 1;
}

/* One interval, reassembled from its records. */
struct hg_interval {
	uint64_t start_cycles;
	uint64_t len_cycles;
	unsigned int cpu;
	unsigned int flags;	/* flags of the last piece, without CONTINUED */
};

/*
 * hg_record_decode - reassemble the interval starting at @recs[*pos]
 * @recs: records of one thread, in order
 * @n:    how many
 * @pos:  index of the first piece; advanced past the interval
 * @iv:   the result
 *
 * Event records are skipped. Returns 1 when an interval was decoded, 0 at
 * the end, -EINVAL when a continued interval is cut off or its pieces do
 * not join up.
 */
int hg_record_decode(const struct hg_record *recs, size_t n, size_t *pos,
		     struct hg_interval *iv);

#endif /* HG_RECORD_H */
