// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * preempt.c - the kernel's preemption model, read from the first source
 * that tells, and where it was read
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/preempt.h"
#include "audit/sysread.h"

#define LOG_MARK		"Dynamic Preempt: "
#define DEBUGFS_PREEMPT		"sys/kernel/debug/sched/preempt"

static const char *const names[] = {
	[HG_PREEMPT_UNKNOWN] = "unknown",
	[HG_PREEMPT_NONE] = "none",
	[HG_PREEMPT_VOLUNTARY] = "voluntary",
	[HG_PREEMPT_NOT_FULL] = "none or voluntary",
	[HG_PREEMPT_FULL] = "full",
	[HG_PREEMPT_LAZY] = "lazy",
	[HG_PREEMPT_RT] = "rt",
};

const char *hg_preempt_name(enum hg_preempt_model model)
{
	return (unsigned int)model < sizeof(names) / sizeof(names[0]) ? names[model]
								       : names[0];
}

enum hg_preempt_model hg_preempt_parse(const char *word)
{
	static const enum hg_preempt_model words[] = {
		HG_PREEMPT_NONE, HG_PREEMPT_VOLUNTARY, HG_PREEMPT_FULL, HG_PREEMPT_LAZY,
		HG_PREEMPT_RT,
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strcmp(word, names[words[i]]))
			return words[i];
	return HG_PREEMPT_UNKNOWN;
}

bool hg_preempt_blocks_rt(enum hg_preempt_model model)
{
	return model == HG_PREEMPT_NONE || model == HG_PREEMPT_VOLUNTARY ||
	       model == HG_PREEMPT_NOT_FULL;
}

/* The word at @s (up to @end), lower-case letters only, into @w. */
static void word_at(const char *s, const char *end, char *w, size_t len)
{
	size_t n = 0;

	while (s < end && *s >= 'a' && *s <= 'z' && n + 1 < len)
		w[n++] = *s++;
	w[n] = '\0';
}

enum hg_preempt_model hg_preempt_from_log(const char *log, size_t len)
{
	const char *end = log + len, *p = log, *last = NULL;
	size_t mark = strlen(LOG_MARK);
	char w[16];

	while ((p = memmem(p, (size_t)(end - p), LOG_MARK, mark))) {
		p += mark;
		last = p;
	}
	if (!last)
		return HG_PREEMPT_UNKNOWN;
	word_at(last, end, w, sizeof(w));
	return hg_preempt_parse(w);
}

/* The mode in parentheses of debugfs's sched/preempt ("none voluntary (full) lazy"). */
static int from_debugfs(const struct hg_audit_ctx *ctx, struct hg_preempt *p)
{
	char buf[256], w[16], *open;
	int ret = hg_sys_line(ctx, buf, sizeof(buf), DEBUGFS_PREEMPT);

	if (ret < 0)
		return ret;
	open = strchr(buf, '(');
	if (!open || !strchr(open, ')'))
		return -EINVAL;
	word_at(open + 1, open + strlen(open), w, sizeof(w));
	p->model = hg_preempt_parse(w);
	snprintf(p->from, sizeof(p->from), "/%s", DEBUGFS_PREEMPT);
	return p->model == HG_PREEMPT_UNKNOWN ? -EINVAL : 0;
}

static int from_log(const struct hg_audit_ctx *ctx, struct hg_preempt *p)
{
	size_t len = 0;
	int err = 0;
	char *log = hg_sys_klog(ctx, &len, &err);

	if (!log)
		return err;
	p->model = hg_preempt_from_log(log, len);
	free(log);
	if (p->model == HG_PREEMPT_UNKNOWN)
		return -ENOENT;
	snprintf(p->from, sizeof(p->from), "the kernel's log at boot: '%s%s'", LOG_MARK,
		 hg_preempt_name(p->model));
	return 0;
}

static int from_cmdline(const struct hg_audit_ctx *ctx, struct hg_preempt *p)
{
	char val[32];
	int ret = hg_sys_cmdline_param(ctx, "preempt", val, sizeof(val));

	if (ret <= 0)
		return ret < 0 ? ret : -ENOENT;
	p->model = hg_preempt_parse(val);
	if (p->model == HG_PREEMPT_UNKNOWN)
		return -EINVAL;
	snprintf(p->from, sizeof(p->from), "preempt=%s on the kernel command line", val);
	return 0;
}

/*
 * The model the config text @cfg (after a newline, NUL-terminated) chose,
 * its default when PREEMPT_DYNAMIC; @where names the file. 0 or -ENOENT.
 */
