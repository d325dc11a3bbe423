// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the fake-state helpers: what they inject is what the
 * kernel sees, and the boot state is back afterwards whether the test
 * passed or failed an assertion midway.
 *
 * The "midway" cases run an inner test in its own KUnit try-catch, as
 * lib/kunit/kunit-test.c does: it injects a full fake state, checks the
 * kernel sees it, fails an assertion on purpose, and the outer case runs
 * the inner test's cleanup and compares everything with the boot state.
 */

#include <kunit/test.h>
#include <kunit/try-catch.h>
#include <linux/cpumask.h>
#include <linux/jiffies.h>
#include <linux/mmzone.h>
#include <linux/of.h>
#include <linux/percpu.h>
#include <linux/sched/topology.h>
#include <linux/smp.h>
#include <linux/vmalloc.h>
#include <asm/cputhreads.h>
#include <asm/firmware.h>
#include <asm/kvm_guest.h>
#include <asm/lppaca.h>
#include <asm/paca.h>
#include <asm/paravirt.h>

#include "fake_state.h"
#include "fixture_memo.h"
#include "fixture_state.h"

/*
 * The machine a session brings up on top of the injected state: two
 * nodes, big cores, L2 nodes, chip ids, so that every kind of firmware
 * input and every mask the bring-up writes is exercised.
 */
#define FAKE_MACHINE	"p9-bigcore-64"
#define FAKE_MACHINE_NODE1_CPU	32	/* QEMU boots every CPU in node 0 */

/* An offline SMT8 core that the injected masks and lppacas describe. */
#define FAKE_CORE_FIRST	8
#define FAKE_THREADS	8
#define FAKE_TARGET	9

/* Everything a session may change, as the kernel reads it. */
struct observed_state {
	struct ppc_fake_flags flags;
	int threads_per_core;
	int threads_shift;
	cpumask_t threads_core_mask;
	struct ppc_probe_topology table;
	int asym_priority[2 * FAKE_THREADS];
	u32 yield_count[FAKE_THREADS];	/* in CPU byte order */
	u8 idle[FAKE_THREADS];
	u64 steal_tb[FAKE_THREADS][2];	/* enqueue_dispatch_tb, ready_enqueue_tb */
	int hw_id[FAKE_THREADS];
	struct cpumask *maps;		/* PPC_NR_MAPS x nr_cpu_ids */
	unsigned long *map_absent;	/* the maps boot never allocated */
	/* what a fixture's bring-up writes besides the maps */
	int *node;			/* cpu_to_node(), nr_cpu_ids */
	int *mem_node;			/* cpu_to_mem(), nr_cpu_ids */
	int *numa_lookup;		/* numa_cpu_lookup_table, nr_cpu_ids */
	struct cpumask *node_masks;	/* node_to_cpumask_map, MAX_NUMNODES */
	int *chip_ids;			/* chip_id_lookup_table */
	cpumask_t present;		/* cpu_present_mask */
	unsigned long fw_features;	/* powerpc_firmware_features */
	int nr_cpu_nodes;		/* /cpus nodes in the device tree */
	void *thread_groups;		/* smp.c's tgl[] */
};

static struct cpumask *observed_map(struct observed_state *s, int map, int cpu)
{
	return (struct cpumask *)((char *)s->maps + (map * nr_cpu_ids + cpu) * cpumask_size());
}

static struct cpumask *observed_node_mask(struct observed_state *s, int node)
{
	return (struct cpumask *)((char *)s->node_masks + node * cpumask_size());
}

