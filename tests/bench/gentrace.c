// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gentrace.c - write a synthetic trace of many records, for benchmarking
 * the analyses without a long run (test-only)
 *
 * usage: gentrace <out.hgt> <records> [<threads>] [<cpus>] [lat]
 *
 * The threads share the CPUs round robin (thread i on CPU i % cpus); on
 * each CPU they take turns, each running 0.1 to 1 ms, then yielding (one
 * in four intervals) or being preempted, with switch costs of 1 to 6 us
 * and an occasional interrupt (the same thread resumes). With "lat", each
 * thread is a LAT 100us thread instead, every record a wake-up's lateness
 * (1 to 100 us; what lat reads). A 1 GHz counter
 * keeps the numbers readable. Deterministic: the same arguments give the
 * same file.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/record.h"
#include "trace/timeval.h"
#include "trace/trace.h"

static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A LAT sample of thread @tt at @at: lateness of 1 to 100 us, counted. */
static struct hg_record lat_sample(struct hg_trace_thread *tt, uint64_t at, uint64_t r)
{
	uint64_t late = 1000 + r % 99000;
	struct hg_record rec = { .start_cycles = at, .len_cycles = (uint32_t)late,
				 .cpu = 0, .flags = hg_event_flags(HG_EV_LAT, 0) };

	hg_hist_add(&tt->stats.events, late);
	tt->stats.hits++;
	return rec;
}

static int fill(struct hg_trace *t, uint64_t total, unsigned int ncpus, int lat)
{
	uint64_t *clock = calloc(ncpus, sizeof(*clock)), seed = 88172645463325252ULL, n = 0;
	uint64_t *cap = calloc(t->nthreads, sizeof(*cap));
	unsigned int *turn = calloc(ncpus, sizeof(*turn)), i;

	if (!clock || !turn || !cap) {
		free(clock);
		free(turn);
		free(cap);
		return -1;
	}
	for (i = 0; i < ncpus; i++)
		clock[i] = t->t0_cycles + 1000;
	while (n < total) {
		for (i = 0; i < ncpus && n < total; i++) {
			unsigned int per_cpu = (t->nthreads - i + ncpus - 1) / ncpus;
			unsigned int th = i + ncpus * (turn[i] % (per_cpu ? per_cpu : 1));
			struct hg_trace_thread *tt = &t->threads[th];
			uint64_t len = 100000 + next_rand(&seed) % 900000;
			uint64_t r = next_rand(&seed);
			struct hg_record rec;

			if (th >= t->nthreads)
				continue;
			if (tt->stored == cap[th]) {
				struct hg_record *nr;

				cap[th] = cap[th] ? cap[th] * 2 : 4096;
				nr = realloc(tt->recs, cap[th] * sizeof(*nr));
				if (!nr) {
					free(clock);
					free(turn);
					free(cap);
					return -1;
				}
				tt->recs = nr;
			}
			if (lat) {
				rec = lat_sample(tt, clock[i], r);
				rec.cpu = (uint16_t)i;
				tt->recs[tt->stored++] = rec;
				clock[i] += 100000;
				turn[i]++;
				n++;
				continue;
			}
			hg_record_encode(&rec, 1, clock[i], len, i, r % 4 == 0 ? HG_REC_YIELD : 0);
			tt->recs[tt->stored++] = rec;
			if (!tt->stats.intervals)
				tt->stats.first_cycles = clock[i];
			tt->stats.intervals++;
			tt->stats.received_cycles += len;
			tt->stats.last_cycles = clock[i] + len;
			clock[i] += len + 1000 + (r >> 8) % 5000;
			if ((r >> 20) % 8)	/* else an interrupt: the same thread resumes */
				turn[i]++;
			n++;
		}
	}
	for (i = 0; i < t->nthreads; i++) {
		struct hg_trace_thread *tt = &t->threads[i];
		uint64_t k;

		for (k = 1; k < tt->stored; k++)
			hg_hist_add(&tt->stats.gaps, tt->recs[k].start_cycles -
				    (tt->recs[k - 1].start_cycles + tt->recs[k - 1].len_cycles));
		tt->end_cycles = tt->stats.last_cycles;
	}
	for (i = 0; i < ncpus; i++)
		if (clock[i] > t->stop_cycles)
			t->stop_cycles = clock[i];
	free(clock);
	free(turn);
	free(cap);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned int nthreads = argc > 3 ? (unsigned int)strtoul(argv[3], NULL, 10) : 10;
	unsigned int ncpus = argc > 4 ? (unsigned int)strtoul(argv[4], NULL, 10) : 2, i;
	int lat = argc > 5 && !strcmp(argv[5], "lat");
	uint64_t total;
	struct hg_trace *t;
	char err[256];

	if (argc < 3 || hg_parse_u64(argv[2], &total) || !nthreads || !ncpus ||
	    (argc > 5 && !lat)) {
		fprintf(stderr, "usage: gentrace <out.hgt> <records> [<threads>] [<cpus>] [lat]\n");
		return 2;
	}
	t = hg_trace_alloc(nthreads);
	if (!t)
		return 1;
	t->calib.tsc_hz = 1000000000ULL;
	t->calib.invariant = true;
	t->calib.gap_threshold_cycles = 100;
	t->calib.gap_threshold_ns = 100;
	t->t0_cycles = 1000000;
	t->mono_start_cycles = t->t0_cycles;
	t->mono_start_ns = 5000000000ULL;
	t->capacity = total;
	t->flags = HG_TRACE_MEMLOCKED;
	t->cmdline = strdup("gentrace");
	hg_trace_add_sys(t, "counter", "synthetic");
	for (i = 0; i < nthreads; i++) {
		struct hg_trace_thread *tt = &t->threads[i];

		snprintf(tt->workload, sizeof(tt->workload), lat ? "LAT 100us" : "CPU_YIELD 1ms");
		if (lat) {
			tt->model = HG_MODEL_LAT;
			tt->period_ns = 100000;
		}
		snprintf(tt->priority, sizeof(tt->priority), "NORMAL (SCHED_OTHER nice 0)");
		snprintf(tt->cpus, sizeof(tt->cpus), "%u", i % ncpus);
		tt->begin_cycles = t->t0_cycles;
		tt->gap_threshold_cycles = 100;
	}
	if (fill(t, total, ncpus, lat)) {
		fprintf(stderr, "gentrace: out of memory\n");
		return 1;
	}
	t->duration_ns = hg_cycles_to_ns(t->stop_cycles - t->t0_cycles, t->calib.tsc_hz);
	t->mono_end_cycles = t->stop_cycles;
	t->mono_end_ns = t->mono_start_ns + t->duration_ns;
	for (i = 0; i < nthreads; i++)
		t->threads[i].end_cycles = t->stop_cycles;
	if (hg_trace_write(t, argv[1], err, sizeof(err))) {
		fprintf(stderr, "gentrace: %s\n", err);
		return 1;
	}
	hg_trace_free(t);
	return 0;
}
