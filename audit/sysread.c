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
#include <sys/klog.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <zlib.h>

#include "analysis/cpuset.h"
#include "audit/sysread.h"
#include "util/infile.h"

#define SYSLOG_READ_ALL		3	/* syslog(2)'s SYSLOG_ACTION_READ_ALL */
#define SYSLOG_SIZE_BUFFER	10	/* SYSLOG_ACTION_SIZE_BUFFER */

/* @ctx's root joined to @rel into @out; 0 or -ENAMETOOLONG. */
static int join(const struct hg_audit_ctx *ctx, char *out, size_t len, const char *rel)
{
	const char *root = ctx->root && *ctx->root ? ctx->root : "/";
	int n = snprintf(out, len, "%s%s%s", root, root[strlen(root) - 1] == '/' ? "" : "/",
			 rel + (rel[0] == '/'));

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* The relative path of @fmt into @rel (PATH_MAX bytes); 0 or -ENAMETOOLONG. */
__attribute__((format(printf, 2, 0)))
static int rel_path(char *rel, const char *fmt, va_list ap)
{
	int n = vsnprintf(rel, PATH_MAX, fmt, ap);

	return n < 0 || n >= PATH_MAX ? -ENAMETOOLONG : 0;
}

/* Keep @err, the failure of reading @rel, and @why in @ctx's readerr; returns @err. */
static int failed(const struct hg_audit_ctx *ctx, const char *rel, int err, const char *why)
{
	struct hg_audit_readerr *e = ctx->readerr;

	if (e) {
		e->err = err;
		snprintf(e->text, sizeof(e->text), "%s: %s", rel + (rel[0] == '/'),
			 why && *why ? why : strerror(-err));
	}
	return err;
}

/*
 * Read @fd into @buf (@len bytes, NUL-terminated): whole, the file must
 * fit, else its first line must; the newline that ends a text filling
 * @buf is no excess. Returns the bytes read or -errno (-EFBIG, too long).
 */
static int read_fd(int fd, char *buf, size_t len, bool whole)
{
	size_t at = 0;
	char c;

	while (at < len - 1) {
		ssize_t r = read(fd, buf + at, len - 1 - at);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r)
			break;
		at += (size_t)r;
		if (!whole && memchr(buf, '\n', at))
			break;
	}
	buf[at] = '\0';
	if (at < len - 1 || (!whole && memchr(buf, '\n', at)))
		return (int)at;
	/* full: what follows may only be the text's last newline */
	if (read(fd, &c, 1) != 1)
		return (int)at;
	if (c != '\n' || (whole && read(fd, &c, 1) == 1))
		return -EFBIG;
	return (int)at;
}

/*
 * Read @p (through hg_infile_open: a regular file, never waiting on a FIFO)
 * into @buf; whole: the file must fit, else its first line must. @why gets
 * the reason of a failure.
 */
static int read_file(const char *p, char *buf, size_t len, bool whole, char *why, size_t wlen)
{
	struct stat sb;
	size_t at, i;
	int fd, ret;

	*why = '\0';
	if (len < 2)
		return -EINVAL;
	fd = hg_infile_open(p, 0, &sb, why, wlen);
	if (fd < 0)
		return fd;
	ret = read_fd(fd, buf, len, whole);
	close(fd);
	if (ret == -EFBIG)
		snprintf(why, wlen, "%s longer than %zu bytes", whole ? "the file is" :
			 "its first line is", len - 1);
	if (ret < 0)
		return ret;
	at = (size_t)ret;
	if (!whole && memchr(buf, '\n', at)) {
		at = (size_t)((char *)memchr(buf, '\n', at) - buf);
		buf[at] = '\0';
	}
	for (i = 0; i < at; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c < 0x20 && c != '\n' && c != '\t') {
			snprintf(why, wlen, "not text (control character 0x%02x)", c);
			return -EILSEQ;
		}
	}
	while (at && buf[at - 1] == '\n')
		buf[--at] = '\0';
	if (!at)
		snprintf(why, wlen, "empty");
	return at ? (int)at : -ENODATA;
}

/* @rel's file under the root into @buf, whole or its first line; a failure kept. */
static int read_rel(const struct hg_audit_ctx *ctx, char *buf, size_t len, bool whole,
		    const char *rel)
{
	char p[PATH_MAX], why[128] = "";
	int ret = join(ctx, p, sizeof(p), rel);

	if (!ret)
		ret = read_file(p, buf, len, whole, why, sizeof(why));
	return ret < 0 ? failed(ctx, rel, ret, why) : ret;
}

/* @fmt's file under the root into @buf, whole or its first line. */
__attribute__((format(printf, 5, 0)))
static int read_at(const struct hg_audit_ctx *ctx, char *buf, size_t len, bool whole,
		   const char *fmt, va_list ap)
{
	char rel[PATH_MAX];
	int ret = rel_path(rel, fmt, ap);

	return ret ? ret : read_rel(ctx, buf, len, whole, rel);
}

