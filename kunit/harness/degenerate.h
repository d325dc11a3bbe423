/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scheduler's rules for throwing a sched-domain level away, from
 * sd_degenerate() and sd_parent_degenerate() in kernel/sched/topology.c,
 * restated over the spans of one CPU's levels.  Only the live
 * cross-check uses it (topology_boot_test.c): its predictions are
 * compared there with the domains the real scheduler built.  The fixture
 * suites run the scheduler's own code instead.
 *
 * Every level gets SD_WAKE_AFFINE from sd_init(), so sd_degenerate()
 * only removes a level whose span is the CPU alone.  A parent whose span
 * equals its child's has a single group, which clears every flag that
 * needs groups; what is left is in the child too, so
 * sd_parent_degenerate() removes it.  Flags therefore never save a level:
 * spans decide.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_DEGENERATE_H
#define _PPC_TOPOLOGY_KUNIT_DEGENERATE_H

#include <linux/cpumask.h>

/*
 * The levels cpu_attach_domain() keeps of the @nr levels built for one
 * CPU, flagged in keep[]: a parent whose span equals the child it keeps
 * goes (sd_parent_degenerate()), then the lowest level goes if its span
 * is the CPU alone (sd_degenerate()).  Spans only grow upwards, so a
 * single-CPU level can only be the lowest one left.  Returns how many
 * levels are kept.
 */
static inline int surviving_levels(const struct cpumask * const *spans, int nr, bool *keep)
{
	int i, last = -1, kept = 0;

	for (i = 0; i < nr; i++) {
		keep[i] = last < 0 || !cpumask_equal(spans[i], spans[last]);
		if (keep[i])
			last = i;
	}
	for (i = 0; i < nr; i++) {
		if (!keep[i])
			continue;
		if (cpumask_weight(spans[i]) == 1)
			keep[i] = false;
		break;
	}
	for (i = 0; i < nr; i++)
		kept += keep[i];
	return kept;
}

#endif /* _PPC_TOPOLOGY_KUNIT_DEGENERATE_H */
