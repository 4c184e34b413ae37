// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_msg.c - trace/msg.c: a message is one line, tamed and bounded
 * whatever was written before it; the status line is erased before a
 * message and drawn again after it (what is written is read back from the
 * file the messages are sent to, as the terminal would show it)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "trace/msg.h"

#define STATUS	"\r1s/10s  0: 1.0% 5 gaps/s\033[K"
#define CLEAR	"\r\033[K"

/* A message of @text, and what it shows: tamed, with "hourglass: " and a newline. */
static const struct {
	const char *in, *out;
} cases[] = {
	{ "plain", "hourglass: plain\n" },
	{ "x \033[31mred\007: No such file", "hourglass: x ?[31mred?: No such file\n" },
	{ "a\rb\tc\x7f", "hourglass: a?b?c?\n" },
	{ "two\nlines", "hourglass: two?lines\n" },			/* still one line */
	{ "csi \xc2\x9b""2J and \x9b""2J", "hourglass: csi ??2J and ?2J\n" },
	{ "caf\xc3\xa9", "hourglass: caf\xc3\xa9\n" },			/* UTF-8 kept */
	{ "", "hourglass: \n" },
};

START_TEST(test_tamed)
{
	char *out;

	hg_test_msg_open();
	hg_msg("%s", cases[_i].in);
	out = hg_test_msg_close();
	ck_assert_str_eq(out, cases[_i].out);
	free(out);
}
END_TEST

/* hg_warn() says "warning: "; a NUL formatted into the text is tamed too. */
START_TEST(test_warn_nul)
{
	char *out;

	hg_test_msg_open();
	hg_warn("--load %s: %d", "x", 3);
	hg_msg("a%cb", 0);
	out = hg_test_msg_close();
	ck_assert_str_eq(out, "hourglass: warning: --load x: 3\nhourglass: a?b\n");
	free(out);
}
END_TEST

/*
 * A message of a long value: cut in the middle, the reason at its end
 * kept, at most HG_MSG_MAX bytes; one of exactly HG_MSG_MAX bytes whole.
 */
START_TEST(test_long)
{
	char *big = malloc(6001), *out;

	ck_assert_ptr_nonnull(big);
	memset(big, 'x', 6000);
	big[6000] = '\0';
	hg_test_msg_open();
	hg_msg("diff: %s.json: File name too long", big);
	out = hg_test_msg_close();
	ck_assert_uint_eq(strlen(out), HG_MSG_MAX + 1);
	ck_assert_int_eq(strncmp(out, "hourglass: diff: xxx", 20), 0);
	ck_assert_ptr_nonnull(strstr(out, "x...x"));
	ck_assert_str_eq(out + strlen(out) - 26, ".json: File name too long\n");
	free(out);

	big[HG_MSG_MAX - 11] = '\0';		/* with "hourglass: ", HG_MSG_MAX bytes */
	hg_test_msg_open();
	hg_msg("%s", big);
	out = hg_test_msg_close();
	ck_assert_uint_eq(strlen(out), HG_MSG_MAX + 1);
	ck_assert_ptr_null(strstr(out, "..."));
	free(out);
	free(big);
}
END_TEST

/* A cut never splits a UTF-8 character. */
START_TEST(test_utf8_cut)
{
	char in[4001], *out;
	size_t i;

	for (i = 0; i < 2000; i++)
		memcpy(in + 2 * i, "\xc3\xa9", 2);	/* e acute */
	in[4000] = '\0';
	hg_test_msg_open();
	hg_msg("%s", in);
	out = hg_test_msg_close();
	ck_assert_uint_le(strlen(out), HG_MSG_MAX + 1);
	ck_assert_ptr_nonnull(strstr(out, "\xa9...\xc3"));
	ck_assert_ptr_null(strchr(out, '?'));
	free(out);
}
END_TEST

/*
 * Whatever was written before: a text that left a line open, a status
 * line, an escape in another message; the next message is tamed and
 * bounded all the same.
 */
START_TEST(test_after_anything)
{
	char *out;

	hg_test_msg_open();
	hg_msg_text("usage: half a line \033");
	hg_msg("a \033b");
	hg_msg("c \033[0m\033]0;title\007");
	hg_msg("d");
	out = hg_test_msg_close();
	ck_assert_str_eq(out, "usage: half a line \033hourglass: a ?b\n"
			 "hourglass: c ?[0m?]0;title?\nhourglass: d\n");
	free(out);
}
END_TEST

/*
 * The status line: drawn over itself; a message erases it and draws it
 * again after itself; taken off, it is neither erased nor drawn.
 */
