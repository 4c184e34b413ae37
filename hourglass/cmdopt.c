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
#include "trace/msg.h"
#include "util/errlen.h"
#include "util/lookup.h"
#include "util/timeval.h"

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

void hg_opt_help_row(FILE *f, int column, const char *left, const char *help)
{
	const char *nl;
	int w = fprintf(f, "  %s", left);

	if (!help || !*help)
		return;
	if (w > column - 1)
		fprintf(f, "\n%*s", column, "");
	else
		fprintf(f, "%*s", column - w, "");
	while ((nl = strchr(help, '\n'))) {
		fprintf(f, "%.*s\n%*s", (int)(nl - help), help, column, "");
		help = nl + 1;
	}
	fputs(help, f);
}

/* One row of a subcommand's help, with its newline. */
static void help_row(FILE *f, const char *left, const char *help)
{
	hg_opt_help_row(f, HELP_COLUMN, left, help);
	fputc('\n', f);
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
	size_t count = 0;
	long i;

	*inline_val = NULL;
	if (!spec->opts)
		return NULL;
	if (arg[1] == '-') {
		while (spec->opts[count].name)
			count++;
		/*
		 * the name, or a unique prefix of one ("--buck"); not with the
		 * options of a run after them (rta), whose names it could hide
		 */
		i = hg_opt_find_long(arg, &spec->opts[0].name, count, sizeof(spec->opts[0]),
				     spec->rest != NULL, inline_val);
		return i < 0 ? NULL : &spec->opts[i];
	}
	for (o = spec->opts; o->name; o++)
		if (o->letter && arg[1] == o->letter && !arg[2])
			return o;
	return NULL;
}

struct parse {
	const struct hg_cmdspec *spec;
	void *out;
	char *err;
	size_t errlen;
	size_t nopts;
	char **rest;		/* the spec's .rest: the words the table does not know */
	int *nrest;
	bool given[64];		/* the options given, by row */
	int pos[16];		/* where each positional given is in argv */
	size_t npos;
};

