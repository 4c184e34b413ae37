// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * taskset.c - a task set's memory
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/taskset.h"

int hg_taskset_alloc(struct hg_taskset *s, size_t n)
{
	memset(s, 0, sizeof(*s));
	s->task = calloc(n ? n : 1, sizeof(*s->task));
	if (!s->task)
		return -ENOMEM;
	s->n = n;
	s->cap = n ? n : 1;
	return 0;
}

struct hg_taskset_task *hg_taskset_add(struct hg_taskset *s)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 1;
		struct hg_taskset_task *a = realloc(s->task, cap * sizeof(*a));

		if (!a)
			return NULL;
		s->task = a;
		s->cap = cap;
	}
	memset(&s->task[s->n], 0, sizeof(s->task[s->n]));
	return &s->task[s->n++];
}

struct hg_rta_task *hg_taskset_rta(const struct hg_taskset *s)
{
	struct hg_rta_task *k = calloc(s->n ? s->n : 1, sizeof(*k));
	size_t i;

	for (i = 0; k && i < s->n; i++)
		k[i] = s->task[i].rta;
	return k;
}

int hg_taskset_lonely_lock(const struct hg_taskset *s, uint32_t from, unsigned int *user)
{
	uint32_t k, i;
	size_t t, users;

	for (k = from; k < s->nlocks && k < HG_MAX_LOCKS; k++) {
		for (users = 0, t = 0; t < s->n; t++) {
			const struct hg_rta_task *r = &s->task[t].rta;

			for (i = 0; i < r->ncs && i < HG_MAX_CS; i++)
				if (r->cs[i].lock == k) {
					users++;
					*user = r->id;
					break;
				}
		}
		if (users == 1)
			return (int)k;
	}
	return -1;
}

void hg_taskset_free(struct hg_taskset *s)
{
	free(s->task);
	free(s->hogs);
	hg_chains_free(&s->chains);
	memset(s, 0, sizeof(*s));
}
