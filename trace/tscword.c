// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tscword.c - the kernel's word on the TSC, from its command line, its log
 * and its clocksource
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>

#include "trace/tscword.h"
#include "util/tame.h"

#define SYSLOG_READ_ALL		3	/* syslog(2)'s SYSLOG_ACTION_READ_ALL */
#define SYSLOG_SIZE_BUFFER	10	/* SYSLOG_ACTION_SIZE_BUFFER */
#define CMDLINE_MAX		4096	/* COMMAND_LINE_SIZE at most */
#define CLOCKSOURCE "/sys/devices/system/clocksource/clocksource0/current_clocksource"

/* What the log says when the kernel stops trusting the TSC. */
static const char *const unstable[] = {
	"Marking TSC unstable",				/* tsc.c: mark_tsc_unstable() */
	"Marking clocksource 'tsc' as unstable",	/* the clocksource watchdog */
	"TSC found unstable",				/* older kernels */
};

/* Whether the command line @cmdline has the word @word. */
static bool has_word(const char *cmdline, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(cmdline, word); p; p = strstr(p + 1, word))
		if ((p == cmdline || p[-1] == ' ') && (!p[n] || p[n] == ' ' || p[n] == '\n'))
			return true;
	return false;
}

/* The last line of @log naming the TSC unstable, into @out; false when none. */
static bool log_unstable(const char *log, size_t len, char *out, size_t outlen)
{
	const char *end = log + len, *p = log, *eol, *text;
	bool found = false;
	size_t i;

	for (; p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		for (i = 0; i < sizeof(unstable) / sizeof(unstable[0]); i++) {
			if (!memmem(p, (size_t)(eol - p), unstable[i], strlen(unstable[i])))
				continue;
			text = p;
			if (*text == '<' && memchr(text, '>', (size_t)(eol - text)))
				text = (const char *)memchr(text, '>', (size_t)(eol - text)) + 1;
			if (*text == '[' && memchr(text, ']', (size_t)(eol - text)))
				text = (const char *)memchr(text, ']', (size_t)(eol - text)) + 1;
			while (text < eol && *text == ' ')
				text++;
			snprintf(out, outlen, "%.*s", (int)(eol - text), text);	/* cut to @out */
			found = true;
			break;
		}
		if (eol == end)
			break;
	}
	return found;
}

enum hg_tsc_trust hg_tsc_word(const char *cmdline, const char *log, size_t len, const char *cs,
			      char *why, size_t whylen)
{
	enum hg_tsc_trust t = HG_TSC_SILENT;
	char line[128];

	why[0] = '\0';
	if (cmdline && (has_word(cmdline, "tsc=unstable") || has_word(cmdline, "notsc"))) {
		snprintf(why, whylen, "%s on the kernel command line",
			 has_word(cmdline, "notsc") ? "notsc" : "tsc=unstable");
		t = HG_TSC_DISTRUSTED;
	} else if (log && log_unstable(log, len, line, sizeof(line))) {
		snprintf(why, whylen, "the kernel's log: '%s'", line);
		t = HG_TSC_DISTRUSTED;
	} else if (cs && !strcmp(cs, "tsc")) {
		snprintf(why, whylen, "the kernel's clocksource is tsc");
		t = HG_TSC_TRUSTED;
	} else if (cmdline && has_word(cmdline, "tsc=reliable")) {
		snprintf(why, whylen, "tsc=reliable on the kernel command line");
		t = HG_TSC_TRUSTED;
	} else if (cs) {
		snprintf(why, whylen, "the kernel's clocksource is %.40s, not tsc", cs);
	}
	hg_tame(why);	/* a log's line: no escape reaches a terminal */
	return t;
}

/* The first line of @path into @buf, or NULL. */
static char *first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	char *ok = f ? fgets(buf, (int)len, f) : NULL;

	if (f)
		fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

enum hg_tsc_trust hg_tsc_word_live(char *why, size_t whylen)
{
	char cmdline[CMDLINE_MAX], cs[64], *log = NULL;
	int size = klogctl(SYSLOG_SIZE_BUFFER, NULL, 0), n = -1;
	enum hg_tsc_trust t;

	if (size > 0)
		log = malloc((size_t)size);
	if (log)
		n = klogctl(SYSLOG_READ_ALL, log, size);
	t = hg_tsc_word(first_line("/proc/cmdline", cmdline, sizeof(cmdline)),
			n > 0 ? log : NULL, n > 0 ? (size_t)n : 0,
			first_line(CLOCKSOURCE, cs, sizeof(cs)), why, whylen);
	free(log);
	return t;
}