static void __init observe(struct kunit *test, struct observed_state *s)
{
	struct device_node *np;
	int map, cpu, i;

	ppc_fake_read_flags(&s->flags);
	s->threads_per_core = threads_per_core;
	s->threads_shift = threads_shift;
	cpumask_copy(&s->threads_core_mask, &threads_core_mask);
	ppc_probe_describe_installed(&s->table);
	for (i = 0; i < ARRAY_SIZE(s->asym_priority); i++)
		s->asym_priority[i] = arch_asym_cpu_priority(FAKE_CORE_FIRST + i);
	for (i = 0; i < FAKE_THREADS; i++) {
		s->yield_count[i] = be32_to_cpu(lppaca_of(FAKE_CORE_FIRST + i).yield_count);
		s->idle[i] = lppaca_of(FAKE_CORE_FIRST + i).idle;
		s->steal_tb[i][0] = be64_to_cpu(lppaca_of(FAKE_CORE_FIRST + i).enqueue_dispatch_tb);
		s->steal_tb[i][1] = be64_to_cpu(lppaca_of(FAKE_CORE_FIRST + i).ready_enqueue_tb);
		s->hw_id[i] = get_hard_smp_processor_id(FAKE_CORE_FIRST + i);
	}
	s->maps = kunit_kzalloc(test, PPC_NR_MAPS * nr_cpu_ids * cpumask_size(), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s->maps);
	s->map_absent = kunit_kzalloc(test, BITS_TO_LONGS(PPC_NR_MAPS * nr_cpu_ids) *
				      sizeof(long), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s->map_absent);
	/* With CONFIG_CPUMASK_OFFSTACK, boot allocates only the maps it needs. */
	for (map = 0; map < PPC_NR_MAPS; map++)
		for_each_possible_cpu(cpu) {
			if (ppc_fake_map_of(map, cpu))
				cpumask_copy(observed_map(s, map, cpu), ppc_fake_map_of(map, cpu));
			else
				__set_bit(map * nr_cpu_ids + cpu, s->map_absent);
		}

	s->node = kunit_kcalloc(test, nr_cpu_ids, sizeof(int), GFP_KERNEL);
	s->mem_node = kunit_kcalloc(test, nr_cpu_ids, sizeof(int), GFP_KERNEL);
	s->numa_lookup = kunit_kcalloc(test, nr_cpu_ids, sizeof(int), GFP_KERNEL);
	s->node_masks = kunit_kzalloc(test, MAX_NUMNODES * cpumask_size(), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s->node);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s->mem_node);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s->numa_lookup);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s->node_masks);
	for_each_possible_cpu(cpu) {
		s->node[cpu] = cpu_to_node(cpu);
		s->mem_node[cpu] = cpu_to_mem(cpu);
		s->numa_lookup[cpu] = numa_cpu_lookup_table[cpu];
	}
	for (i = 0; i < MAX_NUMNODES; i++)
		if (cpumask_available(node_to_cpumask_map[i]))
			cpumask_copy(observed_node_mask(s, i), node_to_cpumask_map[i]);
	s->chip_ids = chip_id_lookup_table;
	cpumask_copy(&s->present, cpu_present_mask);
	s->fw_features = powerpc_firmware_features;
	s->nr_cpu_nodes = 0;
	for_each_of_cpu_node(np)
		s->nr_cpu_nodes++;
	s->thread_groups = kunit_kzalloc(test, ppc_probe_thread_groups_size(), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s->thread_groups);
	ppc_probe_copy_thread_groups(s->thread_groups);
}

/* One value of the state after a test against the boot state's. */
static void __init expect_same(struct kunit *test, int after, int boot, const char *what)
{
	KUNIT_EXPECT_EQ_MSG(test, after, boot, "%s differs from the boot state", what);
}

static void __init expect_boot_state(struct kunit *test, struct observed_state *boot,
				     struct observed_state *after)
{
	int map, cpu, i;

	expect_same(test, after->flags.shared_processor, boot->flags.shared_processor,
		    "flags.shared_processor");
	expect_same(test, after->flags.kvm_guest, boot->flags.kvm_guest, "flags.kvm_guest");
	expect_same(test, after->flags.has_big_cores, boot->flags.has_big_cores,
		    "flags.has_big_cores");
	expect_same(test, after->flags.shared_caches, boot->flags.shared_caches,
		    "flags.shared_caches");
	expect_same(test, after->flags.coregroup_enabled, boot->flags.coregroup_enabled,
		    "flags.coregroup_enabled");
	expect_same(test, after->flags.thread_group_shares_l2, boot->flags.thread_group_shares_l2,
		    "flags.thread_group_shares_l2");
	expect_same(test, after->flags.thread_group_shares_l3, boot->flags.thread_group_shares_l3,
		    "flags.thread_group_shares_l3");
	expect_same(test, after->threads_per_core, boot->threads_per_core, "threads_per_core");
	expect_same(test, after->threads_shift, boot->threads_shift, "threads_shift");
	KUNIT_EXPECT_TRUE_MSG(test,
			      cpumask_equal(&after->threads_core_mask, &boot->threads_core_mask),
			      "threads_core_mask is %*pbl, boot had %*pbl",
			      cpumask_pr_args(&after->threads_core_mask),
			      cpumask_pr_args(&boot->threads_core_mask));

