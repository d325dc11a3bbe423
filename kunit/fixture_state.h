/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Load a machine of fixtures/ into a fake-state session: its shared-
 * processor mode, thread count, big cores, shared caches and coregroups,
 * and the per-CPU masks and NUMA nodes of every one of its CPUs.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_FIXTURE_STATE_H
#define _PPC_TOPOLOGY_KUNIT_FIXTURE_STATE_H

#include <linux/cpumask.h>

#include "fake_state.h"
#include "ppc_fixtures.h"

/* Which set of CPUs sharing something a mask of the fixture names. */
enum fixture_set {
	FIXTURE_CORE,		/* threads of the core */
	FIXTURE_GROUP,		/* threads of the L1 thread group */
	FIXTURE_L2,		/* CPUs sharing the L2 */
	FIXTURE_COREGROUP,	/* cores of the coregroup */
	FIXTURE_NODE,		/* CPUs of the NUMA node */
};

void fixture_set_of(const struct ppc_fixture *fx, enum fixture_set set, int cpu,
		    struct cpumask *mask);
void fixture_flags(const struct ppc_fixture *fx, struct ppc_fake_flags *flags);
void __init fixture_load(struct kunit *test, struct ppc_fake *fake,
			 const struct ppc_fixture *fx);

#endif /* _PPC_TOPOLOGY_KUNIT_FIXTURE_STATE_H */
