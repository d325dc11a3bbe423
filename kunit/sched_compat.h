/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scheduler-topology API the suites read, on every base they run on
 * (6.1, 6.12, 7.3).  Upstream changed it three times after 6.12:
 *
 *  - "sched/debug: Make CONFIG_SCHED_DEBUG functionality unconditional"
 *    (b52173065e0a, 6.15) removed CONFIG_SCHED_DEBUG: the names of the
 *    topology levels and domains, and sd_flag_debug[], always exist since.
 *    Before it they exist only with the option (tools/kconfig/6.1 and
 *    6.12.kunitconfig turn it on).
 *  - "smpboot: introduce SDTL_INIT() helper to tidy sched topology setup"
 *    (6.17): smp.c fills its table with SDTL_INIT(mask, flags, NAME), and
 *    "sched/topology: Remove sched_domain_topology_level::flags" dropped
 *    the level's flags field.  Neither changes what the suites read: the
 *    mask and sd_flags callbacks and the name.
 *  - "sched/fair: Get rid of sched_domains_curr_level hack for
 *    tl->cpumask()" (6.18): a level's mask callback takes the level,
 *    tl->mask(tl, cpu), and powerpc's levels use tl_smt_mask,
 *    tl_smallcore_smt_mask, tl_cache_mask, tl_mc_mask and tl_pkg_mask in
 *    place of cpu_smt_mask, smallcore_smt_mask, shared_cache_mask,
 *    cpu_mc_mask and cpu_cpu_mask.
 *
 * And the scheduler groups and per-CPU pointers the seam shows differ:
 *
 *  - "sched/topology: Record number of cores in sched group" (6.6) added
 *    sched_group::cores, the SMT cores of a group; 6.1 has none.
 *  - Of the three bases only 7.3 publishes sd_balance_shared
 *    (update_top_cache_domain(): the LLC's shared object, or that of
 *    the asymmetric-capacity domain where there is one).
 *  - 6.1 has no sd_share_id: update_top_cache_domain() sets sd_llc_id,
 *    the LLC's first CPU, which the seam shows in its place.
 *  - "sched/topology: Check SDF_SHARED_CHILD in highest_flag_domain()"
 *    (6.5): before it, highest_flag_domain() stopped at the first domain
 *    without the flag, as SD_ASYM_PACKING was a flag of every level
 *    below one that has it.  So on 6.1 sd_asym_packing is the top of the
 *    packing levels counted from the lowest, and none where the lowest
 *    does not pack: on a shared processor, whose SMT level does not,
 *    nohz balancing never kicks a CPU to pack.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_SCHED_COMPAT_H
#define _PPC_TOPOLOGY_KUNIT_SCHED_COMPAT_H

#include <linux/sched/topology.h>
#include <linux/version.h>

/* Level names: always from 6.15, before it with CONFIG_SCHED_DEBUG. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
#define PPC_SCHED_HAS_NAMES	1
#elif defined(CONFIG_SCHED_DEBUG)
#define PPC_SCHED_HAS_NAMES	1
#else
#define PPC_SCHED_HAS_NAMES	0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
#define PPC_SCHED_GROUP_HAS_CORES	1
#else
#define PPC_SCHED_GROUP_HAS_CORES	0
#endif

/*
 * Since 6.6 a domain whose parent degenerated hands its flags to the
 * group above that stands for it ("sched/topology: Propagate SMT flags
 * when removing degenerate domain", bf2dc42d6beb, and "sched/topology:
 * Align group flags when removing degenerate domain", 4efcc8bc7e08).
 * 6.1.y has neither: the group keeps the removed level's flags.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
#define PPC_SCHED_GROUP_FLAGS_OF_KEPT_CHILD	1
#else
#define PPC_SCHED_GROUP_FLAGS_OF_KEPT_CHILD	0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
#define PPC_SCHED_PACKING_FROM_LOWEST	0
#else
#define PPC_SCHED_PACKING_FROM_LOWEST	1
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* The seam shows sd_llc_id and every CPU's ids at once (published()). */
#define PPC_SCHED_VIEW_PUBLISHED	1
#define PPC_SCHED_HAS_BALANCE_SHARED	1
#else
#define PPC_SCHED_VIEW_PUBLISHED	0
#define PPC_SCHED_HAS_BALANCE_SHARED	0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define PPC_SCHED_MASK_TAKES_LEVEL	1
typedef const struct cpumask *(*ppc_sched_mask_fn)(struct sched_domain_topology_level *tl,
						   int cpu);
#else
#define PPC_SCHED_MASK_TAKES_LEVEL	0
typedef const struct cpumask *(*ppc_sched_mask_fn)(int cpu);
#endif

/* @tl's span of @cpu, as build_sched_domain() asks for it. */
static inline const struct cpumask *
ppc_sched_level_mask(struct sched_domain_topology_level *tl, int cpu)
{
#if PPC_SCHED_MASK_TAKES_LEVEL
	return tl->mask(tl, cpu);
#else
	return tl->mask(cpu);
#endif
}

/* A level's name, "?" where the kernel keeps none. */
#if PPC_SCHED_HAS_NAMES
#define ppc_sched_name(obj)	((const char *)(obj)->name)
#else
#define ppc_sched_name(obj)	((void)(obj), (const char *)"?")
#endif

#endif /* _PPC_TOPOLOGY_KUNIT_SCHED_COMPAT_H */
