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
 * the build here with one line. The one other instruction the tree uses is
 * here for that reason: the trace file's CRC-32 by carry-less
 * multiplication (hg_arch_crc32_clmul, x86-64 only).
 */
#ifndef HG_COUNTER_H
#define HG_COUNTER_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
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

/*
 * hg_counter_read_ordered - read the counter after every load before it
 * has completed (lfence; rdtsc): a reading that must follow what another
 * CPU wrote, as the audit's comparison of two CPUs' counters needs
 */
static inline uint64_t hg_counter_read_ordered(void)
{
	_mm_lfence();
	return __rdtsc();
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

/*
 * The one other thing the architecture does for us: CRC-32 of the trace
 * file by carry-less multiplication (PCLMULQDQ), where the CPU has it.
 * hg_arch_has_clmul - whether it does (PCLMULQDQ and SSE4.1).
 */
static inline bool hg_arch_has_clmul(void)
{
#if defined(__x86_64__)
	return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
#else
	return false;
#endif
}

#if defined(__x86_64__)

#define HG_LOAD128(p) _mm_loadu_si128((const __m128i *)(p))

/* Fold @x forward by the distance the constants @k stand for, and add @y. */
__attribute__((target("pclmul,sse4.1")))
static inline __m128i hg_clmul_fold(__m128i x, __m128i k, __m128i y)
{
	__m128i hi = _mm_clmulepi64_si128(x, k, 0x11);

	x = _mm_clmulepi64_si128(x, k, 0x00);
	return _mm_xor_si128(_mm_xor_si128(x, hi), y);
}

/*
 * hg_arch_crc32_clmul - CRC-32 by carry-less multiplication (wire.c's fast
 * path): fold 64 bytes a step, then 16, then reduce
 * (Barrett) to 32 bits; the bit-reflected constants of the CRC-32
 * polynomial (x^n mod P for the fold distances, P, and floor(x^64 / P)).
 * @n is a multiple of 16, at least 64; @crc is the register, not inverted.
 */
__attribute__((target("pclmul,sse4.1")))
static inline uint32_t hg_arch_crc32_clmul(uint32_t crc, const uint8_t *p, size_t n)
{
	const __m128i k12 = _mm_set_epi64x(0x1c6e41596LL, 0x154442bd4LL);
	const __m128i k34 = _mm_set_epi64x(0x0ccaa009eLL, 0x1751997d0LL);
	const __m128i k5 = _mm_set_epi64x(0, 0x163cd6124LL);
	const __m128i pu = _mm_set_epi64x(0x1f7011641LL, 0x1db710641LL);
	const __m128i mask = _mm_set_epi32(0, 0, 0, -1);
	__m128i x1 = _mm_xor_si128(HG_LOAD128(p), _mm_cvtsi32_si128((int)crc));
	__m128i x2 = HG_LOAD128(p + 16), x3 = HG_LOAD128(p + 32), x4 = HG_LOAD128(p + 48), t;

	for (p += 64, n -= 64; n >= 64; p += 64, n -= 64) {
		x1 = hg_clmul_fold(x1, k12, HG_LOAD128(p));
		x2 = hg_clmul_fold(x2, k12, HG_LOAD128(p + 16));
		x3 = hg_clmul_fold(x3, k12, HG_LOAD128(p + 32));
		x4 = hg_clmul_fold(x4, k12, HG_LOAD128(p + 48));
	}
	x1 = hg_clmul_fold(x1, k34, x2);
	x1 = hg_clmul_fold(x1, k34, x3);
	x1 = hg_clmul_fold(x1, k34, x4);
	for (; n >= 16; p += 16, n -= 16)
		x1 = hg_clmul_fold(x1, k34, HG_LOAD128(p));
	/* 128 to 64 bits, then 64 to 32 */
	t = _mm_clmulepi64_si128(k34, x1, 0x01);
	x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), t);
	t = _mm_srli_si128(x1, 4);
	x1 = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(x1, mask), k5, 0x00), t);
	t = x1;
	x1 = _mm_clmulepi64_si128(_mm_and_si128(x1, mask), pu, 0x10);
	x1 = _mm_clmulepi64_si128(_mm_and_si128(x1, mask), pu, 0x00);
	return (uint32_t)_mm_extract_epi32(_mm_xor_si128(x1, t), 1);
}
#else
static inline uint32_t hg_arch_crc32_clmul(uint32_t crc, const uint8_t *p, size_t n)
{
	(void)p;
	(void)n;
	return crc;	/* never called: hg_arch_has_clmul() said no */
}
#endif
#elif defined(__aarch64__)
#define HG_COUNTER_NAME "cntvct"
#define HG_COUNTER_TRACE_CLOCK ""

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

/* hg_cpu_relax - tell the CPU we are spinning. */
static inline void hg_cpu_relax(void)
{
	__asm__ __volatile__("yield" : : : "memory");
}

#elif defined(__riscv) && __riscv_xlen == 64
#define HG_COUNTER_NAME "time"
#define HG_COUNTER_TRACE_CLOCK ""	/* no tracefs clock reads it: mono */

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

/* hg_cpu_relax - a plain compiler barrier (Zihintpause is optional). */
static inline void hg_cpu_relax(void)
{
	__asm__ __volatile__("" : : : "memory");
}

#else
#error "hourglass needs a cycle counter: x86-64 (rdtsc), arm64 (cntvct_el0) or riscv64 (rdtime)"
#endif

#if !defined(__x86_64__) && !defined(__i386__)
/*
 * What arm64 and riscv64 share: their counters do not say the CPU, and the
 * CRC has no carry-less instruction to use
 */

/* hg_counter_read_ordered - arm64's read has its isb; riscv64's rdtime as it is. */
static inline uint64_t hg_counter_read_ordered(void)
{
	return hg_counter_read();
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

/* No carry-less CRC here: wire.c's tables do it (see the x86 branch). */
static inline bool hg_arch_has_clmul(void)
{
	return false;
}

static inline uint32_t hg_arch_crc32_clmul(uint32_t crc, const uint8_t *p, size_t n)
{
	(void)p;
	(void)n;
	return crc;
}
#endif

#endif /* HG_COUNTER_H */
