// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the powerpc sched-domain topology under fake machine
 * states: the levels the kernel's own builder makes, their flags, the LLC,
 * the levels the scheduler would degenerate, and asym-packing priorities.
 *
 * The expectations are written from the "powerpc/smp: shared-processor
 * asym packing" series (upstream in v6.8) and from the scheduler's
 * degeneration rules, never from the code under test:
 *
 *  - asym packing on shared processors with big cores, at core
 *    granularity: SD_ASYM_PACKING on every level above SMT;
 *  - no MC level on shared processors;
 *  - the boot-time topology flags are __ro_after_init;
 *  - no asym packing between the thread groups of one core;
 *  - the topology built from the machine state, so that no level is
 *    one the scheduler would throw away.
 *
 * and, for the domains the scheduler builds from it, from the rules of
 * kernel/sched/topology.c that the load balancer relies on: a level
 * spanning no more than its child is dropped; the groups of a domain are
 * its child domains, shared by its CPUs; update_top_cache_domain()
 * points a CPU at its LLC, the LLC's shared object and the highest level
 * that packs.
 *
 * The series' changelog says shared-processor asym packing is "only for
 * MC and DIE domains", but the code merged upstream also sets it on the
 * CACHE level.  The merged code decides, since this suite must pass on
 * the upstream kernel.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/sched/topology.h>
#include <linux/smp.h>
#include <linux/version.h>
#include <asm/cputable.h>
#include <asm/cputhreads.h>
#include <asm/sections.h>

#include "fake_state.h"
#include "fixture_memo.h"
#include "fixture_state.h"
#ifdef PPC_KUNIT_RFC_EXPECTATIONS
#include "harness/rfc.h"
#endif
#include "sched_compat.h"
#include "sched_view.h"
#include "smp_probe.h"

KUNIT_ARRAY_PARAM(fixture, ppc_fixtures, fixture_describe);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
#define LLC_FLAG	SD_SHARE_LLC
#define TOP_LEVEL	"PKG"
#else
#define LLC_FLAG	SD_SHARE_PKG_RESOURCES
#define TOP_LEVEL	"DIE"
#endif

/* The sched-domain flags of a level's PPC_FIXTURE_* flags. */
static int sd_flags_of(u8 flags)
{
	return (flags & PPC_FIXTURE_SHARES_CAPACITY ? SD_SHARE_CPUCAPACITY : 0) |
	       (flags & PPC_FIXTURE_SHARES_LLC ? LLC_FLAG : 0) |
	       (flags & PPC_FIXTURE_PACKS ? SD_ASYM_PACKING : 0);
}

static const char *role_name(u8 role)
{
	static const char * const names[] = {
		[PPC_FIXTURE_SMT] = "SMT",
		[PPC_FIXTURE_CACHE] = "CACHE",
		[PPC_FIXTURE_MC] = "MC",
		[PPC_FIXTURE_TOP] = TOP_LEVEL,
	};

	return role < ARRAY_SIZE(names) ? names[role] : "?";
}

/* A fixture level's flags. */
static u8 fixture_level_flags(const struct ppc_fixture *fx, const struct ppc_fixture_level *lvl)
{
#ifdef PPC_KUNIT_RFC_EXPECTATIONS
	/* With what the RFC ports the kernel carries change. */
	return rfc_level_flags(lvl->role, lvl->flags, fx->interleaved);
#else
	return lvl->flags;
#endif
}

static void __init require_no_asym_smt(struct kunit *test)
{
	/* POWER7's ASYM_SMT would add SD_ASYM_PACKING to SMT; not emulated. */
	KUNIT_ASSERT_FALSE_MSG(test, cpu_has_feature(CPU_FTR_ASYM_SMT),
			       "this CPU has CPU_FTR_ASYM_SMT; the expected tables assume it does not");
}

/*
 * Every fixture in both processor modes: slot 2i is ppc_fixtures[i] as a
 * dedicated, 2i + 1 as a shared processor.  The parameter is the slot's
 * place in the array; the array holds nothing else.
 */
static const u8 fixture_modes[2 * PPC_NR_FIXTURES];

static const struct ppc_fixture *fixture_of_mode(const u8 *slot, bool *shared)
{
	unsigned int i = slot - fixture_modes;

	*shared = i % 2;
	return ppc_fixtures[i / 2];
}

static void fixture_mode_describe(const u8 *slot, char *desc)
{
	bool shared;
	const struct ppc_fixture *fx = fixture_of_mode(slot, &shared);

	/* No comma or space: tools/matrix's matrix-expected lists parameters. */
	scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s/%s", fx->name,
		  shared ? "shared" : "dedicated");
}

KUNIT_ARRAY_PARAM(fixture_mode, fixture_modes, fixture_mode_describe);

/* The table built for a machine, and the first CPU each level's mask got wrong. */
struct table_run {
	const struct ppc_fixture *fx;
	const struct cpumask *online;
	struct ppc_probe_topology topo;
	int wrong_cpu[PPC_PROBE_MAX_LEVELS];
	cpumask_t wrong_mask[PPC_PROBE_MAX_LEVELS];
};

