// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * export_formats.c - the export formats by name, and the one way to write
 * a trace in any of them
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "export/export.h"
#include "export/exportint.h"

/* Indexed by enum hg_export_format; HG_EXPORT_FORMATS names them in order. */
static const struct hg_export_ops *const formats[] = {
	[HG_EXPORT_PERFETTO] = &hg_export_perfetto,
	[HG_EXPORT_CSV] = &hg_export_csv,
	[HG_EXPORT_JSON] = &hg_export_json,
	[HG_EXPORT_PROM] = &hg_export_prom,
};

#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

int hg_export_parse_format(const char *name, enum hg_export_format *fmt)
{
	size_t i;

	for (i = 0; i < NFORMATS; i++) {
		if (!strcmp(name, formats[i]->name)) {
			*fmt = (enum hg_export_format)i;
			return 0;
		}
	}
	return -EINVAL;
}

int hg_export(FILE *f, const struct hg_trace *t, enum hg_export_format fmt)
{
	return hg_export_sched(f, t, fmt, NULL);
}

bool hg_export_takes_sched(enum hg_export_format fmt)
{
	return (size_t)fmt < NFORMATS && formats[fmt]->sched_ok;
}

int hg_export_sched(FILE *f, const struct hg_trace *t, enum hg_export_format fmt,
		    const struct hg_attrib_in *sched)
{
	struct hg_out *o;
	int ret;

	if ((size_t)fmt >= NFORMATS)
		return -EINVAL;
	ret = hg_export_check(t);
	if (ret)
		return ret;
	o = malloc(sizeof(*o));
	if (!o)
		return -ENOMEM;
	o->f = f;
	o->err = 0;
	o->len = 0;
	ret = formats[fmt]->write(o, t, formats[fmt]->sched_ok ? sched : NULL);
	hg_out_flush(o);
	if (!ret)
		ret = o->err;
	errno = 0;
	if (!ret && (fflush(f) || ferror(f)))
		ret = errno ? -errno : -EIO;
	free(o);
	return ret;
}
