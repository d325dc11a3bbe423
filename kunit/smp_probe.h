/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probe into arch/powerpc/kernel/smp.c for the fake-topology KUnit tests.
 *
 * smp.c includes smp_probe.c when CONFIG_PPC_TOPOLOGY_KUNIT_SEAM is set,
 * so these functions see its static state and functions.  They rebuild the
 * topology table with the kernel's own builder under whatever machine
 * state the caller injected, describe it, and put the boot table back.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_SMP_PROBE_H
#define _PPC_TOPOLOGY_KUNIT_SMP_PROBE_H

#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/types.h>

#include "sched_compat.h"

struct kunit;

#define PPC_PROBE_MAX_LEVELS	8

struct ppc_probe_level {
	ppc_sched_mask_fn mask_fn;
	/* the table entry described, for mask callbacks that take it */
	struct sched_domain_topology_level *tl;
	int flags;			/* sd_flags() evaluated in the built state */
	const char *name;		/* "?" where the kernel keeps no names */
};

/* @lvl's span of @cpu: the level's own mask callback, as the scheduler calls it. */
static inline const struct cpumask *
ppc_probe_level_mask(const struct ppc_probe_level *lvl, int cpu)
{
#if PPC_SCHED_MASK_TAKES_LEVEL
	return lvl->mask_fn(lvl->tl, cpu);
#else
	return lvl->mask_fn(cpu);
#endif
}

struct ppc_probe_topology {
	int nr_levels;
	bool terminated;		/* an empty entry follows the last level */
	struct ppc_probe_level level[PPC_PROBE_MAX_LEVELS];
};

/*
 * Called with the freshly built table in place; may sleep, must not
 * assert: the boot table is copied back when it returns.
 */
typedef void (*ppc_probe_fn)(void *ctx, const struct ppc_probe_topology *topo);

void __init ppc_probe_with_topology(ppc_probe_fn fn, void *ctx);
void ppc_probe_describe_installed(struct ppc_probe_topology *topo);
void *ppc_probe_save_table(void);
void __init ppc_probe_rebuild_boot_topology(const void *saved);

int __init ppc_probe_thread_groups(const u32 *prop, int len, unsigned int property,
				   int *group_of_thread, int nr_threads);
int __init ppc_probe_thread_group_blocks(const u32 *prop, int len, int *kept,
					 bool *overran);
int __init ppc_probe_thread_group_map(const u32 *prop, int len, unsigned int property,
				      int id_offset, int cpu, struct cpumask *mask);

void * __init ppc_probe_save_thread_groups(void);
void __init ppc_probe_restore_thread_groups(void *saved);
int __init ppc_probe_compare_thread_groups(const void *saved);
size_t __init ppc_probe_thread_groups_size(void);
void __init ppc_probe_copy_thread_groups(void *dst);
size_t __init ppc_probe_thread_groups_used(void);
void __init ppc_probe_copy_thread_groups_used(void *dst);
int __init ppc_probe_compare_thread_groups_used(const void *src);
void __init ppc_probe_load_thread_groups(const void *src, size_t len);
void __init ppc_probe_init_big_cores(const struct cpumask *possible);
void __init ppc_probe_start_cpus(struct kunit *test, const int *order, int nr_order,
				 struct cpumask *online);
void __init ppc_probe_bring_up_cpu(struct kunit *test, int cpu, struct cpumask *online);
void __init ppc_probe_take_down(struct kunit *test, int cpu, const struct cpumask *online);
struct sched_domain_topology_level *ppc_probe_topology_table(void);

/* Static state of smp.c that the fake-state helpers inject. */
bool *ppc_probe_shared_caches(void);
const void *ppc_probe_splpar_asym_pack(void);
cpumask_var_t *ppc_probe_coregroup_map(int cpu);

#endif /* _PPC_TOPOLOGY_KUNIT_SMP_PROBE_H */
