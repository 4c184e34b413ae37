// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * util.c - helpers of the fuzz targets (see fuzz.h)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "trace/wire.h"
#include "fuzz.h"

FILE *hg_fuzz_sink(void)
{
	static FILE *sink;

	if (!sink)
		sink = fopen("/dev/null", "w");
	if (!sink)
		abort();
	return sink;
}

int hg_fuzz_file(const uint8_t *data, size_t size, char *path, size_t pathlen)
{
	static int fd = -1;
	size_t done = 0;

	if (fd < 0)
		fd = memfd_create("hg-fuzz", MFD_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (ftruncate(fd, 0))
		return -errno;
	while (done < size) {
		ssize_t n = pwrite(fd, data + done, size - done, (off_t)done);

		if (n <= 0)
			return n ? -errno : -EIO;
		done += (size_t)n;
	}
	snprintf(path, pathlen, "/proc/self/fd/%d", fd);
	return 0;
}

int hg_fuzz_words(const uint8_t *data, size_t size, const char *argv0, int max,
		  char ***argv)
{
	size_t alen = strlen(argv0) + 1, i;
	char **v = malloc((size_t)(max + 2) * sizeof(*v) + alen + size + 1);
	char *s;
	int n = 0;

	if (!v)
		return -ENOMEM;
	s = (char *)(v + max + 2);
	memcpy(s, argv0, alen);
	v[n++] = s;
	s += alen;
	memcpy(s, data, size);
	s[size] = '\0';
	for (i = 0; i < size; i++)
		if (s[i] == '\n')
			s[i] = '\0';
	for (i = 0; i < size && n <= max; ) {
		v[n++] = s + i;
		i += strlen(s + i) + 1;
	}
	v[n] = NULL;
	*argv = v;
	return n;
}

static uint64_t le(const uint8_t *p, int bytes)
{
	uint64_t v = 0;

	while (bytes--)
		v = v << 8 | p[bytes];
	return v;
}

size_t hg_fuzz_sections(const uint8_t *buf, size_t size, struct hg_fuzz_section *sec,
			size_t max)
{
	size_t at = 16, n = 0;

	if (size < 16)
		return 0;
	while (n < max && size - at >= 16) {
		uint64_t len = le(buf + at + 8, 8);

		if (len > size - at - 16)
			break;
		sec[n] = (struct hg_fuzz_section){
			.type = (uint32_t)le(buf + at, 4),
			.at = at, .payload = at + 16, .len = (size_t)len,
		};
		at += 16 + (size_t)len;
		if (sec[n++].type == HG_FUZZ_SEC_END)
			break;
	}
	return n;
}

void hg_fuzz_fix_crc(uint8_t *buf, size_t size)
{
	static struct hg_crc32 *table;
	struct hg_fuzz_section sec[HG_FUZZ_MAX_SECTIONS];
	size_t n = hg_fuzz_sections(buf, size, sec, HG_FUZZ_MAX_SECTIONS), i;
	uint32_t crc;

	if (!table) {
		table = malloc(sizeof(*table));
		if (!table)
			abort();
		hg_crc32_init(table);
	}
	for (i = 0; i < n; i++) {
		if (sec[i].type != HG_FUZZ_SEC_END || sec[i].len < 4)
			continue;
		crc = hg_crc32_update(table, 0, buf, sec[i].at);
		buf[sec[i].payload] = (uint8_t)crc;
		buf[sec[i].payload + 1] = (uint8_t)(crc >> 8);
		buf[sec[i].payload + 2] = (uint8_t)(crc >> 16);
		buf[sec[i].payload + 3] = (uint8_t)(crc >> 24);
		return;
	}
}
