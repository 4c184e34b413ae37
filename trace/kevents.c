// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kevents.c - the kernel's captured events: in memory (the name table,
 * appending, ordering and checking the records) or read from a trace's
 * file a block at a time
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/kevents.h"
#include "util/grow.h"
#include "util/tame.h"

static const char *const type_names[HG_KEV_NTYPES] = {
	[HG_KEV_SWITCH] = "sched_switch",
	[HG_KEV_WAKEUP] = "sched_wakeup",
	[HG_KEV_MIGRATE] = "sched_migrate_task",
	[HG_KEV_IRQ_ENTRY] = "irq_handler_entry",
	[HG_KEV_IRQ_EXIT] = "irq_handler_exit",
	[HG_KEV_SOFTIRQ_ENTRY] = "softirq_entry",
	[HG_KEV_SOFTIRQ_EXIT] = "softirq_exit",
	[HG_KEV_VEC_ENTRY] = "vector_entry",
	[HG_KEV_VEC_EXIT] = "vector_exit",
	[HG_KEV_HRTIMER_ENTRY] = "hrtimer_expire_entry",
	[HG_KEV_HRTIMER_EXIT] = "hrtimer_expire_exit",
	[HG_KEV_NMI] = "nmi_handler",
	[HG_KEV_LOST] = "lost",
};

/* include/linux/interrupt.h's softirq_to_name[] */
static const char *const softirq_names[] = {
	"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED",
	"HRTIMER", "RCU",
};

const char *hg_kev_type_name(unsigned int type)
{
	return type < HG_KEV_NTYPES ? type_names[type] : NULL;
}

const char *hg_kev_softirq_name(uint32_t vec)
{
	return vec < sizeof(softirq_names) / sizeof(softirq_names[0]) ? softirq_names[vec] : "?";
}

uint8_t hg_kprio_code(long prio)
{
	if (prio == -1)
		return HG_KPRIO_DEADLINE;
	if (prio >= 0 && prio < 100)
		return (uint8_t)(HG_KPRIO_RT_BASE + prio);
	return prio >= 100 && prio < 140 ? HG_KPRIO_FAIR : HG_KPRIO_UNKNOWN;
}

int hg_kprio_rt(uint8_t code)
{
	return code >= HG_KPRIO_RT_BASE && code < HG_KPRIO_FAIR ?
	       99 - (code - HG_KPRIO_RT_BASE) : 0;
}

const char *hg_kprio_label(uint8_t code, char *buf, size_t len)
{
	if (code == HG_KPRIO_DEADLINE)
		snprintf(buf, len, "DEADLINE");
	else if (hg_kprio_rt(code))
		snprintf(buf, len, "FIFO/RR %d", hg_kprio_rt(code));
	else if (code == HG_KPRIO_FAIR)
		snprintf(buf, len, "OTHER");
	else
		snprintf(buf, len, "unknown");
	return buf;
}

const char *hg_kevents_name(const struct hg_kevents *k, uint32_t idx)
{
	return hg_knames_get(&k->names, idx);
}

uint32_t hg_kevents_intern(struct hg_kevents *k, const char *s)
{
	return hg_knames_intern(&k->names, s);
}

int hg_kevents_add(struct hg_kevents *k, const struct hg_kev *e)
{
	if (HG_GROW(k->ev, k->cap_ev, k->n + 1))
		return -ENOMEM;
	k->ev[k->n++] = *e;
	return 0;
}

