// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * export_perfetto.c - a saved trace as Chrome trace-event JSON, which
 * Perfetto and chrome://tracing open; the layout is described in export.h
 *
 * The document's frame and its "otherData" (the run's metadata, meta.h)
 * are written by the JSON writer; the events, millions of them, are
 * formatted straight into the output buffer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/gaps/attrib.h"
#include "analysis/kernel/kslices.h"
#include "export/export.h"
#include "export/exportbuf.h"
#include "export/exportint.h"
#include "report/json.h"
#include "report/meta.h"
#include "util/errlen.h"
#include "util/timeval.h"

#define PF_THREADS_PID 1	/* without the run's pid (older files) */
#define PF_CPUS_PID 2
#define PF_CPUS_PID_BESIDE (1u << 30)	/* beside real pids: above pid_max */
#define PF_MAX_CPUS 65536	/* a record's CPU is 16 bits */

/* The fixed parts of an event, after its name. */
#define PF_ON_THREADS(cat, ph) \
	"\",\"cat\":\"" cat "\",\"ph\":\"" ph "\",\"pid\":"
#define PF_ON_CPUS(cat, ph) PF_ON_THREADS(cat, ph)

struct pf {
	uint64_t pid;				/* of the threads' process */
	uint64_t cpus_pid;			/* of the CPU tracks' */
	struct hg_out *o;
	const struct hg_trace *t;
	struct hg_json *j;			/* the document, in "traceEvents" */
	int cpus_named;				/* the process "CPUs" named */
	uint64_t cpu_named[PF_MAX_CPUS / 64];	/* CPU tracks named */
	uint64_t kcpu_named[2][PF_MAX_CPUS / 64];	/* kernel tracks: interrupts, tasks */
};

/*
 * Track ids: Perfetto takes every event's tid for a thread, names threads by
 * tid alone and treats tid 0 as the idle task, so tids are unique across
 * both processes. A trace that kept them has the run's real pid and each
 * thread's kernel tid, so the export lines up with a kernel trace of the
 * same run; the CPU tracks then lie above any pid the kernel gives
 * (pid_max is at most 2^22). An older trace gets pids 1 and 2 and tids
 * after them.
 */
static uint64_t pf_thread_tid(const struct pf *pf, uint32_t i)
{
	return pf->t->threads[i].tid ? pf->t->threads[i].tid : 3 + (uint64_t)i;
}

static uint64_t pf_cpu_tid(const struct pf *pf, unsigned int cpu)
{
	if (pf->cpus_pid == PF_CPUS_PID_BESIDE)
		return PF_CPUS_PID_BESIDE + 1 + (uint64_t)cpu;
	return 3 + (uint64_t)pf->t->nthreads + cpu;
}

/* CPU @cpu's track of the kernel's interrupts (@tasks 0) or other tasks (1). */
static uint64_t pf_kernel_tid(const struct pf *pf, unsigned int cpu, int tasks)
{
	return pf_cpu_tid(pf, cpu) + (uint64_t)PF_MAX_CPUS * (tasks ? 2 : 1);
}

/* "<pid>,\"tid\":<tid>" of thread @i's track, after PF_ON_THREADS(). */
static char *put_thread_ids(char *p, const struct pf *pf, uint32_t i)
{
	p = hg_put_num(p, pf->pid);
	PUT(p, ",\"tid\":");
	return hg_put_num(p, pf_thread_tid(pf, i));
}

/* The same for CPU @cpu's track, after PF_ON_CPUS(). */
static char *put_cpu_ids(char *p, const struct pf *pf, unsigned int cpu)
{
	p = hg_put_num(p, pf->cpus_pid);
	PUT(p, ",\"tid\":");
	return hg_put_num(p, pf_cpu_tid(pf, cpu));
}

/*
 * A metadata event: {"name": @what, "ph": "M", ..., "args": {"name": @str}}
 * or, without @str, {"sort_index": @num}.
 */
