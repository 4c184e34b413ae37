// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * noise.c - the kernel's CPU time per thread and per CPU beside ours
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kernel/noise.h"
#include "trace/reccur.h"
#include "util/timeval.h"

int hg_noise_recv_init(struct hg_noise_recv *rv, const struct hg_trace *t)
{
	size_t n = t->nthreads ? t->nthreads : 1;

	memset(rv, 0, sizeof(*rv));
	rv->t = t;
	rv->on = calloc(n * (t->nnoise ? t->nnoise : 1), sizeof(*rv->on));
	rv->total = calloc(n, sizeof(*rv->total));
	rv->evon = calloc(n * (t->nnoise ? t->nnoise : 1), sizeof(*rv->evon));
	rv->piece_cpu = calloc(n, sizeof(*rv->piece_cpu));
	rv->piece_end = calloc(n, sizeof(*rv->piece_end));
	rv->piece = calloc(n, sizeof(*rv->piece));
	if (!rv->on || !rv->total || !rv->evon || !rv->piece_cpu || !rv->piece_end || !rv->piece) {
		hg_noise_recv_free(rv);
		return -ENOMEM;
	}
	return 0;
}

void hg_noise_recv_clear(struct hg_noise_recv *rv, uint32_t i)
{
	memset(&rv->on[(size_t)i * rv->t->nnoise], 0, rv->t->nnoise * sizeof(*rv->on));
	memset(&rv->evon[(size_t)i * rv->t->nnoise], 0, rv->t->nnoise * sizeof(*rv->evon));
	rv->total[i] = 0;
	rv->piece[i] = 0;
}

/*
 * Counted as hg_record_decode() reads them: an interval's pieces summed on
 * the CPU of its first, events counted on theirs; a piece not followed by
 * its rest is bad, as decoding fails there.
 */
void hg_noise_recv_add(struct hg_noise_recv *rv, uint32_t i, const struct hg_record *recs,
		       size_t n)
{
	const struct hg_trace *t = rv->t;
	uint64_t *on = &rv->on[(size_t)i * t->nnoise], *evon = &rv->evon[(size_t)i * t->nnoise];
	size_t k;
	uint32_t c;

	for (k = 0; k < n; k++) {
		const struct hg_record *r = &recs[k];
		uint32_t cpu = rv->piece[i] ? rv->piece_cpu[i] : r->cpu;

		if (rv->piece[i] && ((r->flags & HG_REC_EVENT) || r->start_cycles != rv->piece_end[i]))
			rv->bad = 1;
		if (r->flags & HG_REC_EVENT) {
			for (c = 0; c < t->nnoise; c++)
				evon[c] += t->noise[c].cpu == r->cpu;
			continue;
		}
		rv->total[i] += r->len_cycles;
		for (c = 0; c < t->nnoise; c++)
			if (t->noise[c].cpu == cpu)
				on[c] += r->len_cycles;
		rv->piece[i] = (r->flags & HG_REC_CONTINUED) != 0;
		rv->piece_cpu[i] = cpu;
		rv->piece_end[i] = r->start_cycles + r->len_cycles;
	}
}

void hg_noise_recv_free(struct hg_noise_recv *rv)
{
	free(rv->on);
	free(rv->total);
	free(rv->evon);
	free(rv->piece_cpu);
	free(rv->piece_end);
	free(rv->piece);
	memset(rv, 0, sizeof(*rv));
}

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/*
 * The time the kernel's counters of CPU @k saw pass, of which the shares
 * are taken. /proc/stat counts in ticks (10 ms), so its busy time over a
 * window of W ms may be a tick more than W (3010 ms in 3000.4 ms:
 * 100.32 %): the share is of the counters' own sum, busy + idle + steal,
 * read at the same instants, of which busy is a part. A file without the
 * idle time has the window, or busy + steal where the ticks passed it.
 */
static uint64_t counted_ns(const struct hg_trace *t, const struct hg_cpu_noise *k)
{
	uint64_t seen = k->busy_ns + k->steal_ns, all = seen + k->idle_ns;

	if (!t->noise_idle || !all)	/* an older file, or counters that stood still */
		return seen > t->noise_window_ns ? seen : t->noise_window_ns;
	return all;
}

/*
 * Thread @j's kernel CPU time shared out over the CPUs into @ours, in
 * proportion to its received time on each, or to its events on each when
 * it has no intervals (a LAT thread); @used counts the CPUs it was seen on
 * by either. Its received time stands for the kernel's where that is
 * unknown.
 */