/* Runs with the table in place: its masks are read here, asserted after. */
static void record_table(void *ctx, const struct ppc_probe_topology *topo)
{
	struct table_run *run = ctx;
	const struct ppc_fixture *fx = run->fx;
	const struct ppc_fixture_level *want;
	bool shared = fx->shared_processor;
	cpumask_t set;
	int i, cpu;

	run->topo = *topo;
	for (i = 0; i < topo->nr_levels; i++) {
		run->wrong_cpu[i] = -1;
		if (i >= fx->nr_table[shared])
			continue;
		want = &fx->table[shared][i];
		for_each_cpu(cpu, run->online) {
			const struct cpumask *got = ppc_probe_level_mask(&topo->level[i], cpu);

			fixture_set_of(fx, want->set, cpu, &set);
			cpumask_and(&set, &set, run->online);
			if (!cpumask_equal(got, &set)) {
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
static void __init topology_levels_by_state(struct kunit *test)
{
	struct table_run *run = kunit_kzalloc(test, sizeof(*run), GFP_KERNEL);
	const struct ppc_fixture_level *want;
	const struct ppc_fixture *own;
	struct ppc_fixture *fx;
	struct ppc_fake *fake;
	bool shared;
	int i, nr_want;

	require_no_asym_smt(test);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, run);
	own = fixture_of_mode(test->param_value, &shared);
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
				    sd_flags_of(fixture_level_flags(fx, &want[i])),
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
static void __init topology_asym_flags_by_state(struct kunit *test)
{
	const struct ppc_fixture *own = fixture_param(test);
	struct ppc_fixture *fx;
	struct sched_view *view;
	cpumask_t group;
	int cpu, lvl, reported = 0;

	require_no_asym_smt(test);
	if (!own->has_big_cores)
		kunit_skip(test, "%s: no big cores, no packing on a shared processor", own->name);

	view = shared_processor_view(test, own, &fx);

	for (cpu = 0; cpu < fx->nr_cpus && reported < 3; cpu++) {
		const struct sched_view_cpu *c = &view->cpu[cpu];

		fixture_set_of(fx, PPC_FIXTURE_SET_GROUP, cpu, &group);
		KUNIT_EXPECT_GT_MSG(test, c->nr_kept, 1,
				    "%s as a shared processor: CPU %d keeps %d domain(s)", fx->name,
				    cpu, c->nr_kept);
		for (lvl = 0; lvl < c->nr_kept; lvl++) {
			const struct cpumask *span = c->level[lvl].span;
			bool want = !cpumask_subset(span, &group);
			bool got = c->level[lvl].flags & SD_ASYM_PACKING;

			if (got == want)
				continue;
			reported++;
			KUNIT_FAIL(test,
				   "%s as a shared processor: CPU %d level %d (%s) %*pbl %s SD_ASYM_PACKING, its thread group %*pbl: the series: pack to lesser number of big cores",
				   fx->name, cpu, lvl, c->level[lvl].name, cpumask_pr_args(span),
				   got ? "has" : "lacks", cpumask_pr_args(&group));
		}
	}
}

/*
 * A fixture whose platform identifies coregroups, brought up as a
 * shared-processor LPAR: named as the state it runs in.
 */
static void coregroup_fixture_describe(const struct ppc_fixture * const *fx, char *desc)
{
	if ((*fx)->has_coregroups)
		scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "shared, %s, coregroups", (*fx)->name);
	else
		scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s, no coregroups", (*fx)->name);
}

KUNIT_ARRAY_PARAM(coregroup_fixture, ppc_fixtures, coregroup_fixture_describe);

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
static void __init topology_no_mc_on_shared_processor(struct kunit *test)
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
static void __init topology_ro_after_init(struct kunit *test)
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
static void __init topology_asym_priority_fixtures(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);
	int *priority;

	fixture_bring_up(test, fake, fx);
	priority = sched_view_priorities(test, fake, fx->nr_cpus);
	expect_priorities(test, fx->name, fx->shared_processor && fx->has_big_cores,
			  fx->threads_per_core, priority, fx->nr_cpus);
}

/* A machine state for the priority cases: processors, big cores, threads. */
struct priority_state {
	bool shared;
	bool big_cores;
	int threads;
};

static const struct priority_state priority_states[] = {
	{ .shared = true, .big_cores = false, .threads = 4 },
	{ .shared = true, .big_cores = false, .threads = 8 },
	{ .shared = true, .big_cores = true, .threads = 4 },
	{ .shared = false, .big_cores = true, .threads = 8 },
	{ .shared = false, .big_cores = false, .threads = 4 },
};

static void priority_state_describe(const struct priority_state *p, char *desc)
{
	scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s, %s, SMT%d",
		  p->shared ? "shared" : "dedicated", p->big_cores ? "big cores" : "no big cores",
		  p->threads);
}

KUNIT_ARRAY_PARAM(priority_state, priority_states, priority_state_describe);

/*
 * The asym priorities of states no fixture has: only shared processors
 * with big cores pack by core; everything else keeps the default -cpu.
 */
static void __init topology_asym_priority_by_state(struct kunit *test)
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
static void __init topology_asym_priority_within_core(struct kunit *test)
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

/* At most this many failure lines per check, so a broken rule stays readable. */
#define MAX_REPORTS	3

/*
 * One kernel-computed mask of every CPU against the fixture's set: the
 * CPUs that share it with the CPU, among @online (all possible CPUs for
 * the maps built from ibm,thread-groups, which do not depend on who is
 * online).  Offline CPUs' masks are not read.
 */
typedef const struct cpumask *(*cpu_mask_fn)(int cpu, void *arg);

static void __init expect_map(struct kunit *test, const struct ppc_fixture *fx,
			      const char *what, cpu_mask_fn mask_of, void *arg,
			      enum ppc_fixture_set set, const struct cpumask *online)
{
	cpumask_t want;
	int cpu, reported = 0;

	for_each_cpu(cpu, online) {
		const struct cpumask *got = mask_of(cpu, arg);

		if (cpu >= fx->nr_cpus || reported == MAX_REPORTS)
			break;
		fixture_set_of(fx, set, cpu, &want);
		cpumask_and(&want, &want, online);
		if (cpumask_equal(got, &want))
			continue;
		reported++;
		KUNIT_FAIL(test, "%s: CPU %d %s is %*pbl, the fixture's %s is %*pbl",
			   fx->name, cpu, what, cpumask_pr_args(got), fixture_set_name(set),
			   cpumask_pr_args(&want));
	}
}

static const struct cpumask *map_of(int cpu, void *arg)
{
	return ppc_fake_map_of((enum ppc_fake_map)(unsigned long)arg, cpu);
}

static const struct cpumask *node_of(int cpu, void *arg)
{
	return cpumask_of_node(cpu_to_node(cpu));
}

static void __init expect_kernel_map(struct kunit *test, const struct ppc_fixture *fx,
				     enum ppc_fake_map map, enum ppc_fixture_set set,
				     const struct cpumask *online)
{
	expect_map(test, fx, ppc_fake_map_name(map), map_of, (void *)(unsigned long)map, set,
		   online);
}

/* Some online CPU shares its L2 (@l2) with online CPUs outside its small core. */
static bool __init l2_wider_than_smt(struct kunit *test, const struct ppc_fixture *fx,
				     const struct cpumask *online, enum ppc_fixture_set l2_set)
{
	struct cpumask *l2 = fixture_mask(test), *smt = fixture_mask(test);
	int cpu;

	for_each_cpu(cpu, online) {
		if (cpu >= fx->nr_cpus)
			break;
		fixture_set_of(fx, l2_set, cpu, l2);
		fixture_set_of(fx, PPC_FIXTURE_SET_GROUP, cpu, smt);
		cpumask_and(l2, l2, online);
		cpumask_and(smt, smt, online);
		if (cpumask_weight(l2) > cpumask_weight(smt))
			return true;
	}
	return false;
}

/*
 * The kernel's bring-up code, fed the fixture's firmware, computes the
 * masks the machine description defines, CPU by CPU, over the CPUs that
 * came online: the core's threads, the L1 thread group (the small core),
 * the L2, the coregroup, the chip and the node, and decides the topology
 * flags that follow from them.  ibm,thread-groups' property 2 groups the
 * threads that share the L2 and the L3, so both thread-group maps are the
 * L2 set.  A core whose ibm,thread-groups has a single L1 group would not
 * be a big core, though the kernel would call it one; no fixture has
 * such cores.
 */
static void __init check_fixture_maps_l2(struct kunit *test, const struct ppc_fixture *fx,
					 const struct cpumask *online,
					 enum ppc_fixture_set l2_set);

/* ... with the CPUs that share each CPU's L2 given by @l2_set. */
static void __init check_fixture_masks_l2(struct kunit *test, const struct ppc_fixture *fx,
					  const struct cpumask *online,
					  enum ppc_fixture_set l2_set)
{
	struct ppc_fake_flags got;
	bool l2_groups = fx->l2_share == PPC_FIXTURE_L2_THREAD_GROUP;
	bool wider_l2 = l2_wider_than_smt(test, fx, online, l2_set);

	ppc_fake_read_flags(&got);
	KUNIT_EXPECT_EQ_MSG(test, got.has_big_cores, fx->has_big_cores,
			    "%s: has_big_cores is %d; the machine %s big cores", fx->name,
			    got.has_big_cores, fx->has_big_cores ? "has" : "has no");
	KUNIT_EXPECT_EQ_MSG(test, got.thread_group_shares_l2, l2_groups,
			    "%s: thread_group_shares_l2 is %d; the L2 is shared by %s", fx->name,
			    got.thread_group_shares_l2,
			    l2_groups ? "a thread group" : "whole cores");
	KUNIT_EXPECT_EQ_MSG(test, got.thread_group_shares_l3, l2_groups,
			    "%s: thread_group_shares_l3 is %d; the L3 is shared as the L2 is",
			    fx->name, got.thread_group_shares_l3);
	KUNIT_EXPECT_EQ_MSG(test, got.shared_caches, wider_l2,
			    "%s: shared_caches is %d; %s online CPU shares its L2 beyond its small core",
			    fx->name, got.shared_caches, wider_l2 ? "an" : "no");
	check_fixture_maps_l2(test, fx, online, l2_set);
}

static void __init check_fixture_masks(struct kunit *test, const struct ppc_fixture *fx,
				       const struct cpumask *online)
{
	check_fixture_masks_l2(test, fx, online, PPC_FIXTURE_SET_L2);
}

/* The masks of check_fixture_masks(), over the CPUs that are @online. */
static void __init check_fixture_maps_l2(struct kunit *test, const struct ppc_fixture *fx,
					 const struct cpumask *online,
					 enum ppc_fixture_set l2_set)
{
	bool l2_groups = fx->l2_share == PPC_FIXTURE_L2_THREAD_GROUP;
	cpumask_t all;
	int cpu;

	cpumask_clear(&all);
	for (cpu = 0; cpu < fx->nr_cpus; cpu++)
		cpumask_set_cpu(cpu, &all);
	expect_kernel_map(test, fx, PPC_MAP_SIBLING, PPC_FIXTURE_SET_CORE, online);
	if (fx->has_big_cores)
		expect_kernel_map(test, fx, PPC_MAP_SMALLCORE, PPC_FIXTURE_SET_GROUP, online);
	if (fx->thread_groups_len)
		expect_kernel_map(test, fx, PPC_MAP_TG_L1, PPC_FIXTURE_SET_GROUP, &all);
	if (l2_groups) {
		expect_kernel_map(test, fx, PPC_MAP_TG_L2, PPC_FIXTURE_SET_L2, &all);
		expect_kernel_map(test, fx, PPC_MAP_TG_L3, PPC_FIXTURE_SET_L2, &all);
	}
	expect_kernel_map(test, fx, PPC_MAP_L2, l2_set, online);
	/* Coregroups are identified only on dedicated processors. */
	if (fx->has_coregroups && !fx->shared_processor)
		expect_kernel_map(test, fx, PPC_MAP_COREGROUP, PPC_FIXTURE_SET_COREGROUP, online);
	expect_kernel_map(test, fx, PPC_MAP_CORE, PPC_FIXTURE_SET_CHIP, online);
	expect_map(test, fx, "node mask", node_of, NULL, PPC_FIXTURE_SET_NODE, online);
}

static void __init check_fixture_maps(struct kunit *test, const struct ppc_fixture *fx,
				      const struct cpumask *online)
{
	check_fixture_maps_l2(test, fx, online, PPC_FIXTURE_SET_L2);
}

static const struct sched_view * __init expect_shape(struct kunit *test,
						     const struct ppc_fixture *fx,
						     struct ppc_fake *fake,
						     const struct cpumask *online);

/* Every CPU comes up, lowest first, as at boot. */
static void __init topology_fixture_masks(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);

	check_fixture_masks(test, fx, fixture_bring_up(test, fake, fx));
}

