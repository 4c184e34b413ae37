// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * optvalue.c - option values checked and converted (times, sizes, counts,
 * lists of them), and the nearest name to a mistyped word: shared by the
 * subcommands' tables (cmdopt.c) and the run's options (options.c)
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hourglass/cmdopt.h"
#include "run/config.h"
#include "util/errlen.h"
#include "util/lookup.h"
#include "util/timeval.h"

int hg_opt_fail(char *err, size_t len, int ret, const char *fmt, ...)
{
	va_list ap;

	if (err && len) {
		va_start(ap, fmt);
		vsnprintf(err, len, fmt, ap);
		va_end(ap);
	}
	return ret;
}

int hg_parse_size(const char *s, uint64_t *bytes, char *why, size_t len)
{
	static const struct {
		const char *name;
		unsigned int shift;
	} units[] = {
		{ "", 0 }, { "b", 0 },
		{ "k", 10 }, { "kib", 10 }, { "kb", 10 },
		{ "m", 20 }, { "mib", 20 }, { "mb", 20 },
		{ "g", 30 }, { "gib", 30 }, { "gb", 30 },
	};
	char num[32];
	const char *u = s;
	uint64_t v;
	size_t i, n;
	int ret;

	while (*u >= '0' && *u <= '9')
		u++;
	n = (size_t)(u - s);
	if (!n)
		return hg_opt_fail(why, len, -EINVAL, "not a size (write e.g. 4096, 64K, 2M)");
	if (n >= sizeof(num))
		return hg_opt_fail(why, len, -ERANGE, "too large");
	memcpy(num, s, n);
	num[n] = '\0';
	ret = hg_parse_u64(num, &v);
	if (ret)
		return hg_opt_fail(why, len, ret, "too large");
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcasecmp(u, units[i].name))
			continue;
		if (units[i].shift && v > (UINT64_MAX >> units[i].shift))
			return hg_opt_fail(why, len, -ERANGE, "too large");
		*bytes = v << units[i].shift;
		return 0;
	}
	return hg_opt_fail(why, len, -EINVAL, "unknown size unit '%s' (use B, K, M or G)",
			   hg_quote(u).s);
}

int hg_opt_value(enum hg_opt_kind kind, const char *opt, const char *val,
		 uint64_t min, uint64_t max, unsigned int flags, uint64_t *v,
		 char *err, size_t errlen)
{
	struct hg_quoted q = hg_quote(val);	/* a long value cut: the reason stays */
	char why[256], a[32], b[32];
	int ret;

	if (!min && !(flags & HG_OPT_ZERO_OK))
		min = 1;
	switch (kind) {
	case HG_OPT_TIME:
		ret = hg_parse_time(val, v, why, sizeof(why));
		if (ret)
			return hg_opt_fail(err, errlen, ret, "%s %s: %s", opt, q.s, why);
		if (*v < min)
			return min == 1 ?
				hg_opt_fail(err, errlen, -EINVAL, "%s %s: must be greater than zero",
				     opt, q.s) :
				hg_opt_fail(err, errlen, -ERANGE, "%s %s: at least %s", opt, q.s,
				     hg_format_time(min, a, sizeof(a)));
		if (!max && *v > HG_MAX_TIME_NS)
			return hg_opt_fail(err, errlen, -ERANGE, "%s %s: at most a year", opt, q.s);
		if (max && *v > max)
			return hg_opt_fail(err, errlen, -ERANGE, "%s %s: at most %s", opt, q.s,
				    hg_format_time(max, b, sizeof(b)));
		return 0;
	case HG_OPT_COUNT:
		ret = hg_parse_u64(val, v);
		if (ret == -EINVAL)
			return hg_opt_fail(err, errlen, ret, "%s %s: not a number", opt, q.s);
		if (!max && !ret && *v >= min)
			return 0;
		if (!max)
			return min == 1 && !ret ?
				hg_opt_fail(err, errlen, -EINVAL, "%s %s: must be greater than zero",
				     opt, q.s) :
				hg_opt_fail(err, errlen, -ERANGE, "%s %s: must be at least %llu", opt,
				     q.s, (unsigned long long)min);
		if (ret || *v < min || *v > max)
			return hg_opt_fail(err, errlen, -ERANGE, "%s %s: must be %llu to %llu", opt,
				    q.s, (unsigned long long)min, (unsigned long long)max);
		return 0;
	case HG_OPT_SIZE:
		ret = hg_parse_size(val, v, why, sizeof(why));
		if (ret)
			return hg_opt_fail(err, errlen, ret, "%s %s: %s", opt, q.s, why);
		if (*v < min && min == 1)
			return hg_opt_fail(err, errlen, -EINVAL, "%s %s: must be greater than zero",
				    opt, q.s);
		if (*v < min || (max && *v > max))
			return hg_opt_fail(err, errlen, -ERANGE, "%s %s: must be %llu to %llu bytes",
				    opt, q.s, (unsigned long long)min,
				    (unsigned long long)(max ? max : UINT64_MAX));
		return 0;
	default:
		return hg_opt_fail(err, errlen, -EINVAL, "%s: not a number kind", opt);
	}
}

