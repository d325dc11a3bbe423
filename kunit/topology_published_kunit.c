// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of what the kernel publishes of a machine's topology once
 * its CPUs are up: each CPU's topology as sysfs shows it under
 * /sys/devices/system/cpu/cpuN/topology/ (drivers/base/topology.c reads
 * the same topology_*() accessors), its NUMA node, and what lscpu prints
 * from those files.  Userspace, lstopo and cgroup tools place work by
 * them, so a wrong mask here is a wrong machine for everyone but the
 * scheduler.
 *
 * The expectations come from the machine, not from the code: the
 * fixture says which threads form a core, which cores a chip, which a
 * coregroup and which a NUMA node; its lscpu lines say what lscpu
 * printed on it.  The firmware is the machine's own: PowerVM gives an
 * LPAR no ibm,chip-id (bare metal and QEMU do), so an LPAR publishes no
 * package id ("powerpc/smp: Remove get_physical_package_id", v5.10,
 * leaves physical_package_id the chip id, -1 without one) and its
 * package_cpus are its node ("powerpc/smp: Update cpu_core_map on all
 * PowerPc systems", v5.15): lscpu, which counts sockets by package_cpus,
 * then counts an LPAR's nodes.  With chip ids the package is the chip.
 * For the die,
 * "powerpc/smp: Expose die_id and die_cpumask" (merged for 6.19) says: a
 * die is a coregroup (a POWER10 hemisphere) where the hypervisor reveals
 * them, which it does in dedicated mode only; elsewhere die_cpus mirrors
 * package_cpus and die_id is -1.  Before 6.19 powerpc published no die,
 * and the die's expectations are left out.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/kprobes.h>
#include <linux/nodemask.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/topology.h>
#include <asm/hvcall.h>

#include "../../platforms/pseries/pseries.h"

#include "fake_call.h"
#include "fake_rtas.h"
#include "fake_state.h"
#include "fixture_firmware.h"
#include "fixture_memo.h"
#include "fixture_state.h"
#include "kunit_compat.h"
#include "sched_compat.h"

#define PUBLISHED_MAX_REPORTS	3

/* A machine of fixtures/ in one processor mode. */
struct published_machine {
	const struct ppc_fixture *fixture;
	bool shared;
};

/* Every fixture as a dedicated and as a shared LPAR; filled by suite_init. */
static struct published_machine published_machines[2 * PPC_NR_FIXTURES];

static void published_machine_to_desc(struct published_machine *m, char *desc)
{
	scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s/%s", m->fixture ? m->fixture->name : "?",
		  m->shared ? "shared" : "dedicated");
}

KUNIT_ARRAY_PARAM(published_machine, published_machines, published_machine_to_desc);

/* A PowerVM LPAR: the fixture has an lparstat line. */
static bool published_is_lpar(const struct ppc_fixture *fx)
{
	return fx->lcpu;
}

/* What a package is on the machine: an LPAR's node, otherwise its chip. */
static enum ppc_fixture_set published_package_set(const struct ppc_fixture *fx)
{
	return published_is_lpar(fx) ? PPC_FIXTURE_SET_NODE : PPC_FIXTURE_SET_CHIP;
}

/* The machine brought up with the firmware it has: no chip ids on PowerVM. */
static const struct cpumask * __init published_bring_up(struct kunit *test,
							const struct ppc_fixture *fx)
{
	struct fixture_bring_up how = { .no_chip_ids = published_is_lpar(fx) };

	return fixture_bring_up_with(test, ppc_fake_begin(test), fx, &how);
}

/*
 * A mask the kernel publishes for @cpu against the fixture's @set, among
 * the CPUs that are online: sysfs shows only what the kernel set, and it
 * sets a CPU's masks as the CPU comes up.
 */
/* @cpu's set @set of the fixture, among the @online CPUs, into @want. */
static void published_fixture_set(const struct ppc_fixture *fx, enum ppc_fixture_set set,
				  int cpu, const struct cpumask *online, struct cpumask *want)
{
	fixture_set_of(fx, set, cpu, want);
	cpumask_and(want, want, online);
}

/*
 * The masks below are checked for each CPU of machines of up to 768 CPUs:
 * each is given back as soon as it is read, not kept until the case ends
 * (a KiB each with NR_CPUS=8192).
 */
static bool published_expect_mask(struct kunit *test, const struct ppc_fixture *fx,
				  int cpu, const char *file, const struct cpumask *got,
				  enum ppc_fixture_set set, const struct cpumask *online)
{
	struct cpumask *want = fixture_mask(test);
	bool ok;

	published_fixture_set(fx, set, cpu, online, want);
	ok = cpumask_equal(got, want);
	if (!ok)
		KUNIT_FAIL(test, "%s: cpu%d/topology/%s is %*pbl, the fixture's %s is %*pbl",
			   fx->name, cpu, file, cpumask_pr_args(got), fixture_set_name(set),
			   cpumask_pr_args(want));
	kunit_kfree(test, want);
	return ok;
}

/*
 * An id the kernel publishes for every CPU of the machine, read once:
 * some accessors walk the device tree for each call.
 */
static int *published_ids(struct kunit *test, const struct ppc_fixture *fx,
			  const struct cpumask *online, int (*id_of)(int cpu))
{
	int *ids = kunit_kcalloc(test, fx->nr_cpus, sizeof(*ids), GFP_KERNEL);
	int cpu;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ids);
	for_each_cpu(cpu, online)
		if (cpu < fx->nr_cpus)
			ids[cpu] = id_of(cpu);
	return ids;
}

/*
 * An id the kernel publishes (@ids) names the fixture's @set: the online
 * CPUs with @cpu's id are the online CPUs of @cpu's set.
 */
static bool published_expect_id(struct kunit *test, const struct ppc_fixture *fx,
				int cpu, const char *file, const int *ids,
				enum ppc_fixture_set set, const struct cpumask *online)
{
	struct cpumask *same, *want;
	int other, first;
	bool ok;

	if (ids[cpu] < 0) {
		KUNIT_FAIL(test, "%s: cpu%d/topology/%s is %d; the CPU has a %s", fx->name, cpu,
			   file, ids[cpu], fixture_set_name(set));
		return false;
	}
	want = fixture_mask(test);
	published_fixture_set(fx, set, cpu, online, want);
	/*
	 * Every CPU of a set has the id of the set's first CPU, and only the
	 * first CPU's id is looked for among all the others: the ids then
	 * name the sets, one per set, as the per-CPU search of each id
	 * would find, at a cost in sets rather than CPUs (768 CPUs).
	 */
	first = cpumask_first(want);
	if (first != cpu) {
		ok = ids[cpu] == ids[first];
		if (!ok)
			KUNIT_FAIL(test,
				   "%s: cpu%d/topology/%s is %d, cpu%d's is %d; the fixture's %s %*pbl holds both",
				   fx->name, cpu, file, ids[cpu], first, ids[first],
				   fixture_set_name(set), cpumask_pr_args(want));
		kunit_kfree(test, want);
		return ok;
	}
	same = fixture_mask(test);
	for_each_cpu(other, online)
		if (other < fx->nr_cpus && ids[other] == ids[cpu])
			cpumask_set_cpu(other, same);
	ok = cpumask_equal(same, want);
	if (!ok)
		KUNIT_FAIL(test,
			   "%s: cpu%d/topology/%s is %d, as on CPUs %*pbl; the fixture's %s is %*pbl",
			   fx->name, cpu, file, ids[cpu], cpumask_pr_args(same),
			   fixture_set_name(set), cpumask_pr_args(want));
	kunit_kfree(test, same);
	kunit_kfree(test, want);
	return ok;
}

static int published_package_id(int cpu)
{
	return topology_physical_package_id(cpu);
}

