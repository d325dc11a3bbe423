// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu_is_preempted() from asm/paravirt.h against the dispatch model of
 * vcpu_oracle.h.
 *
 * For an SMT4 and an SMT8 core, every assignment of the four lppaca
 * states (D dispatched, I dispatched with the idle hint, C ceded, P
 * preempted) to the threads of the target's core is written into their
 * lppacas, and the kernel's answer is checked against the oracle:
 *
 *  - for the states the hypervisor produces, the value the dispatch model
 *    gives, with the rule that gives it;
 *  - for every state, produced or not, safety: the call returns, and its
 *    answer stays the same when the yield counts of the core move on by
 *    any even amount (only the low bit means anything, [H1]) and when the
 *    threads of the neighbouring cores (and of the caller's core, when it
 *    is another one) turn from preempted to dispatched: an answer that
 *    changes read something outside the target's core.
 *
 * The cores are made of possible but offline CPUs, whose lppacas neither
 * QEMU nor an idle loop writes; while they are asked about, they are
 * present, online and active as in a running LPAR, or the target's core
 * inactive, as while it goes down.  A caller other than the online CPU
 * asks with its own paca in place (ppc_fake_call_as()), as when it runs.
 * Each failure line names the state (every thread's letter), the caller,
 * the rule checked and its source in vcpu_oracle.h.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/time64.h>
#include <asm/cputhreads.h>
#include <asm/lppaca.h>
#include <asm/paravirt.h>
#include <asm/time.h>

#include "fake_state.h"
#include "vcpu_oracle.h"

/* The core asked about when the caller is the online CPU on another core. */
#define TARGET_CORE_FIRST	16
/* The core whose threads take the caller's place in turn. */
#define CALLER_CORE_FIRST	16
/* The core they ask about when it is not their own. */
#define REMOTE_CORE_FIRST	32
/* States asked about in one interrupts-off window (lpar_cpus_up()). */
#define WINDOW_STATES		64
/* Mismatches printed in full before the rest are only counted. */
#define MAX_REPORTED		12
/* The oracle's rules, each with its own string. */
#define MAX_RULES		16

/*
 * Yield counts: two sets per parity, so every state is seen with counts
 * near zero, at the sign bit and at the wrap.  The second set is the
 * first moved on by a different even amount on every thread.
 */
static const u32 even_counts[] = { 0, 2, 9004, 0x7ffffffe, 0x80000000, 0xfffffffe };

#define NR_COUNTS	ARRAY_SIZE(even_counts)

static u32 yield_count_for(enum vcpu_state s, int thread, unsigned int index, int set)
{
	u32 count = even_counts[(index + thread + 3 * set) % NR_COUNTS];

	return vcpu_state_yielded(s) ? count + 1 : count;
}

/* Which states of the core a table enumerates. */
enum vcpu_rows {
	ROWS_ALL,
	ROWS_NO_IDLE_HINTED,	/* those with no thread I */
	ROWS_IDLE_HINTED,	/* those with one, each with its ceded twin */
};

/*
 * What the kernel answered in the rows one rule of the oracle decides,
 * printed once per table: a reviewer's tools compare two kernels by it
 * without printing every row.  The digest folds every answer in row
 * order, so two kernels with the same counts and digests answered alike.
 */
struct vcpu_rule_tally {
	const char *rule;
	unsigned int rows, preempted, wrong;
	u32 digest;
};

/*
 * The states of one window, in the order they are asked about, and the
 * answers of every thread: with the yield counts of one set, of the
 * other, and with the other cores' lppacas turned over.
 */
struct vcpu_window {
	unsigned int nr;
	unsigned int index[WINDOW_STATES];
	bool ceded_twin[WINDOW_STATES];
	bool first[WINDOW_STATES][VCPU_MAX_THREADS];
	bool moved[WINDOW_STATES][VCPU_MAX_THREADS];
	bool outside[WINDOW_STATES][VCPU_MAX_THREADS];
};

/* One table: a core, its hypervisor, a caller and the states enumerated. */
struct vcpu_table {
	struct kunit *test;
	struct ppc_fake *fake;
	struct vcpu_case c;
	int first_cpu;		/* the target's core */
	int caller_cpu;		/* the asking CPU */
	bool fake_caller;	/* caller_cpu's paca is in place for the calls */
	bool skip_caller_thread;	/* the online caller's lppaca is QEMU's */
	/* The target core's lppacas; NULL for the online caller's thread. */
	struct lppaca *core[VCPU_MAX_THREADS];
	/* The lppacas of CPUs outside the target's core, and what they say. */
	struct lppaca *poison[3 * VCPU_MAX_THREADS];
	int poison_cpu[3 * VCPU_MAX_THREADS];
	int nr_poison;
	bool poison_preempted;
	enum vcpu_rows rows_of;	/* which states of the core */
	unsigned int rows, value_rows, safety_rows, wrong;
	/* The CPUs of the LPAR the table names that the kernel has offline. */
	cpumask_t lpar_offline;
	/* Those of them the kernel does not have present either. */
	cpumask_t lpar_absent;
	/* The target's core, online but inactive while asked about. */
	cpumask_t core_inactive;
	struct vcpu_window window;
	struct vcpu_rule_tally tally[MAX_RULES];
	int nr_rules;
};

static void describe(const struct vcpu_table *tb, char *buf, size_t len)
{
	const struct vcpu_case *c = &tb->c;
	int t, n;

	n = scnprintf(buf, len, "SMT%d %s%s, caller CPU %d%s%s, target CPU %d%s: threads",
		      c->threads, c->shared ? "shared " : "dedicated",
		      c->shared ? (c->kvm ? "KVM" : "PowerVM") : "",
		      tb->caller_cpu, tb->fake_caller ? " (faked)" : "",
		      c->caller_on_core ? " on the core" : " on another core",
		      tb->first_cpu + c->target,
		      cpumask_empty(&tb->core_inactive) ? "" : " (its core inactive)");
	for (t = 0; t < c->threads; t++)
		n += scnprintf(buf + n, len - n, " %d:%c%s", tb->first_cpu + t,
			       vcpu_state_letter(c->state[t]),
			       t == c->target ? "(target)" :
			       c->caller_on_core && t == c->caller ? "(caller)" : "");
}

/*
 * On the machine a table models, every CPU it names belongs to a running
 * LPAR: online, active and present, whatever its lppaca says of its
 * dispatch (a code change that reads cpu_active() must see what the LPAR
 * has).  Here they are possible CPUs that never ran, so they are marked
 * only while a window of states is asked about, with interrupts
 * hard-disabled on the one online CPU (ppc_fake_begin()): no other code
 * can run and see them.  The kernel's setters mark them; a window holds
 * WINDOW_STATES states so that marking costs little beside the calls.
 * A table may keep the target's core inactive, online and present: the
 * state a CPU is in while it goes down, or while it is kept from the
 * scheduler without going offline.
 */
static void lpar_cpus_up(struct vcpu_table *tb, bool up)
{
	int cpu;

	for_each_cpu(cpu, &tb->lpar_offline) {
		if (up) {
			set_cpu_present(cpu, true);
			set_cpu_online(cpu, true);
			if (!cpumask_test_cpu(cpu, &tb->core_inactive))
				set_cpu_active(cpu, true);
		} else {
			set_cpu_active(cpu, false);
			set_cpu_online(cpu, false);
			if (cpumask_test_cpu(cpu, &tb->lpar_absent))
				set_cpu_present(cpu, false);
		}
	}
}

/* vcpu_is_preempted() of every thread of the target's core, into @preempted. */
static void answers(const struct vcpu_table *tb, bool *preempted)
{
	int t;

	for (t = 0; t < tb->c.threads; t++)
		preempted[t] = vcpu_is_preempted(tb->first_cpu + t);
}

/*
 * Real callers (the waiters spinning on a mutex or rwsem owner) ask from
 * preemptible code.  The online CPU asks so too for every state, the
 * answers unused, so that DEBUG_PREEMPT sees code that reads the
 * caller's CPU number where only preemption off allows it
 * (KCONFIG=distro, patches/7.3/regressions/03-*).
 */
static void ask_preemptible(const struct vcpu_table *tb)
{
	int t;

	for (t = 0; t < tb->c.threads; t++)
		(void)vcpu_is_preempted(tb->first_cpu + t);
}

static void write_lppaca(struct lppaca *lp, u32 yield_count, bool idle)
{
	WRITE_ONCE(lp->yield_count, cpu_to_be32(yield_count));
	WRITE_ONCE(lp->idle, idle);
}

static void inject_core(struct vcpu_table *tb, unsigned int index, int set)
{
	const struct vcpu_case *c = &tb->c;
	int t;

	for (t = 0; t < c->threads; t++)
		if (tb->core[t])
			write_lppaca(tb->core[t], yield_count_for(c->state[t], t, index, set),
				     vcpu_state_idle_hint(c->state[t]));
}

/* The CPUs outside the target's core: preempted, or dispatched. */
static void inject_poison(struct vcpu_table *tb, bool preempted)
{
	int i;

	for (i = 0; i < tb->nr_poison; i++)
		write_lppaca(tb->poison[i], 2 * tb->poison_cpu[i] + preempted, false);
	tb->poison_preempted = preempted;
}

static void add_poison_core(struct vcpu_table *tb, int first, int except)
{
	int cpu;

	if (first < 0)
		return;
	for (cpu = first; cpu < first + tb->c.threads; cpu++) {
		if (cpu == except || cpu_online(cpu))
			continue;
		tb->poison_cpu[tb->nr_poison] = cpu;
		cpumask_set_cpu(cpu, &tb->lpar_offline);
		tb->poison[tb->nr_poison] = ppc_fake_own_lppaca(tb->fake, cpu);
		KUNIT_ASSERT_NOT_NULL(tb->test, tb->poison[tb->nr_poison++]);
	}
}

static void report(struct vcpu_table *tb, const char *what, const char *rule,
		   bool expected, bool actual)
{
	char buf[256];

	if (++tb->wrong > MAX_REPORTED)
		return;
	describe(tb, buf, sizeof(buf));
	if (what)
		KUNIT_FAIL(tb->test, "%s: %s; rule %s", buf, what, rule);
	else
		KUNIT_FAIL(tb->test, "%s: expected %s, vcpu_is_preempted() says %s; rule %s",
			   buf, expected ? "preempted" : "not preempted",
			   actual ? "preempted" : "not preempted", rule);
}

static struct vcpu_rule_tally *tally_of(struct vcpu_table *tb, const char *rule)
{
	int i;

	for (i = 0; i < tb->nr_rules; i++)
		if (tb->tally[i].rule == rule)
			return &tb->tally[i];
	if (WARN_ON_ONCE(tb->nr_rules == MAX_RULES))
		return &tb->tally[MAX_RULES - 1];
	tb->tally[tb->nr_rules].rule = rule;
	tb->tally[tb->nr_rules].digest = 2166136261U;
	return &tb->tally[tb->nr_rules++];
}

/* One row: the state in tb->c for target tb->c.target, and its answers. */
static void check_row(struct vcpu_table *tb, bool first, bool moved, bool outside)
{
	struct vcpu_expect e = vcpu_oracle(&tb->c);
	struct vcpu_rule_tally *tally = tally_of(tb, e.rule);
	bool expected;

	tb->rows++;
	tally->rows++;
	tally->preempted += first;
	tally->digest = (tally->digest ^ (2 * tb->rows + first)) * 16777619U;
	if (moved != first)
		report(tb, "the answer changed when the yield counts moved on by an even amount",
		       "[H1] only the yield count's low bit means anything", first, moved);
	if (outside != moved)
		report(tb, "the answer changed with the lppacas of other cores",
		       "[P1] only the target's core tells", moved, outside);
	if (e.verdict == VCPU_SAFETY_ONLY) {
		tb->safety_rows++;
		return;
	}
	tb->value_rows++;
	expected = e.verdict == VCPU_IS_PREEMPTED;
	if (first != expected) {
		tally->wrong++;
		report(tb, NULL, e.rule, expected, first);
	}
}

/*
 * The state of the core tb->window holds at @i: tb->c's threads as the
 * state @index says, its idle-hinted threads ceded for a ceded twin: the
 * hint is the same, only the yield bit differs [H1][H2].  Where the state
 * with them dispatched is never preempted, the twin can be (a preempted
 * sibling), so the pair shows that the yield bit, not the hint, decides.
 */
static unsigned int load_state(struct vcpu_table *tb, unsigned int i)
{
	struct vcpu_case *c = &tb->c;
	int t;

	vcpu_case_decode(c, tb->window.index[i]);
	if (tb->window.ceded_twin[i])
		for (t = 0; t < c->threads; t++)
			if (c->state[t] == VCPU_IDLE_HINTED)
				c->state[t] = VCPU_CEDED;
	return tb->window.index[i];
}

/*
 * Every state of the window, written into its lppacas, asked about for
 * every thread: with the yield counts of one set, with every count moved
 * on by an even amount, and with the other cores' lppacas turned from
 * preempted to dispatched (or back: they alternate from state to state,
 * so each is written once per state).  Run as the caller, with the LPAR's
 * CPUs marked and interrupts hard-disabled (ask_window()): memory only.
 */
static void ask_states(void *arg)
{
	struct vcpu_table *tb = arg;
	struct vcpu_window *w = &tb->window;
	unsigned int i, index;

	for (i = 0; i < w->nr; i++) {
		index = load_state(tb, i);
		inject_core(tb, index, 0);
		answers(tb, w->first[i]);
		inject_core(tb, index, 1);
		answers(tb, w->moved[i]);
		inject_poison(tb, !tb->poison_preempted);
		answers(tb, w->outside[i]);
	}
}

/*
 * The states of the window, asked about as tb->caller_cpu about the LPAR
 * tb names, then each row checked.  The suite runs on the one online CPU:
 * a caller other than it asks with its own paca in place.  Interrupts
 * stay hard-disabled while the LPAR's CPUs are marked, so that no other
 * code sees them.
 */
static void ask_window(struct vcpu_table *tb)
{
	struct vcpu_window *w = &tb->window;
	struct vcpu_case *c = &tb->c;
	unsigned long flags;
	unsigned int i;

	if (!tb->fake_caller)
		for (i = 0; i < w->nr; i++) {
			inject_core(tb, load_state(tb, i), 0);
			ask_preemptible(tb);
		}
	local_irq_save(flags);
	hard_irq_disable();
	lpar_cpus_up(tb, true);
	if (tb->fake_caller)
		ppc_fake_call_as(tb->fake, tb->caller_cpu, ask_states, tb);
	else
		ask_states(tb);
	lpar_cpus_up(tb, false);
	local_irq_restore(flags);
	for (i = 0; i < w->nr; i++) {
		load_state(tb, i);
		for (c->target = 0; c->target < c->threads; c->target++) {
			if (tb->skip_caller_thread && c->target == c->caller)
				continue;
			check_row(tb, w->first[i][c->target], w->moved[i][c->target],
				  w->outside[i][c->target]);
		}
	}
	w->nr = 0;
}

static void queue_state(struct vcpu_table *tb, unsigned int index, bool ceded_twin)
{
	struct vcpu_window *w = &tb->window;

	w->index[w->nr] = index;
	w->ceded_twin[w->nr] = ceded_twin;
	if (++w->nr == WINDOW_STATES)
		ask_window(tb);
}

static bool table_wants(const struct vcpu_table *tb)
{
	switch (tb->rows_of) {
	case ROWS_NO_IDLE_HINTED:
		return !vcpu_case_has_idle_hinted(&tb->c);
	case ROWS_IDLE_HINTED:
		return vcpu_case_has_idle_hinted(&tb->c);
	default:
		return true;
	}
}

/* Every state of the core, every thread of it the target, from one caller. */
static void run_table(struct vcpu_table *tb)
{
	struct vcpu_case *c = &tb->c;
	unsigned int index;

	for (index = 0; index < vcpu_case_count(c->threads); index++) {
		vcpu_case_decode(c, index);
		/* The caller runs [H5]: no other state of its thread exists. */
		if (c->caller_on_core && vcpu_state_yielded(c->state[c->caller]))
			continue;
		if (tb->skip_caller_thread && c->state[c->caller] != VCPU_DISPATCHED)
			continue;
		if (!table_wants(tb))
			continue;
		queue_state(tb, index, false);
		if (tb->rows_of == ROWS_IDLE_HINTED)
			queue_state(tb, index, true);
	}
	if (tb->window.nr)
		ask_window(tb);
}

enum vcpu_caller {
	CALLER_ONLINE_OTHER_CORE,	/* the online CPU; the target core is another */
	CALLER_ONLINE_OWN_CORE,		/* the online CPU asks about its own core */
	CALLER_FAKE_OWN_CORE,		/* a faked CPU asks about its own core */
	CALLER_FAKE_OTHER_CORE,		/* a faked CPU asks about another core */
};

/*
 * One table, named by the parameter: @threads per core, @shared and @kvm
 * say the LPAR, @where the caller, @thread its thread number for a faked
 * caller, @rows_of which states.
 */
struct vcpu_table_spec {
	const char *name;
	int threads;
	bool shared;
	bool kvm;
	enum vcpu_caller where;
	int thread;
	enum vcpu_rows rows_of;
	bool core_inactive;	/* the target's core inactive while asked about */
};

static void vcpu_table_spec_to_desc(const struct vcpu_table_spec *spec, char *desc)
{
	strscpy(desc, spec->name, KUNIT_PARAM_DESC_SIZE);
}

static void __init check_table(struct kunit *test, const struct vcpu_table_spec *spec)
{
	struct vcpu_table *tb = kunit_kzalloc(test, sizeof(*tb), GFP_KERNEL);
	int threads = spec->threads, thread = spec->thread;
	bool shared = spec->shared, kvm = spec->kvm;
	enum vcpu_caller where = spec->where;
	struct ppc_fake_flags flags;
	int online = raw_smp_processor_id();
	int t;

	KUNIT_ASSERT_NOT_NULL(test, tb);
	tb->test = test;
	tb->fake = ppc_fake_begin(test);
	tb->c.shared = shared;
	tb->c.kvm = kvm;
	tb->c.threads = threads;
	tb->rows_of = spec->rows_of;

	ppc_fake_read_flags(&flags);
	flags.shared_processor = shared;
	flags.kvm_guest = kvm;
	ppc_fake_set_flags(tb->fake, &flags);
	ppc_fake_set_threads_per_core(tb->fake, threads);

	switch (where) {
	case CALLER_ONLINE_OTHER_CORE:
		tb->caller_cpu = online;
		tb->first_cpu = TARGET_CORE_FIRST;
		break;
	case CALLER_ONLINE_OWN_CORE:
		tb->caller_cpu = online;
		tb->first_cpu = cpu_first_thread_sibling(online);
		tb->skip_caller_thread = true;
		break;
	case CALLER_FAKE_OWN_CORE:
	case CALLER_FAKE_OTHER_CORE:
		tb->caller_cpu = CALLER_CORE_FIRST + thread;
		tb->fake_caller = true;
		tb->first_cpu = where == CALLER_FAKE_OWN_CORE ? CALLER_CORE_FIRST :
				REMOTE_CORE_FIRST;
		break;
	}
	tb->c.caller_on_core = cpu_first_thread_sibling(tb->caller_cpu) == tb->first_cpu;
	tb->c.caller = tb->caller_cpu - tb->first_cpu;
	KUNIT_ASSERT_EQ_MSG(test, tb->c.caller_on_core,
			    where == CALLER_ONLINE_OWN_CORE || where == CALLER_FAKE_OWN_CORE,
			    "CPU %d and core %d-%d: the caller is not where the table wants it",
			    tb->caller_cpu, tb->first_cpu, tb->first_cpu + threads - 1);
	KUNIT_ASSERT_TRUE_MSG(test, tb->c.caller_on_core || !cpu_online(tb->first_cpu),
			      "the target core %d-%d holds the online CPU",
			      tb->first_cpu, tb->first_cpu + threads - 1);

	for (t = 0; t < threads; t++)
		if (!tb->skip_caller_thread || t != tb->c.caller) {
			tb->core[t] = ppc_fake_own_lppaca(tb->fake, tb->first_cpu + t);
			KUNIT_ASSERT_NOT_NULL(test, tb->core[t]);
			cpumask_set_cpu(tb->first_cpu + t, &tb->lpar_offline);
		}
	/* Outside the target's core: its neighbours, and the caller's core. */
	add_poison_core(tb, tb->first_cpu - threads, -1);
	add_poison_core(tb, tb->first_cpu + threads, -1);
	if (!tb->c.caller_on_core && tb->fake_caller) {
		add_poison_core(tb, cpu_first_thread_sibling(tb->caller_cpu), tb->caller_cpu);
		ppc_fake_set_lppaca(tb->fake, tb->caller_cpu, 2 * tb->caller_cpu, false);
	}
	if (!cpu_online(tb->caller_cpu))
		cpumask_set_cpu(tb->caller_cpu, &tb->lpar_offline);
	inject_poison(tb, true);
	KUNIT_ASSERT_FALSE_MSG(test, cpumask_intersects(&tb->lpar_offline, cpu_online_mask),
			       "a CPU of the table's LPAR is online outside the calls");
	cpumask_andnot(&tb->lpar_absent, &tb->lpar_offline, cpu_present_mask);
	if (spec->core_inactive) {
		KUNIT_ASSERT_FALSE_MSG(test, tb->c.caller_on_core,
				       "an inactive core's CPU asks about it: no state of a caller");
		for (t = 0; t < threads; t++)
			cpumask_set_cpu(tb->first_cpu + t, &tb->core_inactive);
	}

	run_table(tb);
	kunit_info(test, "SMT%d %s caller CPU %d%s: %u rows, %u asserted for value, %u for safety only\n",
		   threads, shared ? (kvm ? "shared KVM" : "shared PowerVM") : "dedicated",
		   tb->caller_cpu, tb->c.caller_on_core ? " on the core" : "",
		   tb->rows, tb->value_rows, tb->safety_rows);
	for (t = 0; t < tb->nr_rules; t++)
		kunit_info(test, "answers SMT%d %s-%s caller CPU %d%s target core %d%s: rows=%u preempted=%u wrong=%u digest=%08x rule=\"%s\"\n",
			   threads, shared ? "shared" : "dedicated", kvm ? "KVM" : "PowerVM",
			   tb->caller_cpu, tb->c.caller_on_core ? " on-the-core" : "",
			   tb->first_cpu, spec->core_inactive ? " inactive" : "",
			   tb->tally[t].rows, tb->tally[t].preempted,
			   tb->tally[t].wrong, tb->tally[t].digest, tb->tally[t].rule);
	KUNIT_EXPECT_EQ_MSG(test, tb->wrong, 0U,
			    "%u of %u SMT%d rows (caller CPU %d, target core %d) break the dispatch model",
			    tb->wrong, tb->rows, threads, tb->caller_cpu, tb->first_cpu);
	KUNIT_EXPECT_GT_MSG(test, tb->value_rows, 0U, "a table with no row asserted for value");
}

#define TABLE(_name, _threads, _shared, _kvm, _where, _thread, _rows)		\
	{ .name = _name, .threads = _threads, .shared = _shared, .kvm = _kvm,	\
	  .where = CALLER_##_where, .thread = _thread, .rows_of = ROWS_##_rows }

/*
 * [H3]: a dedicated processor is never preempted, whatever its lppaca
 * says and whoever asks, under PowerVM's flags and under KVM's.
 */
static const struct vcpu_table_spec dedicated_tables[] = {
	TABLE("smt4-powervm-online-other-core", 4, false, false, ONLINE_OTHER_CORE, 0, ALL),
	TABLE("smt8-powervm-online-other-core", 8, false, false, ONLINE_OTHER_CORE, 0, ALL),
	TABLE("smt4-kvm-online-other-core", 4, false, true, ONLINE_OTHER_CORE, 0, ALL),
	TABLE("smt4-powervm-thread1-own-core", 4, false, false, FAKE_OWN_CORE, 1, ALL),
	TABLE("smt8-kvm-thread6-own-core", 8, false, true, FAKE_OWN_CORE, 6, ALL),
};

KUNIT_ARRAY_PARAM(dedicated_table, dedicated_tables, vcpu_table_spec_to_desc);

static void __init vcpu_preempted_dedicated(struct kunit *test)
{
	check_table(test, test->param_value);
}

/*
 * [H4]: KVM dispatches each vCPU on its own, so every state of a core is
 * one the hypervisor produces and only the target's lppaca tells, whether
 * the caller is on the core or not.
 */
static const struct vcpu_table_spec kvm_tables[] = {
	TABLE("smt4-online-other-core", 4, true, true, ONLINE_OTHER_CORE, 0, ALL),
	TABLE("smt4-thread0-own-core", 4, true, true, FAKE_OWN_CORE, 0, ALL),
	TABLE("smt4-thread1-own-core", 4, true, true, FAKE_OWN_CORE, 1, ALL),
	TABLE("smt4-thread2-own-core", 4, true, true, FAKE_OWN_CORE, 2, ALL),
	TABLE("smt4-thread3-own-core", 4, true, true, FAKE_OWN_CORE, 3, ALL),
	TABLE("smt8-online-other-core", 8, true, true, ONLINE_OTHER_CORE, 0, ALL),
	TABLE("smt8-thread0-own-core", 8, true, true, FAKE_OWN_CORE, 0, ALL),
	TABLE("smt8-thread5-own-core", 8, true, true, FAKE_OWN_CORE, 5, ALL),
};

KUNIT_ARRAY_PARAM(kvm_table, kvm_tables, vcpu_table_spec_to_desc);

static void __init vcpu_preempted_kvm(struct kunit *test)
{
	if (!IS_ENABLED(CONFIG_KVM_GUEST))
		kunit_skip(test, "CONFIG_KVM_GUEST is off: is_kvm_guest() is always false");
	check_table(test, test->param_value);
}

/*
 * PowerVM, the caller on another core, the threads of the target's core
 * running, ceded or preempted, none in its idle loop with the hint set.
 */
static const struct vcpu_table_spec powervm_other_core_tables[] = {
	TABLE("smt4", 4, true, false, ONLINE_OTHER_CORE, 0, NO_IDLE_HINTED),
	TABLE("smt8", 8, true, false, ONLINE_OTHER_CORE, 0, NO_IDLE_HINTED),
};

KUNIT_ARRAY_PARAM(powervm_other_core_table, powervm_other_core_tables,
		  vcpu_table_spec_to_desc);

static void __init vcpu_preempted_powervm_other_core(struct kunit *test)
{
	check_table(test, test->param_value);
}

/*
 * PowerVM, the caller on another core, at least one thread dispatched
 * with the idle hint set [H2]: it is running, so its core is dispatched,
 * and its hint says nothing about preemption.  Each such state is
 * checked with its twin, the idle-hinted threads ceded instead.
 */
static const struct vcpu_table_spec powervm_idle_not_ceded_tables[] = {
	TABLE("smt4", 4, true, false, ONLINE_OTHER_CORE, 0, IDLE_HINTED),
	TABLE("smt8", 8, true, false, ONLINE_OTHER_CORE, 0, IDLE_HINTED),
};

KUNIT_ARRAY_PARAM(powervm_idle_not_ceded_table, powervm_idle_not_ceded_tables,
		  vcpu_table_spec_to_desc);

static void __init vcpu_preempted_powervm_idle_not_ceded(struct kunit *test)
{
	check_table(test, test->param_value);
}

/*
 * PowerVM, every thread of a core in turn as the caller: about its own
 * core, which is dispatched because it runs [H5], itself included; and
 * about another core, which its position must not change (on SMT8, the
 * states with no idle-hinted thread).  Then the online CPU, its number as
 * the kernel reads it, about its own core.
 */
#define OWN(n, t)	TABLE("smt" #n "-thread" #t "-own-core", n, true, false, \
			      FAKE_OWN_CORE, t, ALL)
#define OTHER(n, t, r)	TABLE("smt" #n "-thread" #t "-other-core", n, true, false, \
			      FAKE_OTHER_CORE, t, r)

