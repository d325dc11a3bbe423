/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KUnit static stubs (kunit/static_stub.h) came with 6.4.  On older
 * kernels the seam patch gives each function a test answers for a
 * pointer named after it, FN_kunit, that the function calls instead
 * while it is set; PPC_KUNIT_HAS_STATIC_STUB says which a kernel has.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_STUB_COMPAT_H
#define _PPC_TOPOLOGY_KUNIT_STUB_COMPAT_H

#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
#include <kunit/static_stub.h>
#define PPC_KUNIT_HAS_STATIC_STUB	1
#else
#define PPC_KUNIT_HAS_STATIC_STUB	0
#endif

#endif /* _PPC_TOPOLOGY_KUNIT_STUB_COMPAT_H */