static int published_core_id(int cpu)
{
	return topology_core_id(cpu);
}

static int published_node_id(int cpu)
{
	return cpu_to_node(cpu);
}

#if PPC_TOPOLOGY_HAS_DIES
#define PUBLISHED_DIES	1

/* Coregroups are identified only on dedicated processors. */
static bool published_has_dies(const struct ppc_fixture *fx)
{
	return fx->has_coregroups && !fx->shared_processor;
}

static int published_die_id(int cpu)
{
	return topology_die_id(cpu);
}

/* die_id and die_cpus, as the die_id posting defines them. */
static bool published_expect_die(struct kunit *test, const struct ppc_fixture *fx, int cpu,
				 const int *die_ids, const struct cpumask *online)
{
	if (published_has_dies(fx))
		return published_expect_id(test, fx, cpu, "die_id", die_ids,
					   PPC_FIXTURE_SET_COREGROUP, online) &&
		       published_expect_mask(test, fx, cpu, "die_cpus", topology_die_cpumask(cpu),
					     PPC_FIXTURE_SET_COREGROUP, online);
	if (die_ids[cpu] != -1) {
		KUNIT_FAIL(test, "%s: cpu%d/topology/die_id is %d; %s, so -1", fx->name, cpu,
			   die_ids[cpu], fx->has_coregroups ?
			   "a shared LPAR is not told its hemispheres" :
			   "the machine has no coregroups");
		return false;
	}
	return published_expect_mask(test, fx, cpu, "die_cpus (package_cpus without dies)",
				     topology_die_cpumask(cpu), published_package_set(fx), online);
}
#else
#define PUBLISHED_DIES	0
#define published_die_id	published_core_id

static bool published_expect_die(struct kunit *test, const struct ppc_fixture *fx, int cpu,
				 const int *die_ids, const struct cpumask *online)
{
	return true;
}
#endif

/*
 * Every CPU's topology directory: thread_siblings (the threads of its
 * core, a big core's too), core_siblings and package_cpus (its package),
 * physical_package_id (one per package), core_id (one per core), the die
 * files, and its NUMA node: the fixture's node id, whose CPU list holds it.
 */
static void __init published_cpu_topology(struct kunit *test)
{
	const struct published_machine *m = test->param_value;
	const struct ppc_fixture *fx = fixture_in_mode(test, m->fixture, m->shared);
	const struct cpumask *online = published_bring_up(test, fx);
	enum ppc_fixture_set package = published_package_set(fx);
	const int *package_ids = published_ids(test, fx, online, published_package_id);
	const int *core_ids = published_ids(test, fx, online, published_core_id);
	const int *die_ids = PUBLISHED_DIES ?
		published_ids(test, fx, online, published_die_id) : NULL;
	int cpu, node, wrong = 0;

	for_each_cpu(cpu, online) {
		bool ok;

		if (cpu >= fx->nr_cpus || wrong == PUBLISHED_MAX_REPORTS)
			break;
		ok = published_expect_mask(test, fx, cpu, "thread_siblings",
					   topology_sibling_cpumask(cpu), PPC_FIXTURE_SET_CORE,
					   online);
		ok &= published_expect_mask(test, fx, cpu, "core_siblings",
					    topology_core_cpumask(cpu), package, online);
		if (!published_is_lpar(fx)) {
			ok &= published_expect_id(test, fx, cpu, "physical_package_id",
						  package_ids, package, online);
		} else if (package_ids[cpu] != -1) {
			KUNIT_FAIL(test,
				   "%s: cpu%d/topology/physical_package_id is %d; PowerVM gives no ibm,chip-id, so -1",
				   fx->name, cpu, package_ids[cpu]);
			ok = false;
		}
		ok &= published_expect_id(test, fx, cpu, "core_id", core_ids,
					  PPC_FIXTURE_SET_CORE, online);
		ok &= published_expect_die(test, fx, cpu, die_ids, online);
		node = cpu_to_node(cpu);
		if (node != fx->cpus[cpu].node) {
			KUNIT_FAIL(test, "%s: cpu%d is in node %d, the fixture's node %d",
				   fx->name, cpu, node, fx->cpus[cpu].node);
			ok = false;
		} else if (!cpumask_test_cpu(cpu, cpumask_of_node(node))) {
			KUNIT_FAIL(test, "%s: node%d/cpulist %*pbl lacks cpu%d", fx->name, node,
				   cpumask_pr_args(cpumask_of_node(node)), cpu);
			ok = false;
		}
		wrong += !ok;
	}
}

/* How many distinct masks @mask_of gives the CPUs in @within. */
static int published_count_masks(const struct cpumask *(*mask_of)(int cpu),
				 const struct cpumask *within)
{
	int cpu, other, count = 0;

	for_each_cpu(cpu, within) {
		for_each_cpu(other, within)
			if (other >= cpu || cpumask_equal(mask_of(other), mask_of(cpu)))
				break;
		count += other >= cpu;
	}
	return count;
}

static const struct cpumask *published_thread_siblings(int cpu)
{
	return topology_sibling_cpumask(cpu);
}

static const struct cpumask *published_package_cpus(int cpu)
{
	return topology_core_cpumask(cpu);
}

/* How many distinct values @ids holds for the CPUs in @within. */
static int published_count_ids(const int *ids, const struct cpumask *within)
{
	int cpu, other, count = 0;

	for_each_cpu(cpu, within) {
		for_each_cpu(other, within)
			if (other >= cpu || ids[other] == ids[cpu])
				break;
		count += other >= cpu;
	}
	return count;
}

/*
 * What lscpu would print, and cpu0's package and die, as KTAP diagnostic
 * lines a reviewer compares before and after a patch (make review):
 * "lscpu MACHINE/MODE: ...", a node per line.
 */
static void published_print(struct kunit *test, const struct ppc_fixture *fx,
			    const struct published_machine *m, int cores, int sockets)
{
	const char *mode = m->shared ? "shared" : "dedicated";
	int i;

	kunit_info(test,
		   "lscpu %s/%s: CPU(s)=%d Thread(s)-per-core=%d Core(s)-per-socket=%d Socket(s)=%d\n",
		   fx->name, mode, fx->nr_cpus, fx->nr_cpus / cores, cores / sockets, sockets);
	kunit_info(test,
		   "lscpu %s/%s: cpu0 physical_package_id=%d package_cpus=%*pbl die_id=%d die_cpus=%*pbl\n",
		   fx->name, mode, topology_physical_package_id(0),
		   cpumask_pr_args(topology_core_cpumask(0)), topology_die_id(0),
		   cpumask_pr_args(topology_die_cpumask(0)));
	for (i = 0; i < fx->nr_nodes; i++)
		kunit_info(test, "lscpu %s/%s: NUMA node%d CPU(s)=%*pbl\n", fx->name, mode,
			   fx->nodes[i], cpumask_pr_args(cpumask_of_node(fx->nodes[i])));
}

/*
 * What lscpu prints from those files, with every CPU online, as
 * util-linux reads them: it counts masks, not ids, and divides totals.
 * "Thread(s) per core" is CPUs over distinct thread_siblings, "Socket(s)"
 * the distinct package_cpus, "Core(s) per socket" cores over sockets (the
 * 768-CPU paste says 16 for 96 cores in 6 sockets, though its node 0
 * holds 17), and the NUMA nodes that have CPUs; against the lscpu lines
 * of the fixture, which were printed on the machine or written for it.
 */
