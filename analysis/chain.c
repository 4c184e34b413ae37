// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chain.c - cause-effect chains and their end-to-end bounds
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/chain.h"
#include "analysis/rtamath.h"
#include "trace/timeval.h"

static bool name_ok(const char *s, size_t len)
{
	size_t i;

	if (!len || len >= HG_CHAIN_NAME_LEN)
		return false;
	for (i = 0; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == '-' || s[i] == '.'))
			return false;
	return true;
}

/* Position @s (all of it, digits only) into *@pos; false when not one of 0..max-1. */
static bool pos_ok(const char *s, uint32_t *pos)
{
	uint32_t v = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (uint32_t)(*s - '0');
		if (v >= HG_CHAIN_MAX_TASKS)
			return false;
	}
	*pos = v;
	return true;
}

int hg_chain_word(struct hg_chains *c, const char *v, size_t task, char *why, size_t whylen)
{
	const char *colon = strchr(v, ':');
	struct hg_chain_link *l;
	unsigned int id = (unsigned int)task;
	uint32_t pos;
	size_t i;

	if (!colon || !name_ok(v, (size_t)(colon - v))) {
		snprintf(why, whylen, "task %u: CHAIN=%.64s: write CHAIN=<name>:<position> "
			 "(a name of 1 to %d letters, digits, '_', '-' or '.'; e.g. CHAIN=ctl:0)",
			 id, v, HG_CHAIN_NAME_LEN - 1);
		return -EINVAL;
	}
	if (!pos_ok(colon + 1, &pos)) {
		snprintf(why, whylen, "task %u: CHAIN=%.64s: the position must be a number "
			 "from 0 to %d (0 for the chain's first task)", id, v, HG_CHAIN_MAX_TASKS - 1);
		return -EINVAL;
	}
	for (i = 0; i < c->nlinks; i++)
		if (c->link[i].task == task && strlen(c->link[i].name) == (size_t)(colon - v) &&
		    !strncmp(c->link[i].name, v, (size_t)(colon - v))) {
			snprintf(why, whylen, "task %u: CHAIN=%.64s: the task is already in chain "
				 "%s at position %u (a task has one place in a chain)", id, v,
				 c->link[i].name, c->link[i].pos);
			return -EINVAL;
		}
	if (c->nlinks == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 8;
		struct hg_chain_link *m = realloc(c->link, cap * sizeof(*m));

		if (!m) {
			snprintf(why, whylen, "out of memory");
			return -ENOMEM;
		}
		c->link = m;
		c->cap = cap;
	}
	l = &c->link[c->nlinks++];
	snprintf(l->name, sizeof(l->name), "%.*s", (int)(colon - v), v);
	l->pos = pos;
	l->task = task;
	return 0;
}

int hg_chain_mode(struct hg_chains *c, const char *name, const char *mode, char *why,
		  size_t whylen)
{
	bool event = !strcmp(mode, "event");
	size_t i;

	if (!name_ok(name, strlen(name))) {
		snprintf(why, whylen, "chain '%.64s': not a chain name (1 to %d letters, digits, "
			 "'_', '-' or '.')", name, HG_CHAIN_NAME_LEN - 1);
		return -EINVAL;
	}
	if (!event && strcmp(mode, "sampled")) {
		snprintf(why, whylen, "chain %s %.64s: unknown mode (choose event or sampled)",
			 name, mode);
		return -EINVAL;
	}
	for (i = 0; i < c->nevent; i++)
		if (!strcmp(c->event[i], name)) {
			snprintf(why, whylen, "chain %s: declared twice", name);
			return -EINVAL;
		}
	if (event) {
		char (*m)[HG_CHAIN_NAME_LEN] = realloc(c->event, (c->nevent + 1) * sizeof(*m));

		if (!m) {
			snprintf(why, whylen, "out of memory");
			return -ENOMEM;
		}
		c->event = m;
		snprintf(c->event[c->nevent++], HG_CHAIN_NAME_LEN, "%s", name);
	}
	return 0;
}

/* Whether a link names chain @name. */
static bool find_link(const struct hg_chains *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nlinks; i++)
		if (!strcmp(c->link[i].name, name))
			return true;
	return false;
}

/* The chain named @name among the first @n of @c, or NULL. */
static struct hg_chain *find(struct hg_chains *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->chain[i].name, name))
			return &c->chain[i];
	return NULL;
}

/* Whether chain @ch is whole: positions 0..n-1, each once, two at least. */
static int check_chain(const struct hg_chain *ch, const bool *seen, size_t top,
		       char *why, size_t whylen)
{
	size_t p;

	for (p = 0; p <= top; p++)
		if (!seen[p]) {
			snprintf(why, whylen, "chain %s: no task at position %zu (give positions "
				 "0, 1, 2... without a gap: the last is %zu)", ch->name, p, top);
			return -EINVAL;
		}
	if (top == 0) {
		snprintf(why, whylen, "chain %s: task %u only (a chain needs two tasks at least: "
			 "give another CHAIN=%s:1)", ch->name, (unsigned int)ch->task[0], ch->name);
		return -EINVAL;
	}
	return 0;
}

