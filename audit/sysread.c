// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sysread.c - bounded reads of /proc and /sys under an audit's root
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "analysis/cpuset.h"
#include "audit/sysread.h"

/* @ctx's root joined to the relative path of @fmt into @out; 0 or -ENAMETOOLONG. */
__attribute__((format(printf, 4, 0)))
static int full_path(const struct hg_audit_ctx *ctx, char *out, size_t len, const char *fmt,
		     va_list ap)
{
	char rel[PATH_MAX];
	const char *root = ctx->root && *ctx->root ? ctx->root : "/";
	int n = vsnprintf(rel, sizeof(rel), fmt, ap);

	if (n < 0 || (size_t)n >= sizeof(rel))
		return -ENAMETOOLONG;
	n = snprintf(out, len, "%s%s%s", root, root[strlen(root) - 1] == '/' ? "" : "/",
		     rel + (rel[0] == '/'));
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* Read @p into @buf; whole: the file must fit, else its first line must. */
static int read_file(const char *p, char *buf, size_t len, bool whole)
{
	size_t at = 0, i;
	int fd, ret = 0;

	if (len < 2)
		return -EINVAL;
	fd = open(p, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (at < len - 1) {
		ssize_t r = read(fd, buf + at, len - 1 - at);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			ret = -errno;
			break;
		}
		if (!r)
			break;
		at += (size_t)r;
		if (!whole && memchr(buf, '\n', at))
			break;
	}
	if (!ret && at == len - 1 && (whole || !memchr(buf, '\n', at))) {
		char c;

		if (read(fd, &c, 1) == 1)
			ret = -EFBIG;
	}
	close(fd);
	if (ret)
		return ret;
	buf[at] = '\0';
	if (!whole && memchr(buf, '\n', at)) {
		at = (size_t)((char *)memchr(buf, '\n', at) - buf);
		buf[at] = '\0';
	}
	for (i = 0; i < at; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c < 0x20 && c != '\n' && c != '\t')
			return -EILSEQ;
	}
	while (at && buf[at - 1] == '\n')
		buf[--at] = '\0';
	return at ? (int)at : -ENODATA;
}

/* @fmt's file under the root into @buf, whole or its first line. */
__attribute__((format(printf, 5, 0)))
static int read_at(const struct hg_audit_ctx *ctx, char *buf, size_t len, bool whole,
		   const char *fmt, va_list ap)
{
	char p[PATH_MAX];
	int ret = full_path(ctx, p, sizeof(p), fmt, ap);

	return ret ? ret : read_file(p, buf, len, whole);
}

int hg_sys_text(const struct hg_audit_ctx *ctx, char *buf, size_t len, const char *path, ...)
{
	va_list ap;
	int ret;

	va_start(ap, path);
	ret = read_at(ctx, buf, len, true, path, ap);
	va_end(ap);
	return ret;
}

int hg_sys_line(const struct hg_audit_ctx *ctx, char *buf, size_t len, const char *path, ...)
{
	va_list ap;
	int ret;

	va_start(ap, path);
	ret = read_at(ctx, buf, len, false, path, ap);
	va_end(ap);
	return ret;
}

int hg_sys_each_cpu_line(const struct hg_audit_ctx *ctx, const char *file,
			 int (*fn)(unsigned int cpu, const char *line, void *arg), void *arg)
{
	char line[256];
	unsigned int cpu;
	cpu_set_t cpus;
	int ret = hg_sys_cpus(ctx, &cpus);

	for (cpu = 0; !ret && cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &cpus))
			continue;
		ret = hg_sys_line(ctx, line, sizeof(line), "sys/devices/system/cpu/cpu%u/%s",
				  cpu, file);
		if (ret == -ENOENT)
			ret = 0;
		else if (ret >= 0)
			ret = fn(cpu, line, arg);
	}
	return ret;
}

int hg_sys_path(const struct hg_audit_ctx *ctx, char *out, size_t len, const char *path, ...)
{
	va_list ap;
	int ret;

	va_start(ap, path);
	ret = full_path(ctx, out, len, path, ap);
	va_end(ap);
	return ret;
}