static void __init published_lscpu(struct kunit *test)
{
	const struct published_machine *m = test->param_value;
	const struct ppc_fixture *fx = fixture_in_mode(test, m->fixture, m->shared);
	const struct cpumask *online = published_bring_up(test, fx);
	struct cpumask *cpus = fixture_mask(test), *package = fixture_mask(test);
	struct cpumask *want = fixture_mask(test);
	const int *node_ids = published_ids(test, fx, online, published_node_id);
	int cpu, nodes_with_cpus = 0, i, cores, sockets;

	for_each_cpu(cpu, online)
		if (cpu < fx->nr_cpus)
			cpumask_set_cpu(cpu, cpus);
	KUNIT_ASSERT_EQ_MSG(test, cpumask_weight(cpus), fx->nr_cpus,
			    "%s: %d of its %d CPUs came online", fx->name, cpumask_weight(cpus),
			    fx->nr_cpus);
	cores = published_count_masks(published_thread_siblings, cpus);
	sockets = published_count_masks(published_package_cpus, cpus);
	KUNIT_ASSERT_GT_MSG(test, cores * sockets, 0, "%s: no core or no socket", fx->name);
	KUNIT_EXPECT_EQ_MSG(test, fx->nr_cpus / cores, fx->threads_per_core,
			    "%s: lscpu's Thread(s) per core, %d CPUs in %d cores", fx->name,
			    fx->nr_cpus, cores);
	KUNIT_EXPECT_EQ_MSG(test, sockets, fx->sockets, "%s: lscpu's Socket(s)", fx->name);
	KUNIT_EXPECT_EQ_MSG(test, cores / sockets, fx->cores_per_socket,
			    "%s: lscpu's Core(s) per socket, %d cores in %d sockets", fx->name,
			    cores, sockets);
	for (i = 0; i < fx->nr_nodes; i++) {
		cpumask_clear(want);
		for_each_cpu(cpu, cpus)
			if (fx->cpus[cpu].node == fx->nodes[i])
				cpumask_set_cpu(cpu, want);
		if (cpumask_empty(want))
			continue;
		nodes_with_cpus++;
		cpumask_and(package, cpumask_of_node(fx->nodes[i]), cpus);
		KUNIT_EXPECT_TRUE_MSG(test, cpumask_equal(package, want),
				      "%s: lscpu's NUMA node%d CPU(s) would be %*pbl, the fixture's are %*pbl",
				      fx->name, fx->nodes[i], cpumask_pr_args(package),
				      cpumask_pr_args(want));
	}
	KUNIT_EXPECT_EQ_MSG(test, published_count_ids(node_ids, cpus),
			    nodes_with_cpus, "%s: NUMA nodes with CPUs", fx->name);
	published_print(test, fx, m, cores, sockets);
}

/*
 * The node a core of @fx in @node moves to: another node of the fixture
 * with CPUs, or on a machine of one, the next node the kernel has online
 * (a partition migrated to a machine where it spans two).
 */
static int published_other_node(const struct ppc_fixture *fx, int node)
{
	int cpu, next;

	for (cpu = 0; cpu < fx->nr_cpus; cpu++)
		if (fx->cpus[cpu].node != node)
			return fx->cpus[cpu].node;
	next = next_online_node(node);
	return next < MAX_NUMNODES ? next : first_online_node;
}

/*
 * A core removed by DLPAR and added back in another node, as after a
 * partition migration or a hypervisor's reassignment: drmgr -r takes its
 * threads offline (remove_cpu_from_masks() unmaps each from its node)
 * and pseries_remove_processor() forgets their node (-1 in
 * numa_cpu_lookup_table); drmgr -a makes them present again, the hotplug
 * code's node step (ppc_numa_cpu_prepare()) reads the new node from
 * firmware into numa_cpu_lookup_table and the node's CPU list, and each
 * thread comes up through start_secondary()'s steps, whose node id was
 * still the old one.  The threads must come up in the new node, and only
 * there: their node id, the memory node they allocate from, and both
 * nodes' CPU lists, against the node firmware gave.
 */
static void __init published_node_after_core_moves(struct kunit *test)
{
	const struct published_machine *m = test->param_value;
	const struct ppc_fixture *fx = fixture_in_mode(test, m->fixture, m->shared);
	struct fixture_bring_up how = { .no_chip_ids = published_is_lpar(fx) };
	struct ppc_fake *fake = ppc_fake_begin(test);
	struct cpumask *online = (struct cpumask *)fixture_bring_up_with(test, fake, fx, &how);
	struct cpumask *node_cpus = fixture_mask(test);
	int first = fx->nr_cpus - fx->threads_per_core;
	int old = fx->cpus[first].node, new = published_other_node(fx, old);
	int cpu;

	KUNIT_ASSERT_NE_MSG(test, new, old, "%s: no node but node %d to move a core to",
			    fx->name, old);
	for (cpu = fx->nr_cpus - 1; cpu >= first; cpu--) {
		ppc_fake_take_down(fake, cpu, online);
		ppc_fake_set_cpu_lookup_node(fake, cpu, NUMA_NO_NODE);
	}
	fixture_set_of(fx, PPC_FIXTURE_SET_CORE, first, node_cpus);
	cpumask_and(node_cpus, node_cpus, cpumask_of_node(old));
	KUNIT_EXPECT_TRUE_MSG(test, cpumask_empty(node_cpus),
			      "%s: after removing the core of CPU %d, node%d/cpulist still has %*pbl",
			      fx->name, first, old, cpumask_pr_args(node_cpus));

	cpumask_copy(node_cpus, cpumask_of_node(new));
	for (cpu = first; cpu < fx->nr_cpus; cpu++) {
		ppc_fake_set_cpu_lookup_node(fake, cpu, new);
		cpumask_set_cpu(cpu, node_cpus);
	}
	ppc_fake_set_node_mask(fake, new, node_cpus);
	for (cpu = first; cpu < fx->nr_cpus; cpu++)
		ppc_fake_bring_up_cpu(fake, cpu, online);

	for (cpu = first; cpu < fx->nr_cpus; cpu++) {
		KUNIT_EXPECT_EQ_MSG(test, cpu_to_node(cpu), new,
				    "%s: cpu%d came back in node %d; firmware moved its core from node %d to node %d",
				    fx->name, cpu, cpu_to_node(cpu), old, new);
		KUNIT_EXPECT_EQ_MSG(test, cpu_to_mem(cpu), new,
				    "%s: cpu%d allocates from node %d; its node %d has memory",
				    fx->name, cpu, cpu_to_mem(cpu), new);
		KUNIT_EXPECT_TRUE_MSG(test, cpumask_test_cpu(cpu, cpumask_of_node(new)),
				      "%s: node%d/cpulist %*pbl lacks cpu%d, moved there", fx->name,
				      new, cpumask_pr_args(cpumask_of_node(new)), cpu);
		KUNIT_EXPECT_FALSE_MSG(test, cpumask_test_cpu(cpu, cpumask_of_node(old)),
				       "%s: node%d/cpulist %*pbl still has cpu%d, moved to node %d",
				       fx->name, old, cpumask_pr_args(cpumask_of_node(old)), cpu,
				       new);
	}
}

/*
 * A processor added and removed by DLPAR with its caches, as PowerVM
 * hands them over ("powerpc/pseries/cpuhp: cache node corrections", the
 * dedicated POWER9 LPAR of its report): ibm,configure-connector returns
 * the processor's node, PowerPC,POWER9@10, with its L2 and L3 cache nodes
 * as siblings, the processor's l2-cache pointing at the L2 and the L2's
 * at the L3.  dlpar_cpu_add() attaches all three, and the DLPAR notifier
 * makes the processor's threads present as the first free logical CPUs
 * with its interrupt servers as their hardware ids.  Once they are
 * offline, dlpar_cpu_remove() detaches the processor and each cache that
 * no other CPU or cache uses, and the notifier makes the CPUs not present
 * again.  Nothing may stay behind: a removed node's last reference is
 * the test's own.
 */
