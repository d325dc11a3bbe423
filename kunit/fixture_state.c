// SPDX-License-Identifier: GPL-2.0
/*
 * A machine of fixtures/ in a fake-state session.  The test supplies what
 * firmware and the hypervisor would: which CPUs exist, their hardware
 * thread ids, a device-tree node per core with its ibm,thread-groups, the
 * L2 cache node behind each core, chip ids, coregroup ids, NUMA nodes,
 * the thread count, whether the processors are shared and whether the
 * platform identifies coregroups.  The kernel's bring-up code computes
 * every mask and topology flag from them (ppc_fake_bring_up()).
 *
 * The device nodes are never attached to the live tree: smp.c finds them
 * through the fake firmware's of_get_cpu_node(), so the device tree the
 * rest of the kernel sees does not change at all.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/kref.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/smp.h>

#include "fixture_state.h"
#include "smp_firmware.h"

static unsigned int set_id(const struct ppc_fixture *fx, enum ppc_fixture_set set, int cpu)
{
	const struct ppc_fixture_cpu *c = &fx->cpus[cpu];

	switch (set) {
	case PPC_FIXTURE_SET_CORE:
		return c->core_first;
	case PPC_FIXTURE_SET_GROUP:
		return c->group_first;
	case PPC_FIXTURE_SET_L2:
		return c->l2_first;
	case PPC_FIXTURE_SET_COREGROUP:
		return c->coregroup;
	case PPC_FIXTURE_SET_CHIP:
		return c->chip;
	case PPC_FIXTURE_SET_NODE:
		return c->node;
	}
	return 0;
}

/* The CPUs of the fixture that share @set with @cpu. */
void fixture_set_of(const struct ppc_fixture *fx, enum ppc_fixture_set set, int cpu,
		    struct cpumask *mask)
{
	int other;

	cpumask_clear(mask);
	for (other = 0; other < fx->nr_cpus; other++)
		if (set_id(fx, set, other) == set_id(fx, set, cpu) &&
		    (set != PPC_FIXTURE_SET_COREGROUP ||
		     fx->cpus[other].node == fx->cpus[cpu].node))
			cpumask_set_cpu(other, mask);
}

const char *fixture_set_name(enum ppc_fixture_set set)
{
	static const char * const names[] = {
		[PPC_FIXTURE_SET_CORE] = "core",
		[PPC_FIXTURE_SET_GROUP] = "L1 thread group",
		[PPC_FIXTURE_SET_L2] = "L2",
		[PPC_FIXTURE_SET_COREGROUP] = "coregroup",
		[PPC_FIXTURE_SET_CHIP] = "chip",
		[PPC_FIXTURE_SET_NODE] = "node",
	};

	return set < ARRAY_SIZE(names) ? names[set] : "?";
}

void fixture_describe(const struct ppc_fixture * const *fx, char *desc)
{
	strscpy(desc, (*fx)->name, KUNIT_PARAM_DESC_SIZE);
}

/* The firmware of one fixture, as smp.c's fake inputs read it. */
struct fixture_machine {
	struct ppc_fake_firmware fw;
	const struct ppc_fixture *fx;
	struct cpumask *present;
	struct cpumask *online;
	struct device_node *core_node;	/* one per core */
	struct property *core_prop;
	struct device_node *l2_node;	/* one per core, used by the L2's first core */
	bool l2_nodes;
};

static struct device_node *machine_cpu_node(const struct ppc_fake_firmware *fw, int cpu)
{
	const struct fixture_machine *m = fw->data;

	if (cpu < 0 || !cpumask_test_cpu(cpu, m->present))
		return NULL;
	return of_node_get(&m->core_node[cpu / m->fx->threads_per_core]);
}

/* The l2-cache node a core's node points to, shared as the L2 is. */
static struct device_node *machine_next_cache_node(const struct ppc_fake_firmware *fw,
						   const struct device_node *np)
{
	const struct fixture_machine *m = fw->data;
	int core = np - m->core_node;

	if (!m->l2_nodes || core < 0 || core >= m->fx->nr_cores)
		return NULL;
	core = m->fx->cpus[core * m->fx->threads_per_core].l2_first / m->fx->threads_per_core;
	return of_node_get(&m->l2_node[core]);
}

