// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched.c - read sched:sched_switch events from perf script text
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/perftext.h"
#include "analysis/sched.h"
#include "trace/infile.h"
#include "trace/wire.h"

#define EVENT " sched:sched_switch:"

/* The first @needle in [@p, @end), or NULL. */
static const char *find(const char *p, const char *end, const char *needle)
{
	size_t n = strlen(needle);

	for (; p + n <= end; p++)
		if (*p == *needle && !memcmp(p, needle, n))
			return p;
	return NULL;
}

/* "<key><value> " up to the next @stop: copy the value into @dst. */
static const char *text_field(const char *p, const char *end, const char *key,
			      const char *stop, char *dst, size_t size)
{
	const char *v = find(p, end, key), *e;
	size_t n;

	if (!v)
		return NULL;
	v += strlen(key);
	e = find(v, end, stop);
	if (!e)
		return NULL;
	n = (size_t)(e - v) < size - 1 ? (size_t)(e - v) : size - 1;
	memcpy(dst, v, n);
	dst[n] = '\0';
	return e;
}

static const char *num_field(const char *p, const char *end, const char *key, uint64_t *v)
{
	const char *at = find(p, end, key);

	return at ? hg_perf_number(at + strlen(key), end, v, NULL) : NULL;
}

/* One event line [@p, @end) with the event name at @ev. */
static int parse_line(const char *p, const char *ev, const char *end,
		      struct hg_sched_switch *sw, uint64_t *res_ns, const char **why)
{
	const char *close = NULL, *q, *a;
	uint64_t cpu, sec, frac, prev, next;
	int digits, i;
	char state[8];

	for (q = p; q < ev; q++)
		if (*q == ']')
			close = q;
	for (q = close; q && q > p && q[-1] != '['; q--)
		;
	if (!close || !q || q == p || !hg_perf_number(q, close, &cpu, NULL) || cpu > UINT32_MAX) {
		*why = "no [cpu]";
		return -EINVAL;
	}
	for (q = close + 1; q < ev && *q == ' '; q++)
		;
	q = hg_perf_number(q, ev, &sec, NULL);
	if (!q || *q != '.' || !(q = hg_perf_number(q + 1, ev, &frac, &digits)) || *q != ':' ||
	    digits > 9 || sec > UINT64_MAX / 1000000000ULL - 1) {
		*why = "no time <seconds>.<fraction>:";
		return -EINVAL;
	}
	for (i = digits; i < 9; i++)
		frac *= 10;
	*res_ns = 1;
	for (i = digits; i < 9; i++)
		*res_ns *= 10;
	sw->mono_ns = sec * 1000000000ULL + frac;
	sw->cpu = (uint32_t)cpu;
	a = ev + strlen(EVENT);
	if (!(a = text_field(a, end, "prev_comm=", " prev_pid=", sw->prev_comm,
			     sizeof(sw->prev_comm))) ||
	    !(a = num_field(a, end, " prev_pid=", &prev)) ||
	    !(a = text_field(a, end, " prev_state=", " ==> ", state, sizeof(state))) ||
	    !(a = text_field(a, end, " ==> next_comm=", " next_pid=", sw->next_comm,
			     sizeof(sw->next_comm))) ||
	    !num_field(a, end, " next_pid=", &next) || prev > UINT32_MAX || next > UINT32_MAX) {
		*why = "not prev_comm= prev_pid= ... prev_state= ==> next_comm= next_pid=";
		return -EINVAL;
	}
	/* names from another tool's text reach terminals: an escape shows as '?' */
	hg_tame(sw->prev_comm);
	hg_tame(sw->next_comm);
	sw->prev_pid = (uint32_t)prev;
	sw->next_pid = (uint32_t)next;
	sw->prev_runnable = (char)(state[0] == 'R');
	return 0;
}

static int by_cpu_time(const void *a, const void *b)
{
	const struct hg_sched_switch *x = a, *y = b;

	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->mono_ns < y->mono_ns ? -1 : x->mono_ns > y->mono_ns;
}

int hg_sched_parse(const char *text, size_t len, struct hg_sched *s, char *err, size_t errlen)
{
	const char *p = text, *end = text + len;
	size_t cap = 0, line = 0;

	memset(s, 0, sizeof(*s));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;
		const char *ev = find(p, le, EVENT), *why;
		struct hg_sched_switch sw;
		uint64_t res;

		line++;
		if (ev) {
			memset(&sw, 0, sizeof(sw));
			if (parse_line(p, ev, le, &sw, &res, &why)) {
				snprintf(err, errlen, "line %zu: %s", line, why);
				hg_sched_free(s);
				return -EINVAL;
			}
			if (s->n == cap) {
				size_t c = cap ? 2 * cap : 4096;
				struct hg_sched_switch *v = realloc(s->sw, c * sizeof(*v));

				if (!v) {
					hg_sched_free(s);
					return -ENOMEM;
				}
				s->sw = v;
				cap = c;
			}
			s->sw[s->n++] = sw;
			if (res > s->resolution_ns)
				s->resolution_ns = res;
			if (s->n == 1 || sw.mono_ns < s->first_ns)
				s->first_ns = sw.mono_ns;
			if (sw.mono_ns > s->last_ns)
				s->last_ns = sw.mono_ns;
		}
		p = le + 1;
	}
	if (!s->n) {
		snprintf(err, errlen, "no sched:sched_switch event: not the text of perf script "
			 "over a sched_switch capture");
		return -EINVAL;
	}
	qsort(s->sw, s->n, sizeof(*s->sw), by_cpu_time);
	return 0;
}

int hg_sched_read(const char *path, struct hg_sched *s, char *err, size_t errlen)
{
	char *buf;
	size_t len;
	int ret;

	memset(s, 0, sizeof(*s));
	/* a FIFO, a device or a directory is refused with the reason, before it is read */
	ret = hg_infile_slurp(path, HG_SCHED_MAX_BYTES, &buf, &len, err, errlen);
	if (ret)
		return ret;
	ret = hg_sched_parse(buf, len, s, err, errlen);
	free(buf);
	return ret;
}

void hg_sched_free(struct hg_sched *s)
{
	free(s->sw);
	memset(s, 0, sizeof(*s));
}