static const struct vcpu_table_spec powervm_caller_position_tables[] = {
	OWN(4, 0), OTHER(4, 0, ALL), OWN(4, 1), OTHER(4, 1, ALL),
	OWN(4, 2), OTHER(4, 2, ALL), OWN(4, 3), OTHER(4, 3, ALL),
	TABLE("smt4-online-own-core", 4, true, false, ONLINE_OWN_CORE, 0, ALL),
	OWN(8, 0), OTHER(8, 0, NO_IDLE_HINTED), OWN(8, 1), OTHER(8, 1, NO_IDLE_HINTED),
	OWN(8, 2), OTHER(8, 2, NO_IDLE_HINTED), OWN(8, 3), OTHER(8, 3, NO_IDLE_HINTED),
	OWN(8, 4), OTHER(8, 4, NO_IDLE_HINTED), OWN(8, 5), OTHER(8, 5, NO_IDLE_HINTED),
	OWN(8, 6), OTHER(8, 6, NO_IDLE_HINTED), OWN(8, 7), OTHER(8, 7, NO_IDLE_HINTED),
	TABLE("smt8-online-own-core", 8, true, false, ONLINE_OWN_CORE, 0, ALL),
};

KUNIT_ARRAY_PARAM(powervm_caller_position_table, powervm_caller_position_tables,
		  vcpu_table_spec_to_desc);

