// SPDX-License-Identifier: GPL-2.0
/*
 * powerpc_topology: a machine in a runtime shape, threads or cores
 * offline (SMT lowered, a core removed, cores with different numbers of
 * threads online) or possible CPUs to add: the masks the kernel's hotplug
 * and bring-up paths leave, the domains the scheduler rebuilds over the
 * CPUs online, and which cores SMT control takes for online.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/cpu.h>
#include <linux/irqflags.h>
#include <linux/smp.h>
#include <linux/topology.h>

#include "fake_state.h"
#include "fixture_memo.h"
#include "topology_kunit.h"

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
			u8 flags = lvl->flags;

			fixture_set_of(fx, lvl->set, cpu, &want[k].span);
			cpumask_and(&want[k].span, &want[k].span, online);
			if (cpumask_weight(&want[k].span) < 2)
				continue;
			if (k && cpumask_equal(&want[k].span, &want[k - 1].span) &&
			    !(flags & ~want[k - 1].lvl->flags))
				continue;
			want[k++].lvl = lvl;
		}
		/* The first kept level that is not the machine's, if any. */
		for (n = 0; n < k && n < c->nr_kept; n++) {
			lvl = want[n].lvl;
			if (strcmp(c->level[n].name, role_name(lvl->role)) ||
			    !cpumask_equal(c->level[n].span, &want[n].span) ||
			    (c->level[n].flags & TOPOLOGY_FLAGS) !=
			    sd_flags_of(lvl->flags))
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
			   n < k ? sd_flags_of(want[n].lvl->flags) : 0);
	}
}

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

/*
 * The domains the scheduler builds over the @online CPUs of a machine
 * in a runtime shape, and what it publishes for every pair of them:
 * see expect_shape_domains(), expect_cpu_pairs() and
 * expect_own_group_flags().  Returns them.
 */
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
	struct cpumask *want = fixture_mask(test);
	int cpu, reported = 0;

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
		fixture_set_of(fx, PPC_FIXTURE_SET_NODE, cpu, want);
		cpumask_and(want, want, online);
		top = c->nr_kept ? c->level[c->nr_kept - 1].span : cpu_none_mask;
		if (!cpumask_equal(top, want)) {
			reported++;
			KUNIT_FAIL(test,
				   "%s: CPU %d's widest sched domain spans %*pbl; its node's online CPUs are %*pbl",
				   fx->name, cpu, cpumask_pr_args(top), cpumask_pr_args(want));
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
static void __init expect_hotplug_round_trip(struct kunit *test, const struct ppc_fixture *fx,
					     bool (*down)(const struct ppc_fixture *fx, int cpu))
{
	struct ppc_fake *fake = ppc_fake_begin(test);
	struct cpumask *online = (struct cpumask *)fixture_bring_up(test, fake, fx);
	int cpu;

	for (cpu = fx->nr_cpus - 1; cpu > 0; cpu--)
		if (down(fx, cpu))
			ppc_fake_take_down(fake, cpu, online);
	expect_fixture_maps(test, fx, online);
	expect_domains_within(test, fx, fake, online);
	for (cpu = 1; cpu < fx->nr_cpus; cpu++)
		if (down(fx, cpu))
			ppc_fake_bring_up_cpu(fake, cpu, online);
	expect_fixture_maps(test, fx, online);
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
void __init topology_fixture_masks_core_hotplug(struct kunit *test)
{
	expect_hotplug_round_trip(test, fixture_param(test), in_last_core);
}

static bool __init in_upper_half_of_core(const struct ppc_fixture *fx, int cpu)
{
	return cpu % fx->threads_per_core >= fx->threads_per_core / 2;
}

/* Threads per core halved at run time and restored: ppc64_cpu --smt=4, then --smt=8. */
void __init topology_fixture_masks_smt_runtime(struct kunit *test)
{
	expect_hotplug_round_trip(test, fixture_param(test), in_upper_half_of_core);
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
void __init topology_fixture_masks_uneven_smt(struct kunit *test)
{
	expect_hotplug_round_trip(test, fixture_param(test), in_upper_half_of_odd_core);
}

/*
 * Half the threads of every core online, as ppc64_cpu --smt=4 leaves an
 * SMT8 machine: the masks hold online CPUs only, and shared_caches
 * follows the L2s of the CPUs that are online.
 */
void __init topology_fixture_masks_half_smt(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct fixture_bring_up how = { .threads_online = fx->threads_per_core / 2 };
	struct ppc_fake *fake = ppc_fake_begin(test);
	const struct cpumask *online = fixture_bring_up_with(test, fake, fx, &how);

	expect_fixture_masks(test, fx, online);
	expect_shape(test, fx, fake, online);
}

/* One thread of every core online, as ppc64_cpu --smt=off leaves a machine. */
void __init topology_fixture_masks_smt_off(struct kunit *test)
{
	static const struct fixture_bring_up how __initconst = { .threads_online = 1 };
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake = ppc_fake_begin(test);
	const struct cpumask *online = fixture_bring_up_with(test, fake, fx, &how);

	expect_fixture_masks(test, fx, online);
	expect_shape(test, fx, fake, online);
}

/*
 * An LPAR that can take more processors than it has: the kernel's
 * possible CPUs beyond the machine's have no device-tree node, and boot
 * gave them hardware id 0 (smp_setup_cpu_maps() leaves their entries of
 * cpu_to_phys_id[] zero).  init_big_cores() runs over every possible
 * CPU; the machine's masks and flags are the same as without them.
 */
void __init topology_fixture_masks_with_cpus_to_add(struct kunit *test)
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
	expect_fixture_masks(test, fx, online);
	expect_shape(test, fx, fake, online);
}

#if PPC_FAKE_HAS_SMT_CONTROL
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
void __init topology_core_online_by_threads(struct kunit *test)
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
void __init topology_core_online_by_threads(struct kunit *test)
{
	kunit_skip(test,
		   "no topology_is_core_online() (HOTPLUG_SMT, 6.11 and later): nothing decides which cores SMT control brings back");
}
#endif