/* The masks do not depend on the order CPUs come up: highest first. */
static void __init topology_fixture_masks_reverse_order(struct kunit *test)
{
	static const struct fixture_bring_up how __initconst = { .descending = true };
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);

	check_fixture_masks(test, fx, fixture_bring_up_with(test, fake, fx, &how));
}

/*
 * Half the threads of every core online, as ppc64_cpu --smt=4 leaves an
 * SMT8 machine: the masks hold online CPUs only, and shared_caches
 * follows the L2s of the CPUs that are online.
 */
static void __init topology_fixture_masks_half_smt(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct fixture_bring_up how = { .threads_online = fx->threads_per_core / 2 };
	struct ppc_fake *fake = ppc_fake_begin(test);
	const struct cpumask *online = fixture_bring_up_with(test, fake, fx, &how);

	check_fixture_masks(test, fx, online);
	expect_shape(test, fx, fake, online);
}

/* One thread of every core online, as ppc64_cpu --smt=off leaves a machine. */
static void __init topology_fixture_masks_smt_off(struct kunit *test)
{
	static const struct fixture_bring_up how __initconst = { .threads_online = 1 };
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);
	const struct cpumask *online = fixture_bring_up_with(test, fake, fx, &how);

	check_fixture_masks(test, fx, online);
	expect_shape(test, fx, fake, online);
}

/*
 * An LPAR that can take more processors than it has: the kernel's
 * possible CPUs beyond the machine's have no device-tree node, and boot
 * gave them hardware id 0 (smp_setup_cpu_maps() leaves their entries of
 * cpu_to_phys_id[] zero).  init_big_cores() runs over every possible
 * CPU; the machine's masks and flags are the same as without them.
 */
static void __init topology_fixture_masks_with_cpus_to_add(struct kunit *test)
{
	static const struct fixture_bring_up how __initconst = { .cpus_to_add = true };
	const struct ppc_fixture *fx = fixture_param(test);
	const struct cpumask *online;
	struct ppc_fake *fake;

	if (fx->nr_cpus >= nr_cpu_ids)
		kunit_skip(test, "%s: the kernel has no possible CPU beyond its %u", fx->name,
			   fx->nr_cpus);
	fake = ppc_fake_begin(test);
	online = fixture_bring_up_with(test, fake, fx, &how);
	check_fixture_masks(test, fx, online);
	expect_shape(test, fx, fake, online);
}

static void __init expect_shape_domains(struct kunit *test, const struct ppc_fixture *fx,
					const struct sched_view *view,
					const struct cpumask *online);
static void __init expect_cpu_pairs(struct kunit *test, const struct ppc_fixture *fx,
				    const struct sched_view *view, const struct cpumask *cpus);

/*
 * The domains the scheduler builds over the @online CPUs of a machine
 * in a runtime shape, and what it publishes for every pair of them:
 * see expect_shape_domains() and expect_cpu_pairs().  Returns them.
 */
/*
 * A group of a domain stands for a child domain and carries its flags
 * ("sched/topology: Introduce sched_group::flags"): the group holding a
 * CPU is that CPU's kept child, so its flags are the child's as kept,
 * also where cpu_attach_domain() removed a degenerate level between
 * them ("sched/topology: Align group flags when removing degenerate
 * domain").  The lowest level's groups are single CPUs, without flags.
 * Offline CPUs, and the states where some CPUs keep a level that others
 * lose (a core whose L2 partner is offline), are where this differs
 * from the machine's own levels.  Kernels before 6.6 do not do it
 * (PPC_SCHED_GROUP_FLAGS_OF_KEPT_CHILD).
 */
static void __init expect_own_group_flags(struct kunit *test, const struct ppc_fixture *fx,
					  const struct sched_view *view,
					  const struct cpumask *online)
{
	int cpu, n, i, reported = 0;

	if (!PPC_SCHED_GROUP_FLAGS_OF_KEPT_CHILD)
		return;
	for_each_cpu(cpu, online) {
		const struct sched_view_cpu *c;

		if (cpu >= fx->nr_cpus || reported == MAX_REPORTS)
			break;
		c = &view->cpu[cpu];
		for (n = 0; n < c->nr_kept; n++) {
			const struct sched_view_level *lvl = &c->level[n];
			int want = n ? c->level[n - 1].flags : 0;
			int recorded = min(lvl->nr_groups, SCHED_VIEW_MAX_GROUPS);

			if (!lvl->group)
				continue;
			for (i = 0; i < recorded; i++)
				if (lvl->group[i].holds_cpu)
					break;
			if (i == recorded)
				continue;
			if (lvl->group[i].flags != want) {
				const char *whose = n ? "its kept child domain has" :
						   "the lowest level's groups have";

				reported++;
				KUNIT_FAIL(test,
					   "%s: CPU %d %s: the group holding it has flags 0x%x; %s 0x%x",
					   fx->name, cpu, lvl->name, lvl->group[i].flags, whose,
					   want);
				break;
			}
		}
	}
}

