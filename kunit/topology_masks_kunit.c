// SPDX-License-Identifier: GPL-2.0
/*
 * powerpc_topology: the masks the kernel's bring-up code computes for a
 * machine, fed its firmware, with every CPU up: the core's threads, the
 * small core, the L2, the coregroup, the chip and the node, whatever the
 * order the CPUs come up in and whatever the firmware leaves out
 * (l2-cache nodes, ibm,chip-id).
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/slab.h>
#include <linux/topology.h>

#include "fake_state.h"
#include "topology_kunit.h"

/*
 * One kernel-computed mask of every CPU against the fixture's set: the
 * CPUs that share it with the CPU, among @online (all possible CPUs for
 * the maps built from ibm,thread-groups, which do not depend on who is
 * online).  Offline CPUs' masks are not read.
 */
typedef const struct cpumask *(*cpu_mask_fn)(int cpu, void *arg);

static void __init expect_map(struct kunit *test, const struct ppc_fixture *fx,
			      const char *what, cpu_mask_fn mask_of, void *arg,
			      enum ppc_fixture_set set, const struct cpumask *online)
{
	struct cpumask *want = fixture_mask(test);
	int cpu, reported = 0;

	for_each_cpu(cpu, online) {
		const struct cpumask *got = mask_of(cpu, arg);

		if (cpu >= fx->nr_cpus || reported == MAX_REPORTS)
			break;
		fixture_set_of(fx, set, cpu, want);
		cpumask_and(want, want, online);
		if (cpumask_equal(got, want))
			continue;
		reported++;
		KUNIT_FAIL(test, "%s: CPU %d %s is %*pbl, the fixture's %s is %*pbl",
			   fx->name, cpu, what, cpumask_pr_args(got), fixture_set_name(set),
			   cpumask_pr_args(want));
	}
}

static const struct cpumask *map_of(int cpu, void *arg)
{
	return ppc_fake_map_of((enum ppc_fake_map)(unsigned long)arg, cpu);
}

static const struct cpumask *node_of(int cpu, void *arg)
{
	return cpumask_of_node(cpu_to_node(cpu));
}

static void __init expect_kernel_map(struct kunit *test, const struct ppc_fixture *fx,
				     enum ppc_fake_map map, enum ppc_fixture_set set,
				     const struct cpumask *online)
{
	expect_map(test, fx, ppc_fake_map_name(map), map_of, (void *)(unsigned long)map, set,
		   online);
}

/* Some online CPU shares its L2 (@l2) with online CPUs outside its small core. */
static bool __init l2_wider_than_smt(struct kunit *test, const struct ppc_fixture *fx,
				     const struct cpumask *online, enum ppc_fixture_set l2_set)
{
	struct cpumask *l2 = fixture_mask(test), *smt = fixture_mask(test);
	int cpu;

	for_each_cpu(cpu, online) {
		if (cpu >= fx->nr_cpus)
			break;
		fixture_set_of(fx, l2_set, cpu, l2);
		fixture_set_of(fx, PPC_FIXTURE_SET_GROUP, cpu, smt);
		cpumask_and(l2, l2, online);
		cpumask_and(smt, smt, online);
		if (cpumask_weight(l2) > cpumask_weight(smt))
			return true;
	}
	return false;
}

/*
 * The kernel's bring-up code, fed the fixture's firmware, computes the
 * masks the machine description defines, CPU by CPU, over the CPUs that
 * came online: the core's threads, the L1 thread group (the small core),
 * the L2, the coregroup, the chip and the node, and decides the topology
 * flags that follow from them.  ibm,thread-groups' property 2 groups the
 * threads that share the L2 and the L3, so both thread-group maps are the
 * L2 set.  A core whose ibm,thread-groups has a single L1 group would not
 * be a big core, though the kernel would call it one; no fixture has
 * such cores.  Here the masks, with the CPUs that share each CPU's L2
 * given by @l2_set.
 */
