// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * memlock.c - lock what a run uses and touch beforehand what it will use
 */
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "run/memlock.h"

/* Write each page of [@p, @p + @len) with what it holds. */
static void touch_pages(void *p, size_t len)
{
	volatile unsigned char *c = p;
	size_t page = (size_t)sysconf(_SC_PAGESIZE), off;

	if (!len)
		return;
	/* a volatile write of what the byte holds faults its page in */
	for (off = 0; off < len; off += page)
		c[off] = c[off];	/* cppcheck-suppress selfAssignment */ /* NOLINT */
	c[len - 1] = c[len - 1];	/* cppcheck-suppress selfAssignment */ /* NOLINT */
}

/* A frame of HG_STACK_PREFAULT bytes below the caller's, written. */
static __attribute__((noinline)) void touch_stack(void)
{
	volatile unsigned char buf[HG_STACK_PREFAULT];

	touch_pages((void *)buf, sizeof(buf));
}

void hg_memlock_prefault(struct hg_tstats *st, bool gaps, bool events)
{
	touch_stack();
	if (gaps)
		touch_pages(&st->gaps, sizeof(st->gaps));
	if (events) {
		touch_pages(&st->events, sizeof(st->events));
		touch_pages(&st->jitter, sizeof(st->jitter));
	}
}

/* mlock() every loaded segment of one object (the program, a library). */
static int lock_object(struct dl_phdr_info *info, size_t size, void *arg)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	int *err = arg;
	ElfW(Half) i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a, b;

		if (ph->p_type != PT_LOAD || !ph->p_memsz)
			continue;
		a = (info->dlpi_addr + ph->p_vaddr) & ~(page - 1);
		b = info->dlpi_addr + ph->p_vaddr + ph->p_memsz;
		/* the loader gives addresses as integers */
		if (mlock((void *)a, b - a) && !*err && errno != EINVAL)	/* NOLINT */
			*err = -errno;
	}
	return 0;
}

int hg_memlock_all(void)
{
#ifdef MCL_ONFAULT
	int err = 0;

	if (!mlockall(MCL_CURRENT | MCL_ONFAULT)) {
		dl_iterate_phdr(lock_object, &err);
		return err;
	}
	if (errno != EINVAL)	/* EINVAL: a kernel before 4.4 */
		return -errno;
#endif
	return mlockall(MCL_CURRENT) ? -errno : 0;
}
