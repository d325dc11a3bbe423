// SPDX-License-Identifier: GPL-2.0
/*
 * powerpc_topology: the topology table the kernel builds for a machine
 * state, the flags of its levels, and the asym-packing priorities, from
 * the "powerpc/smp: shared-processor asym packing" series: asym packing
 * on shared processors with big cores at core granularity, no MC level
 * on shared processors, the boot-time flags __ro_after_init, no asym
 * packing between the thread groups of one core, and a table built from
 * the machine state.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/sched/topology.h>
#include <linux/smp.h>
#include <asm/sections.h>

#include "fake_state.h"
#include "smp_probe.h"
#include "topology_kunit.h"

/* The table built for a machine, and the first CPU each level's mask got wrong. */
struct table_run {
	const struct ppc_fixture *fx;
	const struct cpumask *online;
	struct ppc_probe_topology topo;
	int wrong_cpu[PPC_PROBE_MAX_LEVELS];
	cpumask_t wrong_mask[PPC_PROBE_MAX_LEVELS];
	cpumask_t want;		/* record_table()'s, off its stack */
};

/* Runs with the table in place: its masks are read here, asserted after. */
static void record_table(void *ctx, const struct ppc_probe_topology *topo)
{
	struct table_run *run = ctx;
	const struct ppc_fixture *fx = run->fx;
	const struct ppc_fixture_level *want;
	bool shared = fx->shared_processor;
	struct cpumask *set = &run->want;
	int i, cpu;

	run->topo = *topo;
	for (i = 0; i < topo->nr_levels; i++) {
		run->wrong_cpu[i] = -1;
		if (i >= fx->nr_table[shared])
			continue;
		want = &fx->table[shared][i];
		for_each_cpu(cpu, run->online) {
			const struct cpumask *got = ppc_probe_level_mask(&topo->level[i], cpu);

			fixture_set_of(fx, want->set, cpu, set);
			cpumask_and(set, set, run->online);
			if (!cpumask_equal(got, set)) {
				run->wrong_cpu[i] = cpu;
				cpumask_copy(&run->wrong_mask[i], got);
				break;
			}
		}
	}
}

/*
 * "powerpc/smp: Dynamically build Powerpc topology": the table the kernel
 * builds for a machine has a level for each thing the machine's CPUs
 * share that some CPU keeps as a sched domain, and no other (fixturec
 * derives them, table_dedicated and table_shared, from the fixture and
 * the postings).  Each level is named for its role, spans for every CPU
 * the CPUs that share that thing (the small core, the L2, the
 * coregroup, the node), and carries the flags the postings give it.
 * Every fixture is brought up through its firmware in both processor
 * modes, so the kernel decides has_big_cores, shared_caches and the rest.
 */
void __init topology_levels_by_state(struct kunit *test)
{
	struct table_run *run = kunit_kzalloc(test, sizeof(*run), GFP_KERNEL);
	const struct ppc_fixture_level *want;
	const struct ppc_fixture_mode *mode = fixture_mode_param(test);
	const struct ppc_fixture *own = mode->fx;
	struct ppc_fixture *fx;
	struct ppc_fake *fake;
	bool shared = mode->shared;
	int i, nr_want;

	require_no_asym_smt(test);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, run);
	fx = fixture_in_mode(test, own, shared);
	fake = ppc_fake_begin(test);
	run->fx = fx;
	run->online = fixture_bring_up(test, fake, fx);
	ppc_fake_with_topology(fake, record_table, run);

	want = fx->table[shared];
	nr_want = fx->nr_table[shared];
	KUNIT_EXPECT_EQ_MSG(test, run->topo.nr_levels, nr_want, "%s, %s: number of levels",
			    fx->name, shared ? "shared" : "dedicated");
	for (i = 0; i < run->topo.nr_levels; i++) {
		const struct ppc_probe_level *got = &run->topo.level[i];

		if (i >= nr_want) {
			KUNIT_FAIL(test, "%s: level %d (%s) is one no CPU keeps", fx->name, i,
				   got->name);
			continue;
		}
		KUNIT_EXPECT_STREQ_MSG(test, got->name, role_name(want[i].role),
				       "%s: level %d, the machine's %s", fx->name, i,
				       fixture_set_name(want[i].set));
		KUNIT_EXPECT_EQ_MSG(test, got->flags,
				    sd_flags_of(want[i].flags),
				    "%s: level %d (%s) flags", fx->name, i, got->name);
		if (run->wrong_cpu[i] >= 0)
			KUNIT_FAIL(test, "%s: level %d (%s) spans %*pbl for CPU %d, not its %s",
				   fx->name, i, got->name, cpumask_pr_args(&run->wrong_mask[i]),
				   run->wrong_cpu[i], fixture_set_name(want[i].set));
	}
	KUNIT_EXPECT_TRUE_MSG(test, run->topo.terminated,
			      "%s: no empty entry ends the table after its %d levels", fx->name,
			      run->topo.nr_levels);
}

