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
 * The series' changelog says shared-processor asym packing is "only for
 * MC and DIE domains", but the code merged upstream also sets it on the
 * CACHE level.  The merged code decides, since this suite must pass on
 * the upstream kernel.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/sched/topology.h>
#include <linux/version.h>
#include <asm/cputable.h>
#include <asm/cputhreads.h>
#include <asm/sections.h>
#include <asm/smp.h>

#include "degenerate.h"
#include "expected_levels.h"
#include "fake_state.h"
#include "fixture_state.h"
#include "smp_probe.h"

/* The 16 combinations, bit 0 shared processor up to bit 3 coregroups. */
static void state_of(unsigned int bits, struct ppc_fake_flags *s)
{
	memset(s, 0, sizeof(*s));
	s->shared_processor = bits & 1;
	s->has_big_cores = bits & 2;
	s->shared_caches = bits & 4;
	s->coregroup_enabled = bits & 8;
}

static void save_topology(void *ctx, const struct ppc_probe_topology *topo)
{
	memcpy(ctx, topo, sizeof(*topo));
}

/* Build the table for a state and describe it. */
static void __init build_state(struct kunit *test, const struct ppc_fake_flags *s,
			       struct ppc_probe_topology *topo)
{
	struct ppc_fake *fake = ppc_fake_begin(test);

	ppc_fake_set_flags(fake, s);
	ppc_fake_with_topology(fake, save_topology, topo);
}

static void __init require_no_asym_smt(struct kunit *test)
{
	/* POWER7's ASYM_SMT would add SD_ASYM_PACKING to SMT; not emulated. */
	KUNIT_ASSERT_FALSE_MSG(test, cpu_has_feature(CPU_FTR_ASYM_SMT),
			       "this CPU has CPU_FTR_ASYM_SMT; the expected tables assume it does not");
}

/* One of the 16 states and the table the kernel built for it. */
struct state_run {
	struct ppc_fake_flags s;
	char what[96];
	struct ppc_probe_topology topo;
};

#define NR_STATES	16

static struct state_run * __init build_all_states(struct kunit *test)
{
	struct state_run *runs = kunit_kcalloc(test, NR_STATES, sizeof(*runs), GFP_KERNEL);
	unsigned int bits;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, runs);
	for (bits = 0; bits < NR_STATES; bits++) {
		state_of(bits, &runs[bits].s);
		state_name(&runs[bits].s, runs[bits].what, sizeof(runs[bits].what));
		build_state(test, &runs[bits].s, &runs[bits].topo);
	}
	return runs;
}

/* Every state: names, mask functions and flags of every built level. */
static void __init topology_levels_by_state(struct kunit *test)
{
	struct expected_level want[PPC_PROBE_MAX_LEVELS];
	struct state_run *runs;
	int i;

	require_no_asym_smt(test);
	runs = build_all_states(test);
	for (i = 0; i < NR_STATES; i++)
		expect_levels(test, runs[i].what, &runs[i].topo, want,
			      expected_levels(&runs[i].s, want));
}

/* Which levels carry SD_ASYM_PACKING: all above SMT iff shared with big cores. */
static void __init topology_asym_flags_by_state(struct kunit *test)
{
	struct state_run *runs;
	int i, lvl;

	require_no_asym_smt(test);
	runs = build_all_states(test);
	for (i = 0; i < NR_STATES; i++) {
		bool asym = runs[i].s.shared_processor && runs[i].s.has_big_cores;

		for (lvl = 0; lvl < runs[i].topo.nr_levels; lvl++) {
			bool want = asym && lvl > 0;
			bool got = runs[i].topo.level[lvl].flags & SD_ASYM_PACKING;

			KUNIT_EXPECT_EQ_MSG(test, got, want, "%s: level %d (%s) %s SD_ASYM_PACKING",
					    runs[i].what, lvl, runs[i].topo.level[lvl].name,
					    got ? "has" : "lacks");
		}
	}
}

