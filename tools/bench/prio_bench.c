// SPDX-License-Identifier: GPL-2.0
/*
 * Instruction-count benchmark: lib/prio_fifo.c (built in user space against
 * tools/include and the shim/ headers) against the original sch_skbprio
 * band logic, on the patterns of patterns.h.
 *
 *   prio_bench <fifo|orig> <a|b|c|d|r|e> <ops>
 *
 * Run under callgrind with --toggle-collect=enqueue and =dequeue, zeroed
 * before measure_*(), so that only queue operations count (tools/bench/run).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/list.h>
#include <linux/prio_fifo.h>
#include "patterns.h"

int main(int argc, char **argv)
{
	unsigned int ops;
	char pat;

	if (argc != 4)
		return fprintf(stderr, "usage: %s fifo|orig a|b|c|d|r|e OPS\n", argv[0]), 2;
	pat = argv[2][0];
	ops = strtoul(argv[3], NULL, 0);
	if (bench_prepare(!strcmp(argv[1], "fifo"), pat, &ops))
		return 2;
	bench_measure(pat, ops);
	printf("%s %c %u %016llx\n", argv[1], pat, ops, (unsigned long long)hash);
	bench_release();
	return 0;
}
