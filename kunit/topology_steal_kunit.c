// SPDX-License-Identifier: GPL-2.0
/*
 * powerpc_topology: the capacity the load balancer gives a CPU whose vcpu
 * the hypervisor stole from.  On a shared-processor LPAR boot has steal
 * time read from each vcpu's lppaca (its enqueue_dispatch_tb and
 * ready_enqueue_tb counters, in timebase ticks) and taken off the
 * runqueue clock; the stolen time is then the CPU's non-task load, as
 * interrupt time is, and the capacity the scheduler's groups carry is
 * what that load leaves (NONTASK_CAPACITY).  A dedicated-processor LPAR,
 * or one booted with no-steal-acc, takes nothing off.
 *
 * The fake CPUs never run: a case brings their runqueue clocks up to
 * date through the scheduler's seam, as the tick would on a CPU that
 * runs (and so is active), after the hypervisor's counters moved.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/math64.h>
#include <linux/sched/domains_kunit.h>
#include <linux/sched/topology.h>
#include <asm/hw_irq.h>
#include <asm/lppaca.h>
#include <asm/time.h>

#include "fake_state.h"
#include "topology_kunit.h"

/*
 * How long the stolen CPUs wait before their clocks are brought up to
 * date: most of a half-life of the scheduler's load average (32 ms), so
 * that a CPU stolen from for all of it carries a load of at least
 * 1 - 2^-20/32, 0.35 of its capacity, above the quarter a case asks for,
 * and a CPU stolen from for a quarter of it a load of about 0.1: time the
 * one CPU that runs spends asleep, 21 times a run, so no longer than the
 * ordering needs.  An hrtimer's sleep: msleep() counts jiffies, which lag
 * behind the timebase after interrupts were off for a while, and then
 * ended a 16 ms window after 12.8 ms.
 */
#define STEAL_WINDOW_MS		20

/* The CPUs a case steals from, and how much of the window each loses. */
enum steal_share { STEAL_ALL, STEAL_QUARTER, STEAL_NONE, NR_STEAL_CPUS };

static const char * const steal_share_names[NR_STEAL_CPUS] = {
	[STEAL_ALL] = "all of the window",
	[STEAL_QUARTER] = "a quarter of it",
	[STEAL_NONE] = "nothing",
};

struct steal_cpus {
	int cpu[NR_STEAL_CPUS];
	/* Each CPU's counters before the case, for its runqueue's restart. */
	u64 dispatch_tb[NR_STEAL_CPUS];
	u64 ready_tb[NR_STEAL_CPUS];
};

/*
 * A CPU's runqueue clock is brought up to date by its own tick, while it
 * runs: active, as what the scheduler scales the CPU's load by may depend
 * on it (arch_scale_cpu_capacity()).  Only with interrupts hard-disabled
 * on the one CPU that runs, so that nothing places a task on the CPU,
 * which never runs, meanwhile.
 */
static void run_clock(int cpu, struct sched_domains_kunit_clock *clock)
{
	bool was_active = cpu_active(cpu);
	unsigned long flags;

	local_irq_save(flags);
	hard_irq_disable();
	set_cpu_active(cpu, true);
	sched_domains_kunit_clock(cpu, clock);
	set_cpu_active(cpu, was_active);
	local_irq_restore(flags);
}

/*
 * When the case ends, before the fake machine gives the lppacas back:
 * the counters as they were, taken as accounted, and no load, so that a
 * later case finds the runqueues as a CPU that never ran leaves them.
 */
static void steal_cpus_restart(struct kunit_resource *res)
{
	struct steal_cpus *s = res->data;
	int i;

	for (i = 0; i < NR_STEAL_CPUS; i++) {
		struct lppaca *lp = &lppaca_of(s->cpu[i]);

		WRITE_ONCE(lp->enqueue_dispatch_tb, cpu_to_be64(s->dispatch_tb[i]));
		WRITE_ONCE(lp->ready_enqueue_tb, cpu_to_be64(s->ready_tb[i]));
		run_clock(s->cpu[i], NULL);
	}
}

static int steal_cpus_init(struct kunit_resource *res, void *context)
{
	const struct ppc_fixture *fx = context;
	struct steal_cpus *s = kzalloc(sizeof(*s), GFP_KERNEL);
	int i;

	if (!s)
		return -ENOMEM;
	/* Three CPUs spread over the machine, none of them CPU 0. */
	s->cpu[STEAL_ALL] = fx->nr_cpus - 1;
	s->cpu[STEAL_QUARTER] = fx->nr_cpus / 2;
	s->cpu[STEAL_NONE] = max(1, fx->nr_cpus / 4);
	for (i = 0; i < NR_STEAL_CPUS; i++) {
		s->dispatch_tb[i] = be64_to_cpu(lppaca_of(s->cpu[i]).enqueue_dispatch_tb);
		s->ready_tb[i] = be64_to_cpu(lppaca_of(s->cpu[i]).ready_enqueue_tb);
		run_clock(s->cpu[i], NULL);
	}
	res->data = s;
	return 0;
}

