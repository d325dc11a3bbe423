/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the suites read of the scheduler-topology API that changed in
 * recent releases, said once.  The values are those of this kernel; each
 * names the change that made it so:
 *
 *  - level and domain names exist without CONFIG_SCHED_DEBUG since
 *    "sched/debug: Make CONFIG_SCHED_DEBUG functionality unconditional"
 *    (6.15);
 *  - sched_group::cores, the SMT cores of a group, since "sched/topology:
 *    Record number of cores in sched group" (6.6);
 *  - a domain whose parent degenerated hands its flags to the group
 *    above that stands for it since "sched/topology: Propagate SMT flags
 *    when removing degenerate domain" and "sched/topology: Align group
 *    flags when removing degenerate domain" (6.6);
 *  - highest_flag_domain() looks past a domain without an
 *    SDF_SHARED_CHILD flag since "sched/topology: Check SDF_SHARED_CHILD
 *    in highest_flag_domain()" (6.5);
 *  - the LLC flag is SD_SHARE_LLC and the top level PKG since
 *    "sched/topology: Rename SD_SHARE_PKG_RESOURCES to SD_SHARE_LLC"
 *    (6.8);
 *  - a level's mask callback takes the level, tl->mask(tl, cpu), since
 *    "sched/fair: Get rid of sched_domains_curr_level hack for
 *    tl->cpumask()" (6.18);
 *  - powerpc publishes die_id and die_cpus for its coregroups (6.19);
 *  - update_top_cache_domain() publishes sd_balance_shared, and the
 *    scheduler's seam shows sd_llc_id and every CPU's ids at once (7.3).
 */
#ifndef _PPC_TOPOLOGY_KUNIT_SCHED_COMPAT_H
#define _PPC_TOPOLOGY_KUNIT_SCHED_COMPAT_H

#include <linux/sched/topology.h>

#define PPC_SCHED_HAS_NAMES			1
#define PPC_SCHED_GROUP_HAS_CORES		1
#define PPC_SCHED_GROUP_FLAGS_OF_KEPT_CHILD	1
#define PPC_SCHED_PACKING_FROM_LOWEST		0
#define PPC_SCHED_LLC_FLAG			SD_SHARE_LLC
#define PPC_SCHED_TOP_LEVEL			"PKG"
#define PPC_SCHED_MASK_TAKES_LEVEL		1
#define PPC_TOPOLOGY_HAS_DIES			1
#define PPC_SCHED_HAS_BALANCE_SHARED		1
#define PPC_SCHED_VIEW_PUBLISHED		1

typedef const struct cpumask *(*ppc_sched_mask_fn)(struct sched_domain_topology_level *tl,
						   int cpu);

/* @tl's span of @cpu, as build_sched_domain() asks for it. */
static inline const struct cpumask *
ppc_sched_level_mask(struct sched_domain_topology_level *tl, int cpu)
{
	return tl->mask(tl, cpu);
}

#define ppc_sched_name(obj)	((const char *)(obj)->name)

#endif /* _PPC_TOPOLOGY_KUNIT_SCHED_COMPAT_H */
