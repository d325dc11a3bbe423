// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the topology the kernel really built at boot, with no
 * fake state: the table it installed, and the kernel half of the live
 * cross-check of the sched domains.
 *
 * tools/live-check boots this suite on QEMU with several online CPUs in
 * two NUMA nodes and sched_verbose.  topology_boot_domains then predicts,
 * from the installed table, the masks the kernel computed for its online
 * CPUs and the NUMA distances, which sched domains each CPU keeps once the
 * scheduler has thrown away the levels degenerate.h says it throws away,
 * and prints one "domains CPU<n>:" line per CPU.  tools/report/live_domains.py
 * compares those lines with the domains the scheduler printed while it
 * built them.  With a single online CPU, as in "make run", there is
 * nothing to cross-check and that case skips.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/nodemask.h>
#include <linux/topology.h>
#include <asm/cputable.h>

#include "degenerate.h"
#include "expected_levels.h"
#include "fake_state.h"
#include "smp_probe.h"

/* The scheduler adds one level per distinct NUMA distance. */
#define MAX_DISTANCES		8
#define MAX_DOMAINS		(PPC_PROBE_MAX_LEVELS + MAX_DISTANCES)

/* The table installed at boot is the series' table for the boot state. */
static void topology_boot_table(struct kunit *test)
{
	struct expected_level want[PPC_PROBE_MAX_LEVELS];
	struct ppc_probe_topology topo;
	struct ppc_fake_flags boot;
	char what[96];
	int nr;

	KUNIT_ASSERT_FALSE_MSG(test, cpu_has_feature(CPU_FTR_ASYM_SMT),
			       "this CPU has CPU_FTR_ASYM_SMT; the expected table assumes it does not");
	ppc_fake_read_flags(&boot);
	nr = expected_levels(&boot, want);
	ppc_probe_describe_installed(&topo);
	strscpy(what, "boot state ", sizeof(what));
	state_name(&boot, what + strlen(what), sizeof(what) - strlen(what));
	expect_levels(test, what, &topo, want, nr);
}

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

static void topology_boot_domains(struct kunit *test)
{
	struct ppc_probe_topology topo;
	struct domain_model *m;
	int dist[MAX_DISTANCES];
	int nr_dist, cpu, i, kept;
	char *line;
	size_t len;

	if (num_online_cpus() < 2)
		kunit_skip(test,
			   "one online CPU, no domains to cross-check: tools/live-check boots several");

	m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	line = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, line);
	for (i = 0; i < MAX_DOMAINS; i++) {
		m->span[i] = kunit_kzalloc(test, cpumask_size(), GFP_KERNEL);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m->span[i]);
	}

	ppc_probe_describe_installed(&topo);
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
	}
}

/* The model's degeneration rules, on levels built by hand. */
static void topology_degenerate_model(struct kunit *test)
{
	cpumask_t one, core, chip, chip_again;
	const struct cpumask *all[4];
	bool keep[4];
	int cpu;

	/* make live boots with 8 possible CPUs: the spans fit in 4. */
	KUNIT_ASSERT_GE(test, nr_cpu_ids, 4U);
	cpumask_clear(&one);
	cpumask_set_cpu(1, &one);
	cpumask_clear(&core);
	cpumask_clear(&chip);
	for (cpu = 0; cpu < 4; cpu++) {
		if (cpu < 2)
			cpumask_set_cpu(cpu, &core);
		cpumask_set_cpu(cpu, &chip);
	}
	cpumask_copy(&chip_again, &chip);

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

static struct kunit_case topology_boot_cases[] = {
	KUNIT_CASE(topology_degenerate_model),
	KUNIT_CASE(topology_boot_table),
	KUNIT_CASE(topology_boot_domains),
	{}
};

static struct kunit_suite topology_boot_suite = {
	.name = "powerpc_topology_boot",
	.test_cases = topology_boot_cases,
};

kunit_test_suites(&topology_boot_suite);
