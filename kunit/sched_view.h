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
#include <linux/sched/topology.h>

#include "fake_state.h"

#define SCHED_VIEW_MAX_LEVELS	8

#define SCHED_VIEW_MAX_GROUPS	64

/* A scheduler group of a kept domain, as the load balancer sees it. */
struct sched_view_group {
	int first;			/* its first CPU */
	int weight;			/* its CPUs */
	unsigned int group_weight;	/* the count the scheduler keeps */
	unsigned int cores;		/* its SMT cores, as the scheduler counts */
	int flags;			/* the flags of the domain it is */
	unsigned long capacity;		/* sgc->capacity */
	unsigned long capacity_id;	/* which sched_group_capacity it shares */
	int asym_prefer_cpu;		/* -1 without SD_ASYM_PACKING */
	bool outside;			/* has a CPU outside the domain's span */
	bool overlaps;			/* shares a CPU with an earlier group */
	bool holds_cpu;			/* holds the CPU whose domain it is in */
	bool balance_is_span;		/* group_balance_mask() is the whole group */
};

/* Where a per-CPU domain pointer points: a kept level, none, or elsewhere. */
#define SCHED_VIEW_NONE		-1
#define SCHED_VIEW_NOT_KEPT	-2

struct sched_view_level {
	const char *name;
	int flags;
	struct cpumask *span;
	unsigned int span_weight;	/* sd->span_weight, which the balancer reads */
	int nr_groups;			/* may exceed SCHED_VIEW_MAX_GROUPS */
	struct sched_view_group *group;	/* NULL unless the view records groups */
};

struct sched_view_cpu {
	int nr_built;			/* levels built, before degeneration */
	int nr_kept;			/* levels cpu_attach_domain() keeps */
	struct sched_view_level level[SCHED_VIEW_MAX_LEVELS];
	struct cpumask *llc;		/* the LLC domain's span, empty if none */
	int llc_size;			/* sd_llc_size */
	int llc_id;			/* sd_llc_id, where the seam shows it */
	int share_id;			/* sd_share_id, sd_llc_id on 6.1 */
	unsigned long llc_shared;	/* which sd_llc_shared, 0 for none */
	bool llc_shared_is_llcs;	/* sd_llc_shared is the LLC domain's */
	bool balance_is_llc_shared;	/* sd_balance_shared is sd_llc_shared */
	int numa_level;			/* sd_numa: a kept level or SCHED_VIEW_* */
	int asym_packing_level;		/* sd_asym_packing, the same */
	int asym_cpucapacity_level;	/* sd_asym_cpucapacity, the same */
	bool active;			/* cpu_active() while its domains were built */
	/*
	 * Cache-aware scheduling (CONFIG_SCHED_CACHE): the lowest kept
	 * domain's per-LLC task counts, indexed by LLC id below llc_max.
	 */
	bool llc_counts;
	unsigned int llc_max;
};

struct sched_view {
	int nr_cpus;
	struct cpumask *groups_seen;	/* the current level's groups so far */
	const struct cpumask *map;	/* the CPUs built for, or NULL for all */
	const struct cpumask *inactive;	/* those of them left inactive, or NULL */
	int ret;			/* build_sched_domains()'s result */
	bool too_deep;			/* a CPU had more levels than recorded */
	bool record_groups;		/* the levels' groups are recorded */
	bool record_pairs;		/* and what the scheduler says of CPU pairs */
	struct sched_view_cpu *cpu;
	/*
	 * What the scheduler answers about CPUs of the map once every CPU's
	 * ids are published; published says whether the seam of this base
	 * shows them.  Each answer compares one per-CPU value (sd_llc_id,
	 * sd_share_id, the CPU's capacity), so it relates CPUs in classes:
	 * each CPU of the map records the first CPU of the map the scheduler
	 * says it is related to, each CPU outside it -1.
	 */
	bool published;
	bool multi_llcs;		/* an LLC within a wider domain */
	int *share_cache;		/* cpus_share_cache() */
	int *share_resources;		/* cpus_share_resources() */
	int *equal_capacity;		/* cpus_equal_capacity() */
	int *class_firsts;		/* the first CPU of each class, while recording */
};

/* Whether the scheduler relates CPUs @a and @b of the map by @rel. */
static inline bool sched_view_pair(const struct sched_view *view, const int *rel, int a, int b)
{
	return rel[a] >= 0 && rel[a] == rel[b];
}

struct sched_view * __init sched_view_build(struct kunit *test, struct ppc_fake *fake,
					    int nr_cpus);
/* What a view records besides the domains: their groups, CPU pairs. */
#define SCHED_VIEW_GROUPS	BIT(0)
#define SCHED_VIEW_PAIRS	BIT(1)

struct sched_view * __init sched_view_build_what(struct kunit *test, struct kunit *owner,
						 struct ppc_fake *fake, int nr_cpus,
						 const struct cpumask *map, unsigned int what);
struct sched_view * __init sched_view_build_map(struct kunit *test, struct ppc_fake *fake,
						int nr_cpus, const struct cpumask *map);
struct sched_view * __init sched_view_build_repeated(struct kunit *test, struct ppc_fake *fake,
						     int nr_cpus, int level,
						     sched_domain_flags_f sd_flags);
struct sched_view * __init sched_view_build_inactive(struct kunit *test, struct ppc_fake *fake,
						     int nr_cpus, const struct cpumask *inactive);
struct sched_view *sched_view_build_installed(struct kunit *test);
int * __init sched_view_priorities(struct kunit *test, struct ppc_fake *fake, int nr_cpus);

#endif /* _PPC_TOPOLOGY_KUNIT_SCHED_VIEW_H */
