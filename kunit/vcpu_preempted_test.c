// SPDX-License-Identifier: GPL-2.0
/*
 * Truth tables of vcpu_is_preempted() from asm/paravirt.h.
 *
 * For an SMT4 and an SMT8 core, every assignment of {dispatched, ceded,
 * preempted} to the target vCPU and to each of its siblings is written
 * into the lppacas of the core, and the kernel's answer is compared with
 * vcpu_oracle.h, which is written from the posting and not from the code.
 *
 * The core is made of possible but offline CPUs, whose lppacas neither
 * QEMU nor an idle loop writes.  When the caller must be on the target's
 * core, the core is the caller's own one (the caller is running, so its
 * thread is "dispatched" and is not injected); otherwise it is CPUs 8 up.
 */

#include <kunit/test.h>
#include <linux/smp.h>
#include <asm/cputhreads.h>
#include <asm/paravirt.h>

#include "fake_state.h"
#include "vcpu_oracle.h"

/* First CPU of the core used when the caller is elsewhere. */
#define OTHER_CORE_FIRST	8
/* First CPU of the core whose every thread takes the caller's place in turn. */
#define CALLER_CORE_FIRST	16
/* Mismatches printed in full before the rest are only counted. */
#define MAX_REPORTED		16

/* Keep each yield count distinct so only its low bit can matter. */
static u32 yield_count_for(enum vcpu_state s, int thread, unsigned int index)
{
	u32 base = 2 * (thread + 1 + (index % 7) * 8);

	return s == VCPU_DISPATCHED ? base : base + 1;
}

static void describe(const struct vcpu_case *c, int first_cpu, char *buf, size_t len)
{
	int t, n;

	n = scnprintf(buf, len, "SMT%d %s %s caller %s, target CPU %d: threads",
		      c->threads, c->shared ? "shared" : "dedicated",
		      c->kvm ? "KVM" : "PowerVM",
		      c->caller_on_core ? "on the core" : "on another core",
		      first_cpu + c->target);
	for (t = 0; t < c->threads; t++)
		n += scnprintf(buf + n, len - n, " %d:%c%s", first_cpu + t,
			       vcpu_state_letter(c->state[t]),
			       t == c->target ? "(target)" :
			       c->caller_on_core && t == c->caller ? "(caller)" : "");
	if (!c->kvm && !vcpu_case_possible_on_powervm(c))
		scnprintf(buf + n, len - n, " [impossible on PowerVM]");
}

/*
 * vcpu_is_preempted(@cpu) as CPU @caller would answer it.  The suite runs
 * on the one online CPU, so the caller's CPU number is what
 * raw_smp_processor_id() reads from the paca: it is changed with
 * interrupts hard-disabled, for the one call, and put back.
 */
static bool preempted_as(int caller, int cpu)
{
	unsigned long flags;
	u16 real;
	bool ret;

	if (caller < 0)
		return vcpu_is_preempted(cpu);
	local_irq_save(flags);
	hard_irq_disable();
	real = local_paca->paca_index;
	local_paca->paca_index = caller;
	ret = vcpu_is_preempted(cpu);
	local_paca->paca_index = real;
	local_irq_restore(flags);
	return ret;
}

/*
 * The table of one configuration.  @fake_caller < 0: the caller is the
 * online CPU (thread 0 of core 0) and the target core is its own or the
 * core at OTHER_CORE_FIRST.  Otherwise thread @fake_caller of the core at
 * CALLER_CORE_FIRST asks about its siblings.
 */
static void __init check_table_as(struct kunit *test, int threads, bool shared,
				  bool kvm, bool caller_on_core, int fake_caller,
				  bool idle_dispatched)
{
	struct ppc_fake *fake = ppc_fake_begin(test);
	struct vcpu_case c = {
		.shared = shared, .kvm = kvm, .caller_on_core = caller_on_core,
		.threads = threads,
	};
	unsigned int index, rows = 0, wrong = 0;
	struct ppc_fake_flags flags;
	int first_cpu, caller, t;
	char buf[256];

	ppc_fake_read_flags(&flags);
	flags.shared_processor = shared;
	flags.kvm_guest = kvm;
	ppc_fake_set_flags(fake, &flags);
	ppc_fake_set_threads_per_core(fake, threads);

	caller = fake_caller < 0 ? raw_smp_processor_id() : CALLER_CORE_FIRST + fake_caller;
	first_cpu = caller_on_core ? cpu_first_thread_sibling(caller) : OTHER_CORE_FIRST;
	c.caller = caller - first_cpu;
	KUNIT_ASSERT_TRUE_MSG(test, caller_on_core ||
			      cpu_first_thread_sibling(caller) != first_cpu,
			      "CPU %d cannot be the caller of the other-core table", caller);

	/*
	 * The next core's threads are preempted: a loop over the target's
	 * siblings that strayed past its core would find them and answer
	 * "preempted" where every sibling has ceded.
	 */
	for (t = first_cpu + threads; t < first_cpu + 2 * threads; t++)
		ppc_fake_set_lppaca(fake, t, 2 * t + 1, false);

	for (c.target = 0; c.target < threads; c.target++) {
		if (caller_on_core && c.target == c.caller)
			continue;
		for (index = 0; index < vcpu_case_count(threads); index++) {
			bool expected, actual;

			vcpu_case_decode(&c, index);
			if (caller_on_core && c.state[c.caller] != VCPU_DISPATCHED)
				continue;	/* the caller is running */
			for (t = 0; t < threads; t++) {
				bool idle = c.state[t] == VCPU_CEDED ||
					    (idle_dispatched && c.state[t] == VCPU_DISPATCHED);

				/* The online caller's own lppaca is the hypervisor's. */
				if (caller_on_core && t == c.caller && fake_caller < 0)
					continue;
				ppc_fake_set_lppaca(fake, first_cpu + t,
						    yield_count_for(c.state[t], t, index), idle);
			}
			expected = vcpu_oracle_patched(&c);
			actual = preempted_as(fake_caller < 0 ? -1 : caller, first_cpu + c.target);
			rows++;
			if (actual == expected)
				continue;
			if (++wrong <= MAX_REPORTED) {
				const char *note = idle_dispatched ?
						   " (D: in the idle loop, not ceded)" : "";

				describe(&c, first_cpu, buf, sizeof(buf));
				KUNIT_FAIL(test,
					   "%s%s, caller CPU %d: expected %s, vcpu_is_preempted() says %s",
					   buf, note, caller,
					   expected ? "preempted" : "not preempted",
					   actual ? "preempted" : "not preempted");
			}
		}
	}
	KUNIT_EXPECT_EQ_MSG(test, wrong, 0U, "%u of %u SMT%d rows differ from the posting's rules",
			    wrong, rows, threads);
}