/*
 * What H_HOME_NODE_ASSOCIATIVITY gives as the coregroup; without one, the
 * kernel falls back to the core id.
 */
static int machine_coregroup_id(const struct ppc_fake_firmware *fw, int cpu)
{
	const struct fixture_machine *m = fw->data;

	if (m->fx->cpus[cpu].coregroup == PPC_FIXTURE_NONE)
		return cpu / m->fx->threads_per_core;
	return m->fx->cpus[cpu].coregroup;
}

/*
 * Each core's own ibm,thread-groups: the fixture gives the first core's,
 * firmware numbers every core's threads from the core's first hardware
 * id, which the fixture's CPUs take from their CPU number.
 */
static __be32 *core_thread_groups(struct kunit *test, const struct ppc_fixture *fx, int core)
{
	__be32 *val = kunit_kcalloc(test, fx->thread_groups_len, sizeof(*val), GFP_KERNEL);
	int i = 0, j, n, first = core * fx->threads_per_core;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, val);
	while (i + 3 <= fx->thread_groups_len) {
		n = fx->thread_groups[i + 1] * fx->thread_groups[i + 2];
		for (j = 0; j < 3; j++)
			val[i + j] = cpu_to_be32(fx->thread_groups[i + j]);
		for (j = 0; j < n && i + 3 + j < fx->thread_groups_len; j++)
			val[i + 3 + j] = cpu_to_be32(fx->thread_groups[i + 3 + j] + first);
		i += 3 + n;
	}
	return val;
}

static void __init machine_nodes(struct kunit *test, struct fixture_machine *m)
{
	const struct ppc_fixture *fx = m->fx;
	int core;

	m->core_node = kunit_kcalloc(test, fx->nr_cores, sizeof(*m->core_node), GFP_KERNEL);
	m->core_prop = kunit_kcalloc(test, fx->nr_cores, sizeof(*m->core_prop), GFP_KERNEL);
	m->l2_node = kunit_kcalloc(test, fx->nr_cores, sizeof(*m->l2_node), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m->core_node);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m->core_prop);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m->l2_node);
	/* Thread-group L2s are found through ibm,thread-groups, not a node. */
	m->l2_nodes = fx->l2_share != PPC_FIXTURE_L2_THREAD_GROUP;

	for (core = 0; core < fx->nr_cores; core++) {
		struct device_node *np = &m->core_node[core];

		of_node_init(np);
		np->name = "cpu";
		np->full_name = fx->name;
		if (fx->thread_groups_len) {
			m->core_prop[core].name = "ibm,thread-groups";
			m->core_prop[core].value = core_thread_groups(test, fx, core);
			m->core_prop[core].length = fx->thread_groups_len * sizeof(__be32);
			np->properties = &m->core_prop[core];
		}
		of_node_init(&m->l2_node[core]);
		m->l2_node[core].name = "l2-cache";
		m->l2_node[core].full_name = fx->name;
	}
}

/*
 * Present @fx's firmware as @how says and let the kernel bring its CPUs
 * up.  Every mask the bring-up fills starts empty, every flag it decides
 * starts cleared, and all of it is restored when the test ends.  The
 * maps init_big_cores() allocates itself (small core, thread groups)
 * start full of CPUs instead: it must clear them.  Returns the CPUs that
 * came online; the bring-up must have returned every device-node
 * reference it took.
 */
