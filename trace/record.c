// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * record.c - encode and decode trace records
 */
#include <errno.h>

#include "trace/record.h"

size_t hg_record_encode(struct hg_record *out, size_t max, uint64_t start,
			uint64_t len, unsigned int cpu, unsigned int flags)
{
	size_t n = hg_record_pieces(len), i;

	for (i = 0; i < n && i < max; i++) {
		uint64_t piece = len > HG_REC_MAX_LEN ? HG_REC_MAX_LEN : len;

		out[i].start_cycles = start;
		out[i].len_cycles = (uint32_t)piece;
		out[i].cpu = (uint16_t)cpu;
		out[i].flags = (uint16_t)(i + 1 < n ? HG_REC_CONTINUED : flags);
		start += piece;
		len -= piece;
	}
	return n;
}

int hg_record_decode(const struct hg_record *recs, size_t n, size_t *pos,
		     struct hg_interval *iv)
{
	size_t i = *pos;

	while (i < n && (recs[i].flags & HG_REC_EVENT))
		i++;
	if (i >= n) {
		*pos = i;
		return 0;
	}
	iv->start_cycles = recs[i].start_cycles;
	iv->len_cycles = recs[i].len_cycles;
	iv->cpu = recs[i].cpu;
	while (recs[i].flags & HG_REC_CONTINUED) {
		uint64_t next = recs[i].start_cycles + recs[i].len_cycles;

		i++;
		if (i >= n || (recs[i].flags & HG_REC_EVENT) ||
		    recs[i].start_cycles != next)
			return -EINVAL;
		iv->len_cycles += recs[i].len_cycles;
	}
	iv->flags = recs[i].flags & ~(unsigned int)HG_REC_CONTINUED;
	*pos = i + 1;
	return 1;
}