int hg_sys_long(const struct hg_audit_ctx *ctx, long long *v, const char *path, ...)
{
	char buf[64], *end;
	va_list ap;
	int ret;

	va_start(ap, path);
	ret = read_at(ctx, buf, sizeof(buf), false, path, ap);
	va_end(ap);
	if (ret < 0)
		return ret;
	errno = 0;
	*v = strtoll(buf, &end, 10);
	if (errno || end == buf || *end)
		return -EINVAL;
	return 0;
}

bool hg_sys_exists(const struct hg_audit_ctx *ctx, const char *path, ...)
{
	char p[PATH_MAX];
	struct stat st;
	va_list ap;
	int ret;

	va_start(ap, path);
	ret = full_path(ctx, p, sizeof(p), path, ap);
	va_end(ap);
	return !ret && !stat(p, &st);
}

int hg_sys_cmdline_param(const struct hg_audit_ctx *ctx, const char *name, char *val,
			 size_t len)
{
	char line[4096], *tok, *save = NULL;
	size_t n = strlen(name);
	int ret = hg_sys_line(ctx, line, sizeof(line), "proc/cmdline");

	if (ret < 0)
		return ret;
	for (tok = strtok_r(line, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		if (strncmp(tok, name, n) || (tok[n] != '\0' && tok[n] != '='))
			continue;
		snprintf(val, len, "%s", tok[n] == '=' ? tok + n + 1 : "");
		return 1;
	}
	return 0;
}

int hg_sys_cpus(const struct hg_audit_ctx *ctx, cpu_set_t *set)
{
	char buf[1024];
	int ret;

	if (ctx->cpus_given) {
		*set = ctx->cpus;
		return 0;
	}
	ret = hg_sys_line(ctx, buf, sizeof(buf), "sys/devices/system/cpu/online");
	if (ret < 0)
		return ret;
	return hg_cpuset_parse(buf, set);
}

/* Whether the "flags" line starting at @line has @flag. */
static int has_flag(const char *line, const char *flag)
{
	const char *p = strchr(line, ':'), *eol = strchr(line, '\n');
	size_t n = strlen(flag);

	if (!eol)
		eol = line + strlen(line);
	for (p++; p < eol; ) {
		size_t w;

		p += strspn(p, " \t");
		w = strcspn(p, " \t\n");
		if (!w)
			break;
		if (w == n && !strncmp(p, flag, n))
			return 1;
		p += w;
	}
	return 0;
}

int hg_sys_cpu_flag(const struct hg_audit_ctx *ctx, const char *flag)
{
	char *text = malloc(HG_SYSREAD_MAX);
	const char *line;
	int ret;

	if (!text)
		return -ENOMEM;
	ret = hg_sys_text(ctx, text, HG_SYSREAD_MAX, "proc/cpuinfo");
	for (line = ret < 0 ? NULL : text; line; line = strchr(line, '\n')) {
		if (*line == '\n')
			line++;
		if (!strncmp(line, "flags", 5) && strchr(line, ':') &&
		    strchr(line, ':') < (strchr(line, '\n') ? strchr(line, '\n') : line + strlen(line))) {
			ret = has_flag(line, flag);
			free(text);
			return ret;
		}
	}
	free(text);
	return ret < 0 ? ret : -ENOENT;
}

int hg_sys_cpulist(const char *s, cpu_set_t *set)
{
	const char *p = s;

	/* isolcpus=[flag,...,]<list>: the flags are words, the list digits */
	for (;;) {
		const char *comma = strchr(p, ',');

		if (*p >= '0' && *p <= '9')
			break;
		if (!comma)
			return -EINVAL;
		p = comma + 1;
	}
	return hg_cpuset_parse(p, set) ? -EINVAL : 0;
}

char *hg_sys_list(const cpu_set_t *set, char *buf, size_t len)
{
	return hg_cpuset_list(set, "none", buf, len);
}

const char *hg_sys_cpus_word(const cpu_set_t *set)
{
	return CPU_COUNT(set) == 1 ? "CPU" : "CPUs";
}
