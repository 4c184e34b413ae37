/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * counter.h - the cycle counter, read inline
 *
 * hg_counter_read() is the only thing the gap loop calls per iteration, so it
 * is one instruction on the architectures we know. hg_counter_read_cpu() also
 * returns the CPU the reading was taken on; it is called once per interval.
 */
#ifndef HG_COUNTER_H
#define HG_COUNTER_H

#include <stdint.h>
#include <sched.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>

/* Name of the counter, for reports. */
#define HG_COUNTER_NAME "tsc"

/* hg_counter_read - read the cycle counter (rdtsc); not serialising. */
static inline uint64_t hg_counter_read(void)
{
	return __rdtsc();
}

/*
 * hg_counter_read_cpu - read the counter and the CPU it was read on
 * @cpu: set to the CPU number (rdtscp's TSC_AUX holds node << 12 | cpu)
 */
static inline uint64_t hg_counter_read_cpu(unsigned int *cpu)
{
	unsigned int aux;
	uint64_t t = __rdtscp(&aux);

	*cpu = aux & 0xfff;
	return t;
}

/* hg_cpu_relax - tell the CPU we are spinning. */
static inline void hg_cpu_relax(void)
{
	__builtin_ia32_pause();
}
#elif defined(__aarch64__)
#define HG_COUNTER_NAME "cntvct"

static inline uint64_t hg_counter_read(void)
{
	uint64_t t;

	__asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(t));
	return t;
}

static inline uint64_t hg_counter_read_cpu(unsigned int *cpu)
{
	int c = sched_getcpu();

	*cpu = c < 0 ? 0 : (unsigned int)c;
	return hg_counter_read();
}

static inline void hg_cpu_relax(void)
{
	__asm__ __volatile__("yield");
}
#else
#error "hourglass needs a cycle counter: x86-64 (rdtsc) or arm64 (cntvct_el0)"
#endif

#endif /* HG_COUNTER_H */