static void steal_cpus_free(struct kunit_resource *res)
{
	steal_cpus_restart(res);
	kfree(res->data);
}

/* Timebase ticks to nanoseconds, exactly, for the oracle. */
static u64 tb_ticks_ns(u64 ticks)
{
	return mul_u64_u64_div_u64(ticks, NSEC_PER_SEC, tb_ticks_per_sec);
}

/*
 * The level-0 group of @cpu's own domains that holds @cpu alone: its
 * capacity is the CPU's, as update_cpu_capacity() gives it.  -1 if none.
 */
static long __init own_group_capacity(const struct sched_view *view, int cpu)
{
	const struct sched_view_level *lvl = &view->cpu[cpu].level[0];
	int g;

	if (!view->cpu[cpu].nr_kept || !lvl->group)
		return -1;
	for (g = 0; g < min(lvl->nr_groups, SCHED_VIEW_MAX_GROUPS); g++)
		if (lvl->group[g].first == cpu && lvl->group[g].weight == 1)
			return lvl->group[g].capacity;
	return -1;
}

/*
 * What the runqueue of one CPU accounted, against the counters its
 * hypervisor moved by @stolen_tb and whether the LPAR accounts steal
 * time on the runqueue clock.
 */
static void __init expect_steal_accounted(struct kunit *test, const char *name,
					  enum steal_share share, int cpu, u64 stolen_tb,
					  bool accounted,
					  const struct sched_domains_kunit_clock *clock)
{
	u64 want = accounted ? min(tb_ticks_ns(stolen_tb), clock->period) : 0;
	u64 off = clock->steal > want ? clock->steal - want : want - clock->steal;

	/* tb_to_ns() multiplies by a 64-bit fraction: a few nanoseconds off. */
	KUNIT_EXPECT_LE_MSG(test, off, (u64)4,
			    "%s: CPU %d, stolen %s (%llu ticks of %lu a second) in %llu ns: %llu ns of steal accounted, %llu expected",
			    name, cpu, steal_share_names[share], stolen_tb, tb_ticks_per_sec,
			    clock->period, clock->steal, want);
	KUNIT_EXPECT_EQ_MSG(test, clock->irq, 0,
			    "%s: CPU %d never runs, and has %llu ns of interrupt time",
			    name, cpu, clock->irq);
}