/* Shared processors get no MC level, whatever coregroup_enabled says. */
static void __init topology_no_mc_on_shared_processor(struct kunit *test)
{
	struct state_run *runs = build_all_states(test);
	int i, lvl;

	for (i = 0; i < NR_STATES; i++) {
		bool want_mc = runs[i].s.coregroup_enabled && !runs[i].s.shared_processor;
		bool has_mc = false;

		for (lvl = 0; lvl < runs[i].topo.nr_levels; lvl++)
			has_mc |= runs[i].topo.level[lvl].mask == PPC_PROBE_MASK_MC;
		KUNIT_EXPECT_EQ_MSG(test, has_mc, want_mc, "%s: %s MC level", runs[i].what,
				    has_mc ? "an" : "no");
	}
}

/* The boot-time topology flags are written once, then read-only. */
static void __init topology_ro_after_init(struct kunit *test)
{
	static const char * const names[] = {
		"has_big_cores", "coregroup_enabled", "thread_group_shares_l2",
		"thread_group_shares_l3", "shared_caches",
	};
	const void *vars[] = {
		&has_big_cores, &coregroup_enabled, &thread_group_shares_l2,
		&thread_group_shares_l3, ppc_probe_shared_caches(),
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(vars); i++)
		KUNIT_EXPECT_TRUE_MSG(test, (const char *)vars[i] >= __start_ro_after_init &&
				      (const char *)vars[i] < __end_ro_after_init,
				      "%s at %px is outside .data..ro_after_init [%px, %px)",
				      names[i], vars[i], __start_ro_after_init,
				      __end_ro_after_init);
}

struct priority_ctx {
	int nr_cpus;
	int *priority;
};

