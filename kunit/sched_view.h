/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sched domains the scheduler builds for the CPUs of a fake machine:
 * build_sched_domains() with the installed powerpc table and the masks
 * the kernel computed, the degeneration cpu_attach_domain() does, and
 * the LLC update_top_cache_domain() derives, recorded CPU by CPU without
 * attaching anything to a runqueue (sched_domains_kunit_build()).
 */
#ifndef _PPC_TOPOLOGY_KUNIT_SCHED_VIEW_H
#define _PPC_TOPOLOGY_KUNIT_SCHED_VIEW_H

#include <kunit/test.h>
#include <linux/cpumask.h>

#include "fake_state.h"

#define SCHED_VIEW_MAX_LEVELS	8

struct sched_view_level {
	const char *name;
	int flags;
	struct cpumask *span;
};

struct sched_view_cpu {
	int nr_built;			/* levels built, before degeneration */
	int nr_kept;			/* levels cpu_attach_domain() keeps */
	struct sched_view_level level[SCHED_VIEW_MAX_LEVELS];
	struct cpumask *llc;		/* the LLC domain's span, empty if none */
	int llc_size;			/* sd_llc_size */
};

struct sched_view {
	int nr_cpus;
	const struct cpumask *map;	/* the CPUs built for, or NULL for all */
	int ret;			/* build_sched_domains()'s result */
	bool too_deep;			/* a CPU had more levels than recorded */
	struct sched_view_cpu *cpu;
};

struct sched_view * __init sched_view_build(struct kunit *test, struct ppc_fake *fake,
					    int nr_cpus);
struct sched_view * __init sched_view_build_map(struct kunit *test, struct ppc_fake *fake,
						int nr_cpus, const struct cpumask *map);
int * __init sched_view_priorities(struct kunit *test, struct ppc_fake *fake, int nr_cpus);

#endif /* _PPC_TOPOLOGY_KUNIT_SCHED_VIEW_H */
