/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * msg.h - the one way the program speaks on standard error. A message is
 * one line, "hourglass: <text>", formatted as printf does and written in
 * one write(): tamed (a control character, an escape or a bell from a file
 * name or a file's text shown as '?', the rule of hg_tame()) and bounded
 * (a long value cut in the middle, with "...", so that the reason at the
 * end stays visible), whatever was written before it. The run's status
 * line ("\r<text>\033[K", written over itself, no newline) is known here
 * too: a message is written after "\r\033[K", which erases it, and the
 * status line is drawn again after the message. Whoever prints (the run's
 * engine, its live view, a subcommand) need not know it is there.
 * Every function is safe to call from any thread; only hg_msg_sigsafe()
 * is async-signal-safe. Nothing else in the program names stderr
 * (scripts/msgrule.sh checks it).
 */
#ifndef HG_MSG_H
#define HG_MSG_H

#include <stdarg.h>

/* The longest message line shown, in bytes, without its newline. */
#define HG_MSG_MAX	512
/* Of a longer one: its first HG_MSG_HEAD bytes, "...", its last HG_MSG_TAIL. */
#define HG_MSG_HEAD	160
#define HG_MSG_TAIL	(HG_MSG_MAX - HG_MSG_HEAD - 3)
/* The longest status line kept, in bytes: a longer one is cut. */
#define HG_MSG_STATUS_MAX	511

/*
 * hg_msg - say "hourglass: <text>" and a newline, <text> formatted from
 * @fmt as printf does (without the newline), tamed and bounded as above.
 * A failed write is not reported: there is nowhere left to report it.
 */
void hg_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* hg_warn - hg_msg() of "warning: <text>". */
void hg_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* hg_vmsg - hg_msg() with the arguments of @fmt in @ap. */
void hg_vmsg(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/*
 * hg_msg_text - write @text, the program's own (the usage), as it is,
 * neither tamed nor bounded; the status line erased before it and drawn
 * again after it.
 */
void hg_msg_text(const char *text);

/*
 * hg_msg_status - show @line as the status line, over the one shown
 * (tamed, cut at HG_MSG_STATUS_MAX bytes); @line NULL or "" takes the one
 * shown off the terminal. The caller says whether standard error is a
 * terminal; only then is a status line shown.
 */
void hg_msg_status(const char *line);

/*
 * hg_msg_sigsafe - write @text as it is, with write() alone: for a signal
 * handler (async-signal-safe, unlike the others), which says a line of the
 * program's own while no status line is shown.
 */
void hg_msg_sigsafe(const char *text);

/*
 * hg_msg_fd - send what follows to descriptor @fd instead (standard error
 * is descriptor 2, where everything goes unless told); returns the one
 * used before. For the tests, which read what was written.
 */
int hg_msg_fd(int fd);

#endif /* HG_MSG_H */