static void pf_meta(struct pf *pf, const char *what, uint64_t pid, uint64_t tid,
		    const char *str, uint64_t num)
{
	struct hg_out *o = pf->o;

	hg_out_done(o, hg_json_prefix(pf->j, hg_out_room(o, HG_JSON_PREFIX)));
	OUT_LIT(o, "{\"name\":");
	hg_out_jstr(o, what);
	OUT_LIT(o, ",\"ph\":\"M\"");
	hg_out_kv_u64(o, "pid", pid);
	hg_out_kv_u64(o, "tid", tid);
	if (str) {
		OUT_LIT(o, ",\"args\":{\"name\":");
		hg_out_jstr(o, str);
	} else {
		OUT_LIT(o, ",\"args\":{\"sort_index\":");
		hg_out_u64(o, num);
	}
	OUT_LIT(o, "}}");
}

static void pf_track(struct pf *pf, uint64_t pid, uint64_t tid, const char *name,
		     uint64_t sort)
{
	pf_meta(pf, "thread_name", pid, tid, name, 0);
	pf_meta(pf, "thread_sort_index", pid, tid, NULL, sort);
}

/* Name CPU @cpu's track (and the process "CPUs") when first used. */
static void pf_cpu_track(struct pf *pf, unsigned int cpu)
{
	char name[32];

	if (pf->cpu_named[cpu / 64] & (1ULL << (cpu % 64)))
		return;
	pf->cpu_named[cpu / 64] |= 1ULL << (cpu % 64);
	if (!pf->cpus_named) {
		pf_meta(pf, "process_name", pf->cpus_pid, pf->cpus_pid, "CPUs", 0);
		pf_meta(pf, "process_sort_index", pf->cpus_pid, pf->cpus_pid, NULL, 1);
		pf->cpus_named = 1;
	}
	snprintf(name, sizeof(name), "CPU %u", cpu);
	pf_track(pf, pf->cpus_pid, pf_cpu_tid(pf, cpu), name, cpu);
}

static void pf_thread_track(struct pf *pf, uint32_t i)
{
	const struct hg_trace_thread *th = &pf->t->threads[i];
	char name[3 * HG_LABEL_LEN];

	snprintf(name, sizeof(name), "thread %u: %s %s", th->id, th->workload, th->priority);
	pf_track(pf, pf->pid, pf_thread_tid(pf, i), name, i);
}

static const struct hg_word ended_by[] = {
	WORD("preempt"), WORD("yield"), WORD("sleep"), WORD("end"),
};

static const struct hg_word *ended(unsigned int flags)
{
	if (flags & HG_REC_LAST)
		return &ended_by[3];
	if (flags & HG_REC_SLEEP)
		return &ended_by[2];
	if (flags & HG_REC_YIELD)
		return &ended_by[1];
	return &ended_by[0];
}

/* ,"ts":<start>,"dur":<length> in us with three decimals */
static char *put_span(char *p, uint64_t mono_ns, uint64_t mono_end_ns)
{
	PUT(p, ",\"ts\":");
	p = hg_put_us3(p, mono_ns);
	PUT(p, ",\"dur\":");
	return hg_put_us3(p, mono_end_ns > mono_ns ? mono_end_ns - mono_ns : 0);
}

