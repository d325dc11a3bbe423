// SPDX-License-Identifier: GPL-2.0
/*
 * The fake half of make live's check of the fake bring-up against real
 * boots: every shape of make live's matrix (tools/lib/live-shapes, compiled
 * by tools/fixturec -n live into ppc_live_fixtures.h) brought up through
 * the fake firmware the other suites use, and its masks and sched domains
 * printed in the form powerpc_topology_live prints a real boot's, so that
 * tools/report/live_matrix.py can require them to be identical, CPU by CPU.
 *
 * The case skips unless ppc_kunit_fake_live.run=1: tools/live-check boots
 * it with one online CPU, as every fake state needs.  One line per CPU:
 *   fake SHAPE CPU<n>: sibling LIST smallcore LIST l2 LIST core LIST
 *     node N nodemask LIST domains NAME:LIST;...
 * with the domains cpu_attach_domain() keeps, lowest first ("none" if it
 * keeps none).  The builder is given the powerpc table alone, without the
 * NUMA levels a real boot adds from the node distances.
 */

#include <kunit/test.h>
#include <linux/moduleparam.h>
#include <linux/smp.h>
#include <linux/topology.h>

#include "../fake_state.h"
#include "../fixture_memo.h"
#include "../fixture_state.h"
#include "ppc_live_fixtures.h"
#include "../sched_view.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "ppc_kunit_fake_live."

static bool fake_live_run;
module_param_named(run, fake_live_run, bool, 0444);

#define FAKE_LIVE_LINE	900

static void __init topology_fake_live(struct kunit *test)
{
	const struct ppc_fixture *fx;
	struct sched_view *view;
	struct ppc_fake *fake;
	int i, k, cpu, node, n;
	char *line;

	if (!fake_live_run)
		kunit_skip(test,
			   "ppc_kunit_fake_live.run=1 not given: tools/live-check asks for it");

	line = kunit_kzalloc(test, FAKE_LIVE_LINE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, line);
	for (i = 0; i < PPC_NR_LIVE_FIXTURES; i++) {
		fx = ppc_live_fixtures[i];
		/* Each shape on the boot state: the snapshots are undone last first. */
		fake = ppc_fake_begin(test);
		fixture_bring_up(test, fake, fx);
		view = sched_view_build(test, fake, fx->nr_cpus);
		KUNIT_EXPECT_EQ_MSG(test, view->ret, 0, "%s: build_sched_domains() failed",
				    fx->name);
		for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
			const struct sched_view_cpu *c = &view->cpu[cpu];

			n = 0;
			for (k = 0; k < c->nr_kept; k++)
				n += scnprintf(line + n, FAKE_LIVE_LINE - n, "%s%s:%*pbl",
					       k ? ";" : "", c->level[k].name,
					       cpumask_pr_args(c->level[k].span));
			node = cpu_to_node(cpu);
			kunit_info(test,
				   "fake %s CPU%d: sibling %*pbl smallcore %*pbl l2 %*pbl core %*pbl node %d nodemask %*pbl domains %s\n",
				   fx->name, cpu, cpumask_pr_args(cpu_sibling_mask(cpu)),
				   cpumask_pr_args(cpu_smallcore_mask(cpu)),
				   cpumask_pr_args(cpu_l2_cache_mask(cpu)),
				   cpumask_pr_args(cpu_core_mask(cpu)), node,
				   cpumask_pr_args(cpumask_of_node(node)), n ? line : "none");
		}
	}
}

/*
 * Kept after boot for KUnit's debugfs; __refdata because the cases are
 * __init, which an init-section suite allows (modpost would warn).
 */
static struct kunit_case __refdata topology_fake_live_cases[] = {
	KUNIT_CASE(topology_fake_live),
	{}
};

static struct kunit_suite topology_fake_live_suite = {
	.name = "powerpc_topology_fake_live",
	.test_cases = topology_fake_live_cases,
	.suite_exit = fixture_memo_suite_exit,
};

kunit_test_init_section_suites(&topology_fake_live_suite);
