// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * perfin.c - perf script text read from a file, a line at a time
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/perfin.h"
#include "util/infile.h"
#include "trace/wire.h"

/* Every line of @f to @r; 0 or -errno with @err said. */
static int feed(FILE *f, struct hg_ksched *r, char *err, size_t errlen)
{
	char *line = NULL;
	size_t cap = 0, n = 0;
	long got;
	int ret = 0;

	while (!ret && (got = hg_infile_line(f, &line, &cap, HG_KSCHED_MAX_LINE)) != -1) {
		n++;
		if (got == -E2BIG) {
			snprintf(err, errlen, "line %zu: longer than %u bytes, the most read", n,
				 HG_KSCHED_MAX_LINE);
			ret = -E2BIG;
		} else if (got < 0) {
			snprintf(err, errlen, "%s", strerror((int)-got));
			ret = (int)got;
		} else {
			size_t len = (size_t)got;

			if (len && line[len - 1] == '\n')
				len--;
			ret = hg_ksched_line(r, line, len, err, errlen);
		}
	}
	if (!ret && ferror(f)) {
		snprintf(err, errlen, "cannot read: %s", strerror(EIO));
		ret = -EIO;
	}
	free(line);
	return ret;
}

int hg_perfin_read(const struct hg_trace *t, const char *path, struct hg_kevents **out,
		   struct hg_ksched_info *info, char *err, size_t errlen)
{
	struct hg_ksched *r = NULL;
	FILE *f;
	int ret = 0;

	memset(info, 0, sizeof(*info));
	/* a FIFO, a device or a directory is refused with the reason, before it is read */
	f = hg_infile_text(path, HG_KSCHED_MAX_BYTES, &ret, err, errlen);
	if (!f)
		return ret ? ret : -EIO;
	ret = hg_ksched_begin(t, &r, err, errlen);
	if (!ret)
		ret = feed(f, r, err, errlen);
	fclose(f);
	if (ret)
		hg_ksched_abort(r);
	else
		ret = hg_ksched_end(r, out, info, err, errlen);
	/* a file's name is another user's words: tamed as it is taken in */
	snprintf(info->source, sizeof(info->source), "%s", path);
	hg_tame(info->source);
	return ret;
}
