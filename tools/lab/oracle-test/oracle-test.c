// SPDX-License-Identifier: GPL-2.0
/*
 * oracle-test: the vcpu_is_preempted() oracle against rows written by
 * hand from the posting's sentences and the hypervisor facts that
 * kunit/vcpu_oracle.h lists ([P1]..[P5], [H1]..[H5]), so that the oracle
 * the KUnit suite trusts is itself checked: the verdict (value or safety
 * only), the source of the rule that decided, and Linux 6.1's answer.
 * Prints "N passed, N failed".
 */
#include <stdio.h>
#include <string.h>

#include "../../../kunit/vcpu_oracle.h"

/* N not preempted, P preempted, S safety only (no hypervisor produces it). */
struct row {
	const char *why;
	const char *threads;	/* one letter a thread: D, I, C or P */
	int target;
	bool shared, kvm, caller_on_core;	/* the caller is thread 0 */
	char verdict;
	bool before;		/* Linux 6.1's answer */
};

static const struct row rows[] = {
	{ "[H3] dedicated: never preempted", "PPPP", 1, false, false, false, 'N', false },
	{ "[H3] dedicated, KVM flags: never preempted", "CPCC", 1, false, true, false, 'N', false },
	{ "[H1] dispatched target: not preempted", "CDCC", 1, true, false, false, 'N', false },
	{ "[H1] dispatched target in its idle loop [H2]: not preempted", "CICC", 1, true, false, false, 'N', false },
	{ "[P4] yielded without the hint: preempted", "CPCC", 1, true, false, false, 'P', true },
	{ "[H4][P5] KVM, ceded target, siblings preempted: not preempted", "PCPP", 1, true, true, false, 'N', true },
	{ "[P4] KVM [H4], preempted target, siblings running: preempted", "DPDD", 1, true, true, false, 'P', true },
	{ "[P4] KVM [H4], preempted target on the caller's core: preempted", "DPCC", 1, true, true, true, 'P', true },
	{ "[P1][P2] PowerVM, ceded target, a sibling running: not preempted", "CCDC", 1, true, false, false, 'N', true },
	{ "[P1][P2] PowerVM, ceded target, a sibling in its idle loop [H2]: not preempted", "CCIC", 1, true, false, false, 'N', true },
	{ "[P1][P3] PowerVM, ceded target, a sibling preempted: preempted", "CCPC", 1, true, false, false, 'P', true },
	{ "[P1][P3] PowerVM, ceded target, the last SMT8 sibling preempted: preempted", "CCCCCCCP", 2, true, false, false, 'P', true },
	{ "[P4] PowerVM, every thread ceded: not preempted", "CCCCCCCC", 5, true, false, false, 'N', true },
	{ "[P1][H5] PowerVM, caller on the core, ceded target: not preempted", "DCCC", 1, true, false, true, 'N', false },
	{ "[P1][H5] PowerVM, a caller in its idle loop, ceded target: not preempted", "ICCC", 3, true, false, true, 'N', false },
	{ "[H5] the caller asks about itself: not preempted", "DCCC", 0, true, false, true, 'N', false },
	{ "[P1] PowerVM, a running and a preempted thread: safety only", "DCPC", 1, true, false, false, 'S', true },
	{ "[P1] PowerVM, the same, the other order: safety only", "PCDC", 1, true, false, false, 'S', true },
	{ "[P1] PowerVM, idle-hinted and preempted threads: safety only", "CCIP", 1, true, false, false, 'S', true },
	{ "[P1] PowerVM, dispatched target beside a preempted thread: safety only", "CDCP", 1, true, false, false, 'S', false },
	{ "[P1] PowerVM, preempted target on the caller's core [H5]: safety only", "DPCC", 1, true, false, true, 'S', false },
	{ "[H5] a caller that does not run: no state", "CDCC", 1, true, true, true, 'S', false },
};

/* The leading "[..][..]" source tags of two strings are the same. */
static bool same_sources(const char *a, const char *b)
{
	size_t n = strspn(a, "[]PH0123456789");

	return n > 0 && n == strspn(b, "[]PH0123456789") && strncmp(a, b, n) == 0;
}

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
			      r->threads[t] == 'I' ? VCPU_IDLE_HINTED :
			      r->threads[t] == 'C' ? VCPU_CEDED : VCPU_PREEMPTED;
}

int main(void)
{
	unsigned int i, passed = 0, failed = 0;
	struct vcpu_case c;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		struct vcpu_expect e;
		char verdict;
		bool ok;

		fill(&c, r);
		e = vcpu_oracle(&c);
		verdict = e.verdict == VCPU_NOT_PREEMPTED ? 'N' :
			  e.verdict == VCPU_IS_PREEMPTED ? 'P' : 'S';
		/* Every rule names its source, and the same source as the row. */
		ok = verdict == r->verdict && vcpu_oracle_before(&c) == r->before &&
		     e.rule && e.rule[0] == '[' && same_sources(e.rule, r->why) &&
		     vcpu_case_produced(&c) == (r->verdict != 'S' || !c.shared);
		printf("%s - oracle: %s (%s, target %d): %c by %s\n", ok ? "ok" : "not ok",
		       r->why, r->threads, r->target, verdict, e.rule);
		if (ok)
			passed++;
		else
			failed++;
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed != 0;
}