static void __init expect_fixture_maps_l2(struct kunit *test, const struct ppc_fixture *fx,
					  const struct cpumask *online,
					  enum ppc_fixture_set l2_set)
{
	bool l2_groups = fx->l2_share == PPC_FIXTURE_L2_THREAD_GROUP;
	struct cpumask *all = fixture_mask(test);
	int cpu;

	for (cpu = 0; cpu < fx->nr_cpus; cpu++)
		cpumask_set_cpu(cpu, all);
	expect_kernel_map(test, fx, PPC_MAP_SIBLING, PPC_FIXTURE_SET_CORE, online);
	if (fx->has_big_cores)
		expect_kernel_map(test, fx, PPC_MAP_SMALLCORE, PPC_FIXTURE_SET_GROUP, online);
	if (fx->thread_groups_len)
		expect_kernel_map(test, fx, PPC_MAP_TG_L1, PPC_FIXTURE_SET_GROUP, all);
	if (l2_groups) {
		expect_kernel_map(test, fx, PPC_MAP_TG_L2, PPC_FIXTURE_SET_L2, all);
		expect_kernel_map(test, fx, PPC_MAP_TG_L3, PPC_FIXTURE_SET_L2, all);
	}
	expect_kernel_map(test, fx, PPC_MAP_L2, l2_set, online);
	/* Coregroups are identified only on dedicated processors. */
	if (fx->has_coregroups && !fx->shared_processor)
		expect_kernel_map(test, fx, PPC_MAP_COREGROUP, PPC_FIXTURE_SET_COREGROUP, online);
	expect_kernel_map(test, fx, PPC_MAP_CORE, PPC_FIXTURE_SET_CHIP, online);
	expect_map(test, fx, "node mask", node_of, NULL, PPC_FIXTURE_SET_NODE, online);
}

void __init expect_fixture_maps(struct kunit *test, const struct ppc_fixture *fx,
				const struct cpumask *online)
{
	expect_fixture_maps_l2(test, fx, online, PPC_FIXTURE_SET_L2);
}

/*
 * The masks of expect_fixture_maps_l2() and the topology flags the
 * bring-up decided from them.
 */
static void __init expect_fixture_masks_l2(struct kunit *test, const struct ppc_fixture *fx,
					   const struct cpumask *online,
					   enum ppc_fixture_set l2_set)
{
	struct ppc_fake_flags got;
	bool l2_groups = fx->l2_share == PPC_FIXTURE_L2_THREAD_GROUP;
	bool wider_l2 = l2_wider_than_smt(test, fx, online, l2_set);

	ppc_fake_read_flags(&got);
	KUNIT_EXPECT_EQ_MSG(test, got.has_big_cores, fx->has_big_cores,
			    "%s: has_big_cores is %d; the machine %s big cores", fx->name,
			    got.has_big_cores, fx->has_big_cores ? "has" : "has no");
	KUNIT_EXPECT_EQ_MSG(test, got.thread_group_shares_l2, l2_groups,
			    "%s: thread_group_shares_l2 is %d; the L2 is shared by %s", fx->name,
			    got.thread_group_shares_l2,
			    l2_groups ? "a thread group" : "whole cores");
	KUNIT_EXPECT_EQ_MSG(test, got.thread_group_shares_l3, l2_groups,
			    "%s: thread_group_shares_l3 is %d; the L3 is shared as the L2 is",
			    fx->name, got.thread_group_shares_l3);
	KUNIT_EXPECT_EQ_MSG(test, got.shared_caches, wider_l2,
			    "%s: shared_caches is %d; %s online CPU shares its L2 beyond its small core",
			    fx->name, got.shared_caches, wider_l2 ? "an" : "no");
	expect_fixture_maps_l2(test, fx, online, l2_set);
}

void __init expect_fixture_masks(struct kunit *test, const struct ppc_fixture *fx,
				 const struct cpumask *online)
{
	expect_fixture_masks_l2(test, fx, online, PPC_FIXTURE_SET_L2);
}

/* Every CPU comes up, lowest first, as at boot. */
void __init topology_fixture_masks(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);

	expect_fixture_masks(test, fx, fixture_bring_up(test, fake, fx));
}

