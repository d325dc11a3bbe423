// SPDX-License-Identifier: GPL-2.0
/*
 * A machine of fixtures/ in a fake-state session.  The test supplies what
 * firmware and the hypervisor would: which CPUs exist and their hardware
 * thread ids, the machine's /cpus nodes (fixture_firmware.c), the VPHN
 * answer behind coregroups, NUMA nodes, the thread count, whether the
 * processors are shared and whether the platform identifies coregroups.
 * The kernel's bring-up code computes every mask and topology flag from
 * them (ppc_fake_init_big_cores(), ppc_fake_start_cpus()).
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/kref.h>
#include <linux/mm.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/smp.h>

#include <asm/firmware.h>

#include "fixture_firmware.h"
#include "fixture_memo.h"
#include "fixture_state.h"

/*
 * ppc_fixtures.c gives each machine's CPUs as one core's threads and a
 * row per core; the suites read a row per CPU.  The rows are written
 * here, before any suite runs: KUnit runs the built-in suites once the
 * initcalls are done.
 */
static void __init fixture_expand(const struct ppc_fixture *fx)
{
	unsigned int threads = fx->threads_per_core, cpu, k, t;

	for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
		struct ppc_fixture_cpu *c = &fx->cpus[cpu];
		const struct ppc_fixture_thread *th;
		const struct ppc_fixture_core *co;

		k = cpu / threads;
		t = cpu % threads;
		th = &fx->threads[t];
		co = &fx->cores[k];
		c->core_first = k * threads;
		c->group_first = k * threads + th->group;
		c->l2_first = co->l2_core * threads + th->l2;
		c->coregroup = co->coregroup;
		c->chip = co->chip;
		c->node = co->node;
		c->levels = co->levels;
		c->hw_id = PPC_FIXTURE_HW_ID(threads, k, t);
	}
}

static int __init ppc_fixtures_expand(void)
{
	int i;

	for (i = 0; i < PPC_NR_FIXTURES; i++)
		fixture_expand(ppc_fixtures[i]);
	return 0;
}
core_initcall(ppc_fixtures_expand);

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

static bool same_set(const struct ppc_fixture *fx, enum ppc_fixture_set set, int a, int b)
{
	return set_id(fx, set, a) == set_id(fx, set, b) &&
	       (set != PPC_FIXTURE_SET_COREGROUP || fx->cpus[a].node == fx->cpus[b].node);
}

/*
 * Each kind of set of the last machine asked about, indexed: each CPU's
 * set number and each set's CPUs.  The checks ask for the set of every
 * CPU at every level, and for every group's set, over and over: a walk
 * over the machine's CPUs for each was most of the time a check of the
 * largest machine took.  Keyed by the machine's CPU table, which copies
 * of a fixture in another processor mode share, and forgotten at every
 * bring-up: a table a test allocated can be freed and its memory reused
 * by the next test for another machine.
 */
static struct fixture_sets {
	const struct ppc_fixture_cpu *cpus;
	int nr_cpus;
	int *nr;			/* each CPU's set */
	struct cpumask *masks;		/* each set's CPUs */
} sets[PPC_FIXTURE_SET_NODE + 1];

void fixture_set_forget(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(sets); i++) {
		kvfree(sets[i].nr);
		kvfree(sets[i].masks);
		sets[i] = (struct fixture_sets){};
	}
}

/* @fx's sets of kind @set indexed, or NULL without the memory for it. */
static struct fixture_sets *index_sets(const struct ppc_fixture *fx, enum ppc_fixture_set set)
{
	struct fixture_sets *s = &sets[set];
	int cpu, i, nr_sets = 0, *first;

	if (s->cpus == fx->cpus && s->nr_cpus == fx->nr_cpus)
		return s;
	kvfree(s->nr);
	kvfree(s->masks);
	*s = (struct fixture_sets){};
	s->nr = kvcalloc(fx->nr_cpus, sizeof(*s->nr), GFP_KERNEL);
	first = kvcalloc(fx->nr_cpus, sizeof(*first), GFP_KERNEL);
	if (!s->nr || !first)
		goto fail;
	/* A set's CPUs are mostly a run: the latest set first. */
	for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
		for (i = nr_sets - 1; i >= 0; i--)
			if (same_set(fx, set, first[i], cpu))
				break;
		if (i < 0) {
			i = nr_sets++;
			first[i] = cpu;
		}
		s->nr[cpu] = i;
	}
	s->masks = kvcalloc(nr_sets, cpumask_size(), GFP_KERNEL);
	if (!s->masks)
		goto fail;
	for (cpu = 0; cpu < fx->nr_cpus; cpu++)
		__cpumask_set_cpu(cpu, (void *)s->masks + s->nr[cpu] * cpumask_size());
	kvfree(first);
	s->cpus = fx->cpus;
	s->nr_cpus = fx->nr_cpus;
	return s;
