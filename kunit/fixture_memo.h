/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bring-ups of fixtures/ machines kept for the next test that brings the
 * same machine up the same way; see fixture_memo.c.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_FIXTURE_MEMO_H
#define _PPC_TOPOLOGY_KUNIT_FIXTURE_MEMO_H

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/nodemask.h>

#include "fixture_state.h"

bool __init fixture_memo_restore(struct ppc_fake *fake, const struct ppc_fixture *fx,
				 const struct fixture_bring_up *how, int boot_node,
				 int *chip_ids, struct cpumask *online);
void __init fixture_memo_keep(const struct ppc_fixture *fx, const struct fixture_bring_up *how,
			      int boot_node, const struct cpumask *possible,
			      const nodemask_t *nodes_kept, const int *chip_ids,
			      const struct cpumask *online);
bool __init fixture_memo_restore_big_cores(struct ppc_fake *fake, const struct ppc_fixture *fx,
					   const struct fixture_bring_up *how, int boot_node,
					   const struct cpumask *possible);
void __init fixture_memo_keep_big_cores(const struct ppc_fixture *fx,
					const struct fixture_bring_up *how, int boot_node,
					const struct cpumask *possible);
bool __init fixture_memo_is_boot_state(const struct ppc_fixture *fx,
				       const struct cpumask *online);
void fixture_memo_forget(void);
void fixture_memo_suite_exit(struct kunit_suite *suite);

#endif /* _PPC_TOPOLOGY_KUNIT_FIXTURE_MEMO_H */
