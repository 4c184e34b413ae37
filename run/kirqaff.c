// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kirqaff.c - the interrupts' affinity into the snapshot (see kirqaff.h)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/kirqaff.h"
#include "trace/infile.h"
#include "trace/kevents.h"

#define LIST_MAX 256		/* bytes of one smp_affinity_list kept */

/* Whether @irq is among the @n in @seen; if not, added while there is room. */
static int seen_before(uint32_t *seen, unsigned int *n, uint32_t irq)
{
	unsigned int i;

	for (i = 0; i < *n; i++)
		if (seen[i] == irq)
			return 1;
	if (*n < HG_KIRQAFF_MAX)
		seen[(*n)++] = irq;
	return 0;
}

/* <proc>/irq/<irq>/smp_affinity_list's first line into @buf; 0 or -errno. */
static int read_list(const char *proc, uint32_t irq, char *buf, size_t len)
{
	char path[512], why[128], *text = NULL;
	size_t n = 0;
	int ret;

	snprintf(path, sizeof(path), "%s/irq/%u/smp_affinity_list", proc, irq);
	ret = hg_infile_slurp(path, 4096, &text, &n, why, sizeof(why));
	if (ret)
		return ret;
	text[strcspn(text, "\n")] = 0;
	/* a CPU list: digits, commas, dashes, and a stride's colon and slash */
	if (!*text || text[strspn(text, "0123456789,-:/")]) {
		free(text);
		return -EINVAL;
	}
	snprintf(buf, len, "%.*s", LIST_MAX - 1, text);
	free(text);
	return 0;
}

int hg_kirq_affinity(struct hg_trace *t, const char *proc)
{
	uint32_t seen[HG_KIRQAFF_MAX];
	unsigned int n = 0, i;
	size_t cap = HG_KIRQAFF_MAX * (LIST_MAX + 12), used = 0;
	uint64_t e;
	char *all;
	int ret = 0;

	if (!t->kev)
		return 0;
	for (e = 0; e < t->kev->n; e++)
		if (t->kev->ev[e].type == HG_KEV_IRQ_ENTRY)
			seen_before(seen, &n, t->kev->ev[e].a);
	all = calloc(1, cap);
	if (!all)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		char list[LIST_MAX];

		if (read_list(proc, seen[i], list, sizeof(list)))
			continue;
		used += (size_t)snprintf(all + used, cap - used, "%s%u:%s", used ? " " : "",
					 seen[i], list);
	}
	if (used)
		ret = hg_trace_add_sys(t, "irq_affinity", all);
	free(all);
	return ret;
}