/* The root joined to the relative path of @fmt into @out; 0 or -ENAMETOOLONG. */
__attribute__((format(printf, 4, 0)))
static int full_path(const struct hg_audit_ctx *ctx, char *out, size_t len, const char *fmt,
		     va_list ap)
{
	char rel[PATH_MAX];
	int ret = rel_path(rel, fmt, ap);

	return ret ? ret : join(ctx, out, len, rel);
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
	char rel[PATH_MAX], buf[64], *end;
	va_list ap;
	int ret;

	va_start(ap, path);
	ret = rel_path(rel, path, ap);
	va_end(ap);
	if (!ret)
		ret = read_rel(ctx, buf, sizeof(buf), false, rel);
	if (ret < 0)
		return ret;
	errno = 0;
	*v = strtoll(buf, &end, 10);
	if (errno || end == buf || *end)
		return failed(ctx, rel, -EINVAL, "not a decimal number");
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

/* Whether @rdev is the running kernel's cpu_dma_latency device (its misc number). */
static bool dma_device(dev_t rdev)
{
	char buf[32], why[64], *end, *end2;
	unsigned long ma, mi;

	if (read_file(HG_SYS_DMA_NUMBER, buf, sizeof(buf), false, why, sizeof(why)) < 0)
		return false;
	ma = strtoul(buf, &end, 10);
	if (end == buf || *end != ':')
		return false;
	mi = strtoul(end + 1, &end2, 10);
	return end2 != end + 1 && !*end2 && major(rdev) == ma && minor(rdev) == mi;
}

/*
 * Open @p, dev/cpu_dma_latency: a regular file through hg_infile_open, the
 * kernel's device only after stat() showed it is that one (no other
 * device is opened: an open may act), without waiting.
 */
static int open_dma(const char *p, char *why, size_t len)
{
	struct stat st, sb;
	int fd;

	if (stat(p, &st)) {
		int e = errno;

		snprintf(why, len, "%s", strerror(e));
		return -e;
	}
	if (!S_ISCHR(st.st_mode))
		return hg_infile_open(p, 0, &sb, why, len);
	if (!dma_device(st.st_rdev)) {
		snprintf(why, len, "a character device, but not the kernel's cpu_dma_latency "
			 "(%s)", HG_SYS_DMA_NUMBER);
		return -ENODEV;
	}
	fd = open(p, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		int e = errno;

		snprintf(why, len, "%s", strerror(e));
		return -e;
	}
	if (fstat(fd, &sb) || !S_ISCHR(sb.st_mode) || sb.st_rdev != st.st_rdev) {
		snprintf(why, len, "replaced while opened");
		close(fd);
		return -EAGAIN;
	}
	return fd;
}

int hg_sys_dma_latency(const struct hg_audit_ctx *ctx, int32_t *v)
{
	static const char rel[] = "dev/cpu_dma_latency";
	char p[PATH_MAX], why[128] = "";
	ssize_t n;
	int fd = join(ctx, p, sizeof(p), rel), err;

	if (!fd)
		fd = open_dma(p, why, sizeof(why));
	if (fd < 0)
		return failed(ctx, rel, fd, why);
	do
		n = read(fd, v, sizeof(*v));
	while (n < 0 && errno == EINTR);
	err = n < 0 ? -errno : 0;
	close(fd);
	if (err)
		return failed(ctx, rel, err, NULL);
	if (n != (ssize_t)sizeof(*v))
		return failed(ctx, rel, -EINVAL, "shorter than 4 bytes");
	return 0;
}

int hg_sys_cmdline_param(const struct hg_audit_ctx *ctx, const char *name, char *val,
			 size_t len)
{
	char line[HG_SYS_CMDLINE_MAX + 1], *tok, *save = NULL;
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

int hg_sys_others(const struct hg_audit_ctx *ctx, cpu_set_t *set)
{
	char buf[1024];
	cpu_set_t cpus;
	int ret = hg_sys_cpus(ctx, &cpus);

	if (!ret)
		ret = hg_sys_line(ctx, buf, sizeof(buf), "sys/devices/system/cpu/online");
	if (ret < 0)
		return ret;
	ret = hg_cpuset_parse(buf, set);
	if (ret)
		return ret;
	CPU_AND(&cpus, &cpus, set);	/* the measured CPUs that are online */
	CPU_XOR(set, set, &cpus);	/* the online ones less those */
	return 0;
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

int hg_sys_gz_text(const struct hg_audit_ctx *ctx, char *buf, size_t len, const char *path)
{
	char p[PATH_MAX], why[128];
	struct stat sb;
	gzFile z;
	int fd, n, ret = join(ctx, p, sizeof(p), path);

	if (ret || len < 2 || len > INT_MAX)
		return ret ? ret : -EINVAL;
	fd = hg_infile_open(p, 0, &sb, why, sizeof(why));
	if (fd < 0)
		return failed(ctx, path, fd, why);
	z = gzdopen(fd, "rb");
	if (!z) {
		close(fd);
		return failed(ctx, path, -ENOMEM, NULL);
	}
	n = gzread(z, buf, (unsigned int)(len - 1));
	/* a text that fills the buffer may go on: one byte more tells */
	ret = n < 0 ? -EIO : (size_t)n == len - 1 && gzgetc(z) != -1 ? -EFBIG : n ? n : -ENODATA;
	gzclose(z);
	if (ret < 0)
		return failed(ctx, path, ret, ret == -EIO ? "not gzip, or damaged" : NULL);
	buf[n] = '\0';
	return ret;
}

char *hg_sys_klog(const struct hg_audit_ctx *ctx, size_t *len, int *err)
{
	bool live = !ctx->root || !strcmp(ctx->root, "/");
	int size = live ? klogctl(SYSLOG_SIZE_BUFFER, NULL, 0) : (int)HG_SYSREAD_MAX;
	char *buf;
	int n;

	if (size <= 0) {
		*err = size < 0 ? -errno : -ENODATA;
		return NULL;
	}
	buf = malloc((size_t)size + 1);
	if (!buf) {
		*err = -ENOMEM;
		return NULL;
	}
	n = live ? klogctl(SYSLOG_READ_ALL, buf, size) : hg_sys_text(ctx, buf, (size_t)size + 1,
								     "dev/kmsg");
	if (n < 0) {
		*err = live ? -errno : n;
		free(buf);
		return NULL;
	}
	*len = (size_t)n;
	return buf;
}
