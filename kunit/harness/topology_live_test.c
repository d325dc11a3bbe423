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
 * With topology_live_test.runtime=1 the case then switches SMT to half the
 * threads, asks the host, on the console ("live wait: add", "live wait:
 * remove"), to hot-add two cores and to remove one of them over QEMU's
 * monitor, and waits for the kernel's DLPAR code to do it; then it takes
 * the second core offline, switches SMT back on, which must leave that
 * core offline, and at last forces SMT off.  SMT goes through the
 * kernel's own SMT control, as a write to /sys/devices/system/cpu/smt/control
 * does (ppc64_cpu --smt=N), so that the kernel picks the threads, and the
 * DLPAR code onlines only those of a new core that SMT allows; a kernel
 * without SMT control on powerpc (before 6.6) takes the threads offline
 * and online one by one.  After each step it prints the masks again,
 * under "live machine: step NAME".
 *
 * One "live CPU<n>: ..." line per online CPU:
 *   sibling	cpu_sibling_mask(), the threads of its core
 *   smallcore	cpu_smallcore_mask(), its L1 thread group
 *   l2		cpu_l2_cache_mask(), the CPUs sharing its L2
 *   core	cpu_core_mask(), the CPUs of its chip
 *   node	cpu_to_node() and cpumask_of_node() of it
 *   mem	cpu_to_mem(), the node it allocates from
 * (smp.c keeps the small-core masks on big cores only: elsewhere they are
 * empty; each mask must lie within the next, and the CPU's die_cpus
 * within its package_cpus, as sysfs nests them; every thread of its core
 * is a possible CPU, below nr_cpu_ids; its memory node has memory, and is
 * its own node when that has), after one
 * "live machine: step NAME ..." line with
 * threads_per_core, has_big_cores, the online and possible CPUs, the
 * NUMA distances between nodes with CPUs and nr_cpu_ids.
 */

#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/moduleparam.h>
#include <linux/nodemask.h>
#include <linux/smp.h>
#include <linux/topology.h>
#include <linux/version.h>
#include <asm/cputhreads.h>

/* topology_live_test.runtime=1: tools/live-check drives QEMU's monitor. */
static bool runtime;
module_param(runtime, bool, 0444);
MODULE_PARM_DESC(runtime, "after the boot masks, switch SMT, wait for two cores hot-added and one removed over QMP, switch SMT back on and off");

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
		   "live machine: step %s threads_per_core %d big_cores %d online %*pbl possible %*pbl distances %s nr_cpu_ids %u\n",
		   step, threads_per_core, has_big_cores, cpumask_pr_args(cpu_online_mask),
		   cpumask_pr_args(cpu_possible_mask), line, nr_cpu_ids);

	for_each_online_cpu(cpu) {
		const struct cpumask *small = cpu_smallcore_mask(cpu);
		int first = cpu_first_thread_sibling(cpu), mem = cpu_to_mem(cpu);

		/* Allocated only with big cores where cpumasks are off stack (6.12). */
		if (!small)
			small = cpu_none_mask;
		node = cpu_to_node(cpu);
		kunit_info(test,
			   "live CPU%d: sibling %*pbl smallcore %*pbl l2 %*pbl core %*pbl node %d nodemask %*pbl mem %d\n",
			   cpu, cpumask_pr_args(cpu_sibling_mask(cpu)),
			   cpumask_pr_args(small),
			   cpumask_pr_args(cpu_l2_cache_mask(cpu)),
			   cpumask_pr_args(cpu_core_mask(cpu)), node,
			   cpumask_pr_args(cpumask_of_node(node)), mem);
		/*
		 * smp.c, the SMT control and the per-core code index a core's
		 * threads from its first without checking them against
		 * nr_cpu_ids: nr_cpus= must not cut a core.
		 */
		KUNIT_EXPECT_LE_MSG(test, (unsigned int)(first + threads_per_core), nr_cpu_ids,
				    "%s: CPU%d: its core's threads %d-%d are not all below nr_cpu_ids %u",
				    step, cpu, first, first + threads_per_core - 1, nr_cpu_ids);
		/* A CPU of a memoryless node allocates from the nearest node with memory. */
		KUNIT_EXPECT_TRUE_MSG(test, node_state(mem, N_MEMORY),
				      "%s: CPU%d (node %d): its memory node %d has no memory",
				      step, cpu, node, mem);
		KUNIT_EXPECT_TRUE_MSG(test, !node_state(node, N_MEMORY) || mem == node,
				      "%s: CPU%d: memory node %d, though its node %d has memory",
				      step, cpu, mem, node);
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
 * Let the domains catch up with a CPU change before they are read: a CPU
 * is online before its bring-up has rebuilt the sched domains, and the
 * CPU hotplug lock is held for writing until it has; the sleep is for
 * bases whose cpuset rebuilds from a work item.
 */
static void live_settle(void)
{
	cpus_read_lock();
	cpus_read_unlock();
	msleep(500);
}

/*
 * Ask the host for a change ("live wait: @what" on the console) and wait
 * until @want CPUs are present.  The pseries DLPAR code adds or removes a
 * core's threads, and onlines or offlines those it should, with the
 * device hotplug lock held: taking it waits for the whole request.
 */
static bool live_wait(struct kunit *test, const char *what, unsigned int want)
{
	int ms;

	kunit_info(test, "live wait: %s\n", what);
	for (ms = 0; ms < LIVE_WAIT_SECONDS * 1000; ms += 100) {
		if (num_present_cpus() == want) {
			lock_device_hotplug();
			unlock_device_hotplug();
			live_settle();
			return true;
		}
		msleep(100);
	}
	KUNIT_FAIL(test, "%s: %u CPUs present after %d s, expected %u (online %*pbl)", what,
		   num_present_cpus(), LIVE_WAIT_SECONDS, want, cpumask_pr_args(cpu_online_mask));
	return false;
}

#ifdef CONFIG_HOTPLUG_SMT
/*
 * SMT to @threads per core, forced off if @force, as a write of the
 * number (or "forceoff") to /sys/devices/system/cpu/smt/control does it:
 * the kernel's SMT control picks the threads and takes them down or up,
 * one CPU at a time, each through the scheduler's deactivate or activate
 * step and its domain rebuild.
 */
static int live_smt_set(unsigned int threads, bool force)
{
	unsigned int orig;
	int err;

	lock_device_hotplug();
	orig = cpu_smt_num_threads;
	cpu_smt_num_threads = threads;
	if (threads > orig)
		err = cpuhp_smt_enable();
	else
		err = cpuhp_smt_disable(force ? CPU_SMT_FORCE_DISABLED :
					threads > 1 ? CPU_SMT_ENABLED : CPU_SMT_DISABLED);
	unlock_device_hotplug();
	return err;
}
#else
/* Whether any thread of @cpu's core is online. */
static bool live_core_online(int cpu)
{
	int first = cpu_first_thread_sibling(cpu), i;

	for (i = first; i < first + threads_per_core; i++)
		if (cpu_online(i))
			return true;
	return false;
}

/*
 * No SMT control on powerpc: each thread down or up, as ppc64_cpu --smt=N
 * does, leaving alone a core with no thread online, as SMT control does.
 */
static int live_smt_set(unsigned int threads, bool force)
{
	int cpu, err = 0;

	for_each_present_cpu(cpu) {
		bool want = cpu_thread_in_core(cpu) < threads;

		if (want && !cpu_online(cpu) && live_core_online(cpu))
			err = err ?: add_cpu(cpu);
		else if (!want && cpu_online(cpu))
			err = err ?: remove_cpu(cpu);
	}
	return err;
}
#endif

/*
 * The second core (CPU threads_per_core on) offline, thread by thread, as
 * ppc64_cpu --cores-on does: the SMT control must leave it so when it
 * brings threads back (since 6.11 it skips cores with no thread online).
 */
static void live_core_off(struct kunit *test, char *line)
{
	int cpu, err;

	for (cpu = threads_per_core; cpu < 2 * threads_per_core; cpu++) {
		if (!cpu_online(cpu))
			continue;
		err = remove_cpu(cpu);
		KUNIT_EXPECT_EQ_MSG(test, err, 0, "core-off: remove_cpu(%d)", cpu);
	}
	live_settle();
	live_print(test, "core-off", line);
}

/* SMT to @threads (@force: forced off), then the masks under @step. */
static void live_smt_step(struct kunit *test, const char *step, unsigned int threads,
			  bool force, char *line)
{
	int err = live_smt_set(threads, force);

	KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s: SMT to %u threads%s", step, threads,
			    force ? ", forced off" : "");
	live_settle();
	live_print(test, step, line);
}

