/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * timeval.h - time values as users write them, and cycle/ns arithmetic
 *
 * Times on the command line are self-describing: 2d 12h 3m 1.5s 1020ms 87.0us 500ns.
 * Internally every duration is a uint64_t count of nanoseconds or cycles.
 */
#ifndef HG_TIMEVAL_H
#define HG_TIMEVAL_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/*
 * hg_parse_time - parse a time value with its unit into nanoseconds
 * @s:      the text, e.g. "1.5ms"; a unit is required (d, h, m, s, ms, us, ns)
 * @ns:     the result, rounded to the nearest nanosecond
 * @err:    on failure, a one-line reason without the value (may be NULL)
 * @errlen: size of @err
 *
 * Returns 0, -EINVAL for malformed text or an unknown or missing unit,
 * -ERANGE when the value does not fit in 64 bits of nanoseconds.
 */
int hg_parse_time(const char *s, uint64_t *ns, char *err, size_t errlen);

/*
 * hg_parse_u64 - parse a decimal unsigned integer, the whole string
 * Returns 0, -EINVAL when @s is not a plain decimal number, -ERANGE on overflow.
 */
int hg_parse_u64(const char *s, uint64_t *val);

/*
 * hg_format_time - write @ns in the largest unit that keeps it short
 * ("5s", "1.5ms", "900us", "12ns"); the result parses back to @ns
 * when @ns is a whole number of the chosen unit's thousandths.
 * Returns @buf.
 */
char *hg_format_time(uint64_t ns, char *buf, size_t len);

/* hg_cycles_to_ns - convert a cycle count to ns at @hz, rounded to nearest. */
uint64_t hg_cycles_to_ns(uint64_t cycles, uint64_t hz);

/* hg_ns_to_cycles - convert ns to cycles at @hz, rounded to nearest, saturating. */
uint64_t hg_ns_to_cycles(uint64_t ns, uint64_t hz);

/*
 * hg_format_ms - write @ns as milliseconds with six decimals ("442.323192"),
 * exactly, with integer arithmetic (the paper's trace-line format).
 * Returns @buf.
 */
char *hg_format_ms(uint64_t ns, char *buf, size_t len);

/*
 * hg_format_ms3 - write @ns as milliseconds with three decimals, rounded
 * to the microsecond ("29.000"); "inf" for UINT64_MAX. Returns @buf.
 */
char *hg_format_ms3(uint64_t ns, char *buf, size_t len);

/*
 * hg_format_us - write @ns as microseconds with three decimals ("97.843"),
 * exactly. Returns @buf.
 */
char *hg_format_us(uint64_t ns, char *buf, size_t len);

/* hg_ns_to_timespec - @ns nanoseconds as a struct timespec (seconds and the rest). */
static inline struct timespec hg_ns_to_timespec(uint64_t ns)
{
	return (struct timespec){ .tv_sec = (time_t)(ns / 1000000000ULL),
				  .tv_nsec = (long)(ns % 1000000000ULL) };
}

/* hg_timespec_to_ns - @ts in nanoseconds (a time that is not negative). */
static inline uint64_t hg_timespec_to_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000ULL + (uint64_t)ts->tv_nsec;
}

#endif /* HG_TIMEVAL_H */
