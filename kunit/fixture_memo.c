// SPDX-License-Identifier: GPL-2.0
/*
 * What the kernel's bring-up code computed for a machine of fixtures/,
 * kept for the next test that brings the same machine up the same way.
 *
 * Most cases start from a fixture brought up as boot brings it up, and
 * the bring-up of the largest machine (init_big_cores() looking up each
 * CPU's device-tree node among all of them, add_cpu_to_masks() over all
 * its CPUs) was most of the topology suite's run time.  The bring-up is
 * a function of the firmware the test presents and of the state the
 * fake machine starts from, all of which fixture_bring_up_with() sets:
 * the first test of a boot that brings a machine up runs the kernel's
 * code, and the ones after it with the same inputs get its results
 * written back through the fake state's setters, so that they are
 * restored at the end of the test as a bring-up's are.  The cases assert
 * what they asserted before on the same masks and flags; only the number
 * of times the same code runs on the same inputs changes.  A case whose
 * inputs differ in anything (the order CPUs come up in, the firmware's
 * nodes, the processor mode) runs the bring-up itself.
 *
 * Its first half is kept on its own: init_big_cores() reads only the
 * possible CPUs, their hardware ids and nodes, and the ibm,thread-groups
 * of their device nodes.  A bring-up in another order, with fewer
 * threads online, without l2-cache nodes or chip ids, or in the other
 * processor mode, after one of the same machine, gets its small-core
 * and thread-group maps, its flags and parsed thread groups, and runs
 * add_cpu_to_masks() for every CPU itself.
 *
 * A case that takes CPUs down and brings them back can ask whether the
 * machine is again exactly as its boot bring-up left it (every map, node
 * mask, flag, chip id and parsed thread group, the same CPUs online):
 * the scheduler's domains, built from nothing else, are then those of
 * the boot bring-up, which the suite builds once.
 */

#include <linux/bitmap.h>
#include <linux/cpumask.h>
#include <linux/list.h>
#include <linux/nodemask.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/firmware.h>

#include "fixture_memo.h"
#include "fixture_state.h"

struct fixture_memo {
	struct list_head list;
	bool big_cores;			/* init_big_cores()' results only */
	/* The inputs. */
	struct ppc_fixture fx;		/* its pointers are not compared */
	struct ppc_fixture_cpu *cpus;
	u16 *nodes;
	u32 *thread_groups;
	struct fixture_bring_up how;
	unsigned long features;
	int boot_node;
	/* What the bring-up computed. */
	struct ppc_fake_flags flags;
	struct cpumask *maps;		/* PPC_NR_MAPS per CPU of @possible */
	unsigned long *map_kept;	/* the slots of @maps that hold a map */
	struct cpumask *possible;
	struct cpumask *online;
	struct cpumask *node_masks;	/* one per node of nodemask @nodes_kept */
	nodemask_t nodes_kept;
	int *chip_ids;
	void *groups;
	size_t groups_len;
};

static LIST_HEAD(memos);

/* The @n-th of an array of cpumasks of cpumask_size() each. */
static struct cpumask *nth_mask(struct cpumask *masks, int n)
{
	return (struct cpumask *)((char *)masks + n * cpumask_size());
}

/* A copy of @len bytes of @src, which may be NULL when @len is 0. */
static void *dup(const void *src, size_t len)
{
	void *copy = kmalloc(len ?: 1, GFP_KERNEL);

	if (copy && len)
		memcpy(copy, src, len);
	return copy;
}

/* The inputs of init_big_cores(), which the whole bring-up has too. */
static bool same_machine(const struct fixture_memo *m, const struct ppc_fixture *fx,
			 const struct fixture_bring_up *how, int boot_node)
{
	return m->fx.nr_cpus == fx->nr_cpus &&
	       m->fx.threads_per_core == fx->threads_per_core &&
	       m->fx.nr_cores == fx->nr_cores &&
	       m->fx.l2_share == fx->l2_share &&
	       m->fx.nr_nodes == fx->nr_nodes &&
	       m->fx.thread_groups_len == fx->thread_groups_len &&
	       !memcmp(m->cpus, fx->cpus, fx->nr_cpus * sizeof(*fx->cpus)) &&
	       !memcmp(m->nodes, fx->nodes, fx->nr_nodes * sizeof(*fx->nodes)) &&
	       !memcmp(m->thread_groups, fx->thread_groups,
		       fx->thread_groups_len * sizeof(*fx->thread_groups)) &&
	       m->how.cpus_to_add == how->cpus_to_add &&
	       m->boot_node == boot_node;
}

static bool same_inputs(const struct fixture_memo *m, const struct ppc_fixture *fx,
			const struct fixture_bring_up *how, int boot_node)
{
	return !m->big_cores && same_machine(m, fx, how, boot_node) &&
	       m->fx.shared_processor == fx->shared_processor &&
	       m->fx.has_coregroups == fx->has_coregroups &&
	       m->how.descending == how->descending &&
	       m->how.threads_online == how->threads_online &&
	       m->how.no_l2_nodes == how->no_l2_nodes &&
	       m->how.no_chip_ids == how->no_chip_ids &&
	       m->how.vphn_without_coregroup == how->vphn_without_coregroup &&
	       m->features == powerpc_firmware_features;
}

