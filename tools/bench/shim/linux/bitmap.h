/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space stand-in for the bitops prio_fifo uses. On x86 the bit
 * operations are the kernel's own instructions (arch/x86/include/asm/
 * bitops.h: bts/btr on memory, bsr, rep bsf), so that callgrind counts
 * what the kernel runs; elsewhere plain C.
 */
#ifndef _BENCH_SHIM_BITMAP_H
#define _BENCH_SHIM_BITMAP_H
#include <string.h>
#include <linux/types.h>

#ifndef BITS_PER_LONG
#define BITS_PER_LONG (8 * (int)sizeof(long))
#endif
#define BITS_TO_LONGS(n) (((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)

static inline void bitmap_zero(unsigned long *map, unsigned int nbits)
{
	memset(map, 0, BITS_TO_LONGS(nbits) * sizeof(long));
}

#if defined(__x86_64__) || defined(__i386__)
static inline void __set_bit(long nr, volatile unsigned long *addr)
{
	asm volatile("bts %1,%0" : "+m" (*(volatile long *)addr) : "Ir" (nr) : "memory");
}

static inline void __clear_bit(long nr, volatile unsigned long *addr)
{
	asm volatile("btr %1,%0" : "+m" (*(volatile long *)addr) : "Ir" (nr) : "memory");
}

static inline unsigned long __fls(unsigned long word)
{
	asm("bsr %1,%0" : "=r" (word) : "rm" (word));
	return word;
}

static inline unsigned long __ffs(unsigned long word)
{
	asm("rep; bsf %1,%0" : "=r" (word) : "rm" (word));
	return word;
}
#else
static inline void __set_bit(unsigned long nr, unsigned long *map)
{
	map[nr / BITS_PER_LONG] |= 1UL << (nr % BITS_PER_LONG);
}

static inline void __clear_bit(unsigned long nr, unsigned long *map)
{
	map[nr / BITS_PER_LONG] &= ~(1UL << (nr % BITS_PER_LONG));
}

static inline unsigned long __fls(unsigned long w)
{
	return BITS_PER_LONG - 1 - __builtin_clzl(w);
}

static inline unsigned long __ffs(unsigned long w)
{
	return __builtin_ctzl(w);
}
#endif
#endif
