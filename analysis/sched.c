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
#include "util/infile.h"
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

/* Where a reading is: the events so far, their room, the line number. */
struct reading {
	struct hg_sched *s;
	size_t cap;
	size_t line;
};

/* One line [@p, @le): a sched_switch event is added, any other line skipped. */
static int add_line(struct reading *r, const char *p, const char *le, char *err, size_t errlen)
{
	const char *ev = find(p, le, EVENT), *why;
	struct hg_sched *s = r->s;
	struct hg_sched_switch sw;
	uint64_t res;

	r->line++;
	if (!ev)
		return 0;
	memset(&sw, 0, sizeof(sw));
	if (parse_line(p, ev, le, &sw, &res, &why)) {
		snprintf(err, errlen, "line %zu: %s", r->line, why);
		return -EINVAL;
	}
	if (s->n == HG_SCHED_MAX_SWITCHES) {
		snprintf(err, errlen, "line %zu: more than %u sched_switch events, the most read "
			 "(capture less, or cut the text: perf script --time <start>,<end>)",
			 r->line, HG_SCHED_MAX_SWITCHES);
		return -E2BIG;
	}
	if (s->n == r->cap) {
		size_t c = r->cap ? 2 * r->cap : 4096;
		struct hg_sched_switch *v;

		c = c < HG_SCHED_MAX_SWITCHES ? c : HG_SCHED_MAX_SWITCHES;
		v = realloc(s->sw, c * sizeof(*v));
		if (!v) {
			snprintf(err, errlen, "%s", strerror(ENOMEM));
			return -ENOMEM;
		}
		s->sw = v;
		r->cap = c;
	}
	s->sw[s->n++] = sw;
	if (res > s->resolution_ns)
		s->resolution_ns = res;
	if (s->n == 1 || sw.mono_ns < s->first_ns)
		s->first_ns = sw.mono_ns;
	if (sw.mono_ns > s->last_ns)
		s->last_ns = sw.mono_ns;
	return 0;
}

/* After the last line: some event, in order; or nothing kept. */
static int finish(struct hg_sched *s, int ret, char *err, size_t errlen)
{
	if (!ret && !s->n) {
		snprintf(err, errlen, "no sched:sched_switch event: not the text of perf script "
			 "over a sched_switch capture");
		ret = -EINVAL;
	}
	if (ret) {
		hg_sched_free(s);
		return ret;
	}
	qsort(s->sw, s->n, sizeof(*s->sw), by_cpu_time);
	return 0;
}

int hg_sched_parse(const char *text, size_t len, struct hg_sched *s, char *err, size_t errlen)
{
	const char *p = text, *end = text + len;
	struct reading r = { .s = s };
	int ret = 0;

	memset(s, 0, sizeof(*s));
	while (!ret && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;

		ret = add_line(&r, p, le, err, errlen);
		p = le + 1;
	}
	return finish(s, ret, err, errlen);
}

int hg_sched_read(const char *path, struct hg_sched *s, char *err, size_t errlen)
{
	struct reading r = { .s = s };
	char *line = NULL;
	size_t linecap = 0;
	int ret = 0;
	long got;
	FILE *f;

	memset(s, 0, sizeof(*s));
	/* a FIFO, a device or a directory is refused with the reason, before it is read */
	f = hg_infile_text(path, HG_SCHED_MAX_BYTES, &ret, err, errlen);
	if (!f)
		return ret ? ret : -EIO;
	/* line by line: the memory is the events', never the text's */
	while (!ret && (got = hg_infile_line(f, &line, &linecap, HG_SCHED_MAX_LINE)) != -1) {
		if (got == -E2BIG) {
			snprintf(err, errlen, "line %zu: longer than %u bytes, the most read",
				 r.line + 1, HG_SCHED_MAX_LINE);
			ret = -E2BIG;
		} else if (got < 0) {
			snprintf(err, errlen, "%s", strerror((int)-got));
			ret = (int)got;
		} else {
			ret = add_line(&r, line, line + got, err, errlen);
		}
	}
	if (!ret && ferror(f)) {
		snprintf(err, errlen, "cannot read: %s", strerror(EIO));
		ret = -EIO;
	}
	free(line);
	fclose(f);
	return finish(s, ret, err, errlen);
}

void hg_sched_free(struct hg_sched *s)
{
	free(s->sw);
	memset(s, 0, sizeof(*s));
}
