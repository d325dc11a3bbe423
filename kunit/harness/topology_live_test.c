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
 * With topology_live_test.runtime=1 the case then asks the host, on the
 * console ("live wait: add", "live wait: remove"), to hot-add two cores
 * and to remove one of them over QEMU's monitor, and waits for the kernel's DLPAR
 * code to do it; then it takes the upper half of each core's threads
 * offline and brings them back, as ppc64_cpu --smt=N does.  After each
 * step it prints the masks again, under "live machine: step NAME".
 *
 * One "live CPU<n>: ..." line per online CPU:
 *   sibling	cpu_sibling_mask(), the threads of its core
 *   smallcore	cpu_smallcore_mask(), its L1 thread group
 *   l2		cpu_l2_cache_mask(), the CPUs sharing its L2
 *   core	cpu_core_mask(), the CPUs of its chip
 *   node	cpu_to_node() and cpumask_of_node() of it
 * (smp.c keeps the small-core masks on big cores only: elsewhere they are
 * empty; each mask must lie within the next, and the CPU's die_cpus
 * within its package_cpus, as sysfs nests them), after one
 * "live machine: step NAME ..." line with
 * threads_per_core, has_big_cores, the online and possible CPUs and the
 * NUMA distances between nodes with CPUs.
 */

#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/moduleparam.h>
#include <linux/nodemask.h>
#include <linux/smp.h>
#include <linux/topology.h>
#include <asm/cputhreads.h>

/* topology_live_test.runtime=1: tools/live-check drives QEMU's monitor. */
static bool runtime;
module_param(runtime, bool, 0444);
MODULE_PARM_DESC(runtime, "after the boot masks, wait for two cores hot-added and one removed over QMP, then switch SMT");

/* Seconds to wait for QEMU to add or remove a core. */
#define LIVE_WAIT_SECONDS	60

/* The masks of every online CPU, after a "live machine: step @step" line. */
static void live_print(struct kunit *test, const char *step, char *line)
{
	int cpu, node, other, len = 0;

	for_each_node_state(node, N_CPU)
		for_each_node_state(other, N_CPU)
			len += scnprintf(line + len, PAGE_SIZE - len, "%s%d:%d:%d",
					 len ? "," : "", node, other, node_distance(node, other));
	kunit_info(test,
		   "live machine: step %s threads_per_core %d big_cores %d online %*pbl possible %*pbl distances %s\n",
		   step, threads_per_core, has_big_cores, cpumask_pr_args(cpu_online_mask),
		   cpumask_pr_args(cpu_possible_mask), line);

	for_each_online_cpu(cpu) {
		const struct cpumask *small = cpu_smallcore_mask(cpu);

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
		KUNIT_EXPECT_TRUE_MSG(test, !has_big_cores || cpumask_test_cpu(cpu, small),
				      "%s: CPU%d is not in its own small-core mask", step, cpu);
		KUNIT_EXPECT_TRUE_MSG(test, cpumask_subset(small, cpu_sibling_mask(cpu)),
				      "%s: CPU%d: small core %*pbl is not within its core %*pbl",
				      step, cpu, cpumask_pr_args(small),
				      cpumask_pr_args(cpu_sibling_mask(cpu)));
		KUNIT_EXPECT_TRUE_MSG(test,
				      cpumask_subset(cpu_sibling_mask(cpu), cpu_core_mask(cpu)),
				      "%s: CPU%d: core %*pbl is not within its chip %*pbl",
				      step, cpu, cpumask_pr_args(cpu_sibling_mask(cpu)),
				      cpumask_pr_args(cpu_core_mask(cpu)));
		/* sysfs nests the die in the package: die_cpus within package_cpus. */
		KUNIT_EXPECT_TRUE_MSG(test,
				      cpumask_subset(topology_die_cpumask(cpu),
						     topology_core_cpumask(cpu)),
				      "%s: CPU%d: die_cpus %*pbl is not within its package_cpus %*pbl",
				      step, cpu, cpumask_pr_args(topology_die_cpumask(cpu)),
				      cpumask_pr_args(topology_core_cpumask(cpu)));
	}
}

/*
 * Ask the host for a change ("live wait: @what" on the console) and wait
 * until @want CPUs are present and every present CPU is online: the
 * pseries DLPAR code adds or removes a core's threads one by one, and
 * onlines or offlines them itself.
 */
static bool live_wait(struct kunit *test, const char *what, unsigned int want)
{
	int ms;

	kunit_info(test, "live wait: %s\n", what);
	for (ms = 0; ms < LIVE_WAIT_SECONDS * 1000; ms += 100) {
		unsigned int now = num_present_cpus();

		if (now == want && num_online_cpus() == now && num_active_cpus() == now) {
			/*
			 * A CPU is online and active before its bring-up
			 * has rebuilt the sched domains.  The hotplug lock
			 * is held for writing until it has, so taking it
			 * waits for the last CPU's rebuild; the sleep is
			 * for bases whose cpuset rebuilds from a work item.
			 */
			cpus_read_lock();
			cpus_read_unlock();
			msleep(500);
			return true;
		}
		msleep(100);
	}
	KUNIT_FAIL(test, "%s: %u CPUs present after %d s, expected %u (online %*pbl)", what,
		   num_present_cpus(), LIVE_WAIT_SECONDS, want, cpumask_pr_args(cpu_online_mask));
	return false;
}

static void topology_live_masks(struct kunit *test)
{
	cpumask_var_t off;
	char *line;
	int cpu, err;

	if (num_online_cpus() < 2)
		kunit_skip(test,
			   "one online CPU, no masks to compare: tools/live-check boots several");

	line = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, line);
	live_print(test, "boot", line);
	if (!runtime)
		return;

	/* Two cores hot-added, then one removed, by QEMU over QMP. */
	if (!live_wait(test, "add", num_present_cpus() + 2 * threads_per_core))
		return;
	live_print(test, "added", line);
	if (!live_wait(test, "remove", num_present_cpus() - threads_per_core))
		return;
	live_print(test, "removed", line);

	/* ppc64_cpu --smt=N: the upper half of each core's threads offline, then back. */
	if (threads_per_core < 2)
		return;
	KUNIT_ASSERT_TRUE(test, zalloc_cpumask_var(&off, GFP_KERNEL));
	for_each_online_cpu(cpu)
		if (cpu_thread_in_core(cpu) >= threads_per_core / 2)
			cpumask_set_cpu(cpu, off);
	for_each_cpu(cpu, off) {
		err = remove_cpu(cpu);
		KUNIT_EXPECT_EQ_MSG(test, err, 0, "smt-half: remove_cpu(%d)", cpu);
	}
	msleep(500);
	live_print(test, "smt-half", line);
	for_each_cpu(cpu, off) {
		err = add_cpu(cpu);
		KUNIT_EXPECT_EQ_MSG(test, err, 0, "smt-restored: add_cpu(%d)", cpu);
	}
	free_cpumask_var(off);
	msleep(500);
	live_print(test, "smt-restored", line);
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
