// SPDX-License-Identifier: GPL-2.0
/*
 * powerpc_topology: the sched domains the scheduler's own builder keeps
 * for every CPU of a machine brought up as boot brings it up, against
 * the machine's levels and the scheduler's degeneration rules (a level
 * spanning no more than its child is dropped, and none of the machine's
 * is), and the domains update_top_cache_domain() points each CPU at.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/string.h>

#include "fake_state.h"
#include "topology_kunit.h"

/*
 * One CPU's domains against the levels the fixture says it ends with;
 * @want is the caller's scratch mask.
 */
static bool __init expect_cpu_domains(struct kunit *test, const struct ppc_fixture *fx,
				      const struct sched_view_cpu *c, int cpu,
				      struct cpumask *want)
{
	const struct ppc_fixture_level *lvl;
	int n;

	for (n = 0; (lvl = fixture_kept_level(fx, cpu, n)); n++) {
		const struct sched_view_level *got = &c->level[n];

		if (n == c->nr_kept) {
			KUNIT_FAIL(test,
				   "%s: CPU %d has %d sched domains; the machine has a %s level (its %s)",
				   fx->name, cpu, n, role_name(lvl->role),
				   fixture_set_name(lvl->set));
			return false;
		}
		fixture_set_of(fx, lvl->set, cpu, want);
		if (got->span_weight != cpumask_weight(got->span)) {
			KUNIT_FAIL(test,
				   "%s: CPU %d domain %d (%s %*pbl) has span_weight %u for its %u CPUs",
				   fx->name, cpu, n, got->name, cpumask_pr_args(got->span),
				   got->span_weight, cpumask_weight(got->span));
			return false;
		}
		if (strcmp(got->name, role_name(lvl->role)) || !cpumask_equal(got->span, want) ||
		    (got->flags & TOPOLOGY_FLAGS) != sd_flags_of(lvl->flags)) {
			KUNIT_FAIL(test,
				   "%s: CPU %d domain %d is %s %*pbl flags 0x%x; the machine's is %s %*pbl (its %s) flags 0x%x",
				   fx->name, cpu, n, got->name, cpumask_pr_args(got->span),
				   got->flags & TOPOLOGY_FLAGS, role_name(lvl->role),
				   cpumask_pr_args(want), fixture_set_name(lvl->set),
				   sd_flags_of(lvl->flags));
			return false;
		}
	}
	if (n != c->nr_kept) {
		KUNIT_FAIL(test,
			   "%s: CPU %d keeps %d sched domains, the machine has %d levels; the next is %s %*pbl",
			   fx->name, cpu, c->nr_kept, n, c->level[n].name,
			   cpumask_pr_args(c->level[n].span));
		return false;
	}
	return true;
}

/*
 * The CPUs of a rebuild are active (cpuset builds over the active ones),
 * and what the scheduler reads of a CPU's capacity depends on it
 * (arch_scale_cpu_capacity() may): the fake machine's CPUs are active
 * while the scheduler builds their domains, and only then, as they never
 * run; those a case keeps inactive (@kept_inactive) stay so throughout.
 */
static bool __init expect_active_for_build(struct kunit *test, const struct ppc_fixture *fx,
					   const struct sched_view_cpu *c, int cpu,
					   bool kept_inactive)
{
	if (c->active == kept_inactive) {
		KUNIT_FAIL(test, "%s: CPU %d was %s while the scheduler built its domains; %s",
			   fx->name, cpu, kept_inactive ? "active" : "not active",
			   kept_inactive ? "the case keeps it inactive" : "a rebuild's CPUs are");
		return false;
	}
	if (cpu != raw_smp_processor_id() && cpu_active(cpu)) {
		KUNIT_FAIL(test, "%s: CPU %d, which never runs, is active after the build",
			   fx->name, cpu);
		return false;
	}
	return true;
}

/*
 * The scheduler's own domain builder, over the masks the kernel computed
 * for the fixture and the table it built for it, keeps for every CPU the
 * levels a machine of that shape has: their names, spans and topology
 * flags.
 */
void __init topology_fixture_domains(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct cpumask *want = fixture_mask(test);
	const struct sched_view *view;
	int cpu, reported = 0;

	require_no_asym_smt(test);
	view = fixture_sched_view(test);
	for (cpu = 0; cpu < fx->nr_cpus && reported < MAX_REPORTS; cpu++)
		reported += !expect_cpu_domains(test, fx, &view->cpu[cpu], cpu, want) ||
			    !expect_active_for_build(test, fx, &view->cpu[cpu], cpu, false);
}

