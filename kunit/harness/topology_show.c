// SPDX-License-Identifier: GPL-2.0
/*
 * "make show" and "make review": print the sched domains the scheduler
 * builds for a fixture, CPU by CPU, for tools/show to fold into a tree
 * and a picture and for tools/review to compare two kernels.  The case
 * skips unless ppc_kunit_show.fixture= names a fixture, or is "all":
 * every fixture, as a dedicated and as a shared processor.  It asserts
 * nothing about the domains, which the other suites check.
 *
 * Two lines per CPU, in the KTAP log:
 *   # topology_show: show cpu=N prio=P llc=LIST llc_size=S
 *     hw=UNIT:LIST;UNIT:LIST... levels=NAME/FLAG|FLAG/LIST/gG;...
 *   # topology_show: show relations of=N share_cache=LIST
 *     share_resources=LIST equal_capacity=LIST numa=L asym_packing=L
 *     asym_cpucapacity=L llc_shared=S
 * with FLAG the scheduler's own names for the domain's flags, LIST a CPU
 * list and G the number of the level's groups; the levels are the ones
 * cpu_attach_domain() keeps, lowest first, and the units the fixture's
 * hardware the CPU is in (its thread group, core, L2, coregroup, chip
 * and node), for the picture to draw the machine around the domains.
 * The relations are the CPUs the scheduler's pair questions answer yes
 * for with CPU N ("-" where the base does not show them), and the kept
 * level each per-CPU domain pointer names (-1 none, -2 one not kept).
 * A line "show machine=NAME cpus=N" comes first, NAME with "/shared" or
 * "/dedicated" for "all".
 */

#include <kunit/test.h>
#include <linux/bitops.h>
#include <linux/moduleparam.h>
#include <linux/sched/topology.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../fake_state.h"
#include "../fixture_memo.h"
#include "../fixture_state.h"
#include "../sched_view.h"
#include "../smp_probe.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "ppc_kunit_show."

static char *show_fixture = "";
module_param_named(fixture, show_fixture, charp, 0444);

/* One CPU's levels; printk keeps about 1000 characters of a line. */
#define SHOW_LINE	900

/* The scheduler's names of @flags, '|' separated, or "-". */
static int show_flags(char *buf, size_t len, int flags)
{
	unsigned long bits = flags;
	int n = 0, idx;

#if PPC_SCHED_HAS_NAMES
	for_each_set_bit(idx, &bits, __SD_FLAG_CNT)
		n += scnprintf(buf + n, len - n, "%s%s", n ? "|" : "", sd_flag_debug[idx].name);
#else
	(void)idx;
	if (bits)
		n = scnprintf(buf, len, "0x%lx", bits);
#endif
	if (!n)
		n = scnprintf(buf, len, "-");
	return n;
}

/* The units of @cpu's hardware, smallest first, as "hw=UNIT:LIST;...". */
static int __init show_hw(char *buf, size_t len, const struct ppc_fixture *fx, int cpu)
{
	/* One word each: the console line is split at spaces. */
	static const char * const units[] __initconst = {
		[PPC_FIXTURE_SET_GROUP] = "thread-group",
		[PPC_FIXTURE_SET_CORE] = "core",
		[PPC_FIXTURE_SET_L2] = "L2",
		[PPC_FIXTURE_SET_COREGROUP] = "coregroup",
		[PPC_FIXTURE_SET_CHIP] = "chip",
		[PPC_FIXTURE_SET_NODE] = "node",
	};
	static const enum ppc_fixture_set order[] __initconst = {
		PPC_FIXTURE_SET_GROUP, PPC_FIXTURE_SET_CORE, PPC_FIXTURE_SET_L2,
		PPC_FIXTURE_SET_COREGROUP, PPC_FIXTURE_SET_CHIP, PPC_FIXTURE_SET_NODE,
	};
	cpumask_t span;
	int i, n;

	n = scnprintf(buf, len, "hw=");
	for (i = 0; i < ARRAY_SIZE(order); i++) {
		if (order[i] == PPC_FIXTURE_SET_GROUP &&
		    fx->threads_per_group == fx->threads_per_core)
			continue;
		if (order[i] == PPC_FIXTURE_SET_COREGROUP && !fx->has_coregroups)
			continue;
		fixture_set_of(fx, order[i], cpu, &span);
		n += scnprintf(buf + n, len - n, "%s%s:%*pbl", n > 3 ? ";" : "", units[order[i]],
			       cpumask_pr_args(&span));
	}
	return n + scnprintf(buf + n, len - n, " ");
}

/* The CPUs @rel relates @cpu to in @view, as "NAME=LIST ", or "NAME=- ". */
static int show_related(char *buf, size_t len, const char *name, const struct sched_view *view,
			const int *rel, int cpu, struct cpumask *cpus)
{
	int other;

	if (!view->published)
		return scnprintf(buf, len, "%s=- ", name);
	cpumask_clear(cpus);
	for (other = 0; other < view->nr_cpus; other++)
		if (sched_view_pair(view, rel, cpu, other))
			cpumask_set_cpu(other, cpus);
	return scnprintf(buf, len, "%s=%*pbl ", name, cpumask_pr_args(cpus));
}

