// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * meta.c - what a run was, for every JSON document (see meta.h)
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report/audit.h"
#include "report/load.h"
#include "report/meta.h"
#include "trace/timeval.h"
#include "trace/trace.h"

void hg_meta_run(struct hg_json *j, const struct hg_trace *t)
{
	uint64_t stored = 0, dropped = 0;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		stored += t->threads[i].stored;
		dropped += t->threads[i].dropped;
	}
	hg_json_string(j, "command", t->cmdline);
	hg_json_u64(j, "threads", t->nthreads);
	hg_json_u64(j, "duration_ns", t->duration_ns);
	hg_json_u64(j, "elapsed_ns", hg_trace_ns(t, t->stop_cycles));
	hg_json_u64(j, "tsc_hz", t->calib.tsc_hz);
	hg_json_u64(j, "t0_cycles", t->t0_cycles);
	hg_json_u64(j, "t0_monotonic_ns", hg_trace_mono_ns(t, t->t0_cycles));
	hg_json_u64(j, "start_realtime_ns", t->realtime_start_ns);
	hg_json_u64(j, "start_monotonic_ns", t->mono_start_ns);
	hg_json_u64(j, "start_cycles", t->mono_start_cycles);
	hg_json_u64(j, "end_monotonic_ns", t->mono_end_ns);
	hg_json_u64(j, "end_cycles", t->mono_end_cycles);
	hg_json_bool(j, "interrupted", (t->flags & HG_TRACE_INTERRUPTED) != 0);
	if (t->signal)
		hg_json_i64(j, "signal", t->signal);
	else
		hg_json_null(j, "signal");
	hg_json_bool(j, "memory_locked", (t->flags & HG_TRACE_MEMLOCKED) != 0);
	hg_json_u64(j, "capacity_records", t->capacity);
	hg_json_u64(j, "stored_records", stored);
	hg_json_u64(j, "dropped_records", dropped);
}

/* Whether @key ends in @suffix. */
static int ends(const char *key, const char *suffix)
{
	size_t k = strlen(key), s = strlen(suffix);

	return k > s && !strcmp(key + k - s, suffix);
}

/* @s as a whole number in *@v; -EINVAL when it is not one. */
static int whole(const char *s, int64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	return end == s || *end || errno ? -EINVAL : 0;
}

/* Counts separated by blanks, one per CPU, as an array. */
static void per_cpu(struct hg_json *j, const char *key, const char *v)
{
	const char *p = v;
	char *end;

	hg_json_row(j, key);
	while (p && *p) {
		unsigned long long n;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		errno = 0;
		n = strtoull(p, &end, 10);
		if (end == p || errno || (*end && *end != ' ')) {
			hg_json_null(j, NULL);	/* not a count: never guessed */
			end = strchr(p, ' ');
			if (!end)
				break;
		} else {
			hg_json_u64(j, NULL, n);
		}
		p = end;
	}
	hg_json_close(j);
}

/*
 * The request for no deep idle states as a figure: the run stores "0 us,
 * held during the run" or why it could not set one; "us" is null then.
 */
static void dma_latency(struct hg_json *j, const char *key, const char *v)
{
	static const char held[] = " us, held during the run";
	size_t n = strspn(v, "0123456789");
	unsigned long long us;

	hg_json_obj(j, key);
	if (n && n < 20 && !strcmp(v + n, held)) {
		us = strtoull(v, NULL, 10);
		hg_json_u64(j, "us", us);
		hg_json_bool(j, "held", true);
	} else {
		hg_json_null(j, "us");
		hg_json_bool(j, "held", false);
	}
	hg_json_close(j);
}

void hg_meta_system(struct hg_json *j, const struct hg_trace *t)
{
	static const char *const units[] = { "_us", "_ns", "_hz", "_cycles", "_count" };
	size_t k, u;

	for (k = 0; k < t->nsys; k++) {
		const char *key = t->sys[k].key, *v = t->sys[k].value;
		int64_t n;

		if (hg_is_load_key(key) || hg_is_audit_key(key) || hg_is_audit_fix_key(key))
			continue;	/* the summary's "load" and "audit" */
		if (!strncmp(key, "interrupts_", 11)) {
			per_cpu(j, key, v);
			continue;
		}
		if (!strcmp(key, "cpu_dma_latency")) {
			dma_latency(j, key, v);
			continue;
		}
		for (u = 0; u < sizeof(units) / sizeof(units[0]); u++)
			if (ends(key, units[u]))
				break;
		if (u == sizeof(units) / sizeof(units[0]))
			hg_json_string(j, key, v);
		else if (whole(v, &n))
			hg_json_null(j, key);
		else
			hg_json_i64(j, key, n);
	}
}

void hg_meta_calib(struct hg_json *j, const struct hg_calib *c, const char *counter)
{
	hg_json_string(j, "counter", counter);
	hg_json_u64(j, "tsc_hz", c->tsc_hz);
	hg_json_num(j, "tick_ns", c->tsc_hz ? 1e9 / (double)c->tsc_hz : 0.0, 3);
	if (c->stated_hz)
		hg_json_u64(j, "stated_hz", c->stated_hz);
	else
		hg_json_null(j, "stated_hz");
	hg_json_u64(j, "step_cycles", c->step_cycles ? c->step_cycles : 1);
	hg_json_bool(j, "coarse", hg_calib_coarse(c));
	hg_json_bool(j, "invariant", c->invariant);
	hg_json_u64(j, "rounds", c->rounds);
	hg_json_u64(j, "agree_ppm", c->agree_ppm);
	hg_json_u64(j, "counter_read_cycles", c->counter_read_cycles);
	hg_json_milli(j, "bare_loop_cycles", c->bare_loop_mcycles);
	hg_json_milli(j, "gap_loop_cycles", c->gap_loop_mcycles);
	hg_json_num(j, "loop_ratio", c->bare_loop_mcycles ?
		    (double)c->gap_loop_mcycles / c->bare_loop_mcycles : 0.0, 4);
	hg_json_u64(j, "iteration_p999_cycles", c->iter_p999_cycles);
	hg_json_u64(j, "gap_threshold_cycles", c->gap_threshold_cycles);
	hg_json_u64(j, "gap_threshold_ns", c->gap_threshold_ns);
	hg_json_string(j, "gap_threshold_source", c->threshold_given ? "given" : "derived");
	if (c->hiccup_cycles) {
		hg_json_u64(j, "hiccup_floor_cycles", c->hiccup_cycles);
		hg_json_u64(j, "hiccup_floor_ns", hg_cycles_to_ns(c->hiccup_cycles, c->tsc_hz));
	} else {
		hg_json_null(j, "hiccup_floor_cycles");
		hg_json_null(j, "hiccup_floor_ns");
	}
}

const char *hg_meta_model_name(uint32_t model)
{
	static const char *const names[] = {
		[HG_MODEL_SPIN] = "cpu",
		[HG_MODEL_PERIODIC] = "periodic",
		[HG_MODEL_CPU_PERIODIC] = "cpu_periodic",
		[HG_MODEL_LAT] = "lat",
	};

	return model <= HG_MODEL_LAT ? names[model] : "unknown";
}
