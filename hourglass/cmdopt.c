// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmdopt.c - a subcommand's command line from its table: parser, help,
 * synopsis (the values themselves are checked in optvalue.c)
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
#include "trace/errlen.h"
#include "trace/lookup.h"
#include "trace/msg.h"
#include "trace/timeval.h"

#define HELP_COLUMN	22	/* where help text starts */
#define SYNOPSIS_LEN	1024


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

static const char *row_name(const void *ctx, size_t i)
{
	return ((const struct hg_opt *)ctx)[i].name;
}

/* The row of option @arg ("--name", "--name=v", "-x"), and its inline value. */
static const struct hg_opt *find(const struct hg_cmdspec *spec, const char *arg,
				 const char **inline_val)
{
	const struct hg_opt *o;

	*inline_val = NULL;
	if (arg[1] == '-') {
		size_t n = strcspn(arg + 2, "="), count = 0, i;

		while (spec->opts && spec->opts[count].name)
			count++;
		/*
		 * the name, or a unique prefix of one ("--buck"); not with the
		 * options of a run after them (rta), whose names it could hide
		 */
		if (spec->rest ? hg_match(arg + 2, n, row_name, spec->opts, count, &i) ||
				 strlen(spec->opts[i].name) != n :
				 hg_match(arg + 2, n, row_name, spec->opts, count, &i))
			return NULL;
		if (arg[2 + n] == '=')
			*inline_val = arg + 3 + n;
		return &spec->opts[i];
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
		return hg_opt_fail(p->err, p->errlen, ret, "%s: %s: empty list", cmd, name);
	case HG_LIST_EMPTY_ITEM:
		if (!*lp.item)
			return hg_opt_fail(p->err, p->errlen, ret, "%s: %s %s: empty value after ','",
				    cmd, name, hg_quote(val).s);
		if (lp.list.n < HG_OPT_LIST_MAX) {
			/* an empty item before others: refused as a value */
			ret = hg_opt_value(o->elem, name, "", o->min, o->max, o->flags, &v,
					   why, sizeof(why));
			return hg_opt_fail(p->err, p->errlen, ret ? ret : -EINVAL, "%s: %s", cmd, why);
		}
		/* a full list: too many */
		/* fall through */
	case HG_LIST_TOO_MANY:
		return hg_opt_fail(p->err, p->errlen, -EINVAL, "%s: %s %s: at most %d values", cmd, name,
			    hg_quote(val).s, HG_OPT_LIST_MAX);
	case HG_LIST_TOO_LONG:
		return hg_opt_fail(p->err, p->errlen, ret, "%s: %s %s: too long", cmd, name,
			    hg_quote_mem(lp.item, strcspn(lp.item, ",")).s);
	case HG_LIST_NOT_INCREASING:
		return hg_opt_fail(p->err, p->errlen, ret, "%s: %s %s: values must increase", cmd, name,
			    hg_quote(val).s);
	case HG_LIST_BAD_VALUE:
	case HG_LIST_OK:
		break;
	}
	return hg_opt_fail(p->err, p->errlen, ret, "%s: %s", cmd, why);
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
		return ret ? hg_opt_fail(p->err, p->errlen, ret, "%s: %s", cmd, why) : 0;
	case HG_OPT_LIST:
		return store_list(p, o, name, val, (struct hg_opt_list *)dst);
	case HG_OPT_FILE:
	case HG_OPT_OUTPUT:
		if (!*val)
			return hg_opt_fail(p->err, p->errlen, -EINVAL, "%s: %s: empty file name", cmd,
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
			return hg_opt_fail(p->err, p->errlen, -EINVAL, "%s: %s: %s", cmd, name, why);
		*(int *)dst = (int)i;
		return 0;
	}
	case HG_OPT_STRING:
		*(const char **)dst = val;
		return 0;
	}
	return hg_opt_fail(p->err, p->errlen, -EINVAL, "%s: %s: unknown kind", cmd, name);
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
	return hg_opt_fail(p->err, p->errlen, -EINVAL, "%s: %s (usage: hourglass %s%s%s)", spec->name,
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
				return hg_opt_fail(p->err, p->errlen, -EINVAL,
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
			return hg_opt_fail(p->err, p->errlen, ret, "%s: %s %s: %s", spec->name, name,
				    hg_quote(path).s, why);
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
			return hg_opt_fail(p->err, p->errlen, ret, "%s: %s: %s", spec->name,
				    hg_quote(argv[pos[k]]).s, why);
		names[nout] = a->name;
		outs[nout++] = argv[pos[k]];
	}
	/* two outputs that are one file: compared as files, not as names */
	{
		char why[HG_QUOTE_MAX + 128];

		if (hg_outputs_clash(names, outs, nout, why, sizeof(why)) ||
		    hg_output_reads(names, outs, nout, in_names, ins, nin, why, sizeof(why)))
			return hg_opt_fail(p->err, p->errlen, -EINVAL, "%s: %s", spec->name, why);
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
		return hg_opt_fail(err, errlen, -E2BIG, "%s: table too large", spec->name);
	if (spec->rest && (!rest || !nrest))
		return hg_opt_fail(err, errlen, -EINVAL, "%s: no room for the other arguments",
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
			if (!o && spec->rest && rest && nrest) {
				rest[(*nrest)++] = argv[i];
				continue;
			}
			if (!o) {
				const char *near = hg_opt_suggest(arg, spec->opts, nopts,
								  sizeof(*o));
				char several[256];

				if (arg[1] == '-' &&
				    hg_opt_prefixed(arg, spec->opts, nopts, sizeof(*o), several,
						    sizeof(several)) > 1)
					return hg_opt_fail(err, errlen, -EINVAL,
						    "%s: ambiguous option '%s' (could be %s)",
						    spec->name, hg_quote_mem(arg, strcspn(arg, "=")).s,
						    several);
				if (near)
					return hg_opt_fail(err, errlen, -EINVAL,
						    "%s: unknown option '%s' (did you mean --%s?)",
						    spec->name, hg_quote_mem(arg, strcspn(arg, "=")).s,
						    near);
				return hg_opt_fail(err, errlen, -EINVAL,
					    "%s: unknown option '%s' (see hourglass help %s)",
					    spec->name, hg_quote_mem(arg, strcspn(arg, "=")).s,
					    spec->name);
			}
			given[o - spec->opts] = true;
			if (val) {
				char name[64];

				snprintf(name, sizeof(name), "--%s", o->name);
				if (o->kind == HG_OPT_FLAG)
					return hg_opt_fail(err, errlen, -EINVAL, "%s: %s takes no value",
						    spec->name, name);
				ret = store(&p, o->kind, o, o->off, name, val);
			} else if (o->kind == HG_OPT_FLAG) {
				ret = store(&p, o->kind, o, o->off, arg, NULL);
			} else if (i + 1 >= argc) {
				return hg_opt_fail(err, errlen, -EINVAL, "%s: %s: missing value",
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
			return hg_opt_fail(err, errlen, -EINVAL,
				    "%s: unexpected argument '%s' (see hourglass help %s)",
				    spec->name, hg_quote(arg).s, spec->name);
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
		hg_msg("%s", err);
		*status = 2;
	}
	return -ECANCELED;
}

int hg_cmdopt_get(const struct hg_cmdspec *spec, int argc, char *const *argv,
		  void *out, int *status)
{
	return hg_cmdopt_get_rest(spec, argc, argv, out, NULL, NULL, status);
}
