/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kunit/kunit_compat.h for Linux 6.12 (tools/lib/install-kunit): static
 * stubs, kunit_vm_mmap() and hcall_vphn() in asm/vphn.h as posted, no
 * case attributes, and no resource group in lparcfg.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H
#define _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H

#include <kunit/static_stub.h>
#include <asm/vphn.h>

#define PPC_KUNIT_HAS_STATIC_STUB	1
#define PPC_KUNIT_HAS_VM_MMAP	1
#define PPC_LPARCFG_HAS_RESOURCE_GROUP	0
#define PPC_LPARCFG_HAS_BOOT_POOL_IDLE	1
#define PPC_KUNIT_HAS_ATTRIBUTES	0
#define PPC_KUNIT_HAS_HRTIMER_SETUP	0
#define PPC_KUNIT_HAS_OWNER_QSPINLOCK	1

#endif /* _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H */
