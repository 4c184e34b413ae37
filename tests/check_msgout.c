// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_msgout.c - hourglass/msgout.c: message lines tamed and bounded,
 * other lines (the live view's) untouched, a status line shown cleared
 * before the next line (the stream writes to a file given it, as it would
 * to the terminal)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "hourglass/msgout.h"

/* What the stream writes for @text, given in one piece or byte by byte. */
static char *shown(const char *text, size_t len, int bytewise)
{
	FILE *tmp = tmpfile(), *f;
	char *out = calloc(1, 16384);
	size_t i, n;

	ck_assert_ptr_nonnull(tmp);
	ck_assert_ptr_nonnull(out);
	f = hg_msg_stream(fileno(tmp));
	ck_assert_ptr_nonnull(f);
	if (bytewise)
		for (i = 0; i < len; i++)
			fputc(text[i], f);
	else
		fwrite(text, 1, len, f);
	ck_assert_int_eq(fclose(f), 0);
	rewind(tmp);
	n = fread(out, 1, 16383, tmp);
	out[n] = '\0';
	fclose(tmp);
	return out;
}

static const struct {
	const char *in, *out;
} cases[] = {
	{ "hourglass: plain\n", "hourglass: plain\n" },
	{ "hourglass: x \033[31mred\007: No such file\n", "hourglass: x ?[31mred?: No such file\n" },
	{ "hourglass: a\rb\tc\x7f\n", "hourglass: a?b?c?\n" },
	{ "\r status \033[K", "\r status \033[K" },		/* the live view's */
	{ "\r\033[K\nhourglass: \033x\n", "\r\033[K\nhourglass: ?x\n" },
	{ "usage: \033\n", "usage: \033\n" },			/* no message */
	{ "hourglas\033\n", "hourglas\033\n" },
	{ "\n\nhourglass: y\n", "\n\nhourglass: y\n" },
	{ "hourglass: no newline", "hourglass: no newline\n" },	/* ended at close */
	/* a status line shown: a message clears it first, in its own write */
	{ "\r1s/10s  0: 1.0% 5 gaps/s\033[Khourglass: warning: --kernel: 3 kernel events lost\n",
	  "\r1s/10s  0: 1.0% 5 gaps/s\033[K\r\033[Khourglass: warning: --kernel: 3 kernel events "
	  "lost\n" },
	/* ... and is tamed like any other */
	{ "\r1s/10s\033[Khourglass: x \033[31mred\007\n",
	  "\r1s/10s\033[K\r\033[Khourglass: x ?[31mred?\n" },
	/* the newest of several status lines, then the message */
	{ "\r1s/10s\033[K\r2s/10s\033[Khourglass: m\n",
	  "\r1s/10s\033[K\r2s/10s\033[K\r\033[Khourglass: m\n" },
	/* a status line already cleared by its writer: not cleared twice */
	{ "\r1s/10s\033[K\r\033[Khourglass: m\n", "\r1s/10s\033[K\r\033[Khourglass: m\n" },
	/* a newline after it keeps it: the message on the next line */
	{ "\r1s/10s\033[K\nhourglass: m\n", "\r1s/10s\033[K\nhourglass: m\n" },
	/* a line of another kind clears it too */
	{ "\r1s/10s\033[Kusage: x\n", "\r1s/10s\033[K\r\033[Kusage: x\n" },
	{ "\r1s/10s\033[Khourglas\n", "\r1s/10s\033[K\r\033[Khourglas\n" },
	/* shown, then the message after a cleared one: one clear each */
	{ "\r1s\033[Khourglass: a\n\r2s\033[Khourglass: b\n",
	  "\r1s\033[K\r\033[Khourglass: a\n\r2s\033[K\r\033[Khourglass: b\n" },
};

START_TEST(test_lines)
{
	int bytewise;

	for (bytewise = 0; bytewise < 2; bytewise++) {
		char *out = shown(cases[_i].in, strlen(cases[_i].in), bytewise);

		ck_assert_str_eq(out, cases[_i].out);
		free(out);
	}
}
END_TEST

/* A long value: cut in the middle, the reason at the end kept, at most HG_MSG_MAX. */
START_TEST(test_long)
{
	char in[8192], *out;
	size_t n;
	int bytewise;

	n = (size_t)snprintf(in, sizeof(in), "hourglass: diff: ");
	memset(in + n, 'x', 6000);
	n += 6000;
	n += (size_t)snprintf(in + n, sizeof(in) - n, ".json: File name too long\n");
	for (bytewise = 0; bytewise < 2; bytewise++) {
		out = shown(in, n, bytewise);
		ck_assert_uint_eq(strlen(out), HG_MSG_MAX + 1);
		ck_assert_int_eq(strncmp(out, "hourglass: diff: xxx", 20), 0);
		ck_assert_ptr_nonnull(strstr(out, "x...x"));
		ck_assert_str_eq(out + strlen(out) - 26, ".json: File name too long\n");
		free(out);
	}
	/* exactly HG_MSG_MAX bytes: whole */
	memset(in, 'y', sizeof(in));
	memcpy(in, "hourglass: ", 11);
	in[HG_MSG_MAX] = '\n';
	out = shown(in, HG_MSG_MAX + 1, 0);
	ck_assert_uint_eq(strlen(out), HG_MSG_MAX + 1);
	ck_assert_ptr_null(strstr(out, "..."));
	free(out);
}
END_TEST

/*
 * A message of a long value while a status line is shown: cleared, then
 * bounded as any message (the reason at its end kept).
 */
START_TEST(test_status_long)
{
	static const char status[] = "\r3s/60s  0: lat 12.0us max 40.1us\033[K";
	char in[8192], *out;
	size_t n;
	int bytewise;

	n = (size_t)snprintf(in, sizeof(in), "%shourglass: warning: ", status);
	memset(in + n, 'x', 6000);
	n += 6000;
	n += (size_t)snprintf(in + n, sizeof(in) - n, ": Invalid argument\n");
	for (bytewise = 0; bytewise < 2; bytewise++) {
		out = shown(in, n, bytewise);
		ck_assert_int_eq(strncmp(out, status, sizeof(status) - 1), 0);
		ck_assert_int_eq(strncmp(out + sizeof(status) - 1, "\r\033[Khourglass: warning: x",
					 25), 0);
		ck_assert_uint_eq(strlen(out), sizeof(status) - 1 + 4 + HG_MSG_MAX + 1);
		ck_assert_str_eq(out + strlen(out) - 19, ": Invalid argument\n");
		free(out);
	}
}
END_TEST

/* A cut never splits a UTF-8 character. */
START_TEST(test_utf8_cut)
{
	char in[8192], *out;
	size_t n = 11, i;

	memcpy(in, "hourglass: ", 11);
	for (i = 0; i < 2000; i++) {
		memcpy(in + n, "\xc3\xa9", 2);	/* e acute */
		n += 2;
	}
	in[n++] = '\n';
	out = shown(in, n, 0);
	ck_assert_uint_le(strlen(out), HG_MSG_MAX + 1);
	ck_assert_ptr_nonnull(strstr(out, "\xa9...\xc3"));
	free(out);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("msgout");
	TCase *tc = tcase_create("msgout");

	tcase_add_loop_test(tc, test_lines, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, test_long);
	tcase_add_test(tc, test_status_long);
	tcase_add_test(tc, test_utf8_cut);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
