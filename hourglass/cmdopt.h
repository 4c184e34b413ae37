/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmdopt.h - the options of a subcommand, described once in a table
 *
 * Every subcommand (dump, ctx, render, lat, export, rta, calibrate and the
 * ones to come) describes its command line in one struct hg_cmdspec: the
 * positional arguments, then one row per option. The same table gives
 *   - the parser: --opt=value and --opt value, -o value for short names,
 *     -h/--help, "--" ending the options, values checked with the run's
 *     messages ("--bucket 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)");
 *   - `hourglass <sub> --help` and `hourglass help <sub>` (hg_cmdopt_help);
 *   - the one-line synopsis of `hourglass --help` (hg_cmdopt_synopsis);
 *   - what the man page's synopsis must list (tests/smoke.sh checks every
 *     option of `help <sub>` is there) and what bash completion offers (it
 *     reads `hourglass <sub> --help`).
 * The run's options (runopts.h) are rows of the same struct hg_opt, with
 * what only the run has beside them (scope, two-letter spellings, values
 * taken by a function); their values go through the same hg_opt_store()
 * and hg_opt_value(), their help through hg_opt_help_row().
 *
 * A subcommand writes:
 *
 *	struct ctx_args {
 *		const char *file;
 *		uint64_t bucket_ns;
 *		const char *svg;
 *		bool json;
 *	};
 *
 *	static const struct hg_arg ctx_pos[] = {
 *		{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE,
 *		  .off = offsetof(struct ctx_args, file), .help = "a trace written with -o" },
 *		HG_ARG_END
 *	};
 *	static const struct hg_opt ctx_opts[] = {
 *		{ .name = "bucket", .kind = HG_OPT_TIME,
 *		  .off = offsetof(struct ctx_args, bucket_ns),
 *		  .help = "width of a histogram bucket" },
 *		{ .name = "svg", .kind = HG_OPT_OUTPUT, .off = offsetof(struct ctx_args, svg),
 *		  .value = "<out.svg>", .help = "draw the histogram as a picture" },
 *		{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct ctx_args, json),
 *		  .help = "print the statistics as JSON instead of text" },
 *		HG_OPT_END
 *	};
 *	static const struct hg_cmdspec ctx_spec = {
 *		.name = "ctx", .summary = "...", .about = "...",
 *		.args = ctx_pos, .opts = ctx_opts,
 *	};
 *
 *	struct ctx_args a = { 0 };	(defaults are whatever is there before)
 *	int status;
 *
 *	if (hg_cmdopt_get(&ctx_spec, argc, argv, &a, &status))
 *		return status;		(help printed: 0; bad input reported: 2)
 *
 * Messages (printed by hg_cmdopt_get with "hourglass: " in front, returned
 * by hg_cmdopt_parse without it) name the subcommand first:
 *	ctx: unknown option '--bukket' (did you mean --bucket?)
 *	ctx: unknown option '--frob' (see hourglass help ctx)
 *	ctx: --bucket: missing value
 *	ctx: --bucket 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)
 *	ctx: --json takes no value
 *	ctx: missing trace file (usage: hourglass ctx <file> [<options>])
 *	ctx: unexpected argument 'b.hgt' (usage: hourglass ctx <file> [<options>])
 *	render: missing -o <out.svg> (usage: ...)          (HG_OPT_REQUIRED)
 *	ctx: --svg out/: <why hg_output_problem() refuses it>
 *
 * Nothing here exits; only hg_cmdopt_get() and hg_cmdopt_help() print.
 */
#ifndef HG_CMDOPT_H
#define HG_CMDOPT_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * enum hg_opt_kind - what an option's value is, and what the parser stores
 * at the row's offset in the caller's struct
 */
enum hg_opt_kind {
	HG_OPT_FLAG,	/* no value; bool set to true */
	HG_OPT_TIME,	/* "1.5ms" (units d h m s ms us ns); uint64_t ns */
	HG_OPT_SIZE,	/* "64K" (B, K, M, G, binary; KiB MiB GiB too); uint64_t bytes */
	HG_OPT_COUNT,	/* a decimal integer; uint64_t */
	HG_OPT_LIST,	/* "a,b,c" of .elem values; struct hg_opt_list */
	HG_OPT_FILE,	/* an input file name, not empty; const char * */
	HG_OPT_OUTPUT,	/* an output file name, checked at once with
			   hg_output_problem() against the first HG_OPT_FILE
			   positional (the trace); const char * */
	HG_OPT_WORD,	/* one of .words, case-insensitive, a unique prefix
			   is enough; int, the index in .words */
	HG_OPT_STRING,	/* any text; const char * */
};