/*
 * @cpu's domains, built with the CPUs of @inactive kept in the map but
 * inactive: the machine's levels, none seeing CPUs of unequal capacity
 * (SD_ASYM_CPUCAPACITY, sd_asym_cpucapacity), and where the base shows
 * it, cpus_equal_capacity() true with CPU 0.  @want is scratch.
 */
static bool __init expect_cpu_inactive_in_map(struct kunit *test, const struct ppc_fixture *fx,
					      const struct sched_view *view, int cpu,
					      const struct cpumask *inactive, struct cpumask *want)
{
	const int asym = SD_ASYM_CPUCAPACITY | SD_ASYM_CPUCAPACITY_FULL;
	const struct sched_view_cpu *c = &view->cpu[cpu];
	const struct sched_view_level *lvl = NULL;
	int n;

	if (!expect_active_for_build(test, fx, c, cpu, cpumask_test_cpu(cpu, inactive)) ||
	    !expect_cpu_domains(test, fx, c, cpu, want))
		return false;
	for (n = 0; n < c->nr_kept && !lvl; n++)
		if (c->level[n].flags & asym)
			lvl = &c->level[n];
	if (lvl || c->asym_cpucapacity_level != SCHED_VIEW_NONE) {
		KUNIT_FAIL(test,
			   "%s: CPU %d: %s %*pbl has flags 0x%x, sd_asym_cpucapacity is level %d, with CPUs %*pbl inactive; their capacity is that of the others",
			   fx->name, cpu, lvl ? lvl->name : "no level",
			   cpumask_pr_args(lvl ? lvl->span : cpu_none_mask),
			   lvl ? lvl->flags & asym : 0, c->asym_cpucapacity_level,
			   cpumask_pr_args(inactive));
		return false;
	}
	if (view->published && !sched_view_pair(view, view->equal_capacity, 0, cpu)) {
		KUNIT_FAIL(test,
			   "%s: cpus_equal_capacity(0, %d) is false with CPUs %*pbl inactive; their capacity is that of the others",
			   fx->name, cpu, cpumask_pr_args(inactive));
		return false;
	}
	return true;
}

/* Every CPU's domains built with the CPUs of @inactive kept in the map but inactive. */
static void __init expect_inactive_in_map(struct kunit *test, const struct ppc_fixture *fx,
					  struct ppc_fake *fake, const struct cpumask *inactive,
					  struct cpumask *want)
{
	const struct sched_view *view;
	int cpu, reported = 0;

	view = sched_view_build_inactive(test, fake, fx->nr_cpus, inactive);
	for (cpu = 0; cpu < fx->nr_cpus && reported < MAX_REPORTS; cpu++)
		reported += !expect_cpu_inactive_in_map(test, fx, view, cpu, inactive, want);
}

/*
 * CPUs kept in the domains while inactive, as the scheduler keeps a CPU
 * it takes out of use without taking it offline: inactive is not
 * offline, and what the CPUs can do does not change.  Two shapes: the
 * last core's CPUs, and its last thread alone (a level that shares CPU
 * capacity, SMT, then holds an inactive CPU and active ones).
 */
void __init topology_fixture_domains_core_inactive(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct cpumask *want = fixture_mask(test);
	struct cpumask *inactive = fixture_mask(test);
	struct ppc_fake *fake;
	int cpu;

	if (fx->nr_cpus <= fx->threads_per_core)
		kunit_skip(test, "%s: one core, the one the suite runs on", fx->name);
	require_no_asym_smt(test);
	fake = ppc_fake_begin(test);
	fixture_bring_up(test, fake, fx);
	for (cpu = fx->nr_cpus - fx->threads_per_core; cpu < fx->nr_cpus; cpu++)
		cpumask_set_cpu(cpu, inactive);
	expect_inactive_in_map(test, fx, fake, inactive, want);
	cpumask_clear(inactive);
	cpumask_set_cpu(fx->nr_cpus - 1, inactive);
	expect_inactive_in_map(test, fx, fake, inactive, want);
}

/*
 * @cpu's highest kept level that packs, or SCHED_VIEW_NONE; before 6.5
 * the highest of those that pack from the lowest up (sched_compat.h).
 */
static int __init fixture_packing_level(const struct ppc_fixture *fx, int cpu)
{
	const struct ppc_fixture_level *lvl;
	int n, packs = SCHED_VIEW_NONE;

	for (n = 0; (lvl = fixture_kept_level(fx, cpu, n)); n++) {
		if (lvl->flags & PPC_FIXTURE_PACKS)
			packs = n;
		else if (PPC_SCHED_PACKING_FROM_LOWEST)
			break;
	}
	return packs;
}

