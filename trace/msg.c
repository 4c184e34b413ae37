// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msg.c - messages on standard error, tamed and bounded, around the status
 * line (see msg.h)
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace/msg.h"
#include "trace/wire.h"

#define PREFIX		"hourglass: "
#define PREFIX_LEN	(sizeof(PREFIX) - 1)
/* What erases the status line: back to its start, erase to the end. */
#define CLEAR		"\r\033[K"
#define CLEAR_LEN	(sizeof(CLEAR) - 1)
/* What ends a status line's text: erase what an older, longer one left. */
#define ERASE		"\033[K"
#define ERASE_LEN	(sizeof(ERASE) - 1)
/* A message formatted in this much room on the stack; a longer one in the heap. */
#define FMT_ROOM	1024

/*
 * The one standard error of the process and the status line on it: state
 * of the terminal, not of a caller, so kept here, under its lock.
 */
static struct {
	pthread_mutex_t lock;
	int fd;
	size_t status_len;		/* bytes of the status line shown; 0: none */
	char status[HG_MSG_STATUS_MAX + 1];
} out = { .lock = PTHREAD_MUTEX_INITIALIZER, .fd = 2 };

static void put(const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(out.fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		p += w;
		n -= (size_t)w;
	}
}

/* A status line as it is drawn, in @buf: "\r<text>\033[K"; returns its length. */
static size_t status_line(char *buf)
{
	buf[0] = '\r';
	memcpy(buf + 1, out.status, out.status_len);
	memcpy(buf + 1 + out.status_len, ERASE, ERASE_LEN);
	return 1 + out.status_len + ERASE_LEN;
}

/*
 * @text (@len bytes) bounded into @line (room for HG_MSG_MAX + 1): whole
 * when it fits, else its head and tail around "...", no UTF-8 character
 * cut in two; tamed, NUL-terminated. Returns the length.
 */
static size_t bound(char *line, const char *text, size_t len)
{
	size_t h, t, k;

	if (len <= HG_MSG_MAX) {
		memcpy(line, text, len);
	} else {
		h = HG_MSG_HEAD;
		while (h && ((unsigned char)text[h] & 0xc0) == 0x80)
			h--;	/* the head ends before a character cut in two */
		t = len - HG_MSG_TAIL;
		while (t < len && ((unsigned char)text[t] & 0xc0) == 0x80)
			t++;	/* the tail starts at a character */
		memcpy(line, text, h);
		memcpy(line + h, "...", 3);
		memcpy(line + h + 3, text + t, len - t);
		len = h + 3 + len - t;
	}
	/* a NUL in the text would end the string early: tamed like the rest */
	for (k = 0; k < len; k++)
		if (!line[k])
			line[k] = '?';
	line[len] = '\0';
	hg_tame(line);
	return len;
}

/* The line @text (@len bytes, tamed and bounded here) said, in one write. */
static void say(const char *text, size_t len)
{
	char buf[CLEAR_LEN + HG_MSG_MAX + 2 + HG_MSG_STATUS_MAX + 1 + ERASE_LEN];
	size_t n = 0;

	pthread_mutex_lock(&out.lock);
	if (out.status_len) {
		memcpy(buf, CLEAR, CLEAR_LEN);
		n = CLEAR_LEN;
	}
	n += bound(buf + n, text, len);
	buf[n++] = '\n';
	if (out.status_len)
		n += status_line(buf + n);
	put(buf, n);
	pthread_mutex_unlock(&out.lock);
}

/* "hourglass: <kind><text>": formatted, then said. */
__attribute__((format(printf, 2, 0)))
static void vsay(const char *kind, const char *fmt, va_list ap)
{
	char room[FMT_ROOM], *text = room;
	size_t head = PREFIX_LEN + strlen(kind);
	va_list again;
	int n;

	memcpy(room, PREFIX, PREFIX_LEN);
	memcpy(room + PREFIX_LEN, kind, head - PREFIX_LEN);
	va_copy(again, ap);
	n = vsnprintf(room + head, sizeof(room) - head, fmt, ap);
	if (n < 0)
		n = 0;
	if ((size_t)n >= sizeof(room) - head) {
		/* too long for the room: formatted whole, so that its tail is kept */
		text = malloc(head + (size_t)n + 1);
		if (text) {
			memcpy(text, room, head);
			vsnprintf(text + head, (size_t)n + 1, fmt, again);
		} else {
			text = room;	/* out of memory: its head alone */
			n = (int)(sizeof(room) - head - 1);
		}
	}
	va_end(again);
	say(text, head + (size_t)n);
	if (text != room)
		free(text);
}

void hg_vmsg(const char *fmt, va_list ap)
{
	vsay("", fmt, ap);
}

void hg_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay("", fmt, ap);
	va_end(ap);
}

void hg_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay("warning: ", fmt, ap);
	va_end(ap);
}

void hg_msg_text(const char *text)
{
	char buf[1 + HG_MSG_STATUS_MAX + ERASE_LEN];

	pthread_mutex_lock(&out.lock);
	if (out.status_len)
		put(CLEAR, CLEAR_LEN);
	put(text, strlen(text));
	if (out.status_len)
		put(buf, status_line(buf));
	pthread_mutex_unlock(&out.lock);
}

void hg_msg_status(const char *line)
{
	char buf[1 + HG_MSG_STATUS_MAX + ERASE_LEN];
	size_t n = line ? strlen(line) : 0;

	pthread_mutex_lock(&out.lock);
	if (!n) {
		if (out.status_len)
			put(CLEAR, CLEAR_LEN);
		out.status_len = 0;
		pthread_mutex_unlock(&out.lock);
		return;
	}
	if (n > HG_MSG_STATUS_MAX) {
		n = HG_MSG_STATUS_MAX;
		while (n && ((unsigned char)line[n] & 0xc0) == 0x80)
			n--;	/* not inside a character */
	}
	memcpy(out.status, line, n);
	out.status[n] = '\0';
	hg_tame(out.status);
	out.status_len = n;
	put(buf, status_line(buf));
	pthread_mutex_unlock(&out.lock);
}

void hg_msg_sigsafe(const char *text)
{
	put(text, strlen(text));	/* no lock: a handler may have interrupted its holder */
}

int hg_msg_fd(int fd)
{
	int old;

	pthread_mutex_lock(&out.lock);
	old = out.fd;
	out.fd = fd;
	pthread_mutex_unlock(&out.lock);
	return old;
}