static int list_fault(struct hg_list_parse *lp, enum hg_list_fault fault, const char *item)
{
	lp->fault = fault;
	lp->item = item;
	return -EINVAL;
}

int hg_opt_list(struct hg_list_parse *lp, const char *opt, const char *val,
		char *err, size_t errlen)
{
	const struct hg_opt *o = lp->row;
	char one[HG_LIST_ITEM_MAX];
	const char *s = val;
	int ret;

	memset(&lp->list, 0, sizeof(lp->list));
	lp->fault = HG_LIST_OK;
	lp->item = NULL;
	if (!*val)
		return list_fault(lp, HG_LIST_EMPTY, val);
	for (;;) {
		size_t n = strcspn(s, ",");
		uint64_t *v = &lp->list.v[lp->list.n];

		if (!n)
			return list_fault(lp, HG_LIST_EMPTY_ITEM, s);
		if (lp->list.n == lp->maxn || lp->list.n == HG_OPT_LIST_MAX)
			return list_fault(lp, HG_LIST_TOO_MANY, s);
		if (n >= lp->maxlen || n >= sizeof(one))
			return list_fault(lp, HG_LIST_TOO_LONG, s);
		memcpy(one, s, n);
		one[n] = '\0';
		ret = hg_opt_value(o->elem, opt, one, o->min, o->max, o->flags, v, err, errlen);
		if (ret) {
			list_fault(lp, HG_LIST_BAD_VALUE, s);
			return ret;
		}
		if ((o->flags & HG_OPT_INCREASING) && lp->list.n && *v <= v[-1])
			return list_fault(lp, HG_LIST_NOT_INCREASING, s);
		lp->list.n++;
		s += n;
		if (!*s)
			return 0;
		s++;	/* the comma */
	}
}

struct strided {
	const void *names;
	size_t stride;
};

static const char *strided_name(const void *ctx, size_t i)
{
	const struct strided *t = ctx;

	return *(const char *const *)((const char *)t->names + i * t->stride);
}

const char *hg_opt_suggest(const char *word, const void *names, size_t count,
			   size_t stride)
{
	struct strided t = { names, stride };

	while (*word == '-')
		word++;
	return hg_suggest(word, strcspn(word, "="), strided_name, &t, count);
}

size_t hg_opt_prefixed(const char *arg, const void *names, size_t count, size_t stride,
		       char *buf, size_t len)
{
	size_t i, n, k = 0, at = 0;

	while (*arg == '-')
		arg++;
	n = strcspn(arg, "=");
	if (len)
		buf[0] = '\0';
	for (i = 0; n && i < count; i++) {
		const char *name = *(const char *const *)((const char *)names + i * stride);

		if (!name || strncasecmp(name, arg, n))
			continue;
		if (at < len)
			at += (size_t)snprintf(buf + at, len - at, "%s--%s", k ? ", " : "", name);
		k++;
	}
	return k;
}

