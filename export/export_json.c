// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * export_json.c - a saved trace as JSON: the run's metadata (meta.h), the
 * system snapshot, and each thread with every record; the layout is
 * described in export.h
 *
 * The document's frame is written by the JSON writer; the records, millions
 * of them, are formatted straight into the output buffer.
 */
#include <errno.h>

#include "export/export.h"
#include "export/exportint.h"
#include "report/json.h"
#include "report/meta.h"

static void json_record(struct hg_out *o, struct hg_json *j, const struct hg_export_item *it)
{
	char *p = hg_out_room(o, OUT_ROW);

	p = hg_json_prefix(j, p);
	PUT(p, "{\"kind\": \"");
	p = hg_put_word(p, &hg_export_kinds[it->kind]);
	PUT(p, "\", \"start_ns\": ");
	p = hg_put_num(p, it->start_ns);
	PUT(p, ", \"end_ns\": ");
	p = hg_put_num(p, it->end_ns);
	PUT(p, ", \"cpu\": ");
	p = hg_put_num(p, it->cpu);
	PUT(p, ", \"flags\": [");
	p = hg_export_put_flags(p, it->flags, ',', 1);
	PUT(p, "]}");
	hg_out_done(o, p);
}

/* A thread's object: its labels, then its records. */
static int json_thread(struct hg_out *o, struct hg_json *j, const struct hg_trace *t,
		       const struct hg_trace_thread *th)
{
	struct hg_export_item it;
	struct hg_reccur c;
	int ret;

	hg_json_obj(j, NULL);
	hg_json_u64(j, "id", th->id);
	hg_json_string(j, "workload", th->workload);
	hg_json_string(j, "priority", th->priority);
	hg_json_string(j, "cpus", th->cpus);
	hg_json_string(j, "timer", th->timer[0] ? th->timer : NULL);
	hg_json_string(j, "model", hg_meta_model_name(th->model));
	hg_json_u64(j, "period_ns", th->period_ns);
	hg_json_u64(j, "deadline_ns", th->deadline_ns);
	hg_json_u64(j, "records_stored", th->stored);
	hg_json_u64(j, "records_dropped", th->dropped);
	hg_json_arr(j, "records");
	hg_reccur_init(&c, th);
	while ((ret = hg_export_next(t, &c, &it)) > 0)
		json_record(o, j, &it);
	hg_reccur_free(&c);
	hg_out_flush(o);
	hg_json_close(j);
	hg_json_close(j);
	return ret;
}

static int json(struct hg_out *o, const struct hg_trace *t,
		const struct hg_sched *sched __attribute__((unused)))
{
	struct hg_json j;
	uint32_t i;
	int ret = 0;

	hg_json_begin(&j, o->f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", HG_EXPORT_SCHEMA);
	hg_json_string(&j, "generator", "hourglass export");
	hg_json_obj(&j, "run");
	hg_meta_run(&j, t);
	hg_json_close(&j);
	hg_json_obj(&j, "system");
	hg_meta_system(&j, t);
	hg_json_close(&j);
	hg_json_arr(&j, "threads");
	for (i = 0; i < t->nthreads && !ret; i++)
		ret = json_thread(o, &j, t, &t->threads[i]);
	if (hg_json_end_doc(&j) && !ret)
		ret = -EIO;
	return ret;
}

const struct hg_export_ops hg_export_json = {
	.name = "json",
	.write = json,
};