static void save_priorities(void *data, const struct ppc_probe_topology *topo)
{
	struct priority_ctx *ctx = data;
	int cpu;

	for (cpu = 0; cpu < ctx->nr_cpus; cpu++)
		ctx->priority[cpu] = arch_asym_cpu_priority(cpu);
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

static void __init topology_asym_priority_fixtures(struct kunit *test)
{
	struct priority_ctx ctx;
	int i;

	ctx.priority = kunit_kcalloc(test, nr_cpu_ids, sizeof(int), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ctx.priority);
	for (i = 0; i < PPC_NR_FIXTURES; i++) {
		const struct ppc_fixture *fx = ppc_fixtures[i];
		struct ppc_fake *fake = ppc_fake_begin(test);

		fixture_load(test, fake, fx);
		ctx.nr_cpus = fx->nr_cpus;
		ppc_fake_with_topology(fake, save_priorities, &ctx);
		expect_priorities(test, fx->name, fx->shared_processor && fx->has_big_cores,
				  fx->threads_per_core, ctx.priority, fx->nr_cpus);
	}
}

/*
 * An SMT8 big core of two interleaved thread groups ({0,2,4,6} and
 * {1,3,5,7}): no thread of it is preferred over another, so nothing moves
 * between its thread groups, while every thread of a lower core is.
 */
static void __init topology_asym_priority_within_core(struct kunit *test)
{
	struct ppc_fake *fake = ppc_fake_begin(test);
	struct ppc_fake_flags s = {
		.shared_processor = true,
		.has_big_cores = true,
	};
	struct priority_ctx ctx = { .nr_cpus = 32 };
	int cpu, other;

	ctx.priority = kunit_kcalloc(test, ctx.nr_cpus, sizeof(int), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ctx.priority);
	ppc_fake_set_flags(fake, &s);
	ppc_fake_set_threads_per_core(fake, 8);
	ppc_fake_with_topology(fake, save_priorities, &ctx);

	for (cpu = 0; cpu < ctx.nr_cpus; cpu++) {
		for (other = 0; other < ctx.nr_cpus; other++) {
			if (cpu / 8 == other / 8)
				KUNIT_EXPECT_EQ_MSG(test, ctx.priority[cpu], ctx.priority[other],
						    "CPUs %d and %d share a core (thread groups %d and %d)",
						    cpu, other, cpu % 2, other % 2);
			else if (cpu / 8 < other / 8)
				KUNIT_EXPECT_GT_MSG(test, ctx.priority[cpu], ctx.priority[other],
						    "CPU %d's core is lower than CPU %d's", cpu, other);
		}
	}
}

struct fixture_run {
	struct ppc_probe_topology topo;
};

/*
 * Every fixture, every CPU: the levels built for the machine's state, and
 * the LLC, the highest level with the shared-cache flag.  The masks are
 * injected from the fixture and only read back, so what is asserted is
 * what the kernel decides from them: which levels, which mask functions,
 * which flags, and so which span is the LLC.
 */
static void __init topology_fixture_levels_injected_masks(struct kunit *test)
{
	struct fixture_run *run = kunit_kzalloc(test, sizeof(*run), GFP_KERNEL);
	struct expected_level want[PPC_PROBE_MAX_LEVELS];
	struct ppc_fake_flags s;
	cpumask_t llc_want;
	int i, cpu, lvl;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, run);
	require_no_asym_smt(test);
	for (i = 0; i < PPC_NR_FIXTURES; i++) {
		const struct ppc_fixture *fx = ppc_fixtures[i];
		struct ppc_fake *fake = ppc_fake_begin(test);
		int nr_want, reported = 0;

		fixture_load(test, fake, fx);
		fixture_flags(fx, &s);
		ppc_fake_with_topology(fake, save_topology, &run->topo);
		nr_want = expected_levels(&s, want);
		expect_levels(test, fx->name, &run->topo, want, nr_want);

		for (cpu = 0; cpu < fx->nr_cpus && reported < 4; cpu++) {
			const struct cpumask *llc = NULL;

			for (lvl = 0; lvl < run->topo.nr_levels; lvl++)
				if (run->topo.level[lvl].flags & LLC_FLAG)
					llc = run->topo.level[lvl].mask_fn(cpu);
			if (s.shared_caches)
				fixture_set_of(fx, FIXTURE_L2, cpu, &llc_want);
			else
				fixture_set_of(fx, fx->has_big_cores ? FIXTURE_GROUP : FIXTURE_CORE,
					       cpu, &llc_want);
			if (llc && cpumask_equal(llc, &llc_want))
				continue;
			reported++;
			KUNIT_FAIL(test, "%s: CPU %d LLC is %*pbl, expected %*pbl", fx->name, cpu,
				   cpumask_pr_args(llc ?: cpu_none_mask),
				   cpumask_pr_args(&llc_want));
		}
	}
}

/* For every fixture and CPU, no built level is one the scheduler removes. */
static void __init topology_no_degenerate_levels(struct kunit *test)
{
	struct fixture_run *run = kunit_kzalloc(test, sizeof(*run), GFP_KERNEL);
	const struct cpumask *spans[PPC_PROBE_MAX_LEVELS];
	enum degenerate_reason reason;
	int i, cpu, lvl, bad;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, run);
	for (i = 0; i < PPC_NR_FIXTURES; i++) {
		const struct ppc_fixture *fx = ppc_fixtures[i];
		struct ppc_fake *fake = ppc_fake_begin(test);
		int reported = 0;

		fixture_load(test, fake, fx);
		ppc_fake_with_topology(fake, save_topology, &run->topo);
		for (cpu = 0; cpu < fx->nr_cpus && reported < 4; cpu++) {
			for (lvl = 0; lvl < run->topo.nr_levels; lvl++)
				spans[lvl] = run->topo.level[lvl].mask_fn(cpu);
			bad = first_degenerate_level(spans, run->topo.nr_levels, &reason);
			if (bad < 0)
				continue;
			reported++;
			KUNIT_FAIL(test, "%s: CPU %d level %d (%s, span %*pbl) would be degenerated: %s",
				   fx->name, cpu, bad, run->topo.level[bad].name,
				   cpumask_pr_args(spans[bad]), degenerate_reason_name(reason));
		}
	}
}

