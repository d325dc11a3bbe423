// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit test of the sched domains the kernel really builds for the
 * machine it booted on, with no fake state.
 *
 * tools/live-check boots this suite on QEMU with several online CPUs in
 * two NUMA nodes and sched_verbose.  topology_boot_domains predicts, from
 * the installed table, the masks the kernel computed for its online CPUs
 * and the NUMA distances, which sched domains each CPU keeps once the
 * scheduler has thrown away the levels degenerate.h says it throws away;
 * it asserts that the scheduler's own builder, run with the installed
 * table over the active CPUs, keeps exactly those, and prints one
 * "domains CPU<n>:" line per CPU, which tools/report/live_domains.py
 * compares with the domains the scheduler printed when it attached them
 * at boot.  With a single online CPU, as in "make run", there is nothing
 * to predict and the case skips.
 *
 * Showing the domains it builds swaps them, one CPU at a time, into that
 * CPU's runqueue and the per-CPU pointers update_top_cache_domain()
 * publishes, with interrupts off on the running CPU only: another online
 * CPU reading its own or a remote CPU's domains meanwhile would see, and
 * could keep, domains that are then freed.  The case runs only where
 * nothing else runs, in a guest booted for it with
 * ppc_kunit_boot.rebuild=1 (tools/live-check), and skips elsewhere.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/moduleparam.h>
#include <linux/nodemask.h>
#include <linux/topology.h>

#include "degenerate.h"
#include "../sched_view.h"
#include "../smp_probe.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "ppc_kunit_boot."

static bool boot_rebuild;
module_param_named(rebuild, boot_rebuild, bool, 0444);
MODULE_PARM_DESC(rebuild, "build the sched domains over the running CPUs and show them through their runqueues (a guest that runs nothing else)");

/* The scheduler adds one level per distinct NUMA distance. */
#define MAX_DISTANCES		8
#define MAX_DOMAINS		(PPC_PROBE_MAX_LEVELS + MAX_DISTANCES)

/* Distinct distances between nodes with CPUs, ascending, as sched_init_numa(). */
static int numa_distances(int *dist, int max)
{
	int a, b, i, d, nr = 0;

	for_each_node_state(a, N_CPU) {
		for_each_node_state(b, N_CPU) {
			d = node_distance(a, b);
			for (i = 0; i < nr && dist[i] != d; i++)
				;
			if (i < nr)
				continue;
			if (nr == max)
				return -E2BIG;
			for (i = nr++; i > 0 && dist[i - 1] > d; i--)
				dist[i] = dist[i - 1];
			dist[i] = d;
		}
	}
	return nr;
}

struct domain_model {
	int nr;
	const char *name[MAX_DOMAINS];
	struct cpumask *span[MAX_DOMAINS];
	bool keep[MAX_DOMAINS];
};

/*
 * The levels build_sched_domains() builds for @cpu: each level of the
 * installed table, then one NODE and one NUMA level per larger distance,
 * spanning the nodes within that distance, all within the active CPUs.
 */
static void model_levels(struct domain_model *m, const struct ppc_probe_topology *topo,
			 const int *dist, int nr_dist, int cpu)
{
	int i, d, node;

	m->nr = 0;
	for (i = 0; i < topo->nr_levels; i++, m->nr++) {
		m->name[m->nr] = topo->level[i].name;
		cpumask_and(m->span[m->nr], ppc_probe_level_mask(&topo->level[i], cpu),
			    cpu_active_mask);
	}
	for (d = 0; d < nr_dist; d++, m->nr++) {
		m->name[m->nr] = d ? "NUMA" : "NODE";
		cpumask_clear(m->span[m->nr]);
		for_each_node_state(node, N_CPU)
			if (node_distance(cpu_to_node(cpu), node) <= dist[d])
				cpumask_or(m->span[m->nr], m->span[m->nr], cpumask_of_node(node));
		cpumask_and(m->span[m->nr], m->span[m->nr], cpu_active_mask);
	}
}