#define DLPAR_THREADS		8
#define DLPAR_HW_ID		0x10
#define DLPAR_L2_PHANDLE	0x2012
#define DLPAR_L3_PHANDLE	0x3112

enum { DLPAR_CPU, DLPAR_L2, DLPAR_L3, DLPAR_NR_NODES };

/* The nodes of one DLPAR add, each with a reference of the test's own. */
struct dlpar_nodes {
	struct device_node *np[DLPAR_NR_NODES];
};

/* A property as dlpar_parse_cc_property() makes it, so that the node's release frees it. */
static int __init dlpar_add_prop(struct device_node *np, const char *name, const void *value,
				 int len)
{
	struct property *pp = kzalloc(sizeof(*pp), GFP_KERNEL);

	if (!pp)
		return -ENOMEM;
	pp->name = kstrdup(name, GFP_KERNEL);
	pp->value = kmemdup(value, len, GFP_KERNEL);
	pp->length = len;
	if (!pp->name || !pp->value) {
		kfree(pp->name);
		kfree(pp->value);
		kfree(pp);
		return -ENOMEM;
	}
	pp->next = np->properties;
	np->properties = pp;
	return 0;
}

static int __init dlpar_add_u32(struct device_node *np, const char *name, u32 value)
{
	__be32 v = cpu_to_be32(value);

	return dlpar_add_prop(np, name, &v, sizeof(v));
}

/* A node as dlpar_parse_cc_node() makes it: dynamic, detached, under @parent. */
static struct device_node * __init dlpar_new_node(struct device_node *parent,
						  const char *full_name, const char *type)
{
	struct device_node *np = kzalloc(sizeof(*np), GFP_KERNEL);

	if (!np)
		return NULL;
	np->full_name = kstrdup(full_name, GFP_KERNEL);
	if (!np->full_name) {
		kfree(np);
		return NULL;
	}
	of_node_set_flag(np, OF_DYNAMIC);
	of_node_init(np);
	np->parent = parent;
	if (dlpar_add_prop(np, "device_type", type, strlen(type) + 1)) {
		kfree(np->full_name);
		kfree(np);
		return NULL;
	}
	return np;
}

/* Whether @np is one of /cpus' children, i.e. in the live tree. */
static bool dlpar_in_tree(const struct device_node *np)
{
	struct device_node *cpus = of_find_node_by_path("/cpus"), *child;
	bool found = false;

	for_each_child_of_node(cpus, child) {
		if (child == np) {
			found = true;
			of_node_put(child);
			break;
		}
	}
	of_node_put(cpus);
	return found;
}

/* Nodes never attached, freed as dlpar_free_cc_nodes() frees them. */
static void dlpar_free_unattached(struct dlpar_nodes *d)
{
	struct property *pp;
	struct device_node *np;
	int i;

	for (i = 0; i < DLPAR_NR_NODES; i++) {
		np = d->np[i];
		if (!np || of_node_check_flag(np, OF_DETACHED) || dlpar_in_tree(np))
			continue;
		while (np->properties) {
			pp = np->properties;
			np->properties = pp->next;
			kfree(pp->name);
			kfree(pp->value);
			kfree(pp);
		}
		kfree(np->full_name);
		kfree(np);
		d->np[i] = NULL;
	}
}

/*
 * Whatever the outcome: the processor and caches still in the tree go
 * out as DLPAR takes them out (a cache it kept, with a changeset), then
 * the test's references go; a node never attached is freed by hand.
 */
static void dlpar_nodes_release(struct kunit_resource *res)
{
	struct dlpar_nodes *d = res->data;
	struct of_changeset cs;
	int i;

	if (d->np[DLPAR_CPU] && dlpar_in_tree(d->np[DLPAR_CPU]))
		topology_kunit_dlpar_detach(d->np[DLPAR_CPU]);
	of_changeset_init(&cs);
	for (i = DLPAR_L2; i < DLPAR_NR_NODES; i++)
		if (d->np[i] && dlpar_in_tree(d->np[i]))
			of_changeset_detach_node(&cs, d->np[i]);
	of_changeset_apply(&cs);
	of_changeset_destroy(&cs);
	dlpar_free_unattached(d);
	for (i = 0; i < DLPAR_NR_NODES; i++)
		of_node_put(d->np[i]);
	kfree(d);
}

static int __init dlpar_nodes_init(struct kunit_resource *res, void *context)
{
	struct device_node *cpus = context;
	struct dlpar_nodes *d = kzalloc(sizeof(*d), GFP_KERNEL);
	__be32 servers[DLPAR_THREADS];
	int i, err;

	if (!d)
		return -ENOMEM;
	res->data = d;
	d->np[DLPAR_CPU] = dlpar_new_node(cpus, "PowerPC,POWER9@10", "cpu");
	d->np[DLPAR_L2] = dlpar_new_node(cpus, "l2-cache@2012", "cache");
	d->np[DLPAR_L3] = dlpar_new_node(cpus, "l3-cache@3112", "cache");
	for (i = 0; i < DLPAR_NR_NODES; i++)
		if (!d->np[i])
			goto fail;
	for (i = 0; i < DLPAR_THREADS; i++)
		servers[i] = cpu_to_be32(DLPAR_HW_ID + i);
	err = dlpar_add_u32(d->np[DLPAR_CPU], "reg", DLPAR_HW_ID) ?:
	      dlpar_add_prop(d->np[DLPAR_CPU], "ibm,ppc-interrupt-server#s", servers,
			     sizeof(servers)) ?:
	      dlpar_add_u32(d->np[DLPAR_CPU], "l2-cache", DLPAR_L2_PHANDLE) ?:
	      dlpar_add_u32(d->np[DLPAR_L2], "ibm,phandle", DLPAR_L2_PHANDLE) ?:
	      dlpar_add_u32(d->np[DLPAR_L2], "cache-level", 2) ?:
	      dlpar_add_u32(d->np[DLPAR_L2], "l2-cache", DLPAR_L3_PHANDLE) ?:
	      dlpar_add_u32(d->np[DLPAR_L3], "ibm,phandle", DLPAR_L3_PHANDLE) ?:
	      dlpar_add_u32(d->np[DLPAR_L3], "cache-level", 3);
	if (err)
		goto fail;
	/* Siblings, as configure-connector links them; the test's references. */
	d->np[DLPAR_CPU]->sibling = d->np[DLPAR_L2];
	d->np[DLPAR_L2]->sibling = d->np[DLPAR_L3];
	for (i = 0; i < DLPAR_NR_NODES; i++)
		of_node_get(d->np[i]);
	return 0;

fail:
	/* kunit_alloc_resource() does not release what fails to initialise. */
	dlpar_free_unattached(d);
	kfree(d);
	return -ENOMEM;
}

/* The node @phandle names in the live tree; the reference is dropped. */
static struct device_node *dlpar_by_phandle(phandle ph)
{
	struct device_node *np = of_find_node_by_phandle(ph);

	of_node_put(np);
	return np;
}

/* The processor's node, then its L2 and L3 as the cache walk from @cpu finds them. */
static void __init dlpar_expect_cache_walk(struct kunit *test, struct device_node *const *want,
					   int cpu)
{
	static const char * const what[] = { "processor", "l2-cache@2012", "l3-cache@3112" };
	struct device_node *np = of_get_cpu_node(cpu, NULL), *next;
	int i;

	KUNIT_EXPECT_PTR_EQ_MSG(test, np, want[DLPAR_CPU],
				"cpu%d (hardware id %d): of_get_cpu_node() finds %pOF, not the processor added",
				cpu, get_hard_smp_processor_id(cpu), np);
	for (i = DLPAR_L2; np && i < DLPAR_NR_NODES; i++) {
		next = of_find_next_cache_node(np);
		KUNIT_EXPECT_PTR_EQ_MSG(test, next, want[i],
					"cpu%d: the cache after the %s is %pOF, not %s, which configure-connector returned beside the processor",
					cpu, what[i - 1], next, what[i]);
		of_node_put(np);
		np = next;
	}
	of_node_put(np);
}