	expect_same(test, after->table.nr_levels, boot->table.nr_levels, "table.nr_levels");
	for (i = 0; i < boot->table.nr_levels && i < after->table.nr_levels; i++) {
		KUNIT_EXPECT_PTR_EQ_MSG(test, after->table.level[i].mask_fn,
					boot->table.level[i].mask_fn,
					"topology level %d (%s) mask",
					i, boot->table.level[i].name);
		KUNIT_EXPECT_EQ_MSG(test, after->table.level[i].flags,
				    boot->table.level[i].flags,
				    "topology level %d (%s) flags", i, boot->table.level[i].name);
	}
	for (i = 0; i < ARRAY_SIZE(boot->asym_priority); i++)
		KUNIT_EXPECT_EQ_MSG(test, after->asym_priority[i], boot->asym_priority[i],
				    "arch_asym_cpu_priority(%d)", FAKE_CORE_FIRST + i);
	for (i = 0; i < FAKE_THREADS; i++) {
		expect_same(test, after->yield_count[i], boot->yield_count[i], "yield_count[i]");
		expect_same(test, after->idle[i], boot->idle[i], "idle[i]");
		expect_same(test, after->steal_tb[i][0], boot->steal_tb[i][0],
			    "enqueue_dispatch_tb[i]");
		expect_same(test, after->steal_tb[i][1], boot->steal_tb[i][1],
			    "ready_enqueue_tb[i]");
		expect_same(test, after->hw_id[i], boot->hw_id[i], "hw_id[i]");
	}
	for (map = 0; map < PPC_NR_MAPS; map++) {
		for_each_possible_cpu(cpu) {
			struct cpumask *a = observed_map(after, map, cpu);
			struct cpumask *b = observed_map(boot, map, cpu);

			int slot = map * nr_cpu_ids + cpu;

			KUNIT_EXPECT_TRUE_MSG(test, cpumask_equal(a, b),
					      "CPU %d %s is %*pbl, boot had %*pbl", cpu,
					      ppc_fake_map_name(map), cpumask_pr_args(a),
					      cpumask_pr_args(b));
			KUNIT_EXPECT_EQ_MSG(test, test_bit(slot, after->map_absent),
					    test_bit(slot, boot->map_absent),
					    "CPU %d %s is %s, boot had %s", cpu,
					    ppc_fake_map_name(map),
					    test_bit(slot, after->map_absent) ? "absent" :
										"allocated",
					    test_bit(slot, boot->map_absent) ? "none" : "one");
		}
	}
	for_each_possible_cpu(cpu) {
		expect_same(test, after->node[cpu], boot->node[cpu], "node[cpu]");
		expect_same(test, after->mem_node[cpu], boot->mem_node[cpu], "mem_node[cpu]");
		expect_same(test, after->numa_lookup[cpu], boot->numa_lookup[cpu],
			    "numa_lookup[cpu]");
	}
	for (i = 0; i < MAX_NUMNODES; i++)
		KUNIT_EXPECT_TRUE_MSG(test, cpumask_equal(observed_node_mask(after, i),
							  observed_node_mask(boot, i)),
				      "node %d's CPU mask is %*pbl, boot had %*pbl", i,
				      cpumask_pr_args(observed_node_mask(after, i)),
				      cpumask_pr_args(observed_node_mask(boot, i)));
	KUNIT_EXPECT_PTR_EQ_MSG(test, after->chip_ids, boot->chip_ids,
				"chip_id_lookup_table differs from the boot state");
	KUNIT_EXPECT_TRUE_MSG(test, cpumask_equal(&after->present, &boot->present),
			      "cpu_present_mask is %*pbl, boot had %*pbl",
			      cpumask_pr_args(&after->present), cpumask_pr_args(&boot->present));
	KUNIT_EXPECT_EQ_MSG(test, after->fw_features, boot->fw_features,
			    "powerpc_firmware_features is %#lx, boot had %#lx",
			    after->fw_features, boot->fw_features);
	KUNIT_EXPECT_EQ_MSG(test, after->nr_cpu_nodes, boot->nr_cpu_nodes,
			    "the device tree has %d cpu nodes, boot had %d",
			    after->nr_cpu_nodes, boot->nr_cpu_nodes);
	KUNIT_EXPECT_EQ_MSG(test, ppc_probe_compare_thread_groups(boot->thread_groups), 0,
			    "smp.c's parsed ibm,thread-groups differ from the boot state");
}

static const struct ppc_fixture * __init fake_machine(void)
{
	int i;

	for (i = 0; i < PPC_NR_FIXTURES; i++)
		if (!strcmp(ppc_fixtures[i]->name, FAKE_MACHINE))
			return ppc_fixtures[i];
	return NULL;
}

