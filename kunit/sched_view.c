// SPDX-License-Identifier: GPL-2.0
/*
 * Record the sched domains the scheduler builds for a fake machine; see
 * sched_view.h.  The callbacks run inside the scheduler's builder, under
 * RCU and with interrupts off: they only copy.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/rcupdate.h>
#include <linux/sched/domains_kunit.h>
#include <linux/sched/topology.h>
#include <linux/slab.h>

#include "sched_compat.h"
#include "sched_view.h"
#include "smp_probe.h"

static void view_built(void *ctx, int cpu, const struct sched_domain *sd)
{
	struct sched_view *view = ctx;
	int n = 0;

	if (cpu >= view->nr_cpus)
		return;
	for (; sd; sd = rcu_dereference(sd->parent))
		n++;
	view->cpu[cpu].nr_built = n;
}

/* Which of @cpu's kept domains @sd, lowest 0, is @which. */
static int kept_level_of(const struct sched_domain *sd, const struct sched_domain *which)
{
	int n;

	if (!which)
		return SCHED_VIEW_NONE;
	for (n = 0; sd; sd = rcu_dereference(sd->parent), n++)
		if (sd == which)
			return n;
	return SCHED_VIEW_NOT_KEPT;
}

static void view_kept(void *ctx, int cpu, const struct sched_domain *sd,
		      const struct sched_domains_kunit_cache *cache)
{
	struct sched_view *view = ctx;
	struct sched_view_cpu *c;
	const struct sched_domain *base = sd;
	int n = 0;

	if (cpu >= view->nr_cpus)
		return;
	c = &view->cpu[cpu];
	for (; sd; sd = rcu_dereference(sd->parent), n++) {
		if (n == SCHED_VIEW_MAX_LEVELS) {
			view->too_deep = true;
			break;
		}
		c->level[n].name = ppc_sched_name(sd);
		c->level[n].flags = sd->flags;
		cpumask_copy(c->level[n].span, sched_domain_span((struct sched_domain *)sd));
		c->level[n].span_weight = sd->span_weight;
	}
#ifdef CONFIG_SCHED_CACHE
	if (base) {
		c->llc_counts = base->llc_counts;
		c->llc_max = base->llc_max;
	}
#endif
	c->nr_kept = n;
	c->active = cpu_active(cpu);
	if (cache->llc)
		cpumask_copy(c->llc, sched_domain_span((struct sched_domain *)cache->llc));
	c->llc_size = cache->llc_size;
#if PPC_SCHED_VIEW_PUBLISHED
	c->llc_id = cache->llc_id;
#endif
	c->share_id = cache->share_id;
	c->llc_shared = (unsigned long)cache->llc_shared;
	c->llc_shared_is_llcs = cache->llc && cache->llc_shared == cache->llc->shared;
#if PPC_SCHED_HAS_BALANCE_SHARED
	c->balance_is_llc_shared = cache->balance_shared == cache->llc_shared;
#else
	c->balance_is_llc_shared = true;	/* no sd_balance_shared before 7.3 */
#endif
	c->numa_level = kept_level_of(base, cache->numa);
	c->asym_packing_level = kept_level_of(base, cache->asym_packing);
	c->asym_cpucapacity_level = kept_level_of(base, cache->asym_cpucapacity);
}

static void view_group(void *ctx, int cpu, int level,
		       const struct sched_domains_kunit_group *group)
{
	struct sched_view *view = ctx;
	struct sched_view_level *lvl;
	struct sched_view_group *g;

	if (cpu >= view->nr_cpus || level >= SCHED_VIEW_MAX_LEVELS)
		return;
	lvl = &view->cpu[cpu].level[level];
	if (!lvl->nr_groups)
		cpumask_clear(view->groups_seen);
	if (lvl->nr_groups++ >= SCHED_VIEW_MAX_GROUPS)
		return;
	g = &lvl->group[lvl->nr_groups - 1];
	g->first = cpumask_first(group->span);
	g->weight = cpumask_weight(group->span);
	g->group_weight = group->weight;
#if PPC_SCHED_GROUP_HAS_CORES
	g->cores = group->cores;
#endif
	g->flags = group->flags;
	g->capacity = group->capacity;
	g->capacity_id = (unsigned long)group->capacity_id;
	g->asym_prefer_cpu = group->asym_prefer_cpu;
	g->outside = !cpumask_subset(group->span, lvl->span);
	g->overlaps = cpumask_intersects(group->span, view->groups_seen);
	g->balance_is_span = cpumask_equal(group->balance_mask, group->span);
	g->holds_cpu = cpumask_test_cpu(cpu, group->span);
	cpumask_or(view->groups_seen, view->groups_seen, group->span);
}