/*
 * The nodes configure-connector returns for the processor, not attached.
 * What the DLPAR notifier writes is put back when the test ends: present
 * CPUs, their hardware ids.
 */
static struct dlpar_nodes * __init dlpar_nodes(struct kunit *test, struct ppc_fake *fake)
{
	struct device_node *cpus;
	struct dlpar_nodes *d;
	int cpu;

	KUNIT_ASSERT_NULL_MSG(test, dlpar_by_phandle(DLPAR_L2_PHANDLE),
			      "the harness guest has a phandle 0x%x already", DLPAR_L2_PHANDLE);
	KUNIT_ASSERT_NULL_MSG(test, dlpar_by_phandle(DLPAR_L3_PHANDLE),
			      "the harness guest has a phandle 0x%x already", DLPAR_L3_PHANDLE);
	ppc_fake_set_present(fake, cpu_present_mask);
	for_each_possible_cpu(cpu)
		if (!cpu_present(cpu))
			ppc_fake_set_hw_id(fake, cpu, get_hard_smp_processor_id(cpu));

	cpus = of_find_node_by_path("/cpus");
	KUNIT_ASSERT_NOT_NULL(test, cpus);
	d = kunit_alloc_resource(test, dlpar_nodes_init, dlpar_nodes_release, GFP_KERNEL, cpus);
	of_node_put(cpus);
	KUNIT_ASSERT_NOT_NULL_MSG(test, d, "cannot build the nodes configure-connector returns");
	return d;
}

/* The CPUs a DLPAR add made present, in @added: a block of the processor's threads. */
static void __init dlpar_expect_added(struct kunit *test, struct cpumask *added,
				      const struct cpumask *before)
{
	cpumask_andnot(added, cpu_present_mask, before);
	KUNIT_ASSERT_EQ_MSG(test, cpumask_weight(added), DLPAR_THREADS,
			    "the DLPAR notifier made %*pbl present for a processor of %d threads",
			    cpumask_pr_args(added), DLPAR_THREADS);
	KUNIT_EXPECT_EQ_MSG(test, cpumask_first(added) % DLPAR_THREADS, 0,
			    "the processor's threads are CPUs %*pbl, not a block of %d that siblings x^1 share",
			    cpumask_pr_args(added), DLPAR_THREADS);
}

/*
 * The nodes configure-connector returns for the processor, attached as
 * dlpar_cpu_add() attaches them: the CPUs the notifier made present for
 * them into @added.
 */
static struct dlpar_nodes * __init dlpar_add(struct kunit *test, struct ppc_fake *fake,
					     struct cpumask *added)
{
	struct dlpar_nodes *d = dlpar_nodes(test, fake);
	struct cpumask *before = fixture_mask(test);

	cpumask_copy(before, cpu_present_mask);
	KUNIT_ASSERT_EQ(test, topology_kunit_dlpar_attach(d->np[DLPAR_CPU]), 0);
	dlpar_expect_added(test, added, before);
	return d;
}

static void __init published_dlpar_cache_nodes(struct kunit *test)
{
	static const char * const what[] = { "PowerPC,POWER9@10", "l2-cache@2012",
					     "l3-cache@3112" };
	struct ppc_fake *fake = ppc_fake_begin(test);
	struct cpumask *added = fixture_mask(test);
	struct dlpar_nodes *d;
	int cpu, first, i;

	d = dlpar_add(test, fake, added);
	first = cpumask_first(added);
	for (i = 0; i < DLPAR_NR_NODES; i++)
		KUNIT_EXPECT_TRUE_MSG(test, dlpar_in_tree(d->np[i]),
				      "after the DLPAR add, %s is not in /cpus", what[i]);
	for_each_cpu(cpu, added) {
		/* The remove forgets their node: it is put back. */
		if (numa_cpu_lookup_table[cpu] == NUMA_NO_NODE ||
		    node_online(numa_cpu_lookup_table[cpu]))
			ppc_fake_set_cpu_lookup_node(fake, cpu, numa_cpu_lookup_table[cpu]);
		KUNIT_EXPECT_EQ_MSG(test, get_hard_smp_processor_id(cpu), DLPAR_HW_ID + cpu - first,
				    "cpu%d: hardware id %d, the processor's interrupt server %d",
				    cpu, get_hard_smp_processor_id(cpu), DLPAR_HW_ID + cpu - first);
		dlpar_expect_cache_walk(test, d->np, cpu);
	}

	KUNIT_ASSERT_EQ(test, topology_kunit_dlpar_detach(d->np[DLPAR_CPU]), 0);
	for_each_cpu(cpu, added)
		KUNIT_EXPECT_FALSE_MSG(test, cpu_present(cpu),
				       "cpu%d is still present after its processor was removed",
				       cpu);
	for (i = 0; i < DLPAR_NR_NODES; i++) {
		KUNIT_EXPECT_FALSE_MSG(test, dlpar_in_tree(d->np[i]),
				       "after the DLPAR remove, %s is still in /cpus; no other CPU uses it",
				       what[i]);
		KUNIT_EXPECT_EQ_MSG(test, kref_read(&d->np[i]->kobj.kref), 1,
				    "after the DLPAR remove, %s has %u references; only the test's is left when nothing leaks",
				    what[i], kref_read(&d->np[i]->kobj.kref));
	}
	KUNIT_EXPECT_NULL(test, dlpar_by_phandle(DLPAR_L2_PHANDLE));
	KUNIT_EXPECT_NULL(test, dlpar_by_phandle(DLPAR_L3_PHANDLE));
}

/*
 * device_online() of the CPUs a DLPAR add brings, answered 0 without
 * running, as the CPUs never run: the threads of the processor added
 * (hardware ids DLPAR_HW_ID on), recorded by their place in the core.
 */
struct dlpar_onliner {
	struct ppc_fake_call call;
	unsigned long asked;	/* bit i: the core's thread i */
	unsigned int others;	/* devices not of the core, left to run */
};

static bool dlpar_answer_online(struct ppc_fake_call *call, struct pt_regs *regs, long *ret)
{
	struct dlpar_onliner *o = call->data;
	struct device *dev = (struct device *)regs->gpr[3];
	int hw;

	if (dev && dev->bus == &cpu_subsys && dev->id < nr_cpu_ids) {
		hw = get_hard_smp_processor_id(dev->id);
		if (hw >= DLPAR_HW_ID && hw < DLPAR_HW_ID + DLPAR_THREADS) {
			o->asked |= BIT(hw - DLPAR_HW_ID);
			*ret = 0;
			return true;
		}
	}
	o->others++;
	return false;
}

static struct dlpar_onliner * __init dlpar_answer_onlines(struct kunit *test)
{
	struct dlpar_onliner *o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, o);
	KUNIT_ASSERT_EQ_MSG(test, ppc_fake_call_answer(test, &o->call, "device_online",
						       dlpar_answer_online, o), 0,
			    "no kprobe on device_online(): the CPUs added would be started");
	return o;
}

/*
 * The node the hypervisor's VPHN answer gives the core added: the node
 * step of dlpar_online_cpu() (find_and_update_cpu_nid()) asks it for each
 * thread it onlines, and sets the thread's node from it.  Four domains,
 * the node at each, then the thread: the shape the fixtures' answers
 * have.
 */
#define DLPAR_VPHN_NODE		3

