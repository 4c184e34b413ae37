// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmdopt.c - a subcommand's command line from its table: parser, help,
 * synopsis, value checks shared with the run's options
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hourglass/cmdopt.h"
#include "hourglass/outpath.h"
#include "run/config.h"
#include "trace/lookup.h"
#include "trace/timeval.h"

#define HELP_COLUMN	22	/* where help text starts */
#define SYNOPSIS_LEN	1024

static int fail(char *err, size_t len, int ret, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(char *err, size_t len, int ret, const char *fmt, ...)
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
		return fail(why, len, -EINVAL, "not a size (write e.g. 4096, 64K, 2M)");
	if (n >= sizeof(num))
		return fail(why, len, -ERANGE, "too large");
	memcpy(num, s, n);
	num[n] = '\0';
	ret = hg_parse_u64(num, &v);
	if (ret)
		return fail(why, len, ret, "too large");
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcasecmp(u, units[i].name))
			continue;
		if (units[i].shift && v > (UINT64_MAX >> units[i].shift))
			return fail(why, len, -ERANGE, "too large");
		*bytes = v << units[i].shift;
		return 0;
	}
	return fail(why, len, -EINVAL, "unknown size unit '%s' (use B, K, M or G)", u);
}

int hg_opt_value(enum hg_opt_kind kind, const char *opt, const char *val,
		 uint64_t min, uint64_t max, unsigned int flags, uint64_t *v,
		 char *err, size_t errlen)
{
	char why[128], a[32], b[32];
	int ret;

	if (!min && !(flags & HG_OPT_ZERO_OK))
		min = 1;
	switch (kind) {
	case HG_OPT_TIME:
		ret = hg_parse_time(val, v, why, sizeof(why));
		if (ret)
			return fail(err, errlen, ret, "%s %s: %s", opt, val, why);
		if (*v < min)
			return min == 1 ?
				fail(err, errlen, -EINVAL, "%s %s: must be greater than zero",
				     opt, val) :
				fail(err, errlen, -ERANGE, "%s %s: at least %s", opt, val,
				     hg_format_time(min, a, sizeof(a)));
		if (!max && *v > HG_MAX_TIME_NS)
			return fail(err, errlen, -ERANGE, "%s %s: at most a year", opt, val);
		if (max && *v > max)
			return fail(err, errlen, -ERANGE, "%s %s: at most %s", opt, val,
				    hg_format_time(max, b, sizeof(b)));
		return 0;
	case HG_OPT_COUNT:
		ret = hg_parse_u64(val, v);
		if (ret == -EINVAL)
			return fail(err, errlen, ret, "%s %s: not a number", opt, val);
		if (!max && !ret && *v >= min)
			return 0;
		if (!max)
			return min == 1 && !ret ?
				fail(err, errlen, -EINVAL, "%s %s: must be greater than zero",
				     opt, val) :
				fail(err, errlen, -ERANGE, "%s %s: must be at least %llu", opt,
				     val, (unsigned long long)min);
		if (ret || *v < min || *v > max)
			return fail(err, errlen, -ERANGE, "%s %s: must be %llu to %llu", opt,
				    val, (unsigned long long)min, (unsigned long long)max);
		return 0;
	case HG_OPT_SIZE:
		ret = hg_parse_size(val, v, why, sizeof(why));
		if (ret)
			return fail(err, errlen, ret, "%s %s: %s", opt, val, why);
		if (*v < min && min == 1)
			return fail(err, errlen, -EINVAL, "%s %s: must be greater than zero",
				    opt, val);
		if (*v < min || (max && *v > max))
			return fail(err, errlen, -ERANGE, "%s %s: must be %llu to %llu bytes",
				    opt, val, (unsigned long long)min,
				    (unsigned long long)(max ? max : UINT64_MAX));
		return 0;
	default:
		return fail(err, errlen, -EINVAL, "%s: not a number kind", opt);
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

/*
 * The edit distance of a[0..n) and b, a swap of two neighbours counting as
 * one edit (optimal string alignment); at most 31 letters each.
 */
static size_t distance(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b), d[32][32], i, j;

	if (n > 31 || m > 31)
		return SIZE_MAX;
	for (i = 0; i <= n; i++)
		d[i][0] = i;
	for (j = 0; j <= m; j++)
		d[0][j] = j;
	for (i = 1; i <= n; i++) {
		for (j = 1; j <= m; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);

			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[n][m];
}

const char *hg_opt_suggest(const char *word, const void *names, size_t count,
			   size_t stride)
{
	const char *best = NULL, *prefix = NULL;
	size_t i, n, d, best_d = SIZE_MAX, nprefix = 0, limit;

	while (*word == '-')
		word++;
	n = strcspn(word, "=");
	if (!n)
		return NULL;
	limit = n <= 4 ? 1 : n <= 8 ? 2 : 3;
	for (i = 0; i < count; i++) {
		const char *name = *(const char *const *)((const char *)names + i * stride);

		if (!name)
			continue;
		if (strlen(name) > n && !strncmp(name, word, n)) {
			prefix = name;
			nprefix++;
		}
		d = distance(word, n, name);
		if (d < best_d) {
			best_d = d;
			best = name;
		}
	}
	if (best && best_d <= limit && best_d < n)
		return best;
	return nprefix == 1 ? prefix : NULL;
}

/* @words joined by @sep into @buf; returns @buf. */
static const char *join_words(const char *const *words, const char *sep, char *buf,
			      size_t len)
{
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = 0; words[i] && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? sep : "", words[i]);
	return buf;
}

/* The value name of @o in help and synopsis. */
static const char *value_name(const struct hg_opt *o, char *buf, size_t len)
{
	static const char *const names[] = {
		[HG_OPT_FLAG] = "", [HG_OPT_TIME] = "<time>", [HG_OPT_SIZE] = "<size>",
		[HG_OPT_COUNT] = "<n>", [HG_OPT_LIST] = "<list>", [HG_OPT_FILE] = "<file>",
		[HG_OPT_OUTPUT] = "<file>", [HG_OPT_WORD] = "<word>", [HG_OPT_STRING] = "<text>",
	};

	if (o->value)
		return o->value;
	if (o->kind != HG_OPT_WORD || !o->words)
		return names[o->kind];
	return join_words(o->words, "|", buf, len);
}

/* "-o" for an option with a letter, else "--name" */
static const char *opt_name(const struct hg_opt *o, char *buf, size_t len)
{
	if (o->letter)
		snprintf(buf, len, "-%c", o->letter);
	else
		snprintf(buf, len, "--%s", o->name);
	return buf;
}

char *hg_cmdopt_synopsis(const struct hg_cmdspec *spec, char *buf, size_t len)
{
	const struct hg_arg *a;
	const struct hg_opt *o;
	char words[256];
	size_t at;

	at = (size_t)snprintf(buf, len, "%s", spec->name);
	for (a = spec->args; a && a->name && at < len; a++)
		at += (size_t)snprintf(buf + at, len - at, a->optional ? " [%s]" : " %s",
				       a->name);
	for (o = spec->opts; o && o->name && at < len; o++) {
		bool req = o->flags & HG_OPT_REQUIRED;
		const char *v = value_name(o, words, sizeof(words));
		char name[64];

		opt_name(o, name, sizeof(name));
		at += (size_t)snprintf(buf + at, len - at, " %s%s%s%s%s", req ? "" : "[", name,
				       *v ? " " : "", v, req ? "" : "]");
	}
	if (spec->rest && at < len)
		snprintf(buf + at, len - at, " %s", spec->rest);
	return buf;
}

/* "  <left>   help", help lines continued under the column. */
static void help_row(FILE *f, const char *left, const char *help)
{
	const char *nl;
	int w = fprintf(f, "  %s", left);

	if (!help || !*help) {
		fputc('\n', f);
		return;
	}
	if (w > HELP_COLUMN - 1)
		fprintf(f, "\n%*s", HELP_COLUMN, "");
	else
		fprintf(f, "%*s", HELP_COLUMN - w, "");
	while ((nl = strchr(help, '\n'))) {
		fprintf(f, "%.*s\n%*s", (int)(nl - help), help, HELP_COLUMN, "");
		help = nl + 1;
	}
	fprintf(f, "%s\n", help);
}

void hg_cmdopt_help(const struct hg_cmdspec *spec, FILE *f)
{
	char syn[SYNOPSIS_LEN], left[128], words[256];
	const struct hg_arg *a;
	const struct hg_opt *o;
	bool letters = false;

	fprintf(f, "usage: hourglass %s\n", hg_cmdopt_synopsis(spec, syn, sizeof(syn)));
	if (spec->about)
		fprintf(f, "\n%s\n", spec->about);
	fputc('\n', f);
	for (o = spec->opts; o && o->name; o++)
		letters |= o->letter != 0;
	for (a = spec->args; a && a->name; a++)
		help_row(f, a->name, a->help);
	for (o = spec->opts; o && o->name; o++) {
		const char *v = value_name(o, words, sizeof(words));

		if (o->letter)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", o->letter, o->name,
				 *v ? " " : "", v);
		else
			snprintf(left, sizeof(left), "%s--%s%s%s", letters ? "    " : "", o->name,
				 *v ? " " : "", v);
		help_row(f, left, o->help);
	}
	help_row(f, letters ? "-h, --help" : "--help", "this text");
	if (spec->notes)
		fprintf(f, "\n%s\n", spec->notes);
}

