/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _BENCH_SHIM_SLAB_H
#define _BENCH_SHIM_SLAB_H
#include <stdlib.h>
#include <linux/types.h>
#define kcalloc(n, size, gfp) calloc(n, size)
#define kfree(p) free(p)
#endif
