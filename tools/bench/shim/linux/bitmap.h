/* SPDX-License-Identifier: GPL-2.0 */
/* User-space stand-in for the bitmap API lib/prio_fifo.c uses. */
#ifndef _BENCH_SHIM_BITMAP_H
#define _BENCH_SHIM_BITMAP_H
#include <stdlib.h>
#include <linux/types.h>

#ifndef BITS_PER_LONG
#define BITS_PER_LONG (8 * (int)sizeof(long))
#endif
#define BITS_TO_LONGS(n) (((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)

static inline unsigned long *bitmap_zalloc(unsigned int nbits, gfp_t gfp)
{
	(void)gfp;
	return calloc(BITS_TO_LONGS(nbits), sizeof(long));
}

static inline void bitmap_free(unsigned long *map)
{
	free(map);
}

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

/* Word scans, as the kernel's generic _find_first_bit()/_find_last_bit(). */
static inline unsigned long find_first_bit(const unsigned long *map,
					   unsigned long size)
{
	unsigned long i;

	for (i = 0; i * BITS_PER_LONG < size; i++) {
		if (map[i]) {
			unsigned long bit = i * BITS_PER_LONG + __builtin_ctzl(map[i]);

			return bit < size ? bit : size;
		}
	}
	return size;
}

static inline unsigned long find_last_bit(const unsigned long *map,
					  unsigned long size)
{
	unsigned long i = BITS_TO_LONGS(size);

	while (i--) {
		unsigned long w = map[i];

		if (i == size / BITS_PER_LONG && size % BITS_PER_LONG)
			w &= (1UL << (size % BITS_PER_LONG)) - 1;
		if (w)
			return i * BITS_PER_LONG + BITS_PER_LONG - 1 - __builtin_clzl(w);
	}
	return size;
}
#endif
