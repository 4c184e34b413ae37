// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmdutil.c - what the subcommands share
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>

#include <stdio.h>
#include <string.h>

#include "analysis/gaps/attrib.h"
#include "hourglass/cmdutil.h"
#include "hourglass/outpath.h"
#include "hourglass/perfin.h"
#include "trace/msg.h"
#include "trace/tstream.h"
#include "util/errlen.h"

int hg_cmd_flush(const char *cmd, int status)
{
	int e = 0;

	if (fflush(stdout))
		e = errno;
	if (!e && ferror(stdout))
		e = EIO;
	if (!e)
		return status;
	clearerr(stdout);
	if (cmd)
		hg_msg("%s: cannot write standard output: %s", cmd,
			strerror(e));
	else
		hg_msg("cannot write standard output: %s", strerror(e));
	return 1;
}

int hg_cmd_read_failed(const char *cmd, const char *file, const char *err)
{
	/* a bounded part of the name: a message stays one readable line */
	hg_msg("%s: %.*s%s: %s", cmd, HG_QUOTE_MAX, file,
		strlen(file) > HG_QUOTE_MAX ? "..." : "", err);
	return 2;
}

int hg_cmd_read(const char *cmd, const char *file, struct hg_trace **t)
{
	char err[HG_ERR_LEN];

	if (!hg_trace_read(file, t, err, sizeof(err)))
		return 0;
	return hg_cmd_read_failed(cmd, file, err);
}

int hg_cmd_write(const char *cmd, const char *path, hg_atomic_fn write, const void *arg)
{
	char err[HG_ERR_LEN];
	int ret = hg_atomic_write(path, write, arg, err, sizeof(err));

	if (!ret)
		return 0;
	if (ret != HG_ATOMIC_SAID)
		hg_msg("%s: %s", cmd, err);
	return 1;
}

