/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kunit/kunit_compat.h for Linux 6.1 (tools/lib/install-kunit).  Linux
 * 6.1 has no static stubs: the seam patch gives each function a test
 * answers for a pointer named after it, FN_kunit, that the function calls
 * instead while it is set.  hcall_vphn() is declared in asm/lppaca.h,
 * cases have no attributes, the running test is the task's (6.3 added
 * kunit_get_current_test()), a test has no user memory, and lparcfg
 * prints no resource group.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H
#define _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H

#include <linux/sched.h>
#include <asm/lppaca.h>

#define PPC_KUNIT_HAS_STATIC_STUB	0
#define PPC_KUNIT_HAS_VM_MMAP	0
#define PPC_LPARCFG_HAS_RESOURCE_GROUP	0
#define PPC_LPARCFG_HAS_BOOT_POOL_IDLE	0
#define PPC_KUNIT_HAS_ATTRIBUTES	0
#define PPC_KUNIT_HAS_HRTIMER_SETUP	0
#define PPC_KUNIT_HAS_OWNER_QSPINLOCK	0

static inline struct kunit *kunit_get_current_test(void)
{
	return current->kunit_test;
}

/* No user memory for a test (6.10): the cases that need it skip. */
static inline unsigned long kunit_vm_mmap(struct kunit *test, struct file *file,
					  unsigned long addr, unsigned long len,
					  unsigned long prot, unsigned long flag,
					  unsigned long offset)
{
	return -EOPNOTSUPP;
}

#endif /* _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H */
