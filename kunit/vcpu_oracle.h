/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a vCPU state means on the hypervisor, and what vcpu_is_preempted()
 * may answer for it.  Written from the dispatch model, not from the code:
 * it never says in which order the kernel looks at the threads of a core.
 * Shared by the KUnit suite and by the host tools (tools/lab/truth-table,
 * tools/lab/oracle-test), so the table a reviewer reads is the one the kernel
 * is checked against.
 *
 * Sources, each cited by the rule that encodes it:
 *
 * [P1] the posting "powerpc/paravirt: Improve vcpu_is_preempted"
 *      (seeds/002, upstream efce8422dd53), changelog: "PowerVM Hypervisor
 *      dispatches on a whole core basis."
 * [P2] same changelog: "If one of the CPUs in the core is active, i.e
 *      neither CEDED nor preempted, then consider this CPU as not
 *      preempted."
 * [P3] same changelog: "if any of the CPUs in the core has yielded but OS
 *      has not requested CEDE or CONFER, then consider this CPU to be
 *      preempted."
 * [P4] same patch, its comment: a CPU that "has yielded but OS has not
 *      requested idle" is "definitely preempted"; and "None of the threads
 *      in this thread group are running but none of them were preempted
 *      too. Hence assume the thread to be non-preempted."
 * [P5] the review it is quoted in: the idle hint is what finds preempted
 *      vCPUs on KVM, where the figures were measured.
 * [H1] PAPR virtual processor area (struct lppaca): the hypervisor makes
 *      the yield count odd while the virtual processor is not dispatched
 *      (the OS yielded it or the hypervisor preempted it) and even while
 *      it runs (asm/lppaca.h).  Only the low bit means anything: the
 *      count moves on at every dispatch.
 * [H2] the idle hint (lppaca "idle") is the OS's, not the hypervisor's:
 *      pseries_idle_prolog() sets it on entering the idle loop, before
 *      H_CEDE, and pseries_idle_epilog() clears it after (asm/idle.h).  A
 *      thread in its idle loop that has not ceded yet, or is back from
 *      H_CEDE and not yet out, is dispatched and carries the hint.
 * [H3] dedicated processors: the hypervisor does not preempt them
 *      ("Hypervisor preemption isn't possible in dedicated processor
 *      mode by definition", asm/paravirt.h), though they may yield, so
 *      the yield count does not tell shared from dedicated (asm/lppaca.h).
 * [H4] KVM runs each vCPU as a host thread of its own and moves the
 *      vCPU's yield count on every dispatch (book3s_hv.c,
 *      vcpu_vpa_increment_dispatch()): siblings are dispatched
 *      independently and say nothing about each other.
 * [H5] a CPU that calls vcpu_is_preempted() is running: on PowerVM its
 *      whole core is dispatched [P1]; on KVM only itself [H4].
 *
 * The states a thread's lppaca can show, [H1] and [H2]:
 *
 *   D  dispatched, running       (yield count even, no idle hint)
 *   I  dispatched, in idle loop  (yield count even, idle hint)
 *   C  ceded                     (yield count odd, idle hint)
 *   P  preempted                 (yield count odd, no idle hint)
 *
 * Which states a hypervisor produces.  KVM: any mix on a core [H4].
 * PowerVM: a core is dispatched or preempted as a whole [P1], so a core
 * never has a running thread (D, I, or the caller [H5]) beside a
 * preempted one.  Such a "mixed" core is not a state of the machine.  (The
 * one way its lppacas can look so is a running core where a thread called
 * H_CONFER, which sets the yield bit too, as asm/paravirt.h notes.  The
 * posting's sentences then disagree: [P2] says the active sibling makes
 * the target not preempted, [P4] that a yield without the hint is
 * preemption, and the kernel's answer depends on which sibling it reads
 * first.  Nothing here decides between them.)  A mixed core is asserted
 * for safety only: vcpu_is_preempted() returns, reads nothing outside the
 * target's core, and answers from the yield count's low bit only.
 *
 * A caller on the target's core is itself D or I [H5]; a state where its
 * thread is C or P is no state at all and is not enumerated.
 *
 * Not observable here: the kernel's shortcut that a sibling of the caller
 * is not preempted.  On every state PowerVM produces it agrees with [P2],
 * the caller being a running thread of the core; it differs only on mixed
 * cores, where no value is asserted.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_VCPU_ORACLE_H
#define _PPC_TOPOLOGY_KUNIT_VCPU_ORACLE_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdbool.h>
#endif

#define VCPU_MAX_THREADS	8

/* A vCPU as its lppaca shows it to other CPUs. */
enum vcpu_state {
	VCPU_DISPATCHED,	/* D: yield count even, no idle hint */
	VCPU_IDLE_HINTED,	/* I: yield count even, idle hint: idle loop, not ceded */
	VCPU_CEDED,		/* C: yield count odd, idle hint: the OS ceded it */
	VCPU_PREEMPTED,		/* P: yield count odd, no idle hint */
	VCPU_NR_STATES,
};

struct vcpu_case {
	bool shared;		/* shared-processor LPAR, else dedicated */
	bool kvm;		/* KVM guest, else PowerVM */
	bool caller_on_core;	/* the asking CPU is a thread of the target's core */
	int threads;		/* threads per core: 4 or 8 */
	int target;		/* thread of the core that is asked about */
	int caller;		/* thread of the asking CPU, if caller_on_core */
	enum vcpu_state state[VCPU_MAX_THREADS];
};

/* What the oracle asserts about one state. */
enum vcpu_verdict {
	VCPU_NOT_PREEMPTED,	/* the caller may treat the target as running */
	VCPU_IS_PREEMPTED,	/* the target's core was preempted: avoid it */
	VCPU_SAFETY_ONLY,	/* no hypervisor produces it: no value asserted */
};

