// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * loadring.c - a load's last output bytes: a ring in a memory file
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#include "run/loadring.h"

static void put_le64(unsigned char *p, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le64(const unsigned char *p)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < 8; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* Write all @len bytes of @buf at @off of @fd. Returns 0 or -errno. */
static int pwrite_all(int fd, const void *buf, size_t len, uint64_t off)
{
	const char *p = buf;

	while (len) {
		ssize_t w = pwrite(fd, p, len, (off_t)off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		p += w;
		off += (uint64_t)w;
		len -= (size_t)w;
	}
	return 0;
}

/* Read all @len bytes at @off of @fd into @buf. Returns 0 or -errno. */
static int pread_all(int fd, void *buf, size_t len, uint64_t off)
{
	char *p = buf;

	while (len) {
		ssize_t r = pread(fd, p, len, (off_t)off);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r < 0 ? -errno : -EIO;
		p += r;
		off += (uint64_t)r;
		len -= (size_t)r;
	}
	return 0;
}

/* The header of @r written to its file. */
static int put_head(const struct hg_ring *r)
{
	unsigned char head[HG_RING_HEAD];

	put_le64(head, r->size);
	put_le64(head + 8, r->total);
	return pwrite_all(r->fd, head, sizeof(head), 0);
}

int hg_ring_open(struct hg_ring *r, uint64_t size)
{
	int ret;

	if (!size || size > (uint64_t)SIZE_MAX - HG_RING_HEAD - 1)
		return -EINVAL;
	r->fd = memfd_create("hourglass-load-output", MFD_CLOEXEC);
	if (r->fd < 0)
		return -errno;
	r->size = size;
	r->total = 0;
	ret = ftruncate(r->fd, (off_t)(HG_RING_HEAD + size)) ? -errno : put_head(r);
	if (ret) {
		close(r->fd);
		r->fd = -1;
	}
	return ret;
}

int hg_ring_put(struct hg_ring *r, const void *buf, size_t len)
{
	const char *p = buf;
	uint64_t at, first;
	int ret;

	r->total += len;
	if (len > r->size) {	/* only its last bytes stay */
		p += len - r->size;
		len = (size_t)r->size;
	}
	at = (r->total - len) % r->size;
	first = r->size - at < len ? r->size - at : len;
	ret = pwrite_all(r->fd, p, (size_t)first, HG_RING_HEAD + at);
	if (!ret && len > first)
		ret = pwrite_all(r->fd, p + first, len - (size_t)first, HG_RING_HEAD);
	return ret ? ret : put_head(r);
}

char *hg_ring_read(int fd, size_t *len)
{
	unsigned char head[HG_RING_HEAD];
	uint64_t size, total, n, from, first;
	char *buf;

	if (pread_all(fd, head, sizeof(head), 0))
		return NULL;
	size = get_le64(head);
	total = get_le64(head + 8);
	if (!size || size > (uint64_t)SIZE_MAX - HG_RING_HEAD - 1)
		return NULL;
	n = total < size ? total : size;
	from = (total - n) % size;
	first = size - from < n ? size - from : n;
	buf = malloc((size_t)n + 1);
	if (!buf)
		return NULL;
	if (pread_all(fd, buf, (size_t)first, HG_RING_HEAD + from) ||
	    pread_all(fd, buf + first, (size_t)(n - first), HG_RING_HEAD)) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = (size_t)n;
	return buf;
}
