/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _BENCH_SHIM_MODULE_H
#define _BENCH_SHIM_MODULE_H
#include <stdio.h>
#define MODULE_DESCRIPTION(s)
#define MODULE_LICENSE(s)
#ifndef WARN_ON_ONCE
#define WARN_ON_ONCE(c) ({ int __c = !!(c); if (__c) fprintf(stderr, "WARN %s:%d\n", __FILE__, __LINE__); __c; })
#endif
#endif
