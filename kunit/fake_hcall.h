/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A fake hypervisor for the powerpc topology KUnit tests: the answers a
 * test sets for hypervisor calls are what plpar_hcall_norets(),
 * plpar_hcall() and plpar_hcall9() return to that test's thread, status
 * and return words, until the test ends.  Other calls, and the calls of
 * every other thread, go to the hypervisor.  Needs CONFIG_KPROBES: the
 * answers are given at the entry points' first instruction.  H_CEDE,
 * H_CONFER and H_PROD, which go through plpar_hcall_norets_notrace(),
 * are answered only where the idle loop does not cede through it
 * (powersave=off): ppc_fake_hcall_idle_probe_safe().
 */
#ifndef _PPC_TOPOLOGY_KUNIT_FAKE_HCALL_H
#define _PPC_TOPOLOGY_KUNIT_FAKE_HCALL_H

#include <kunit/test.h>
#include <asm/hvcall.h>

/* What the fake hypervisor answers to one opcode. */
struct ppc_fake_hcall {
	unsigned long opcode;
	long status;
	unsigned long ret[PLPAR_HCALL9_BUFSIZE];
};

#define PPC_FAKE_HCALLS		8
#define PPC_FAKE_HCALL_ARGS	4

bool ppc_fake_hcall_idle_probe_safe(void);
void ppc_fake_hcall_answer(struct kunit *test, const struct ppc_fake_hcall *answer);
unsigned int ppc_fake_hcall_asked(struct kunit *test, unsigned long opcode);
const unsigned long *ppc_fake_hcall_args(struct kunit *test, unsigned long opcode);

#endif /* _PPC_TOPOLOGY_KUNIT_FAKE_HCALL_H */