static void __init vcpu_preempted_powervm_caller_positions(struct kunit *test)
{
	check_table(test, test->param_value);
}

/*
 * The target's core online and present but inactive while asked about:
 * the state of a CPU going down, or kept from the scheduler without
 * going offline.  vcpu_is_preempted() tells whether a vCPU "is currently
 * running or not" (include/linux/sched.h); the hypervisor's dispatch
 * decides that, whether the scheduler places tasks on the CPU does not,
 * so each state answers as it does with the core active.
 */
#define INACTIVE(_name, _threads, _shared, _kvm)				\
	{ .name = _name, .threads = _threads, .shared = _shared, .kvm = _kvm,	\
	  .where = CALLER_ONLINE_OTHER_CORE, .rows_of = ROWS_ALL,		\
	  .core_inactive = true }

static const struct vcpu_table_spec inactive_core_tables[] = {
	INACTIVE("smt4-powervm", 4, true, false),
	INACTIVE("smt8-powervm", 8, true, false),
	INACTIVE("smt4-kvm", 4, true, true),
	INACTIVE("smt8-dedicated", 8, false, false),
};

KUNIT_ARRAY_PARAM(inactive_core_table, inactive_core_tables, vcpu_table_spec_to_desc);

static void __init vcpu_preempted_inactive_core(struct kunit *test)
{
	const struct vcpu_table_spec *spec = test->param_value;

	if (spec->kvm && !IS_ENABLED(CONFIG_KVM_GUEST))
		kunit_skip(test, "CONFIG_KVM_GUEST is off: is_kvm_guest() is always false");
	check_table(test, spec);
}

