/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A machine of fixtures/ in a fake-state session, presented the way its
 * firmware would present it and brought up by the kernel's own code.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_FIXTURE_STATE_H
#define _PPC_TOPOLOGY_KUNIT_FIXTURE_STATE_H

#include <kunit/test.h>
#include <linux/cpumask.h>

#include "fake_state.h"
#include "ppc_fixtures.h"

/* The fixture a parameterized case runs on. */
static inline const struct ppc_fixture *fixture_param(struct kunit *test)
{
	return *(const struct ppc_fixture * const *)test->param_value;
}

/*
 * A cpumask that lives as long as @test: with NR_CPUS=8192 a cpumask_t is
 * 1 KB, and two on a stack frame pass the 2 KB FRAME_WARN of a ppc64
 * kernel.
 */
static inline struct cpumask *fixture_mask(struct kunit *test)
{
	struct cpumask *mask = kunit_kzalloc(test, cpumask_size(), GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, mask);
	return mask;
}

/*
 * The hardware thread id firmware gives a CPU of a machine the test makes
 * up, numbered as fixturec numbers those of fixtures/.
 */
static inline u16 fixture_hw_id(int threads_per_core, int cpu)
{
	return PPC_FIXTURE_HW_ID(threads_per_core, cpu / threads_per_core,
				 cpu % threads_per_core);
}

void fixture_describe(const struct ppc_fixture * const *fx, char *desc);
struct ppc_fixture *fixture_in_mode(struct kunit *test, const struct ppc_fixture *own,
				    bool shared);

void fixture_set_of(const struct ppc_fixture *fx, enum ppc_fixture_set set, int cpu,
		    struct cpumask *mask);
void fixture_set_forget(void);
const char *fixture_set_name(enum ppc_fixture_set set);

/* How a fixture's firmware presents it and in which order its CPUs come up. */
struct fixture_bring_up {
	bool descending;	/* highest CPU first, as after a hotplug cycle */
	int threads_online;	/* the first N threads of each core; 0 for all */
	bool no_l2_nodes;	/* firmware without l2-cache nodes */
	bool no_chip_ids;	/* firmware without ibm,chip-id */
	/*
	 * A VPHN answer that stops at the primary domain, with no coregroup
	 * domain below it: the kernel then takes each core for a coregroup.
	 */
	bool vphn_without_coregroup;
	/*
	 * Every possible CPU of the kernel stays possible, the machine's
	 * present: an LPAR that can take more processors (ibm,lrdr-capacity)
	 * has possible CPUs without a device-tree node.  Otherwise the
	 * machine's CPUs are all its possible ones.
	 */
	bool cpus_to_add;
};

const struct cpumask * __init fixture_bring_up(struct kunit *test, struct ppc_fake *fake,
					       const struct ppc_fixture *fx);
const struct cpumask * __init fixture_bring_up_with(struct kunit *test, struct ppc_fake *fake,
						    const struct ppc_fixture *fx,
						    const struct fixture_bring_up *how);

#endif /* _PPC_TOPOLOGY_KUNIT_FIXTURE_STATE_H */
