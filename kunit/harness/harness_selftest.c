// SPDX-License-Identifier: GPL-2.0
/*
 * Harness self-test: on request, panic or hang the kernel from a test, so
 * that the harness can prove it reports a crashed or hung kernel and keeps
 * its caches usable.  Without ppc_kunit_selftest.mode= the case skips.
 */

#include <kunit/test.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/panic.h>
#include <linux/string.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "ppc_kunit_selftest."

static char *selftest_mode = "";
module_param_named(mode, selftest_mode, charp, 0444);

static void harness_crash_on_request(struct kunit *test)
{
	if (!strcmp(selftest_mode, "panic"))
		panic("ppc_kunit_selftest: panic requested by the harness test");

	if (!strcmp(selftest_mode, "hang")) {
		/* The only online CPU spins with interrupts off: nothing runs. */
		local_irq_disable();
		for (;;)
			cpu_relax();
	}

	kunit_skip(test, "ppc_kunit_selftest.mode is '%s', not panic or hang",
		   selftest_mode);
}

static struct kunit_case harness_selftest_cases[] = {
	KUNIT_CASE(harness_crash_on_request),
	{}
};

static struct kunit_suite harness_selftest_suite = {
	.name = "powerpc_harness_selftest",
	.test_cases = harness_selftest_cases,
};

kunit_test_suite(harness_selftest_suite);
