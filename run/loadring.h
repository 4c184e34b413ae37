/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * loadring.h - a load's output, its last bytes only: a ring of fixed size
 * in a memory file (memfd), written by the load's guard as it reads the
 * load's pipe, read by hourglass once the guard is gone
 *
 * The file never grows past its ring and never lies in a directory (no
 * /tmp filling up with a chatty load's output). Its first 16 bytes say the
 * ring's size and how many bytes were ever put, both little-endian.
 */
#ifndef HG_LOADRING_H
#define HG_LOADRING_H

#include <stddef.h>
#include <stdint.h>

#define HG_RING_HEAD	16u		/* the header: size, total */
#define HG_RING_SIZE	(16u << 20)	/* a load's ring: its last 16 MiB */

/*
 * struct hg_ring - the writer's side of a ring
 * @fd:    the memory file
 * @size:  bytes of the ring
 * @total: bytes ever put
 */
struct hg_ring {
	int fd;
	uint64_t size;
	uint64_t total;
};

/*
 * hg_ring_open - a new ring of @size bytes (not 0) in a memory file, empty,
 * into @r; the file is closed on exec. Returns 0 or -errno.
 */
int hg_ring_open(struct hg_ring *r, uint64_t size);

/*
 * hg_ring_put - append the @len bytes of @buf to ring @r: the oldest bytes
 * go when it is full (of more than the ring holds, only the last ones are
 * written). Returns 0 or -errno.
 */
int hg_ring_put(struct hg_ring *r, const void *buf, size_t len);

/*
 * hg_ring_read - what the ring in memory file @fd holds, oldest byte
 * first, in new memory with a NUL after it (*@len bytes, when @len is not
 * NULL); NULL when out of memory or @fd holds no ring.
 */
char *hg_ring_read(int fd, size_t *len);

#endif /* HG_LOADRING_H */
