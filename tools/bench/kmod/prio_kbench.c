// SPDX-License-Identifier: GPL-2.0
/*
 * In-kernel timing of the patterns of ../patterns.h: prio_fifo against the
 * original sch_skbprio band logic, in the same boot, interleaved (the order
 * of the two alternates from one repetition to the next). Each timed run
 * prints one line; tools/bench/kernel takes medians and spreads.
 *
 *   insmod prio_kbench.ko [ops=N] [reps=N]
 */
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/prio_fifo.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/types.h>
#include "patterns.h"

static unsigned int ops = 20000;
module_param(ops, uint, 0444);
MODULE_PARM_DESC(ops, "iterations of each pattern per timed run");
static unsigned int reps = 15;
module_param(reps, uint, 0444);
MODULE_PARM_DESC(reps, "timed runs of each pattern and implementation");

static const char *const impl_name[] = { "orig", "fifo" };

static int run(int impl, char pat, unsigned int rep)
{
	unsigned int n = ops;
	u64 t0, t1;

	if (bench_prepare(impl, pat, &n))
		return -ENOMEM;
	t0 = ktime_get_ns();
	bench_measure(pat, n);
	t1 = ktime_get_ns();
	pr_info("prio_kbench: %c %s %u %u %llu %016llx\n", pat, impl_name[impl],
		rep, n, t1 - t0, hash);
	bench_release();
	cond_resched();
	return 0;
}

static int __init prio_kbench_init(void)
{
	static const char patterns[] = "abcdre";
	unsigned int rep, i;
	int err;

	for (rep = 0; rep < reps; rep++)
		for (i = 0; patterns[i]; i++) {
			err = run(rep & 1, patterns[i], rep);
			if (!err)
				err = run(!(rep & 1), patterns[i], rep);
			if (err)
				return err;
		}
	pr_info("prio_kbench: done\n");
	return 0;
}

static void __exit prio_kbench_exit(void)
{
}

module_init(prio_kbench_init);
module_exit(prio_kbench_exit);
MODULE_DESCRIPTION("prio_fifo against the original skbprio band logic, timed");
MODULE_LICENSE("GPL");