/*
 * The domains update_top_cache_domain() points each CPU at for the load
 * balancer and the wakeup path: sd_asym_packing is the highest level
 * with SD_ASYM_PACKING (6.1: of those from the lowest up), the one nohz
 * balancing asks to pack onto the preferred CPU; sd_numa and
 * sd_asym_cpucapacity are none, as the fixture's table has no NUMA
 * level and all its CPUs have the same capacity.
 */
void __init topology_fixture_domain_pointers(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	const struct sched_view *view;
	int cpu, reported = 0;

	require_no_asym_smt(test);
	view = fixture_sched_view(test);
	for (cpu = 0; cpu < fx->nr_cpus && reported < MAX_REPORTS; cpu++) {
		const struct sched_view_cpu *c = &view->cpu[cpu];
		int packs = fixture_packing_level(fx, cpu);

		if (c->asym_packing_level == packs && c->numa_level == SCHED_VIEW_NONE &&
		    c->asym_cpucapacity_level == SCHED_VIEW_NONE)
			continue;
		reported++;
		KUNIT_FAIL(test,
			   "%s: CPU %d: sd_asym_packing is level %d, sd_numa %d, sd_asym_cpucapacity %d (-1 none, -2 not a kept level); the machine packs up to level %d and has neither of the others",
			   fx->name, cpu, c->asym_packing_level, c->numa_level,
			   c->asym_cpucapacity_level, packs);
	}
}

/*
 * The topology built from the machine state has no level the scheduler
 * throws away: every domain build_sched_domains() builds survives
 * cpu_attach_domain()'s sd_degenerate() and sd_parent_degenerate().
 */
void __init topology_fixture_keeps_every_level(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	const struct sched_view *view = fixture_sched_view(test);
	int cpu, reported = 0;

	for (cpu = 0; cpu < fx->nr_cpus && reported < MAX_REPORTS; cpu++) {
		const struct sched_view_cpu *c = &view->cpu[cpu];

		if (c->nr_built == c->nr_kept)
			continue;
		reported++;
		KUNIT_FAIL(test,
			   "%s: CPU %d: %d sched domains built, the scheduler keeps %d (%s%s%s%s%s%s)",
			   fx->name, cpu, c->nr_built, c->nr_kept,
			   c->nr_kept > 0 ? c->level[0].name : "none",
			   c->nr_kept > 1 ? ", " : "", c->nr_kept > 1 ? c->level[1].name : "",
			   c->nr_kept > 2 ? ", " : "", c->nr_kept > 2 ? c->level[2].name : "",
			   c->nr_kept > 3 ? ", ..." : "");
	}
}

/* The flag the repeated level adds: a load-balancing flag, which needs groups. */
static int repeated_level_flags(void)
{
	return SD_ASYM_PACKING;
}

/*
 * A level that spans no more than the one below is thrown away: with the
 * lowest level of the machine's table repeated right above itself, the
 * copy asking for asym packing too, the scheduler builds one domain more for
 * every CPU and keeps the machine's.  sd_parent_degenerate() drops a
 * parent with its child's span unless the parent has a flag the child
 * lacks that still means something with one group, and
 * SD_ASYM_PACKING, like every flag a topology level can ask for, needs
 * two.  This is what the table builder's levels rely on wherever a
 * machine shares two things with the same CPUs.
 */
void __init topology_fixture_repeated_level_dropped(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);
	struct cpumask *want = fixture_mask(test);
	struct sched_view *view;
	int cpu, reported = 0;

	require_no_asym_smt(test);
	fixture_bring_up(test, fake, fx);
	view = sched_view_build_repeated(test, fake, fx->nr_cpus, 0, repeated_level_flags);
	for (cpu = 0; cpu < fx->nr_cpus && reported < MAX_REPORTS; cpu++) {
		const struct sched_view_cpu *c = &view->cpu[cpu];

		if (c->nr_built != c->nr_kept + 1) {
			reported++;
			KUNIT_FAIL(test,
				   "%s: CPU %d: %d sched domains built with the lowest level repeated, %d kept; the copy spans only what the level below spans and is to be dropped",
				   fx->name, cpu, c->nr_built, c->nr_kept);
			continue;
		}
		reported += !expect_cpu_domains(test, fx, c, cpu, want);
	}
}