/* The checker above, on levels built by hand. */
static void __init topology_degenerate_checker(struct kunit *test)
{
	cpumask_t one, core, chip, chip_again;
	const struct cpumask *spans[3], *all[4];
	bool keep[4];
	enum degenerate_reason reason;
	int cpu;

	cpumask_clear(&one);
	cpumask_set_cpu(3, &one);
	cpumask_clear(&core);
	cpumask_clear(&chip);
	for (cpu = 0; cpu < 16; cpu++) {
		if (cpu < 8)
			cpumask_set_cpu(cpu, &core);
		cpumask_set_cpu(cpu, &chip);
	}
	cpumask_copy(&chip_again, &chip);

	spans[0] = &core;
	spans[1] = &chip;
	KUNIT_EXPECT_EQ(test, first_degenerate_level(spans, 2, &reason), -1);
	KUNIT_EXPECT_EQ(test, reason, DEGENERATE_NONE);

	spans[2] = &chip_again;
	KUNIT_EXPECT_EQ(test, first_degenerate_level(spans, 3, &reason), 2);
	KUNIT_EXPECT_EQ(test, reason, DEGENERATE_SAME_AS_CHILD);

	spans[0] = &one;
	KUNIT_EXPECT_EQ(test, first_degenerate_level(spans, 2, &reason), 0);
	KUNIT_EXPECT_EQ(test, reason, DEGENERATE_SINGLE_CPU);

	/* CPU alone, core, chip, chip again: core and the first chip stay. */
	all[0] = &one;
	all[1] = &core;
	all[2] = &chip;
	all[3] = &chip_again;
	KUNIT_EXPECT_EQ(test, surviving_levels(all, 4, keep), 2);
	KUNIT_EXPECT_FALSE(test, keep[0]);
	KUNIT_EXPECT_TRUE(test, keep[1]);
	KUNIT_EXPECT_TRUE(test, keep[2]);
	KUNIT_EXPECT_FALSE(test, keep[3]);

	/* CPU alone twice under the chip: only the chip stays. */
	all[1] = &one;
	KUNIT_EXPECT_EQ(test, surviving_levels(all, 3, keep), 1);
	KUNIT_EXPECT_FALSE(test, keep[0]);
	KUNIT_EXPECT_FALSE(test, keep[1]);
	KUNIT_EXPECT_TRUE(test, keep[2]);

	/* A lone level goes if it is the CPU alone, and stays otherwise. */
	KUNIT_EXPECT_EQ(test, surviving_levels(all + 1, 1, keep), 0);
	KUNIT_EXPECT_EQ(test, surviving_levels(all + 2, 1, keep), 1);
}

/*
 * The kernel's parser of ibm,thread-groups, fed each fixture's raw
 * property, puts threads in the same group exactly when fixturec's own
 * reading of the machine does.
 */
static void __init topology_thread_groups_from_property(struct kunit *test)
{
	int group[8];
	int i, t, u, nr;

	for (i = 0; i < PPC_NR_FIXTURES; i++) {
		const struct ppc_fixture *fx = ppc_fixtures[i];

		if (!fx->thread_groups_len)
			continue;
		nr = ppc_probe_thread_groups(fx->thread_groups, fx->thread_groups_len, 1,
					     group, fx->threads_per_core);
		KUNIT_EXPECT_GT_MSG(test, nr, 0, "%s: the kernel rejected ibm,thread-groups",
				    fx->name);
		if (nr <= 0)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, nr > 1, fx->has_big_cores, "%s: %d L1 thread groups",
				    fx->name, nr);
		for (t = 0; t < fx->threads_per_core; t++)
			for (u = 0; u < fx->threads_per_core; u++)
				KUNIT_EXPECT_EQ_MSG(test, group[t] == group[u],
						    fx->cpus[t].group_first == fx->cpus[u].group_first,
						    "%s: threads %d and %d: kernel groups %d and %d, fixture group of CPU %d and %d",
						    fx->name, t, u, group[t], group[u],
						    fx->cpus[t].group_first, fx->cpus[u].group_first);
	}
}

