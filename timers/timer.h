/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * timer.h - timer sources a timed model sleeps on: one ops table each
 *
 * Every source does one thing: sleep until an absolute CLOCK_MONOTONIC
 * time. How it gets there differs, and that difference is what the paper
 * measured (release jitter of relative sleeps against absolute ones).
 * A source is opened once per thread before the run starts, so every error
 * (no /dev/rtc, no signal left) stops the run before it starts.
 */
#ifndef HG_TIMER_H
#define HG_TIMER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One thread's open timer. */
struct hg_timer_ctx {
	const struct hg_timer *ops;
	unsigned int thread;	/* thread number: POSIX picks its signal from it */
	uint64_t period_ns;	/* the model's period: RTC picks its rate from it */
	uint64_t tsc_hz;	/* SPIN converts to counter cycles */
	int fd;			/* TIMERFD, RTC */
	int signo;		/* POSIX */
	void *timer;		/* POSIX timer_t */
	uint64_t rtc_period_ns;	/* RTC: time between its interrupts */
	const atomic_int *stop;	/* the run's stop flag: SPIN polls it */
};

struct hg_timer {
	const char *name;
	const char *help;	/* one line */
	bool is_default;	/* NATIVE */
	/*
	 * check - can this source be used here at all? Called while the
	 * command line is checked, before anything runs (may be NULL).
	 * Returns 0 or -errno with a reason in @err.
	 */
	int (*check)(char *err, size_t errlen);
	/* open - set the source up for the calling thread (may be NULL) */
	int (*open)(struct hg_timer_ctx *t, char *err, size_t errlen);
	/*
	 * sleep_until - return at or after CLOCK_MONOTONIC @mono_ns
	 * Returns 0, -EINTR when a signal cut the sleep short (the run is
	 * stopping: the caller looks at its stop flag), or -errno.
	 */
	int (*sleep_until)(struct hg_timer_ctx *t, uint64_t mono_ns);
	/* close - undo open (may be NULL) */
	void (*close)(struct hg_timer_ctx *t);
	/*
	 * resolution - the source's resolution in ns, for the summary
	 * (clock_getres where it applies)
	 */
	uint64_t (*resolution)(const struct hg_timer_ctx *t);
};

/* hg_timers - every timer source, NULL-terminated. */
extern const struct hg_timer *const hg_timers[];

/*
 * hg_timer_find - look a source up by name: case-insensitive, a unique
 * prefix is enough. On failure writes a reason listing the choices to @err.
 */
const struct hg_timer *hg_timer_find(const char *name, char *err, size_t errlen);

/* hg_timer_default - NATIVE. */
const struct hg_timer *hg_timer_default(void);

/*
 * hg_timer_open - open @ops for the calling thread into @t
 * Returns 0 or -errno with a one-line reason in @err.
 */
int hg_timer_open(struct hg_timer_ctx *t, const struct hg_timer *ops, unsigned int thread,
		  uint64_t period_ns, uint64_t tsc_hz, char *err, size_t errlen);

/* hg_timer_close - close what hg_timer_open() opened. */
void hg_timer_close(struct hg_timer_ctx *t);

/* hg_mono_ns - CLOCK_MONOTONIC now, in ns. */
uint64_t hg_mono_ns(void);

/* hg_timer_getres - clock_getres(CLOCK_MONOTONIC) in ns (helper for sources). */
uint64_t hg_timer_getres(const struct hg_timer_ctx *t);

#endif /* HG_TIMER_H */
