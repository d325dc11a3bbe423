// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel half of make live's matrix: the topology masks the kernel
 * built at boot from a real firmware's device tree (QEMU's), printed for
 * every online CPU with no fake state, so that tools/report/live_matrix.py
 * can compare them with what tools/fixturec derives for the same shape.
 *
 * tools/live-check boots this suite alone, once per shape, with several
 * CPUs online and sched_verbose: the domains come from the scheduler's own
 * printout, the masks from here.  With a single online CPU, as in
 * "make run", there is nothing to compare and the case skips.
 *
 * One "live CPU<n>: ..." line per online CPU:
 *   sibling	cpu_sibling_mask(), the threads of its core
 *   smallcore	cpu_smallcore_mask(), its L1 thread group
 *   l2		cpu_l2_cache_mask(), the CPUs sharing its L2
 *   core	cpu_core_mask(), the CPUs of its chip
 *   node	cpu_to_node() and cpumask_of_node() of it
 * (smp.c keeps the small-core masks on big cores only: elsewhere they are
 * empty) and one "live machine: ..." line with threads_per_core,
 * has_big_cores, the online and
 * possible CPUs and the NUMA distances between nodes with CPUs.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/nodemask.h>
#include <linux/topology.h>
#include <asm/cputhreads.h>
#include <asm/smp.h>

static void topology_live_masks(struct kunit *test)
{
	int cpu, node, other, len = 0;
	char *line;

	if (num_online_cpus() < 2)
		kunit_skip(test, "one online CPU, no masks to compare: tools/live-check boots several");

	line = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, line);
	for_each_node_state(node, N_CPU)
		for_each_node_state(other, N_CPU)
			len += scnprintf(line + len, PAGE_SIZE - len, "%s%d:%d:%d",
					 len ? "," : "", node, other, node_distance(node, other));
	kunit_info(test,
		   "live machine: threads_per_core %d big_cores %d online %*pbl possible %*pbl distances %s\n",
		   threads_per_core, has_big_cores, cpumask_pr_args(cpu_online_mask),
		   cpumask_pr_args(cpu_possible_mask), line);

	for_each_online_cpu(cpu) {
		node = cpu_to_node(cpu);
		kunit_info(test,
			   "live CPU%d: sibling %*pbl smallcore %*pbl l2 %*pbl core %*pbl node %d nodemask %*pbl\n",
			   cpu, cpumask_pr_args(cpu_sibling_mask(cpu)),
			   cpumask_pr_args(cpu_smallcore_mask(cpu)),
			   cpumask_pr_args(cpu_l2_cache_mask(cpu)),
			   cpumask_pr_args(cpu_core_mask(cpu)), node,
			   cpumask_pr_args(cpumask_of_node(node)));
		/*
		 * Each mask lies within the next.  smp.c keeps small-core
		 * masks only on big cores: elsewhere they stay empty.
		 */
		KUNIT_EXPECT_TRUE_MSG(test, !has_big_cores ||
				      cpumask_test_cpu(cpu, cpu_smallcore_mask(cpu)),
				      "CPU%d is not in its own small-core mask", cpu);
		KUNIT_EXPECT_TRUE_MSG(test, cpumask_subset(cpu_smallcore_mask(cpu), cpu_sibling_mask(cpu)),
				      "CPU%d: small core %*pbl is not within its core %*pbl", cpu,
				      cpumask_pr_args(cpu_smallcore_mask(cpu)),
				      cpumask_pr_args(cpu_sibling_mask(cpu)));
		KUNIT_EXPECT_TRUE_MSG(test, cpumask_subset(cpu_sibling_mask(cpu), cpu_core_mask(cpu)),
				      "CPU%d: core %*pbl is not within its chip %*pbl", cpu,
				      cpumask_pr_args(cpu_sibling_mask(cpu)),
				      cpumask_pr_args(cpu_core_mask(cpu)));
	}
}

static struct kunit_case topology_live_cases[] = {
	KUNIT_CASE(topology_live_masks),
	{}
};

static struct kunit_suite topology_live_suite = {
	.name = "powerpc_topology_live",
	.test_cases = topology_live_cases,
};

kunit_test_suites(&topology_live_suite);

MODULE_DESCRIPTION("The topology masks of a live boot, for make live's matrix");
MODULE_LICENSE("GPL");
