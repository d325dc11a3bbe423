// SPDX-License-Identifier: GPL-2.0
/*
 * Included at the end of the topology code in arch/powerpc/kernel/smp.c
 * when CONFIG_PPC_TOPOLOGY_KUNIT_SEAM is set; see smp_probe.h.  The seam
 * provides kunit_build_sched_topology(): the kernel's own table builder,
 * run from the state boot started from, without installing the table.
 */

#include <linux/err.h>
#include <linux/jump_label.h>
#include <linux/of.h>
#include <linux/slab.h>

#include "smp_probe.h"
#include "kunit_compat.h"

/*
 * Defined by the shared-processor series ("Enable Asym packing for cores
 * on shared processor"); declared again for trees before that patch,
 * where this declaration defines it, outside .data..ro_after_init.
 */
static struct static_key_false splpar_asym_pack;

void ppc_probe_describe_installed(struct ppc_probe_topology *topo)
{
	struct sched_domain_topology_level *tl;
	int i;

	memset(topo, 0, sizeof(*topo));
	for (i = 0; i < ARRAY_SIZE(powerpc_topology); i++) {
		struct ppc_probe_level *lvl = &topo->level[topo->nr_levels];

		tl = &powerpc_topology[i];
		if (!tl->mask || topo->nr_levels == PPC_PROBE_MAX_LEVELS)
			break;
		lvl->mask_fn = tl->mask;
		lvl->tl = tl;
		lvl->flags = tl->sd_flags ? tl->sd_flags() : 0;
		lvl->name = ppc_sched_name(tl);
		topo->nr_levels++;
	}
	/* set_sched_topology() users walk the table to its empty entry. */
	topo->terminated = topo->nr_levels < ARRAY_SIZE(powerpc_topology) &&
			   !powerpc_topology[topo->nr_levels].mask;
}

/*
 * The installed table is the one the scheduler rebuilds its domains from,
 * so it is saved before the test's build and copied back afterwards.  The
 * fake-state helpers keep CPU hotplug disabled meanwhile, so no domain
 * rebuild can read the table in between.
 */
static struct sched_domain_topology_level probe_boot_table[ARRAY_SIZE(powerpc_topology)] __initdata;

void __init ppc_probe_with_topology(ppc_probe_fn fn, void *ctx)
{
	static struct ppc_probe_topology topo __initdata;

	memcpy(probe_boot_table, powerpc_topology, sizeof(powerpc_topology));
	kunit_build_sched_topology();
	ppc_probe_describe_installed(&topo);
	fn(ctx, &topo);
	memcpy(powerpc_topology, probe_boot_table, sizeof(powerpc_topology));
}

/* A copy of the installed table, for a session to put back at its end. */
void *ppc_probe_save_table(void)
{
	return kmemdup(powerpc_topology, sizeof(powerpc_topology), GFP_KERNEL);
}

/*
 * Called once the boot globals are back: building again from them puts
 * every static key the builder sets back to its boot value, then the
 * table saved when the session began is copied back, whatever a builder
 * that faulted midway left in place.
 */
void __init ppc_probe_rebuild_boot_topology(const void *saved)
{
	kunit_build_sched_topology();
	memcpy(powerpc_topology, saved, sizeof(powerpc_topology));
}

/*
 * Run the kernel's parser of the ibm,thread-groups property on a raw
 * array, through a device node that is not in the tree, into @tglp.
 */
static int __init probe_parse_thread_groups(const u32 *prop, int len,
					    struct thread_groups_list *tglp)
{
	struct property pp = { .name = "ibm,thread-groups" };
	struct device_node dn = {
		.name = "cpu",
		.full_name = "thread-groups-test",
		.properties = &pp,
	};
	__be32 *raw;
	int i, ret;

	/* Initialized as the fixtures' nodes are, so that %pOF can name it. */
	of_node_init(&dn);
	raw = kcalloc(len, sizeof(*raw), GFP_KERNEL);
	if (!raw)
		return -ENOMEM;
	for (i = 0; i < len; i++)
		raw[i] = cpu_to_be32(prop[i]);
	pp.value = raw;
	pp.length = len * sizeof(*raw);