/* One fixture CPU's thread-group map of one kind, kernel against fixturec. */
static void __init expect_group_map(struct kunit *test, const struct ppc_fixture *fx, int cpu,
				    unsigned int property, enum fixture_set set, bool present)
{
	const char *kind = property == 1 ? "L1" : "L2";
	cpumask_t got, want;
	int ret;

	cpumask_clear(&got);
	ret = ppc_probe_thread_group_map(fx->thread_groups, fx->thread_groups_len, property,
					 fx->cpus[cpu].core_first, cpu, &got);
	if (!present) {
		KUNIT_EXPECT_EQ_MSG(test, ret, -ENOENT,
				    "%s CPU %d: the fixture has no %s thread groups, the kernel found some",
				    fx->name, cpu, kind);
		return;
	}
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s CPU %d: the kernel could not build its %s group map",
			    fx->name, cpu, kind);
	if (ret)
		return;
	fixture_set_of(fx, set, cpu, &want);
	KUNIT_EXPECT_TRUE_MSG(test, cpumask_equal(&got, &want),
			      "%s CPU %d: %s thread-group map %*pbl, fixture says %*pbl",
			      fx->name, cpu, kind, cpumask_pr_args(&got), cpumask_pr_args(&want));
}

/*
 * The thread-group maps init_big_cores() builds for every CPU, computed
 * by the kernel from each fixture's raw ibm,thread-groups and hardware
 * thread ids numbered like the CPUs, hold exactly the threads fixturec
 * puts in the CPU's L1 group and, where the property has an L2 block, in
 * its L2 group.
 */
static void __init topology_thread_group_maps_from_property(struct kunit *test)
{
	int i, cpu, checked = 0;

	KUNIT_ASSERT_EQ_MSG(test, get_hard_smp_processor_id(0), 0,
			    "CPU 0 is online with hardware id %d; the fixtures number it 0",
			    get_hard_smp_processor_id(0));
	for (i = 0; i < PPC_NR_FIXTURES; i++) {
		const struct ppc_fixture *fx = ppc_fixtures[i];
		bool l2_groups = fx->l2_share == PPC_FIXTURE_L2_THREAD_GROUP;
		struct ppc_fake *fake;

		if (!fx->thread_groups_len)
			continue;
		fake = ppc_fake_begin(test);
		ppc_fake_set_threads_per_core(fake, fx->threads_per_core);
		for (cpu = 1; cpu < fx->nr_cpus; cpu++)
			ppc_fake_set_hw_id(fake, cpu, cpu);
		for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
			expect_group_map(test, fx, cpu, 1, FIXTURE_GROUP, true);
			expect_group_map(test, fx, cpu, 2, FIXTURE_L2, l2_groups);
		}
		checked++;
	}
	KUNIT_EXPECT_GT_MSG(test, checked, 0, "no fixture has ibm,thread-groups");
}

static struct kunit_case topology_cases[] __initdata = {
	KUNIT_CASE(topology_degenerate_checker),
	KUNIT_CASE(topology_thread_groups_from_property),
	KUNIT_CASE(topology_thread_group_maps_from_property),
	KUNIT_CASE(topology_levels_by_state),
	KUNIT_CASE(topology_asym_flags_by_state),
	KUNIT_CASE(topology_no_mc_on_shared_processor),
	KUNIT_CASE(topology_ro_after_init),
	KUNIT_CASE(topology_asym_priority_fixtures),
	KUNIT_CASE(topology_asym_priority_within_core),
	KUNIT_CASE(topology_fixture_levels_injected_masks),
	KUNIT_CASE(topology_no_degenerate_levels),
	{}
};

static struct kunit_suite topology_suite __initdata = {
	.name = "powerpc_topology",
	.test_cases = topology_cases,
};

kunit_test_init_section_suites(&topology_suite);