/* Chain @ch's tasks from the links of its name, in the order of their positions. */
static int fill_chain(const struct hg_chains *c, struct hg_chain *ch, char *why, size_t whylen)
{
	bool seen[HG_CHAIN_MAX_TASKS] = { false };
	size_t i, top = 0;

	for (i = 0; i < c->nlinks; i++) {
		const struct hg_chain_link *l = &c->link[i];

		if (strcmp(l->name, ch->name))
			continue;
		if (seen[l->pos]) {
			snprintf(why, whylen, "task %u: CHAIN=%s:%u: task %u has that position "
				 "already (one task a position)", (unsigned int)l->task, l->name,
				 l->pos, (unsigned int)ch->task[l->pos]);
			return -EINVAL;
		}
		seen[l->pos] = true;
		ch->task[l->pos] = l->task;
		if (l->pos > top)
			top = l->pos;
	}
	ch->n = top + 1;
	return check_chain(ch, seen, top, why, whylen);
}

/* Whether event chain @ch keeps to its rules: one period, one predecessor a task. */
static int check_event(const struct hg_chains *c, const struct hg_chain *ch,
		       const struct hg_rta_task *ts, char *why, size_t whylen)
{
	const struct hg_rta_task *head = &ts[ch->task[0]];
	size_t p, i, q;

	for (p = 1; p < ch->n; p++) {
		const struct hg_rta_task *k = &ts[ch->task[p]];

		if (k->t_ns != head->t_ns) {
			char a[32], b[32];

			snprintf(why, whylen, "task %u: T=%s in event chain %s whose first task %u "
				 "has T=%s (the first's finish releases it: give it the same T)",
				 (unsigned int)ch->task[p], hg_format_time(k->t_ns, a, sizeof(a)),
				 ch->name, (unsigned int)ch->task[0],
				 hg_format_time(head->t_ns, b, sizeof(b)));
			return -EINVAL;
		}
		for (i = 0; i < (size_t)(ch - c->chain); i++)
			for (q = 1; c->chain[i].event && q < c->chain[i].n; q++)
				if (c->chain[i].task[q] == ch->task[p]) {
					snprintf(why, whylen, "task %u: after the first in event chains "
						 "%s and %s (one predecessor releases a task)",
						 (unsigned int)ch->task[p], c->chain[i].name,
						 ch->name);
					return -EINVAL;
				}
	}
	return 0;
}

int hg_chains_build(struct hg_chains *c, const struct hg_rta_task *ts, char *why,
		    size_t whylen)
{
	size_t i;
	int ret;

	for (i = 0; i < c->nevent; i++)
		if (!find_link(c, c->event[i])) {
			snprintf(why, whylen, "chain %s event: no task is in it (give its tasks "
				 "CHAIN=%s:<position>)", c->event[i], c->event[i]);
			return -EINVAL;
		}

	free(c->chain);
	c->chain = calloc(c->nlinks ? c->nlinks : 1, sizeof(*c->chain));
	c->n = 0;
	if (!c->chain) {
		snprintf(why, whylen, "out of memory");
		return -ENOMEM;
	}
	for (i = 0; i < c->nlinks; i++) {
		struct hg_chain *ch;

		if (find(c, c->link[i].name))
			continue;
		ch = &c->chain[c->n++];
		snprintf(ch->name, sizeof(ch->name), "%s", c->link[i].name);
		ret = fill_chain(c, ch, why, whylen);
		for (size_t e = 0; !ret && e < c->nevent; e++)
			ch->event |= !strcmp(c->event[e], ch->name);
		if (!ret && ch->event)
			ret = check_event(c, ch, ts, why, whylen);
		if (ret)
			return ret;
	}
	return 0;
}

void hg_chains_free(struct hg_chains *c)
{
	free(c->link);
	free(c->chain);
	free(c->event);
	memset(c, 0, sizeof(*c));
}

const char *hg_chain_no_bound(const struct hg_rta_result *r)
{
	if (r->test == HG_RTA_TEST_NONE)
		return "its CPUs are not covered by a test here";
	switch (r->bound) {
	case HG_RTA_EXACT:
	case HG_RTA_UPPER:
		return r->response_ns == UINT64_MAX ? "its response has no bound" : NULL;
	case HG_RTA_AT_LEAST:
		return "its response is only known to be at least a value (a job already late)";
	case HG_RTA_UNDECIDED:
		return "its response is undecided";
	case HG_RTA_UNBOUNDED:
	default:
		return "its response is unbounded (its level asks for more than its CPU)";
	}
}

void hg_chain_bounds(const struct hg_chain *ch, const struct hg_rta_task *ts,
		     const struct hg_rta_result *r, struct hg_chain_bound *b)
{
	uint64_t sum = 0;
	size_t i;

	memset(b, 0, sizeof(*b));
	b->culprit = SIZE_MAX;
	for (i = 0; i < ch->n; i++) {
		size_t k = ch->task[i];

		b->why = hg_chain_no_bound(&r[k]);
		if (b->why) {
			b->culprit = k;
			b->reaction_ns = b->data_age_ns = UINT64_MAX;
			return;
		}
		sum = hg_sat_add(sum, hg_sat_add(ts[k].t_ns, r[k].response_ns));
	}
	b->reaction_ns = sum;
	/* sum holds T_n (at least): a saturated sum stays "no bound below 2^64 ns" */
	b->data_age_ns = sum == UINT64_MAX ? sum : sum - ts[ch->task[ch->n - 1]].t_ns;
	if (sum == UINT64_MAX)
		b->why = "the sum passes 2^64 ns";
}
