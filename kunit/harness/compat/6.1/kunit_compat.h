/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kunit/kunit_compat.h for Linux 6.1 (tools/lib/install-kunit).  Linux
 * 6.1 has no static stubs: the seam patch gives each function a test
 * answers for a pointer named after it, FN_kunit, that the function calls
 * instead while it is set.  hcall_vphn() is declared in asm/lppaca.h,
 * and cases have no attributes.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H
#define _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H

#include <asm/lppaca.h>

#define PPC_KUNIT_HAS_STATIC_STUB	0
#define PPC_KUNIT_HAS_ATTRIBUTES	0

#endif /* _PPC_TOPOLOGY_KUNIT_KUNIT_COMPAT_H */
