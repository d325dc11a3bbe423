/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fake machine states for the powerpc topology KUnit tests.
 *
 * ppc_fake_begin() snapshots every piece of state the setters below can
 * change and ties its restoration to the test as a KUnit resource: the
 * boot state comes back when the test ends, whether it passed, failed an
 * assertion midway or faulted.  Only values a setter touched are written
 * back.
 *
 * No other CPU may run while a fake state is in place, so a session
 * requires a single online CPU and keeps CPU hotplug disabled until it
 * ends.  The fixtures' CPUs are possible CPUs: per-CPU masks, pacas and
 * lppacas exist for all of them.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_FAKE_STATE_H
#define _PPC_TOPOLOGY_KUNIT_FAKE_STATE_H

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/types.h>
#include <linux/topology.h>

#include "smp_probe.h"

struct lppaca;

/*
 * SMT control per thread count, which decides which cores SMT control
 * brings back (HOTPLUG_SMT with topology_is_core_online(), 6.11): what
 * ppc_fake_set_smt() sets and the SMT cases read.
 */
#if defined(CONFIG_HOTPLUG_SMT) && defined(topology_is_core_online)
#define PPC_FAKE_HAS_SMT_CONTROL	1
#else
#define PPC_FAKE_HAS_SMT_CONTROL	0
#endif

/* The per-CPU topology masks a test can replace. */
enum ppc_fake_map {
	PPC_MAP_SIBLING,	/* cpu_sibling_map: threads of the core */
	PPC_MAP_SMALLCORE,	/* cpu_smallcore_map: threads of the group */
	PPC_MAP_L2,		/* cpu_l2_cache_map */
	PPC_MAP_CORE,		/* cpu_core_map: the chip */
	PPC_MAP_COREGROUP,	/* cpu_coregroup_map */
	PPC_MAP_TG_L1,		/* thread_group_l1_cache_map */
	PPC_MAP_TG_L2,		/* thread_group_l2_cache_map */
	PPC_MAP_TG_L3,		/* thread_group_l3_cache_map */
	PPC_NR_MAPS,
};

/* A map init_big_cores() allocates itself for every CPU it walks. */
static inline bool ppc_fake_map_of_big_cores(enum ppc_fake_map map)
{
	return map == PPC_MAP_SMALLCORE || map >= PPC_MAP_TG_L1;
}

/* The scalar state a test can replace. */
struct ppc_fake_flags {
	bool shared_processor;		/* shared_processor static key */
	bool kvm_guest;			/* kvm_guest static key */
	bool has_big_cores;
	bool shared_caches;
	bool coregroup_enabled;
	bool thread_group_shares_l2;
	bool thread_group_shares_l3;
	/*
	 * Steal time read from the hypervisor (paravirt_steal_enabled), and
	 * taken off the runqueue clock (paravirt_steal_rq_enabled): boot
	 * turns both on for a shared-processor LPAR, the second unless
	 * booted with no-steal-acc.  Without CONFIG_PARAVIRT_TIME_ACCOUNTING
	 * neither exists.
	 */
	bool steal_clock;
	bool steal_rq;
};

struct ppc_fake;

void ppc_fake_require_one_cpu(struct kunit *test);
struct ppc_fake *ppc_fake_begin(struct kunit *test);
void ppc_fake_end(struct ppc_fake *fake);

void ppc_fake_read_flags(struct ppc_fake_flags *flags);
void ppc_fake_set_flags(struct ppc_fake *fake, const struct ppc_fake_flags *flags);
void ppc_fake_set_threads_per_core(struct ppc_fake *fake, int threads);

struct cpumask *ppc_fake_map_of(enum ppc_fake_map map, int cpu);
const char *ppc_fake_map_name(enum ppc_fake_map map);
void ppc_fake_set_map(struct ppc_fake *fake, enum ppc_fake_map map, int cpu,
		      const struct cpumask *mask);

void ppc_fake_set_cpu_node(struct ppc_fake *fake, int cpu, int node);
void ppc_fake_set_cpu_lookup_node(struct ppc_fake *fake, int cpu, int node);
void ppc_fake_set_node_mask(struct ppc_fake *fake, int node, const struct cpumask *mask);

void ppc_fake_set_chip_ids(struct ppc_fake *fake, int *table);

void ppc_fake_set_present(struct ppc_fake *fake, const struct cpumask *present);
void ppc_fake_set_smt(struct ppc_fake *fake, int control, unsigned int threads);
void ppc_fake_set_fw_feature(struct ppc_fake *fake, unsigned long feature, bool on);

int __init ppc_fake_init_big_cores(struct ppc_fake *fake, const struct cpumask *possible);
void __init ppc_fake_start_cpus(struct ppc_fake *fake, const int *order, int nr_order,
				struct cpumask *online);
int __init ppc_fake_set_thread_groups(struct ppc_fake *fake, const void *groups, size_t len);
void __init ppc_fake_take_down(struct ppc_fake *fake, int cpu, struct cpumask *online);
void __init ppc_fake_bring_up_cpu(struct ppc_fake *fake, int cpu, struct cpumask *online);

void ppc_fake_set_lppaca(struct ppc_fake *fake, int cpu, u32 yield_count, bool idle);
void ppc_fake_set_steal(struct ppc_fake *fake, int cpu, u64 dispatch_tb, u64 ready_tb);
struct lppaca *ppc_fake_own_lppaca(struct ppc_fake *fake, int cpu);
void ppc_fake_set_hw_id(struct ppc_fake *fake, int cpu, int hw_id);
void ppc_fake_call_as(struct ppc_fake *fake, int cpu, void (*fn)(void *), void *arg);

void __init ppc_fake_with_topology(struct ppc_fake *fake, ppc_probe_fn fn, void *ctx);

#endif /* _PPC_TOPOLOGY_KUNIT_FAKE_STATE_H */
