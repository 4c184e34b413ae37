/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * exportint.h - what the export formats share inside postprocess/
 */
#ifndef HG_EXPORTINT_H
#define HG_EXPORTINT_H

#include "../trace/trace.h"
#include "exportbuf.h"

/*
 * hg_export_perfetto - @t as Chrome trace-event JSON into @o
 * Returns 0 or -errno.
 */
int hg_export_perfetto(struct hg_out *o, const struct hg_trace *t);

#endif /* HG_EXPORTINT_H */
