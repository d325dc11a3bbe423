/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Included by arch/powerpc/kernel/smp.c after its own includes when
 * CONFIG_PPC_TOPOLOGY_KUNIT_SEAM is set: the inputs of its topology code
 * answer from ppc_fake_fw while a test sets it, and are the kernel's own
 * otherwise.  Only smp.c's text is redirected; the kernel's masks, device
 * tree and hypervisor calls stay as they are for everyone else.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_SMP_INPUTS_H
#define _PPC_TOPOLOGY_KUNIT_SMP_INPUTS_H

#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/of.h>
#include <linux/topology.h>

#include "smp_firmware.h"

static inline bool ppc_fw_cpu_online(unsigned int cpu)
{
	const struct ppc_fake_firmware *fw = READ_ONCE(ppc_fake_fw);

	return fw ? cpumask_test_cpu(cpu, fw->online) : cpu_online(cpu);
}

static inline const struct cpumask *ppc_fw_online_mask(void)
{
	const struct ppc_fake_firmware *fw = READ_ONCE(ppc_fake_fw);

	return fw ? fw->online : cpu_online_mask;
}

static inline bool ppc_fw_cpu_present(unsigned int cpu)
{
	const struct ppc_fake_firmware *fw = READ_ONCE(ppc_fake_fw);

	return fw ? cpumask_test_cpu(cpu, fw->present) : cpu_present(cpu);
}

/* A machine has no possible CPU it does not present. */
static inline const struct cpumask *ppc_fw_possible_mask(void)
{
	const struct ppc_fake_firmware *fw = READ_ONCE(ppc_fake_fw);

	return fw ? fw->present : cpu_possible_mask;
}

static inline struct device_node *ppc_fw_cpu_node(int cpu, unsigned int *thread)
{
	const struct ppc_fake_firmware *fw = READ_ONCE(ppc_fake_fw);

	return fw ? fw->cpu_node(fw, cpu) : of_get_cpu_node(cpu, thread);
}

static inline struct device_node *ppc_fw_next_cache_node(const struct device_node *np)
{
	const struct ppc_fake_firmware *fw = READ_ONCE(ppc_fake_fw);

	return fw ? fw->next_cache_node(fw, np) : of_find_next_cache_node(np);
}

static inline int ppc_fw_coregroup_id(int cpu)
{
	const struct ppc_fake_firmware *fw = READ_ONCE(ppc_fake_fw);

	return fw ? fw->coregroup_id(fw, cpu) : cpu_to_coregroup_id(cpu);
}

#define cpu_online(cpu)			ppc_fw_cpu_online(cpu)
#undef cpu_online_mask
#define cpu_online_mask			ppc_fw_online_mask()
#define cpu_present(cpu)		ppc_fw_cpu_present(cpu)
#undef for_each_possible_cpu
#define for_each_possible_cpu(cpu)	for_each_cpu((cpu), ppc_fw_possible_mask())
#define of_get_cpu_node(cpu, thread)	ppc_fw_cpu_node(cpu, thread)
#define of_find_next_cache_node(np)	ppc_fw_next_cache_node(np)
#define cpu_to_coregroup_id(cpu)	ppc_fw_coregroup_id(cpu)

#endif /* _PPC_TOPOLOGY_KUNIT_SMP_INPUTS_H */
