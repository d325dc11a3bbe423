/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A fixture's firmware as PowerVM gives it: /cpus nodes in the live
 * device tree, and the hypervisor's VPHN answer.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_FIXTURE_FIRMWARE_H
#define _PPC_TOPOLOGY_KUNIT_FIXTURE_FIRMWARE_H

#include <kunit/test.h>
#include <linux/of.h>

#include "ppc_fixtures.h"

struct fixture_firmware {
	const struct ppc_fixture *fx;
	struct device_node **core;	/* one per core */
	struct device_node **l2;	/* one per core: the L2 whose first core it is */
	unsigned int *core_refs;	/* references held once the nodes are in the tree */
	unsigned int *l2_refs;
};

struct fixture_firmware * __init fixture_firmware_add(struct kunit *test,
						      const struct ppc_fixture *fx,
						      bool l2_nodes, bool chip_ids);
void __init fixture_firmware_answer_vphn(struct kunit *test, const struct fixture_firmware *fw,
					 bool without_coregroup);

/* What hcall_vphn() answers for a hardware thread instead of the hypervisor. */
typedef long (*fixture_vphn_fn)(unsigned long hw_id, u64 flags, __be32 *associativity);
void fixture_firmware_answer_vphn_with(struct kunit *test, fixture_vphn_fn answer);
void __init fixture_firmware_expect_no_leak(struct kunit *test,
					    const struct fixture_firmware *fw);

#endif /* _PPC_TOPOLOGY_KUNIT_FIXTURE_FIRMWARE_H */