#if PPC_SCHED_VIEW_PUBLISHED
/*
 * @rel[cpu] for each CPU of @cpu_map: the first CPU of the map that
 * @related() says it is related to.  The answer compares one value of
 * each CPU, so each CPU is asked about the first CPU of each class found
 * so far only (the latest first: classes are mostly runs of CPUs), not
 * about every other CPU: n times the classes questions, not n squared.
 */
static void view_classes(struct sched_view *view, const struct cpumask *cpu_map,
			 bool (*related)(int a, int b), int *rel)
{
	int cpu, first, *firsts = view->class_firsts, nr = 0, i;

	for (cpu = 0; cpu < view->nr_cpus; cpu++)
		rel[cpu] = -1;
	for_each_cpu(cpu, cpu_map) {
		if (cpu >= view->nr_cpus)
			break;
		first = cpu;
		for (i = nr - 1; i >= 0; i--)
			if (related(cpu, firsts[i])) {
				first = firsts[i];
				break;
			}
		if (first == cpu)
			firsts[nr++] = cpu;
		rel[cpu] = first;
	}
}

/* What the scheduler says of the map's CPUs, with all their ids in place. */
static void view_published(void *ctx, const struct cpumask *cpu_map, bool multi_llcs)
{
	struct sched_view *view = ctx;

	view->multi_llcs = multi_llcs;
	if (!view->record_pairs)
		return;
	view_classes(view, cpu_map, cpus_share_cache, view->share_cache);
	view_classes(view, cpu_map, cpus_share_resources, view->share_resources);
	view_classes(view, cpu_map, cpus_equal_capacity, view->equal_capacity);
	view->published = true;
}
#endif

/* Build over @cpus with the table @tl (NULL: the installed one) and record. */
static int view_build(struct sched_view *view, const struct cpumask *cpus,
		      struct sched_domain_topology_level *tl)
{
	struct sched_domains_kunit_view ops = {
		.built = view_built,
		.kept = view_kept,
		/* Walking every group of every CPU is most of a large build. */
		.group = view->record_groups ? view_group : NULL,
#if PPC_SCHED_VIEW_PUBLISHED
		.published = view_published,
#endif
		.ctx = view,
		.inactive = view->inactive,
	};

	return sched_domains_kunit_build(cpus, tl, &ops);
}

/* Build over the view's CPUs, those of its map if it has one, with @tl. */
static int view_build_cpus(struct sched_view *view, struct sched_domain_topology_level *tl)
{
	cpumask_var_t cpus;
	int cpu, ret;

	if (!zalloc_cpumask_var(&cpus, GFP_KERNEL))
		return -ENOMEM;
	for (cpu = 0; cpu < view->nr_cpus; cpu++)
		if (!view->map || cpumask_test_cpu(cpu, view->map))
			cpumask_set_cpu(cpu, cpus);
	ret = view_build(view, cpus, tl);
	free_cpumask_var(cpus);
	return ret;
}

/* Runs with the table the kernel built for the fake machine in place. */
static void view_with_table(void *ctx, const struct ppc_probe_topology *topo)
{
	struct sched_view *view = ctx;

	view->ret = view_build_cpus(view, ppc_probe_topology_table());
}

struct repeated_level {
	struct sched_view *view;
	int level;
	sched_domain_flags_f sd_flags;
};

/*
 * The copy's flags: the repeated level's own and the test's (a level's
 * flags come from a callback without arguments).  Keeping its own keeps
 * the LLC levels contiguous: update_top_cache_domain() warns on a kept
 * LLC level whose shared state went to a lower one, which is what a
 * non-LLC level between two LLC levels leaves once it degenerates.
 */
static sched_domain_flags_f repeated_own, repeated_extra;