/* An interval: on its thread's track and on its CPU's. */
static void pf_interval(struct pf *pf, uint32_t i, const struct hg_export_item *it)
{
	const struct hg_word *end = ended(it->flags);
	uint32_t id = pf->t->threads[i].id;
	char span[80];		/* two numbers of 20 digits and their keys */
	size_t n = (size_t)(put_span(span, it->mono_ns, it->mono_end_ns) - span);
	char *p;

	pf_cpu_track(pf, it->cpu);
	p = hg_out_room(pf->o, 2 * OUT_ROW);
	p = hg_json_prefix(pf->j, p);
	PUT(p, "{\"name\":\"cpu ");
	p = hg_put_num(p, it->cpu);
	PUT(p, PF_ON_THREADS("interval", "X"));
	p = put_thread_ids(p, pf, i);
	memcpy(p, span, n);
	p += n;
	PUT(p, ",\"args\":{\"cpu\":");
	p = hg_put_num(p, it->cpu);
	PUT(p, ",\"ended_by\":\"");
	p = hg_put_word(p, end);
	PUT(p, "\"}}");
	p = hg_json_prefix(pf->j, p);
	PUT(p, "{\"name\":\"thread ");
	p = hg_put_num(p, id);
	PUT(p, PF_ON_CPUS("cpu", "X"));
	p = put_cpu_ids(p, pf, it->cpu);
	memcpy(p, span, n);
	p += n;
	PUT(p, ",\"args\":{\"thread\":");
	p = hg_put_num(p, id);
	PUT(p, ",\"ended_by\":\"");
	p = hg_put_word(p, end);
	PUT(p, "\"}}");
	hg_out_done(pf->o, p);
}

/* A job's begin or end event, up to its timestamp. */
static char *put_job(char *p, struct pf *pf, uint32_t i, uint64_t k, int begin,
		     uint64_t mono_ns)
{
	uint32_t id = pf->t->threads[i].id;

	p = hg_json_prefix(pf->j, p);
	PUT(p, "{\"name\":\"thread ");
	p = hg_put_num(p, id);
	if (begin)
		PUT(p, ": job" PF_ON_THREADS("job", "b"));
	else
		PUT(p, ": job" PF_ON_THREADS("job", "e"));
	p = put_thread_ids(p, pf, i);
	PUT(p, ",\"id\":\"");
	p = hg_put_num(p, id);
	*p++ = '.';
	p = hg_put_num(p, k);
	PUT(p, "\",\"ts\":");
	return hg_put_us3(p, mono_ns);
}

/*
 * Job @k: an async slice from release to completion, and for a missed
 * deadline an instant on the thread's track where it passed. Not a
 * complete event on the thread's track: after an overrun a job is released
 * before the one before it is done and one interval runs both, so slices
 * on one track would not nest; the viewers lay async slices of one name
 * out in rows that do not overlap.
 */
static void pf_job(struct pf *pf, uint32_t i, const struct hg_export_item *it, uint64_t k)
{
	const struct hg_trace_thread *th = &pf->t->threads[i];
	int miss = !!(it->flags & HG_REC_MISS);
	char *p = hg_out_room(pf->o, 3 * OUT_ROW);

	p = put_job(p, pf, i, k, 1, it->mono_ns);
	PUT(p, ",\"args\":{\"response_ns\":");
	p = hg_put_num(p, it->value_ns);
	if (miss)
		PUT(p, ",\"deadline_miss\":true}}");
	else
		PUT(p, ",\"deadline_miss\":false}}");
	p = put_job(p, pf, i, k, 0, it->mono_end_ns);
	*p++ = '}';
	if (miss) {
		p = hg_json_prefix(pf->j, p);
		PUT(p, "{\"name\":\"deadline miss" PF_ON_THREADS("job", "i"));
		p = put_thread_ids(p, pf, i);
		PUT(p, ",\"s\":\"t\",\"ts\":");
		p = hg_put_us3(p, th->deadline_ns ? it->mono_ns + th->deadline_ns :
			    it->mono_end_ns);
		PUT(p, ",\"args\":{\"job\":");
		p = hg_put_num(p, k);
		PUT(p, ",\"response_ns\":");
		p = hg_put_num(p, it->value_ns);
		PUT(p, "}}");
	}
	hg_out_done(pf->o, p);
}