	memset(tglp, 0, sizeof(*tglp));
	ret = parse_thread_groups(&dn, tglp);
	kfree(raw);
	return ret;
}

/*
 * Parse a raw ibm,thread-groups array and return its block of type
 * @property: -ENOENT without one, or the parser's errno.  The block lives
 * in a static list until the next call; the callers use it at once.
 */
static struct thread_groups * __init probe_thread_group_block(const u32 *prop, int len,
							      unsigned int property)
{
	static struct thread_groups_list tglp __initdata;
	int i, ret;

	ret = probe_parse_thread_groups(prop, len, &tglp);
	if (ret)
		return ERR_PTR(ret);
	for (i = 0; i < tglp.nr_properties; i++)
		if (tglp.property_tgs[i].property == property)
			return &tglp.property_tgs[i];
	return ERR_PTR(-ENOENT);
}

/*
 * How many blocks the kernel's parser keeps of a raw ibm,thread-groups
 * array, or its errno; @kept is the number of blocks the list says it
 * holds, whatever the parser returned.  The list is parsed into a buffer
 * twice its size, so that a parser writing past it is seen, in @overran,
 * rather than corrupting memory.
 */
int __init ppc_probe_thread_group_blocks(const u32 *prop, int len, int *kept, bool *overran)
{
	struct thread_groups_list *tglp = kcalloc(2, sizeof(*tglp), GFP_KERNEL);
	int ret;

	if (!tglp)
		return -ENOMEM;
	ret = probe_parse_thread_groups(prop, len, tglp);
	*kept = tglp->nr_properties;
	if (!ret)
		ret = tglp->nr_properties;
	*overran = !!memchr_inv(&tglp[1], 0, sizeof(*tglp));
	kfree(tglp);
	return ret;
}

/*
 * Report, for each thread id of a raw ibm,thread-groups array, the index
 * of its group in the block of type @property.  Returns the number of
 * groups, or a negative errno.
 */
int __init ppc_probe_thread_groups(const u32 *prop, int len, unsigned int property,
				   int *group_of_thread, int nr_threads)
{
	struct thread_groups *tg = probe_thread_group_block(prop, len, property);
	int g, t;

	if (IS_ERR(tg))
		return PTR_ERR(tg);

	for (t = 0; t < nr_threads; t++)
		group_of_thread[t] = -1;
	for (g = 0; g < tg->nr_groups; g++)
		for (t = 0; t < tg->threads_per_group; t++) {
			unsigned int id = tg->thread_list[g * tg->threads_per_group + t];

			if (id < nr_threads)
				group_of_thread[id] = g;
		}
	return tg->nr_groups;
}

/*
 * Compute @cpu's thread-group map from a raw ibm,thread-groups array with
 * the code init_thread_group_cache_map() runs once it has found the CPU's
 * device node, which offline fixture CPUs do not have:
 * get_cpu_thread_group_start() finds @cpu's group by hardware thread id,
 * update_mask_from_threadgroup() collects the threads of @cpu's core in
 * it.  Firmware gives every core its own hardware ids and the fixtures
 * give the first core's, so @id_offset is added to each id of the array.
 * Returns 0 with the map in @mask, -ENOENT without a block of type
 * @property, or another negative errno.
 */
int __init ppc_probe_thread_group_map(const u32 *prop, int len, unsigned int property,
				      int id_offset, int cpu, struct cpumask *mask)
{
	struct thread_groups *tg = probe_thread_group_block(prop, len, property);
	cpumask_var_t map;
	int i, start, ret;

	if (IS_ERR(tg))
		return PTR_ERR(tg);
	for (i = 0; i < tg->nr_groups * tg->threads_per_group; i++)
		tg->thread_list[i] += id_offset;

	start = get_cpu_thread_group_start(cpu, tg);
	if (start < 0)
		return -ENODATA;
	ret = update_mask_from_threadgroup(&map, tg, cpu, start);
	if (!ret)
		cpumask_copy(mask, map);
	free_cpumask_var(map);
	return ret;
}

