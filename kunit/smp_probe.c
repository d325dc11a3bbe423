// SPDX-License-Identifier: GPL-2.0
/*
 * Included at the end of the topology code in arch/powerpc/kernel/smp.c
 * when CONFIG_PPC_TOPOLOGY_KUNIT_SEAM is set; see smp_probe.h.  The seam
 * provides kunit_build_sched_topology(): the kernel's own table builder,
 * run from the state boot started from, without installing the table.
 */

#include "smp_probe.h"

static enum ppc_probe_mask probe_mask_kind(const struct cpumask *(*fn)(int))
{
#ifdef CONFIG_SCHED_SMT
	if (fn == cpu_smt_mask)
		return PPC_PROBE_MASK_SMT;
	if (fn == smallcore_smt_mask)
		return PPC_PROBE_MASK_SMALLCORE;
#endif
	if (fn == shared_cache_mask)
		return PPC_PROBE_MASK_CACHE;
	if (fn == cpu_mc_mask)
		return PPC_PROBE_MASK_MC;
	if (fn == cpu_cpu_mask)
		return PPC_PROBE_MASK_CPU;
	return PPC_PROBE_MASK_UNKNOWN;
}

const char *ppc_probe_mask_name(enum ppc_probe_mask mask)
{
	static const char * const names[] = {
		[PPC_PROBE_MASK_SMT] = "cpu_smt_mask",
		[PPC_PROBE_MASK_SMALLCORE] = "smallcore_smt_mask",
		[PPC_PROBE_MASK_CACHE] = "shared_cache_mask",
		[PPC_PROBE_MASK_MC] = "cpu_mc_mask",
		[PPC_PROBE_MASK_CPU] = "cpu_cpu_mask",
		[PPC_PROBE_MASK_UNKNOWN] = "unknown",
	};

	if (mask < 0 || mask > PPC_PROBE_MASK_UNKNOWN)
		mask = PPC_PROBE_MASK_UNKNOWN;
	return names[mask];
}

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
		lvl->mask = probe_mask_kind(tl->mask);
		lvl->flags = tl->sd_flags ? tl->sd_flags() : 0;
#ifdef CONFIG_SCHED_DEBUG
		lvl->name = tl->name;
#else
		lvl->name = "?";
#endif
		topo->nr_levels++;
	}
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

/*
 * Called once the boot globals are back: building again from them puts
 * every static key the builder sets back to its boot value, then the boot
 * table itself is copied back.
 */
void __init ppc_probe_rebuild_boot_topology(void)
{
	memcpy(probe_boot_table, powerpc_topology, sizeof(powerpc_topology));
	kunit_build_sched_topology();
	memcpy(powerpc_topology, probe_boot_table, sizeof(powerpc_topology));
}

bool *ppc_probe_shared_caches(void)
{
	return &shared_caches;
}

struct cpumask *ppc_probe_coregroup_map(int cpu)
{
	return per_cpu(cpu_coregroup_map, cpu);
}