/* The row of option @arg ("--name", "--name=v", "-x"), and its inline value. */
static const struct hg_opt *find(const struct hg_cmdspec *spec, const char *arg,
				 const char **inline_val)
{
	const struct hg_opt *o;

	*inline_val = NULL;
	if (arg[1] == '-') {
		size_t n = strcspn(arg + 2, "=");

		for (o = spec->opts; o && o->name; o++) {
			if (strlen(o->name) != n || strncmp(o->name, arg + 2, n))
				continue;
			if (arg[2 + n] == '=')
				*inline_val = arg + 3 + n;
			return o;
		}
		return NULL;
	}
	for (o = spec->opts; o && o->name; o++)
		if (o->letter && arg[1] == o->letter && !arg[2])
			return o;
	return NULL;
}

static const char *word_name(const void *ctx, size_t i)
{
	return ((const char *const *)ctx)[i];
}

struct parse {
	const struct hg_cmdspec *spec;
	void *out;
	char *err;
	size_t errlen;
};

#define LIST_ITEM_LEN	128	/* a longer item of a list is refused */

/* Store the list @val of row @o under @name in @l, with the subcommands' messages. */
static int store_list(struct parse *p, const struct hg_opt *o, const char *name,
		      const char *val, struct hg_opt_list *l)
{
	struct hg_list_parse lp = { .row = o, .maxn = HG_OPT_LIST_MAX, .maxlen = LIST_ITEM_LEN };
	const char *cmd = p->spec->name;
	char why[512];
	uint64_t v;
	int ret = hg_opt_list(&lp, name, val, why, sizeof(why));

	if (!ret) {
		*l = lp.list;
		return 0;
	}
	switch (lp.fault) {
	case HG_LIST_EMPTY:
		return fail(p->err, p->errlen, ret, "%s: %s: empty list", cmd, name);
	case HG_LIST_EMPTY_ITEM:
		if (!*lp.item)
			return fail(p->err, p->errlen, ret, "%s: %s %s: empty value after ','",
				    cmd, name, val);
		if (lp.list.n < HG_OPT_LIST_MAX) {
			/* an empty item before others: refused as a value */
			ret = hg_opt_value(o->elem, name, "", o->min, o->max, o->flags, &v,
					   why, sizeof(why));
			return fail(p->err, p->errlen, ret ? ret : -EINVAL, "%s: %s", cmd, why);
		}
		/* a full list: too many */
		/* fall through */
	case HG_LIST_TOO_MANY:
		return fail(p->err, p->errlen, -EINVAL, "%s: %s %s: at most %d values", cmd, name,
			    val, HG_OPT_LIST_MAX);
	case HG_LIST_TOO_LONG:
		return fail(p->err, p->errlen, ret, "%s: %s %.*s: too long", cmd, name,
			    (int)strcspn(lp.item, ","), lp.item);
	case HG_LIST_NOT_INCREASING:
		return fail(p->err, p->errlen, ret, "%s: %s %s: values must increase", cmd, name,
			    val);
	case HG_LIST_BAD_VALUE:
	case HG_LIST_OK:
		break;
	}
	return fail(p->err, p->errlen, ret, "%s: %s", cmd, why);
}