/* The masks do not depend on the order CPUs come up: highest first. */
void __init topology_fixture_masks_reverse_order(struct kunit *test)
{
	static const struct fixture_bring_up how __initconst = { .descending = true };
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);

	expect_fixture_masks(test, fx, fixture_bring_up_with(test, fake, fx, &how));
}

/*
 * Firmware without l2-cache nodes: with no ibm,thread-groups L2 block to
 * say otherwise, the kernel assumes "only core siblings share cache"
 * (update_mask_by_l2()).  That is right where the L2 is per core or
 * given by the thread groups; on a machine whose cores share their L2
 * in pairs (p9-smt4-host-128) the L2 shrinks to the core, and with it
 * shared_caches and the CACHE level go.
 */
void __init topology_fixture_masks_without_l2_nodes(struct kunit *test)
{
	static const struct fixture_bring_up how __initconst = { .no_l2_nodes = true };
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);
	const struct cpumask *online = fixture_bring_up_with(test, fake, fx, &how);

	expect_fixture_masks_l2(test, fx, online, fx->l2_share == PPC_FIXTURE_L2_PAIR_OF_CORES ?
				PPC_FIXTURE_SET_CORE : PPC_FIXTURE_SET_L2);
}

/*
 * Firmware without ibm,chip-id (cpu_to_chip_id() is -1 for every CPU):
 * the kernel cannot tell chips apart and keeps cpu_core_mask within the
 * node ("powerpc/smp: Update cpu_core_map on all PowerPc systems",
 * b8b928030332: "limit the cpu_core_mask to within PKG"), for every CPU
 * alike, the first to come up as the last.  Every other mask is the
 * machine's.
 */
void __init topology_fixture_masks_without_chip_ids(struct kunit *test)
{
	static const struct fixture_bring_up how __initconst = { .no_chip_ids = true };
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fixture *no_chips = kunit_kmalloc(test, sizeof(*no_chips), GFP_KERNEL);
	struct ppc_fixture_cpu *cpus;
	struct ppc_fake *fake;
	int cpu;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, no_chips);
	cpus = kunit_kcalloc(test, fx->nr_cpus, sizeof(*cpus), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, cpus);
	/* The machine as this kernel can know it: its chips are its nodes. */
	*no_chips = *fx;
	memcpy(cpus, fx->cpus, fx->nr_cpus * sizeof(*cpus));
	for (cpu = 0; cpu < fx->nr_cpus; cpu++)
		cpus[cpu].chip = cpus[cpu].node;
	no_chips->cpus = cpus;
	fake = ppc_fake_begin(test);
	expect_fixture_maps(test, no_chips, fixture_bring_up_with(test, fake, fx, &how));
}

/*
 * A hypervisor whose VPHN answer stops at the primary domain, with no
 * coregroup domain below it (firmware that does not identify
 * coregroups): cpu_to_coregroup_id() then gives each CPU its core's id,
 * so each CPU's coregroup is its core, on a machine whose firmware would
 * otherwise show coregroups.  Every other mask is the machine's.
 */
void __init topology_fixture_masks_vphn_without_coregroup(struct kunit *test)
{
	static const struct fixture_bring_up how __initconst = {
		.vphn_without_coregroup = true,
	};
	const struct ppc_fixture *fx = fixture_param(test);
	const struct cpumask *online;
	struct ppc_fake *fake;

	if (!fx->has_coregroups || fx->shared_processor)
		kunit_skip(test,
			   "%s: the kernel identifies coregroups only where a dedicated machine has them",
			   fx->name);
	fake = ppc_fake_begin(test);
	online = fixture_bring_up_with(test, fake, fx, &how);
	expect_kernel_map(test, fx, PPC_MAP_COREGROUP, PPC_FIXTURE_SET_CORE, online);
	expect_kernel_map(test, fx, PPC_MAP_L2, PPC_FIXTURE_SET_L2, online);
	expect_kernel_map(test, fx, PPC_MAP_CORE, PPC_FIXTURE_SET_CHIP, online);
}