/* A state unlike any boot state: every flag and mask differs from boot. */
static void __init inject_everything(struct kunit *test, struct ppc_fake *fake,
				     const struct ppc_fake_flags *boot)
{
	struct ppc_fake_flags flags = {
		.shared_processor = !boot->shared_processor,
		.kvm_guest = IS_ENABLED(CONFIG_KVM_GUEST) && !boot->kvm_guest,
		.has_big_cores = !boot->has_big_cores,
		.shared_caches = !boot->shared_caches,
		.coregroup_enabled = !boot->coregroup_enabled,
		.thread_group_shares_l2 = !boot->thread_group_shares_l2,
		.thread_group_shares_l3 = !boot->thread_group_shares_l3,
	};
	struct cpumask *core = fixture_mask(test), *m = fixture_mask(test);
	int map, cpu;

	ppc_fake_set_flags(fake, &flags);
	ppc_fake_set_threads_per_core(fake, threads_per_core == FAKE_THREADS ? 4 : FAKE_THREADS);

	for (cpu = FAKE_CORE_FIRST; cpu < FAKE_CORE_FIRST + FAKE_THREADS; cpu++)
		cpumask_set_cpu(cpu, core);
	for (map = 0; map < PPC_NR_MAPS; map++) {
		for (cpu = FAKE_CORE_FIRST; cpu < FAKE_CORE_FIRST + FAKE_THREADS; cpu++) {
			/* A map boot never allocated is empty to the kernel. */
			cpumask_xor(m, core, ppc_fake_map_of(map, cpu) ?: cpu_none_mask);
			ppc_fake_set_map(fake, map, cpu, m);
		}
	}
	for (cpu = FAKE_CORE_FIRST; cpu < FAKE_CORE_FIRST + FAKE_THREADS; cpu++)
		ppc_fake_set_lppaca(fake, cpu, be32_to_cpu(lppaca_of(cpu).yield_count) + 1,
				    !lppaca_of(cpu).idle);
	for (cpu = FAKE_CORE_FIRST; cpu < FAKE_CORE_FIRST + FAKE_THREADS; cpu++)
		ppc_fake_set_steal(fake, cpu,
				   be64_to_cpu(lppaca_of(cpu).enqueue_dispatch_tb) + cpu,
				   be64_to_cpu(lppaca_of(cpu).ready_enqueue_tb) + 2 * cpu);
	for (cpu = FAKE_CORE_FIRST; cpu < FAKE_CORE_FIRST + FAKE_THREADS; cpu++)
		ppc_fake_set_hw_id(fake, cpu, get_hard_smp_processor_id(cpu) ^ 0x100);
}

static void __init note_topology(void *ctx, const struct ppc_probe_topology *topo)
{
	*(int *)ctx = topo->nr_levels;
}

struct inner_run {
	struct kunit inner;
	struct observed_state *boot;
	bool fail_on_purpose;
	bool injected_seen;
};

static void __init inner_body(void *data)
{
	struct inner_run *run = data;
	struct kunit *test = &run->inner;
	struct ppc_fake *fake;
	struct ppc_fake_flags now;
	int levels = 0;

	/* As KUnit's own runner does, for the static stubs to find the test. */
	current->kunit_test = test;
	fake = ppc_fake_begin(test);

	inject_everything(test, fake, &run->boot->flags);
	KUNIT_ASSERT_NOT_NULL_MSG(test, fake_machine(), "no fixture " FAKE_MACHINE);
	fixture_bring_up(test, fake, fake_machine());
	ppc_fake_with_topology(fake, note_topology, &levels);

	/* The injection must have taken, or "restored" proves nothing. */
	ppc_fake_read_flags(&now);
	run->injected_seen = levels > 0 &&
		now.shared_processor != run->boot->flags.shared_processor &&
		now.has_big_cores != run->boot->flags.has_big_cores &&
		threads_per_core != run->boot->threads_per_core &&
		be32_to_cpu(lppaca_of(FAKE_TARGET).yield_count) !=
			run->boot->yield_count[FAKE_TARGET - FAKE_CORE_FIRST] &&
		get_hard_smp_processor_id(FAKE_TARGET) !=
			run->boot->hw_id[FAKE_TARGET - FAKE_CORE_FIRST] &&
		chip_id_lookup_table != run->boot->chip_ids &&
		cpu_to_node(FAKE_MACHINE_NODE1_CPU) != run->boot->node[FAKE_MACHINE_NODE1_CPU] &&
		ppc_probe_compare_thread_groups(run->boot->thread_groups);

	KUNIT_ASSERT_FALSE_MSG(test, run->fail_on_purpose,
			       "deliberate failure with a fake state in place; the outer case checks it is undone");
}

