/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sysread.h - the checks' reads of /proc and /sys under an audit's root
 * directory, bounded and checked: a missing, empty, binary or huge file is
 * an error, never a crash or a misread; anything but a regular file (a
 * FIFO, a socket, a directory in a copied tree) is refused unread, never
 * waited on (util/infile.h opens them). A failed read is kept in the
 * context's readerr, the file named, for the check's reason.
 */
#ifndef HG_AUDIT_SYSREAD_H
#define HG_AUDIT_SYSREAD_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audit/audit.h"

#define HG_SYSREAD_MAX	(1u << 20)	/* a file read whole: at most this many bytes */
/* the longest kernel command line: COMMAND_LINE_SIZE is at most 4096 with its NUL */
#define HG_SYS_CMDLINE_MAX	4095
/* where the running kernel gives its cpu_dma_latency device's number, "10:<minor>" */
#define HG_SYS_DMA_NUMBER	"/sys/class/misc/cpu_dma_latency/dev"

/*
 * hg_sys_text - the text of @path (relative to the root, without its
 * leading '/', printf format) into @buf (@len bytes), trailing newlines
 * cut. Returns its length, -ENOENT (or another errno of open/read),
 * -EINVAL for a FIFO, a socket or a device, -EISDIR for a directory,
 * -ENODATA for an empty file, -EILSEQ for a file holding a NUL byte or
 * another control character than tab or newline, -EFBIG for a file longer
 * than @len - 1 bytes (its last newline not counted).
 */
int hg_sys_text(const struct hg_audit_ctx *ctx, char *buf, size_t len, const char *path, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * hg_sys_line - the first line of the text of @path (as hg_sys_text, the
 * file may be longer than @len: only its first line must fit)
 */
int hg_sys_line(const struct hg_audit_ctx *ctx, char *buf, size_t len, const char *path, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * hg_sys_long - @path's first line as a decimal integer into @v; 0 or
 * -errno (-EINVAL: not a number)
 */
int hg_sys_long(const struct hg_audit_ctx *ctx, long long *v, const char *path, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * hg_sys_path - the root joined to @path (printf format) into @out, for
 * what is not read through the functions above (a directory to walk, a
 * device). Returns 0 or -ENAMETOOLONG.
 */
int hg_sys_path(const struct hg_audit_ctx *ctx, char *out, size_t len, const char *path, ...)
	__attribute__((format(printf, 4, 5)));

/* hg_sys_exists - whether @path exists under the root. */
bool hg_sys_exists(const struct hg_audit_ctx *ctx, const char *path, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * hg_sys_dma_latency - the value in dev/cpu_dma_latency under the root
 * into @v: a regular file (a copied tree's four bytes), or a character
 * device that is the running kernel's cpu_dma_latency (its number as
 * HG_SYS_DMA_NUMBER gives it), opened without waiting; another device is
 * never opened (-ENODEV), a FIFO or a socket is refused (-EINVAL).
 * Returns 0 or -errno (-EACCES: it needs root).
 */
int hg_sys_dma_latency(const struct hg_audit_ctx *ctx, int32_t *v);

/*
 * hg_sys_cmdline_param - the value of kernel parameter @name in
 * proc/cmdline into @val ("" for a parameter without '='). Returns 1 when
 * present, 0 when absent, -errno when the command line cannot be read
 * (-EFBIG: longer than HG_SYS_CMDLINE_MAX characters).
 */
int hg_sys_cmdline_param(const struct hg_audit_ctx *ctx, const char *name, char *val,
			 size_t len);

/*
 * hg_sys_cpus - the CPUs the per-CPU checks judge: ctx->cpus, or without
 * --cpu those of sys/devices/system/cpu/online. Returns 0 or -errno.
 */
int hg_sys_cpus(const struct hg_audit_ctx *ctx, cpu_set_t *set);

/*
 * hg_sys_each_cpu_line - for each CPU of hg_sys_cpus(), in order, the
 * first line of sys/devices/system/cpu/cpu<N>/@file to @fn (CPUs without
 * the file are skipped). Stops at the first nonzero return of @fn and
 * returns it; 0, or -errno of the CPUs or of a file that cannot be read.
 */
int hg_sys_each_cpu_line(const struct hg_audit_ctx *ctx, const char *file,
			 int (*fn)(unsigned int cpu, const char *line, void *arg), void *arg);

/*
 * hg_sys_cpu_flag - whether proc/cpuinfo's first "flags" line has @flag:
 * 1, 0, or -errno (-ENOENT: no flags line, not an x86 machine)
 */
int hg_sys_cpu_flag(const struct hg_audit_ctx *ctx, const char *flag);

/*
 * hg_sys_cpulist - a CPU list of a kernel parameter or a file's text into
 * @set, the parameter's flag words ("domain", "managed_irq", "nohz") before
 * it skipped. Returns 0 or -EINVAL.
 */
int hg_sys_cpulist(const char *s, cpu_set_t *set);

/*
 * hg_sys_others - the online CPUs (sys/devices/system/cpu/online) that are
 * not measured: where what disturbs the measured ones may be moved. Returns
 * 0 or -errno.
 */
int hg_sys_others(const struct hg_audit_ctx *ctx, cpu_set_t *set);

/*
 * hg_sys_gz_text - the text of the gzip file @path (relative to the root,
 * as hg_sys_text) uncompressed into @buf (@len bytes, NUL-terminated), as
 * /proc/config.gz. Returns its length, -ENOENT (or another errno of open),
 * -EIO for a file that is not gzip's or is damaged, -EFBIG for a text
 * longer than @len - 1 bytes, -ENODATA for an empty one.
 */
int hg_sys_gz_text(const struct hg_audit_ctx *ctx, char *buf, size_t len, const char *path);

/*
 * hg_sys_klog - the kernel's log: syslog(2) on the live root (it may need
 * CAP_SYSLOG), dev/kmsg's text (a copy of dmesg's) in a tree. Returns it in
 * new memory, its length in @len (not NUL-terminated), or NULL with -errno
 * in @err.
 */
char *hg_sys_klog(const struct hg_audit_ctx *ctx, size_t *len, int *err);

/* hg_sys_cpus_word - "CPU" for a set of one CPU, else "CPUs". */
const char *hg_sys_cpus_word(const cpu_set_t *set);

/* hg_sys_list - @set as a CPU list into @buf ("none" when empty). */
char *hg_sys_list(const cpu_set_t *set, char *buf, size_t len);

#endif /* HG_AUDIT_SYSREAD_H */