static void memo_free(struct fixture_memo *m)
{
	kfree(m->cpus);
	kfree(m->nodes);
	kfree(m->thread_groups);
	kvfree(m->maps);
	bitmap_free(m->map_kept);
	kfree(m->possible);
	kfree(m->online);
	kvfree(m->node_masks);
	kfree(m->chip_ids);
	kvfree(m->groups);
	kfree(m);
}

/* Write the maps @m kept, through the fake state's setters. */
static void __init memo_write_maps(struct ppc_fake *fake, const struct fixture_memo *m)
{
	int cpu, map, slot = 0;

	for_each_cpu(cpu, m->possible)
		for (map = 0; map < PPC_NR_MAPS; map++, slot++)
			if (test_bit(slot, m->map_kept))
				ppc_fake_set_map(fake, map, cpu, nth_mask(m->maps, slot));
}

/*
 * A memo of @fx's inputs and of what the bring-up computed so far over
 * @possible: smp.c's parsed thread groups, the flags and the maps, only
 * those init_big_cores() allocates if @big_cores.  NULL without memory.
 */
static struct fixture_memo * __init memo_new(const struct ppc_fixture *fx,
					     const struct fixture_bring_up *how, int boot_node,
					     const struct cpumask *possible, bool big_cores)
{
	struct fixture_memo *m = kzalloc(sizeof(*m), GFP_KERNEL);
	int cpu, map, slot = 0;
	unsigned int slots;

	if (!m)
		return NULL;
	m->big_cores = big_cores;
	m->fx = *fx;
	m->how = *how;
	m->boot_node = boot_node;
	m->cpus = dup(fx->cpus, fx->nr_cpus * sizeof(*fx->cpus));
	m->nodes = dup(fx->nodes, fx->nr_nodes * sizeof(*fx->nodes));
	m->thread_groups = dup(fx->thread_groups,
			       fx->thread_groups_len * sizeof(*fx->thread_groups));
	slots = cpumask_weight(possible) * PPC_NR_MAPS;
	m->maps = kvcalloc(slots, cpumask_size(), GFP_KERNEL);
	m->map_kept = bitmap_zalloc(slots, GFP_KERNEL);
	m->possible = dup(possible, cpumask_size());
	m->groups_len = ppc_probe_thread_groups_used();
	m->groups = kvmalloc(m->groups_len, GFP_KERNEL);
	if (!m->cpus || !m->nodes || !m->thread_groups || !m->maps || !m->map_kept ||
	    !m->possible || !m->groups) {
		memo_free(m);
		return NULL;
	}
	ppc_fake_read_flags(&m->flags);
	/* A CPU beyond the machine has only the maps init_big_cores() allocates. */
	for_each_cpu(cpu, possible)
		for (map = 0; map < PPC_NR_MAPS; map++, slot++)
			if ((!big_cores || ppc_fake_map_of_big_cores(map)) &&
			    ppc_fake_map_of(map, cpu)) {
				cpumask_copy(nth_mask(m->maps, slot), ppc_fake_map_of(map, cpu));
				__set_bit(slot, m->map_kept);
			}
	ppc_probe_copy_thread_groups_used(m->groups);
	return m;
}

/*
 * Write what an earlier bring-up of the same machine computed, as
 * the bring-up would have: the caller has set every input and
 * cleared every mask exactly as before it.  False if there is none.
 */
bool __init fixture_memo_restore(struct ppc_fake *fake, const struct ppc_fixture *fx,
				 const struct fixture_bring_up *how, int boot_node,
				 int *chip_ids, struct cpumask *online)
{
	struct fixture_memo *m;
	int node, slot = 0;

	list_for_each_entry(m, &memos, list)
		if (same_inputs(m, fx, how, boot_node))
			break;
	if (list_entry_is_head(m, &memos, list))
		return false;
	if (ppc_fake_set_thread_groups(fake, m->groups, m->groups_len))
		return false;
	ppc_fake_set_flags(fake, &m->flags);
	memo_write_maps(fake, m);
	for_each_node_mask(node, m->nodes_kept)
		ppc_fake_set_node_mask(fake, node, nth_mask(m->node_masks, slot++));
	memcpy(chip_ids, m->chip_ids, nr_cpu_ids * sizeof(*chip_ids));
	cpumask_copy(online, m->online);
	return true;
}

/*
 * Keep what the bring-up of @fx just computed: the maps of the CPUs of
 * @possible, the flags, the masks of @nodes_kept, the chip ids, smp.c's
 * parsed thread groups and the CPUs that came online.  Without memory
 * for it, nothing is kept and the next test brings the machine up again.
 */
