// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgout.c - messages shown tamed and bounded: a stream of our own over
 * standard error, which knows the status line and clears it before a
 * message
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

/* What clears the status line: back to its start, erase to the end. */
#define CLEAR		"\r\033[K"
#define CLEAR_LEN	(sizeof(CLEAR) - 1)
/* What ends a status line's text: erase what an older, longer one left. */
#define ERASE		"\033[K"
#define ERASE_LEN	(sizeof(ERASE) - 1)

enum line_kind { LINE_START, LINE_MESSAGE, LINE_OTHER, LINE_STATUS };

struct msgout {
	int fd;
	enum line_kind kind;
	bool status;			/* a status line is shown, the cursor after it */
	size_t erase;			/* bytes of ERASE just seen in a status line */
	size_t n;			/* bytes of the line so far (a status line's: from \r) */
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

/* Take a status line shown off the terminal, before a line of another kind. */
static int clear_status(struct msgout *m)
{
	if (!m->status)
		return 0;
	m->status = false;
	return put(m->fd, CLEAR, CLEAR_LEN);
}

/*
 * The message line held, tamed and bounded, with its newline; a status
 * line shown is cleared in the same write.
 */
static int end_message(struct msgout *m)
{
	char buf[CLEAR_LEN + HG_MSG_MAX + 2], tail[HG_MSG_TAIL];
	char *line = buf + CLEAR_LEN;
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
	if (m->status) {
		m->status = false;
		memcpy(buf, CLEAR, CLEAR_LEN);
		return put(m->fd, buf, CLEAR_LEN + len);
	}
	return put(m->fd, line, len);
}

static void keep(struct msgout *m, char c)
{
	if (m->n < sizeof(m->head))
		m->head[m->n] = c;
	m->tail[m->n % HG_MSG_TAIL] = c;
	m->n++;
}

/*
 * A status line: "\r<text>\033[K", written over itself. Its bytes pass as
 * they come; once its erase is seen, the stream knows a status line is
 * shown (when it had text) and clears it before the next line of another
 * kind. Returns how many bytes of @buf (@size) it took, or -1.
 */
static ssize_t status_bytes(struct msgout *m, const char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < size; i++) {
		char c = buf[i];

		if (c == '\n') {	/* a line ended by hand: left shown, the next starts */
			m->kind = LINE_START;
			m->n = 0;
			i++;
			break;
		}
		m->n++;
		/* m->erase: how much of the erase the last bytes match */
		m->erase = c == ERASE[m->erase] ? m->erase + 1 : c == ERASE[0];
		if (m->erase == ERASE_LEN) {
			m->status = m->n > 1 + ERASE_LEN;	/* "\r\033[K" alone clears */
			m->kind = LINE_START;
			m->n = 0;
			m->erase = 0;
			i++;
			break;
		}
	}
	return put(m->fd, buf, i) ? -1 : (ssize_t)i;
}

/* Bytes of another kind of line (usage text, the live view's): as they come. */
static ssize_t other_bytes(struct msgout *m, const char *buf, size_t size)
{
	const char *nl = memchr(buf, '\n', size);
	size_t n = nl ? (size_t)(nl - buf) + 1 : size;

	if (put(m->fd, buf, n))
		return -1;
	if (nl)
		m->kind = LINE_START;
	return (ssize_t)n;
}

/* Byte @c at the start of a line: a status line, a message, or neither. */
static int start_byte(struct msgout *m, char c)
{
	if (!m->n && c == '\r') {
		m->kind = LINE_STATUS;
		m->n = 1;
		return put(m->fd, &c, 1);
	}
	if (c == PREFIX[m->n] && m->n + 1 < PREFIX_LEN) {
		m->head[m->n++] = c;
		return 0;
	}
	if (c == PREFIX[m->n]) {
		m->kind = LINE_MESSAGE;
		keep(m, c);
		return 0;
	}
	/* not a message: what was held, then the rest as it comes */
	m->head[m->n++] = c;
	if (!(m->n == 1 && c == '\n') && clear_status(m))
		return -1;	/* a bare newline keeps a status line, as it asks */
	m->status = false;
	if (put(m->fd, m->head, m->n))
		return -1;
	m->n = 0;
	m->kind = c == '\n' ? LINE_START : LINE_OTHER;
	return 0;
}

static ssize_t msg_write(void *cookie, const char *buf, size_t size)
{
	struct msgout *m = cookie;
	size_t i = 0;

	while (i < size) {
		ssize_t took;
		char c;

		if (m->kind == LINE_OTHER || m->kind == LINE_STATUS) {
			took = m->kind == LINE_OTHER ? other_bytes(m, buf + i, size - i) :
						       status_bytes(m, buf + i, size - i);
			if (took < 0)
				return -1;
			i += (size_t)took;
			continue;
		}
		c = buf[i++];
		if (m->kind == LINE_START) {
			if (start_byte(m, c))
				return -1;
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
		ret = clear_status(m) || put(m->fd, m->head, m->n) ? -1 : 0;
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
