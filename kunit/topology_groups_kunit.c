// SPDX-License-Identifier: GPL-2.0
/*
 * powerpc_topology: the groups the load balancer works with.  The groups
 * of every domain a CPU keeps partition its span into the sets of the
 * level below, carry the child's flags and the capacity of their CPUs,
 * prefer their first CPU where the level packs, and are one object for
 * all the CPUs of the level ("sched/topology: Introduce
 * sched_group::flags", the comment above get_group()).
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/sched/topology.h>

#include "topology_kunit.h"

/* The SMT cores (small cores where there are big cores) among @cpus. */
static unsigned int __init fixture_cores_in(const struct ppc_fixture *fx,
					    const struct cpumask *cpus)
{
	unsigned int cpu, cores = 0;

	for_each_cpu(cpu, cpus)
		cores += fx->cpus[cpu].group_first == cpu ||
			 !cpumask_test_cpu(fx->cpus[cpu].group_first, cpus);
	return cores;
}

/*
 * One group of @cpu's level @n against the machine; false if reported.
 * @want is the caller's scratch mask.
 */
static bool __init expect_group(struct kunit *test, const struct ppc_fixture *fx, int cpu,
				int n, const struct sched_view_level *lvl,
				const struct sched_view_group *g, struct cpumask *want)
{
	const struct ppc_fixture_level *below = n ? fixture_kept_level(fx, cpu, n - 1) : NULL;
	unsigned long full = SCHED_CAPACITY_SCALE * g->weight;
	bool asym = lvl->flags & SD_ASYM_PACKING;
	int want_flags = below ? sd_flags_of(below->flags) : 0;

	cpumask_clear(want);
	if (below)
		fixture_set_of(fx, below->set, g->first, want);
	else
		cpumask_set_cpu(g->first, want);
	if (g->outside || g->overlaps || cpumask_first(want) != g->first ||
	    cpumask_weight(want) != g->weight) {
		KUNIT_FAIL(test,
			   "%s: CPU %d %s: the group of CPU %d has %d CPUs%s%s; groups partition the span into the level below's sets (CPU %d's %s is %*pbl)",
			   fx->name, cpu, lvl->name, g->first, g->weight,
			   g->outside ? ", some outside the span" : "",
			   g->overlaps ? ", some in another group" : "", g->first,
			   below ? fixture_set_name(below->set) : "own CPU",
			   cpumask_pr_args(want));
		return false;
	}
	/*
	 * The scheduler's own counts of the group: sched_group::group_weight,
	 * its CPUs, and (from 6.6) sched_group::cores, the cores
	 * cpu_smt_mask() spans in it, which powerpc makes the small cores
	 * where a core has several L1 thread groups.
	 */
	if (g->group_weight != g->weight ||
	    (PPC_SCHED_GROUP_HAS_CORES && g->cores != fixture_cores_in(fx, want))) {
		KUNIT_FAIL(test,
			   "%s: CPU %d %s: the group of CPUs %*pbl counts %u CPUs and %u cores; it has %d CPUs in %u cores (small cores where there are thread groups)",
			   fx->name, cpu, lvl->name, cpumask_pr_args(want), g->group_weight,
			   g->cores, g->weight, fixture_cores_in(fx, want));
		return false;
	}
	/*
	 * The first group of each domain is its child domain, and a group
	 * carries the child's flags, none below the lowest level (the
	 * comment above get_group(); "sched/topology: Introduce
	 * sched_group::flags").  A domain that does not overlap balances
	 * over all of each group (group_balance_mask()).
	 */
	if ((g->flags & TOPOLOGY_FLAGS) != want_flags || (!below && g->flags) ||
	    !g->balance_is_span) {
		KUNIT_FAIL(test,
			   "%s: CPU %d %s: the group of CPU %d has flags 0x%x%s; the machine's level below gives 0x%x, and a group balances over all its CPUs",
			   fx->name, cpu, lvl->name, g->first, g->flags & TOPOLOGY_FLAGS,
			   g->balance_is_span ? "" : " and a balance mask short of its span",
			   want_flags);
		return false;
	}
	/*
	 * A CPU's capacity is SCHED_CAPACITY_SCALE less the time it spends
	 * on interrupts and RT and deadline tasks: none on the fixture's
	 * CPUs, which never run; CPU 0, the one that runs, may have some.
	 */
	if (g->capacity > full || (g->capacity < full && (g->first || g->capacity <=
							  full - SCHED_CAPACITY_SCALE))) {
		KUNIT_FAIL(test,
			   "%s: CPU %d %s: the group of CPUs %d-%d has capacity %lu; %d CPUs of capacity %lu give %lu",
			   fx->name, cpu, lvl->name, g->first, g->first + g->weight - 1,
			   g->capacity, g->weight, SCHED_CAPACITY_SCALE, full);
		return false;
	}
	/*
	 * "prefer lower numbered CPUs, so that workload consolidates to
	 * lesser number of cores" (the asym-packing posting), every thread
	 * of a core alike ("Avoid asym packing within thread_group of a
	 * core"): the group's first CPU gets the work.
	 */
	if (g->asym_prefer_cpu != (asym ? g->first : -1)) {
		KUNIT_FAIL(test,
			   "%s: CPU %d %s: asym packing prefers CPU %d in the group of CPU %d; %s",
			   fx->name, cpu, lvl->name, g->asym_prefer_cpu, g->first,
			   asym ? "the group's first CPU should get the work" :
				  "the level does not pack");
		return false;
	}
	return true;
}

