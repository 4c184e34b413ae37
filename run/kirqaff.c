// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kirqaff.c - the interrupts' affinity into the snapshot (see kirqaff.h)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/kirqaff.h"
#include "util/infile.h"
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

/*
 * <proc>/irq/<irq>/smp_affinity_list's first line into @buf (read to its
 * end: procfs gives its files no size); 0 or -errno.
 */
static int read_list(const char *proc, uint32_t irq, char *buf, size_t len)
{
	char path[512], why[128], *line = NULL;
	size_t cap = 0;
	long n;
	int ret = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/irq/%u/smp_affinity_list", proc, irq);
	f = hg_infile_text(path, 0, &ret, why, sizeof(why));
	if (!f)
		return ret;
	n = hg_infile_line(f, &line, &cap, LIST_MAX - 1);
	fclose(f);
	if (n <= 0) {
		free(line);
		return n < 0 && n != -1 ? (int)n : -ENODATA;
	}
	line[strcspn(line, "\n")] = 0;
	/* a CPU list: digits, commas, dashes, and a stride's colon and slash */
	ret = *line && !line[strspn(line, "0123456789,-:/")] ? 0 : -EINVAL;
	if (!ret)
		snprintf(buf, len, "%s", line);
	free(line);
	return ret;
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
