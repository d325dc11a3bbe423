/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kunit/sched_compat.h for Linux 6.12: tools/lib/install-kunit puts it in
 * place of the posted one in a 6.12 tree, and make export of 6.12 posts
 * it.  What differs from the posted values, and why, is said there.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_SCHED_COMPAT_H
#define _PPC_TOPOLOGY_KUNIT_SCHED_COMPAT_H

#include <linux/sched/topology.h>

/* Names only with CONFIG_SCHED_DEBUG, which tools/kconfig/6.12.kunitconfig sets. */
#ifdef CONFIG_SCHED_DEBUG
#define PPC_SCHED_HAS_NAMES			1
#else
#define PPC_SCHED_HAS_NAMES			0
#endif
#define PPC_SCHED_GROUP_HAS_CORES		1
#define PPC_SCHED_GROUP_FLAGS_OF_KEPT_CHILD	1
#define PPC_SCHED_PACKING_FROM_LOWEST		0
#define PPC_SCHED_LLC_FLAG			SD_SHARE_LLC
#define PPC_SCHED_TOP_LEVEL			"PKG"
#define PPC_SCHED_MASK_TAKES_LEVEL		0
#define PPC_TOPOLOGY_HAS_DIES			0
#define PPC_SCHED_HAS_BALANCE_SHARED		0
#define PPC_SCHED_VIEW_PUBLISHED		0

typedef const struct cpumask *(*ppc_sched_mask_fn)(int cpu);

static inline const struct cpumask *
ppc_sched_level_mask(struct sched_domain_topology_level *tl, int cpu)
{
	return tl->mask(cpu);
}

#if PPC_SCHED_HAS_NAMES
#define ppc_sched_name(obj)	((const char *)(obj)->name)
#else
#define ppc_sched_name(obj)	((void)(obj), (const char *)"?")
#endif

#endif /* _PPC_TOPOLOGY_KUNIT_SCHED_COMPAT_H */