/*
 * Whether the partition runs on shared processors, as lparcfg and the
 * vcpudispatch_stats files ask it, from preemptible code: the answer is
 * the one boot gave the shared_processor key, and asking does not care
 * which CPU it runs on (all have the same value), so no preemption
 * debug check may fire ("powerpc/pseries: Rework lppaca_shared_proc() to
 * avoid DEBUG_PREEMPT").  The kernel report is what fails the run.
 */
static void vcpu_preempted_shared_proc_preemptible(struct kunit *test)
{
	bool shared = lppaca_shared_proc();

	KUNIT_EXPECT_EQ_MSG(test, shared, is_shared_processor(),
			    "lppaca_shared_proc() says %s; boot set up a %s partition",
			    shared ? "shared" : "dedicated",
			    is_shared_processor() ? "shared" : "dedicated");
}

/* Steal time a vcpu's lppaca reports, in milliseconds of each counter. */
struct steal_row {
	const char *name;
	u64 dispatch_ms;	/* waiting to be dispatched (enqueue_dispatch_tb) */
	u64 ready_ms;		/* ready but not dispatched (ready_enqueue_tb) */
};

static const struct steal_row steal_rows[] = {
	{ "none", 0, 0 },
	{ "dispatch-wait", 1500, 0 },
	{ "ready-wait", 0, 250 },
	{ "both", 1000, 3 },
	{ "a-day", 24 * 3600 * 1000ULL, 3600 * 1000ULL },
};