static int repeated_copy_flags(void)
{
	return (repeated_own ? repeated_own() : 0) | repeated_extra();
}

/* The table the kernel built, its level @level repeated above itself. */
static void view_with_repeated_level(void *ctx, const struct ppc_probe_topology *topo)
{
	struct repeated_level *r = ctx;
	struct sched_domain_topology_level *tl = ppc_probe_topology_table(), *copy;
	int n;

	for (n = 0; tl[n].mask; n++)
		;
	if (r->level >= n) {
		r->view->ret = -EINVAL;
		return;
	}
	copy = kcalloc(n + 2, sizeof(*copy), GFP_KERNEL);
	if (!copy) {
		r->view->ret = -ENOMEM;
		return;
	}
	memcpy(copy, tl, (r->level + 1) * sizeof(*copy));
	copy[r->level + 1] = tl[r->level];
	repeated_own = tl[r->level].sd_flags;
	repeated_extra = r->sd_flags;
	copy[r->level + 1].sd_flags = repeated_copy_flags;
	memcpy(copy + r->level + 2, tl + r->level + 1, (n - r->level - 1) * sizeof(*copy));
	r->view->ret = view_build_cpus(r->view, copy);
	kfree(copy);
}

/* A view of CPUs 0 to @nr_cpus - 1, nothing recorded yet; @what: SCHED_VIEW_*. */
static struct sched_view *view_alloc(struct kunit *test, struct kunit *owner, int nr_cpus,
				     const struct cpumask *map, unsigned int what)
{
	struct sched_view *view;
	char *masks;
	int cpu, i, per_cpu = SCHED_VIEW_MAX_LEVELS + 1;

	/* The memory is @owner's, @test's unless the view must outlive it. */
	owner = owner ?: test;
	view = kunit_kzalloc(owner, sizeof(*view), GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, view);
	view->nr_cpus = nr_cpus;
	view->map = map;
	view->record_groups = what & SCHED_VIEW_GROUPS;
	view->record_pairs = what & SCHED_VIEW_PAIRS;
	view->groups_seen = kunit_kzalloc(owner, cpumask_size(), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, view->groups_seen);
	view->cpu = kunit_kcalloc(owner, nr_cpus, sizeof(*view->cpu), GFP_KERNEL);
	masks = kunit_kzalloc(owner, (size_t)nr_cpus * per_cpu * cpumask_size(), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, view->cpu);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, masks);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		struct sched_view_cpu *c = &view->cpu[cpu];
		char *mine = masks + (size_t)cpu * per_cpu * cpumask_size();

		if (view->record_groups) {
			c->level[0].group = kunit_kcalloc(owner,
							  SCHED_VIEW_MAX_LEVELS *
							  SCHED_VIEW_MAX_GROUPS,
							  sizeof(*c->level[0].group), GFP_KERNEL);
			KUNIT_ASSERT_NOT_ERR_OR_NULL(test, c->level[0].group);
		}
		for (i = 0; i < SCHED_VIEW_MAX_LEVELS; i++) {
			c->level[i].span = (struct cpumask *)(mine + i * cpumask_size());
			if (view->record_groups)
				c->level[i].group = c->level[0].group + i * SCHED_VIEW_MAX_GROUPS;
		}
		c->llc = (struct cpumask *)(mine + SCHED_VIEW_MAX_LEVELS * cpumask_size());
	}
	if (view->record_pairs) {
		int **rels[] = {
			&view->share_cache, &view->share_resources, &view->equal_capacity,
			&view->class_firsts,
		};

		for (i = 0; i < ARRAY_SIZE(rels); i++) {
			*rels[i] = kunit_kcalloc(owner, nr_cpus, sizeof(int), GFP_KERNEL);
			KUNIT_ASSERT_NOT_ERR_OR_NULL(test, *rels[i]);
		}
	}
	view->ret = -EINVAL;
	return view;
}

static void view_check(struct kunit *test, const struct sched_view *view)
{
	KUNIT_ASSERT_EQ_MSG(test, view->ret, 0,
			    "the scheduler could not build domains for CPUs 0-%d",
			    view->nr_cpus - 1);
	KUNIT_ASSERT_FALSE_MSG(test, view->too_deep, "more than %d sched-domain levels",
			       SCHED_VIEW_MAX_LEVELS);
}

