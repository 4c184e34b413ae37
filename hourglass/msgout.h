/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * msgout.h - the stream every message goes through: a line of standard
 * error that starts "hourglass: " is shown tamed (control characters, an
 * escape or a bell from a file name or a file's text, as '?') and bounded
 * (a long value cut in the middle, with "...", so that the reason at the
 * end stays visible); other lines (the live view's) pass untouched. A
 * status line ("\r<text>\033[K", written over itself, no newline) passes
 * too, and while one is shown the next line of another kind, a message
 * above all, is written after "\r\033[K", which clears it: whoever prints
 * (the run's engine, its live view, a subcommand) need not know it is there.
 */
#ifndef HG_MSGOUT_H
#define HG_MSGOUT_H

#include <stdio.h>

/* The longest message line shown, in bytes, without its newline. */
#define HG_MSG_MAX	512
/* Of a longer one: its first HG_MSG_HEAD bytes, "...", its last HG_MSG_TAIL. */
#define HG_MSG_HEAD	160
#define HG_MSG_TAIL	(HG_MSG_MAX - HG_MSG_HEAD - 3)

/*
 * hg_msg_stream - a new unbuffered stream that writes to descriptor @fd,
 * taming and bounding the lines that start "hourglass: " and clearing a
 * status line shown before them, as above. A message line is written when
 * its newline is, in one write. Returns the stream, or NULL with errno set
 * (out of memory). Its state is freed when it is closed.
 */
FILE *hg_msg_stream(int fd);

#endif /* HG_MSGOUT_H */