static void __init expect_capacity_under_steal(struct kunit *test, const struct ppc_fixture *own,
					       bool shared, bool steal_rq)
{
	struct sched_domains_kunit_clock clock[NR_STEAL_CPUS];
	const u64 window_tb = tb_ticks_per_sec * STEAL_WINDOW_MS / MSEC_PER_SEC;
	const u64 stolen_tb[NR_STEAL_CPUS] = {
		/* more than the window: all of it, whatever the sleep took */
		[STEAL_ALL] = 8 * window_tb,
		[STEAL_QUARTER] = window_tb / 4,
	};
	const bool accounted = shared && steal_rq;
	const struct ppc_fixture *fx = fixture_in_mode(test, own, shared);
	const char *name = steal_rq ? (shared ? "shared" : "dedicated") : "shared, no-steal-acc";
	const struct sched_view *view;
	struct ppc_fake_flags flags;
	struct ppc_fake *fake;
	struct steal_cpus *s;
	long capacity[NR_STEAL_CPUS];
	int i;

	if (!IS_ENABLED(CONFIG_PARAVIRT_TIME_ACCOUNTING))
		kunit_skip(test, "no steal time without CONFIG_PARAVIRT_TIME_ACCOUNTING");
	if (fx->nr_cpus < 8)
		kunit_skip(test, "%s: %d CPUs, fewer than the case spreads its three over",
			   fx->name, fx->nr_cpus);
	require_no_asym_smt(test);
	fake = ppc_fake_begin(test);
	fixture_bring_up(test, fake, fx);
	ppc_fake_read_flags(&flags);
	KUNIT_ASSERT_TRUE_MSG(test, flags.steal_clock == shared && flags.steal_rq == shared,
			      "%s: the %s LPAR's bring-up left steal time read %d and accounted %d",
			      fx->name, name, flags.steal_clock, flags.steal_rq);
	if (!steal_rq) {
		flags.steal_rq = false;
		ppc_fake_set_flags(fake, &flags);
	}

	s = kunit_alloc_resource(test, steal_cpus_init, steal_cpus_free, GFP_KERNEL, (void *)fx);
	KUNIT_ASSERT_NOT_NULL(test, s);
	usleep_range(STEAL_WINDOW_MS * USEC_PER_MSEC, (STEAL_WINDOW_MS + 1) * USEC_PER_MSEC);
	for (i = 0; i < NR_STEAL_CPUS; i++) {
		/* Half waiting to be dispatched, half ready but not dispatched. */
		ppc_fake_set_steal(fake, s->cpu[i], s->dispatch_tb[i] + stolen_tb[i] / 2,
				   s->ready_tb[i] + stolen_tb[i] - stolen_tb[i] / 2);
		run_clock(s->cpu[i], &clock[i]);
		expect_steal_accounted(test, fx->name, i, s->cpu[i], stolen_tb[i], accounted,
				       &clock[i]);
	}

	if (!accounted) {
		for (i = 0; i < NR_STEAL_CPUS; i++)
			KUNIT_EXPECT_EQ_MSG(test, clock[i].irq_util, 0,
					    "%s %s: CPU %d, stolen %s, has a non-task load of %lu; the LPAR does not account steal time",
					    fx->name, name, s->cpu[i], steal_share_names[i],
					    clock[i].irq_util);
	} else {
		/* The load of time stolen at the end of the window, ordered by its share. */
		KUNIT_EXPECT_GE_MSG(test, clock[STEAL_ALL].irq_util, SCHED_CAPACITY_SCALE / 4,
				    "%s %s: CPU %d lost all of %llu ns, most of a load half-life, and carries a non-task load of %lu",
				    fx->name, name, s->cpu[STEAL_ALL], clock[STEAL_ALL].period,
				    clock[STEAL_ALL].irq_util);
		KUNIT_EXPECT_GT_MSG(test, clock[STEAL_ALL].irq_util, clock[STEAL_QUARTER].irq_util,
				    "%s %s: CPU %d lost all of its window, CPU %d a quarter, and their non-task loads are %lu and %lu",
				    fx->name, name, s->cpu[STEAL_ALL], s->cpu[STEAL_QUARTER],
				    clock[STEAL_ALL].irq_util, clock[STEAL_QUARTER].irq_util);
		KUNIT_EXPECT_GT_MSG(test, clock[STEAL_QUARTER].irq_util, 0,
				    "%s %s: CPU %d lost a quarter of its window and carries no non-task load",
				    fx->name, name, s->cpu[STEAL_QUARTER]);
		KUNIT_EXPECT_EQ_MSG(test, clock[STEAL_NONE].irq_util, 0,
				    "%s %s: CPU %d lost nothing and carries a non-task load of %lu",
				    fx->name, name, s->cpu[STEAL_NONE], clock[STEAL_NONE].irq_util);
	}

	/* What the domains built now give each of them. */
	view = sched_view_build_what(test, NULL, fake, fx->nr_cpus, NULL, SCHED_VIEW_GROUPS);
	for (i = 0; i < NR_STEAL_CPUS; i++) {
		capacity[i] = own_group_capacity(view, s->cpu[i]);
		KUNIT_ASSERT_GE_MSG(test, capacity[i], 1,
				    "%s %s: CPU %d's lowest domain has no group of its own",
				    fx->name, name, s->cpu[i]);
	}
	/*
	 * scale_rt_capacity(): a CPU that runs nothing keeps its capacity
	 * less its non-task load, and at least 1.
	 */
	for (i = 0; i < NR_STEAL_CPUS; i++) {
		long want = max(1L, capacity[STEAL_NONE] - (long)clock[i].irq_util);

		KUNIT_EXPECT_EQ_MSG(test, capacity[i], want,
				    "%s %s: CPU %d, stolen %s, non-task load %lu, has capacity %ld in its group; CPU %d, stolen nothing, has %ld",
				    fx->name, name, s->cpu[i], steal_share_names[i],
				    clock[i].irq_util, capacity[i], s->cpu[STEAL_NONE],
				    capacity[STEAL_NONE]);
	}

	/*
	 * The runqueue keeps the steal clock it took the time off at
	 * (prev_steal_time_rq): the next tick, with no more stolen, takes
	 * nothing off again.
	 */
	run_clock(s->cpu[STEAL_ALL], &clock[STEAL_ALL]);
	KUNIT_EXPECT_EQ_MSG(test, clock[STEAL_ALL].steal, 0,
			    "%s %s: CPU %d's steal clock did not move since its last update, and %llu ns of %llu were taken off as steal again",
			    fx->name, name, s->cpu[STEAL_ALL], clock[STEAL_ALL].steal,
			    clock[STEAL_ALL].period);
}

/*
 * The machine as a dedicated- and as a shared-processor LPAR: only the
 * shared one takes the stolen time off its CPUs' capacity, each CPU by
 * the load its share of the window makes.
 */
void __init topology_capacity_under_steal(struct kunit *test)
{
	const struct ppc_fixture_mode *mode = fixture_mode_param(test);

	expect_capacity_under_steal(test, mode->fx, mode->shared, true);
}

/* The machine as a shared-processor LPAR booted with no-steal-acc: no capacity lost. */
void __init topology_capacity_steal_not_accounted(struct kunit *test)
{
	expect_capacity_under_steal(test, fixture_param(test), true, false);
}