static void __init check_table(struct kunit *test, int threads, bool shared,
			       bool kvm, bool caller_on_core)
{
	check_table_as(test, threads, shared, kvm, caller_on_core, -1, false);
}

/*
 * A vCPU in the idle loop that has not ceded: its yield count is even,
 * it is dispatched, and the idle hint it has set says nothing about
 * preemption.  Every dispatched thread of the tables carries the hint.
 */
static void __init vcpu_preempted_powervm_idle_not_ceded_smt4(struct kunit *test)
{
	check_table_as(test, 4, true, false, false, -1, true);
	check_table_as(test, 4, true, false, true, -1, true);
}

static void __init vcpu_preempted_powervm_idle_not_ceded_smt8(struct kunit *test)
{
	check_table_as(test, 8, true, false, false, -1, true);
}

/*
 * Every thread of a core in turn asks about its siblings, on PowerVM:
 * whichever thread asks, its core is the one running.
 */
static void __init vcpu_preempted_powervm_caller_positions_smt4(struct kunit *test)
{
	int thread;

	for (thread = 0; thread < 4; thread++)
		check_table_as(test, 4, true, false, true, thread, false);
}

static void __init vcpu_preempted_powervm_caller_positions_smt8(struct kunit *test)
{
	int thread;

	for (thread = 0; thread < 8; thread++)
		check_table_as(test, 8, true, false, true, thread, false);
}

static void __init vcpu_preempted_dedicated(struct kunit *test)
{
	check_table(test, 4, false, false, false);
	check_table(test, 8, false, false, false);
	check_table(test, 4, false, true, false);
	check_table(test, 8, false, false, true);
}

static void __init vcpu_preempted_kvm_smt4(struct kunit *test)
{
	check_table(test, 4, true, true, false);
	check_table(test, 4, true, true, true);
}

static void __init vcpu_preempted_kvm_smt8(struct kunit *test)
{
	check_table(test, 8, true, true, false);
	check_table(test, 8, true, true, true);
}

static void __init vcpu_preempted_powervm_other_core_smt4(struct kunit *test)
{
	check_table(test, 4, true, false, false);
}

static void __init vcpu_preempted_powervm_other_core_smt8(struct kunit *test)
{
	check_table(test, 8, true, false, false);
}

static void __init vcpu_preempted_powervm_same_core_smt4(struct kunit *test)
{
	check_table(test, 4, true, false, true);
}

static void __init vcpu_preempted_powervm_same_core_smt8(struct kunit *test)
{
	check_table(test, 8, true, false, true);
}

static struct kunit_case vcpu_preempted_cases[] __initdata = {
	KUNIT_CASE(vcpu_preempted_powervm_caller_positions_smt4),
	KUNIT_CASE(vcpu_preempted_powervm_caller_positions_smt8),
	KUNIT_CASE(vcpu_preempted_powervm_idle_not_ceded_smt4),
	KUNIT_CASE(vcpu_preempted_powervm_idle_not_ceded_smt8),
	KUNIT_CASE(vcpu_preempted_dedicated),
	KUNIT_CASE(vcpu_preempted_kvm_smt4),
	KUNIT_CASE(vcpu_preempted_kvm_smt8),
	KUNIT_CASE(vcpu_preempted_powervm_other_core_smt4),
	KUNIT_CASE(vcpu_preempted_powervm_other_core_smt8),
	KUNIT_CASE(vcpu_preempted_powervm_same_core_smt4),
	KUNIT_CASE(vcpu_preempted_powervm_same_core_smt8),
	{}
};

static struct kunit_suite vcpu_preempted_suite __initdata = {
	.name = "powerpc_vcpu_preempted",
	.test_cases = vcpu_preempted_cases,
};

kunit_test_init_section_suites(&vcpu_preempted_suite);
