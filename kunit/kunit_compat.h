/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The KUnit features the suites use that came in recent releases, where
 * the function the VPHN stub replaces is declared, and what lparcfg
 * prints.  The values are those of this kernel: static stubs
 * (kunit/static_stub.h) since 6.4, case attributes such as speed since
 * 6.6, kunit_vm_mmap() since 6.10, hcall_vphn() in asm/vphn.h since 6.2,
 * the resource group lines since "pseries/lparcfg: Add resource group
 * monitoring" (6.17), lparcfg's boot_pool_idle_time line since "powerpc/pseries:
 * Add pool idle time at LPAR boot" (6.10), hrtimer_setup() since 6.13, queued spinlocks that
 * hold their owner's CPU (powerpc's own) since 6.2.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H
#define _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H

#include <kunit/static_stub.h>
#include <asm/vphn.h>

#define PPC_KUNIT_HAS_STATIC_STUB	1
#define PPC_KUNIT_HAS_VM_MMAP	1
#define PPC_LPARCFG_HAS_RESOURCE_GROUP	1
#define PPC_LPARCFG_HAS_BOOT_POOL_IDLE	1
#define PPC_KUNIT_HAS_ATTRIBUTES	1
#define PPC_KUNIT_HAS_HRTIMER_SETUP	1
#define PPC_KUNIT_HAS_OWNER_QSPINLOCK	1

#endif /* _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H */