/* Row flags (struct hg_opt.flags). */
#define HG_OPT_ZERO_OK		0x1	/* TIME, SIZE, COUNT: 0 is accepted (default: > 0) */
#define HG_OPT_REQUIRED		0x2	/* the option must be given; shown without [] */
#define HG_OPT_INCREASING	0x4	/* LIST: each element greater than the previous */

#define HG_OPT_LIST_MAX		32	/* elements of one HG_OPT_LIST value */

/* The value of an HG_OPT_LIST option: n elements of the row's .elem kind. */
struct hg_opt_list {
	unsigned int n;
	uint64_t v[HG_OPT_LIST_MAX];
};

/*
 * struct hg_opt - one option of a subcommand; a table ends with .name NULL
 * @name:   the long name without "--" ("bucket")
 * @letter: the short name "-<letter>", or 0 for none
 * @kind:   the value's kind, and so the type stored at @off
 * @off:    offsetof() the field in the caller's struct
 * @value:  the value's name in help and synopsis ("<out.svg>"); NULL: from
 *          the kind (<time>, <size>, <n>, <list>, <file>, <word>, <text>;
 *          for WORD the choices joined by '|')
 * @help:   the help text; '\n' starts a continuation line
 * @min:    TIME, SIZE, COUNT, LIST elements: the smallest value accepted;
 *          0 means 1, or 0 with HG_OPT_ZERO_OK
 * @max:    the largest; 0 means the kind's default (a year for TIME, no
 *          limit for SIZE and COUNT)
 * @flags:  HG_OPT_ZERO_OK, HG_OPT_REQUIRED, HG_OPT_INCREASING
 * @elem:   LIST: the elements' kind (TIME, SIZE or COUNT)
 * @words:  WORD: the choices, NULL-terminated
 *
 * Given twice, the later value wins (a LIST is replaced, not extended).
 * Write the rows with designated initializers (.name = ..., .kind = ...):
 * the fields left out are 0.
 */
struct hg_opt {
	const char *name;
	char letter;
	enum hg_opt_kind kind;
	size_t off;
	const char *value;
	const char *help;
	uint64_t min, max;
	unsigned int flags;
	enum hg_opt_kind elem;
	const char *const *words;
};

/*
 * struct hg_arg - one positional argument; a table ends with .name NULL
 * @name:     as shown in the synopsis ("<file>")
 * @what:     for "missing <what>" ("trace file")
 * @kind:     HG_OPT_FILE, HG_OPT_OUTPUT, HG_OPT_STRING, HG_OPT_TIME, ...
 *            (any kind but FLAG and LIST), stored at @off as for options
 * @off:      offsetof() the field in the caller's struct
 * @help:     the help text, as for options
 * @optional: may be left out (then only arguments after it may be, too)
 */
struct hg_arg {
	const char *name;
	const char *what;
	enum hg_opt_kind kind;
	size_t off;
	const char *help;
	bool optional;
};

/* The last row of a table of options or of positional arguments. */
#define HG_OPT_END	{ .name = NULL }
#define HG_ARG_END	{ .name = NULL }

/*
 * struct hg_cmdspec - a subcommand's command line
 * @name:    the subcommand ("ctx")
 * @summary: one line for the list of subcommands
 * @about:   the descriptive paragraph(s) of the help, '\n' separated, no
 *           trailing newline; NULL for none
 * @args:    the positional arguments, NULL-name terminated; NULL for none
 * @opts:    the options, NULL-name terminated; NULL for none
 * @rest:    NULL, or the synopsis of further arguments passed on untouched
 *           (rta passes the options of a run): every argument the table
 *           does not know, wherever it stands, is handed to the caller in
 *           order (see hg_cmdopt_parse's @rest)
 * @notes:   text printed after the options in the help; NULL for none
 */
struct hg_cmdspec {
	const char *name;
	const char *summary;
	const char *about;
	const struct hg_arg *args;
	const struct hg_opt *opts;
	const char *rest;
	const char *notes;
};

/* What hg_cmdopt_parse() found when it is not an error. */
#define HG_CMDOPT_RUN	0
#define HG_CMDOPT_HELP	1	/* -h or --help: print the help, exit 0 */

