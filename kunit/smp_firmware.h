/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fake firmware for the CPU bring-up code of arch/powerpc/kernel/smp.c.
 *
 * That code learns the machine from a few inputs: which CPUs exist and
 * which are online, each CPU's device-tree node (its ibm,thread-groups),
 * the L2 cache node behind it, and the coregroup id the hypervisor gives
 * for it.  While ppc_fake_fw is set, smp.c reads them from it instead
 * (smp_inputs.h); the test sets it only around a fixture's bring-up, with
 * CPU hotplug disabled and a single CPU online.  The rest of the firmware
 * facts are already held where the kernel reads them: hardware thread ids
 * in the pacas, chip ids in chip_id_lookup_table, NUMA nodes in
 * numa_cpu_lookup_table and the per-CPU node ids, threads_per_core.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_SMP_FIRMWARE_H
#define _PPC_TOPOLOGY_KUNIT_SMP_FIRMWARE_H

#include <linux/cpumask.h>
#include <linux/of.h>

struct ppc_fake_firmware {
	const struct cpumask *present;	/* the CPUs the machine has */
	const struct cpumask *online;	/* the CPUs brought up so far */
	const int *order;		/* the CPUs to bring up, in this order */
	int nr_order;
	/* of_get_cpu_node(): the node, with a reference, or NULL */
	struct device_node *(*cpu_node)(const struct ppc_fake_firmware *fw, int cpu);
	/* of_find_next_cache_node(): the cache node, with a reference, or NULL */
	struct device_node *(*next_cache_node)(const struct ppc_fake_firmware *fw,
					       const struct device_node *np);
	/* cpu_to_coregroup_id() */
	int (*coregroup_id)(const struct ppc_fake_firmware *fw, int cpu);
	void *data;
};

extern const struct ppc_fake_firmware *ppc_fake_fw;

#endif /* _PPC_TOPOLOGY_KUNIT_SMP_FIRMWARE_H */
