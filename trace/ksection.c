// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ksection.c - the kernel's events in the trace file: written in the
 * order ksection.h gives, read back with every count checked
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/ksection.h"

#define MAX_TRACEPOINTS 1024
#define CPU_BYTES 28

void hg_sec_put_kevents(struct hg_buf *b, const struct hg_kevents *k)
{
	uint64_t i;
	uint32_t j;

	hg_put_u32(b, k->clock);
	hg_put_u64(b, k->start_cycles);
	hg_put_u64(b, k->end_cycles);
	hg_put_u32(b, k->ncpus);
	for (j = 0; j < k->ncpus; j++) {
		hg_put_u32(b, k->cpus[j].cpu);
		hg_put_u64(b, k->cpus[j].lost);
		hg_put_u64(b, k->cpus[j].begin_cycles);
		hg_put_u64(b, k->cpus[j].end_cycles);
	}
	hg_put_u32(b, k->ntp);
	for (j = 0; j < k->ntp; j++)
		hg_put_str(b, k->tp[j]);
	hg_put_u32(b, k->names.n);
	for (j = 0; j < k->names.n; j++)
		hg_put_str(b, hg_knames_get(&k->names, j));
	hg_put_u64(b, k->n);
	for (i = 0; i < k->n; i++) {
		const struct hg_kev *e = &k->ev[i];

		hg_put_u64(b, e->cycles);
		hg_put_u16(b, e->cpu);
		hg_put_u16(b, (uint16_t)(e->type | e->flags << 8));
		hg_put_u32(b, e->a);
		hg_put_u32(b, e->b);
		hg_put_u32(b, e->name);
	}
}

static size_t left(const struct hg_cur *c)
{
	return c->bad ? 0 : c->len - c->pos;
}

/* A count of items of at least @min bytes each that the bytes left can hold. */
static int get_count(struct hg_cur *c, uint32_t max, size_t min, uint32_t *n)
{
	*n = hg_get_u32(c);
	if (c->bad || *n > max || *n > left(c) / min) {
		*n = 0;
		c->bad = 1;
		return -EINVAL;
	}
	return 0;
}

static int get_strings(struct hg_cur *c, uint32_t max, char ***out, uint32_t *n)
{
	uint32_t i;

	if (get_count(c, max, 4, n))
		return -EINVAL;
	*out = calloc(*n ? *n : 1, sizeof(**out));
	if (!*out) {
		*n = 0;
		return -ENOMEM;
	}
	for (i = 0; i < *n; i++) {
		(*out)[i] = malloc(HG_KEV_NAME_LEN);
		if (!(*out)[i]) {
			*n = i;
			return -ENOMEM;
		}
		hg_get_label(c, (*out)[i], HG_KEV_NAME_LEN);
		if (c->bad) {
			*n = i + 1;
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * The names into @t (@keep), or walked over and only counted: each one's
 * length checked as when it is kept, but nothing allocated.
 */
static int get_names(struct hg_cur *c, struct hg_knames *t, bool keep)
{
	uint32_t n, i, len;

	if (get_count(c, HG_KEV_MAX_NAMES, 4, &n))
		return -EINVAL;
	for (i = 0; i < n; i++) {
		len = hg_get_u32(c);
		if (len >= HG_KEV_NAME_LEN || !hg_get_need(c, len)) {
			c->bad = 1;
			return -EINVAL;
		}
		if (keep && hg_knames_append(t, (const char *)c->p + c->pos, len) != i)
			return -ENOMEM;
		c->pos += len;
	}
	if (!keep)
		hg_knames_skip(t, n);
	return 0;
}

static int get_events(struct hg_cur *c, struct hg_kevents *k)
{
	uint64_t n = hg_get_u64(c), i;

	if (c->bad || n != left(c) / HG_KEV_BYTES || left(c) % HG_KEV_BYTES) {
		c->bad = 1;
		return -EINVAL;
	}
	k->ev = malloc(n ? n * sizeof(*k->ev) : 1);
	if (!k->ev)
		return -ENOMEM;
	k->n = n;
	for (i = 0; i < n; i++) {
		struct hg_kev *e = &k->ev[i];
		uint16_t tf;

		e->cycles = hg_get_u64(c);
		e->cpu = hg_get_u16(c);
		tf = hg_get_u16(c);
		e->type = (uint8_t)(tf & 0xff);
		e->flags = (uint8_t)(tf >> 8);
		e->a = hg_get_u32(c);
		e->b = hg_get_u32(c);
		e->name = hg_get_u32(c);
	}
	return c->bad ? -EINVAL : 0;
}

static int get_all(struct hg_cur *c, struct hg_kevents *k, bool names)
{
	uint32_t j;
	int ret;

	k->clock = hg_get_u32(c);
	k->start_cycles = hg_get_u64(c);
	k->end_cycles = hg_get_u64(c);
	if (get_count(c, HG_KEV_MAX_CPUS, CPU_BYTES, &k->ncpus))
		return -EINVAL;
	k->cpus = calloc(k->ncpus ? k->ncpus : 1, sizeof(*k->cpus));
	if (!k->cpus) {
		k->ncpus = 0;
		return -ENOMEM;
	}
	for (j = 0; j < k->ncpus; j++) {
		k->cpus[j].cpu = hg_get_u32(c);
		k->cpus[j].lost = hg_get_u64(c);
		k->cpus[j].begin_cycles = hg_get_u64(c);
		k->cpus[j].end_cycles = hg_get_u64(c);
	}
	ret = get_strings(c, MAX_TRACEPOINTS, &k->tp, &k->ntp);
	if (!ret)
		ret = get_names(c, &k->names, names);
	if (!ret)
		ret = get_events(c, k);
	return ret ? ret : c->bad ? -EINVAL : 0;
}

int hg_sec_get_kevents(struct hg_cur *c, bool names, struct hg_kevents **out, char *err,
		       size_t errlen)
{
	struct hg_kevents *k = calloc(1, sizeof(*k));
	int ret;

	if (!k)
		return -ENOMEM;
	ret = get_all(c, k, names);
	if (ret == -EINVAL)
		snprintf(err, errlen, "damaged kernel events section (truncated or bad count)");
	else if (!ret)
		ret = hg_kevents_check(k, err, errlen);
	if (ret) {
		hg_kevents_free(k);
		return ret;
	}
	*out = k;
	return 0;
}