static long dlpar_vphn(unsigned long hw_id, u64 flags, __be32 *associativity)
{
	int i;

	if (hw_id < DLPAR_HW_ID || hw_id >= DLPAR_HW_ID + DLPAR_THREADS)
		return H_PARAMETER;
	associativity[0] = cpu_to_be32(5);
	for (i = 1; i <= 4; i++)
		associativity[i] = cpu_to_be32(DLPAR_VPHN_NODE);
	associativity[5] = cpu_to_be32(hw_id);
	return H_SUCCESS;
}

/*
 * What onlining the added threads writes is put back when the test
 * ends: each possible CPU's node (the DLPAR code's node step) and each
 * node's CPUs.  The VPHN answer gives the threads node 3.
 */
static void __init dlpar_prepare_online(struct kunit *test, struct ppc_fake *fake)
{
	int cpu, node;

	for_each_possible_cpu(cpu) {
		if (cpu_present(cpu))
			continue;
		node = cpu_to_node(cpu);
		if (node >= 0 && node < MAX_NUMNODES && node_online(node))
			ppc_fake_set_cpu_node(fake, cpu, node);
		else
			ppc_fake_set_cpu_lookup_node(fake, cpu, numa_cpu_lookup_table[cpu]);
	}
	for_each_online_node(node)
		ppc_fake_set_node_mask(fake, node, cpumask_of_node(node));
	KUNIT_ASSERT_TRUE_MSG(test, node_online(DLPAR_VPHN_NODE),
			      "the harness guest has no node %d for the core added",
			      DLPAR_VPHN_NODE);
	fixture_firmware_answer_vphn_with(test, dlpar_vphn);
}

/* Each thread of @added that @o saw onlined is in the node VPHN gives it. */
static void __init dlpar_expect_online_nodes(struct kunit *test, const char *name,
					     const struct dlpar_onliner *o,
					     const struct cpumask *added)
{
	int first = cpumask_first(added), cpu;

	for_each_cpu(cpu, added) {
		if (!(o->asked & BIT(cpu - first)))
			continue;
		KUNIT_EXPECT_EQ_MSG(test, cpu_to_node(cpu), DLPAR_VPHN_NODE,
				    "%s: cpu%d came up in node %d; the hypervisor's VPHN answer for its thread %#x says %d",
				    name, cpu, cpu_to_node(cpu), DLPAR_HW_ID + cpu - first,
				    DLPAR_VPHN_NODE);
	}
}

/*
 * The threads of a core DLPAR adds that come online, at each SMT state
 * "ppc64_cpu --smt" leaves (d1099e2276df, "powerpc/pseries: Honour
 * current SMT state when DLPAR onlining CPUs"): dlpar_online_cpu()
 * onlines the first thread of the core always and another only with SMT
 * on and its place in the core below the threads SMT allows; the kernel
 * would refuse the others (cpu_up() checks the SMT state) and roll the
 * add back.  The partition is SMT8, as the core added; device_online()
 * is answered for the new CPUs, as the CPUs never run, and records which
 * the DLPAR code asked for.
 */
#if PPC_FAKE_HAS_SMT_CONTROL && defined(CONFIG_KPROBES)
struct dlpar_smt_state {
	const char *name;
	int control;		/* enum cpuhp_smt_control */
	unsigned int threads;	/* cpu_smt_num_threads */
};

static const struct dlpar_smt_state dlpar_smt_states[] = {
	{ "smt-on", CPU_SMT_ENABLED, DLPAR_THREADS },
	{ "smt-4", CPU_SMT_ENABLED, 4 },
	{ "smt-2", CPU_SMT_ENABLED, 2 },
	{ "smt-off", CPU_SMT_DISABLED, 1 },
	{ "smt-forced-off", CPU_SMT_FORCE_DISABLED, 1 },
};

static void dlpar_smt_state_to_desc(const struct dlpar_smt_state *st, char *desc)
{
	strscpy(desc, st->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dlpar_smt_state, dlpar_smt_states, dlpar_smt_state_to_desc);

static void __init published_dlpar_online_smt(struct kunit *test)
{
	const struct dlpar_smt_state *st = test->param_value;
	struct ppc_fake *fake = ppc_fake_begin(test);
	struct cpumask *added = fixture_mask(test);
	struct dlpar_onliner *o;
	unsigned long want = 0;
	struct dlpar_nodes *d;
	int first, i;

	ppc_fake_set_threads_per_core(fake, DLPAR_THREADS);
	d = dlpar_add(test, fake, added);
	first = cpumask_first(added);
	for (i = 0; i < DLPAR_THREADS; i++)
		if (!i || (st->control == CPU_SMT_ENABLED && i < st->threads))
			want |= BIT(i);
	ppc_fake_set_smt(fake, st->control, st->threads);
	dlpar_prepare_online(test, fake);
	o = dlpar_answer_onlines(test);

	KUNIT_EXPECT_EQ_MSG(test, topology_kunit_dlpar_online(d->np[DLPAR_CPU]), 0,
			    "%s: dlpar_online_cpu() failed", st->name);
	KUNIT_EXPECT_EQ_MSG(test, o->asked, want,
			    "%s: the DLPAR add onlined the threads 0x%lx of CPUs %d-%d (bit n: thread n); at %u threads with SMT control %d, 0x%lx",
			    st->name, o->asked, first, first + DLPAR_THREADS - 1,
			    st->threads, st->control, want);
	KUNIT_EXPECT_EQ_MSG(test, o->others, 0,
			    "%s: the DLPAR add onlined %u devices that are not its CPUs",
			    st->name, o->others);
	dlpar_expect_online_nodes(test, st->name, o, added);
}
#else
/*
 * A parameterized case this kernel cannot run keeps one parameter, which
 * skips and says why: the DLPAR cases without SMT control or kprobes.
 */
static const char * const dlpar_not_run[] = { "not-on-this-kernel" };

static void dlpar_not_run_to_desc(const char * const *name, char *desc)
{
	strscpy(desc, *name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dlpar_not_run, dlpar_not_run, dlpar_not_run_to_desc);
#define dlpar_smt_state_gen_params	dlpar_not_run_gen_params

static void __init published_dlpar_online_smt(struct kunit *test)
{
	kunit_skip(test,
		   "no SMT control per thread count (6.11) or no kprobes: nothing to honour or to answer device_online() with");
}
#endif

/*
 * The DLPAR add and remove of a processor, whole, as drmgr asks the
 * kernel for them: a hotplug error log naming a drc index, handed to
 * handle_dlpar_errorlog() as /sys/kernel/dlpar and the hotplug event
 * queue hand theirs.  The drc index is one /cpus lists
 * (ibm,drc-indexes) and no processor has; the fake firmware (fake_rtas.h) answers for it, with
 * the processor and its cache nodes as configure-connector returns them.
 * The add acquires the connector (its sense unusable, then allocated and
 * unisolated), configures it, attaches the nodes, makes the threads
 * present and onlines them, each in the node VPHN gives; the remove,
 * its CPUs offline already (they never ran), releases the connector
 * (present, then isolated and unallocated) and detaches the nodes, which
 * the kernel frees: only the test's references are left.
 */
#ifdef CONFIG_KPROBES
/* A node of @cpus whose ibm,my-drc-index is @drc, with a reference; or NULL. */
static struct device_node *dlpar_node_of_drc(struct device_node *cpus, u32 drc)
{
	struct device_node *np;
	u32 mine;

	for_each_child_of_node(cpus, np)
		if (!of_property_read_u32(np, "ibm,my-drc-index", &mine) && mine == drc)
			return np;
	return NULL;
}

/* Whether ibm,drc-indexes of @cpus (the count, then the indexes) lists @drc. */
static bool dlpar_drc_listed(struct device_node *cpus, u32 drc)
{
	u32 count = 0, i, listed;

	of_property_read_u32_index(cpus, "ibm,drc-indexes", 0, &count);
	for (i = 1; i <= count; i++)
		if (!of_property_read_u32_index(cpus, "ibm,drc-indexes", i, &listed) &&
		    listed == drc)
			return true;
	return false;
}

/*
 * The last drc index /cpus lists (ibm,drc-indexes: the count, then the
 * indexes), and in @unlisted the next one up that it does not list.
 */
static u32 __init dlpar_free_drc_index(struct kunit *test, u32 *unlisted)
{
	struct device_node *cpus = of_find_node_by_path("/cpus"), *np;
	u32 count = 0, drc = 0;
	bool ok;

	KUNIT_ASSERT_NOT_NULL(test, cpus);
	if (of_find_property(cpus, "ibm,drc-info", NULL)) {
		of_node_put(cpus);
		kunit_skip(test,
			   "/cpus has ibm,drc-info: the case picks its drc index from ibm,drc-indexes");
	}
	ok = !of_property_read_u32_index(cpus, "ibm,drc-indexes", 0, &count) && count >= 2 &&
	     !of_property_read_u32_index(cpus, "ibm,drc-indexes", count, &drc);
	np = ok ? dlpar_node_of_drc(cpus, drc) : NULL;
	for (*unlisted = drc + 1; ok && dlpar_drc_listed(cpus, *unlisted); (*unlisted)++)
		;
	of_node_put(cpus);
	KUNIT_ASSERT_TRUE_MSG(test, ok,
			      "the harness guest's /cpus lists %u drc indexes: none free for a DLPAR add",
			      count);
	KUNIT_ASSERT_NULL_MSG(test, np, "%pOF has drc index %#x, the last /cpus lists", np, drc);
	return drc;
}

/* At the test's end: a processor left attached by a failed case is detached. */
static int dlpar_leftover_init(struct kunit_resource *res, void *context)
{
	res->data = context;
	return 0;
}

static void dlpar_remove_leftover(struct kunit_resource *res)
{
	struct device_node *cpus = of_find_node_by_path("/cpus"), *np;

	np = cpus ? dlpar_node_of_drc(cpus, (u32)(unsigned long)res->data) : NULL;
	if (np) {
		topology_kunit_dlpar_detach(np);
		of_node_put(np);
	}
	of_node_put(cpus);
}

/* A processor DLPAR may add, the fake firmware that answers for it, the onliner. */
struct dlpar_whole {
	struct ppc_fake_rtas *rtas;
	struct dlpar_onliner *o;
	struct dlpar_nodes *d;
	u32 drc, unlisted;
};

static void __init dlpar_whole_begin(struct kunit *test, struct dlpar_whole *w)
{
	struct ppc_fake *fake = ppc_fake_begin(test);

	ppc_fake_set_threads_per_core(fake, DLPAR_THREADS);
#if PPC_FAKE_HAS_SMT_CONTROL
	ppc_fake_set_smt(fake, CPU_SMT_ENABLED, DLPAR_THREADS);
#endif
	w->d = dlpar_nodes(test, fake);
	w->drc = dlpar_free_drc_index(test, &w->unlisted);
	KUNIT_ASSERT_EQ(test, dlpar_add_u32(w->d->np[DLPAR_CPU], "ibm,my-drc-index", w->drc), 0);
	w->rtas = ppc_fake_rtas_drc(test, w->drc, w->d->np, DLPAR_NR_NODES);
	KUNIT_ASSERT_NOT_NULL_MSG(test, w->rtas, "no kprobe on rtas_call(): no fake firmware");
	dlpar_prepare_online(test, fake);
	w->o = dlpar_answer_onlines(test);
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, dlpar_leftover_init,
							 dlpar_remove_leftover, GFP_KERNEL,
							 (void *)(unsigned long)w->drc));
}

