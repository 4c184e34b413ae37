// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lsection.c - the LOCKS section's payload
 */
#include <errno.h>
#include <stdio.h>

#include "trace/lsection.h"

void hg_sec_put_locks(struct hg_buf *b, const struct hg_trace *t)
{
	uint32_t i, k;

	hg_put_u32(b, t->nlocks);
	for (i = 0; i < t->nlocks; i++) {
		hg_put_str(b, t->locks[i].name);
		hg_put_u32(b, t->locks[i].protocol);
		hg_put_u32(b, (uint32_t)t->locks[i].ceiling);
	}
	hg_put_u32(b, t->nthreads);
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];

		hg_put_u32(b, th->ncs);
		for (k = 0; k < th->ncs; k++) {
			hg_put_u32(b, th->cs[k].lock);
			hg_put_u64(b, th->cs[k].ns);
		}
	}
}

int hg_sec_get_locks(struct hg_cur *c, struct hg_trace *t, char *err, size_t errlen)
{
	uint32_t i, k, n = hg_get_u32(c);

	if (c->bad || !n || n > HG_MAX_LOCKS)
		goto bad;
	t->nlocks = n;
	for (i = 0; i < n && !c->bad; i++) {
		hg_get_label(c, t->locks[i].name, sizeof(t->locks[i].name));
		t->locks[i].protocol = hg_get_u32(c);
		t->locks[i].ceiling = (int32_t)hg_get_u32(c);
		if (!hg_lock_name_ok(t->locks[i].name) || t->locks[i].protocol > HG_LOCK_PROTECT)
			goto bad;
	}
	if (c->bad || hg_get_u32(c) != t->nthreads)
		goto bad;
	for (i = 0; i < t->nthreads && !c->bad; i++) {
		struct hg_trace_thread *th = &t->threads[i];

		th->ncs = hg_get_u32(c);
		if (th->ncs > HG_MAX_CS)
			goto bad;
		for (k = 0; k < th->ncs && !c->bad; k++) {
			th->cs[k].lock = hg_get_u32(c);
			th->cs[k].ns = hg_get_u64(c);
			if (th->cs[k].lock >= t->nlocks || !th->cs[k].ns)
				goto bad;
		}
	}
	if (!c->bad)
		return 0;
bad:
	c->bad = 1;
	snprintf(err, errlen, "damaged locks section");
	return -EINVAL;
}