static void __init inner_catch(void *data)
{
}

/*
 * An inner case run by hand, as the KUnit runner runs one.  Since 6.18 a
 * try-catch waits for its try as long as its timeout field says, which
 * the runner fills in for its own cases (CONFIG_KUNIT_DEFAULT_TIMEOUT):
 * left at zero, the wait ends at once and the try is stopped, often
 * before it ran.
 */
static void __init inner_try_catch_init(struct kunit *inner, kunit_try_catch_func_t try)
{
	inner->try_catch.test = inner;
	inner->try_catch.try = try;
	inner->try_catch.catch = inner_catch;
#ifdef CONFIG_KUNIT_DEFAULT_TIMEOUT
	inner->try_catch.timeout = CONFIG_KUNIT_DEFAULT_TIMEOUT * msecs_to_jiffies(MSEC_PER_SEC);
#endif
}

static void __init run_inner_and_check(struct kunit *test, bool fail_on_purpose)
{
	struct observed_state *boot = kunit_kzalloc(test, sizeof(*boot), GFP_KERNEL);
	struct observed_state *after = kunit_kzalloc(test, sizeof(*after), GFP_KERNEL);
	struct inner_run *run = kunit_kzalloc(test, sizeof(*run), GFP_KERNEL);

	/* The inner test would skip, and nothing would be shown restored. */
	ppc_fake_require_one_cpu(test);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, boot);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, after);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, run);
	observe(test, boot);

	kunit_init_test(&run->inner, "fake_state_inner", NULL);
	run->boot = boot;
	run->fail_on_purpose = fail_on_purpose;
	inner_try_catch_init(&run->inner, inner_body);
	kunit_try_catch_run(&run->inner.try_catch, run);

	KUNIT_EXPECT_TRUE_MSG(test, run->injected_seen,
			      "the inner test did not see its fake state");
	KUNIT_EXPECT_EQ_MSG(test, run->inner.status,
			    fail_on_purpose ? KUNIT_FAILURE : KUNIT_SUCCESS,
			    "inner test status");

	/* What KUnit does after every case: release its resources. */
	kunit_cleanup(&run->inner);

	observe(test, after);
	expect_boot_state(test, boot, after);
}

static void __init fake_state_restored_after_failed_assertion(struct kunit *test)
{
	run_inner_and_check(test, true);
}

static void __init fake_state_restored_after_passing_test(struct kunit *test)
{
	run_inner_and_check(test, false);
}

/* What code run as another CPU reads of the CPU it runs on. */
struct running_cpu {
	int cpu;
	struct lppaca *lppaca;
	void *this_cpu;
};

static DEFINE_PER_CPU(int, running_cpu_probe);

static void __init record_running_cpu(void *data)
{
	struct running_cpu *seen = data;

	seen->cpu = raw_smp_processor_id();
	seen->lppaca = local_paca->lppaca_ptr;
	seen->this_cpu = raw_cpu_ptr(&running_cpu_probe);
}

