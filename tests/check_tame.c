// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_tame.c - util/tame.h: control characters and bytes that are not
 * UTF-8 become '?', the length is kept, tamed text stays as it is
 */
#include <stdio.h>
#include <string.h>

#include "util/tame.h"
#include "helpers.h"

/* What hg_tame() makes of a string: controls and bytes that are no UTF-8 go. */
static const struct {
	const char *in, *out;
} tame[] = {
	{ "kworker/0:1", "kworker/0:1" },
	{ "\x1b]0;owned\x07\x1b[2J", "?]0;owned??[2J" },	/* ESC, BEL, CSI as ESC [ */
	{ "a\nb\tc\rd\x7f", "a?b?c?d?" },			/* C0 and DEL */
	{ "\x9b" "2J", "?2J" },				/* C1 CSI, a lone byte */
	{ "\xc2\x9b" "2J", "??2J" },				/* C1 CSI in UTF-8 */
	{ "\xc2\x80\xc2\x85\xc2\x9f", "??????" },		/* U+0080, NEL, U+009F */
	{ "caf\xc3\xa9 \xc2\xa0\xe2\x82\xac\xf0\x9f\x98\x80",	/* é, NBSP, €, an emoji */
	  "caf\xc3\xa9 \xc2\xa0\xe2\x82\xac\xf0\x9f\x98\x80" },
	{ "\xc3", "?" },					/* cut short */
	{ "\xc3(", "?(" },
	{ "\xe2\x82", "??" },
	{ "\xc0\xaf\xc1\xbf", "????" },			/* overlong */
	{ "\xe0\x80\xaf", "???" },
	{ "\xf0\x80\x80\xaf", "????" },
	{ "\xed\xa0\x80", "???" },				/* a surrogate */
	{ "\xf4\x90\x80\x80\xf5\xff\xfe", "???????" },	/* past U+10FFFF; never */
	{ "\x80\xbfok", "??ok" },				/* stray continuations */
};

START_TEST(test_tame)
{
	char buf[64], again[64];

	snprintf(buf, sizeof(buf), "%s", tame[_i].in);
	hg_tame(buf);
	ck_assert_msg(!strcmp(buf, tame[_i].out), "case %d: got \"%s\"", _i, buf);
	/* the length is kept, and a tamed string stays as it is */
	ck_assert_uint_eq(strlen(buf), strlen(tame[_i].in));
	memcpy(again, buf, sizeof(buf));
	hg_tame(again);
	ck_assert_str_eq(again, buf);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("tame");
	TCase *tc = tcase_create("tame");

	tcase_add_loop_test(tc, test_tame, 0, (int)(sizeof(tame) / sizeof(tame[0])));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
