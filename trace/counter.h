/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * counter.h - the cycle counter, read inline
 *
 * hg_counter_read() is the only thing the gap loop calls per iteration, so it
 * is one instruction on the architectures we know. hg_counter_read_cpu() also
 * returns the CPU the reading was taken on; it is called once per interval.
 * Whether the counter's instruction can say the CPU (rdtscp) is asked once,
 * with hg_counter_cpu_aux(), and kept by the caller: some virtual CPUs lack
 * rdtscp but execute it, and then its TSC_AUX holds no CPU number.
 */
#ifndef HG_COUNTER_H
#define HG_COUNTER_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>

/* Name of the counter, for reports. */
#define HG_COUNTER_NAME "tsc"
/* The kernel's trace clock that reads this counter ("": none). */
#define HG_COUNTER_TRACE_CLOCK "x86-tsc"

/* hg_counter_read - read the cycle counter (rdtsc); not serialising. */
static inline uint64_t hg_counter_read(void)
{
	return __rdtsc();
}

/*
 * hg_counter_cpu_aux - whether the CPU has rdtscp (CPUID 0x80000001, EDX bit
 * 27), whose TSC_AUX the kernel sets to node << 12 | cpu. A CPUID costs a
 * trap to the hypervisor in a guest: ask once, before timing.
 */
static inline bool hg_counter_cpu_aux(void)
{
	unsigned int a, b, c, d;

	if (!__get_cpuid(0x80000001, &a, &b, &c, &d))
		return false;
	return d & (1u << 27);	/* RDTSCP */
}

/*
 * hg_counter_read_cpu - read the counter and the CPU it was read on
 * @aux: what hg_counter_cpu_aux() said: rdtscp's TSC_AUX, else getcpu()
 * @cpu: set to the CPU number
 */
static inline uint64_t hg_counter_read_cpu(bool aux, unsigned int *cpu)
{
	unsigned int tsc_aux;
	int c;

	if (aux) {
		uint64_t t = __rdtscp(&tsc_aux);

		*cpu = tsc_aux & 0xfff;
		return t;
	}
	c = sched_getcpu();
	*cpu = c < 0 ? 0 : (unsigned int)c;
	return hg_counter_read();
}

/* hg_cpu_relax - tell the CPU we are spinning. */
static inline void hg_cpu_relax(void)
{
	__builtin_ia32_pause();
}
#elif defined(__aarch64__)
#define HG_COUNTER_NAME "cntvct"
#define HG_COUNTER_TRACE_CLOCK ""

static inline uint64_t hg_counter_read(void)
{
	uint64_t t;

	__asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(t));
	return t;
}

/* hg_counter_cpu_aux - the counter never says the CPU here. */
static inline bool hg_counter_cpu_aux(void)
{
	return false;
}

static inline uint64_t hg_counter_read_cpu(bool aux, unsigned int *cpu)
{
	int c = sched_getcpu();

	(void)aux;

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