START_TEST(test_status)
{
	char *out;

	hg_test_msg_open();
	hg_msg_status("0s/10s");
	hg_msg_status("1s/10s  0: 1.0% 5 gaps/s");
	hg_warn("--kernel: 3 kernel events lost");
	hg_msg_text("usage: x\n");
	hg_msg_status(NULL);
	hg_msg_status(NULL);		/* already off: nothing */
	hg_msg("m");
	hg_msg_status("");
	out = hg_test_msg_close();
	ck_assert_str_eq(out, "\r0s/10s\033[K" STATUS
			 CLEAR "hourglass: warning: --kernel: 3 kernel events lost\n" STATUS
			 CLEAR "usage: x\n" STATUS
			 CLEAR "hourglass: m\n");
	free(out);
}
END_TEST

/* A message with escapes while the status line is shown: tamed, between the two. */
START_TEST(test_status_escapes)
{
	char *out;

	hg_test_msg_open();
	hg_msg_status("1s/10s  0: 1.0% 5 gaps/s");
	hg_msg("x \033[31mred\007\r\033[K%s", "\033[2J");
	hg_msg_status(NULL);
	out = hg_test_msg_close();
	ck_assert_str_eq(out, STATUS CLEAR "hourglass: x ?[31mred???[K?[2J\n" STATUS CLEAR);
	free(out);
}
END_TEST

/* A long message while the status line is shown: erased, bounded, drawn again. */
START_TEST(test_status_long)
{
	char *big = malloc(6001), *out, *nl;

	ck_assert_ptr_nonnull(big);
	memset(big, 'x', 6000);
	big[6000] = '\0';
	hg_test_msg_open();
	hg_msg_status("1s/10s  0: 1.0% 5 gaps/s");
	hg_warn("%s: Invalid argument", big);
	out = hg_test_msg_close();
	ck_assert_int_eq(strncmp(out, STATUS CLEAR "hourglass: warning: x",
				 strlen(STATUS CLEAR "hourglass: warning: x")), 0);
	nl = strchr(out, '\n');
	ck_assert_ptr_nonnull(nl);
	ck_assert_uint_eq((size_t)(nl - out), strlen(STATUS CLEAR) + HG_MSG_MAX);
	ck_assert_int_eq(strncmp(nl - 18, ": Invalid argument", 18), 0);
	ck_assert_str_eq(nl + 1, STATUS);
	free(out);
	free(big);
}
END_TEST

/* The status line itself: tamed, and cut at HG_MSG_STATUS_MAX bytes. */
START_TEST(test_status_bounded)
{
	char big[2000], *out;

	hg_test_msg_open();
	hg_msg_status("a\033[2Jb\nc");
	out = hg_test_msg_close();
	ck_assert_str_eq(out, "\ra?[2Jb?c\033[K");
	free(out);

	memset(big, 's', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	hg_test_msg_open();
	hg_msg_status(big);
	hg_msg_status(NULL);
	out = hg_test_msg_close();
	ck_assert_uint_eq(strlen(out), 1 + HG_MSG_STATUS_MAX + 3 + 4);
	free(out);
}
END_TEST

/* Messages from several threads: each line whole. */
static void *say_many(void *arg)
{
	int i;

	for (i = 0; i < 200; i++)
		hg_msg("thread %c: message %03d of a line long enough to be cut by a "
		       "careless writer", *(const char *)arg, i);
	return NULL;
}

START_TEST(test_threads)
{
	static const char lead[] = "\rstatus\033[K" CLEAR "hourglass: thread ";
	pthread_t a, b;
	char *out, *line, *save = NULL, one[160];
	size_t len;
	int n = 0;

	len = (size_t)snprintf(one, sizeof(one), "thread a: message 000 of a line long enough "
			       "to be cut by a careless writer");
	hg_test_msg_open();
	hg_msg_status("status");
	ck_assert_int_eq(pthread_create(&a, NULL, say_many, "a"), 0);
	ck_assert_int_eq(pthread_create(&b, NULL, say_many, "b"), 0);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	hg_msg_status(NULL);
	out = hg_test_msg_close();
	/* each piece: the status line drawn, erased, then a whole message */
	for (line = strtok_r(out, "\n", &save); line && n < 400;
	     line = strtok_r(NULL, "\n", &save), n++) {
		ck_assert_int_eq(strncmp(line, lead, sizeof(lead) - 1), 0);
		ck_assert_uint_eq(strlen(line), sizeof(lead) - 1 - 7 + len);
		ck_assert_str_eq(line + strlen(line) - 15, "careless writer");
	}
	ck_assert_int_eq(n, 400);
	ck_assert_ptr_nonnull(line);
	ck_assert_str_eq(line, "\rstatus\033[K" CLEAR);	/* the last: drawn, erased */
	free(out);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("msg");
	TCase *tc = tcase_create("msg");

	tcase_add_loop_test(tc, test_tamed, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, test_warn_nul);
	tcase_add_test(tc, test_long);
	tcase_add_test(tc, test_utf8_cut);
	tcase_add_test(tc, test_after_anything);
	tcase_add_test(tc, test_status);
	tcase_add_test(tc, test_status_escapes);
	tcase_add_test(tc, test_status_long);
	tcase_add_test(tc, test_status_bounded);
	tcase_add_test(tc, test_threads);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