static const struct sched_view * __init expect_shape(struct kunit *test,
						     const struct ppc_fixture *fx,
						     struct ppc_fake *fake,
						     const struct cpumask *online)
{
	struct sched_view *view = sched_view_build_what(test, NULL, fake, fx->nr_cpus, online,
							SCHED_VIEW_PAIRS | SCHED_VIEW_GROUPS);

	expect_shape_domains(test, fx, view, online);
	expect_cpu_pairs(test, fx, view, online);
	expect_own_group_flags(test, fx, view, online);
	return view;
}

/*
 * The domains the scheduler rebuilds over the @online CPUs after some
 * went offline: a CPU that went away has none, and every other CPU's
 * widest domain is the online CPUs of its node.
 */
static void __init expect_domains_within(struct kunit *test, const struct ppc_fixture *fx,
					 struct ppc_fake *fake, const struct cpumask *online)
{
	const struct sched_view *view = expect_shape(test, fx, fake, online);
	int cpu, reported = 0;
	cpumask_t want;

	for (cpu = 0; cpu < fx->nr_cpus && reported < MAX_REPORTS; cpu++) {
		const struct sched_view_cpu *c = &view->cpu[cpu];
		const struct cpumask *top;

		if (!cpumask_test_cpu(cpu, online)) {
			if (c->nr_kept) {
				reported++;
				KUNIT_FAIL(test,
					   "%s: offline CPU %d has %d sched domains, the first %*pbl",
					   fx->name, cpu, c->nr_kept,
					   cpumask_pr_args(c->level[0].span));
			}
			continue;
		}
		fixture_set_of(fx, PPC_FIXTURE_SET_NODE, cpu, &want);
		cpumask_and(&want, &want, online);
		top = c->nr_kept ? c->level[c->nr_kept - 1].span : cpu_none_mask;
		if (!cpumask_equal(top, &want)) {
			reported++;
			KUNIT_FAIL(test,
				   "%s: CPU %d's widest sched domain spans %*pbl; its node's online CPUs are %*pbl",
				   fx->name, cpu, cpumask_pr_args(top), cpumask_pr_args(&want));
		}
	}
}

/*
 * Take the CPUs for which @down says so offline, highest first, through
 * the kernel's own hotplug path for masks (remove_cpu_from_masks()),
 * check the masks of the CPUs left and the domains the scheduler
 * rebuilds over them, bring them back lowest first and check the masks
 * again: a CPU that went away is in no other CPU's mask and no domain,
 * and one that came back is where the machine has it.  The flags the bring-up
 * decided are not asserted: the kernel keeps shared_caches once set.
 */
static const struct sched_view * __init boot_view_in(struct kunit *test,
						     const struct ppc_fixture *fx,
						     struct ppc_fake *fake);

static void __init check_hotplug(struct kunit *test, const struct ppc_fixture *fx,
				 bool (*down)(const struct ppc_fixture *fx, int cpu))
{
	struct ppc_fake *fake = ppc_fake_begin(test);
	struct cpumask *online = (struct cpumask *)fixture_bring_up(test, fake, fx);
	int cpu;

	for (cpu = fx->nr_cpus - 1; cpu > 0; cpu--)
		if (down(fx, cpu))
			ppc_fake_take_down(fake, cpu, online);
	check_fixture_maps(test, fx, online);
	expect_domains_within(test, fx, fake, online);
	for (cpu = 1; cpu < fx->nr_cpus; cpu++)
		if (down(fx, cpu))
			ppc_fake_bring_up_cpu(fake, cpu, online);
	check_fixture_maps(test, fx, online);
	/* As at boot again, to the last mask: the domains are the boot bring-up's. */
	if (fixture_memo_is_boot_state(fx, online)) {
		const struct sched_view *view = boot_view_in(test, fx, fake);

		expect_shape_domains(test, fx, view, online);
		expect_cpu_pairs(test, fx, view, online);
		return;
	}
	expect_shape(test, fx, fake, online);
}

static bool __init in_last_core(const struct ppc_fixture *fx, int cpu)
{
	return cpu >= fx->nr_cpus - fx->threads_per_core;
}

/* A core removed after boot and added again: drmgr -c cpu -r, then -a. */
static void __init topology_fixture_masks_core_hotplug(struct kunit *test)
{
	check_hotplug(test, fixture_param(test), in_last_core);
}

static bool __init in_upper_half_of_core(const struct ppc_fixture *fx, int cpu)
{
	return cpu % fx->threads_per_core >= fx->threads_per_core / 2;
}

/* Threads per core halved at run time and restored: ppc64_cpu --smt=4, then --smt=8. */
static void __init topology_fixture_masks_smt_runtime(struct kunit *test)
{
	check_hotplug(test, fixture_param(test), in_upper_half_of_core);
}

static bool __init in_upper_half_of_odd_core(const struct ppc_fixture *fx, int cpu)
{
	return cpu / fx->threads_per_core % 2 && in_upper_half_of_core(fx, cpu);
}

/*
 * Cores with different numbers of threads online: half the threads of
 * every second core taken offline through their online files in sysfs,
 * then brought back.
 */
static void __init topology_fixture_masks_uneven_smt(struct kunit *test)
{
	check_hotplug(test, fixture_param(test), in_upper_half_of_odd_core);
}

/*
 * Firmware without l2-cache nodes: with no ibm,thread-groups L2 block to
 * say otherwise, the kernel assumes "only core siblings share cache"
 * (update_mask_by_l2()).  That is right where the L2 is per core or
 * given by the thread groups; on a machine whose cores share their L2
 * in pairs (p9-smt4-host-128) the L2 shrinks to the core, and with it
 * shared_caches and the CACHE level go.
 */
static void __init topology_fixture_masks_without_l2_nodes(struct kunit *test)
{
	static const struct fixture_bring_up how __initconst = { .no_l2_nodes = true };
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);
	const struct cpumask *online = fixture_bring_up_with(test, fake, fx, &how);

	check_fixture_masks_l2(test, fx, online, fx->l2_share == PPC_FIXTURE_L2_PAIR_OF_CORES ?
			       PPC_FIXTURE_SET_CORE : PPC_FIXTURE_SET_L2);
}

/*
 * Firmware without ibm,chip-id (cpu_to_chip_id() is -1 for every CPU):
 * the kernel cannot tell chips apart and keeps cpu_core_mask within the
 * node ("powerpc/smp: Update cpu_core_map on all PowerPc systems",
 * b8b928030332: "limit the cpu_core_mask to within PKG"), for every CPU
 * alike, the first to come up as the last.  Every other mask is the
 * machine's.
 */
static void __init topology_fixture_masks_without_chip_ids(struct kunit *test)
{
	static const struct fixture_bring_up how __initconst = { .no_chip_ids = true };
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fixture *no_chips = kunit_kmalloc(test, sizeof(*no_chips), GFP_KERNEL);
	struct ppc_fixture_cpu *cpus;
	struct ppc_fake *fake;
	int cpu;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, no_chips);
	cpus = kunit_kcalloc(test, fx->nr_cpus, sizeof(*cpus), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, cpus);
	/* The machine as this kernel can know it: its chips are its nodes. */
	*no_chips = *fx;
	memcpy(cpus, fx->cpus, fx->nr_cpus * sizeof(*cpus));
	for (cpu = 0; cpu < fx->nr_cpus; cpu++)
		cpus[cpu].chip = cpus[cpu].node;
	no_chips->cpus = cpus;
	fake = ppc_fake_begin(test);
	check_fixture_maps(test, no_chips, fixture_bring_up_with(test, fake, fx, &how));
}

#if defined(CONFIG_HOTPLUG_SMT) && defined(topology_is_core_online)
static const int smt_widths[] = { 1, 2, 4, 8 };

static void smt_width_describe(const int *threads, char *desc)
{
	scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "SMT%d", *threads);
}

KUNIT_ARRAY_PARAM(smt_width, smt_widths, smt_width_describe);