/* Store @val of kind @kind (row @o, NULL for positionals) under @name. */
static int store(struct parse *p, enum hg_opt_kind kind, const struct hg_opt *o,
		 size_t off, const char *name, const char *val)
{
	char why[512];
	int ret = hg_opt_store(kind, o, (char *)p->out + off, name, val, why, sizeof(why));

	return ret ? hg_opt_fail(p->err, p->errlen, ret, "%s: %s", p->spec->name, why) : 0;
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

#define MAX_OPTS	64
#define MAX_POS		16
#define MAX_FILES	(MAX_OPTS + MAX_POS)

/* The files of a command line: its inputs and outputs, by name, to compare. */
struct files {
	const char *trace;	/* the first positional input: the trace */
	const char *ins[MAX_FILES], *in_names[MAX_FILES];
	const char *outs[MAX_FILES], *out_names[MAX_FILES];
	char names[MAX_FILES][64];	/* the options' names the lists point to */
	size_t nin, nout, nnames;
};

/* @name kept in @fs, for the lists of files */
static const char *keep_name(struct files *fs, const char *name)
{
	char *at = fs->names[fs->nnames++];

	snprintf(at, sizeof(fs->names[0]), "%s", name);
	return at;
}

/* The positionals: those given, the inputs among them; a required one missing. */
static int check_args(struct parse *p, char *const *argv, struct files *fs)
{
	const struct hg_arg *a;
	size_t k;

	for (a = p->spec->args, k = 0; a && a->name; a++, k++) {
		char why[128];

		if (k < p->npos) {
			if (a->kind == HG_OPT_FILE && !fs->trace)
				fs->trace = argv[p->pos[k]];
			if (a->kind == HG_OPT_FILE) {
				fs->in_names[fs->nin] = a->name;
				fs->ins[fs->nin++] = argv[p->pos[k]];
			}
			continue;
		}
		if (a->optional)
			continue;
		snprintf(why, sizeof(why), "missing %s", a->what);
		return usage_fail(p, why);
	}
	return 0;
}

/* Option @i: there when required; an input kept, an output checked and kept. */
static int check_opt(struct parse *p, size_t i, struct files *fs)
{
	const struct hg_opt *o = &p->spec->opts[i];
	char name[64], why[PATH_MAX + 64], words[256];
	const char *path = NULL;
	int ret;

	opt_name(o, name, sizeof(name));
	if (!p->given[i]) {
		if (!(o->flags & HG_OPT_REQUIRED))
			return 0;
		if (o->kind == HG_OPT_WORD && o->words)
			return hg_opt_fail(p->err, p->errlen, -EINVAL,
					   "%s: missing %s (choose from %s)", p->spec->name, name,
					   join_words(o->words, ", ", words, sizeof(words)));
		snprintf(why, sizeof(why), "missing %s %s", name,
			 value_name(o, words, sizeof(words)));
		return usage_fail(p, why);
	}
	if (o->kind == HG_OPT_FILE || o->kind == HG_OPT_OUTPUT)
		path = *(const char **)((char *)p->out + o->off);
	if (o->kind == HG_OPT_FILE) {
		fs->in_names[fs->nin] = keep_name(fs, name);
		fs->ins[fs->nin++] = path;
	}
	if (o->kind != HG_OPT_OUTPUT)
		return 0;
	ret = hg_output_problem(path, fs->trace, why, sizeof(why));
	if (ret)
		return hg_opt_fail(p->err, p->errlen, ret, "%s: %s %s: %s", p->spec->name, name,
				   hg_quote(path).s, why);
	fs->out_names[fs->nout] = keep_name(fs, name);
	fs->outs[fs->nout++] = path;
	return 0;
}

/* The options and positionals given: outputs writable, required ones there. */
static int finish(struct parse *p, char *const *argv)
{
	const struct hg_cmdspec *spec = p->spec;
	char why[PATH_MAX + 64], clash[HG_QUOTE_MAX + 128];
	struct files fs = { .trace = NULL };
	const struct hg_arg *a;
	size_t i, k;
	int ret = check_args(p, argv, &fs);

	for (i = 0; !ret && i < p->nopts; i++)
		ret = check_opt(p, i, &fs);
	for (a = spec->args, k = 0; !ret && a && a->name && k < p->npos; a++, k++) {
		const char *path = argv[p->pos[k]];

		if (a->kind != HG_OPT_OUTPUT)
			continue;
		ret = hg_output_problem(path, fs.trace, why, sizeof(why));
		if (ret)
			return hg_opt_fail(p->err, p->errlen, ret, "%s: %s: %s", spec->name,
					   hg_quote(path).s, why);
		fs.out_names[fs.nout] = a->name;
		fs.outs[fs.nout++] = path;
	}
	if (ret)
		return ret;
	/* two outputs that are one file: compared as files, not as names */
	if (hg_outputs_clash(fs.out_names, fs.outs, fs.nout, clash, sizeof(clash)) ||
	    hg_output_reads(fs.out_names, fs.outs, fs.nout, fs.in_names, fs.ins, fs.nin, clash,
			    sizeof(clash)))
		return hg_opt_fail(p->err, p->errlen, -EINVAL, "%s: %s", spec->name, clash);
	return 0;
}

/* An option the table does not know: ambiguous, near one, or unknown. */
static int unknown(struct parse *p, const char *arg)
{
	const struct hg_cmdspec *spec = p->spec;
	const char *near = hg_opt_suggest(arg, spec->opts, p->nopts, sizeof(spec->opts[0]));
	struct hg_quoted typed = hg_quote_mem(arg, strcspn(arg, "="));
	char several[256];

	if (arg[1] == '-' &&
	    hg_opt_prefixed(arg, spec->opts, p->nopts, sizeof(spec->opts[0]), several,
			    sizeof(several)) > 1)
		return hg_opt_fail(p->err, p->errlen, -EINVAL,
				   "%s: ambiguous option '%s' (could be %s)", spec->name, typed.s,
				   several);
	if (near)
		return hg_opt_fail(p->err, p->errlen, -EINVAL,
				   "%s: unknown option '%s' (did you mean --%s?)", spec->name,
				   typed.s, near);
	return hg_opt_fail(p->err, p->errlen, -EINVAL,
			   "%s: unknown option '%s' (see hourglass help %s)", spec->name, typed.s,
			   spec->name);
}

/*
 * The option argv[*i] and its value: stored, or handed on (.rest), or
 * refused. Returns 0, HG_CMDOPT_HELP or an error.
 */
static int parse_option(struct parse *p, int argc, char *const *argv, int *i)
{
	const struct hg_cmdspec *spec = p->spec;
	const char *arg = argv[*i], *val;
	const struct hg_opt *o;
	char name[64];

	if (!strcmp(arg, "-h") || !strcmp(arg, "--help"))
		return HG_CMDOPT_HELP;
	o = find(spec, arg, &val);
	if (!o && spec->rest) {
		p->rest[(*p->nrest)++] = argv[*i];
		return 0;
	}
	if (!o)
		return unknown(p, arg);
	p->given[o - spec->opts] = true;
	if (!val && o->kind == HG_OPT_FLAG)
		return store(p, o->kind, o, o->off, arg, NULL);
	if (!val && *i + 1 >= argc)
		return hg_opt_fail(p->err, p->errlen, -EINVAL, "%s: %s: missing value",
				   spec->name, arg);
	if (!val)
		return store(p, o->kind, o, o->off, arg, argv[++*i]);
	snprintf(name, sizeof(name), "--%s", o->name);
	if (o->kind == HG_OPT_FLAG)
		return hg_opt_fail(p->err, p->errlen, -EINVAL, "%s: %s takes no value",
				   spec->name, name);
	return store(p, o->kind, o, o->off, name, val);
}

/* A word that is not an option: the next positional, handed on, or refused. */
static int parse_word(struct parse *p, char *const *argv, int i)
{
	const struct hg_cmdspec *spec = p->spec;
	const struct hg_arg *a;
	size_t nargs = 0;

	for (a = spec->args; a && a->name; a++)
		nargs++;
	if (p->npos == nargs && spec->rest) {
		p->rest[(*p->nrest)++] = argv[i];
		return 0;
	}
	if (p->npos == nargs)
		return hg_opt_fail(p->err, p->errlen, -EINVAL,
				   "%s: unexpected argument '%s' (see hourglass help %s)",
				   spec->name, hg_quote(argv[i]).s, spec->name);
	a = &spec->args[p->npos];
	p->pos[p->npos++] = i;
	return store(p, a->kind, NULL, a->off, a->what, argv[i]);
}

int hg_cmdopt_parse(const struct hg_cmdspec *spec, int argc, char *const *argv,
		    void *out, char **rest, int *nrest, char *err, size_t errlen)
{
	struct parse p = {
		.spec = spec, .out = out, .err = err, .errlen = errlen, .rest = rest,
		.nrest = nrest,
	};
	const struct hg_arg *a;
	size_t nargs = 0;
	bool dashdash = false;
	int i, ret = 0;

	if (err && errlen)
		err[0] = '\0';
	for (a = spec->args; a && a->name; a++)
		nargs++;
	while (spec->opts && spec->opts[p.nopts].name)
		p.nopts++;
	if (nargs > MAX_POS || p.nopts > MAX_OPTS)
		return hg_opt_fail(err, errlen, -E2BIG, "%s: table too large", spec->name);
	if (spec->rest && (!rest || !nrest))
		return hg_opt_fail(err, errlen, -EINVAL, "%s: no room for the other arguments",
				   spec->name);
	if (spec->rest) {
		rest[0] = argv[0];
		*nrest = 1;
	}
	for (i = 1; i < argc && !ret; i++) {
		if (dashdash || argv[i][0] != '-' || !argv[i][1])
			ret = parse_word(&p, argv, i);
		else if (!strcmp(argv[i], "--"))
			dashdash = true;
		else
			ret = parse_option(&p, argc, argv, &i);
	}
	if (ret)
		return ret;
	if (spec->rest)
		rest[*nrest] = NULL;
	return finish(&p, argv);
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
