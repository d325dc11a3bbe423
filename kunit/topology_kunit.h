/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The powerpc_topology suite: one suite in several files, each asserting
 * one thing of what the kernel builds for a machine.  topology_kunit.c
 * holds the parameters, the boot views several cases share, the case
 * list and the suite; the rest:
 *
 *  topology_table_kunit.c    the topology table, its flags, asym priorities
 *  topology_masks_kunit.c    the masks the bring-up code computes
 *  topology_shapes_kunit.c   masks and domains with CPUs offline or to add
 *  topology_domains_kunit.c  the domains kept, and where update_top_cache_domain() points
 *  topology_llc_kunit.c      the LLC, and what the scheduler says of CPU pairs
 *  topology_groups_kunit.c   the groups the load balancer works with
 *  topology_steal_kunit.c    the capacity steal time leaves a CPU
 */
#ifndef _PPC_TOPOLOGY_KUNIT_H
#define _PPC_TOPOLOGY_KUNIT_H

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/sched/topology.h>

#include "fixture_state.h"
#include "sched_compat.h"
#include "sched_view.h"

/* The flags a powerpc topology level can ask for. */
#define TOPOLOGY_FLAGS	(SD_SHARE_CPUCAPACITY | PPC_SCHED_LLC_FLAG | SD_ASYM_PACKING)

/* At most this many failure lines per check, so a broken rule stays readable. */
#define MAX_REPORTS	3

/* The sched-domain flags of a level's PPC_FIXTURE_* flags. */
static inline int sd_flags_of(u8 flags)
{
	return (flags & PPC_FIXTURE_SHARES_CAPACITY ? SD_SHARE_CPUCAPACITY : 0) |
	       (flags & PPC_FIXTURE_SHARES_LLC ? PPC_SCHED_LLC_FLAG : 0) |
	       (flags & PPC_FIXTURE_PACKS ? SD_ASYM_PACKING : 0);
}

const char *role_name(u8 role);
const struct ppc_fixture_level *fixture_kept_level(const struct ppc_fixture *fx, int cpu,
						   int n);
void __init require_no_asym_smt(struct kunit *test);

/* The machine and processor mode a fixture_mode case runs on. */
static inline const struct ppc_fixture_mode *fixture_mode_param(struct kunit *test)
{
	return test->param_value;
}

/* A machine state for the priority cases: processors, big cores, threads. */
struct priority_state {
	bool shared;
	bool big_cores;
	int threads;
};

void priority_state_describe(const struct priority_state *p, char *desc);

/* The domains the scheduler builds for a fixture brought up as boot brings it up. */
const struct sched_view * __init boot_view(struct kunit *test, const struct ppc_fixture *fx);
const struct sched_view * __init boot_view_in(struct kunit *test,
					      const struct ppc_fixture *fx,
					      struct ppc_fake *fake);
const struct sched_view * __init fixture_sched_view(struct kunit *test);

/* The checks one file makes and another reuses. */
void __init expect_fixture_masks(struct kunit *test, const struct ppc_fixture *fx,
				 const struct cpumask *online);
void __init expect_fixture_maps(struct kunit *test, const struct ppc_fixture *fx,
				const struct cpumask *online);
void __init expect_cpu_pairs(struct kunit *test, const struct ppc_fixture *fx,
			     const struct sched_view *view, const struct cpumask *cpus);

/* The cases, in the order the suite lists them. */
void __init topology_levels_by_state(struct kunit *test);
void __init topology_asym_flags_by_state(struct kunit *test);
void __init topology_no_mc_on_shared_processor(struct kunit *test);
void __init topology_ro_after_init(struct kunit *test);
void __init topology_asym_priority_fixtures(struct kunit *test);
void __init topology_asym_priority_within_core(struct kunit *test);
void __init topology_asym_priority_by_state(struct kunit *test);
void __init topology_fixture_masks(struct kunit *test);
void __init topology_fixture_masks_reverse_order(struct kunit *test);
void __init topology_fixture_masks_half_smt(struct kunit *test);
void __init topology_fixture_masks_smt_off(struct kunit *test);
void __init topology_fixture_masks_without_l2_nodes(struct kunit *test);
void __init topology_fixture_masks_without_chip_ids(struct kunit *test);
void __init topology_fixture_masks_vphn_without_coregroup(struct kunit *test);
void __init topology_core_online_by_threads(struct kunit *test);
void __init topology_fixture_masks_with_cpus_to_add(struct kunit *test);
void __init topology_fixture_masks_core_hotplug(struct kunit *test);
void __init topology_fixture_masks_smt_runtime(struct kunit *test);
void __init topology_fixture_masks_uneven_smt(struct kunit *test);
void __init topology_fixture_domains(struct kunit *test);
void __init topology_fixture_domains_core_inactive(struct kunit *test);
void __init topology_fixture_cpu_pairs(struct kunit *test);
void __init topology_fixture_llc(struct kunit *test);
void __init topology_fixture_domain_pointers(struct kunit *test);
void __init topology_fixture_groups(struct kunit *test);
void __init topology_fixture_keeps_every_level(struct kunit *test);
void __init topology_fixture_repeated_level_dropped(struct kunit *test);
void __init topology_capacity_under_steal(struct kunit *test);
void __init topology_capacity_steal_not_accounted(struct kunit *test);

#endif /* _PPC_TOPOLOGY_KUNIT_H */
