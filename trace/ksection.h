/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ksection.h - the payload of the trace file's KEVENTS section: the
 * kernel's events of a --kernel run (used by the file's readers and writer)
 *
 *   u32 clock, u64 start cycles, u64 end cycles,
 *   u32 CPUs, each: u32 cpu, u64 lost, u64 begin and end cycles,
 *   u32 tracepoints, each a string,
 *   u32 names, each a string (shorter than HG_KEV_NAME_LEN; held in memory
 *   as one arena, trace/knames.h),
 *   u64 events, each HG_KEV_BYTES: u64 cycles, u16 cpu, u8 type, u8 flags,
 *   u32 a, u32 b, u32 name
 */
#ifndef HG_KSECTION_H
#define HG_KSECTION_H

#include <stdbool.h>

#include "trace/kevents.h"
#include "trace/wire.h"

/* hg_sec_put_kevents - append @k's payload to @b. */
void hg_sec_put_kevents(struct hg_buf *b, const struct hg_kevents *k);

/*
 * hg_sec_get_kevents - read a payload; every count is held against the
 * bytes left, and the result checked (hg_kevents_check())
 * @names: keep the names; without, each is checked as it would be, but
 *         they are only counted (hg_knames_skip()): for a reader that
 *         uses none, on a file that may hold 2^24 of them
 * @err: what is wrong, on failure
 * Returns 0 with *@out set, -EINVAL for a damaged payload, or -ENOMEM.
 */
int hg_sec_get_kevents(struct hg_cur *c, bool names, struct hg_kevents **out, char *err,
		       size_t errlen);

/* hg_sec_get_kev - one event (HG_KEV_BYTES) from @c into @e. */
void hg_sec_get_kev(struct hg_cur *c, struct hg_kev *e);

/* What a payload read from a file is read in: its head, then events, this many bytes a read. */
#define HG_SEC_KCHUNK	(4096 * HG_KEV_BYTES)

/*
 * A payload's bytes as the file reader gives them: @fetch puts the @n bytes
 * at @off of the payload in @c (good until its next call), counted in the
 * file's checksum when @count (each byte once).
 */
struct hg_sec_reader {
	int (*fetch)(void *arg, uint64_t off, size_t n, bool count, struct hg_cur *c);
	void *arg;
};

/*
 * hg_sec_read_kevents - hg_sec_get_kevents() of a payload of @len bytes
 * read from a file through @rd a piece at a time (its head, then
 * HG_SEC_KCHUNK bytes of events a read): the same checks and reasons, but
 * the events are left in the file (@out's ev NULL, its n set), the first
 * at payload offset *@evat, for hg_kevents_attach()
 */
int hg_sec_read_kevents(const struct hg_sec_reader *rd, uint64_t len, bool names,
			struct hg_kevents **out, uint64_t *evat, char *err, size_t errlen);

#endif /* HG_KSECTION_H */