/*
 * @own brought up as a shared-processor LPAR, whatever mode its own LPAR
 * runs in, on the same platform and firmware, and the domains the
 * scheduler builds for it; the machine is returned in @fxp.
 */
static struct sched_view * __init
shared_processor_view(struct kunit *test, const struct ppc_fixture *own,
		      struct ppc_fixture **fxp)
{
	struct ppc_fixture *fx = fixture_in_mode(test, own, true);
	struct sched_view *view;
	struct ppc_fake *fake;

	fake = ppc_fake_begin(test);
	fixture_bring_up(test, fake, fx);
	view = sched_view_build(test, fake, fx->nr_cpus);
	KUNIT_ASSERT_EQ_MSG(test, view->ret, 0, "%s: build_sched_domains() failed", fx->name);
	*fxp = fx;
	return view;
}

/*
 * "powerpc/smp: Enable Asym packing for cores on shared processor": "Most
 * shared processor systems are over-provisioned. Underlying PowerVM
 * Hypervisor would schedule at a Big Core granularity. [...] it helps the
 * overall system performance if we pack to lesser number of Big Cores."
 * Packing is the processor mode's, not the machine's: every fixture with
 * big cores, whatever mode its own LPAR runs in, is brought up as a
 * shared-processor LPAR, and every domain the scheduler keeps for a CPU
 * that spans more than the CPU's L1 thread group (the small core) must
 * carry SD_ASYM_PACKING, and no domain within it.
 */
void __init topology_asym_flags_by_state(struct kunit *test)
{
	const struct ppc_fixture *own = fixture_param(test);
	struct ppc_fixture *fx;
	struct sched_view *view;
	struct cpumask *group;
	int cpu, lvl, reported = 0;

	require_no_asym_smt(test);
	if (!own->has_big_cores)
		kunit_skip(test, "%s: no big cores, no packing on a shared processor", own->name);

	group = fixture_mask(test);
	view = shared_processor_view(test, own, &fx);

	for (cpu = 0; cpu < fx->nr_cpus && reported < 3; cpu++) {
		const struct sched_view_cpu *c = &view->cpu[cpu];

		fixture_set_of(fx, PPC_FIXTURE_SET_GROUP, cpu, group);
		KUNIT_EXPECT_GT_MSG(test, c->nr_kept, 1,
				    "%s as a shared processor: CPU %d keeps %d domain(s)", fx->name,
				    cpu, c->nr_kept);
		for (lvl = 0; lvl < c->nr_kept; lvl++) {
			const struct cpumask *span = c->level[lvl].span;
			bool want = !cpumask_subset(span, group);
			bool got = c->level[lvl].flags & SD_ASYM_PACKING;

			if (got == want)
				continue;
			reported++;
			KUNIT_FAIL(test,
				   "%s as a shared processor: CPU %d level %d (%s) %*pbl %s SD_ASYM_PACKING, its thread group %*pbl: the series: pack to lesser number of big cores",
				   fx->name, cpu, lvl, c->level[lvl].name, cpumask_pr_args(span),
				   got ? "has" : "lacks", cpumask_pr_args(group));
		}
	}
}

/*
 * "powerpc/smp: Disable MC domain for shared processor": "Some
 * device-tree properties will be missing on a shared processor. Hence
 * some sched domains may not make sense for shared processor systems."
 * The MC level groups the CPUs of a coregroup; on a shared processor
 * there is none.  A fixture with coregroups is brought up on the same
 * platform (coregroup_enabled, the hypervisor answering its coregroup
 * ids) but with shared processors, and the domains the scheduler builds
 * and keeps for each CPU are read: none spans the CPU's coregroup where
 * the coregroup lies strictly between the CPU's L2 and its node, the
 * only place an MC domain could stay.
 */