/* What drmgr asks: @action (PSERIES_HP_ELOG_ACTION_*) for the processor at @drc. */
static int __init dlpar_whole_ask(u8 action, u32 drc)
{
	struct pseries_hp_errorlog elog = {
		.resource = PSERIES_HP_ELOG_RESOURCE_CPU,
		.action = action,
		.id_type = PSERIES_HP_ELOG_ID_DRC_INDEX,
		._drc_u.drc_index = cpu_to_be32(drc),
	};

	return handle_dlpar_errorlog(&elog);
}

#define DLPAR_ADD_CALLS	"sense:unusable allocation:usable isolation:unisolate configure:complete"
#define DLPAR_REMOVE_CALLS	"sense:present isolation:isolate allocation:unusable"
/* A remove whose deallocation is refused: the connector unisolated again, twice. */
#define DLPAR_REMOVE_REFUSED	\
	"sense:present isolation:isolate allocation:unusable refused isolation:unisolate"
#define DLPAR_UNISOLATE_CALLS	"sense:present isolation:unisolate"

/* Added, as the firmware answers every call: the CPUs made present, in @added. */
static void __init dlpar_whole_add(struct kunit *test, struct dlpar_whole *w,
				   struct cpumask *added)
{
	struct cpumask *before = fixture_mask(test);

	cpumask_copy(before, cpu_present_mask);
	KUNIT_ASSERT_EQ_MSG(test, dlpar_whole_ask(PSERIES_HP_ELOG_ACTION_ADD, w->drc), 0,
			    "the DLPAR add of drc index %#x failed; the firmware was asked: %s",
			    w->drc, ppc_fake_rtas_log(w->rtas));
	KUNIT_EXPECT_STREQ_MSG(test, ppc_fake_rtas_log(w->rtas), DLPAR_ADD_CALLS,
			       "the DLPAR add's firmware calls for drc index %#x", w->drc);
	dlpar_expect_added(test, added, before);
}

