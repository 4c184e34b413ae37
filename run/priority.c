// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * priority.c - priority names, policies, and applying them to a thread
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "run/priority.h"
#include "util/errlen.h"
#include "util/lookup.h"

/* FIFO:99 and RR:99 are the run's clock thread's (HG_PRIO_MAIN_RT) */
#define RT_NOTE " (99 is the run's clock thread's)"

struct prio_class {
	const char *name;
	int policy;
	int value;
	int lo, hi;		/* range of an explicit :<n>; lo > hi: none taken */
};

static const struct prio_class classes[] = {
	{ "IDLE",    SCHED_IDLE,  0,   1, 0 },
	{ "LOW",     SCHED_OTHER, 10,  1, 0 },
	{ "NORMAL",  SCHED_OTHER, 0,   1, 0 },
	{ "HIGH",    SCHED_OTHER, -10, 1, 0 },
	{ "HIGHEST", SCHED_OTHER, -20, 1, 0 },
	{ "RTLOW",   SCHED_FIFO,  10,  1, 0 },
	{ "RTMED",   SCHED_FIFO,  50,  1, 0 },
	{ "RTHIGH",  SCHED_FIFO,  90,  1, 0 },
	{ "FIFO",    SCHED_FIFO,  0,   1, HG_PRIO_MAIN_RT - 1 },
	{ "RR",      SCHED_RR,    0,   1, HG_PRIO_MAIN_RT - 1 },
	{ "OTHER",   SCHED_OTHER, 0,   -20, 19 },
	{ "BATCH",   SCHED_BATCH, 0,   1, 0 },
};

#define NCLASSES (sizeof(classes) / sizeof(classes[0]))

static const char *class_name(const void *ctx, size_t i)
{
	(void)ctx;
	return classes[i].name;
}

struct hg_prio hg_prio_default(void)
{
	return (struct hg_prio){ "NORMAL", SCHED_OTHER, 0 };
}

bool hg_prio_is_rt(const struct hg_prio *p)
{
	return p->policy == SCHED_FIFO || p->policy == SCHED_RR;
}

int hg_prio_parse(const char *s, struct hg_prio *p, char *err, size_t errlen)
{
	const struct prio_class *c;
	const char *near;
	char word[16];
	const char *colon = strchr(s, ':');
	size_t n = colon ? (size_t)(colon - s) : strlen(s), i;
	char *end;
	long v;
	int ret;
	struct hg_quoted q = hg_quote(s);	/* a long value cut: the reason stays */

	if (n >= sizeof(word)) {
		snprintf(err, errlen, "unknown priority '%s' (choose from IDLE, LOW, NORMAL, "
			 "HIGH, HIGHEST, RTLOW, RTMED, RTHIGH, FIFO:<1-98>, RR:<1-98>, "
			 "OTHER:<nice>, BATCH)", q.s);
		return -EINVAL;
	}
	v = s[0] >= '1' && s[0] <= '9' && n <= 2 && strspn(s, "0123456789") == strlen(s) ?
	    strtol(s, NULL, 10) : 0;
	if (v >= 1 && v <= 98) {
		/* "-p 90" from cyclictest's habit, where a bare number is SCHED_FIFO's */
		snprintf(err, errlen, "unknown priority '%s' (a bare number is cyclictest's "
			 "-p: write FIFO:%ld)", q.s, v);
		return -EINVAL;
	}
	memcpy(word, s, n);
	word[n] = '\0';
	ret = hg_lookup(word, "priority", class_name, NULL, NCLASSES, &i, err, errlen);
	near = ret == -ENOENT ? hg_suggest(word, n, class_name, NULL, NCLASSES) : NULL;
	if (near) {
		bool num = !strcmp(near, "FIFO") || !strcmp(near, "RR") || !strcmp(near, "OTHER");

		snprintf(err, errlen, "unknown priority '%s' (did you mean %s%s%s?)", q.s, near,
			 num ? ":" : "", num ? (colon && colon[1] ? hg_quote(colon + 1).s : "<n>") : "");
		return -EINVAL;
	}
	if (ret) {
		/* say how the explicit classes take their number */
		snprintf(err, errlen, "%s priority '%s' (choose from IDLE, LOW, NORMAL, HIGH, "
			 "HIGHEST, RTLOW, RTMED, RTHIGH, FIFO:<1-98>, RR:<1-98>, "
			 "OTHER:<nice>, BATCH)", ret == -EINVAL ? "ambiguous" : "unknown", q.s);
		return -EINVAL;
	}
	c = &classes[i];
	p->name = c->name;
	p->policy = c->policy;
	p->value = c->value;
	if (c->lo > c->hi) {
		if (colon) {
			snprintf(err, errlen, "priority '%s': %s takes no number", q.s, c->name);
			return -EINVAL;
		}
		return 0;
	}
	if (!colon || !colon[1]) {
		snprintf(err, errlen, "priority '%s': write %s:<n>, n from %d to %d%s", q.s, c->name,
			 c->lo, c->hi, c->policy == SCHED_FIFO || c->policy == SCHED_RR ?
			 RT_NOTE : "");
		return -EINVAL;
	}
	errno = 0;
	v = strtol(colon + 1, &end, 10);
	if (*end || errno || v < c->lo || v > c->hi) {
		snprintf(err, errlen, "priority '%s': %s takes %d to %d%s", q.s, c->name,
			 c->lo, c->hi, c->policy == SCHED_FIFO || c->policy == SCHED_RR ?
			 RT_NOTE : "");
		return -ERANGE;
	}
	p->value = (int)v;
	return 0;
}

