// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * export_csv.c - a saved trace as CSV, one row per interval or event; the
 * columns are described in export.h
 */
#include "export/export.h"
#include "export/exportint.h"

static void csv_row(struct hg_out *o, const struct hg_trace_thread *th,
		    const struct hg_export_item *it)
{
	char *p = hg_out_room(o, OUT_ROW);

	p = hg_put_num(p, th->id);
	*p++ = ',';
	p = hg_put_word(p, &hg_export_kinds[it->kind]);
	*p++ = ',';
	p = hg_put_num(p, it->start_ns);
	*p++ = ',';
	p = hg_put_num(p, it->end_ns);
	*p++ = ',';
	p = hg_put_num(p, it->end_ns - it->start_ns);
	*p++ = ',';
	p = hg_put_num(p, it->cpu);
	*p++ = ',';
	p = hg_export_put_flags(p, it->flags, '|', 0);
	*p++ = ',';
	p = hg_put_num(p, it->mono_ns);
	*p++ = ',';
	p = hg_put_num(p, it->cycles);
	*p++ = ',';
	if (th->tid)		/* empty when the trace did not keep it */
		p = hg_put_num(p, th->tid);
	*p++ = '\n';
	hg_out_done(o, p);
}

static int csv(struct hg_out *o, const struct hg_trace *t,
	       const struct hg_sched *sched __attribute__((unused)))
{
	struct hg_export_item it;
	uint32_t i;
	int ret = 0;

	OUT_LIT(o, "thread,kind,start_ns,end_ns,duration_ns,cpu,flags,mono_ns,cycles,tid\n");
	for (i = 0; i < t->nthreads && !ret; i++) {
		struct hg_reccur c;

		hg_reccur_init(&c, &t->threads[i]);
		while ((ret = hg_export_next(t, &c, &it)) > 0)
			csv_row(o, &t->threads[i], &it);
		hg_reccur_free(&c);
	}
	return ret;
}

const struct hg_export_ops hg_export_csv = {
	.name = "csv",
	.write = csv,
};