static void __init published_dlpar_add_remove(struct kunit *test)
{
	static const char * const what[] = { "PowerPC,POWER9@10", "l2-cache@2012",
					     "l3-cache@3112" };
	struct cpumask *added = fixture_mask(test);
	struct device_node *np[DLPAR_NR_NODES];
	struct dlpar_whole w;
	int cpu, first, i;

	dlpar_whole_begin(test, &w);
	/* An index /cpus does not list is refused before the firmware is asked. */
	KUNIT_EXPECT_EQ_MSG(test, dlpar_whole_ask(PSERIES_HP_ELOG_ACTION_ADD, w.unlisted), -EINVAL,
			    "the DLPAR add of drc index %#x, which /cpus does not list",
			    w.unlisted);
	KUNIT_EXPECT_STREQ_MSG(test, ppc_fake_rtas_log(w.rtas), "",
			       "the firmware was asked about drc index %#x, which /cpus does not list",
			       w.unlisted);

	dlpar_whole_add(test, &w, added);
	first = cpumask_first(added);
	/* The kernel's own nodes, made from configure-connector's answers. */
	np[DLPAR_CPU] = of_get_cpu_node(first, NULL);
	np[DLPAR_L2] = of_find_node_by_phandle(DLPAR_L2_PHANDLE);
	np[DLPAR_L3] = of_find_node_by_phandle(DLPAR_L3_PHANDLE);
	for (i = 0; i < DLPAR_NR_NODES; i++) {
		KUNIT_ASSERT_NOT_NULL_MSG(test, np[i], "after the DLPAR add, %s is not in the tree",
					  what[i]);
		KUNIT_EXPECT_STREQ(test, kbasename(np[i]->full_name), what[i]);
		/* Made at run time: the last reference put frees it. */
		KUNIT_EXPECT_TRUE_MSG(test, of_node_check_flag(np[i], OF_DYNAMIC),
				      "%pOF, made from configure-connector's answer, is not dynamic",
				      np[i]);
		KUNIT_EXPECT_TRUE_MSG(test, dlpar_in_tree(np[i]),
				      "after the DLPAR add, %pOF is not a child of /cpus", np[i]);
	}
	for_each_cpu(cpu, added) {
		KUNIT_EXPECT_EQ_MSG(test, get_hard_smp_processor_id(cpu), DLPAR_HW_ID + cpu - first,
				    "cpu%d: hardware id %d, the processor's interrupt server %d",
				    cpu, get_hard_smp_processor_id(cpu), DLPAR_HW_ID + cpu - first);
		dlpar_expect_cache_walk(test, np, cpu);
	}
	KUNIT_EXPECT_EQ_MSG(test, w.o->asked, (1UL << DLPAR_THREADS) - 1,
			    "with SMT on, the DLPAR add onlined the threads 0x%lx of CPUs %*pbl (bit n: thread n)",
			    w.o->asked, cpumask_pr_args(added));
	KUNIT_EXPECT_EQ_MSG(test, w.o->others, 0,
			    "the DLPAR add onlined %u devices that are not its CPUs", w.o->others);
	dlpar_expect_online_nodes(test, "the DLPAR add", w.o, added);

	KUNIT_EXPECT_EQ_MSG(test, dlpar_whole_ask(PSERIES_HP_ELOG_ACTION_REMOVE, w.drc), 0,
			    "the DLPAR remove of drc index %#x failed; the firmware was asked: %s",
			    w.drc, ppc_fake_rtas_log(w.rtas));
	KUNIT_EXPECT_STREQ_MSG(test, ppc_fake_rtas_log(w.rtas),
			       DLPAR_ADD_CALLS " " DLPAR_REMOVE_CALLS,
			       "the DLPAR add's, then the remove's firmware calls for drc index %#x",
			       w.drc);
	for_each_cpu(cpu, added)
		KUNIT_EXPECT_FALSE_MSG(test, cpu_present(cpu),
				       "cpu%d is still present after its processor was removed",
				       cpu);
	for (i = 0; i < DLPAR_NR_NODES; i++) {
		KUNIT_EXPECT_FALSE_MSG(test, dlpar_in_tree(np[i]),
				       "after the DLPAR remove, %s is still in /cpus; no other CPU uses it",
				       what[i]);
		KUNIT_EXPECT_EQ_MSG(test, kref_read(&np[i]->kobj.kref), 1,
				    "after the DLPAR remove, %s has %u references; only the test's is left when nothing leaks",
				    what[i], kref_read(&np[i]->kobj.kref));
		of_node_put(np[i]);
	}
}

/*
 * The firmware refusing a step, as PAPR lets it: the kernel undoes what
 * the refused step's half did and reports the failure.  An add whose
 * unisolate is refused makes the connector unusable again and adds
 * nothing; a remove whose deallocation is refused unisolates the
 * connector again, onlines the threads again and keeps the processor.
 */
struct dlpar_refusal {
	const char *name;
	const char *step;	/* the set-indicator refused */
	bool on_remove;
	const char *calls;	/* the firmware calls of the step that fails */
};

static const struct dlpar_refusal dlpar_refusals[] = {
	{ "unisolate-refused", "isolation:unisolate", false,
	  "sense:unusable allocation:usable isolation:unisolate refused allocation:unusable" },
	{ "unallocate-refused", "allocation:unusable", true,
	  DLPAR_REMOVE_REFUSED " " DLPAR_UNISOLATE_CALLS },
};

static void dlpar_refusal_to_desc(const struct dlpar_refusal *r, char *desc)
{
	strscpy(desc, r->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dlpar_refusal, dlpar_refusals, dlpar_refusal_to_desc);

static void __init published_dlpar_firmware_refusal(struct kunit *test)
{
	const struct dlpar_refusal *r = test->param_value;
	struct cpumask *added = fixture_mask(test), *present = fixture_mask(test);
	const char *log;
	struct dlpar_whole w;
	size_t before = 0;
	int rc;

	dlpar_whole_begin(test, &w);
	if (r->on_remove) {
		dlpar_whole_add(test, &w, added);
		before = strlen(DLPAR_ADD_CALLS " ");
	}
	ppc_fake_rtas_refuse(w.rtas, r->step);
	cpumask_copy(present, cpu_present_mask);
	rc = dlpar_whole_ask(r->on_remove ? PSERIES_HP_ELOG_ACTION_REMOVE :
			     PSERIES_HP_ELOG_ACTION_ADD, w.drc);
	KUNIT_EXPECT_NE_MSG(test, rc, 0, "%s: the DLPAR %s succeeded", r->name,
			    r->on_remove ? "remove" : "add");
	log = ppc_fake_rtas_log(w.rtas);
	KUNIT_EXPECT_STREQ_MSG(test, strlen(log) >= before ? log + before : log, r->calls,
			       "%s: the firmware calls of the DLPAR %s for drc index %#x", r->name,
			       r->on_remove ? "remove" : "add", w.drc);
	KUNIT_EXPECT_TRUE_MSG(test, cpumask_equal(present, cpu_present_mask),
			      "%s: the CPUs present went from %*pbl to %*pbl", r->name,
			      cpumask_pr_args(present), cpumask_pr_args(cpu_present_mask));
	KUNIT_EXPECT_EQ_MSG(test, !!dlpar_by_phandle(DLPAR_L2_PHANDLE), r->on_remove,
			    "%s: the processor's L2 is %sin the tree", r->name,
			    dlpar_by_phandle(DLPAR_L2_PHANDLE) ? "" : "not ");
	/* A remove that fails onlines the threads again: each twice in all. */
	KUNIT_EXPECT_EQ_MSG(test, w.o->call.answered, r->on_remove ? 2 * DLPAR_THREADS : 0,
			    "%s: device_online() of the processor's threads asked %u times",
			    r->name, w.o->call.answered);
}
#else
static void __init published_dlpar_add_remove(struct kunit *test)
{
	kunit_skip(test, "no kprobes: no fake firmware to answer the DLPAR RTAS calls");
}

#define dlpar_refusal_gen_params	dlpar_not_run_gen_params

static void __init published_dlpar_firmware_refusal(struct kunit *test)
{
	kunit_skip(test, "no kprobes: no fake firmware to refuse the DLPAR RTAS calls");
}
#endif

static int published_suite_init(struct kunit_suite *suite)
{
	int i;

	for (i = 0; i < 2 * PPC_NR_FIXTURES; i++) {
		published_machines[i].fixture = ppc_fixtures[i / 2];
		published_machines[i].shared = i % 2;
	}
	return 0;
}

/*
 * Kept after boot for KUnit's debugfs; __refdata because the cases are
 * __init, which an init-section suite allows (modpost would warn).
 */
static struct kunit_case __refdata published_cases[] = {
	KUNIT_CASE_PARAM(published_cpu_topology, published_machine_gen_params),
	KUNIT_CASE_PARAM(published_lscpu, published_machine_gen_params),
	KUNIT_CASE_PARAM(published_node_after_core_moves, published_machine_gen_params),
	KUNIT_CASE(published_dlpar_cache_nodes),
	KUNIT_CASE_PARAM(published_dlpar_online_smt, dlpar_smt_state_gen_params),
	KUNIT_CASE(published_dlpar_add_remove),
	KUNIT_CASE_PARAM(published_dlpar_firmware_refusal, dlpar_refusal_gen_params),
	{}
};

static struct kunit_suite __refdata published_suite = {
	.name = "powerpc_topology_published",
	.suite_init = published_suite_init,
	.suite_exit = fixture_memo_suite_exit,
	.test_cases = published_cases,
};

kunit_test_init_section_suites(&published_suite);
