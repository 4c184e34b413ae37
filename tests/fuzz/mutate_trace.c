// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mutate_trace.c - a field-aware mutator for fuzz_trace (libFuzzer only)
 *
 * Byte mutations rarely make a trace that reads: a length or a count
 * changed at random is caught by the first check. This mutator knows
 * where the fields are without a second copy of the format: it reads the
 * input with the real reader while the cursor's integer and string reads
 * are wrapped (the link passes -Wl,--wrap=hg_get_u16,... for this target
 * only), noting where each field lies. It then picks a section (each as
 * likely: the kernel's events of KEVENTS as often as a thread) and sets
 * one of its fields (a count,
 * a period, a frequency, a size, a length) to a boundary value: 0, 1, the
 * largest, half of it, 2^32, 10^9, one more or less than it was. It also
 * changes the fields of single records (start, length, CPU, flags and
 * event types), and otherwise lets libFuzzer mutate bytes. The checksum is
 * recomputed after each change.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "trace/record.h"
#include "trace/trace.h"
#include "trace/wire.h"
#include "fuzz.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
			       unsigned int seed);

/* the wrapped reads: ld's --wrap gives these names (see ld(1)) */
/* NOLINTBEGIN(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
uint16_t __real_hg_get_u16(struct hg_cur *c);
uint32_t __real_hg_get_u32(struct hg_cur *c);
uint64_t __real_hg_get_u64(struct hg_cur *c);
char *__real_hg_get_str(struct hg_cur *c);
void __real_hg_get_label(struct hg_cur *c, char *dst, size_t size);
uint16_t __wrap_hg_get_u16(struct hg_cur *c);
uint32_t __wrap_hg_get_u32(struct hg_cur *c);
uint64_t __wrap_hg_get_u64(struct hg_cur *c);
char *__wrap_hg_get_str(struct hg_cur *c);
void __wrap_hg_get_label(struct hg_cur *c, char *dst, size_t size);
/* NOLINTEND(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */

#define MAX_FIELDS 16384

struct field {
	size_t at;
	unsigned int bytes;
};

/* where the reader found fields, while the mutator has it read an input */
static struct {
	const uint8_t *base;
	size_t size;
	size_t n;
	struct field f[MAX_FIELDS];
} seen;

static void note(const struct hg_cur *c, unsigned int bytes)
{
	const uint8_t *p;

	if (!seen.base || seen.n == MAX_FIELDS || c->pos > c->len || c->len - c->pos < bytes)
		return;
	p = c->p + c->pos;
	if (p < seen.base || p + bytes > seen.base + seen.size)
		return;
	seen.f[seen.n++] = (struct field){ (size_t)(p - seen.base), bytes };
}

uint16_t __wrap_hg_get_u16(struct hg_cur *c)
{
	note(c, 2);
	return __real_hg_get_u16(c);
}

uint32_t __wrap_hg_get_u32(struct hg_cur *c)
{
	note(c, 4);
	return __real_hg_get_u32(c);
}

uint64_t __wrap_hg_get_u64(struct hg_cur *c)
{
	note(c, 8);
	return __real_hg_get_u64(c);
}

/* a string's length is a field like the others */
char *__wrap_hg_get_str(struct hg_cur *c)
{
	note(c, 4);
	return __real_hg_get_str(c);
}

void __wrap_hg_get_label(struct hg_cur *c, char *dst, size_t size)
{
	note(c, 4);
	__real_hg_get_label(c, dst, size);
}

static uint64_t next(uint64_t *r)
{
	*r ^= *r << 13;
	*r ^= *r >> 7;
	*r ^= *r << 17;
	return *r;
}

static uint64_t get_le(const uint8_t *p, unsigned int bytes)
{
	uint64_t v = 0;

	while (bytes--)
		v = v << 8 | p[bytes];
	return v;
}

static void put_le(uint8_t *p, unsigned int bytes, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < bytes; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

/* a value at a boundary for a field of @bytes bytes that held @old */
static uint64_t boundary(uint64_t old, unsigned int bytes, uint64_t *r)
{
	uint64_t max = bytes >= 8 ? UINT64_MAX : (1ULL << (8 * bytes)) - 1;

	switch (next(r) % 16) {
	case 0:  return 0;
	case 1:  return 1;
	case 2:  return 2;
	case 3:  return max;
	case 4:  return max - 1;
	case 5:  return max / 2;
	case 6:  return max / 2 + 1;
	case 7:  return old + 1;
	case 8:  return old - 1;
	case 9:  return old * 2;
	case 10: return old / 2;
	case 11: return UINT32_MAX;
	case 12: return 1ULL << 32;
	case 13: return 1000000000;	/* 1 s in ns, 1 GHz */
	case 14: return 1ULL << 63;
	default: return next(r) % 1000;
	}
}

/* the section of @buf whose payload holds offset @at, or @n for none */
static size_t section_of(const struct hg_fuzz_section *sec, size_t n, size_t at)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (at >= sec[i].payload && at - sec[i].payload < sec[i].len)
			return i;
	return n;
}