char *hg_join_args(int argc, char *const *argv)
{
	size_t len = 1;
	char *s;
	int i;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (i = 0; i < argc; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

int hg_cmd_on_trace(const struct hg_cmdspec *spec, int argc, char **argv, void *args,
		    const char *const *file, hg_cmd_trace_fn run)
{
	int status;

	if (hg_cmdopt_get(spec, argc, argv, args, &status))
		return hg_cmd_flush(spec->name, status);
	return hg_cmd_stream_run(spec, args, *file, run);
}

int hg_cmd_stream_run(const struct hg_cmdspec *spec, void *args, const char *file,
		      hg_cmd_trace_fn run)
{
	char err[HG_ERR_LEN];
	const struct hg_trace *t;
	struct hg_tstream *ts;
	int status;

	if (hg_tstream_trace(file, HG_TSTREAM_NAMES, &ts, &t, err, sizeof(err)))
		return hg_cmd_read_failed(spec->name, file, err);
	status = run(args, t);
	/* its kernel events are read again as needed: a read that failed is said */
	if (!status && t->kev && hg_kevents_status(t->kev)) {
		snprintf(err, sizeof(err), "cannot read its kernel events again: %s",
			 strerror(-hg_kevents_status(t->kev)));
		status = hg_cmd_read_failed(spec->name, file, err);
	}
	hg_tstream_close(ts);
	return hg_cmd_flush(spec->name, status);
}

int hg_cmd_trace_run(const struct hg_cmdspec *spec, void *args, const char *file,
		     hg_cmd_trace_fn run)
{
	struct hg_trace *t;
	int status;

	if (hg_cmd_read(spec->name, file, &t))
		return 2;
	status = run(args, t);
	hg_trace_free(t);
	return hg_cmd_flush(spec->name, status);
}

int hg_cmd_sched_text(const char *cmd, const char *sched, const struct hg_trace *t,
		      struct hg_kevents **own, struct hg_ksched_info *info)
{
	char err[HG_ERR_LEN] = "";
	int ret;

	*own = NULL;
	ret = hg_perfin_read(t, sched, own, info, err, sizeof(err));
	if (!ret)
		return 0;
	hg_msg("%s: --sched %s: %s", cmd, sched, ret == -ENOMEM ? strerror(ENOMEM) : err);
	return ret == -ENOMEM ? 1 : 2;
}

/* The line of hg_cmd_kev_source(), without a prefix or a newline, in @buf. */
static void kev_source_text(char *buf, size_t len, const struct hg_trace *t,
			    const struct hg_ksched_info *info)
{
	if (!info) {
		snprintf(buf, len, "kernel events: from the capture (--kernel)");
		return;
	}
	snprintf(buf, len, "kernel events: from perf script text %s: %llu of its %llu event lines "
		 "(the rest another kind or outside the run), times to %llu ns%s",
		 info->source, (unsigned long long)info->used, (unsigned long long)info->lines,
		 (unsigned long long)info->resolution_ns,
		 t->kev ? "; --sched takes precedence over the trace's own (--kernel)" : "");
}

void hg_cmd_kev_source(FILE *f, const char *prefix, const struct hg_trace *t,
		       const struct hg_ksched_info *info)
{
	char line[HG_KEV_SOURCE_LEN];

	kev_source_text(line, sizeof(line), t, info);
	fprintf(f, "%s%s\n", prefix, line);
}

void hg_cmd_kev_say(const char *cmd, const struct hg_trace *t, const struct hg_ksched_info *info)
{
	char line[HG_KEV_SOURCE_LEN];

	kev_source_text(line, sizeof(line), t, info);
	hg_msg("%s: %s", cmd, line);
}

int hg_cmd_attrib_in(const char *cmd, const char *file, const char *sched,
		     const struct hg_trace *t, struct hg_attrib_in *in, struct hg_kevents **own,
		     struct hg_ksched_info *info)
{
	char err[HG_ERR_LEN] = "";
	int ret;

	*own = NULL;
	*in = (struct hg_attrib_in){ .k = t->kev, .resolution_ns = 1, .own = true };
	if (sched) {
		ret = hg_cmd_sched_text(cmd, sched, t, own, info);
		if (ret)
			return ret;
		*in = (struct hg_attrib_in){ .k = *own, .resolution_ns = info->resolution_ns };
	}
	if (!in->k)
		return 0;
	ret = hg_attrib_check(t, in, err, sizeof(err));
	if (!ret)
		return 0;
	hg_kevents_free(*own);
	*own = NULL;
	if (ret == -ENODATA || ret == -ESRCH) {
		if (sched)
			hg_msg("%s: --sched %s: %s", cmd, sched, err);
		else
			hg_cmd_read_failed(cmd, file, err);
		return 2;
	}
	hg_msg("%s: %s", cmd,
		ret == -EINVAL ? "damaged records" : strerror(-ret));
	return 1;
}

int hg_cmd_kernel_events(const char *cmd, const char *file, const char *sched, const struct hg_trace *t,
			 struct hg_trace *view, struct hg_kevents **own, FILE *note,
			 const char *prefix)
{
	struct hg_ksched_info info;
	char lacks[512];
	int ret;

	*own = NULL;
	*view = *t;
	if (!sched) {
		if (!t->kev) {
			hg_msg("%s: %s: no kernel events in this trace (run "
				"with --kernel, or give --sched <perf script text>)", cmd, file);
			return 2;
		}
		if (note)
			hg_cmd_kev_source(note, prefix, t, NULL);
		return 0;
	}
	ret = hg_cmd_sched_text(cmd, sched, t, own, &info);
	if (ret)
		return ret;
	view->kev = *own;
	if (note)
		hg_cmd_kev_source(note, prefix, t, &info);
	if (hg_ksched_missing(*own, lacks, sizeof(lacks))) {
		if (note)
			fprintf(note, "%sthe text lacks: %s\n", prefix, lacks);
		else
			hg_msg("%s: --sched %s: the text lacks: %s", cmd,
				sched, lacks);
	}
	return 0;
}