static void steal_row_to_desc(const struct steal_row *row, char *desc)
{
	strscpy(desc, row->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(steal_row, steal_rows, steal_row_to_desc);

/*
 * The steal time the scheduler takes from a vcpu, paravirt_steal_clock(),
 * is in nanoseconds (kernel/sched/cputime.c subtracts it from task time
 * in ns); the hypervisor counts it in the lppaca in timebase ticks, both
 * counters together.  Each thread of an offline core is given the row's
 * counters, scaled by its thread number so that no thread answers for
 * another, and its steal clock must be the milliseconds the counters
 * hold, to within 15 ppm and a microsecond of rounding.
 */
static void __init vcpu_preempted_steal_clock_ns(struct kunit *test)
{
#ifdef CONFIG_PARAVIRT_TIME_ACCOUNTING
	const struct steal_row *row = test->param_value;
	struct ppc_fake *fake = ppc_fake_begin(test);
	u64 ticks_per_ms = tb_ticks_per_sec / MSEC_PER_SEC;
	int cpu, thread;

	for (thread = 0; thread < 8; thread++) {
		cpu = TARGET_CORE_FIRST + thread;
		ppc_fake_set_steal(fake, cpu, row->dispatch_ms * (thread + 1) * ticks_per_ms,
				   row->ready_ms * (thread + 1) * ticks_per_ms);
	}
	for (thread = 0; thread < 8; thread++) {
		u64 ms = (row->dispatch_ms + row->ready_ms) * (thread + 1);
		u64 want = ms * NSEC_PER_MSEC;
		u64 got, off;

		cpu = TARGET_CORE_FIRST + thread;
		got = paravirt_steal_clock(cpu);
		off = got > want ? got - want : want - got;
		KUNIT_EXPECT_LE_MSG(test, off, (want >> 16) + NSEC_PER_USEC,
				    "CPU %d: steal clock %llu ns; its lppaca holds %llu ms (%llu timebase ticks at %lu Hz)",
				    cpu, got, ms, ms * ticks_per_ms, tb_ticks_per_sec);
	}
#else
	kunit_skip(test,
		   "no steal clock: CONFIG_PARAVIRT_TIME_ACCOUNTING is off (VIRT_CPU_ACCOUNTING_GEN selects it)");
#endif
}

/*
 * Kept after boot for KUnit's debugfs; __refdata because the cases are
 * __init, which an init-section suite allows (modpost would warn).
 */
static struct kunit_case __refdata vcpu_preempted_cases[] = {
	KUNIT_CASE_PARAM(vcpu_preempted_powervm_caller_positions,
			 powervm_caller_position_table_gen_params),
	KUNIT_CASE_PARAM(vcpu_preempted_powervm_idle_not_ceded,
			 powervm_idle_not_ceded_table_gen_params),
	KUNIT_CASE_PARAM(vcpu_preempted_dedicated, dedicated_table_gen_params),
	KUNIT_CASE_PARAM(vcpu_preempted_kvm, kvm_table_gen_params),
	KUNIT_CASE_PARAM(vcpu_preempted_powervm_other_core,
			 powervm_other_core_table_gen_params),
	KUNIT_CASE_PARAM(vcpu_preempted_inactive_core, inactive_core_table_gen_params),
	KUNIT_CASE(vcpu_preempted_shared_proc_preemptible),
	KUNIT_CASE_PARAM(vcpu_preempted_steal_clock_ns, steal_row_gen_params),
	{}
};

static struct kunit_suite vcpu_preempted_suite = {
	.name = "powerpc_vcpu_preempted",
	.test_cases = vcpu_preempted_cases,
};

kunit_test_init_section_suites(&vcpu_preempted_suite);