/*
 * "cpu/SMT: Enable SMT only if a core is online" and "powerpc/topology:
 * Check if a core is online" (6c17ea1f3eaa, 227bbaabe64b): raising the
 * SMT level brings back the threads of a core only if the core is
 * online, which on powerpc is one of its threads being online.  At every
 * SMT width, with the one online CPU and the first thread of the core
 * after next marked online too: every thread of those two cores says its
 * core is online, every thread of the cores around them says it is not.
 * The second CPU is marked online only while the answers are read, with
 * interrupts hard-disabled on the one CPU that runs: nothing else sees it.
 */
static void __init topology_core_online_by_threads(struct kunit *test)
{
	int threads = *(const int *)test->param_value;
	struct ppc_fake *fake = ppc_fake_begin(test);
	int cpu, online = raw_smp_processor_id(), reported = 0;
	int second = (online / threads + 2) * threads;
	int nr = min_t(int, nr_cpu_ids, 16 * threads);
	bool said[16 * 8];
	unsigned long flags;

	KUNIT_ASSERT_LT_MSG(test, second, nr, "SMT%d: no core after next to CPU %d", threads,
			    online);
	ppc_fake_set_threads_per_core(fake, threads);
	local_irq_save(flags);
	hard_irq_disable();
	set_cpu_online(second, true);
	for (cpu = 0; cpu < nr; cpu++)
		said[cpu] = topology_is_core_online(cpu);
	set_cpu_online(second, false);
	local_irq_restore(flags);

	for (cpu = 0; cpu < nr && reported < MAX_REPORTS; cpu++) {
		bool want = cpu / threads == online / threads || cpu / threads == second / threads;

		if (said[cpu] == want)
			continue;
		reported++;
		KUNIT_FAIL(test,
			   "SMT%d, CPUs %d and %d online: topology_is_core_online(%d) says %s; its core %d-%d %s",
			   threads, online, second, cpu, want ? "no" : "yes",
			   cpu / threads * threads, cpu / threads * threads + threads - 1,
			   want ? "holds an online CPU" : "has no thread online");
	}
}
#else
static const int smt_widths[] = { 0 };

