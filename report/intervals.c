// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * intervals.c - trace lines, all threads merged in time order
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report/text.h"
#include "trace/reccur.h"
#include "trace/timeval.h"

/* One thread's position in the merge: its next interval decoded ahead. */
struct cursor {
	const struct hg_trace_thread *th;
	struct hg_reccur rc;
	struct hg_interval cur;
	struct hg_interval next;
	int has_next;
};

static int advance(struct cursor *c)
{
	int ret;

	c->cur = c->next;
	ret = hg_reccur_interval(&c->rc, &c->next);
	if (ret < 0)
		return ret;
	c->has_next = ret;
	return 0;
}

/* Min-heap of cursors by the start of their current interval. */
static void sift_down(struct cursor **h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		struct cursor *tmp;

		if (l < n && h[l]->cur.start_cycles < h[m]->cur.start_cycles)
			m = l;
		if (r < n && h[r]->cur.start_cycles < h[m]->cur.start_cycles)
			m = r;
		if (m == i)
			return;
		tmp = h[i];
		h[i] = h[m];
		h[m] = tmp;
		i = m;
	}
}

/* Digits of @v, right-aligned, into @end; returns the first character. */
static char *put_u64(char *end, uint64_t v)
{
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return end;
}

/* "<ms>.<6 digits>" of @ns, appended at @p. */
static char *put_ms(char *p, uint64_t ns)
{
	char tmp[24], *s = put_u64(tmp + sizeof(tmp), ns / 1000000);
	uint64_t frac = ns % 1000000;
	int i;

	memcpy(p, s, (size_t)(tmp + sizeof(tmp) - s));
	p += tmp + sizeof(tmp) - s;
	*p++ = '.';
	for (i = 5; i >= 0; i--) {
		p[i] = (char)('0' + frac % 10);
		frac /= 10;
	}
	return p + 6;
}

static char *put_num(char *p, uint64_t v)
{
	char tmp[24], *s = put_u64(tmp + sizeof(tmp), v);

	memcpy(p, s, (size_t)(tmp + sizeof(tmp) - s));
	return p + (tmp + sizeof(tmp) - s);
}

/*
 * The end (ns from the start) of the last interval printed on each CPU,
 * grown as CPUs appear; 0 (the run's start) for a CPU not seen yet.
 */
struct cpu_ends {
	uint64_t *end_ns;
	size_t n;
};

/* The slot of @cpu in @ce, growing it; NULL when memory runs out. */
static uint64_t *cpu_end(struct cpu_ends *ce, unsigned int cpu)
{
	if (cpu >= ce->n) {
		size_t n = (size_t)cpu + 1 > 2 * ce->n ? (size_t)cpu + 1 : 2 * ce->n;
		uint64_t *p = realloc(ce->end_ns, n * sizeof(*p));

		if (!p)
			return NULL;
		memset(p + ce->n, 0, (n - ce->n) * sizeof(*p));
		ce->end_ns = p;
		ce->n = n;
	}
	return &ce->end_ns[cpu];
}

static void print_line(FILE *f, const struct hg_trace *t, const struct cursor *c,
		       uint64_t *cpu_end_ns)
{
	const struct hg_interval *iv = &c->cur;
	uint64_t end_c = iv->start_cycles + iv->len_cycles;
	uint64_t s = hg_trace_ns(t, iv->start_cycles), e = hg_trace_ns(t, end_c);
	uint64_t gap = s > *cpu_end_ns ? s - *cpu_end_ns : 0;	/* never negative */
	char line[192], *p = line;

	p = put_num(p, c->th->id);
	*p++ = ' ';
	p = put_ms(p, s);
	*p++ = ' ';
	p = put_ms(p, e);
	*p++ = ' ';
	p = put_ms(p, e - s);
	*p++ = ' ';
	p = put_ms(p, gap);
	if (t->flags & HG_TRACE_RAW_CYCLES) {
		*p++ = ' ';
		p = put_num(p, iv->start_cycles);
		*p++ = ' ';
		p = put_num(p, end_c);
	}
	*p++ = '\n';
	fwrite(line, 1, (size_t)(p - line), f);
	if (e > *cpu_end_ns)
		*cpu_end_ns = e;
}

int hg_print_intervals(FILE *f, const struct hg_trace *t)
{
	struct cpu_ends ce = { NULL, 0 };
	struct cursor *cs, **heap;
	size_t n = 0, i;
	int ret = 0;

	cs = calloc(t->nthreads ? t->nthreads : 1, sizeof(*cs));
	heap = calloc(t->nthreads ? t->nthreads : 1, sizeof(*heap));
	if (!cs || !heap) {
		free(cs);
		free(heap);
		return -ENOMEM;
	}
	for (i = 0; i < t->nthreads; i++) {
		struct cursor *c = &cs[i];

		c->th = &t->threads[i];
		hg_reccur_init(&c->rc, c->th);
		ret = hg_reccur_interval(&c->rc, &c->next);
		if (ret < 0)
			goto out;
		if (!ret)
			continue;
		ret = advance(c);
		if (ret)
			goto out;
		heap[n++] = c;
	}
	for (i = n; i-- > 0;)
		sift_down(heap, n, i);
	while (n) {
		struct cursor *c = heap[0];
		uint64_t *end_ns = cpu_end(&ce, c->cur.cpu);

		if (!end_ns) {
			ret = -ENOMEM;
			goto out;
		}
		print_line(f, t, c, end_ns);
		if (c->has_next) {
			ret = advance(c);
			if (ret)
				goto out;
		} else {
			heap[0] = heap[--n];
		}
		sift_down(heap, n, 0);
	}
	ret = ferror(f) ? -EIO : 0;
out:
	for (i = 0; i < t->nthreads; i++)
		hg_reccur_free(&cs[i].rc);
	free(ce.end_ns);
	free(cs);
	free(heap);
	return ret;
}