/* Store @val of kind @kind (row @o, NULL for positionals) under @name. */
static int store(struct parse *p, enum hg_opt_kind kind, const struct hg_opt *o,
		 size_t off, const char *name, const char *val)
{
	const char *cmd = p->spec->name;
	char *dst = (char *)p->out + off;
	uint64_t min = o ? o->min : 0, max = o ? o->max : 0;
	unsigned int flags = o ? o->flags : 0;
	char why[512];
	int ret;

	switch (kind) {
	case HG_OPT_FLAG:
		*(bool *)dst = true;
		return 0;
	case HG_OPT_TIME:
	case HG_OPT_SIZE:
	case HG_OPT_COUNT:
		ret = hg_opt_value(kind, name, val, min, max, flags, (uint64_t *)dst,
				   why, sizeof(why));
		return ret ? fail(p->err, p->errlen, ret, "%s: %s", cmd, why) : 0;
	case HG_OPT_LIST:
		return store_list(p, o, name, val, (struct hg_opt_list *)dst);
	case HG_OPT_FILE:
	case HG_OPT_OUTPUT:
		if (!*val)
			return fail(p->err, p->errlen, -EINVAL, "%s: %s: empty file name", cmd,
				    name);
		*(const char **)dst = val;
		return 0;
	case HG_OPT_WORD: {
		size_t n = 0, i;

		while (o && o->words && o->words[n])
			n++;
		ret = hg_lookup(val, name + strspn(name, "-"), word_name, o ? o->words : NULL, n,
				&i, why, sizeof(why));
		if (ret)
			return fail(p->err, p->errlen, -EINVAL, "%s: %s: %s", cmd, name, why);
		*(int *)dst = (int)i;
		return 0;
	}
	case HG_OPT_STRING:
		*(const char **)dst = val;
		return 0;
	}
	return fail(p->err, p->errlen, -EINVAL, "%s: %s: unknown kind", cmd, name);
}