/* What a setter injects is what the kernel's own accessors return. */
static void __init fake_state_seen_by_kernel(struct kunit *test)
{
	struct ppc_fake *fake = ppc_fake_begin(test);
	struct ppc_fake_flags flags = {
		.shared_processor = true,
		.kvm_guest = IS_ENABLED(CONFIG_KVM_GUEST),
		.has_big_cores = true,
		.coregroup_enabled = true,
	};
	struct cpumask *sib = fixture_mask(test);
	struct running_cpu seen = { .cpu = -1 };
	unsigned long irqs;
	int cpu;

	ppc_fake_set_flags(fake, &flags);
	KUNIT_EXPECT_TRUE(test, is_shared_processor());
	KUNIT_EXPECT_EQ(test, is_kvm_guest(), IS_ENABLED(CONFIG_KVM_GUEST));
	flags.shared_processor = false;
	flags.kvm_guest = false;
	ppc_fake_set_flags(fake, &flags);
	KUNIT_EXPECT_FALSE(test, is_shared_processor());
	KUNIT_EXPECT_FALSE(test, is_kvm_guest());

	ppc_fake_set_threads_per_core(fake, 8);
	KUNIT_EXPECT_EQ(test, cpu_first_thread_sibling(13), 8);
	KUNIT_EXPECT_EQ(test, cpu_thread_in_core(13), 5);
	ppc_fake_set_threads_per_core(fake, 4);
	KUNIT_EXPECT_EQ(test, cpu_first_thread_sibling(13), 12);
	KUNIT_EXPECT_EQ(test, cpu_thread_in_core(13), 1);

	cpumask_clear(sib);
	for (cpu = 8; cpu < 16; cpu += 2)
		cpumask_set_cpu(cpu, sib);
	ppc_fake_set_map(fake, PPC_MAP_SIBLING, 10, sib);
	ppc_fake_set_map(fake, PPC_MAP_SMALLCORE, 10, sib);
	KUNIT_EXPECT_TRUE_MSG(test, cpumask_equal(cpu_smt_mask(10), sib),
			      "cpu_smt_mask(10) is %*pbl, injected %*pbl",
			      cpumask_pr_args(cpu_smt_mask(10)), cpumask_pr_args(sib));
	KUNIT_EXPECT_TRUE_MSG(test, cpumask_equal(cpu_smallcore_mask(10), sib),
			      "cpu_smallcore_mask(10) is %*pbl, injected %*pbl",
			      cpumask_pr_args(cpu_smallcore_mask(10)), cpumask_pr_args(sib));

	ppc_fake_set_lppaca(fake, FAKE_TARGET, 7, true);
	KUNIT_EXPECT_EQ(test, yield_count_of(FAKE_TARGET), 7U);
	KUNIT_EXPECT_EQ(test, (int)lppaca_of(FAKE_TARGET).idle, 1);
	ppc_fake_set_lppaca(fake, FAKE_TARGET, 10, false);
	KUNIT_EXPECT_EQ(test, yield_count_of(FAKE_TARGET), 10U);
	KUNIT_EXPECT_EQ(test, (int)lppaca_of(FAKE_TARGET).idle, 0);

	ppc_fake_set_hw_id(fake, FAKE_TARGET, 0x1234);
	KUNIT_EXPECT_EQ(test, get_hard_smp_processor_id(FAKE_TARGET), 0x1234);

	local_irq_save(irqs);
	hard_irq_disable();
	ppc_fake_call_as(fake, FAKE_TARGET, record_running_cpu, &seen);
	local_irq_restore(irqs);
	KUNIT_EXPECT_EQ(test, seen.cpu, FAKE_TARGET);
	KUNIT_EXPECT_PTR_EQ(test, seen.lppaca, &lppaca_of(FAKE_TARGET));
	KUNIT_EXPECT_PTR_EQ(test, seen.this_cpu, per_cpu_ptr(&running_cpu_probe, FAKE_TARGET));
	record_running_cpu(&seen);
	KUNIT_EXPECT_EQ(test, seen.cpu, raw_smp_processor_id());
}

static void __init refused_body(void *data)
{
	struct kunit *test = data;
	struct ppc_fake *fake = ppc_fake_begin(test);

	/* The running CPU's lppaca is the hypervisor's: refused. */
	ppc_fake_set_lppaca(fake, raw_smp_processor_id(), 1, false);
}

/* A setter that refuses an injection fails the test that asked for it. */
static void __init fake_state_refusal_fails_the_test(struct kunit *test)
{
	struct kunit *inner = kunit_kzalloc(test, sizeof(*inner), GFP_KERNEL);

	/* A skip is not the failure asserted below. */
	ppc_fake_require_one_cpu(test);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, inner);
	kunit_init_test(inner, "fake_state_refused", NULL);
	inner_try_catch_init(inner, refused_body);
	kunit_try_catch_run(&inner->try_catch, inner);
	KUNIT_EXPECT_EQ_MSG(test, inner->status, KUNIT_FAILURE,
			    "injecting the running CPU's lppaca did not fail the test");
	kunit_cleanup(inner);
}

/*
 * Kept after boot for KUnit's debugfs; __refdata because the cases are
 * __init, which an init-section suite allows (modpost would warn).
 */
static struct kunit_case __refdata fake_state_cases[] = {
	KUNIT_CASE(fake_state_seen_by_kernel),
	KUNIT_CASE(fake_state_restored_after_passing_test),
	KUNIT_CASE(fake_state_restored_after_failed_assertion),
	KUNIT_CASE(fake_state_refusal_fails_the_test),
	{}
};

static struct kunit_suite fake_state_suite = {
	.name = "powerpc_fake_topology",
	.test_cases = fake_state_cases,
	.suite_exit = fixture_memo_suite_exit,
};

kunit_test_init_section_suites(&fake_state_suite);
