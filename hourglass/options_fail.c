// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options_fail.c - the one way a handler of the run's options says what is
 * wrong: the message into the parser's error buffer (options.c,
 * options_apply.c and options_locks.c all use it)
 */
#include <stdarg.h>
#include <stdio.h>

#include "hourglass/optionsint.h"

int hg_args_fail(struct parser *ps, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ps->err, ps->errlen, fmt, ap);
	va_end(ap);
	return ret;
}
