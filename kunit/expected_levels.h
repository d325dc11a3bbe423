/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The topology table the shared-processor series describes for a machine
 * state, written from the patch descriptions (see topology_test.c): the
 * oracle both the fake-state and the live topology suites compare the
 * kernel's table with.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_EXPECTED_LEVELS_H
#define _PPC_TOPOLOGY_KUNIT_EXPECTED_LEVELS_H

#include <linux/sched/topology.h>
#include <linux/version.h>

#include "fake_state.h"
#include "smp_probe.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
#define LLC_FLAG	SD_SHARE_LLC
#define TOP_LEVEL	"PKG"
#else
#define LLC_FLAG	SD_SHARE_PKG_RESOURCES
#define TOP_LEVEL	"DIE"
#endif

struct expected_level {
	const char *name;
	enum ppc_probe_mask mask;
	int flags;
};

/* The table the series describes for a machine state. */
static inline int expected_levels(const struct ppc_fake_flags *s, struct expected_level *lvl)
{
	int asym = s->shared_processor && s->has_big_cores ? SD_ASYM_PACKING : 0;
	int n = 0;

	/* Big cores are scheduled as their small cores. */
	lvl[n++] = (struct expected_level){ "SMT", s->has_big_cores ?
		PPC_PROBE_MASK_SMALLCORE : PPC_PROBE_MASK_SMT,
		SD_SHARE_CPUCAPACITY | LLC_FLAG };
	if (s->shared_caches)
		lvl[n++] = (struct expected_level){ "CACHE", PPC_PROBE_MASK_CACHE,
						    LLC_FLAG | asym };
	if (s->coregroup_enabled && !s->shared_processor)
		lvl[n++] = (struct expected_level){ "MC", PPC_PROBE_MASK_MC, asym };
	lvl[n++] = (struct expected_level){ TOP_LEVEL, PPC_PROBE_MASK_CPU, asym };
	return n;
}

#endif /* _PPC_TOPOLOGY_KUNIT_EXPECTED_LEVELS_H */
