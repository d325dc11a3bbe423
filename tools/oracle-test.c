// SPDX-License-Identifier: GPL-2.0
/*
 * oracle-test: the vcpu_is_preempted() oracle against rows written by
 * hand from the posting's sentences, so that the oracle the KUnit suite
 * trusts is itself checked.  Prints "N passed, N failed".
 */
#include <stdio.h>
#include <string.h>

#include "../kunit/vcpu_oracle.h"

struct row {
	const char *why;
	const char *threads;	/* one letter a thread: D, C or P */
	int target;
	bool shared, kvm, caller_on_core;
	bool preempted, before, possible;
};

static const struct row rows[] = {
	{ "dedicated: never preempted", "PPPP", 1, false, false, false, false, false, true },
	{ "dispatched target: not preempted", "PDPP", 1, true, false, false, false, false, false },
	{ "yielded, not idle: preempted", "CPCC", 1, true, false, false, true, true, true },
	{ "KVM, ceded target: not preempted", "PCPP", 1, true, true, false, false, true, true },
	{ "PowerVM, caller on the core: not preempted", "DCCC", 1, true, false, true, false, false, true },
	{ "PowerVM, a sibling running: not preempted", "CCDC", 1, true, false, false, false, true, true },
	{ "PowerVM, a sibling preempted: preempted", "CCPC", 1, true, false, false, true, true, true },
	{ "PowerVM, all ceded: not preempted", "CCCCCCCC", 5, true, false, false, false, true, true },
	{ "PowerVM, first sibling decides (running)", "DCPC", 1, true, false, false, false, true, false },
	{ "PowerVM, first sibling decides (preempted)", "PCDC", 1, true, false, false, true, true, false },
	{ "PowerVM, target preempted beats the caller's core", "DPCC", 1, true, false, true, true, false, false },
};

static void fill(struct vcpu_case *c, const struct row *r)
{
	int t;

	memset(c, 0, sizeof(*c));
	c->threads = strlen(r->threads);
	c->target = r->target;
	c->caller = 0;
	c->shared = r->shared;
	c->kvm = r->kvm;
	c->caller_on_core = r->caller_on_core;
	for (t = 0; t < c->threads; t++)
		c->state[t] = r->threads[t] == 'D' ? VCPU_DISPATCHED :
			      r->threads[t] == 'C' ? VCPU_CEDED : VCPU_PREEMPTED;
}

int main(void)
{
	unsigned int i, passed = 0, failed = 0;
	struct vcpu_case c;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		bool ok;

		fill(&c, r);
		ok = vcpu_oracle_patched(&c) == r->preempted &&
		     vcpu_oracle_before(&c) == r->before &&
		     vcpu_case_possible_on_powervm(&c) == r->possible;
		printf("%s - oracle: %s (%s, target %d)\n", ok ? "ok" : "not ok",
		       r->why, r->threads, r->target);
		if (ok)
			passed++;
		else
			failed++;
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed != 0;
}
