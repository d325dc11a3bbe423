// SPDX-License-Identifier: GPL-2.0
/*
 * Load a machine of fixtures/ into a fake-state session.  The sets come
 * from the facts tools/fixturec derived from the machine description;
 * this file only turns them into the masks the kernel reads.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>

#include "fixture_state.h"

static bool same_set(const struct ppc_fixture *fx, enum fixture_set set, int a, int b)
{
	const struct ppc_fixture_cpu *x = &fx->cpus[a], *y = &fx->cpus[b];

	switch (set) {
	case FIXTURE_CORE:
		return x->core_first == y->core_first;
	case FIXTURE_GROUP:
		return x->group_first == y->group_first;
	case FIXTURE_L2:
		return x->l2_first == y->l2_first;
	case FIXTURE_COREGROUP:
		return x->coregroup != PPC_FIXTURE_NONE && x->coregroup == y->coregroup &&
		       x->node == y->node;
	case FIXTURE_NODE:
		return x->node == y->node;
	}
	return false;
}

void fixture_set_of(const struct ppc_fixture *fx, enum fixture_set set, int cpu,
		    struct cpumask *mask)
{
	int other;

	cpumask_clear(mask);
	for (other = 0; other < fx->nr_cpus; other++)
		if (same_set(fx, set, cpu, other))
			cpumask_set_cpu(other, mask);
	/* Without coregroups the kernel's coregroup mask is the core's. */
	if (set == FIXTURE_COREGROUP && cpumask_empty(mask))
		fixture_set_of(fx, FIXTURE_CORE, cpu, mask);
}

/*
 * The kernel's boot-time flags for the machine: shared_caches is set when
 * the L2 spans more CPUs than the SMT level (the thread group on big
 * cores, the core otherwise), as add_cpu_to_masks() decides.
 */
void fixture_flags(const struct ppc_fixture *fx, struct ppc_fake_flags *flags)
{
	cpumask_t l2, smt;

	fixture_set_of(fx, FIXTURE_L2, 0, &l2);
	fixture_set_of(fx, fx->has_big_cores ? FIXTURE_GROUP : FIXTURE_CORE, 0, &smt);
	flags->shared_processor = fx->shared_processor;
	flags->kvm_guest = false;
	flags->has_big_cores = fx->has_big_cores;
	flags->shared_caches = cpumask_weight(&l2) > cpumask_weight(&smt);
	flags->coregroup_enabled = fx->has_coregroups;
	flags->thread_group_shares_l2 = fx->l2_share == PPC_FIXTURE_L2_THREAD_GROUP &&
					fx->has_big_cores;
	flags->thread_group_shares_l3 = false;
}

void __init fixture_load(struct kunit *test, struct ppc_fake *fake,
			 const struct ppc_fixture *fx)
{
	struct ppc_fake_flags flags;
	cpumask_t mask;
	int cpu, i;

	KUNIT_ASSERT_LE_MSG(test, (unsigned int)fx->nr_cpus, nr_cpu_ids,
			    "%s: %u CPUs, but the kernel has %u possible CPUs (raise maxcpus)",
			    fx->name, fx->nr_cpus, nr_cpu_ids);

	fixture_flags(fx, &flags);
	ppc_fake_set_flags(fake, &flags);
	ppc_fake_set_threads_per_core(fake, fx->threads_per_core);

	for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
		fixture_set_of(fx, FIXTURE_CORE, cpu, &mask);
		ppc_fake_set_map(fake, PPC_MAP_SIBLING, cpu, &mask);
		fixture_set_of(fx, fx->has_big_cores ? FIXTURE_GROUP : FIXTURE_CORE, cpu, &mask);
		ppc_fake_set_map(fake, PPC_MAP_SMALLCORE, cpu, &mask);
		fixture_set_of(fx, FIXTURE_L2, cpu, &mask);
		ppc_fake_set_map(fake, PPC_MAP_L2, cpu, &mask);
		fixture_set_of(fx, FIXTURE_COREGROUP, cpu, &mask);
		ppc_fake_set_map(fake, PPC_MAP_COREGROUP, cpu, &mask);
		ppc_fake_set_cpu_node(fake, cpu, fx->cpus[cpu].node);
	}
	for (i = 0; i < fx->nr_nodes; i++) {
		cpumask_clear(&mask);
		for (cpu = 0; cpu < fx->nr_cpus; cpu++)
			if (fx->cpus[cpu].node == fx->nodes[i])
				cpumask_set_cpu(cpu, &mask);
		ppc_fake_set_node_mask(fake, fx->nodes[i], &mask);
	}
}