/*
 * one field the reader reads: a count, a period, a frequency, a length;
 * a section first, each as likely as another, then a field of it, so that
 * the small sections (RUN, a THREAD, the kernel's events of KEVENTS: its
 * CPU count, clock, lost counts, event types, CPUs and names) are mutated
 * as often as the larger ones, whose fields would otherwise crowd them out
 */
static int mutate_field(uint8_t *data, size_t size, uint64_t *r)
{
	struct hg_fuzz_section sec[HG_FUZZ_MAX_SECTIONS];
	size_t n = hg_fuzz_sections(data, size, sec, HG_FUZZ_MAX_SECTIONS), i, pick, k, which;
	static size_t in[MAX_FIELDS];
	size_t with[HG_FUZZ_MAX_SECTIONS + 1], nwith = 0;
	struct hg_trace *t = NULL;
	bool has[HG_FUZZ_MAX_SECTIONS + 1] = { false };
	struct field f;

	seen.base = data;
	seen.size = size;
	seen.n = 0;
	if (!hg_trace_decode(data, size, &t, NULL, 0))
		hg_trace_free(t);
	seen.base = NULL;
	if (!seen.n)
		return -1;
	for (i = 0; i < seen.n; i++) {
		in[i] = section_of(sec, n, seen.f[i].at);
		if (!has[in[i]]) {
			has[in[i]] = true;
			with[nwith++] = in[i];
		}
	}
	if (!nwith)
		return -1;
	which = with[next(r) % nwith];
	pick = next(r) % seen.n;
	for (k = 0; k < seen.n; k++)	/* the next field of that section from @pick */
		if (in[(pick + k) % seen.n] == which)
			break;
	f = seen.f[(pick + k) % seen.n];
	put_le(data + f.at, f.bytes, boundary(get_le(data + f.at, f.bytes), f.bytes, r));
	return 0;
}

/* one field of one record: start, length, CPU or flags (event types too) */
static int mutate_record(uint8_t *data, size_t size, uint64_t *r)
{
	static const unsigned int off[] = { 0, 8, 12, 14 }, bytes[] = { 8, 4, 2, 2 };
	struct hg_fuzz_section sec[HG_FUZZ_MAX_SECTIONS], *s;
	size_t n = hg_fuzz_sections(data, size, sec, HG_FUZZ_MAX_SECTIONS), i, k;
	size_t with[HG_FUZZ_MAX_SECTIONS], nwith = 0;
	uint8_t *rec;
	unsigned int which;

	for (i = 0; i < n; i++)
		if (sec[i].type == HG_FUZZ_SEC_RECORDS && sec[i].len >= 32)
			with[nwith++] = i;
	if (!nwith)
		return -1;
	s = &sec[with[next(r) % nwith]];
	k = next(r) % ((s->len - 16) / 16);
	rec = data + s->payload + 16 + 16 * k;
	which = (unsigned int)(next(r) % 4);
	if (which == 3 && next(r) % 2) {
		/* an event of any type, with or without a miss; or a flag flipped */
		uint16_t fl = next(r) % 2 ?
			hg_event_flags((unsigned int)(next(r) % 16), next(r) % 2 ? HG_REC_MISS : 0) :
			(uint16_t)(get_le(rec + 14, 2) ^ (1u << (next(r) % 16)));

		put_le(rec + 14, 2, fl);
		return 0;
	}
	put_le(rec + off[which], bytes[which],
	       boundary(get_le(rec + off[which], bytes[which]), bytes[which], r));
	return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
			       unsigned int seed)
{
	uint64_t r = (uint64_t)seed * 0x9e3779b97f4a7c15ULL | 1;
	unsigned int how = (unsigned int)(next(&r) % 8);
	int done = -1;

	if (how < 3)
		done = mutate_field(data, size, &r);
	else if (how < 5)
		done = mutate_record(data, size, &r);
	if (done)
		size = LLVMFuzzerMutate(data, size, max_size);
	hg_fuzz_fix_crc(data, size);
	return size;
}
