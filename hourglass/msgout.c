// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgout.c - messages shown tamed and bounded: a stream of our own over
 * standard error
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hourglass/msgout.h"
#include "trace/wire.h"

#define PREFIX		"hourglass: "
#define PREFIX_LEN	(sizeof(PREFIX) - 1)

enum line_kind { LINE_START, LINE_MESSAGE, LINE_OTHER };

struct msgout {
	int fd;
	enum line_kind kind;
	size_t n;			/* bytes of the line so far */
	char head[HG_MSG_MAX + 1];	/* its first bytes (all of a short line) */
	char tail[HG_MSG_TAIL];		/* its last bytes, a ring, once past head */
};

static int put(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Where a cut at @at in @s (@n bytes) may fall: not inside a UTF-8 character. */
static size_t char_start(const char *s, size_t at, size_t n)
{
	while (at < n && ((unsigned char)s[at] & 0xc0) == 0x80)
		at++;
	return at;
}

/* The message line held, tamed and bounded, with its newline. */
static int end_message(struct msgout *m)
{
	char line[HG_MSG_MAX + 2], tail[HG_MSG_TAIL];
	size_t len, h, t, k;

	if (m->n <= HG_MSG_MAX) {
		memcpy(line, m->head, m->n);
		len = m->n;
	} else {
		/* the ring in order: its oldest byte is at n % size */
		for (k = 0; k < HG_MSG_TAIL; k++)
			tail[k] = m->tail[(m->n + k) % HG_MSG_TAIL];
		h = HG_MSG_HEAD;
		while (h && ((unsigned char)m->head[h] & 0xc0) == 0x80)
			h--;	/* the head ends before a character cut in two */
		t = char_start(tail, 0, HG_MSG_TAIL);
		memcpy(line, m->head, h);
		memcpy(line + h, "...", 3);
		memcpy(line + h + 3, tail + t, HG_MSG_TAIL - t);
		len = h + 3 + HG_MSG_TAIL - t;
	}
	line[len] = '\0';
	/* a NUL in the text would end the string early: tamed like the rest */
	for (k = 0; k < len; k++)
		if (!line[k])
			line[k] = '?';
	hg_tame(line);
	line[len++] = '\n';
	return put(m->fd, line, len);
}

static void keep(struct msgout *m, char c)
{
	if (m->n < sizeof(m->head))
		m->head[m->n] = c;
	m->tail[m->n % HG_MSG_TAIL] = c;
	m->n++;
}

static ssize_t msg_write(void *cookie, const char *buf, size_t size)
{
	struct msgout *m = cookie;
	size_t i = 0;

	while (i < size) {
		char c = buf[i];

		if (m->kind == LINE_OTHER) {
			const char *nl = memchr(buf + i, '\n', size - i);
			size_t n = nl ? (size_t)(nl - (buf + i)) + 1 : size - i;

			if (put(m->fd, buf + i, n))
				return -1;
			i += n;
			if (nl)
				m->kind = LINE_START;
			continue;
		}
		i++;
		if (m->kind == LINE_START) {
			if (c == PREFIX[m->n] && m->n + 1 < PREFIX_LEN) {
				m->head[m->n++] = c;
				continue;
			}
			if (c != PREFIX[m->n]) {
				/* not a message: what was held, then the rest as it comes */
				m->head[m->n++] = c;
				if (put(m->fd, m->head, m->n))
					return -1;
				m->n = 0;
				m->kind = c == '\n' ? LINE_START : LINE_OTHER;
				continue;
			}
			m->kind = LINE_MESSAGE;
			keep(m, c);
			continue;
		}
		if (c != '\n') {
			keep(m, c);
			continue;
		}
		m->kind = LINE_START;
		if (end_message(m))
			return -1;
		m->n = 0;
	}
	return (ssize_t)size;
}

static int msg_close(void *cookie)
{
	struct msgout *m = cookie;
	int ret = 0;

	if (m->kind == LINE_MESSAGE)
		ret = end_message(m);
	else if (m->kind == LINE_START && m->n)
		ret = put(m->fd, m->head, m->n);
	free(m);
	return ret;
}

FILE *hg_msg_stream(int fd)
{
	static const cookie_io_functions_t ops = { .write = msg_write, .close = msg_close };
	struct msgout *m = calloc(1, sizeof(*m));
	FILE *f;

	if (!m)
		return NULL;
	m->fd = fd;
	m->kind = LINE_START;
	f = fopencookie(m, "w", ops);
	if (!f) {
		free(m);
		return NULL;
	}
	setvbuf(f, NULL, _IONBF, 0);
	return f;
}