/* The domains the scheduler kept for @cpu against the model's; false if reported. */
static bool expect_model(struct kunit *test, const struct domain_model *m, int kept,
			 const struct sched_view_cpu *c, int cpu)
{
	int i, n = 0;

	for (i = 0; i < m->nr; i++) {
		const struct sched_view_level *got = n < c->nr_kept ? &c->level[n] : NULL;

		if (!m->keep[i])
			continue;
		if (!got || strcmp(got->name, m->name[i]) ||
		    !cpumask_equal(got->span, m->span[i])) {
			KUNIT_FAIL(test,
				   "CPU%d: sched domain %d is %s %*pbl; the model keeps %s %*pbl there (of %d)",
				   cpu, n, got ? got->name : "none",
				   cpumask_pr_args(got ? got->span : cpu_none_mask),
				   m->name[i], cpumask_pr_args(m->span[i]), kept);
			return false;
		}
		n++;
	}
	if (n == c->nr_kept)
		return true;
	KUNIT_FAIL(test,
		   "CPU%d: the scheduler keeps %d sched domains, the model %d; the next is %s %*pbl",
		   cpu, c->nr_kept, n, c->level[n].name, cpumask_pr_args(c->level[n].span));
	return false;
}

static void topology_boot_domains(struct kunit *test)
{
	struct ppc_probe_topology topo;
	struct sched_view *view;
	struct domain_model *m;
	int dist[MAX_DISTANCES];
	int nr_dist, cpu, i, kept, reported = 0;
	char *line;
	size_t len;

	if (num_online_cpus() < 2)
		kunit_skip(test,
			   "one online CPU, no domains to cross-check: tools/live-check boots several");
	if (!boot_rebuild)
		kunit_skip(test,
			   "ppc_kunit_boot.rebuild=1 not given: showing the domains rewrites the running CPUs' runqueues (tools/live-check asks for it)");

	m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	line = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, line);
	for (i = 0; i < MAX_DOMAINS; i++) {
		m->span[i] = kunit_kzalloc(test, cpumask_size(), GFP_KERNEL);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m->span[i]);
	}

	ppc_probe_describe_installed(&topo);
	view = sched_view_build_installed(test);
	nr_dist = numa_distances(dist, ARRAY_SIZE(dist));
	KUNIT_ASSERT_GT_MSG(test, nr_dist, 0, "cannot read the NUMA distances (%d)", nr_dist);

	for_each_online_cpu(cpu) {
		model_levels(m, &topo, dist, nr_dist, cpu);
		/* build_sched_domain() calls anything else a broken topology. */
		for (i = 1; i < m->nr; i++) {
			const struct cpumask *child = m->span[i - 1], *parent = m->span[i];

			KUNIT_EXPECT_TRUE_MSG(test, cpumask_subset(child, parent),
					      "CPU%d: %s span %*pbl is not within %s span %*pbl",
					      cpu, m->name[i - 1], cpumask_pr_args(child),
					      m->name[i], cpumask_pr_args(parent));
		}

		kept = surviving_levels((const struct cpumask * const *)m->span, m->nr, m->keep);
		len = 0;
		for (i = 0; i < m->nr; i++)
			if (m->keep[i])
				len += scnprintf(line + len, PAGE_SIZE - len, "%s%s %*pbl",
						 len ? ", " : "", m->name[i],
						 cpumask_pr_args(m->span[i]));
		kunit_info(test, "domains CPU%d: %s\n", cpu, kept ? line : "none");
		/* A few failure lines stay readable; every CPU's line is printed. */
		if (reported < 3)
			reported += !expect_model(test, m, kept, &view->cpu[cpu], cpu);
	}
}

static struct kunit_case topology_boot_cases[] = {
	KUNIT_CASE(topology_boot_domains),
	{}
};

static struct kunit_suite topology_boot_suite = {
	.name = "powerpc_topology_boot",
	.test_cases = topology_boot_cases,
};

kunit_test_suites(&topology_boot_suite);