/*
 * Build and record the domains of CPUs 0 to @nr_cpus - 1, those of @map
 * among them only if it is not NULL (as after CPU hotplug), and what
 * @what (SCHED_VIEW_*) asks besides.  The view's memory is @owner's if
 * it is not NULL: a struct kunit of the suite's, for a view that later
 * cases read.
 */
struct sched_view * __init sched_view_build_what(struct kunit *test, struct kunit *owner,
						 struct ppc_fake *fake, int nr_cpus,
						 const struct cpumask *map, unsigned int what)
{
	struct sched_view *view = view_alloc(test, owner, nr_cpus, map, what);

	ppc_fake_with_topology(fake, view_with_table, view);
	view_check(test, view);
	return view;
}

/* Build and record the domains of CPUs 0 to @nr_cpus - 1. */
struct sched_view * __init sched_view_build(struct kunit *test, struct ppc_fake *fake,
					    int nr_cpus)
{
	return sched_view_build_what(test, NULL, fake, nr_cpus, NULL, 0);
}

/* The same, over the CPUs of @map among them only, as after CPU hotplug. */
struct sched_view * __init sched_view_build_map(struct kunit *test, struct ppc_fake *fake,
						int nr_cpus, const struct cpumask *map)
{
	return sched_view_build_what(test, NULL, fake, nr_cpus, map, 0);
}

/*
 * The same, with level @level of the table the kernel built for the
 * machine repeated right above itself, the copy with the level's own
 * flags and @sd_flags': a level that spans just what the level below
 * spans.
 */
struct sched_view * __init sched_view_build_repeated(struct kunit *test, struct ppc_fake *fake,
						     int nr_cpus, int level,
						     sched_domain_flags_f sd_flags)
{
	struct repeated_level r = {
		.view = view_alloc(test, NULL, nr_cpus, NULL, 0),
		.level = level,
		.sd_flags = sd_flags,
	};

	ppc_fake_with_topology(fake, view_with_repeated_level, &r);
	view_check(test, r.view);
	return r.view;
}

/*
 * The same, with the CPUs of @inactive left inactive while the scheduler
 * builds over them, as it keeps a CPU in its domains while the CPU takes
 * no tasks; what the scheduler says of CPU pairs and the groups are
 * recorded too.
 */
struct sched_view * __init sched_view_build_inactive(struct kunit *test, struct ppc_fake *fake,
						     int nr_cpus, const struct cpumask *inactive)
{
	struct sched_view *view = view_alloc(test, NULL, nr_cpus, NULL,
					     SCHED_VIEW_GROUPS | SCHED_VIEW_PAIRS);

	view->inactive = inactive;
	ppc_fake_with_topology(fake, view_with_table, view);
	view_check(test, view);
	return view;
}

/*
 * The real machine's domains: the table the kernel installed at boot,
 * NUMA levels included, over the active CPUs, as a rebuild after CPU
 * hotplug builds them.
 */
struct sched_view *sched_view_build_installed(struct kunit *test)
{
	struct sched_view *view = view_alloc(test, NULL, nr_cpu_ids, cpu_active_mask,
					     SCHED_VIEW_GROUPS);

	view->ret = view_build(view, cpu_active_mask, NULL);
	view_check(test, view);
	return view;
}

struct priorities {
	int nr_cpus;
	int *priority;
};

static void save_priorities(void *data, const struct ppc_probe_topology *topo)
{
	struct priorities *p = data;
	int cpu;

	for (cpu = 0; cpu < p->nr_cpus; cpu++)
		p->priority[cpu] = arch_asym_cpu_priority(cpu);
}

/*
 * arch_asym_cpu_priority() of CPUs 0 to @nr_cpus - 1, read with the table
 * built for the fake machine in place: the static keys the builder sets
 * decide it.
 */
int * __init sched_view_priorities(struct kunit *test, struct ppc_fake *fake, int nr_cpus)
{
	struct priorities p = { .nr_cpus = nr_cpus };

	p.priority = kunit_kcalloc(test, nr_cpus, sizeof(int), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p.priority);
	ppc_fake_with_topology(fake, save_priorities, &p);
	return p.priority;
}