/*
 * "<sub>: <why> (usage: hourglass <sub> <file> -o <out> [<options>])": the
 * positionals, the required options, and [<options>] when there are others
 */
static int usage_fail(struct parse *p, const char *why)
{
	const struct hg_cmdspec *spec = p->spec;
	const struct hg_arg *a;
	const struct hg_opt *o;
	char syn[512], words[256], name[64];
	bool others = spec->rest != NULL;
	size_t at = 0;

	syn[0] = '\0';
	for (a = spec->args; a && a->name && at < sizeof(syn); a++)
		at += (size_t)snprintf(syn + at, sizeof(syn) - at, a->optional ? " [%s]" : " %s",
				       a->name);
	for (o = spec->opts; o && o->name && at < sizeof(syn); o++) {
		if (!(o->flags & HG_OPT_REQUIRED)) {
			others = true;
			continue;
		}
		at += (size_t)snprintf(syn + at, sizeof(syn) - at, " %s %s",
				       opt_name(o, name, sizeof(name)),
				       value_name(o, words, sizeof(words)));
	}
	return fail(p->err, p->errlen, -EINVAL, "%s: %s (usage: hourglass %s%s%s)", spec->name,
		    why, spec->name, syn, others ? " [<options>]" : "");
}

/* The options and positionals given: outputs writable, required ones there. */
static int finish(struct parse *p, const bool *given, size_t npos, char *const *argv,
		  const int *pos)
{
	const struct hg_cmdspec *spec = p->spec;
	const struct hg_arg *a;
	const char *trace = NULL, *outs[64 + 16], *names[64 + 16];
	const char *ins[64 + 16], *in_names[64 + 16];
	char onames[64][64], inames[64 + 16][64];
	size_t i, k, nout = 0, nin = 0;

	for (a = spec->args, k = 0; a && a->name; a++, k++) {
		if (k < npos) {
			if (a->kind == HG_OPT_FILE && !trace)
				trace = argv[pos[k]];
			if (a->kind == HG_OPT_FILE) {
				in_names[nin] = a->name;
				ins[nin++] = argv[pos[k]];
			}
			continue;
		}
		if (!a->optional) {
			char why[128];

			snprintf(why, sizeof(why), "missing %s", a->what);
			return usage_fail(p, why);
		}
	}
	for (i = 0; spec->opts && spec->opts[i].name; i++) {
		const struct hg_opt *o = &spec->opts[i];
		char name[64], why[PATH_MAX + 64], words[256];
		const char *path;
		int ret;

		opt_name(o, name, sizeof(name));
		if (!given[i]) {
			if (!(o->flags & HG_OPT_REQUIRED))
				continue;
			if (o->kind == HG_OPT_WORD && o->words)
				return fail(p->err, p->errlen, -EINVAL,
					    "%s: missing %s (choose from %s)", spec->name, name,
					    join_words(o->words, ", ", words, sizeof(words)));
			snprintf(why, sizeof(why), "missing %s %s", name,
				 value_name(o, words, sizeof(words)));
			return usage_fail(p, why);
		}
		if (o->kind == HG_OPT_FILE && i < 64) {
			snprintf(inames[nin], sizeof(inames[nin]), "%s", name);
			in_names[nin] = inames[nin];
			ins[nin++] = *(const char **)((char *)p->out + o->off);
		}
		if (o->kind != HG_OPT_OUTPUT)
			continue;
		path = *(const char **)((char *)p->out + o->off);
		ret = hg_output_problem(path, trace, why, sizeof(why));
		if (ret)
			return fail(p->err, p->errlen, ret, "%s: %s %s: %s", spec->name, name,
				    path, why);
		if (i < 64) {
			snprintf(onames[nout], sizeof(onames[nout]), "%s", name);
			names[nout] = onames[nout];
			outs[nout++] = path;
		}
	}
	for (a = spec->args, k = 0; a && a->name && k < npos; a++, k++) {
		char why[PATH_MAX + 64];
		int ret;

		if (a->kind != HG_OPT_OUTPUT)
			continue;
		ret = hg_output_problem(argv[pos[k]], trace, why, sizeof(why));
		if (ret)
			return fail(p->err, p->errlen, ret, "%s: %s: %s", spec->name, argv[pos[k]],
				    why);
		names[nout] = a->name;
		outs[nout++] = argv[pos[k]];
	}
	/* two outputs that are one file: compared as files, not as names */
	{
		char why[HG_QUOTE_MAX + 128];

		if (hg_outputs_clash(names, outs, nout, why, sizeof(why)) ||
		    hg_output_reads(names, outs, nout, in_names, ins, nin, why, sizeof(why)))
			return fail(p->err, p->errlen, -EINVAL, "%s: %s", spec->name, why);
	}
	return 0;
}

