// SPDX-License-Identifier: GPL-2.0
/*
 * powerpc_vcpu_yield: the hypervisor calls a vcpu makes to give its time
 * to another.  A CPU spinning on a queued spinlock whose owner's vcpu the
 * hypervisor preempted (an odd yield count in the owner's lppaca) confers
 * its cycles to that vcpu, H_CONFER with the owner's hardware thread id
 * and the yield count it saw, so that the owner runs and releases the
 * lock; on a dedicated-processor LPAR, or with the owner running, it only
 * spins.  prod_cpu() and cede_processor() ask H_PROD for a thread and
 * H_CEDE for the caller.
 *
 * The fake hypervisor answers those calls at plpar_hcall_norets_notrace(),
 * which the idle loop cedes through with RCU not watching: the cases
 * need a kernel booted with powersave=off, as the harness's guest is.
 */

#include <kunit/test.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/preempt.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <asm/hvcall.h>
#include <asm/paravirt.h>
#include <asm/plpar_wrappers.h>

#include "fake_hcall.h"
#include "fake_state.h"
#include "kunit_compat.h"

/* The lock owner: a possible CPU that never runs, with a hardware id unlike its number. */
#define OWNER_CPU		17
#define OWNER_HW_ID		0x2a3
/* How long the lock stays taken: long enough for the spinner to yield many times. */
#define HOLD_NS			(20 * NSEC_PER_MSEC)

struct yield_row {
	const char *name;
	bool shared;
	bool owner_preempted;
};

static const struct yield_row yield_rows[] = {
	{ "dedicated-owner-running", false, false },
	{ "dedicated-owner-preempted", false, true },
	{ "shared-owner-running", true, false },
	{ "shared-owner-preempted", true, true },
};

