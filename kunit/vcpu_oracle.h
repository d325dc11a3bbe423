/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What vcpu_is_preempted() should answer, written from the text of the
 * "powerpc/paravirt: Improve vcpu_is_preempted" posting (upstream commit
 * efce8422dd53), kept apart from the kernel code.  Shared by the KUnit
 * suite and by the host tool that prints the truth table, so the table a
 * reviewer reads is the table the kernel is checked against.
 *
 * Plain C: no kernel or libc headers beyond bool.
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
	VCPU_DISPATCHED,	/* yield count even: running on a processor */
	VCPU_CEDED,		/* yield count odd, idle hint set: the OS ceded it */
	VCPU_PREEMPTED,		/* yield count odd, idle hint clear */
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

/*
 * The posting's rules, in the order the posting applies them.
 *
 * Rules 6 and 7 can disagree: one sibling running (so the core is
 * dispatched, "not preempted") while another yielded without ceding (so
 * the core was preempted).  The posting checks the siblings in CPU order
 * and the first conclusive one decides; that is the rule here.  On
 * PowerVM, which dispatches whole cores, such a core cannot exist (see
 * vcpu_case_possible_on_powervm()), so the order only pins behaviour that
 * real PowerVM machines never reach.
 */
static inline bool vcpu_oracle_patched(const struct vcpu_case *c)
{
	int t;

	/* 1: a dedicated processor is never preempted by the hypervisor. */
	if (!c->shared)
		return false;
	/* 2: a dispatched vCPU is running, so it is not preempted. */
	if (c->state[c->target] == VCPU_DISPATCHED)
		return false;
	/* 3: yielded while the OS did not cede it: preempted. */
	if (c->state[c->target] == VCPU_PREEMPTED)
		return true;
	/* The target ceded.  4: a KVM guest has no core-wide evidence. */
	if (c->kvm)
		return false;
	/* 5: PowerVM runs whole cores; the caller's core is running. */
	if (c->caller_on_core)
		return false;
	for (t = 0; t < c->threads; t++) {
		if (t == c->target)
			continue;
		/* 6: a running sibling means the core is dispatched. */
		if (c->state[t] == VCPU_DISPATCHED)
			return false;
		/* 7: a sibling yielded without ceding: the core was preempted. */
		if (c->state[t] == VCPU_PREEMPTED)
			return true;
	}
	/* 8: every thread ceded: nothing says the core was preempted. */
	return false;
}

/* The answer before the posting (Linux 6.1): the yield count alone. */
static inline bool vcpu_oracle_before(const struct vcpu_case *c)
{
	if (!c->shared)
		return false;
	if (!c->kvm && c->caller_on_core)
		return false;
	return c->state[c->target] != VCPU_DISPATCHED;
}

/*
 * PowerVM dispatches and preempts whole cores: no core has a thread
 * running and another thread preempted at the same time.  The caller, when
 * it is on the core, is running.
 */
static inline bool vcpu_case_possible_on_powervm(const struct vcpu_case *c)
{
	bool running = c->caller_on_core, preempted = false;
	int t;

	for (t = 0; t < c->threads; t++) {
		running |= c->state[t] == VCPU_DISPATCHED;
		preempted |= c->state[t] == VCPU_PREEMPTED;
	}
	return !(running && preempted);
}

/* Fill c->state[] from the base-3 digits of index; thread 0 is the lowest. */
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

/* One letter a state: D dispatched, C ceded, P preempted. */
static inline char vcpu_state_letter(enum vcpu_state s)
{
	return s == VCPU_DISPATCHED ? 'D' : s == VCPU_CEDED ? 'C' : 'P';
}

#endif /* _PPC_TOPOLOGY_KUNIT_VCPU_ORACLE_H */