/*
 * get_thread_groups() parses each CPU's ibm,thread-groups once and keeps
 * it in tgl[]: a copy of the boot entries lets a fixture start from
 * nothing parsed and boot find its own again.
 */
void * __init ppc_probe_save_thread_groups(void)
{
	void *saved = kvmalloc(sizeof(tgl), GFP_KERNEL);

	if (saved)
		memcpy(saved, tgl, sizeof(tgl));
	return saved;
}

size_t __init ppc_probe_thread_groups_size(void)
{
	return sizeof(tgl);
}

void __init ppc_probe_copy_thread_groups(void *dst)
{
	memcpy(dst, tgl, sizeof(tgl));
}

/*
 * The entries of the kernel's possible CPUs, all a bring-up parses: a
 * copy for fixture_memo.c, which keeps one per machine brought up.
 */
size_t __init ppc_probe_thread_groups_used(void)
{
	return nr_cpu_ids * sizeof(tgl[0]);
}

void __init ppc_probe_copy_thread_groups_used(void *dst)
{
	memcpy(dst, tgl, ppc_probe_thread_groups_used());
}

/* Nonzero if the entries of the possible CPUs differ from such a copy. */
int __init ppc_probe_compare_thread_groups_used(const void *src)
{
	return memcmp(tgl, src, ppc_probe_thread_groups_used());
}

/* smp.c's parsed thread groups as a bring-up left them: @len bytes from @src, the rest none. */
void __init ppc_probe_load_thread_groups(const void *src, size_t len)
{
	memset(tgl, 0, sizeof(tgl));
	memcpy(tgl, src, min(len, sizeof(tgl)));
}

/* Nonzero if smp.c's parsed thread groups differ from a saved copy. */
int __init ppc_probe_compare_thread_groups(const void *saved)
{
	return memcmp(tgl, saved, sizeof(tgl));
}

void __init ppc_probe_restore_thread_groups(void *saved)
{
	memcpy(tgl, saved, sizeof(tgl));
	kvfree(saved);
}

/* The CPUs a fake machine has brought up so far; see ppc_probe_start_cpus(). */
static const struct cpumask *probe_online;

static const struct cpumask * __init probe_online_mask(void)
{
	return probe_online;
}

/* topology_online_mask() answers @online to @test, or the kernel's mask again if NULL. */
static void __init probe_stub_online(struct kunit *test, const struct cpumask *online)
{
	probe_online = online;
#if PPC_KUNIT_HAS_STATIC_STUB
	if (online)
		kunit_activate_static_stub(test, topology_online_mask, probe_online_mask);
	else
		kunit_deactivate_static_stub(test, topology_online_mask);
#else
	WRITE_ONCE(topology_online_mask_kunit, online ? probe_online_mask : NULL);
#endif
}

/*
 * While a CPU of the machine comes up or goes down, the others it has
 * online are online in cpu_online_mask too, as on a running LPAR, for
 * code that reads the mask itself rather than topology_online_mask().
 * Only with interrupts hard-disabled on the one CPU that runs: nothing
 * can send work to a fake CPU meanwhile, which would never answer.
 */
static void __init probe_mark_online(const struct cpumask *online, bool on)
{
	int cpu;

	for_each_cpu(cpu, online)
		if (cpu != raw_smp_processor_id())
			set_cpu_online(cpu, on);
}

/*
 * What start_secondary() does for @cpu's node and masks, with interrupts
 * off as there, so that the bring-up may neither sleep nor allocate as if
 * it could; then it is @online.
 */
static void __init probe_start_cpu(int cpu, struct cpumask *online)
{
	unsigned long flags;

	local_irq_save(flags);
	hard_irq_disable();
	probe_mark_online(online, true);
	start_secondary_topology(cpu);
	probe_mark_online(online, false);
	local_irq_restore(flags);
	cpumask_set_cpu(cpu, online);
}