void __init fixture_memo_keep(const struct ppc_fixture *fx, const struct fixture_bring_up *how,
			      int boot_node, const struct cpumask *possible,
			      const nodemask_t *nodes_kept, const int *chip_ids,
			      const struct cpumask *online)
{
	struct fixture_memo *m = memo_new(fx, how, boot_node, possible, false);
	int node, slot = 0;

	if (!m)
		return;
	m->features = powerpc_firmware_features;
	m->nodes_kept = *nodes_kept;
	m->online = dup(online, cpumask_size());
	m->node_masks = kvcalloc(nodes_weight(*nodes_kept) + 1, cpumask_size(), GFP_KERNEL);
	m->chip_ids = dup(chip_ids, nr_cpu_ids * sizeof(*chip_ids));
	if (!m->online || !m->node_masks || !m->chip_ids) {
		memo_free(m);
		return;
	}
	for_each_node_mask(node, *nodes_kept)
		cpumask_copy(nth_mask(m->node_masks, slot++), cpumask_of_node(node));
	list_add(&m->list, &memos);
}

/*
 * Write what an earlier init_big_cores() over the same machine's
 * @possible CPUs computed, as ppc_fake_init_big_cores() would have.
 * False if there is none.
 */
bool __init fixture_memo_restore_big_cores(struct ppc_fake *fake, const struct ppc_fixture *fx,
					   const struct fixture_bring_up *how, int boot_node,
					   const struct cpumask *possible)
{
	struct ppc_fake_flags flags;
	struct fixture_memo *m;

	list_for_each_entry(m, &memos, list)
		if (m->big_cores && same_machine(m, fx, how, boot_node) &&
		    cpumask_equal(m->possible, possible))
			break;
	if (list_entry_is_head(m, &memos, list))
		return false;
	if (ppc_fake_set_thread_groups(fake, m->groups, m->groups_len))
		return false;
	ppc_fake_read_flags(&flags);
	flags.has_big_cores = m->flags.has_big_cores;
	flags.thread_group_shares_l2 = m->flags.thread_group_shares_l2;
	flags.thread_group_shares_l3 = m->flags.thread_group_shares_l3;
	ppc_fake_set_flags(fake, &flags);
	memo_write_maps(fake, m);
	return true;
}

/*
 * Keep what init_big_cores() just computed over @possible: the maps it
 * allocates, its flags and smp.c's parsed thread groups.  Without memory
 * for it, nothing is kept.
 */
void __init fixture_memo_keep_big_cores(const struct ppc_fixture *fx,
					const struct fixture_bring_up *how, int boot_node,
					const struct cpumask *possible)
{
	struct fixture_memo *m = memo_new(fx, how, boot_node, possible, true);

	if (m)
		list_add(&m->list, &memos);
}

/*
 * Whether the fake machine's state is what the bring-up of @fx in boot
 * order kept, with @online the CPUs online.  False if none was kept.
 * The boot node is not asked: the fake state has replaced CPU 0's by
 * now, and it is the same for every bring-up of a boot.
 */
bool __init fixture_memo_is_boot_state(const struct ppc_fixture *fx,
				       const struct cpumask *online)
{
	static const struct fixture_bring_up boot_order __initconst = { };
	struct ppc_fake_flags flags;
	struct fixture_memo *m;
	int cpu, map, node, slot = 0;

	list_for_each_entry(m, &memos, list)
		if (same_inputs(m, fx, &boot_order, m->boot_node))
			break;
	if (list_entry_is_head(m, &memos, list) || !cpumask_equal(online, m->online))
		return false;
	ppc_fake_read_flags(&flags);
	if (flags.shared_processor != m->flags.shared_processor ||
	    flags.kvm_guest != m->flags.kvm_guest ||
	    flags.has_big_cores != m->flags.has_big_cores ||
	    flags.shared_caches != m->flags.shared_caches ||
	    flags.coregroup_enabled != m->flags.coregroup_enabled ||
	    flags.thread_group_shares_l2 != m->flags.thread_group_shares_l2 ||
	    flags.thread_group_shares_l3 != m->flags.thread_group_shares_l3)
		return false;
	for_each_cpu(cpu, m->possible)
		for (map = 0; map < PPC_NR_MAPS; map++, slot++)
			if (test_bit(slot, m->map_kept) &&
			    !cpumask_equal(ppc_fake_map_of(map, cpu), nth_mask(m->maps, slot)))
				return false;
	slot = 0;
	for_each_node_mask(node, m->nodes_kept)
		if (!cpumask_equal(cpumask_of_node(node), nth_mask(m->node_masks, slot++)))
			return false;
	return chip_id_lookup_table &&
	       !memcmp(chip_id_lookup_table, m->chip_ids, nr_cpu_ids * sizeof(int)) &&
	       !ppc_probe_compare_thread_groups_used(m->groups);
}

/* Free every bring-up kept; a suite that brings machines up calls it at its end. */
void fixture_memo_forget(void)
{
	struct fixture_memo *m, *next;

	list_for_each_entry_safe(m, next, &memos, list) {
		list_del(&m->list);
		memo_free(m);
	}
}

/* The suite_exit of a suite that brings fixtures up and has nothing else to free. */
void fixture_memo_suite_exit(struct kunit_suite *suite)
{
	fixture_memo_forget();
	fixture_set_forget();
}