long hg_opt_find_long(const char *arg, const void *names, size_t count, size_t stride,
		      bool exact, const char **inline_val)
{
	struct strided t = { names, stride };
	size_t n = strcspn(arg + 2, "="), i;

	*inline_val = NULL;
	if (hg_match(arg + 2, n, strided_name, &t, count, &i) ||
	    (exact && strlen(strided_name(&t, i)) != n))
		return -1;
	if (arg[2 + n] == '=')
		*inline_val = arg + 3 + n;
	return (long)i;
}

#define LIST_ITEM_LEN	128	/* a longer item of a list is refused */

/* Store the list @val of row @o under @name in @l. */
static int store_list(const struct hg_opt *o, const char *name, const char *val,
		      struct hg_opt_list *l, char *err, size_t errlen)
{
	struct hg_list_parse lp = { .row = o, .maxn = HG_OPT_LIST_MAX, .maxlen = LIST_ITEM_LEN };
	uint64_t v;
	int ret = hg_opt_list(&lp, name, val, err, errlen);

	if (!ret) {
		*l = lp.list;
		return 0;
	}
	switch (lp.fault) {
	case HG_LIST_EMPTY:
		return hg_opt_fail(err, errlen, ret, "%s: empty list", name);
	case HG_LIST_EMPTY_ITEM:
		if (!*lp.item)
			return hg_opt_fail(err, errlen, ret, "%s %s: empty value after ','", name,
					   hg_quote(val).s);
		if (lp.list.n < HG_OPT_LIST_MAX) {
			/* an empty item before others: refused as a value */
			ret = hg_opt_value(o->elem, name, "", o->min, o->max, o->flags, &v,
					   err, errlen);
			return ret ? ret : -EINVAL;
		}
		/* a full list: too many */
		/* fall through */
	case HG_LIST_TOO_MANY:
		return hg_opt_fail(err, errlen, -EINVAL, "%s %s: at most %d values", name,
				   hg_quote(val).s, HG_OPT_LIST_MAX);
	case HG_LIST_TOO_LONG:
		return hg_opt_fail(err, errlen, ret, "%s %s: too long", name,
				   hg_quote_mem(lp.item, strcspn(lp.item, ",")).s);
	case HG_LIST_NOT_INCREASING:
		return hg_opt_fail(err, errlen, ret, "%s %s: values must increase", name,
				   hg_quote(val).s);
	case HG_LIST_BAD_VALUE:
	case HG_LIST_OK:
		break;
	}
	return ret;	/* hg_opt_list's message is in @err */
}

static const char *word_name(const void *ctx, size_t i)
{
	return ((const char *const *)ctx)[i];
}

int hg_opt_store(enum hg_opt_kind kind, const struct hg_opt *o, void *dst,
		 const char *name, const char *val, char *err, size_t errlen)
{
	uint64_t min = o ? o->min : 0, max = o ? o->max : 0;
	unsigned int flags = o ? o->flags : 0;
	size_t n = 0, i;
	char why[512];

	switch (kind) {
	case HG_OPT_FLAG:
		*(bool *)dst = true;
		return 0;
	case HG_OPT_TIME:
	case HG_OPT_SIZE:
	case HG_OPT_COUNT:
		return hg_opt_value(kind, name, val, min, max, flags, dst, err, errlen);
	case HG_OPT_LIST:
		return o ? store_list(o, name, val, dst, err, errlen) :
			   hg_opt_fail(err, errlen, -EINVAL, "%s: a list needs its row", name);
	case HG_OPT_FILE:
	case HG_OPT_OUTPUT:
		if (!*val)
			return hg_opt_fail(err, errlen, -EINVAL, "%s: empty file name", name);
		*(const char **)dst = val;
		return 0;
	case HG_OPT_WORD:
		while (o && o->words && o->words[n])
			n++;
		if (hg_lookup(val, name + strspn(name, "-"), word_name, o ? o->words : NULL, n,
			      &i, why, sizeof(why)))
			return hg_opt_fail(err, errlen, -EINVAL, "%s: %s", name, why);
		*(int *)dst = (int)i;
		return 0;
	case HG_OPT_STRING:
		*(const char **)dst = val;
		return 0;
	}
	return hg_opt_fail(err, errlen, -EINVAL, "%s: unknown kind", name);
}