/* A latency sample: the counter "thread N: lateness" at the requested wake-up. */
static void pf_lat(struct pf *pf, uint32_t i, const struct hg_export_item *it)
{
	char *p = hg_out_room(pf->o, OUT_ROW);

	p = hg_json_prefix(pf->j, p);
	PUT(p, "{\"name\":\"thread ");
	p = hg_put_num(p, pf->t->threads[i].id);
	PUT(p, ": lateness" PF_ON_THREADS("lat", "C"));
	p = put_thread_ids(p, pf, i);
	PUT(p, ",\"ts\":");
	p = hg_put_us3(p, it->mono_ns);
	PUT(p, ",\"args\":{\"ns\":");
	p = hg_put_num(p, it->value_ns);
	PUT(p, "}}");
	hg_out_done(pf->o, p);
}

/* A frame done or a period missed: an instant at its end. */
static void pf_frame(struct pf *pf, uint32_t i, const struct hg_export_item *it)
{
	char *p = hg_out_room(pf->o, OUT_ROW);

	p = hg_json_prefix(pf->j, p);
	if (it->kind == HG_EXPORT_FRAME)
		PUT(p, "{\"name\":\"frame" PF_ON_THREADS("frame", "i"));
	else
		PUT(p, "{\"name\":\"period miss" PF_ON_THREADS("frame", "i"));
	p = put_thread_ids(p, pf, i);
	PUT(p, ",\"s\":\"t\",\"ts\":");
	p = hg_put_us3(p, it->mono_end_ns);
	if (it->kind == HG_EXPORT_FRAME)
		PUT(p, ",\"args\":{\"frame_ns\":");
	else
		PUT(p, ",\"args\":{\"period_ns\":");
	p = hg_put_num(p, it->value_ns);
	PUT(p, "}}");
	hg_out_done(pf->o, p);
}

static int pf_thread(struct pf *pf, uint32_t i)
{
	const struct hg_trace_thread *th = &pf->t->threads[i];
	struct hg_export_item it;
	uint64_t jobs = 0;
	struct hg_reccur c;
	int ret;

	pf_thread_track(pf, i);
	hg_reccur_init(&c, th);
	while ((ret = hg_export_next(pf->t, &c, &it)) > 0) {
		switch (it.kind) {
		case HG_EXPORT_INTERVAL:
			pf_interval(pf, i, &it);
			break;
		case HG_EXPORT_JOB:
			pf_job(pf, i, &it, jobs++);
			break;
		case HG_EXPORT_LAT:
			pf_lat(pf, i, &it);
			break;
		default:
			pf_frame(pf, i, &it);
			break;
		}
	}
	hg_reccur_free(&c);
	return ret;
}

/* "chain <name> hop <k + 1>: thread <a> to <b>", the same at both ends of a flow. */
static char *put_flow_name(char *p, const struct hg_chain_run *ch, uint32_t k)
{
	PUT(p, "chain ");
	p = stpcpy(p, ch->name);	/* letters, digits, _ - . only */
	PUT(p, " hop ");
	p = hg_put_num(p, k + 1);
	PUT(p, ": thread ");
	p = hg_put_num(p, ch->stage[k].thread);
	PUT(p, " to ");
	return hg_put_num(p, ch->stage[k + 1].thread);
}

/* One end of a chain's flow: "s" at the producer's finish, "f" at the reader's start. */
static char *put_flow(char *p, struct pf *pf, const struct hg_chain_run *ch, uint32_t k,
		      uint64_t n, int start, uint64_t mono_ns, uint64_t seq)
{
	uint32_t i = ch->stage[start ? k : k + 1].thread;

	p = hg_json_prefix(pf->j, p);
	PUT(p, "{\"name\":\"");
	p = put_flow_name(p, ch, k);
	if (start)
		PUT(p, PF_ON_THREADS("chain", "s"));
	else
		PUT(p, PF_ON_THREADS("chain", "f"));
	p = put_thread_ids(p, pf, i);
	if (!start)
		PUT(p, ",\"bp\":\"e\"");
	PUT(p, ",\"id\":\"");
	p = stpcpy(p, ch->name);
	*p++ = '.';
	p = hg_put_num(p, k);
	*p++ = '.';
	p = hg_put_num(p, n);
	PUT(p, "\",\"ts\":");
	p = hg_put_us3(p, mono_ns);
	PUT(p, ",\"args\":{\"chain\":\"");
	p = stpcpy(p, ch->name);
	PUT(p, "\",\"hop\":");
	p = hg_put_num(p, k + 1);
	PUT(p, ",\"from_thread\":");
	p = hg_put_num(p, ch->stage[k].thread);
	PUT(p, ",\"to_thread\":");
	p = hg_put_num(p, ch->stage[k + 1].thread);
	PUT(p, ",\"input\":");
	p = hg_put_num(p, seq);
	PUT(p, "}}");
	return p;
}

