// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * status.c - the live status line, from plain numbers
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "run/status.h"
#include "trace/trace.h"

char *hg_status_clock(uint64_t ns, char *buf, size_t len)
{
	uint64_t s = ns / 1000000000ULL;

	if (s < 60)
		snprintf(buf, len, "%" PRIu64 "s", s);
	else if (s < 3600)
		snprintf(buf, len, "%" PRIu64 "m%02" PRIu64 "s", s / 60, s % 60);
	else
		snprintf(buf, len, "%" PRIu64 "h%02" PRIu64 "m%02" PRIu64 "s", s / 3600,
			 s / 60 % 60, s % 60);
	return buf;
}

/* A lateness: "850ns", "12.3us", "4.56ms", "1.20s". */
static char *late(uint64_t ns, char *buf, size_t len)
{
	if (ns < 1000)
		snprintf(buf, len, "%" PRIu64 "ns", ns);
	else if (ns < 1000000)
		snprintf(buf, len, "%.1fus", (double)ns / 1e3);
	else if (ns < 1000000000)
		snprintf(buf, len, "%.2fms", (double)ns / 1e6);
	else
		snprintf(buf, len, "%.2fs", (double)ns / 1e9);
	return buf;
}

/* One thread's part, "  <i>: ...". */
static void part(char *buf, size_t len, unsigned int i, const struct hg_status_thread *t)
{
	char a[32], b[32];

	switch (t->model) {
	case HG_MODEL_LAT:
		if (t->lat_samples)
			snprintf(buf, len, "  %u: lat %s max %s", i, late(t->lat_ns, a, sizeof(a)),
				 late(t->lat_max_ns, b, sizeof(b)));
		else
			snprintf(buf, len, "  %u: lat - max %s", i, late(t->lat_max_ns, b, sizeof(b)));
		break;
	case HG_MODEL_PERIODIC:
	case HG_MODEL_CPU_PERIODIC:
		snprintf(buf, len, "  %u: %" PRIu64 " hit %" PRIu64 " miss", i, t->hits, t->misses);
		break;
	default:
		if (!t->window_ns) {
			snprintf(buf, len, "  %u: -", i);
			break;
		}
		snprintf(buf, len, "  %u: %.1f%% %.0f gaps/s", i,
			 100.0 * (double)t->received_ns / (double)t->window_ns,
			 (double)t->gaps * 1e9 / (double)t->window_ns);
		break;
	}
}

size_t hg_status_format(char *buf, size_t len, unsigned int width, uint64_t elapsed_ns,
			uint64_t total_ns, const struct hg_status_thread *th, unsigned int n)
{
	char a[32], b[32], p[128], more[32];
	size_t at, max = width < len ? width : len - 1;
	unsigned int i;

	if (!len)
		return 0;
	snprintf(buf, len, "%s/%s", hg_status_clock(elapsed_ns, a, sizeof(a)),
		 total_ns ? hg_status_clock(total_ns, b, sizeof(b)) : "forever");
	at = strlen(buf);
	if (at > max) {
		buf[max] = '\0';
		return max;
	}
	for (i = 0; i < n; i++) {
		size_t pl;

		part(p, sizeof(p), i, &th[i]);
		pl = strlen(p);
		/* room for this part, and for "  +N more" unless it is the last */
		snprintf(more, sizeof(more), "  +%u more", n - i - 1);
		if (at + pl + (i + 1 < n ? strlen(more) : 0) > max &&
		    !(i + 1 == n && at + pl <= max))
			break;
		memcpy(buf + at, p, pl + 1);
		at += pl;
	}
	if (i < n) {
		snprintf(more, sizeof(more), "  +%u more", n - i);
		if (at + strlen(more) <= max) {
			memcpy(buf + at, more, strlen(more) + 1);
			at += strlen(more);
		}
	}
	return at;
}
