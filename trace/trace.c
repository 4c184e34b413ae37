// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * trace.c - the in-memory form of a finished run
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "util/timeval.h"
#include "trace/trace.h"
#include "util/grow.h"
#include "util/tame.h"

struct hg_trace *hg_trace_alloc(uint32_t nthreads)
{
	struct hg_trace *t = calloc(1, sizeof(*t));
	uint32_t i;

	if (!t)
		return NULL;
	t->version = HG_TRACE_VERSION;
	t->nthreads = nthreads;
	if (nthreads) {
		t->threads = calloc(nthreads, sizeof(*t->threads));
		if (!t->threads) {
			free(t);
			return NULL;
		}
	}
	for (i = 0; i < nthreads; i++) {
		t->threads[i].id = i;
		hg_tstats_init_zeroed(&t->threads[i].stats);	/* calloc'd */
	}
	return t;
}

void hg_trace_free(struct hg_trace *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->nthreads; i++)
		if (!t->threads[i].recs_borrowed)
			free(t->threads[i].recs);
	if (t->map)
		munmap(t->map, t->maplen);
	for (i = 0; i < t->nsys; i++) {
		free(t->sys[i].key);
		free(t->sys[i].value);
	}
	free(t->threads);
	free(t->noise);
	hg_kevents_free(t->kev);
	hg_over_free(t->over);
	hg_chainset_free(t->chains);
	free(t->sys);
	free(t->cmdline);
	free(t);
}

int hg_trace_add_sys(struct hg_trace *t, const char *key, const char *value)
{
	struct hg_kv *kv;

	if (HG_GROW(t->sys, t->cap_sys, t->nsys + 1))
		return -ENOMEM;
	kv = t->sys;
	kv[t->nsys].key = strdup(key);
	kv[t->nsys].value = strdup(value ? value : "");
	if (!kv[t->nsys].key || !kv[t->nsys].value) {
		free(kv[t->nsys].key);
		free(kv[t->nsys].value);
		return -ENOMEM;
	}
	hg_tame(kv[t->nsys].key);	/* as a reader of the file will have it */
	hg_tame(kv[t->nsys].value);
	t->nsys++;
	return 0;
}

const char *hg_trace_sys(const struct hg_trace *t, const char *key)
{
	size_t i;

	for (i = 0; i < t->nsys; i++)
		if (!strcmp(t->sys[i].key, key))
			return t->sys[i].value;
	return NULL;
}

int hg_trace_add_counter(struct hg_trace *t)
{
	char v[32];

	snprintf(v, sizeof(v), "%u", t->calib.step_cycles);
	if (hg_trace_add_sys(t, "counter_step_cycles", v))
		return -ENOMEM;
	if (!t->calib.stated_hz)
		return 0;
	snprintf(v, sizeof(v), "%" PRIu64, t->calib.stated_hz);
	return hg_trace_add_sys(t, "counter_stated_hz", v) ? -ENOMEM : 0;
}

/* A whole number of at most 19 digits, or 0. */
static uint64_t sys_number(const struct hg_trace *t, const char *key)
{
	const char *v = hg_trace_sys(t, key);
	size_t n = v ? strspn(v, "0123456789") : 0;

	return n && n < 20 && !v[n] ? strtoull(v, NULL, 10) : 0;
}

void hg_trace_counter_from_sys(struct hg_trace *t)
{
	uint64_t step = sys_number(t, "counter_step_cycles");

	t->calib.step_cycles = step > UINT32_MAX ? UINT32_MAX : (uint32_t)step;
	t->calib.stated_hz = sys_number(t, "counter_stated_hz");
}

uint64_t hg_trace_ns(const struct hg_trace *t, uint64_t c)
{
	return c > t->t0_cycles ? hg_cycles_to_ns(c - t->t0_cycles, t->calib.tsc_hz) : 0;
}

uint64_t hg_trace_mono_ns(const struct hg_trace *t, uint64_t cycles)
{
	uint64_t d;

	if (cycles >= t->mono_start_cycles)
		return t->mono_start_ns +
			hg_cycles_to_ns(cycles - t->mono_start_cycles, t->calib.tsc_hz);
	d = hg_cycles_to_ns(t->mono_start_cycles - cycles, t->calib.tsc_hz);
	return d < t->mono_start_ns ? t->mono_start_ns - d : 0;
}

uint64_t hg_trace_mono_cycles(const struct hg_trace *t, uint64_t ns)
{
	uint64_t hz = t->calib.tsc_hz, d;

	if (ns >= t->mono_start_ns)
		return t->mono_start_cycles + hg_ns_to_cycles(ns - t->mono_start_ns, hz);
	d = hg_ns_to_cycles(t->mono_start_ns - ns, hz);
	return d < t->mono_start_cycles ? t->mono_start_cycles - d : 0;
}
