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

/* The count of events, held against the @bytes that follow it; their array made when @keep. */
static int get_count_ev(struct hg_cur *c, uint64_t bytes, struct hg_kevents *k, bool keep)
{
	uint64_t n = hg_get_u64(c);

	if (c->bad || n != bytes / HG_KEV_BYTES || bytes % HG_KEV_BYTES) {
		c->bad = 1;
		return -EINVAL;
	}
	k->n = n;
	if (!keep)
		return 0;
	k->ev = malloc(n ? n * sizeof(*k->ev) : 1);
	return k->ev ? 0 : -ENOMEM;
}

void hg_sec_get_kev(struct hg_cur *c, struct hg_kev *e)
{
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

/* @n events from @c into @e. */
static int get_some(struct hg_cur *c, struct hg_kev *e, uint64_t n)
{
	uint64_t i;

	for (i = 0; i < n; i++)
		hg_sec_get_kev(c, &e[i]);
	return c->bad ? -EINVAL : 0;
}

static int get_events(struct hg_cur *c, struct hg_kevents *k)
{
	int ret = get_count_ev(c, left(c) - (left(c) >= 8 ? 8 : left(c)), k, true);

	return ret ? ret : get_some(c, k->ev, k->n);
}

/* Everything before the events: the clock, the CPUs, the tracepoints, the names. */
static int get_head(struct hg_cur *c, struct hg_kevents *k, bool names)
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
	return ret ? ret : c->bad ? -EINVAL : 0;
}

static int get_all(struct hg_cur *c, struct hg_kevents *k, bool names)
{
	int ret = get_head(c, k, names);

	if (!ret)
		ret = get_events(c, k);
	return ret ? ret : c->bad ? -EINVAL : 0;
}

/* @k read (@ret) into *@out, checked; else freed and the reason said. */
static int finish(struct hg_kevents *k, int ret, struct hg_kevents **out, char *err,
		  size_t errlen)
{
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

int hg_sec_get_kevents(struct hg_cur *c, bool names, struct hg_kevents **out, char *err,
		       size_t errlen)
{
	struct hg_kevents *k = calloc(1, sizeof(*k));

	if (!k)
		return -ENOMEM;
	return finish(k, get_all(c, k, names), out, err, errlen);
}

/*
 * The head of a payload of @len bytes, its length at *@hlen: read from a
 * prefix that doubles until it holds it (a head cut short by the prefix
 * reads as damaged until the prefix is the payload); the bytes counted once.
 */
static int read_head(const struct hg_sec_reader *rd, uint64_t len, bool names,
		     struct hg_kevents **kp, size_t *hlen)
{
	uint64_t want = len < HG_SEC_KCHUNK ? len : HG_SEC_KCHUNK;
	struct hg_cur c;
	int ret;

	for (;;) {
		*kp = calloc(1, sizeof(**kp));
		if (!*kp)
			return -ENOMEM;
		ret = rd->fetch(rd->arg, 0, (size_t)want, false, &c);
		if (!ret)
			ret = get_head(&c, *kp, names);
		if (!ret && !hg_get_need(&c, 8))
			ret = -EINVAL;
		if (ret != -EINVAL || want == len)
			break;
		hg_kevents_free(*kp);
		want = want > len / 2 ? len : 2 * want;
	}
	if (ret)
		return ret;
	*hlen = c.pos;
	ret = rd->fetch(rd->arg, 0, *hlen + 8, true, &c);
	if (ret)
		return ret;
	c.pos = *hlen;
	return get_count_ev(&c, len - *hlen - 8, *kp, false);
}

/* @k's events from payload offset @at, read a piece at a time and checked, not kept. */
static int check_events(const struct hg_sec_reader *rd, uint64_t at, const struct hg_kevents *k,
			char *err, size_t errlen)
{
	uint64_t i, j, per = HG_SEC_KCHUNK / HG_KEV_BYTES;
	struct hg_kev *buf = malloc(per * sizeof(*buf)), prev;
	int ret = buf ? hg_kevents_check_head(k, err, errlen) : -ENOMEM;

	for (i = 0; !ret && i < k->n; i += per) {
		uint64_t m = k->n - i < per ? k->n - i : per;
		struct hg_cur c;

		ret = rd->fetch(rd->arg, at, (size_t)(m * HG_KEV_BYTES), true, &c);
		if (!ret)
			ret = get_some(&c, buf, m);
		for (j = 0; !ret && j < m; j++) {
			ret = hg_kevents_check_ev(k, &buf[j], (i + j) ? &prev : NULL, i + j, err,
						  errlen);
			prev = buf[j];
		}
		at += m * HG_KEV_BYTES;
	}
	free(buf);
	return ret;
}

int hg_sec_read_kevents(const struct hg_sec_reader *rd, uint64_t len, bool names,
			struct hg_kevents **out, uint64_t *evat, char *err, size_t errlen)
{
	struct hg_kevents *k = NULL;
	size_t hlen = 0;
	int ret = read_head(rd, len, names, &k, &hlen);

	if (!k)
		return ret;
	*evat = hlen + 8;
	if (ret == -EINVAL)	/* a payload that does not parse, said as the whole's is */
		return finish(k, ret, out, err, errlen);
	if (!ret)
		ret = check_events(rd, *evat, k, err, errlen);
	if (ret) {
		hg_kevents_free(k);
		return ret;
	}
	*out = k;
	return 0;
}