/*
 * Before 6.6 the workqueues' per-node CPU masks are those of the boot,
 * where powerpc puts every CPU not present in the first online node: a
 * CPU hot-added into a node that had none at boot trips
 * wq_calc_node_cpumask()'s pr_warn_once().  The workqueue rework of 6.6
 * builds them from the CPUs online.  Say so when it must come, so that
 * its absence fails too (kunit_summary.py reads the line).
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 6, 0)
static void live_expect_wq_warning(struct kunit *test, const nodemask_t *boot_nodes)
{
	int cpu;

	for_each_online_cpu(cpu) {
		if (node_isset(cpu_to_node(cpu), *boot_nodes))
			continue;
		kunit_info(test, "CPU%d came up in node %d, which had no CPU at boot:\n",
			   cpu, cpu_to_node(cpu));
		kunit_info(test,
			   "expects a kernel warning: workqueue cpumask: online intersect > possible intersect\n");
		return;
	}
}
#else
static void live_expect_wq_warning(struct kunit *test, const nodemask_t *boot_nodes)
{
}
#endif

static void topology_live_masks(struct kunit *test)
{
	nodemask_t boot_nodes = node_states[N_CPU];
	char *line;
	bool smt = threads_per_core > 1;

	if (num_online_cpus() < 2)
		kunit_skip(test,
			   "one online CPU, no masks to compare: tools/live-check boots several");

	line = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, line);
	live_print(test, "boot", line);
	if (!runtime)
		return;

	/* SMT to half the threads, then two cores hot-added and one removed. */
	if (smt)
		live_smt_step(test, "smt-half", threads_per_core / 2, false, line);
	if (!live_wait(test, "add", num_present_cpus() + 2 * threads_per_core))
		return;
	live_print(test, "added", line);
	live_expect_wq_warning(test, &boot_nodes);
	if (!live_wait(test, "remove", num_present_cpus() - threads_per_core))
		return;
	live_print(test, "removed", line);
	if (!smt)
		return;
	live_core_off(test, line);
	live_smt_step(test, "smt-restored", threads_per_core, false, line);
	/* Last: nothing brings SMT back once forced off. */
	live_smt_step(test, "smt-off", 1, true, line);
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