/*
 * hg_cmdopt_parse - parse a subcommand's command line into @out
 * @spec:   the subcommand's table
 * @argc, @argv: argv[0] is the subcommand's name
 * @out:    the caller's struct; rows store at their offsets; fields of
 *          options not given keep what @out held (the defaults)
 * @rest:   for a @spec with .rest: room for @argc + 1 words; gets argv[0] and
 *          every argument the table does not know, in order, then NULL
 * @nrest:  for a @spec with .rest: how many words @rest got (argv[0] too)
 * @err:    on failure one line, "<sub>: <what>: <value>: <reason>", without
 *          "hourglass: " and without a newline
 *
 * Errors before a -h/--help win over it; -h/--help wins over anything after
 * (with .rest too: "rta -n 2 --help" is help).
 * Returns HG_CMDOPT_RUN, HG_CMDOPT_HELP, or -EINVAL (bad input), -ERANGE (a
 * value out of range), -ENAMETOOLONG or another -errno of an output check.
 */
int hg_cmdopt_parse(const struct hg_cmdspec *spec, int argc, char *const *argv,
		    void *out, char **rest, int *nrest, char *err, size_t errlen);

/*
 * hg_cmdopt_get - hg_cmdopt_parse() for a subcommand's main()
 *
 * Returns 0 when the subcommand should run. Else it has printed the help
 * on standard output (*@status = 0) or "hourglass: <message>" on standard
 * error (*@status = 2), and returns -ECANCELED: return *@status (main()
 * flushes standard output and reports a failed write).
 */
int hg_cmdopt_get(const struct hg_cmdspec *spec, int argc, char *const *argv,
		  void *out, int *status);

/*
 * hg_cmdopt_get_rest - the same for a @spec with .rest; @rest and @nrest
 * as for hg_cmdopt_parse()
 */
int hg_cmdopt_get_rest(const struct hg_cmdspec *spec, int argc, char *const *argv,
		       void *out, char **rest, int *nrest, int *status);

/*
 * hg_cmdopt_help - write the whole help of @spec to @f: "usage: hourglass
 * <synopsis>", the about paragraph, the positional arguments and the options
 * with their help lines, the notes
 */
void hg_cmdopt_help(const struct hg_cmdspec *spec, FILE *f);

/*
 * hg_cmdopt_synopsis - write "<name> <args> [--opt <value>]..." to @buf
 * (required options without brackets). Returns @buf.
 */
char *hg_cmdopt_synopsis(const struct hg_cmdspec *spec, char *buf, size_t len);

/*
 * hg_opt_value - parse @val of kind @kind for option (or argument) @opt
 * with the row's limits @min, @max, @flags (as in struct hg_opt), into
 * @v (uint64_t for TIME, SIZE, COUNT). The run's options use it too, so
 * every value has one message everywhere:
 *	"-d 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)"
 *	"-d 0s: must be greater than zero"    "-d 2y: ..."
 *	"-d 400d: at most a year"             "-n 0: must be 1 to 1024"
 *	"-n x: not a number"                  "--size 3Q: unknown size unit ..."
 * Returns 0, -EINVAL or -ERANGE with the message in @err.
 */
int hg_opt_value(enum hg_opt_kind kind, const char *opt, const char *val,
		 uint64_t min, uint64_t max, unsigned int flags, uint64_t *v,
		 char *err, size_t errlen);

/*
 * hg_opt_store - check @val for a row of kind @kind and store it at @dst,
 * the type the kind says (struct hg_opt's kinds): the one conversion of a
 * value for the subcommands' tables and the run's
 * @o:    the row (its limits, .elem, .words), or NULL for a positional
 * @name: the option as the messages say it ("--bucket", "-d")
 * @err:  on failure the message, without the subcommand's name:
 *	"--bucket 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)"
 *	"--svg: empty file name"   "--sizes 1K,,2K: ..."   "--of: unknown ..."
 * Returns 0, -EINVAL or -ERANGE.
 */
int hg_opt_store(enum hg_opt_kind kind, const struct hg_opt *o, void *dst,
		 const char *name, const char *val, char *err, size_t errlen);

/*
 * hg_opt_find_long - the row of the long option @arg ("--name" or
 * "--name=value") among @count names reached through @stride bytes from
 * @names (each a const char *, as for hg_opt_suggest): the name, or a
 * unique prefix of one unless @exact (case-insensitive, hg_match()'s rule)
 * @inline_val: set to the value after '=', else NULL
 * Returns the row's index, or -1 for none (unknown or ambiguous).
 */