/*
 * The first half of bringing up the machine whose firmware the caller
 * put in the device tree, as boot does: smp_prepare_cpus() detects big
 * cores with init_big_cores() over the machine's @possible CPUs.  The
 * flags it decides start cleared, as at boot.  init_big_cores() fails on
 * a machine without big cores, as at boot, where nothing reads its error
 * either.
 */
void __init ppc_probe_init_big_cores(const struct cpumask *possible)
{
	static struct cpumask probe_possible[1] __initdata;
	int cpu;

	memset(tgl, 0, sizeof(tgl));
	has_big_cores = false;
	thread_group_shares_l2 = false;
	thread_group_shares_l3 = false;

	/*
	 * init_big_cores() looks at every possible CPU.  On a machine that
	 * cannot take more processors, the kernel's other CPUs are not
	 * possible: they are left out for this call only, which takes no
	 * longer than parsing the machine's thread groups.
	 */
	cpumask_copy(probe_possible, cpu_possible_mask);
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		set_cpu_possible(cpu, cpumask_test_cpu(cpu, possible));
	init_big_cores();
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		set_cpu_possible(cpu, cpumask_test_cpu(cpu, probe_possible));
}

/*
 * The second half: start_secondary() runs add_cpu_to_masks() and the
 * shared-cache check for each CPU of @order in turn, and the CPU goes
 * online.  The fake CPUs never run, so they go online in what
 * topology_online_mask() answers to @test, which is @online while this
 * runs, and in cpu_online_mask only while a CPU comes up, interrupts
 * hard-disabled (probe_mark_online()).
 * The boot CPU takes the same path: with no CPU online,
 * add_cpu_to_masks() relates it to itself, which is what
 * smp_prepare_cpus() does for it.  shared_caches starts cleared, as at
 * boot; the caller has cleared the masks this fills and owns @online,
 * which starts empty.
 */
void __init ppc_probe_start_cpus(struct kunit *test, const int *order, int nr_order,
				 struct cpumask *online)
{
	int i;

	shared_caches = false;
	probe_stub_online(test, online);
	for (i = 0; i < nr_order; i++)
		probe_start_cpu(order[i], online);
	probe_stub_online(test, NULL);
}

/*
 * Bring @cpu of a machine brought up with ppc_probe_start_cpus() up again
 * after ppc_probe_take_down(), as start_secondary() does once more when
 * the CPU comes back online.
 */
void __init ppc_probe_bring_up_cpu(struct kunit *test, int cpu, struct cpumask *online)
{
	probe_stub_online(test, online);
	probe_start_cpu(cpu, online);
	probe_stub_online(test, NULL);
}

#ifdef CONFIG_HOTPLUG_CPU
/*
 * Take @cpu out of the masks of a machine brought up with
 * ppc_probe_start_cpus(), as the CPU's own offline path does in
 * smp_ops->cpu_disable() once it is no longer online: @online is the
 * fake machine's online CPUs, @cpu already cleared from it.
 */
void __init ppc_probe_take_down(struct kunit *test, int cpu, const struct cpumask *online)
{
	unsigned long flags;

	probe_stub_online(test, online);
	/* cpu_disable() runs under stop_machine(), with interrupts off. */
	local_irq_save(flags);
	hard_irq_disable();
	probe_mark_online(online, true);
	remove_cpu_from_masks(cpu);
	probe_mark_online(online, false);
	local_irq_restore(flags);
	probe_stub_online(test, NULL);
}
#endif

/* The table the kernel's builder fills, for the scheduler's domain builder. */
struct sched_domain_topology_level *ppc_probe_topology_table(void)
{
	return powerpc_topology;
}

bool *ppc_probe_shared_caches(void)
{
	return &shared_caches;
}

const void *ppc_probe_splpar_asym_pack(void)
{
	return &splpar_asym_pack;
}

cpumask_var_t *ppc_probe_coregroup_map(int cpu)
{
	return &per_cpu(cpu_coregroup_map, cpu);
}
