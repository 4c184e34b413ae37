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
 *
 * "Cycles" in the code and the trace format are this counter's ticks: CPU
 * cycles for the TSC, 19.2 to 1000 MHz for arm64's generic timer, the
 * platform's timebase for riscv64's time CSR. hg_counter_stated_hz() is the
 * frequency the counter states itself, where it states one; calibration
 * measures it anyway and checks the two against each other.
 *
 * Nothing outside this file knows the architecture, and another one stops
 * the build here with one line.
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

/* hg_counter_stated_hz - the TSC states no frequency of its own: 0. */
static inline uint64_t hg_counter_stated_hz(void)
{
	return 0;
}
#elif defined(__aarch64__)
#define HG_COUNTER_NAME "cntvct"

/*
 * hg_counter_read - read the virtual counter (CNTVCT_EL0). The isb keeps
 * the read in program order: without it the CPU may take the reading
 * early, before the instructions ahead of it have run (as oslat and the
 * kernel's arch_counter_get_cntvct() do).
 */
static inline uint64_t hg_counter_read(void)
{
	uint64_t t;

	__asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(t) : : "memory");
	return t;
}

/* hg_counter_stated_hz - the frequency the firmware set in CNTFRQ_EL0. */
static inline uint64_t hg_counter_stated_hz(void)
{
	uint64_t hz;

	__asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(hz));
	return hz;
}

/* hg_counter_cpu_aux - the counter never says the CPU here. */
static inline bool hg_counter_cpu_aux(void)
{
	return false;
}

/* hg_counter_read_cpu - the counter and the CPU, from getcpu() (vDSO). */
static inline uint64_t hg_counter_read_cpu(bool aux, unsigned int *cpu)
{
	int c = sched_getcpu();

	(void)aux;

	*cpu = c < 0 ? 0 : (unsigned int)c;
	return hg_counter_read();
}

/* hg_cpu_relax - tell the CPU we are spinning. */
static inline void hg_cpu_relax(void)
{
	__asm__ __volatile__("yield" : : : "memory");
}
#elif defined(__riscv) && __riscv_xlen == 64
#define HG_COUNTER_NAME "time"

/*
 * hg_counter_read - read the time CSR (rdtime), the platform's timebase:
 * rdcycle traps in user space since Linux 6.6, rdtime is emulated or
 * direct everywhere.
 */
static inline uint64_t hg_counter_read(void)
{
	uint64_t t;

	__asm__ __volatile__("rdtime %0" : "=r"(t) : : "memory");
	return t;
}

/* hg_counter_stated_hz - the timebase is in the device tree only: 0. */
static inline uint64_t hg_counter_stated_hz(void)
{
	return 0;
}

/* hg_counter_cpu_aux - the counter never says the CPU here. */
static inline bool hg_counter_cpu_aux(void)
{
	return false;
}

/* hg_counter_read_cpu - the counter and the CPU, from getcpu(). */
static inline uint64_t hg_counter_read_cpu(bool aux, unsigned int *cpu)
{
	int c = sched_getcpu();

	(void)aux;

	*cpu = c < 0 ? 0 : (unsigned int)c;
	return hg_counter_read();
}

/* hg_cpu_relax - a plain compiler barrier (Zihintpause is optional). */
static inline void hg_cpu_relax(void)
{
	__asm__ __volatile__("" : : : "memory");
}
#else
#error "hourglass needs a cycle counter: x86-64 (rdtsc) or arm64 (cntvct_el0)"
#endif

#endif /* HG_COUNTER_H */