static int config_model(const char *cfg, const char *where, struct hg_preempt *p)
{
	static const struct { const char *line; enum hg_preempt_model model; } opts[] = {
		{ "\nCONFIG_PREEMPT_RT=y\n", HG_PREEMPT_RT },
		{ "\nCONFIG_PREEMPT_LAZY=y\n", HG_PREEMPT_LAZY },
		{ "\nCONFIG_PREEMPT=y\n", HG_PREEMPT_FULL },
		{ "\nCONFIG_PREEMPT_VOLUNTARY=y\n", HG_PREEMPT_VOLUNTARY },
		{ "\nCONFIG_PREEMPT_NONE=y\n", HG_PREEMPT_NONE },
	};
	size_t i;

	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (strstr(cfg, opts[i].line)) {
			p->model = opts[i].model;
			snprintf(p->from, sizeof(p->from), "%.100s: %.*s%s", where,
				 (int)strlen(opts[i].line) - 2, opts[i].line + 1,
				 p->dynamic ? " (the mode at boot without preempt=)" : "");
			return 0;
		}
	return -ENOENT;
}

/*
 * The model the kernel's config chose: /boot/config-<release>, else the
 * kernel's own copy, /proc/config.gz (IKCONFIG_PROC).
 */
static int from_config(const struct hg_audit_ctx *ctx, struct hg_preempt *p)
{
	char release[128], where[160], *cfg;
	int ret = hg_sys_line(ctx, release, sizeof(release), "proc/sys/kernel/osrelease");

	if (ret < 0)
		return ret;
	cfg = malloc(HG_SYSREAD_MAX);
	if (!cfg)
		return -ENOMEM;
	cfg[0] = '\n';
	ret = hg_sys_text(ctx, cfg + 1, HG_SYSREAD_MAX - 2, "boot/config-%s", release);
	snprintf(where, sizeof(where), "/boot/config-%s", release);
	if (ret < 0) {
		ret = hg_sys_gz_text(ctx, cfg + 1, HG_SYSREAD_MAX - 2, "proc/config.gz");
		snprintf(where, sizeof(where), "/proc/config.gz");
	}
	if (ret >= 0) {
		memcpy(cfg + 1 + ret, "\n", 2);
		ret = config_model(cfg, where, p);
	}
	free(cfg);
	return ret;
}

/* What a kernel without PREEMPT_DYNAMIC says of itself in its version string. */
static void from_version(const char *version, struct hg_preempt *p)
{
	if (strstr(version, "PREEMPT_LAZY")) {
		p->model = HG_PREEMPT_LAZY;
		snprintf(p->from, sizeof(p->from), "the version string: PREEMPT_LAZY");
	} else if (strstr(version, " PREEMPT ")) {
		p->model = HG_PREEMPT_FULL;
		snprintf(p->from, sizeof(p->from), "the version string: PREEMPT");
	} else {
		p->model = HG_PREEMPT_NOT_FULL;
		snprintf(p->from, sizeof(p->from), "the version string names no PREEMPT");
	}
}

int hg_preempt_read(const struct hg_audit_ctx *ctx, struct hg_preempt *p)
{
	char version[1024];
	long long rt = 0;
	int ret;

	memset(p, 0, sizeof(*p));
	if (!hg_sys_long(ctx, &rt, "sys/kernel/realtime") && rt == 1) {
		p->model = HG_PREEMPT_RT;
		snprintf(p->from, sizeof(p->from), "/sys/kernel/realtime is 1");
		return 0;
	}
	ret = hg_sys_line(ctx, version, sizeof(version), "proc/version");
	if (ret < 0)
		return ret;
	if (strstr(version, "PREEMPT_RT")) {
		p->model = HG_PREEMPT_RT;
		snprintf(p->from, sizeof(p->from), "the version string: PREEMPT_RT");
		return 0;
	}
	p->dynamic = strstr(version, "PREEMPT_DYNAMIC") != NULL;
	if (!from_debugfs(ctx, p))
		return 0;
	if (p->dynamic && (!from_log(ctx, p) || !from_cmdline(ctx, p) || !from_config(ctx, p)))
		return 0;
	if (!p->dynamic && !from_config(ctx, p))
		return 0;
	p->model = HG_PREEMPT_UNKNOWN;
	if (!p->dynamic) {
		from_version(version, p);
		return 0;
	}
	snprintf(p->from, sizeof(p->from), "/%s, the kernel's log, the command line, "
		 "/boot/config-<release> and /proc/config.gz tell nothing", DEBUGFS_PREEMPT);
	return 0;
}