void __init topology_no_mc_on_shared_processor(struct kunit *test)
{
	const struct ppc_fixture *dedicated = fixture_param(test);
	struct ppc_fixture *fx;
	struct sched_view *view;
	struct cpumask *cg, *l2, *node;
	int cpu, lvl, checked = 0, reported = 0;

	if (!dedicated->has_coregroups)
		kunit_skip(test, "%s: no coregroups to leave out", dedicated->name);

	cg = fixture_mask(test);
	l2 = fixture_mask(test);
	node = fixture_mask(test);
	view = shared_processor_view(test, dedicated, &fx);
	KUNIT_ASSERT_TRUE_MSG(test, coregroup_enabled,
			      "%s: the platform was to identify coregroups", fx->name);

	for (cpu = 0; cpu < fx->nr_cpus && reported < 3; cpu++) {
		const struct sched_view_cpu *c = &view->cpu[cpu];

		fixture_set_of(fx, PPC_FIXTURE_SET_COREGROUP, cpu, cg);
		fixture_set_of(fx, PPC_FIXTURE_SET_L2, cpu, l2);
		fixture_set_of(fx, PPC_FIXTURE_SET_NODE, cpu, node);
		if (!cpumask_subset(l2, cg) || cpumask_equal(l2, cg) ||
		    cpumask_equal(cg, node))
			continue;
		checked++;
		for (lvl = 0; lvl < c->nr_kept; lvl++) {
			if (!cpumask_equal(c->level[lvl].span, cg))
				continue;
			reported++;
			KUNIT_FAIL(test,
				   "%s as a shared processor: CPU %d keeps level %d (%s) spanning its coregroup %*pbl: the series: no MC level on shared processors",
				   fx->name, cpu, lvl, c->level[lvl].name, cpumask_pr_args(cg));
		}
	}
	KUNIT_EXPECT_GT_MSG(test, checked, 0,
			    "%s: no CPU whose coregroup lies between its L2 and its node",
			    fx->name);
}

/* The boot-time topology flags are written once, then read-only. */
void __init topology_ro_after_init(struct kunit *test)
{
	static const char * const names[] = {
		"has_big_cores", "coregroup_enabled", "thread_group_shares_l2",
		"thread_group_shares_l3", "shared_caches", "splpar_asym_pack",
	};
	const void *vars[] = {
		&has_big_cores, &coregroup_enabled, &thread_group_shares_l2,
		&thread_group_shares_l3, ppc_probe_shared_caches(), ppc_probe_splpar_asym_pack(),
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(vars); i++)
		KUNIT_EXPECT_TRUE_MSG(test, (const char *)vars[i] >= __start_ro_after_init &&
				      (const char *)vars[i] < __end_ro_after_init,
				      "%s is %td bytes from the start of .data..ro_after_init, %td long",
				      names[i], (const char *)vars[i] - __start_ro_after_init,
				      __end_ro_after_init - __start_ro_after_init);
}

/*
 * Shared processors with big cores pack to the lowest cores: equal
 * priority within a core, strictly lower core by core.  Otherwise the
 * scheduler's default, -cpu.
 */
static void __init expect_priorities(struct kunit *test, const char *what, bool packing,
				     int threads, const int *priority, int nr_cpus)
{
	int cpu, reported = 0;

	for (cpu = 0; cpu < nr_cpus && reported < 8; cpu++) {
		int first = cpu - cpu % threads;
		bool ok;

		if (!packing)
			ok = priority[cpu] == -cpu;
		else if (cpu != first)
			ok = priority[cpu] == priority[first];
		else
			ok = cpu == 0 || priority[cpu] < priority[first - threads];
		if (!ok) {
			reported++;
			KUNIT_FAIL(test, "%s: arch_asym_cpu_priority(%d) = %d; %s", what, cpu,
				   priority[cpu], !packing ? "expected -cpu" :
				   cpu != first ? "expected its core's first CPU's priority" :
				   "expected lower than the previous core's");
		}
	}
}