const struct cpumask * __init fixture_bring_up_with(struct kunit *test, struct ppc_fake *fake,
						    const struct ppc_fixture *fx,
						    const struct fixture_bring_up *how)
{
	struct fixture_machine *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	struct ppc_fake_flags flags = {
		.shared_processor = fx->shared_processor,
		.coregroup_enabled = fx->has_coregroups,
	};
	int cpu, map, i, boot_node = cpu_to_node(0);
	int *chip_ids, *order, nr_order = 0;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m);
	KUNIT_ASSERT_LE_MSG(test, (unsigned int)fx->nr_cpus, nr_cpu_ids,
			    "%s: %u CPUs, but the kernel has %u possible CPUs (raise maxcpus)",
			    fx->name, fx->nr_cpus, nr_cpu_ids);
	KUNIT_ASSERT_EQ_MSG(test, get_hard_smp_processor_id(0), 0,
			    "CPU 0 is online with hardware id %d; the fixtures number it 0",
			    get_hard_smp_processor_id(0));
	m->fx = fx;
	m->present = kunit_kzalloc(test, cpumask_size(), GFP_KERNEL);
	m->online = kunit_kzalloc(test, cpumask_size(), GFP_KERNEL);
	chip_ids = kunit_kcalloc(test, fx->nr_cores, sizeof(*chip_ids), GFP_KERNEL);
	order = kunit_kcalloc(test, fx->nr_cpus, sizeof(*order), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, order);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m->present);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m->online);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, chip_ids);
	machine_nodes(test, m);
	if (how->no_l2_nodes)
		m->l2_nodes = false;
	for (i = 0; i < fx->nr_cpus; i++) {
		cpu = how->descending ? fx->nr_cpus - 1 - i : i;
		if (!how->threads_online || cpu % fx->threads_per_core < how->threads_online)
			order[nr_order++] = cpu;
	}

	ppc_fake_set_flags(fake, &flags);
	ppc_fake_set_threads_per_core(fake, fx->threads_per_core);
	for (cpu = 0; cpu < fx->nr_cpus; cpu++)
		cpumask_set_cpu(cpu, m->present);
	for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
		if (cpu)
			ppc_fake_set_hw_id(fake, cpu, cpu);
		for (map = 0; map < PPC_NR_MAPS; map++)
			ppc_fake_set_map(fake, map, cpu, map == PPC_MAP_SMALLCORE ||
					 map >= PPC_MAP_TG_L1 ? m->present : cpu_none_mask);
		ppc_fake_set_cpu_node(fake, cpu, fx->cpus[cpu].node);
	}
	/* The kernel maps each CPU to its node as it comes up. */
	ppc_fake_set_node_mask(fake, boot_node, cpu_none_mask);
	for (i = 0; i < fx->nr_nodes; i++)
		ppc_fake_set_node_mask(fake, fx->nodes[i], cpu_none_mask);
	for (i = 0; i < fx->nr_cores; i++)
		chip_ids[i] = fx->cpus[i * fx->threads_per_core].chip;
	ppc_fake_set_chip_ids(fake, chip_ids);

	m->fw = (struct ppc_fake_firmware){
		.present = m->present,
		.online = m->online,
		.cpu_node = machine_cpu_node,
		.next_cache_node = machine_next_cache_node,
		.coregroup_id = machine_coregroup_id,
		.order = order,
		.nr_order = nr_order,
		.data = m,
	};
	KUNIT_ASSERT_EQ_MSG(test, ppc_fake_bring_up(fake, &m->fw, m->online), 0,
			    "%s: cannot save the boot thread groups", fx->name);

	for (i = 0; i < fx->nr_cores; i++) {
		KUNIT_EXPECT_EQ_MSG(test, kref_read(&m->core_node[i].kobj.kref), 1U,
				    "%s: the bring-up kept %u references to core %d's device node",
				    fx->name, kref_read(&m->core_node[i].kobj.kref) - 1, i);
		KUNIT_EXPECT_EQ_MSG(test, kref_read(&m->l2_node[i].kobj.kref), 1U,
				    "%s: the bring-up kept %u references to an L2 cache node",
				    fx->name, kref_read(&m->l2_node[i].kobj.kref) - 1);
	}
	return m->online;
}

const struct cpumask * __init fixture_bring_up(struct kunit *test, struct ppc_fake *fake,
					       const struct ppc_fixture *fx)
{
	static const struct fixture_bring_up boot_order __initconst = { };

	return fixture_bring_up_with(test, fake, fx, &boot_order);
}