long hg_opt_find_long(const char *arg, const void *names, size_t count, size_t stride,
		      bool exact, const char **inline_val);

/*
 * hg_opt_help_row - one option in a help text: "  <left>", then @help from
 * @column on (on the next line when <left> reaches it), '\n' in @help
 * continuing under the column; no newline at the end. Nothing after
 * <left> when @help is NULL or "".
 */
void hg_opt_help_row(FILE *f, int column, const char *left, const char *help);

/* What hg_opt_list() found wrong with a list (struct hg_list_parse.fault). */
enum hg_list_fault {
	HG_LIST_OK = 0,
	HG_LIST_EMPTY,		/* the list is "" */
	HG_LIST_EMPTY_ITEM,	/* an item is "": ",1ms", "1ms,,2ms", "1ms," */
	HG_LIST_TOO_MANY,	/* an item beyond .maxn */
	HG_LIST_TOO_LONG,	/* an item of .maxlen bytes or more */
	HG_LIST_BAD_VALUE,	/* an item hg_opt_value() refuses */
	HG_LIST_NOT_INCREASING,	/* HG_OPT_INCREASING: an item not above the one before */
};

#define HG_LIST_ITEM_MAX	512	/* the largest .maxlen */

/*
 * struct hg_list_parse - one comma-separated list of values, for hg_opt_list()
 * @row:    in: the option's row: its .elem (TIME, SIZE or COUNT), .min,
 *          .max and .flags (HG_OPT_ZERO_OK, HG_OPT_INCREASING) for each item
 * @maxn:   in: at most this many items (HG_OPT_LIST_MAX at the most)
 * @maxlen: in: an item of @maxlen bytes or more is too long (at most
 *          HG_LIST_ITEM_MAX)
 * @list:   out: the values read; on failure, those before the item at fault
 * @fault:  out: HG_LIST_OK, or what is wrong
 * @item:   out: on failure, where the item at fault starts in the list (an
 *          empty item: at the comma after it, or at the end of the list)
 */
struct hg_list_parse {
	const struct hg_opt *row;
	unsigned int maxn;
	size_t maxlen;
	struct hg_opt_list list;
	enum hg_list_fault fault;
	const char *item;
};

/*
 * hg_opt_list - parse @val, values separated by commas, for option @opt
 * @lp:  the list's limits in, its values out (see struct hg_list_parse)
 * @err: for HG_LIST_BAD_VALUE, hg_opt_value()'s message about the item
 *
 * The items are read in order; each is checked for, in this order: empty,
 * beyond .maxn, too long, its value (hg_opt_value() with the row's limits),
 * not above the one before (with HG_OPT_INCREASING); the first fault found
 * stops the parse. Every message but hg_opt_value()'s is the caller's: the
 * run's --lat-thresholds and the subcommands' lists word them their own way.
 * Returns 0, or -EINVAL (-ERANGE: a value out of range) with .fault set.
 */
int hg_opt_list(struct hg_list_parse *lp, const char *opt, const char *val,
		char *err, size_t errlen);

/*
 * hg_opt_fail - format a one-line message into @err (@len bytes, cut to
 * fit) and return @ret: the option parsers' way of failing
 */
int hg_opt_fail(char *err, size_t len, int ret, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * hg_parse_size - parse a size: a decimal integer with an optional unit,
 * B, K, M, G (powers of 1024; KiB, MiB, GiB and lower case too)
 * Returns 0, -EINVAL with the reason in @why, -ERANGE on overflow.
 */
int hg_parse_size(const char *s, uint64_t *bytes, char *why, size_t len);

/*
 * hg_opt_suggest - the name among @names (@count of them, reached through
 * @stride bytes from @names, each a const char *; NULL entries skipped)
 * nearest to the mistyped @word (leading dashes and "=value" ignored), or
 * NULL when none is near: hg_suggest()'s rule (util/lookup.h), the one
 * every table of names uses
 */
const char *hg_opt_suggest(const char *word, const void *names, size_t count,
			   size_t stride);

/*
 * hg_opt_prefixed - the names among @names (as for hg_opt_suggest) that
 * @arg (leading dashes and "=value" ignored) is a prefix of, written to
 * @buf as "--a, --b" (truncated to @len)
 * Returns how many there are: 2 or more makes @arg ambiguous.
 */
size_t hg_opt_prefixed(const char *arg, const void *names, size_t count, size_t stride,
		       char *buf, size_t len);

#endif /* HG_CMDOPT_H */