/* Bring @fx up, named @name, and print what the scheduler builds for it. */
static void __init show_machine(struct kunit *test, const struct ppc_fixture *fx,
				const char *name, char *line, struct cpumask *cpus)
{
	struct sched_view *view;
	struct ppc_fake *fake;
	int *priority;
	int i, cpu, n;

	fake = ppc_fake_begin(test);
	fixture_bring_up(test, fake, fx);
	view = sched_view_build_what(test, NULL, fake, fx->nr_cpus, NULL,
				     SCHED_VIEW_GROUPS | SCHED_VIEW_PAIRS);
	priority = sched_view_priorities(test, fake, fx->nr_cpus);

	kunit_info(test, "show machine=%s cpus=%d", name, fx->nr_cpus);
	for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
		const struct sched_view_cpu *c = &view->cpu[cpu];

		n = show_hw(line, SHOW_LINE, fx, cpu);
		n += scnprintf(line + n, SHOW_LINE - n, "levels=");
		for (i = 0; i < c->nr_kept; i++) {
			n += scnprintf(line + n, SHOW_LINE - n, "%s%s/", i ? ";" : "",
				       c->level[i].name);
			n += show_flags(line + n, SHOW_LINE - n, c->level[i].flags);
			n += scnprintf(line + n, SHOW_LINE - n, "/%*pbl/g%d",
				       cpumask_pr_args(c->level[i].span), c->level[i].nr_groups);
		}
		kunit_info(test, "show cpu=%d prio=%d llc=%*pbl llc_size=%d %s", cpu,
			   priority[cpu], cpumask_pr_args(c->llc), c->llc_size, line);

		n = show_related(line, SHOW_LINE, "share_cache", view, view->share_cache, cpu,
				 cpus);
		n += show_related(line + n, SHOW_LINE - n, "share_resources", view,
				  view->share_resources, cpu, cpus);
		n += show_related(line + n, SHOW_LINE - n, "equal_capacity", view,
				  view->equal_capacity, cpu, cpus);
		kunit_info(test, "show relations of=%d %snuma=%d asym_packing=%d asym_cpucapacity=%d llc_shared=%s",
			   cpu, line, c->numa_level, c->asym_packing_level,
			   c->asym_cpucapacity_level, !c->llc_shared ? "none" :
			   c->llc_shared_is_llcs ? "llc" : "other");
	}
	/* The next machine is a session of its own. */
	ppc_fake_end(fake);
}

static void __init topology_show(struct kunit *test)
{
	const struct ppc_fixture *fx = NULL;
	struct cpumask *cpus;
	char *line, *name;
	int i, shared;

	if (!*show_fixture)
		kunit_skip(test, "ppc_kunit_show.fixture= names no fixture");
	line = kunit_kzalloc(test, SHOW_LINE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, line);
	cpus = kunit_kzalloc(test, cpumask_size(), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, cpus);

	if (!strcmp(show_fixture, "all")) {
		name = kunit_kzalloc(test, KUNIT_PARAM_DESC_SIZE, GFP_KERNEL);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, name);
		for (i = 0; i < ARRAY_SIZE(ppc_fixtures); i++)
			for (shared = 0; shared <= 1; shared++) {
				scnprintf(name, KUNIT_PARAM_DESC_SIZE, "%s/%s", ppc_fixtures[i]->name,
					  shared ? "shared" : "dedicated");
				show_machine(test, fixture_in_mode(test, ppc_fixtures[i], shared),
					     name, line, cpus);
			}
		return;
	}
	for (i = 0; i < ARRAY_SIZE(ppc_fixtures); i++)
		if (!strcmp(ppc_fixtures[i]->name, show_fixture))
			fx = ppc_fixtures[i];
	if (!fx) {
		for (i = 0; i < ARRAY_SIZE(ppc_fixtures); i++)
			kunit_info(test, "show fixture-known=%s", ppc_fixtures[i]->name);
		KUNIT_FAIL(test, "ppc_kunit_show.fixture=%s: no such fixture", show_fixture);
		return;
	}
	show_machine(test, fx, fx->name, line, cpus);
}

/*
 * Kept after boot for KUnit's debugfs; __refdata because the cases are
 * __init, which an init-section suite allows (modpost would warn).
 */
static struct kunit_case __refdata topology_show_cases[] = {
	KUNIT_CASE(topology_show),
	{}
};

static struct kunit_suite topology_show_suite = {
	.name = "powerpc_topology_show",
	.test_cases = topology_show_cases,
	.suite_exit = fixture_memo_suite_exit,
};

kunit_test_init_section_suites(&topology_show_suite);