/*
 * --chain: a flow for each output of a thread read by the next (the first
 * job that read it), from the producer's finish to the reader's start
 */
static void pf_chains(struct pf *pf)
{
	const struct hg_chainset *cs = pf->t->chains;
	uint32_t c, k;
	uint64_t n;

	for (c = 0; cs && c < cs->n; c++)
		for (k = 0; k + 1 < cs->chain[c].nstages; k++) {
			const struct hg_chain_stage *st = &cs->chain[c].stage[k + 1];
			uint64_t prev = HG_CHAIN_NO_SEQ;

			for (n = 0; n < st->n; n++) {
				const struct hg_chain_job *j = &st->jobs[n];
				char *p;

				if (j->seq == HG_CHAIN_NO_SEQ || j->seq == prev)
					continue;
				prev = j->seq;
				p = hg_out_room(pf->o, 2 * OUT_ROW);
				p = put_flow(p, pf, &cs->chain[c], k, n, 1, j->avail_ns, j->seq);
				p = put_flow(p, pf, &cs->chain[c], k, n, 0, j->start_ns, j->seq);
				hg_out_done(pf->o, p);
			}
		}
}

/* Another task's run inside a worker's gap, on its CPU's track. */
static int pf_other(const struct hg_sched_run *r, void *arg)
{
	struct pf *pf = arg;
	struct hg_out *o = pf->o;
	char span[80], *p;
	size_t n;

	n = (size_t)(put_span(span, hg_trace_mono_ns(pf->t, r->start_cycles),
			      hg_trace_mono_ns(pf->t, r->end_cycles)) - span);
	pf_cpu_track(pf, r->cpu);
	hg_out_done(o, hg_json_prefix(pf->j, hg_out_room(o, HG_JSON_PREFIX)));
	OUT_LIT(o, "{\"name\":");
	hg_out_jstr(o, r->comm);
	OUT_LIT(o, ",\"cat\":\"other\",\"ph\":\"X\"");
	hg_out_kv_u64(o, "pid", pf->cpus_pid);
	hg_out_kv_u64(o, "tid", pf_cpu_tid(pf, r->cpu));
	p = hg_out_room(o, sizeof(span));
	memcpy(p, span, n);
	hg_out_done(o, p + n);
	OUT_LIT(o, ",\"args\":{\"pid\":");
	hg_out_u64(o, r->pid);
	OUT_LIT(o, "}}");
	return 0;
}

/*
 * A slice of the kernel's events (--kernel) on its CPU's track of
 * interrupts or of tasks; our threads' runs are on their own tracks.
 */