#define MAX_OPTS	64
#define MAX_POS		16

int hg_cmdopt_parse(const struct hg_cmdspec *spec, int argc, char *const *argv,
		    void *out, char **rest, int *nrest, char *err, size_t errlen)
{
	struct parse p = { .spec = spec, .out = out, .err = err, .errlen = errlen };
	bool given[MAX_OPTS] = { false };
	const struct hg_arg *a;
	int pos[MAX_POS], i, ret;
	size_t npos = 0, nargs = 0, nopts = 0;
	bool dashdash = false;

	if (err && errlen)
		err[0] = '\0';
	for (a = spec->args; a && a->name; a++)
		nargs++;
	while (spec->opts && spec->opts[nopts].name)
		nopts++;
	if (nargs > MAX_POS || nopts > MAX_OPTS)
		return fail(err, errlen, -E2BIG, "%s: table too large", spec->name);
	if (spec->rest && (!rest || !nrest))
		return fail(err, errlen, -EINVAL, "%s: no room for the other arguments",
			    spec->name);
	if (spec->rest) {
		rest[0] = argv[0];
		*nrest = 1;
	}
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i], *val;
		const struct hg_opt *o;

		if (!dashdash && arg[0] == '-' && arg[1]) {
			if (!strcmp(arg, "--")) {
				dashdash = true;
				continue;
			}
			if (!strcmp(arg, "-h") || !strcmp(arg, "--help"))
				return HG_CMDOPT_HELP;
			o = find(spec, arg, &val);
			if (!o && spec->rest) {
				rest[(*nrest)++] = argv[i];
				continue;
			}
			if (!o) {
				const char *near = hg_opt_suggest(arg, spec->opts, nopts,
								  sizeof(*o));

				if (near)
					return fail(err, errlen, -EINVAL,
						    "%s: unknown option '%.*s' (did you mean --%s?)",
						    spec->name, (int)strcspn(arg, "="), arg, near);
				return fail(err, errlen, -EINVAL,
					    "%s: unknown option '%.*s' (see hourglass help %s)",
					    spec->name, (int)strcspn(arg, "="), arg, spec->name);
			}
			given[o - spec->opts] = true;
			if (val) {
				char name[64];

				snprintf(name, sizeof(name), "--%s", o->name);
				if (o->kind == HG_OPT_FLAG)
					return fail(err, errlen, -EINVAL, "%s: %s takes no value",
						    spec->name, name);
				ret = store(&p, o->kind, o, o->off, name, val);
			} else if (o->kind == HG_OPT_FLAG) {
				ret = store(&p, o->kind, o, o->off, arg, NULL);
			} else if (i + 1 >= argc) {
				return fail(err, errlen, -EINVAL, "%s: %s: missing value",
					    spec->name, arg);
			} else {
				ret = store(&p, o->kind, o, o->off, arg, argv[++i]);
			}
			if (ret)
				return ret;
			continue;
		}
		if (npos == nargs) {
			if (spec->rest && rest && nrest) {
				rest[(*nrest)++] = argv[i];
				continue;
			}
			return fail(err, errlen, -EINVAL,
				    "%s: unexpected argument '%s' (see hourglass help %s)",
				    spec->name, arg, spec->name);
		}
		if (npos < MAX_POS)
			pos[npos] = i;
		ret = store(&p, spec->args[npos].kind, NULL, spec->args[npos].off,
			    spec->args[npos].what, arg);
		if (ret)
			return ret;
		npos++;
	}
	if (spec->rest && rest && nrest)
		rest[*nrest] = NULL;
	return finish(&p, given, npos, argv, pos);
}

int hg_cmdopt_get_rest(const struct hg_cmdspec *spec, int argc, char *const *argv,
		       void *out, char **rest, int *nrest, int *status)
{
	char err[PATH_MAX + 512];
	int ret = hg_cmdopt_parse(spec, argc, argv, out, rest, nrest, err, sizeof(err));

	if (ret == HG_CMDOPT_RUN)
		return 0;
	if (ret == HG_CMDOPT_HELP) {
		hg_cmdopt_help(spec, stdout);
		*status = 0;
	} else {
		fprintf(stderr, "hourglass: %s\n", err);
		*status = 2;
	}
	return -ECANCELED;
}

int hg_cmdopt_get(const struct hg_cmdspec *spec, int argc, char *const *argv,
		  void *out, int *status)
{
	return hg_cmdopt_get_rest(spec, argc, argv, out, NULL, NULL, status);
}