/* Shared processors with big cores pack onto lower cores, on every fixture. */
void __init topology_asym_priority_fixtures(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);
	int *priority;

	fixture_bring_up(test, fake, fx);
	priority = sched_view_priorities(test, fake, fx->nr_cpus);
	expect_priorities(test, fx->name, fx->shared_processor && fx->has_big_cores,
			  fx->threads_per_core, priority, fx->nr_cpus);
}

/*
 * The asym priorities of states no fixture has: only shared processors
 * with big cores pack by core; everything else keeps the default -cpu.
 */
void __init topology_asym_priority_by_state(struct kunit *test)
{
	const struct priority_state *p = test->param_value;
	struct ppc_fake *fake = ppc_fake_begin(test);
	struct ppc_fake_flags s = { .shared_processor = p->shared, .has_big_cores = p->big_cores };
	char what[KUNIT_PARAM_DESC_SIZE];
	int nr_cpus = 4 * p->threads;
	int *priority;

	ppc_fake_set_flags(fake, &s);
	ppc_fake_set_threads_per_core(fake, p->threads);
	priority = sched_view_priorities(test, fake, nr_cpus);
	priority_state_describe(p, what);
	expect_priorities(test, what, p->shared && p->big_cores, p->threads, priority, nr_cpus);
}

/* A fixture of fixtures/ by its name. */
static const struct ppc_fixture * __init fixture_named(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(ppc_fixtures); i++)
		if (!strcmp(ppc_fixtures[i]->name, name))
			return ppc_fixtures[i];
	return NULL;
}

/*
 * "powerpc/smp: Avoid asym packing within thread_group of a core":
 * "PowerVM Hypervisor will schedule at a core granularity. However each
 * core can have more than one thread_groups. For better utilization in
 * case of a shared processor, its preferable for the scheduler to pack to
 * the lowest core. However there is no benefit of moving a thread between
 * two thread groups of the same core."
 *
 * p10-shared-320 is brought up from its firmware: SMT8 cores whose
 * ibm,thread-groups gives two L1 groups, {0,2,4,6} and {1,3,5,7}.  The
 * scheduler moves a task to a CPU it prefers (sched_asym_prefer(): a
 * higher arch_asym_cpu_priority()), so no CPU may be preferred over a CPU
 * of the other thread group of its core, and every CPU of a lower core is
 * preferred over every CPU of a higher one.
 */
void __init topology_asym_priority_within_core(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_named("p10-shared-320");
	struct ppc_fake *fake = ppc_fake_begin(test);
	int cpu, other, reported = 0;
	struct cpumask *group = fixture_mask(test), *other_group = fixture_mask(test);
	int *priority;

	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, fx, "no fixture p10-shared-320 in fixtures/");
	fixture_bring_up(test, fake, fx);
	KUNIT_ASSERT_TRUE_MSG(test, has_big_cores,
			      "%s: init_big_cores() found no big cores in its ibm,thread-groups",
			      fx->name);
	priority = sched_view_priorities(test, fake, fx->nr_cpus);

	for (cpu = 0; cpu < fx->nr_cpus && reported < 3; cpu++) {
		const struct ppc_fixture_cpu *c = &fx->cpus[cpu];

		for (other = 0; other < fx->nr_cpus && reported < 3; other++) {
			const struct ppc_fixture_cpu *o = &fx->cpus[other];

			if (c->core_first == o->core_first && c->group_first != o->group_first &&
			    priority[cpu] != priority[other]) {
				reported++;
				fixture_set_of(fx, PPC_FIXTURE_SET_GROUP, cpu, group);
				fixture_set_of(fx, PPC_FIXTURE_SET_GROUP, other, other_group);
				KUNIT_FAIL(test,
					   "%s: CPU %d (thread group %*pbl) priority %d, CPU %d of the other thread group %*pbl of its core priority %d: the posting: no benefit of moving a thread between two thread groups of the same core",
					   fx->name, cpu, cpumask_pr_args(group), priority[cpu],
					   other, cpumask_pr_args(other_group), priority[other]);
			} else if (c->core_first < o->core_first &&
				   priority[cpu] <= priority[other]) {
				reported++;
				KUNIT_FAIL(test,
					   "%s: CPU %d (core at CPU %d) priority %d, CPU %d (core at CPU %d) priority %d: the posting: pack to the lowest core",
					   fx->name, cpu, c->core_first, priority[cpu], other,
					   o->core_first, priority[other]);
			}
		}
	}
}