struct vcpu_expect {
	enum vcpu_verdict verdict;
	const char *rule;	/* the rule that decided, with its source */
};

static inline bool vcpu_state_yielded(enum vcpu_state s)
{
	return s == VCPU_CEDED || s == VCPU_PREEMPTED;		/* [H1] */
}

static inline bool vcpu_state_idle_hint(enum vcpu_state s)
{
	return s == VCPU_IDLE_HINTED || s == VCPU_CEDED;	/* [H2] */
}

/* A thread of the core is known to run: dispatched, or the caller [H5]. */
static inline bool vcpu_core_has_running(const struct vcpu_case *c)
{
	int t;

	if (c->caller_on_core)
		return true;
	for (t = 0; t < c->threads; t++)
		if (!vcpu_state_yielded(c->state[t]))
			return true;
	return false;
}

static inline bool vcpu_core_has_preempted(const struct vcpu_case *c)
{
	int t;

	for (t = 0; t < c->threads; t++)
		if (c->state[t] == VCPU_PREEMPTED)
			return true;
	return false;
}

/*
 * Whether the hypervisor of @c can produce its state.  The caller's own
 * thread is running [H5]; PowerVM does not preempt part of a core [P1].
 */
static inline bool vcpu_case_produced(const struct vcpu_case *c)
{
	if (c->caller_on_core && vcpu_state_yielded(c->state[c->caller]))
		return false;
	if (!c->shared || c->kvm)
		return true;
	return !(vcpu_core_has_running(c) && vcpu_core_has_preempted(c));
}

#define VCPU_EXPECT(v, r)	((struct vcpu_expect){ .verdict = (v), .rule = (r) })

static inline struct vcpu_expect vcpu_oracle(const struct vcpu_case *c)
{
	enum vcpu_state s = c->state[c->target];

	if (!c->shared)
		return VCPU_EXPECT(VCPU_NOT_PREEMPTED,
				   "[H3] dedicated processors are never preempted");
	if (c->caller_on_core && vcpu_state_yielded(c->state[c->caller]))
		return VCPU_EXPECT(VCPU_SAFETY_ONLY,
				   "[H5] the caller runs: its own thread yielded is no state, safety only");
	if (!vcpu_case_produced(c))
		return VCPU_EXPECT(VCPU_SAFETY_ONLY,
				   "[P1] PowerVM preempts whole cores: a running thread beside a preempted one is no state, safety only");
	if (c->caller_on_core && c->target == c->caller)
		return VCPU_EXPECT(VCPU_NOT_PREEMPTED,
				   "[H5] a CPU asking about itself is running");
	if (!vcpu_state_yielded(s))
		return VCPU_EXPECT(VCPU_NOT_PREEMPTED,
				   "[H1] an even yield count: the target is dispatched");
	if (!vcpu_state_idle_hint(s))
		return VCPU_EXPECT(VCPU_IS_PREEMPTED,
				   "[P4] yielded without the idle hint: preempted");
	/* The target ceded. */
	if (c->kvm)
		return VCPU_EXPECT(VCPU_NOT_PREEMPTED,
				   "[H4][P5] KVM: a ceded vCPU is not preempted, its siblings say nothing");
	if (vcpu_core_has_preempted(c))
		return VCPU_EXPECT(VCPU_IS_PREEMPTED,
				   "[P1][P3] PowerVM: a thread of the core yielded without ceding, the core was preempted");
	if (c->caller_on_core)
		return VCPU_EXPECT(VCPU_NOT_PREEMPTED,
				   "[P1][H5] PowerVM: the caller runs on the core, the core is dispatched");
	if (vcpu_core_has_running(c))
		return VCPU_EXPECT(VCPU_NOT_PREEMPTED,
				   "[P1][P2] PowerVM: a thread of the core runs, the core is dispatched");
	return VCPU_EXPECT(VCPU_NOT_PREEMPTED,
			   "[P4] PowerVM: every thread ceded, nothing says the core was preempted");
}

/*
 * Linux 6.1's answer, before the posting: the yield count alone, and on
 * PowerVM "not preempted" for a sibling of the caller.  Only for
 * tools/lab/truth-table's "differs from 6.1" mark, never asserted.
 */
static inline bool vcpu_oracle_before(const struct vcpu_case *c)
{
	if (!c->shared)
		return false;
	if (!c->kvm && c->caller_on_core)
		return false;
	return vcpu_state_yielded(c->state[c->target]);
}

/* Fill c->state[] from the base-4 digits of index; thread 0 is the lowest. */
static inline void vcpu_case_decode(struct vcpu_case *c, unsigned int index)
{
	int t;

	for (t = 0; t < c->threads; t++) {
		c->state[t] = (enum vcpu_state)(index % VCPU_NR_STATES);
		index /= VCPU_NR_STATES;
	}
}

static inline unsigned int vcpu_case_count(int threads)
{
	unsigned int n = 1;

	while (threads--)
		n *= VCPU_NR_STATES;
	return n;
}

static inline bool vcpu_case_has_idle_hinted(const struct vcpu_case *c)
{
	int t;

	for (t = 0; t < c->threads; t++)
		if (c->state[t] == VCPU_IDLE_HINTED)
			return true;
	return false;
}

/* One letter a state: D dispatched, I idle hint, C ceded, P preempted. */
static inline char vcpu_state_letter(enum vcpu_state s)
{
	static const char letters[VCPU_NR_STATES] = { 'D', 'I', 'C', 'P' };

	return letters[s];
}

#endif /* _PPC_TOPOLOGY_KUNIT_VCPU_ORACLE_H */