static void yield_row_to_desc(const struct yield_row *row, char *desc)
{
	strscpy(desc, row->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(yield_row, yield_rows, yield_row_to_desc);

/* The owner's release, from a timer interrupt on the spinning CPU. */
struct held_lock {
	arch_spinlock_t lock;
	struct hrtimer release;
};

static enum hrtimer_restart release_lock(struct hrtimer *timer)
{
	struct held_lock *held = container_of(timer, struct held_lock, release);

	arch_spin_unlock(&held->lock);
	return HRTIMER_NORESTART;
}

static void hold_lock(struct held_lock *held, int owner)
{
#if PPC_KUNIT_HAS_OWNER_QSPINLOCK
	held->lock.val = _Q_LOCKED_VAL | owner << _Q_OWNER_CPU_OFFSET;
#endif
#if PPC_KUNIT_HAS_HRTIMER_SETUP
	hrtimer_setup(&held->release, release_lock, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
#else
	hrtimer_init(&held->release, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	held->release.function = release_lock;
#endif
	hrtimer_start(&held->release, ns_to_ktime(HOLD_NS), HRTIMER_MODE_REL);
}

static void __init require_answerable(struct kunit *test)
{
	if (!ppc_fake_hcall_idle_probe_safe())
		kunit_skip(test,
			   "the idle loop cedes through plpar_hcall_norets_notrace(): boot with powersave=off");
}

/* The owner's vcpu, running (even yield count) or preempted (odd). */
static u32 owner_yield_count(const struct yield_row *row)
{
	return row->owner_preempted ? 0x1235 : 0x1234;
}

static void __init vcpu_yield_to_lock_owner(struct kunit *test)
{
	const struct yield_row *row = test->param_value;
	const struct ppc_fake_hcall confer = { .opcode = H_CONFER, .status = H_SUCCESS };
	bool confers = IS_ENABLED(CONFIG_PARAVIRT_SPINLOCKS) && row->shared &&
		       row->owner_preempted;
	struct ppc_fake_flags flags;
	struct held_lock *held;
	const unsigned long *args;
	struct ppc_fake *fake;
	unsigned int asked;

	if (!PPC_KUNIT_HAS_OWNER_QSPINLOCK)
		kunit_skip(test,
			   "the queued spinlocks of this base do not name their owner (6.2 has them)");
	require_answerable(test);
	held = kunit_kzalloc(test, sizeof(*held), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, held);
	fake = ppc_fake_begin(test);
	ppc_fake_read_flags(&flags);
	flags.shared_processor = row->shared;
	ppc_fake_set_flags(fake, &flags);
	ppc_fake_set_hw_id(fake, OWNER_CPU, OWNER_HW_ID);
	ppc_fake_set_lppaca(fake, OWNER_CPU, owner_yield_count(row), false);
	ppc_fake_hcall_answer(test, &confer);

	hold_lock(held, OWNER_CPU);
	preempt_disable();
	arch_spin_lock(&held->lock);
	arch_spin_unlock(&held->lock);
	preempt_enable();
	hrtimer_cancel(&held->release);

	asked = ppc_fake_hcall_asked(test, H_CONFER);
	if (!confers) {
		KUNIT_EXPECT_EQ_MSG(test, asked, 0,
				    "%s: the spinner conferred %u times to CPU %d, whose vcpu %s",
				    row->name, asked, OWNER_CPU,
				    row->owner_preempted ? "is preempted, on a dedicated LPAR" :
				    "is running");
		return;
	}
	KUNIT_ASSERT_GT_MSG(test, asked, 0,
			    "%s: the spinner never conferred to CPU %d, whose vcpu is preempted",
			    row->name, OWNER_CPU);
	args = ppc_fake_hcall_args(test, H_CONFER);
	KUNIT_EXPECT_EQ_MSG(test, args[0], OWNER_HW_ID,
			    "%s: H_CONFER to thread %#lx; CPU %d's hardware id is %#x",
			    row->name, args[0], OWNER_CPU, OWNER_HW_ID);
	KUNIT_EXPECT_EQ_MSG(test, args[1], owner_yield_count(row),
			    "%s: H_CONFER with yield count %#lx; the owner's lppaca has %#x",
			    row->name, args[1], owner_yield_count(row));
}

/* prod_cpu() wakes a thread by its hardware id; cede_processor() asks nothing else. */
static void __init vcpu_prod_and_cede(struct kunit *test)
{
	const struct ppc_fake_hcall prod = { .opcode = H_PROD, .status = H_SUCCESS };
	const struct ppc_fake_hcall cede = { .opcode = H_CEDE, .status = H_SUCCESS };
	const unsigned long *args;
	struct ppc_fake *fake;

	require_answerable(test);
	fake = ppc_fake_begin(test);
	ppc_fake_set_hw_id(fake, OWNER_CPU, OWNER_HW_ID);
	ppc_fake_hcall_answer(test, &prod);
	ppc_fake_hcall_answer(test, &cede);

	prod_cpu(OWNER_CPU);
	KUNIT_ASSERT_EQ(test, ppc_fake_hcall_asked(test, H_PROD), 1);
	args = ppc_fake_hcall_args(test, H_PROD);
	KUNIT_EXPECT_EQ_MSG(test, args[0], OWNER_HW_ID,
			    "H_PROD of thread %#lx; CPU %d's hardware id is %#x",
			    args[0], OWNER_CPU, OWNER_HW_ID);

	/* Answered here, the cede returns at once, as on a pending interrupt. */
	KUNIT_EXPECT_EQ(test, cede_processor(), H_SUCCESS);
	KUNIT_EXPECT_EQ(test, ppc_fake_hcall_asked(test, H_CEDE), 1);
}

/* __refdata: the cases are __init, which an init-section suite allows. */
static struct kunit_case __refdata vcpu_yield_cases[] = {
	KUNIT_CASE_PARAM(vcpu_yield_to_lock_owner, yield_row_gen_params),
	KUNIT_CASE(vcpu_prod_and_cede),
	{}
};

static struct kunit_suite vcpu_yield_suite = {
	.name = "powerpc_vcpu_yield",
	.test_cases = vcpu_yield_cases,
};

kunit_test_init_section_suites(&vcpu_yield_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests of the hypervisor calls a powerpc vcpu yields with");