static void smt_width_describe(const int *threads, char *desc)
{
	strscpy(desc, "no-core-online-check", KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(smt_width, smt_widths, smt_width_describe);

static void __init topology_core_online_by_threads(struct kunit *test)
{
	kunit_skip(test,
		   "no topology_is_core_online() (HOTPLUG_SMT, 6.11 and later): nothing decides which cores SMT control brings back");
}
#endif

#define TOPOLOGY_FLAGS	(SD_SHARE_CPUCAPACITY | LLC_FLAG | SD_ASYM_PACKING)

/* The @n-th level @cpu keeps, lowest first, of the fixture's levels. */
static const struct ppc_fixture_level *fixture_kept_level(const struct ppc_fixture *fx,
							  int cpu, int n)
{
	int i;

	for (i = 0; i < fx->nr_levels; i++)
		if ((fx->cpus[cpu].levels & BIT(i)) && !n--)
			return &fx->levels[i];
	return NULL;
}

/* One CPU's domains against the levels the fixture says it ends with. */
static bool __init expect_cpu_domains(struct kunit *test, const struct ppc_fixture *fx,
				      const struct sched_view_cpu *c, int cpu)
{
	const struct ppc_fixture_level *lvl;
	cpumask_t want;
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
		fixture_set_of(fx, lvl->set, cpu, &want);
		if (got->span_weight != cpumask_weight(got->span)) {
			KUNIT_FAIL(test,
				   "%s: CPU %d domain %d (%s %*pbl) has span_weight %u for its %u CPUs",
				   fx->name, cpu, n, got->name, cpumask_pr_args(got->span),
				   got->span_weight, cpumask_weight(got->span));
			return false;
		}
		if (strcmp(got->name, role_name(lvl->role)) || !cpumask_equal(got->span, &want) ||
		    (got->flags & TOPOLOGY_FLAGS) != sd_flags_of(fixture_level_flags(fx, lvl))) {
			KUNIT_FAIL(test,
				   "%s: CPU %d domain %d is %s %*pbl flags 0x%x; the machine's is %s %*pbl (its %s) flags 0x%x",
				   fx->name, cpu, n, got->name, cpumask_pr_args(got->span),
				   got->flags & TOPOLOGY_FLAGS, role_name(lvl->role),
				   cpumask_pr_args(&want), fixture_set_name(lvl->set),
				   sd_flags_of(fixture_level_flags(fx, lvl)));
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
 * The set of the CPUs that share @cpu's LLC: the widest of the levels it
 * keeps that share the LLC, all below it sharing it too.
 */
static const struct ppc_fixture_level *fixture_llc_level(const struct ppc_fixture *fx, int cpu)
{
	const struct ppc_fixture_level *lvl, *llc = NULL;
	int n;

	for (n = 0; (lvl = fixture_kept_level(fx, cpu, n)); n++) {
		if (!(fixture_level_flags(fx, lvl) & PPC_FIXTURE_SHARES_LLC))
			break;
		llc = lvl;
	}
	return llc;
}

/*
 * One CPU's LLC domain, sd_llc_size and the ids and shared object that go
 * with it against the fixture's: on a machine without clusters (no
 * powerpc level has SD_CLUSTER) sd_share_id is the LLC's first CPU, the
 * CPU itself without an LLC, and sd_llc_shared is the LLC domain's
 * shared object, which on 7.3 is sd_balance_shared too, as no level has
 * asymmetric capacities (update_top_cache_domain()).
 */
static bool __init expect_cpu_llc(struct kunit *test, const struct ppc_fixture *fx,
				  const struct sched_view_cpu *c, int cpu)
{
	const struct ppc_fixture_level *llc = fixture_llc_level(fx, cpu);
	cpumask_t want;
	int want_id;

	cpumask_clear(&want);
	if (llc)
		fixture_set_of(fx, llc->set, cpu, &want);
	want_id = llc ? cpumask_first(&want) : cpu;
	if (cpumask_equal(c->llc, &want) && c->llc_size == cpumask_weight(&want) &&
	    c->share_id == want_id && c->llc_shared_is_llcs == !!llc && (llc || !c->llc_shared) &&
	    c->balance_is_llc_shared)
		return true;
	KUNIT_FAIL(test,
		   "%s: CPU %d LLC is %*pbl (sd_llc_size %d, id %d, %s shared object%s); the machine's is its %s %*pbl (%u CPUs, id %d, the LLC domain's shared object)",
		   fx->name, cpu, cpumask_pr_args(c->llc), c->llc_size, c->share_id,
		   c->llc_shared_is_llcs ? "the LLC domain's" : c->llc_shared ? "another" : "no",
		   c->balance_is_llc_shared ? "" : ", another to balance", llc ?
		   fixture_set_name(llc->set) : "none", cpumask_pr_args(&want),
		   cpumask_weight(&want), want_id);
	return false;
}

/*
 * The CPUs of one LLC share one sd_llc_shared, which holds what
 * select_idle_cpu() and the idle-core search keep for the LLC
 * (has_idle_cores, nr_busy_cpus); CPUs of different LLCs do not.
 */
static bool __init expect_llc_shared(struct kunit *test, const struct ppc_fixture *fx,
				     const struct sched_view *view, int cpu)
{
	const struct ppc_fixture_level *llc = fixture_llc_level(fx, cpu);
	cpumask_t mine;
	int other;

	if (!llc)
		return true;
	fixture_set_of(fx, llc->set, cpu, &mine);
	for (other = 0; other < cpu; other++) {
		bool same = cpumask_test_cpu(other, &mine);
		bool shares = view->cpu[other].llc_shared == view->cpu[cpu].llc_shared;

		if (shares == same)
			continue;
		KUNIT_FAIL(test, "%s: CPUs %d and %d %s sd_llc_shared; they %s an LLC (%s %*pbl)",
			   fx->name, other, cpu, same ? "do not share" : "share",
			   same ? "share" : "do not share", fixture_set_name(llc->set),
			   cpumask_pr_args(&mine));
		return false;
	}
	return true;
}

/*
 * The domains the scheduler keeps for the @online CPUs of a machine in a
 * runtime shape (threads or cores offline, CPUs possible beyond it),
 * from the scheduler's degeneration rules over the machine's levels: each
 * level the CPU keeps with every CPU online spans the online CPUs of its
 * set; sd_degenerate() drops one that spans the CPU alone, and
 * sd_parent_degenerate() one that spans what the level kept below it
 * spans and adds no flag to it.  The rest are kept, with their flags.
 */
static void __init expect_shape_domains(struct kunit *test, const struct ppc_fixture *fx,
					const struct sched_view *view,
					const struct cpumask *online)
{
	struct {
		const struct ppc_fixture_level *lvl;
		cpumask_t span;
	} *want = kunit_kcalloc(test, SCHED_VIEW_MAX_LEVELS, sizeof(*want), GFP_KERNEL);
	const struct ppc_fixture_level *lvl;
	int cpu, n, k, reported = 0;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, want);
	for_each_cpu(cpu, online) {
		const struct sched_view_cpu *c = &view->cpu[cpu];

		if (cpu >= fx->nr_cpus || reported == MAX_REPORTS)
			break;
		for (n = 0, k = 0; (lvl = fixture_kept_level(fx, cpu, n)) &&
		     k < SCHED_VIEW_MAX_LEVELS; n++) {
			u8 flags = fixture_level_flags(fx, lvl);

			fixture_set_of(fx, lvl->set, cpu, &want[k].span);
			cpumask_and(&want[k].span, &want[k].span, online);
			if (cpumask_weight(&want[k].span) < 2)
				continue;
			if (k && cpumask_equal(&want[k].span, &want[k - 1].span) &&
			    !(flags & ~fixture_level_flags(fx, want[k - 1].lvl)))
				continue;
			want[k++].lvl = lvl;
		}
		/* The first kept level that is not the machine's, if any. */
		for (n = 0; n < k && n < c->nr_kept; n++) {
			lvl = want[n].lvl;
			if (strcmp(c->level[n].name, role_name(lvl->role)) ||
			    !cpumask_equal(c->level[n].span, &want[n].span) ||
			    (c->level[n].flags & TOPOLOGY_FLAGS) !=
			    sd_flags_of(fixture_level_flags(fx, lvl)))
				break;
		}
		if (n == k && c->nr_kept == k)
			continue;
		reported++;
		KUNIT_FAIL(test,
			   "%s, online %*pbl: CPU %d keeps %d domains, the machine %d; domain %d is %s %*pbl flags 0x%x, the machine's %s %*pbl (its %s) flags 0x%x",
			   fx->name, cpumask_pr_args(online), cpu, c->nr_kept, k, n,
			   n < c->nr_kept ? c->level[n].name : "none",
			   cpumask_pr_args(n < c->nr_kept ? c->level[n].span : cpu_none_mask),
			   n < c->nr_kept ? c->level[n].flags & TOPOLOGY_FLAGS : 0,
			   n < k ? role_name(want[n].lvl->role) : "none",
			   cpumask_pr_args(n < k ? &want[n].span : cpu_none_mask),
			   n < k ? fixture_set_name(want[n].lvl->set) : "-",
			   n < k ? sd_flags_of(fixture_level_flags(fx, want[n].lvl)) : 0);
	}
}

/*
 * What the scheduler says of every pair of the machine's @cpus, once
 * build_sched_domains() and update_top_cache_domain() have published
 * their ids, against what the machine shares:
 *  - cpus_share_cache() is true exactly for two CPUs of one L2: on 7.3 the
 *    id it compares comes from arch_llc_mask(), cpu_l2_cache_mask() on
 *    powerpc, and the ids may be any numbers; the partition they make is
 *    the machine's L2s, and the ids agree with the answer;
 *  - cpus_share_resources() is true exactly for two CPUs of one LLC
 *    domain (no powerpc level has SD_CLUSTER), cross-checked against the
 *    LLC domain the view shows for the first CPU;
 *  - cpus_equal_capacity() is true for every pair: the cores of a POWER
 *    machine are alike, and nothing marks capacities asymmetric.
 */
static void __init expect_llc_counts(struct kunit *test, const struct ppc_fixture *fx,
				     const struct sched_view *view, const struct cpumask *cpus);

/* The CPUs of @cpus in CPU @cpu's class of @rel. */
static void __init cpus_in_class(const struct sched_view *view, const int *rel, int cpu,
				 const struct cpumask *cpus, struct cpumask *class)
{
	int other;

	cpumask_clear(class);
	for_each_cpu(other, cpus)
		if (other < view->nr_cpus && sched_view_pair(view, rel, cpu, other))
			__cpumask_set_cpu(other, class);
}

static void __init expect_cpu_pairs(struct kunit *test, const struct ppc_fixture *fx,
				    const struct sched_view *view, const struct cpumask *cpus)
{
	struct cpumask *l2, *cache, *res, *llc, *same_id, *cap;
	int a, b, reported = 0;

	if (!view->published)
		return;
	/* Not on the stack: with NR_CPUS=8192 (KCONFIG=distro) a mask is 1 KiB. */
	l2 = kunit_kcalloc(test, 6, cpumask_size(), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, l2);
	cache = (void *)l2 + cpumask_size();
	res = (void *)cache + cpumask_size();
	llc = (void *)res + cpumask_size();
	same_id = (void *)llc + cpumask_size();
	cap = (void *)same_id + cpumask_size();
	/*
	 * Every pair, as one mask per CPU and relation: the CPUs it makes a
	 * pair with.  A class's mask is the same for each of its CPUs, so it
	 * is made again only for a CPU outside the last one.
	 */
	for_each_cpu(a, cpus) {
		const struct sched_view_cpu *ca = &view->cpu[a];

		if (a >= fx->nr_cpus || reported >= MAX_REPORTS)
			break;
		fixture_set_of(fx, PPC_FIXTURE_SET_L2, a, l2);
		cpumask_and(l2, l2, cpus);
		if (!cpumask_test_cpu(a, cache))
			cpus_in_class(view, view->share_cache, a, cpus, cache);
		if (!cpumask_test_cpu(a, res))
			cpus_in_class(view, view->share_resources, a, cpus, res);
		if (!cpumask_test_cpu(a, cap))
			cpus_in_class(view, view->equal_capacity, a, cpus, cap);
		if (!cpumask_test_cpu(a, same_id) ||
		    view->cpu[cpumask_first(same_id)].llc_id != ca->llc_id) {
			cpumask_clear(same_id);
			for_each_cpu(b, cpus)
				if (b < fx->nr_cpus && view->cpu[b].llc_id == ca->llc_id)
					__cpumask_set_cpu(b, same_id);
		}
		cpumask_and(llc, ca->llc, cpus);
		__cpumask_set_cpu(a, llc);

		if (!cpumask_equal(cache, l2) || !cpumask_equal(cache, same_id)) {
			reported++;
			KUNIT_FAIL(test,
				   "%s, CPUs %*pbl: cpus_share_cache() pairs CPU %d with %*pbl; it shares an L2 with %*pbl, its LLC id %d with %*pbl",
				   fx->name, cpumask_pr_args(cpus), a, cpumask_pr_args(cache),
				   cpumask_pr_args(l2), ca->llc_id, cpumask_pr_args(same_id));
		}
		if (!cpumask_equal(res, llc)) {
			reported++;
			KUNIT_FAIL(test,
				   "%s, CPUs %*pbl: cpus_share_resources() pairs CPU %d with %*pbl; its LLC domain is %*pbl",
				   fx->name, cpumask_pr_args(cpus), a, cpumask_pr_args(res),
				   cpumask_pr_args(ca->llc));
		}
		if (!cpumask_equal(cap, cpus)) {
			reported++;
			KUNIT_FAIL(test,
				   "%s: cpus_equal_capacity() pairs CPU %d with %*pbl only; the machine's cores are alike",
				   fx->name, a, cpumask_pr_args(cap));
		}
	}
	expect_llc_counts(test, fx, view, cpus);
}

/*
 * Cache-aware scheduling counts each LLC's tasks in an array of the
 * lowest domain kept, indexed by LLC id: every CPU with a domain left
 * holds one long enough for every LLC id of the machine (the lowest level
 * of every powerpc table shares the LLC, so the build allocates one for
 * each CPU), and a CPU with none holds none.  And the build says there
 * are LLCs within a wider domain (what turns cache-aware scheduling on)
 * exactly when a level that shares the LLC spans more than one of the
 * CPUs and fewer than their node's.
 */
static void __init expect_llc_counts(struct kunit *test, const struct ppc_fixture *fx,
				     const struct sched_view *view, const struct cpumask *cpus)
{
	int cpu, i, max_id = -1, reported = 0;
	struct cpumask *set, *node;
	bool multi = false;

	if (!IS_ENABLED(CONFIG_SCHED_CACHE))
		return;
	/* Not on the stack: with NR_CPUS=8192 (KCONFIG=distro) a mask is 1 KiB. */
	set = fixture_mask(test);
	node = fixture_mask(test);
	for_each_cpu(cpu, cpus)
		if (cpu < fx->nr_cpus)
			max_id = max(max_id, view->cpu[cpu].llc_id);
	/* Every CPU, however many the counts below report. */
	for_each_cpu(cpu, cpus) {
		if (cpu >= fx->nr_cpus || multi)
			break;
		fixture_set_of(fx, PPC_FIXTURE_SET_NODE, cpu, node);
		cpumask_and(node, node, cpus);
		for (i = 0; i < fx->nr_levels; i++) {
			if (!(fixture_level_flags(fx, &fx->levels[i]) & PPC_FIXTURE_SHARES_LLC))
				continue;
			fixture_set_of(fx, fx->levels[i].set, cpu, set);
			cpumask_and(set, set, cpus);
			if (cpumask_weight(set) > 1 && cpumask_weight(set) < cpumask_weight(node))
				multi = true;
		}
	}
	for_each_cpu(cpu, cpus) {
		const struct sched_view_cpu *c = &view->cpu[cpu];
		bool want = c->nr_kept > 0;

		if (cpu >= fx->nr_cpus || reported >= MAX_REPORTS)
			break;
		if (c->llc_counts == want && (want ? c->llc_max > max_id : !c->llc_max))
			continue;
		reported++;
		KUNIT_FAIL(test,
			   "%s, CPUs %*pbl: CPU %d (%d domains kept) has %s LLC task counts (llc_max %u); the machine's LLC ids go up to %d",
			   fx->name, cpumask_pr_args(cpus), cpu, c->nr_kept,
			   c->llc_counts ? "its" : "no", c->llc_max, max_id);
	}
	KUNIT_EXPECT_EQ_MSG(test, view->multi_llcs, multi,
			    "%s, CPUs %*pbl: the build says there are %sLLCs within a wider domain",
			    fx->name, cpumask_pr_args(cpus), view->multi_llcs ? "" : "no ");
}

static const struct sched_view * __init boot_view(struct kunit *test,
						  const struct ppc_fixture *fx);

/*
 * "Relations, not numbers": every fixture in both processor modes,
 * brought up as boot brings it up, and what the scheduler says of every
 * pair of its CPUs (expect_cpu_pairs()).
 */
static void __init topology_fixture_cpu_pairs(struct kunit *test)
{
	const struct ppc_fixture *own;
	const struct cpumask *online;
	const struct sched_view *view;
	struct ppc_fixture *fx;
	struct ppc_fake *fake;
	bool shared;

	if (!PPC_SCHED_VIEW_PUBLISHED)
		kunit_skip(test,
			   "the seam of this base does not show every CPU's LLC and share ids at once (7.3's does)");
	own = fixture_of_mode(test->param_value, &shared);
	if (shared == own->shared_processor) {
		struct cpumask *cpus = fixture_mask(test);
		int cpu;

		for (cpu = 0; cpu < own->nr_cpus; cpu++)
			cpumask_set_cpu(cpu, cpus);
		view = boot_view(test, own);
		expect_cpu_pairs(test, own, view, cpus);
		return;
	}
	fx = fixture_in_mode(test, own, shared);
	fake = ppc_fake_begin(test);
	online = fixture_bring_up(test, fake, fx);
	view = sched_view_build_what(test, NULL, fake, fx->nr_cpus, NULL, SCHED_VIEW_PAIRS);
	KUNIT_ASSERT_TRUE_MSG(test, view->published, "%s: the seam published no ids", fx->name);
	expect_cpu_pairs(test, fx, view, online);
}

/*
 * The domains the scheduler builds for each fixture brought up as boot
 * brings it up, with their groups and what the scheduler says of every
 * pair of CPUs.  Six cases read them and none changes them, and the
 * bring-up and the build of the largest machine were most of those
 * cases' time: the first case that asks for a fixture's builds them, the
 * fake state is put back as always, and the view stays, its memory
 * boot_views_owner's, freed with the suite.  The hotplug cases ask too,
 * once their machine is back in its boot state (fixture_memo.c).
 */
static struct kunit boot_views_owner;
static struct sched_view *boot_views[PPC_NR_FIXTURES];

static struct sched_view ** __init boot_view_slot(struct kunit *test,
						  const struct ppc_fixture *fx)
{
	int i;

	for (i = 0; i < PPC_NR_FIXTURES && ppc_fixtures[i] != fx; i++)
		;
	KUNIT_ASSERT_LT_MSG(test, i, PPC_NR_FIXTURES, "%s is not one of fixtures/", fx->name);
	return &boot_views[i];
}

/* The boot view of @fx, built from @fake's state, its boot state, if there is none yet. */
static const struct sched_view * __init boot_view_in(struct kunit *test,
						     const struct ppc_fixture *fx,
						     struct ppc_fake *fake)
{
	struct sched_view **slot = boot_view_slot(test, fx);

	if (!*slot)
		*slot = sched_view_build_what(test, &boot_views_owner, fake, fx->nr_cpus, NULL,
					      SCHED_VIEW_GROUPS | SCHED_VIEW_PAIRS);
	return *slot;
}

static const struct sched_view * __init boot_view(struct kunit *test,
						  const struct ppc_fixture *fx)
{
	struct ppc_fake *fake;

	if (*boot_view_slot(test, fx))
		return *boot_view_slot(test, fx);
	fake = ppc_fake_begin(test);
	fixture_bring_up(test, fake, fx);
	return boot_view_in(test, fx, fake);
}

static const struct sched_view * __init fixture_sched_view(struct kunit *test)
{
	return boot_view(test, fixture_param(test));
}

static int __init topology_suite_init(struct kunit_suite *suite)
{
	kunit_init_test(&boot_views_owner, "powerpc_topology boot views", NULL);
	return 0;
}

static void __init topology_suite_exit(struct kunit_suite *suite)
{
	kunit_cleanup(&boot_views_owner);
	memset(boot_views, 0, sizeof(boot_views));
	fixture_memo_forget();
	fixture_set_forget();
}

/*
 * The scheduler's own domain builder, over the masks the kernel computed
 * for the fixture and the table it built for it, keeps for every CPU the
 * levels a machine of that shape has: their names, spans and topology
 * flags.
 */
static void __init topology_fixture_domains(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	const struct sched_view *view;
	int cpu, reported = 0;

	require_no_asym_smt(test);
	view = fixture_sched_view(test);
	for (cpu = 0; cpu < fx->nr_cpus && reported < MAX_REPORTS; cpu++)
		reported += !expect_cpu_domains(test, fx, &view->cpu[cpu], cpu);
}

/*
 * Every CPU's LLC, the domain update_top_cache_domain() makes sd_llc, is
 * the widest level that shares the LLC, as the fixture's levels say (the
 * L2 on every machine).  sd_llc_size follows it, and with it the CPUs that
 * select_idle_cpu() scans for an idle one on a wakeup.
 *
 * The same on 6.1, 6.12 and 7.3: what differs on 7.3 is the LLC id, which
 * this case does not assert.  Up to 6.12, update_top_cache_domain() set
 * sd_llc_id to the first CPU of the LLC domain.  Cache-aware scheduling
 * ("sched/cache: Make LLC id continuous", CONFIG_SCHED_CACHE) moved it to
 * build_sched_domains(): a dense id from an allocator, given once to a CPU
 * that has none, from its arch_llc_mask() siblings (cpu_l2_cache_mask() on
 * powerpc, not the LLC domain) or new, and kept across rebuilds.  The real
 * CPUs a fixture overlays keep their boot ids, so cpus_share_cache() on
 * them describes the booted machine, not the fixture; the seam gives the
 * fixture's ids back after each build.  Cache-aware scheduling itself
 * stays off on powerpc: get_effective_llc_bytes() reads the generic
 * cacheinfo, which powerpc does not fill, and only
 * partition_sched_domains() switches it (the seam drops its multi_llcs).
 */
static void __init topology_fixture_llc(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	const struct sched_view *view = fixture_sched_view(test);
	int cpu, reported = 0;

	for (cpu = 0; cpu < fx->nr_cpus && reported < MAX_REPORTS; cpu++)
		reported += !expect_cpu_llc(test, fx, &view->cpu[cpu], cpu) ||
			    !expect_llc_shared(test, fx, view, cpu);
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
		if (fixture_level_flags(fx, lvl) & PPC_FIXTURE_PACKS)
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
static void __init topology_fixture_domain_pointers(struct kunit *test)
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

/* One group of @cpu's level @n against the machine; false if reported. */
static bool __init expect_group(struct kunit *test, const struct ppc_fixture *fx, int cpu,
				int n, const struct sched_view_level *lvl,
				const struct sched_view_group *g)
{
	const struct ppc_fixture_level *below = n ? fixture_kept_level(fx, cpu, n - 1) : NULL;
	unsigned long full = SCHED_CAPACITY_SCALE * g->weight;
	bool asym = lvl->flags & SD_ASYM_PACKING;
	int want_flags = below ? sd_flags_of(fixture_level_flags(fx, below)) : 0;
	cpumask_t want;

	cpumask_clear(&want);
	if (below)
		fixture_set_of(fx, below->set, g->first, &want);
	else
		cpumask_set_cpu(g->first, &want);
	if (g->outside || g->overlaps || cpumask_first(&want) != g->first ||
	    cpumask_weight(&want) != g->weight) {
		KUNIT_FAIL(test,
			   "%s: CPU %d %s: the group of CPU %d has %d CPUs%s%s; groups partition the span into the level below's sets (CPU %d's %s is %*pbl)",
			   fx->name, cpu, lvl->name, g->first, g->weight,
			   g->outside ? ", some outside the span" : "",
			   g->overlaps ? ", some in another group" : "", g->first,
			   below ? fixture_set_name(below->set) : "own CPU",
			   cpumask_pr_args(&want));
		return false;
	}
	/*
	 * The scheduler's own counts of the group: sched_group::group_weight,
	 * its CPUs, and (from 6.6) sched_group::cores, the cores
	 * cpu_smt_mask() spans in it, which powerpc makes the small cores
	 * where a core has several L1 thread groups.
	 */
	if (g->group_weight != g->weight ||
	    (PPC_SCHED_GROUP_HAS_CORES && g->cores != fixture_cores_in(fx, &want))) {
		KUNIT_FAIL(test,
			   "%s: CPU %d %s: the group of CPUs %*pbl counts %u CPUs and %u cores; it has %d CPUs in %u cores (small cores where there are thread groups)",
			   fx->name, cpu, lvl->name, cpumask_pr_args(&want), g->group_weight,
			   g->cores, g->weight, fixture_cores_in(fx, &want));
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
static void __init topology_fixture_groups(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	const struct sched_view *view;
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
				if (!expect_group(test, fx, cpu, n, lvl, &lvl->group[i])) {
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

/*
 * The topology built from the machine state has no level the scheduler
 * throws away: every domain build_sched_domains() builds survives
 * cpu_attach_domain()'s sd_degenerate() and sd_parent_degenerate().
 */
static void __init topology_fixture_keeps_every_level(struct kunit *test)
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
static void __init topology_fixture_repeated_level_dropped(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);
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
		reported += !expect_cpu_domains(test, fx, c, cpu);
	}
}

/*
 * KUnit's speed attribute (6.6 and later): the hotplug shapes and the
 * machines without chip ids take a second or more each, the largest
 * machine most of it (without ibm,chip-id, cpu_to_chip_id() caches
 * nothing and walks /cpus for each CPU of each CPU's masks), so that
 * kunit.filter="speed>slow" can leave them out of a quick run.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
#define TOPOLOGY_CASE_SLOW(name, gen)	\
	KUNIT_CASE_PARAM_ATTR(name, gen, { .speed = KUNIT_SPEED_SLOW })
#else
#define TOPOLOGY_CASE_SLOW(name, gen)	KUNIT_CASE_PARAM(name, gen)
#endif

/*
 * Kept after boot for KUnit's debugfs; __refdata because the cases are
 * __init, which an init-section suite allows (modpost would warn).
 */
static struct kunit_case __refdata topology_cases[] = {
	KUNIT_CASE_PARAM(topology_levels_by_state, fixture_mode_gen_params),
	KUNIT_CASE_PARAM(topology_asym_flags_by_state, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_no_mc_on_shared_processor, coregroup_fixture_gen_params),
	KUNIT_CASE(topology_ro_after_init),
	KUNIT_CASE_PARAM(topology_asym_priority_fixtures, fixture_gen_params),
	KUNIT_CASE(topology_asym_priority_within_core),
	KUNIT_CASE_PARAM(topology_asym_priority_by_state, priority_state_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_masks, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_masks_reverse_order, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_masks_half_smt, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_masks_smt_off, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_masks_without_l2_nodes, fixture_gen_params),
	TOPOLOGY_CASE_SLOW(topology_fixture_masks_without_chip_ids, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_core_online_by_threads, smt_width_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_masks_with_cpus_to_add, fixture_gen_params),
	TOPOLOGY_CASE_SLOW(topology_fixture_masks_core_hotplug, fixture_gen_params),
	TOPOLOGY_CASE_SLOW(topology_fixture_masks_smt_runtime, fixture_gen_params),
	TOPOLOGY_CASE_SLOW(topology_fixture_masks_uneven_smt, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_domains, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_cpu_pairs, fixture_mode_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_llc, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_domain_pointers, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_groups, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_keeps_every_level, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_repeated_level_dropped, fixture_gen_params),
	{}
};

static struct kunit_suite __refdata topology_suite = {
	.name = "powerpc_topology",
	.suite_init = topology_suite_init,
	.suite_exit = topology_suite_exit,
	.test_cases = topology_cases,
};

kunit_test_init_section_suites(&topology_suite);
