// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * periodic_table.c - PERIODIC_TABLE <file> <T>: PERIODIC whose jobs take
 * their CPU time in turn from a file (one time value per line, with its
 * unit; blank lines and lines starting with # are skipped; the table
 * repeats): a decoder whose frames differ in cost, as the paper proposes
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/errlen.h"
#include "util/grow.h"
#include "util/infile.h"
#include "util/timeval.h"
#include "workloads/chainjobs.h"
#include "workloads/workload.h"
#include "util/tame.h"

#define TABLE_MAX_LINES HG_WL_TABLE_MAX_LINES	/* jobs before it repeats */
#define TABLE_MAX_BYTES (256ULL << 20)
#define TABLE_MAX_LINE 4096u

struct table {
	uint64_t *cost_ns;
	size_t n;
};

/*
 * Read the times in @path into @t (may be NULL: only check); @hint: how
 * many are expected (0: not known), taken in one allocation. On error
 * writes "'<path>' line <n>: reason" to @err.
 */
static int read_table(const char *path, struct table *t, size_t hint, char *err, size_t errlen)
{
	struct hg_quoted qp = hg_quote(path);	/* a long name cut: the reason stays */
	char why[HG_ERR_LEN], *line = NULL;
	size_t lineno = 0, n = 0, cap = 0, linecap = 0;
	uint64_t *v = hint ? malloc(hint * sizeof(*v)) : NULL;
	int ret = 0;
	long got;
	/* a FIFO or a device is refused before it is read: it could block or never end */
	FILE *f = hg_infile_text(path, TABLE_MAX_BYTES, &ret, why, sizeof(why));

	if (v)
		cap = hint;
	if (!f) {
		free(v);
		snprintf(err, errlen, "file '%s': %s", qp.s, why);
		return ret ? ret : -EIO;
	}
	while (!ret && (got = hg_infile_line(f, &line, &linecap, TABLE_MAX_LINE)) != -1) {
		char *s;
		uint64_t ns = 0;

		lineno++;
		if (got < 0) {
			ret = (int)got;
			if (got == -E2BIG)
				snprintf(err, errlen, "file '%s' line %zu: longer than %u bytes", qp.s,
					 lineno, TABLE_MAX_LINE);
			else
				snprintf(err, errlen, "file '%s': out of memory", qp.s);
			break;
		}
		s = line + strspn(line, " \t");
		if (lineno > TABLE_MAX_LINES) {
			snprintf(err, errlen, "file '%s': more than %u lines", qp.s, TABLE_MAX_LINES);
			ret = -E2BIG;
			break;
		}
		s[strcspn(s, " \t\r\n")] = '\0';
		if (!*s || *s == '#')
			continue;
		if (hg_parse_time(s, &ns, why, sizeof(why))) {
			snprintf(err, errlen, "file '%s' line %zu: '%s': %s", qp.s, lineno,
				 hg_quote(s).s, why);
			ret = -EINVAL;
		} else if (!ns) {
			snprintf(err, errlen, "file '%s' line %zu: '%s': must be greater than zero",
				 qp.s, lineno, hg_quote(s).s);
			ret = -EINVAL;
		} else if (HG_GROW(v, cap, n + 1)) {
			ret = -ENOMEM;
		}
		if (!ret)
			v[n++] = ns;
	}
	free(line);
	fclose(f);
	if (!ret && !n) {
		snprintf(err, errlen, "file '%s': no times in it (one per line, e.g. 12ms)", qp.s);
		ret = -EINVAL;
	}
	if (ret)
		hg_tame(err);	/* the file's words: no escape reaches the terminal */
	if (ret || !t) {
		free(v);
		return ret;
	}
	/* to its size: the threads hold 8 bytes a time, not the doubling's slack */
	t->cost_ns = realloc(v, n * sizeof(*v));
	if (!t->cost_ns)
		t->cost_ns = v;
	t->n = n;
	return 0;
}

/* The largest time of @t. */
static uint64_t table_max(const struct table *t)
{
	uint64_t max = 0;
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->cost_ns[i] > max)
			max = t->cost_ns[i];
	return max;
}

static int table_parse(struct hg_wl_params *p, char *const *args, unsigned int n,
		       char *err, size_t errlen)
{
	struct table t;
	int ret;

	(void)n;
	if (strlen(args[0]) >= sizeof(p->path)) {
		snprintf(err, errlen, "file '%s': path too long", hg_quote(args[0]).s);
		return -EINVAL;
	}
	snprintf(p->path, sizeof(p->path), "%s", args[0]);
	ret = hg_wl_parse_time(args[1], "period", &p->period_ns, err, errlen);
	p->deadline_ns = p->period_ns;
	if (ret)
		return ret;
	/* read once here: its length bounds the run's memory, its largest is C */
	ret = read_table(p->path, &t, 0, err, errlen);
	if (ret)
		return ret;
	p->table_len = t.n;
	p->table_max_ns = table_max(&t);
	free(t.cost_ns);
	return 0;
}

static void table_describe(const struct hg_wl_params *p, char *buf, size_t len)
{
	char t[32];
	const char *base = strrchr(p->path, '/');

	snprintf(buf, len, "PERIODIC_TABLE %s %s", base ? base + 1 : p->path,
		 hg_format_time(p->period_ns, t, sizeof(t)));
	hg_tame(buf);	/* a file name may hold escapes: the label goes to terminals */
}

static int table_setup(struct hg_wl_ctx *ctx)
{
	struct table *t = calloc(1, sizeof(*t));
	char err[HG_ERR_LEN];
	int ret;

	if (!t)
		return -ENOMEM;
	/* the length parse found: one allocation of its size, no doubling's peak */
	ret = read_table(ctx->p->path, t, ctx->p->table_len, err, sizeof(err));
	if (ret) {
		free(t);
		return ret;
	}
	ctx->priv = t;
	return 0;
}

static void table_teardown(struct hg_wl_ctx *ctx)
{
	struct table *t = ctx->priv;

	if (t)
		free(t->cost_ns);
	free(t);
	ctx->priv = NULL;
}

static uint64_t table_cost(struct hg_wl_ctx *ctx, uint64_t k)
{
	const struct table *t = ctx->priv;

	return t->cost_ns[k % t->n];
}

static int table_wcet(const struct hg_wl_params *p, uint64_t *ns)
{
	struct table t;
	char err[HG_ERR_LEN];
	int ret;

	if (p->table_max_ns) {	/* parse read it: not again for each thread */
		*ns = p->table_max_ns;
		return 0;
	}
	ret = read_table(p->path, &t, 0, err, sizeof(err));
	if (ret)
		return ret;
	*ns = table_max(&t);
	free(t.cost_ns);
	return 0;
}

static int table_run(struct hg_wl_ctx *ctx)
{
	return hg_jobs_any(ctx, table_cost);
}

const struct hg_workload hg_wl_periodic_table = {
	.name = "PERIODIC_TABLE",
	.args = "<file> <period>",
	.help = "PERIODIC, job costs in turn from <file>",
	.min_args = 2,
	.max_args = 2,
	.unit = "jobs",
	.model = HG_MODEL_PERIODIC,
	.timed = true,
	.parse = table_parse,
	.describe = table_describe,
	.setup = table_setup,
	.run = table_run,
	.teardown = table_teardown,
	.wcet = table_wcet,
};