/*
 * The groups of a level are the scheduler's shared objects: @cpu's first
 * group is the one holding @cpu (its child domain), it is the very group
 * the group's first CPU has there, capacity and all, and no two groups of
 * the level share a capacity.  A copy per CPU would leave each CPU's
 * capacity updates to itself.
 */
static bool __init expect_groups_shared(struct kunit *test, const struct ppc_fixture *fx,
					const struct sched_view *view, int cpu, int n)
{
	const struct sched_view_level *lvl = &view->cpu[cpu].level[n];
	const struct sched_view_group *local = &lvl->group[0];
	const struct sched_view_cpu *owner;
	int i, j;

	if (!local->holds_cpu) {
		KUNIT_FAIL(test, "%s: CPU %d %s: its first group is that of CPU %d, not its own",
			   fx->name, cpu, lvl->name, local->first);
		return false;
	}
	owner = &view->cpu[local->first];
	if (n < owner->nr_kept && owner->level[n].nr_groups &&
	    owner->level[n].group[0].capacity_id != local->capacity_id) {
		KUNIT_FAIL(test,
			   "%s: CPU %d %s: its group of CPU %d is not the one CPU %d has: the group's capacity is not shared",
			   fx->name, cpu, lvl->name, local->first, local->first);
		return false;
	}
	for (i = 0; i < lvl->nr_groups; i++)
		for (j = i + 1; j < lvl->nr_groups; j++)
			if (lvl->group[i].capacity_id == lvl->group[j].capacity_id) {
				KUNIT_FAIL(test,
					   "%s: CPU %d %s: the groups of CPUs %d and %d share one capacity",
					   fx->name, cpu, lvl->name, lvl->group[i].first,
					   lvl->group[j].first);
				return false;
			}
	return true;
}

/*
 * What the load balancer works with: the groups of every domain a CPU
 * keeps partition its span into the sets of the level below (single CPUs
 * below the lowest), each with the capacity of its CPUs, and on levels
 * that pack, the CPU the scheduler prefers in each group
 * (sched_asym_prefer() over arch_asym_cpu_priority()) is its first.
 */
void __init topology_fixture_groups(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	const struct sched_view *view;
	struct cpumask *want = fixture_mask(test);
	int cpu, n, i, reported = 0;

	require_no_asym_smt(test);
	view = fixture_sched_view(test);
	for (cpu = 0; cpu < fx->nr_cpus && reported < MAX_REPORTS; cpu++) {
		const struct sched_view_cpu *c = &view->cpu[cpu];

		for (n = 0; n < c->nr_kept && reported < MAX_REPORTS; n++) {
			const struct sched_view_level *lvl = &c->level[n];
			int weight = 0;

			if (!fixture_kept_level(fx, cpu, n)) {
				reported++;
				KUNIT_FAIL(test,
					   "%s: CPU %d keeps a level %d (%s) the machine does not have",
					   fx->name, cpu, n, lvl->name);
				break;
			}
			KUNIT_ASSERT_LE_MSG(test, lvl->nr_groups, SCHED_VIEW_MAX_GROUPS,
					    "%s: CPU %d %s has %d groups", fx->name, cpu,
					    lvl->name, lvl->nr_groups);
			for (i = 0; i < lvl->nr_groups; i++) {
				weight += lvl->group[i].weight;
				if (!expect_group(test, fx, cpu, n, lvl, &lvl->group[i], want)) {
					reported++;
					break;
				}
			}
			if (i < lvl->nr_groups)
				continue;
			if (weight != cpumask_weight(lvl->span)) {
				reported++;
				KUNIT_FAIL(test,
					   "%s: CPU %d %s: %d groups hold %d CPUs of the %u it spans",
					   fx->name, cpu, lvl->name, lvl->nr_groups, weight,
					   cpumask_weight(lvl->span));
			} else if (!expect_groups_shared(test, fx, view, cpu, n)) {
				reported++;
			}
		}
	}
}
