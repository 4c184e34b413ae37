// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_timeval.c - time values as users write them ("1.5ms"), plain
 * numbers, and the conversions between cycles and ns. Checks what
 * timeval.h promises: a formatted time parses back to what it shows, the
 * ms and us forms are exact, and a conversion there and back returns the
 * value it started from on the side with the finer unit.
 * Input: the text; its first 16 bytes are also a cycle count and a counter
 * frequency for the conversions.
 */
#include <stdlib.h>
#include <string.h>

#include "util/timeval.h"
#include "fuzz.h"

static void check(int ok)
{
	if (!ok)
		abort();
}

/* what hg_format_time() writes parses, and writes the same again */
static void format_parses_back(uint64_t ns)
{
	char a[64], b[64];
	uint64_t v;

	hg_format_time(ns, a, sizeof(a));
	check(!hg_parse_time(a, &v, NULL, 0));
	check(v <= ns);
	check(!strcmp(hg_format_time(v, b, sizeof(b)), a));
}

/* hg_format_ms() and hg_format_us() are exact */
static void exact_forms(uint64_t ns)
{
	char a[64], b[64];
	uint64_t v;

	snprintf(a, sizeof(a), "%sms", hg_format_ms(ns, b, sizeof(b)));
	check(!hg_parse_time(a, &v, NULL, 0) && v == ns);
	snprintf(a, sizeof(a), "%sus", hg_format_us(ns, b, sizeof(b)));
	check(!hg_parse_time(a, &v, NULL, 0) && v == ns);
	hg_format_ms3(ns, a, sizeof(a));
}

static void conversions(const uint8_t *p)
{
	uint64_t c, x, hz;
	unsigned __int128 wide;

	memcpy(&c, p, 8);
	memcpy(&x, p + 8, 8);
	hz = 1000000 + x % 10000000000ULL;	/* 1 MHz to 10 GHz */
	if (hz <= 1000000000) {
		/* ns are the finer unit: cycles survive the trip */
		wide = (unsigned __int128)c * 1000000000ULL / hz;
		if (wide < (1ULL << 63))
			check(hg_ns_to_cycles(hg_cycles_to_ns(c, hz), hz) == c);
	} else {
		/* cycles are finer: ns survive it (c taken as ns) */
		wide = (unsigned __int128)c * hz / 1000000000ULL;
		if (wide < (1ULL << 63))
			check(hg_cycles_to_ns(hg_ns_to_cycles(c, hz), hz) == c);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), err[256];
	uint64_t ns;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!hg_parse_time(s, &ns, err, sizeof(err))) {
		format_parses_back(ns);
		exact_forms(ns);
	} else {
		check(err[0] != '\0');
	}
	if (!hg_parse_u64(s, &ns)) {
		format_parses_back(ns);
		exact_forms(ns);
	}
	if (size >= 16)
		conversions(data);
	free(s);
	return 0;
}