static void share_thread(const struct hg_noise_recv *rv, uint32_t j, uint64_t *ours,
			 uint64_t *used)
{
	const struct hg_trace *t = rv->t;
	const struct hg_trace_thread *th = &t->threads[j];
	const uint64_t *on = &rv->on[(size_t)j * t->nnoise];
	const uint64_t *ev = &rv->evon[(size_t)j * t->nnoise];
	uint64_t total = rv->total[j], evtotal = 0;
	uint32_t i;

	for (i = 0; i < t->nnoise; i++)
		evtotal += ev[i];
	for (i = 0; i < t->nnoise; i++) {
		uint64_t share = hg_cycles_to_ns(on[i], t->calib.tsc_hz);

		if (th->tid && total)
			share = (uint64_t)((unsigned __int128)th->kernel_cpu_ns * on[i] / total);
		else if (th->tid && evtotal)
			share = (uint64_t)((unsigned __int128)th->kernel_cpu_ns * ev[i] / evtotal);
		ours[i] += share;
		used[i] += total ? on[i] : ev[i];
	}
}

/* CPU @k's figures into @c, @ours of its busy time the threads'. */
static void noise_cpu(const struct hg_trace *t, const struct hg_cpu_noise *k, uint64_t ours,
		      struct hg_noise_cpu *c)
{
	c->cpu = k->cpu;
	c->ours_ns = ours;
	c->other_ns = k->busy_ns > ours ? k->busy_ns - ours : 0;
	c->steal_ns = k->steal_ns;
	c->irqs = k->irqs;
	c->softirqs = k->softirqs;
	c->counted_ns = counted_ns(t, k);
	c->other_pct = pct(c->other_ns, c->counted_ns);
	c->steal_pct = pct(c->steal_ns, c->counted_ns);
	c->quiet = c->other_pct <= HG_NOISE_QUIET_PCT && c->steal_pct <= HG_NOISE_QUIET_PCT;
}

int hg_noise_compute_recv(const struct hg_noise_recv *rv, struct hg_noise *nz)
{
	const struct hg_trace *t = rv->t;
	uint64_t *ours, *used;
	uint32_t i, j, n = 0;
	bool any = false;
	int ret = 0;

	nz->n = 0;
	nz->cpu = NULL;
	nz->quiet = true;
	nz->window_ns = t->noise_window_ns;
	if (!t->nnoise || !t->noise_window_ns)
		return -ENODATA;
	for (j = 0; j < t->nthreads; j++)
		if (rv->piece[j])
			return -EINVAL;	/* the last record a continued piece */
	if (rv->bad)
		return -EINVAL;
	ours = calloc(t->nnoise, sizeof(*ours));
	used = calloc(t->nnoise, sizeof(*used));
	nz->cpu = calloc(t->nnoise, sizeof(*nz->cpu));
	if (!ours || !used || !nz->cpu) {
		ret = -ENOMEM;
		goto out;
	}
	for (j = 0; j < t->nthreads; j++)
		share_thread(rv, j, ours, used);
	for (i = 0; i < t->nnoise; i++)
		any |= used[i] != 0;
	for (i = 0; i < t->nnoise; i++) {
		if (any && !used[i])
			continue;
		noise_cpu(t, &t->noise[i], ours[i], &nz->cpu[n]);
		nz->quiet &= nz->cpu[n].quiet;
		n++;
	}
	nz->n = n;
out:
	free(ours);
	free(used);
	if (ret)
		hg_noise_free(nz);
	return ret;
}

/* Thread @i's records into @rv, a chunk at a time; 0 or -errno. */
static int recv_thread(struct hg_noise_recv *rv, uint32_t i)
{
	const struct hg_record *recs;
	struct hg_reccur c;
	size_t n;
	int ret;

	hg_reccur_init(&c, &rv->t->threads[i]);
	while (!(ret = hg_reccur_chunk(&c, &recs, &n)) && n)
		hg_noise_recv_add(rv, i, recs, n);
	hg_reccur_free(&c);
	return ret;
}

int hg_noise_compute(const struct hg_trace *t, struct hg_noise *nz)
{
	struct hg_noise_recv rv;
	uint32_t i;
	int ret;

	if (!t->nnoise || !t->noise_window_ns)
		return hg_noise_compute_recv(&(struct hg_noise_recv){ .t = t }, nz);
	ret = hg_noise_recv_init(&rv, t);
	if (ret)
		return ret;
	for (i = 0; i < t->nthreads && !ret; i++)
		ret = recv_thread(&rv, i);
	if (!ret)
		ret = hg_noise_compute_recv(&rv, nz);
	hg_noise_recv_free(&rv);
	return ret;
}

void hg_noise_free(struct hg_noise *nz)
{
	free(nz->cpu);
	nz->cpu = NULL;
	nz->n = 0;
}