static int pf_kslice(const struct hg_kslice *s, void *arg)
{
	struct pf *pf = arg;
	struct hg_out *o = pf->o;
	int tasks = s->kind == HG_KC_TASK;
	char span[80], name[HG_KATTR_NAME_LEN + 16], *p;
	size_t n;

	if (tasks && s->ours)
		return 0;
	pf_cpu_track(pf, s->cpu);
	if (!(pf->kcpu_named[tasks][s->cpu / 64] & (1ULL << (s->cpu % 64)))) {
		pf->kcpu_named[tasks][s->cpu / 64] |= 1ULL << (s->cpu % 64);
		snprintf(name, sizeof(name), "CPU %u: %s", s->cpu,
			 tasks ? "other tasks" : "interrupts");
		pf_track(pf, pf->cpus_pid, pf_kernel_tid(pf, s->cpu, tasks), name,
			 PF_MAX_CPUS + 2 * (uint64_t)s->cpu + (uint64_t)tasks);
	}
	n = (size_t)(put_span(span, hg_trace_mono_ns(pf->t, s->start_cycles),
			      hg_trace_mono_ns(pf->t, s->end_cycles)) - span);
	if (tasks)
		snprintf(name, sizeof(name), "%s", s->name);
	else
		snprintf(name, sizeof(name), "%s %s", hg_kcause_name(s->kind), s->name);
	hg_out_done(o, hg_json_prefix(pf->j, hg_out_room(o, HG_JSON_PREFIX)));
	OUT_LIT(o, "{\"name\":");
	hg_out_jstr(o, name);
	OUT_LIT(o, ",\"cat\":\"kernel\",\"ph\":\"X\"");
	hg_out_kv_u64(o, "pid", pf->cpus_pid);
	hg_out_kv_u64(o, "tid", pf_kernel_tid(pf, s->cpu, tasks));
	p = hg_out_room(o, sizeof(span));
	memcpy(p, span, n);
	hg_out_done(o, p + n);
	OUT_LIT(o, ",\"args\":{\"kind\":");
	hg_out_jstr(o, hg_kcause_name(s->kind));
	if (tasks) {
		OUT_LIT(o, ",\"pid\":");
		hg_out_u64(o, s->pid);
	}
	OUT_LIT(o, "}}");
	return 0;
}

static int pf_no_gap(const struct hg_sched_gap *g __attribute__((unused)),
		     void *arg __attribute__((unused)))
{
	return 0;
}

static int perfetto(struct hg_out *o, const struct hg_trace *t, const struct hg_attrib_in *sched)
{
	struct pf *pf = calloc(1, sizeof(*pf));
	struct hg_json j;
	uint32_t i;
	int ret = 0;

	if (!pf)
		return -ENOMEM;
	pf->o = o;
	pf->t = t;
	pf->pid = t->pid ? t->pid : PF_THREADS_PID;
	pf->cpus_pid = t->pid ? PF_CPUS_PID_BESIDE : PF_CPUS_PID;
	pf->j = &j;
	hg_json_begin(&j, o->f);
	hg_json_obj(&j, NULL);
	hg_json_arr(&j, "traceEvents");
	pf_meta(pf, "process_name", pf->pid, pf->pid, "hourglass threads", 0);
	pf_meta(pf, "process_sort_index", pf->pid, pf->pid, NULL, 0);
	for (i = 0; i < t->nthreads && !ret; i++)
		ret = pf_thread(pf, i);
	if (!ret)
		pf_chains(pf);
	if (!ret && sched) {
		char err[HG_ERR_LEN];

		ret = hg_attribute(t, sched, pf_no_gap, pf_other, pf, NULL, err, sizeof(err));
	}
	if (!ret && t->kev)
		ret = hg_kslices(t, pf_kslice, pf);
	hg_out_flush(o);
	hg_json_close(&j);
	hg_json_string(&j, "displayTimeUnit", "ns");
	/* what the run was and how its clock maps */
	hg_json_obj(&j, "otherData");
	hg_json_u64(&j, "schema", HG_EXPORT_SCHEMA);
	hg_json_string(&j, "generator", "hourglass export");
	hg_json_string(&j, "clock", "CLOCK_MONOTONIC");
	hg_meta_run(&j, t);
	hg_json_obj(&j, "system");
	hg_meta_system(&j, t);
	if (hg_json_end_doc(&j) && !ret)
		ret = -EIO;
	free(pf);
	return ret;
}

const struct hg_export_ops hg_export_perfetto = {
	.name = "perfetto",
	.write = perfetto,
	.sched_ok = true,
};
