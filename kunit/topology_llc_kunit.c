// SPDX-License-Identifier: GPL-2.0
/*
 * powerpc_topology: each CPU's last-level cache as the scheduler sees it
 * (sd_llc, its size, ids and shared object) and what the scheduler says
 * of every pair of CPUs (cpus_share_cache(), cpus_share_resources(),
 * cpus_equal_capacity()), against what the machine's CPUs share.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/minmax.h>
#include <linux/slab.h>

#include "fake_state.h"
#include "topology_kunit.h"

/*
 * The set of the CPUs that share @cpu's LLC: the widest of the levels it
 * keeps that share the LLC, all below it sharing it too.
 */
static const struct ppc_fixture_level *fixture_llc_level(const struct ppc_fixture *fx, int cpu)
{
	const struct ppc_fixture_level *lvl, *llc = NULL;
	int n;

	for (n = 0; (lvl = fixture_kept_level(fx, cpu, n)); n++) {
		if (!(lvl->flags & PPC_FIXTURE_SHARES_LLC))
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
 * asymmetric capacities (update_top_cache_domain()).  @want is the
 * caller's scratch mask.
 */
static bool __init expect_cpu_llc(struct kunit *test, const struct ppc_fixture *fx,
				  const struct sched_view_cpu *c, int cpu, struct cpumask *want)
{
	const struct ppc_fixture_level *llc = fixture_llc_level(fx, cpu);
	int want_id;

	cpumask_clear(want);
	if (llc)
		fixture_set_of(fx, llc->set, cpu, want);
	want_id = llc ? cpumask_first(want) : cpu;
	if (cpumask_equal(c->llc, want) && c->llc_size == cpumask_weight(want) &&
	    c->share_id == want_id && c->llc_shared_is_llcs == !!llc && (llc || !c->llc_shared) &&
	    c->balance_is_llc_shared)
		return true;
	KUNIT_FAIL(test,
		   "%s: CPU %d LLC is %*pbl (sd_llc_size %d, id %d, %s shared object%s); the machine's is its %s %*pbl (%u CPUs, id %d, the LLC domain's shared object)",
		   fx->name, cpu, cpumask_pr_args(c->llc), c->llc_size, c->share_id,
		   c->llc_shared_is_llcs ? "the LLC domain's" : c->llc_shared ? "another" : "no",
		   c->balance_is_llc_shared ? "" : ", another to balance", llc ?
		   fixture_set_name(llc->set) : "none", cpumask_pr_args(want),
		   cpumask_weight(want), want_id);
	return false;
}

/*
 * The CPUs of one LLC share one sd_llc_shared, which holds what
 * select_idle_cpu() and the idle-core search keep for the LLC
 * (has_idle_cores, nr_busy_cpus); CPUs of different LLCs do not.
 * @mine is the caller's scratch mask.
 */
static bool __init expect_llc_shared(struct kunit *test, const struct ppc_fixture *fx,
				     const struct sched_view *view, int cpu, struct cpumask *mine)
{
	const struct ppc_fixture_level *llc = fixture_llc_level(fx, cpu);
	int other;

	if (!llc)
		return true;
	fixture_set_of(fx, llc->set, cpu, mine);
	for (other = 0; other < cpu; other++) {
		bool same = cpumask_test_cpu(other, mine);
		bool shares = view->cpu[other].llc_shared == view->cpu[cpu].llc_shared;

		if (shares == same)
			continue;
		KUNIT_FAIL(test, "%s: CPUs %d and %d %s sd_llc_shared; they %s an LLC (%s %*pbl)",
			   fx->name, other, cpu, same ? "do not share" : "share",
			   same ? "share" : "do not share", fixture_set_name(llc->set),
			   cpumask_pr_args(mine));
		return false;
	}
	return true;
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
void __init topology_fixture_llc(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	const struct sched_view *view = fixture_sched_view(test);
	struct cpumask *scratch = fixture_mask(test);
	int cpu, reported = 0;

	for (cpu = 0; cpu < fx->nr_cpus && reported < MAX_REPORTS; cpu++)
		reported += !expect_cpu_llc(test, fx, &view->cpu[cpu], cpu, scratch) ||
			    !expect_llc_shared(test, fx, view, cpu, scratch);
}

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
			if (!(fx->levels[i].flags & PPC_FIXTURE_SHARES_LLC))
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
void __init expect_cpu_pairs(struct kunit *test, const struct ppc_fixture *fx,
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
 * "Relations, not numbers": every fixture in both processor modes,
 * brought up as boot brings it up, and what the scheduler says of every
 * pair of its CPUs (expect_cpu_pairs()).
 */
void __init topology_fixture_cpu_pairs(struct kunit *test)
{
	const struct ppc_fixture_mode *mode = fixture_mode_param(test);
	const struct ppc_fixture *own = mode->fx;
	const struct cpumask *online;
	const struct sched_view *view;
	struct ppc_fixture *fx;
	struct ppc_fake *fake;
	bool shared = mode->shared;

	if (!PPC_SCHED_VIEW_PUBLISHED)
		kunit_skip(test,
			   "the seam of this base does not show every CPU's LLC and share ids at once (7.3's does)");
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