fail:
	kvfree(first);
	kvfree(s->nr);
	*s = (struct fixture_sets){};
	return NULL;
}

/* The CPUs of the fixture that share @set with @cpu. */
void fixture_set_of(const struct ppc_fixture *fx, enum ppc_fixture_set set, int cpu,
		    struct cpumask *mask)
{
	struct fixture_sets *s = set < ARRAY_SIZE(sets) ? index_sets(fx, set) : NULL;
	int other;

	if (s) {
		cpumask_copy(mask, (void *)s->masks + s->nr[cpu] * cpumask_size());
		return;
	}
	cpumask_clear(mask);
	if (WARN_ON_ONCE(set >= ARRAY_SIZE(sets)))
		return;
	for (other = 0; other < fx->nr_cpus; other++)
		if (same_set(fx, set, cpu, other))
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

/* A copy of @own as a shared (@shared) or dedicated processor, on its platform and firmware. */
struct ppc_fixture * __init fixture_in_mode(struct kunit *test, const struct ppc_fixture *own,
					    bool shared)
{
	struct ppc_fixture *fx = kunit_kmalloc(test, sizeof(*fx), GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fx);
	*fx = *own;
	fx->shared_processor = shared;
	return fx;
}

void fixture_describe(const struct ppc_fixture * const *fx, char *desc)
{
	strscpy(desc, (*fx)->name, KUNIT_PARAM_DESC_SIZE);
}

/*
 * Whether @node holds CPUs of @fx: lscpu lists empty nodes too, which
 * the booted kernel need not have (with CONFIG_CPUMASK_OFFSTACK, no mask
 * is allocated for a node it does not have), and whose masks the
 * bring-up leaves alone.
 */
static bool fixture_node_has_cpus(const struct ppc_fixture *fx, int node)
{
	int cpu;

	for (cpu = 0; cpu < fx->nr_cpus; cpu++)
		if (fx->cpus[cpu].node == node)
			return true;
	return false;
}

/*
 * Present @fx's firmware as @how says and let the kernel bring its CPUs
 * up.  Every mask the bring-up fills starts empty, every flag it decides
 * starts cleared, and all of it is restored when the test ends.  The
 * maps init_big_cores() allocates itself (small core, thread groups)
 * start full of CPUs instead: it must clear them.  Returns the CPUs that
 * came online; the bring-up must have returned every device-node
 * reference it took.  A machine brought up the same way earlier in the
 * boot gets that bring-up's results instead, and one whose big cores
 * were detected earlier, with the same CPUs and thread groups, gets
 * init_big_cores()' results (fixture_memo.c).
 */
const struct cpumask * __init fixture_bring_up_with(struct kunit *test, struct ppc_fake *fake,
						    const struct ppc_fixture *fx,
						    const struct fixture_bring_up *how)
{
	/* As pseries_setup_arch() sets them for the LPAR's processor mode. */
	struct ppc_fake_flags flags = {
		.shared_processor = fx->shared_processor,
		.coregroup_enabled = fx->has_coregroups,
		.steal_clock = IS_ENABLED(CONFIG_PARAVIRT_TIME_ACCOUNTING) && fx->shared_processor,
		.steal_rq = IS_ENABLED(CONFIG_PARAVIRT_TIME_ACCOUNTING) && fx->shared_processor,
	};
	int cpu, map, i, boot_node = cpu_to_node(0);
	int *chip_ids, *order, nr_order = 0;
	struct fixture_firmware *fw;
	const struct cpumask *possible;
	struct cpumask *present, *online;
	nodemask_t nodes_kept = NODE_MASK_NONE;
	bool l2_nodes;

	fixture_set_forget();
	KUNIT_ASSERT_LE_MSG(test, (unsigned int)fx->nr_cpus, nr_cpu_ids,
			    "%s: %u CPUs, but the kernel has %u possible CPUs (raise maxcpus)",
			    fx->name, fx->nr_cpus, nr_cpu_ids);
	KUNIT_ASSERT_EQ_MSG(test, get_hard_smp_processor_id(0), (int)fx->cpus[0].hw_id,
			    "CPU 0 is online with hardware id %d; %s gives its first thread %u",
			    get_hard_smp_processor_id(0), fx->name, fx->cpus[0].hw_id);
	present = kunit_kzalloc(test, cpumask_size(), GFP_KERNEL);
	online = kunit_kzalloc(test, cpumask_size(), GFP_KERNEL);
	chip_ids = kunit_kcalloc(test, nr_cpu_ids, sizeof(*chip_ids), GFP_KERNEL);
	order = kunit_kcalloc(test, fx->nr_cpus, sizeof(*order), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, order);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, present);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, online);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, chip_ids);
	for (i = 0; i < fx->nr_cpus; i++) {
		cpu = how->descending ? fx->nr_cpus - 1 - i : i;
		if (!how->threads_online || cpu % fx->threads_per_core < how->threads_online)
			order[nr_order++] = cpu;
	}

	ppc_fake_set_flags(fake, &flags);
	ppc_fake_set_threads_per_core(fake, fx->threads_per_core);
	for (cpu = 0; cpu < fx->nr_cpus; cpu++)
		cpumask_set_cpu(cpu, present);
	/* As smp_setup_cpu_maps() finds them in the device tree at boot. */
	ppc_fake_set_present(fake, present);
	for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
		if (cpu)
			ppc_fake_set_hw_id(fake, cpu, fx->cpus[cpu].hw_id);
		for (map = 0; map < PPC_NR_MAPS; map++)
			ppc_fake_set_map(fake, map, cpu,
					 ppc_fake_map_of_big_cores(map) ? present : cpu_none_mask);
		ppc_fake_set_cpu_node(fake, cpu, fx->cpus[cpu].node);
	}
	/*
	 * init_big_cores() allocates the maps of every possible CPU it
	 * walks: those of the CPUs beyond the machine too are the fake
	 * state's to restore (and, with CONFIG_CPUMASK_OFFSTACK, to free).
	 */
	for (cpu = fx->nr_cpus; how->cpus_to_add && cpu < nr_cpu_ids; cpu++) {
		if (!cpu_possible(cpu))
			continue;
		for (map = 0; map < PPC_NR_MAPS; map++)
			if (ppc_fake_map_of_big_cores(map))
				ppc_fake_set_map(fake, map, cpu, present);
	}
	/* The kernel maps each CPU to its node as it comes up. */
	node_set(boot_node, nodes_kept);
	for (i = 0; i < fx->nr_nodes; i++)
		if (fixture_node_has_cpus(fx, fx->nodes[i]))
			node_set(fx->nodes[i], nodes_kept);
	for_each_node_mask(i, nodes_kept)
		ppc_fake_set_node_mask(fake, i, cpu_none_mask);
	/* cpu_to_chip_id() fills it from ibm,chip-id, as at boot. */
	for (i = 0; i < nr_cpu_ids; i++)
		chip_ids[i] = -1;
	ppc_fake_set_chip_ids(fake, chip_ids);

	/* Thread-group L2s are found through ibm,thread-groups, not a node. */
	l2_nodes = fx->l2_share != PPC_FIXTURE_L2_THREAD_GROUP && !how->no_l2_nodes;
	fw = fixture_firmware_add(test, fx, l2_nodes, !how->no_chip_ids);
	/* Coregroups come from the hypervisor's VPHN answer. */
	ppc_fake_set_fw_feature(fake, FW_FEATURE_VPHN, fx->has_coregroups);
	if (fx->has_coregroups)
		fixture_firmware_answer_vphn(test, fw, how->vphn_without_coregroup);

	/* The same machine brought up the same way earlier in this boot. */
	if (fixture_memo_restore(fake, fx, how, boot_node, chip_ids, online))
		return online;
	possible = how->cpus_to_add ? cpu_possible_mask : present;
	/* The same CPUs and thread groups walked earlier, in another order or mode. */
	if (!fixture_memo_restore_big_cores(fake, fx, how, boot_node, possible)) {
		KUNIT_ASSERT_EQ_MSG(test, ppc_fake_init_big_cores(fake, possible), 0,
				    "%s: cannot save the boot thread groups", fx->name);
		fixture_memo_keep_big_cores(fx, how, boot_node, possible);
	}
	ppc_fake_start_cpus(fake, order, nr_order, online);
	fixture_firmware_expect_no_leak(test, fw);
	fixture_memo_keep(fx, how, boot_node, possible, &nodes_kept, chip_ids, online);
	return online;
}

const struct cpumask * __init fixture_bring_up(struct kunit *test, struct ppc_fake *fake,
					       const struct ppc_fixture *fx)
{
	static const struct fixture_bring_up boot_order __initconst = { };

	return fixture_bring_up_with(test, fake, fx, &boot_order);
}