static const char *policy_name(int policy)
{
	switch (policy) {
	case SCHED_FIFO: return "SCHED_FIFO";
	case SCHED_RR: return "SCHED_RR";
	case SCHED_BATCH: return "SCHED_BATCH";
	case SCHED_IDLE: return "SCHED_IDLE";
	default: return "SCHED_OTHER";
	}
}

void hg_prio_describe(const struct hg_prio *p, char *buf, size_t len)
{
	bool explicit = !strcmp(p->name, "FIFO") || !strcmp(p->name, "RR") ||
			!strcmp(p->name, "OTHER");
	char cls[24];

	if (explicit)
		snprintf(cls, sizeof(cls), "%s:%d", p->name, p->value);
	else
		snprintf(cls, sizeof(cls), "%s", p->name);
	if (hg_prio_is_rt(p))
		snprintf(buf, len, "%s (%s %d)", cls, policy_name(p->policy), p->value);
	else if (p->policy == SCHED_IDLE)
		snprintf(buf, len, "%s (SCHED_IDLE)", cls);
	else
		snprintf(buf, len, "%s (%s nice %d)", cls, policy_name(p->policy), p->value);
}

int hg_prio_apply(const struct hg_prio *p, char *err, size_t errlen)
{
	struct sched_param sp = { 0 };
	char what[64];
	int e;

	hg_prio_describe(p, what, sizeof(what));
	if (hg_prio_is_rt(p))
		sp.sched_priority = p->value;
	if (sched_setscheduler(0, p->policy, &sp)) {
		e = errno;
		snprintf(err, errlen, "cannot set priority %s: %s%s", what, strerror(e),
			 e == EPERM ? " (needs CAP_SYS_NICE or RLIMIT_RTPRIO; run as root)" : "");
		return -e;
	}
	if (p->policy == SCHED_OTHER || p->policy == SCHED_BATCH) {
		id_t tid = (id_t)syscall(SYS_gettid);
		int cur;

		errno = 0;
		cur = getpriority(PRIO_PROCESS, tid);
		if (errno)
			cur = 0;
		if (setpriority(PRIO_PROCESS, tid, p->value)) {
			char why[HG_ERR_LEN] = "";

			e = errno;
			/* the real cause: below the nice we run at, not below 0 */
			if ((e == EACCES || e == EPERM) && p->value < 0 && cur <= 0)
				snprintf(why, sizeof(why), " (a negative nice value needs CAP_SYS_NICE "
					 "or RLIMIT_NICE; run as root)");
			else if (e == EACCES || e == EPERM)
				snprintf(why, sizeof(why), " (nice %d is below the current nice %d: "
					 "raising the priority needs CAP_SYS_NICE or RLIMIT_NICE; "
					 "run as root)", p->value, cur);
			snprintf(err, errlen, "cannot set priority %s: %s%s", what, strerror(e), why);
			return -e;
		}
	}
	return 0;
}
