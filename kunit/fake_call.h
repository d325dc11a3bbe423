/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kernel function answered at its entry for one test's thread: a
 * kprobe on its first instruction asks the test's answer function and,
 * if that answers, sets the return value (r3) and returns to the caller
 * (the link register) without running the function.  Calls of every
 * other thread run the function.  Used where the fake machine answers
 * for what it does not run: firmware (RTAS) and the device_online() of
 * CPUs that never execute.  The probe is disarmed when the test ends;
 * it stays registered for the next test that answers the same function.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_FAKE_CALL_H
#define _PPC_TOPOLOGY_KUNIT_FAKE_CALL_H

#include <kunit/test.h>
#include <linux/kprobes.h>
#include <asm/ptrace.h>

struct ppc_fake_call;
struct ppc_fake_call_probe;

/* Answer the call whose arguments @regs holds: true and *ret, or false to run it. */
typedef bool (*ppc_fake_call_answer_t)(struct ppc_fake_call *call, struct pt_regs *regs,
				       long *ret);

struct ppc_fake_call {
	struct ppc_fake_call_probe *probe;	/* the test's, on its function */
	const char *symbol;
	struct kunit *test;
	ppc_fake_call_answer_t answer;
	void *data;		/* the answer function's */
	unsigned int answered;
};

/*
 * Answer @symbol for @test with @answer until the test ends; @call lives
 * as long as the test (kunit_kzalloc()).  0, or the kprobe's error
 * (-EOPNOTSUPP without CONFIG_KPROBES).
 */
int ppc_fake_call_answer(struct kunit *test, struct ppc_fake_call *call, const char *symbol,
			 ppc_fake_call_answer_t answer, void *data);

#endif /* _PPC_TOPOLOGY_KUNIT_FAKE_CALL_H */