int hg_kevents_add_tp(struct hg_kevents *k, const char *name)
{
	char **v = realloc(k->tp, (k->ntp + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	k->tp = v;
	v[k->ntp] = strdup(name);
	if (!v[k->ntp])
		return -ENOMEM;
	hg_tame(v[k->ntp++]);
	return 0;
}

static int before(const struct hg_kev *a, const struct hg_kev *b)
{
	return a->cpu != b->cpu ? a->cpu < b->cpu : a->cycles < b->cycles;
}

/* A merge sort: stable, so events of one time keep the order they came in. */
static void merge_sort(struct hg_kev *v, struct hg_kev *tmp, size_t n)
{
	size_t h = n / 2, i = 0, j = h, o = 0;

	if (n < 2)
		return;
	merge_sort(v, tmp, h);
	merge_sort(v + h, tmp, n - h);
	while (i < h && j < n)
		tmp[o++] = before(&v[j], &v[i]) ? v[j++] : v[i++];
	while (i < h)
		tmp[o++] = v[i++];
	while (j < n)
		tmp[o++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
}

void hg_kevents_sort(struct hg_kevents *k)
{
	struct hg_kev *tmp;
	size_t i;

	for (i = 1; i < k->n && !before(&k->ev[i], &k->ev[i - 1]); i++)
		;
	if (i >= k->n)
		return;		/* already in order */
	tmp = malloc(k->n * sizeof(*tmp));
	if (tmp) {
		merge_sort(k->ev, tmp, k->n);
		free(tmp);
		return;
	}
	/* no memory for the merge: an insertion sort, stable too */
	for (i = 1; i < k->n; i++) {
		struct hg_kev e = k->ev[i];
		size_t j = i;

		for (; j > 0 && before(&e, &k->ev[j - 1]); j--)
			k->ev[j] = k->ev[j - 1];
		k->ev[j] = e;
	}
}

const struct hg_kcpu *hg_kevents_cpu(const struct hg_kevents *k, uint32_t cpu)
{
	uint32_t lo = 0, hi = k->ncpus;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (k->cpus[mid].cpu == cpu)
			return &k->cpus[mid];
		if (k->cpus[mid].cpu < cpu)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int hg_kevents_check_head(const struct hg_kevents *k, char *err, size_t errlen)
{
	uint32_t c;

	if (k->clock > HG_KCLOCK_MONO || k->start_cycles > k->end_cycles ||
	    k->ncpus > HG_KEV_MAX_CPUS || k->names.n > HG_KEV_MAX_NAMES) {
		snprintf(err, errlen, "damaged kernel events section (header)");
		return -EINVAL;
	}
	for (c = 0; c < k->ncpus; c++)
		if (k->cpus[c].cpu >= HG_KEV_MAX_CPUS || (c && k->cpus[c].cpu <= k->cpus[c - 1].cpu) ||
		    k->cpus[c].begin_cycles > k->cpus[c].end_cycles) {
			snprintf(err, errlen, "damaged kernel events section (CPU %u)", c);
			return -EINVAL;
		}
	return 0;
}

int hg_kevents_check_ev(const struct hg_kevents *k, const struct hg_kev *e,
			const struct hg_kev *prev, uint64_t i, char *err, size_t errlen)
{
	if (!e->type || e->type >= HG_KEV_NTYPES ||
	    (e->name != HG_KEV_NO_NAME && e->name >= k->names.n) ||
	    !hg_kevents_cpu(k, e->cpu) || (prev && before(e, prev))) {
		snprintf(err, errlen, "damaged kernel events section (event %llu)",
			 (unsigned long long)i);
		return -EINVAL;
	}
	return 0;
}

int hg_kevents_check(const struct hg_kevents *k, char *err, size_t errlen)
{
	uint64_t i;
	int ret = hg_kevents_check_head(k, err, errlen);

	for (i = 0; !ret && i < k->n; i++)
		ret = hg_kevents_check_ev(k, &k->ev[i], i ? &k->ev[i - 1] : NULL, i, err, errlen);
	return ret;
}

uint64_t hg_kevents_lost(const struct hg_kevents *k)
{
	uint64_t sum = 0;
	uint32_t c;

	for (c = 0; c < k->ncpus; c++)
		sum += k->cpus[c].lost;
	return sum;
}

void hg_kevents_trim(struct hg_kevents *k, uint64_t since)
{
	size_t i, n = 0;

	for (i = 0; i < k->n; i++)
		if (k->ev[i].cycles >= since)
			k->ev[n++] = k->ev[i];
	k->n = n;
}

/* A copy of @n strings, or NULL (@n 0 gives NULL too, and is no failure). */
static char **dup_strings(char *const *s, uint32_t n, int *err)
{
	char **d;
	uint32_t i;

	if (!n)
		return NULL;
	d = calloc(n, sizeof(*d));
	for (i = 0; d && i < n; i++) {
		d[i] = strdup(s[i]);
		if (!d[i])
			break;
	}
	if (!d || i < n) {
		while (d && i--)
			free(d[i]);
		free(d);
		*err = -ENOMEM;
		return NULL;
	}
	return d;
}

int hg_kevents_dup(const struct hg_kevents *k, struct hg_kevents **out)
{
	struct hg_kevents *d = calloc(1, sizeof(*d));
	int err = 0;

	if (!d)
		return -ENOMEM;
	*d = *k;
	d->tp = NULL;
	d->names = (struct hg_knames){ 0 };
	d->cpus = NULL;
	d->ev = NULL;
	d->ntp = d->ncpus = 0;
	d->n = 0;
	d->tp = dup_strings(k->tp, k->ntp, &err);
	d->ntp = err ? 0 : k->ntp;
	if (!err)
		err = hg_knames_dup(&k->names, &d->names);
	if (!err && k->ncpus) {
		d->cpus = malloc(k->ncpus * sizeof(*d->cpus));
		err = d->cpus ? 0 : -ENOMEM;
		if (d->cpus) {
			memcpy(d->cpus, k->cpus, k->ncpus * sizeof(*d->cpus));
			d->ncpus = k->ncpus;
		}
	}
	if (!err && k->n) {
		d->ev = malloc(k->n * sizeof(*d->ev));
		err = d->ev ? 0 : -ENOMEM;
		if (d->ev) {
			memcpy(d->ev, k->ev, k->n * sizeof(*d->ev));
			d->n = k->n;
		}
	}
	d->cap_ev = d->n;
	if (err) {
		hg_kevents_free(d);
		return err;
	}
	*out = d;
	return 0;
}

void hg_kevents_free(struct hg_kevents *k)
{
	uint32_t i;

	if (!k)
		return;
	for (i = 0; i < k->ntp; i++)
		free(k->tp[i]);
	hg_knames_release(&k->names);
	free(k->tp);
	free(k->cpus);
	free(k->ev);
	hg_kevcache_free(k->cache);
	free(k);
}

/* ------------------------------------------- read a block at a time */

/*
 * A trace's kernel events read from its file a block at a time, the
 * blocks read last kept (the rules are kevents.h's).
 */
/* Blocks kept: a cut reads a window of each CPU, a few apart. */
#define NBLOCKS 8

struct block {
	uint64_t first;		/* the index of its first event; UINT64_MAX: empty */
	uint64_t used;		/* when it was used last */
	struct hg_kev *ev;
};

struct hg_kevcache {
	struct hg_kevsrc src;
	struct block b[NBLOCKS];
	uint64_t clock;
	int err;		/* the first read that failed */
	struct hg_kev *first;	/* each block's first event: a search reads one block */
	uint64_t nfirst;
};

int hg_kevents_attach(struct hg_kevents *k, const struct hg_kevsrc *src)
{
	struct hg_kevcache *c = calloc(1, sizeof(*c));
	uint64_t j;
	int i, ret = 0;

	if (!c)
		return -ENOMEM;
	c->src = *src;
	for (i = 0; i < NBLOCKS; i++)
		c->b[i].first = UINT64_MAX;
	c->nfirst = (k->n + HG_KEVCACHE_BLOCK - 1) / HG_KEVCACHE_BLOCK;
	c->first = malloc((c->nfirst ? c->nfirst : 1) * sizeof(*c->first));
	for (j = 0; c->first && j < c->nfirst && !ret; j++)
		ret = src->read(src->priv, j * HG_KEVCACHE_BLOCK, &c->first[j], 1);
	if (!c->first || ret) {
		ret = c->first ? ret : -ENOMEM;
		hg_kevcache_free(c);
		return ret;
	}
	free(k->ev);
	k->ev = NULL;
	k->cap_ev = 0;
	hg_kevcache_free(k->cache);
	k->cache = c;
	return 0;
}

/* The block of @k's events that holds the @i-th: kept, or read into the oldest. */
static const struct block *block_of(const struct hg_kevents *k, uint64_t i)
{
	struct hg_kevcache *c = k->cache;
	uint64_t first = i - i % HG_KEVCACHE_BLOCK;
	struct block *old = &c->b[0];
	size_t n;
	int j, ret;

	for (j = 0; j < NBLOCKS; j++) {
		if (c->b[j].first == first) {
			c->b[j].used = ++c->clock;
			return &c->b[j];
		}
		if (c->b[j].used < old->used)
			old = &c->b[j];
	}
	if (!old->ev) {
		old->ev = malloc(HG_KEVCACHE_BLOCK * sizeof(*old->ev));
		if (!old->ev) {
			c->err = c->err ? c->err : -ENOMEM;
			return NULL;
		}
	}
	n = (size_t)(k->n - first < HG_KEVCACHE_BLOCK ? k->n - first : HG_KEVCACHE_BLOCK);
	ret = c->src.read(c->src.priv, first, old->ev, n);
	if (ret) {
		old->first = UINT64_MAX;
		c->err = c->err ? c->err : ret;
		return NULL;
	}
	old->first = first;
	old->used = ++c->clock;
	return old;
}

struct hg_kev hg_kevents_read(const struct hg_kevents *k, uint64_t i)
{
	const struct block *b = k->cache && i < k->n ? block_of(k, i) : NULL;
	struct hg_kev none = { .name = HG_KEV_NO_NAME };

	return b ? b->ev[i - b->first] : none;
}

void hg_kevents_get(const struct hg_kevents *k, uint64_t at, struct hg_kev *buf, size_t n)
{
	struct hg_kevcache *c = k->cache;
	size_t i;
	int ret;

	if (k->ev) {
		memcpy(buf, k->ev + at, n * sizeof(*buf));
		return;
	}
	ret = c ? c->src.read(c->src.priv, at, buf, n) : -EINVAL;
	if (!ret)
		return;
	if (c && !c->err)
		c->err = ret;
	for (i = 0; i < n; i++)
		buf[i] = (struct hg_kev){ .name = HG_KEV_NO_NAME };
}

/* Whether @e comes before (@cpu, @cycles) in the records' order. */
static int below(const struct hg_kev *e, uint32_t cpu, uint64_t cycles)
{
	return e->cpu < cpu || (e->cpu == cpu && e->cycles < cycles);
}

uint64_t hg_kevents_find(const struct hg_kevents *k, uint32_t cpu, uint64_t cycles)
{
	uint64_t lo = 0, hi = k->n;

	if (k->cache) {	/* the block first, by the blocks' first events */
		const struct hg_kevcache *c = k->cache;
		uint64_t blo = 0, bhi = c->nfirst;

		while (blo < bhi) {
			uint64_t mid = blo + (bhi - blo) / 2;

			if (below(&c->first[mid], cpu, cycles))
				blo = mid + 1;
			else
				bhi = mid;
		}
		if (!blo)
			return 0;
		lo = (blo - 1) * HG_KEVCACHE_BLOCK;
		hi = blo * HG_KEVCACHE_BLOCK < k->n ? blo * HG_KEVCACHE_BLOCK : k->n;
	}
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		struct hg_kev e = hg_kevents_ev(k, mid);

		if (below(&e, cpu, cycles))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int hg_kevents_status(const struct hg_kevents *k)
{
	return k->cache ? k->cache->err : 0;
}

void hg_kevcache_free(struct hg_kevcache *c)
{
	int i;

	if (!c)
		return;
	for (i = 0; i < NBLOCKS; i++)
		free(c->b[i].ev);
	free(c->first);
	free(c);
}
