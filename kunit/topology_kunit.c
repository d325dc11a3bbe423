// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the powerpc sched-domain topology under fake machine
 * states: the levels the kernel's own builder makes, their flags, the LLC,
 * the levels the scheduler would degenerate, and asym-packing priorities.
 * One suite, powerpc_topology; each topology_*_kunit.c file asserts one
 * of those things (topology_kunit.h lists them), and this one holds what
 * they share: the parameters, the boot views, the case list.
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
#include <linux/topology.h>
#include <asm/cputable.h>

#include "fixture_memo.h"
#include "kunit_compat.h"
#include "topology_kunit.h"

KUNIT_ARRAY_PARAM(fixture, ppc_fixtures, fixture_describe);

const char *role_name(u8 role)
{
	static const char * const names[] = {
		[PPC_FIXTURE_SMT] = "SMT",
		[PPC_FIXTURE_CACHE] = "CACHE",
		[PPC_FIXTURE_MC] = "MC",
		[PPC_FIXTURE_TOP] = PPC_SCHED_TOP_LEVEL,
	};

	return role < ARRAY_SIZE(names) ? names[role] : "?";
}

void __init require_no_asym_smt(struct kunit *test)
{
	/* POWER7's ASYM_SMT would add SD_ASYM_PACKING to SMT; not emulated. */
	KUNIT_ASSERT_FALSE_MSG(test, cpu_has_feature(CPU_FTR_ASYM_SMT),
			       "this CPU has CPU_FTR_ASYM_SMT; the expected tables assume it does not");
}

/* Every fixture in both processor modes (ppc_fixture_modes[], fixturec's). */
static void fixture_mode_describe(const struct ppc_fixture_mode *mode, char *desc)
{
	/* No comma or space: tools/matrix's matrix-expected lists parameters. */
	scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s/%s", mode->fx->name,
		  mode->shared ? "shared" : "dedicated");
}

KUNIT_ARRAY_PARAM(fixture_mode, ppc_fixture_modes, fixture_mode_describe);

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

/* The states no fixture has, for topology_asym_priority_by_state(). */
static const struct priority_state priority_states[] = {
	{ .shared = true, .big_cores = false, .threads = 4 },
	{ .shared = true, .big_cores = false, .threads = 8 },
	{ .shared = true, .big_cores = true, .threads = 4 },
	{ .shared = false, .big_cores = true, .threads = 8 },
	{ .shared = false, .big_cores = false, .threads = 4 },
};

void priority_state_describe(const struct priority_state *p, char *desc)
{
	scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s, %s, SMT%d",
		  p->shared ? "shared" : "dedicated", p->big_cores ? "big cores" : "no big cores",
		  p->threads);
}

KUNIT_ARRAY_PARAM(priority_state, priority_states, priority_state_describe);

/*
 * The SMT widths topology_core_online_by_threads() asks at; one that
 * names why it skips where the kernel has no topology_is_core_online().
 */
#if PPC_FAKE_HAS_SMT_CONTROL
static const int smt_widths[] = { 1, 2, 4, 8 };

static void smt_width_describe(const int *threads, char *desc)
{
	scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "SMT%d", *threads);
}
#else
static const int smt_widths[] = { 0 };

static void smt_width_describe(const int *threads, char *desc)
{
	strscpy(desc, "no-core-online-check", KUNIT_PARAM_DESC_SIZE);
}
#endif

KUNIT_ARRAY_PARAM(smt_width, smt_widths, smt_width_describe);

/* The @n-th level @cpu keeps, lowest first, of the fixture's levels. */
const struct ppc_fixture_level *fixture_kept_level(const struct ppc_fixture *fx, int cpu,
						   int n)
{
	int i;

	for (i = 0; i < fx->nr_levels; i++)
		if ((fx->cpus[cpu].levels & BIT(i)) && !n--)
			return &fx->levels[i];
	return NULL;
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
const struct sched_view * __init boot_view_in(struct kunit *test,
					      const struct ppc_fixture *fx,
					      struct ppc_fake *fake)
{
	struct sched_view **slot = boot_view_slot(test, fx);

	if (!*slot)
		*slot = sched_view_build_what(test, &boot_views_owner, fake, fx->nr_cpus, NULL,
					      SCHED_VIEW_GROUPS | SCHED_VIEW_PAIRS);
	return *slot;
}

const struct sched_view * __init boot_view(struct kunit *test, const struct ppc_fixture *fx)
{
	struct ppc_fake *fake;

	if (*boot_view_slot(test, fx))
		return *boot_view_slot(test, fx);
	fake = ppc_fake_begin(test);
	fixture_bring_up(test, fake, fx);
	return boot_view_in(test, fx, fake);
}

const struct sched_view * __init fixture_sched_view(struct kunit *test)
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
 * KUnit's speed attribute (6.6 and later): the hotplug shapes and the
 * machines without chip ids take a second or more each, the largest
 * machine most of it (without ibm,chip-id, cpu_to_chip_id() caches
 * nothing and walks /cpus for each CPU of each CPU's masks), so that
 * kunit.filter="speed>slow" can leave them out of a quick run.
 */
#if PPC_KUNIT_HAS_ATTRIBUTES
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
	KUNIT_CASE_PARAM(topology_fixture_masks_vphn_without_coregroup, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_core_online_by_threads, smt_width_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_masks_with_cpus_to_add, fixture_gen_params),
	TOPOLOGY_CASE_SLOW(topology_fixture_masks_core_hotplug, fixture_gen_params),
	TOPOLOGY_CASE_SLOW(topology_fixture_masks_smt_runtime, fixture_gen_params),
	TOPOLOGY_CASE_SLOW(topology_fixture_masks_uneven_smt, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_domains, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_domains_core_inactive, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_cpu_pairs, fixture_mode_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_llc, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_domain_pointers, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_groups, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_keeps_every_level, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_fixture_repeated_level_dropped, fixture_gen_params),
	KUNIT_CASE_PARAM(topology_capacity_under_steal, fixture_mode_gen_params),
	KUNIT_CASE_PARAM(topology_capacity_steal_not_accounted, fixture_gen_params),
	{}
};

static struct kunit_suite __refdata topology_suite = {
	.name = "powerpc_topology",
	.suite_init = topology_suite_init,
	.suite_exit = topology_suite_exit,
	.test_cases = topology_cases,
};

kunit_test_init_section_suites(&topology_suite);
