// SPDX-License-Identifier: GPL-2.0
/*
 * Fake machine states for the powerpc topology KUnit tests; see
 * fake_state.h for the rules a session follows.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/jump_label.h>
#include <linux/log2.h>
#include <linux/mmzone.h>
#include <linux/numa.h>
#include <linux/percpu.h>
#include <linux/sched/cputime.h>
#include <linux/slab.h>
#include <linux/topology.h>
#include <linux/smp.h>
#include <linux/vmalloc.h>
#include <asm/cputhreads.h>
#include <asm/firmware.h>
#include <asm/kvm_guest.h>
#include <asm/lppaca.h>
#include <asm/paca.h>
#include <asm/paravirt.h>

#include "fake_state.h"

struct ppc_fake {
	struct kunit *test;		/* fails when a setter refuses */
	void *boot_table;		/* the installed topology table */
	struct ppc_fake_flags boot_flags;
	bool flags_changed;

	int boot_threads_per_core;
	int boot_threads_shift;
	cpumask_t boot_threads_core_mask;
	bool threads_changed;

	bool topology_built;

	/* Saved on first write, one slot per (map, CPU). */
	struct cpumask *saved_maps;
	unsigned long *map_saved;
	/*
	 * With CONFIG_CPUMASK_OFFSTACK, the mask each slot pointed to: boot
	 * allocates some maps only on machines that need them, and
	 * init_big_cores() allocates its maps again each time it runs.
	 */
	struct cpumask **boot_map;
	struct cpumask **own_map;	/* the mask a setter allocated for the slot */

	/* NUMA: saved on first write, per CPU and per node. */
	int *saved_cpu_node;
	int *saved_numa_mem;
	int *saved_numa_lookup;
	unsigned long *cpu_node_saved;
	struct cpumask *saved_node_masks;
	unsigned long *node_mask_saved;

	/* Whole lppacas of offline CPUs, saved on first write, per CPU. */
	struct lppaca **saved_lppaca;
	/* The running CPU's lppaca status byte: shared processor or not. */
	u8 boot_lppaca_status;
	bool lppaca_status_changed;

	/* Hardware thread ids, saved on first write, one slot per CPU. */
	u16 *saved_hw_id;
	unsigned long *hw_id_saved;

	/* chip_id_lookup_table, when a test replaced it. */
	int *boot_chip_ids;
	bool chip_ids_changed;

	cpumask_t boot_present;
	bool present_changed;
	/* SMT control: cpu_smt_control and cpu_smt_num_threads. */
	int boot_smt_control;
	unsigned int boot_smt_threads;
	bool smt_changed;
	unsigned long boot_features;	/* powerpc_firmware_features */
	bool features_changed;

	/* smp.c's parsed ibm,thread-groups, once a bring-up cleared them. */
	void *saved_thread_groups;
};

/* Where @cpu's @map is kept: a pointer with CONFIG_CPUMASK_OFFSTACK. */
static cpumask_var_t *map_var(enum ppc_fake_map map, int cpu)
{
	switch (map) {
	case PPC_MAP_SIBLING:
		return &per_cpu(cpu_sibling_map, cpu);
	case PPC_MAP_SMALLCORE:
		return &per_cpu(cpu_smallcore_map, cpu);
	case PPC_MAP_L2:
		return &per_cpu(cpu_l2_cache_map, cpu);
	case PPC_MAP_CORE:
		return &per_cpu(cpu_core_map, cpu);
	case PPC_MAP_COREGROUP:
		return ppc_probe_coregroup_map(cpu);
	case PPC_MAP_TG_L1:
		return &per_cpu(thread_group_l1_cache_map, cpu);
	case PPC_MAP_TG_L2:
		return &per_cpu(thread_group_l2_cache_map, cpu);
	case PPC_MAP_TG_L3:
		return &per_cpu(thread_group_l3_cache_map, cpu);
	default:
		return NULL;
	}
}

struct cpumask *ppc_fake_map_of(enum ppc_fake_map map, int cpu)
{
	cpumask_var_t *var = map_var(map, cpu);

	return var ? *var : NULL;
}

const char *ppc_fake_map_name(enum ppc_fake_map map)
{
	static const char * const names[] = {
		[PPC_MAP_SIBLING] = "cpu_sibling_map",
		[PPC_MAP_SMALLCORE] = "cpu_smallcore_map",
		[PPC_MAP_L2] = "cpu_l2_cache_map",
		[PPC_MAP_CORE] = "cpu_core_map",
		[PPC_MAP_COREGROUP] = "cpu_coregroup_map",
		[PPC_MAP_TG_L1] = "thread_group_l1_cache_map",
		[PPC_MAP_TG_L2] = "thread_group_l2_cache_map",
		[PPC_MAP_TG_L3] = "thread_group_l3_cache_map",
	};

	return map < PPC_NR_MAPS ? names[map] : "?";
}

void ppc_fake_read_flags(struct ppc_fake_flags *flags)
{
	flags->shared_processor = is_shared_processor();
	flags->kvm_guest = is_kvm_guest();
	flags->has_big_cores = has_big_cores;
	flags->shared_caches = *ppc_probe_shared_caches();
	flags->coregroup_enabled = coregroup_enabled;
	flags->thread_group_shares_l2 = thread_group_shares_l2;
	flags->thread_group_shares_l3 = thread_group_shares_l3;
#ifdef CONFIG_PARAVIRT_TIME_ACCOUNTING
	flags->steal_clock = static_key_enabled(&paravirt_steal_enabled);
	flags->steal_rq = static_key_enabled(&paravirt_steal_rq_enabled);
#endif
}

static void set_key(struct static_key_false *key, bool on)
{
	if (on)
		static_branch_enable(key);
	else
		static_branch_disable(key);
}

/* The steal keys are plain static keys, which boot increments once. */
static void __maybe_unused set_steal_key(struct static_key *key, bool on)
{
	if (on)
		static_key_enable(key);
	else
		static_key_disable(key);
}

/*
 * The hypervisor says whether the partition runs on shared processors in
 * each vcpu's lppaca, once, when the vcpu registers it; boot sets the
 * shared_processor key from the running CPU's, which lppaca_shared_proc()
 * reads again (lparcfg, the dispatch statistics).  The fake machine sets
 * both.
 */
static struct lppaca *running_lppaca(void)
{
	/*
	 * A session runs on its one online CPU: no other paca to move to,
	 * and no preemption check to make (get_lppaca() would).
	 */
	return local_paca->lppaca_ptr;
}

static void set_lppaca_shared(bool shared)
{
	u8 status = running_lppaca()->__old_status & ~LPPACA_OLD_SHARED_PROC;

	WRITE_ONCE(running_lppaca()->__old_status,
		   status | (shared ? LPPACA_OLD_SHARED_PROC : 0));
}

static void apply_flags(const struct ppc_fake_flags *flags)
{
	set_key(&shared_processor, flags->shared_processor);
#ifdef CONFIG_KVM_GUEST
	set_key(&kvm_guest, flags->kvm_guest);
#endif
	has_big_cores = flags->has_big_cores;
	*ppc_probe_shared_caches() = flags->shared_caches;
	coregroup_enabled = flags->coregroup_enabled;
	thread_group_shares_l2 = flags->thread_group_shares_l2;
	thread_group_shares_l3 = flags->thread_group_shares_l3;
#ifdef CONFIG_PARAVIRT_TIME_ACCOUNTING
	set_steal_key(&paravirt_steal_enabled, flags->steal_clock);
	set_steal_key(&paravirt_steal_rq_enabled, flags->steal_rq);
#endif
}

/*
 * A setter that cannot inject what it is asked to fails the test: a case
 * must never go on believing a state is in place when it is not.
 */
#define REFUSE(fake, cond, fmt, ...)					\
	({								\
		bool __refused = (cond);				\
		if (__refused)						\
			KUNIT_FAIL((fake)->test, "fake state refused: " fmt, ##__VA_ARGS__); \
		__refused;						\
	})

void ppc_fake_set_flags(struct ppc_fake *fake, const struct ppc_fake_flags *flags)
{
	/* Without CONFIG_KVM_GUEST, is_kvm_guest() is false at compile time. */
	if (REFUSE(fake, flags->kvm_guest && !IS_ENABLED(CONFIG_KVM_GUEST),
		   "a KVM guest, in a kernel without CONFIG_KVM_GUEST"))
		return;
	if (REFUSE(fake, (flags->steal_clock || flags->steal_rq) &&
		   !IS_ENABLED(CONFIG_PARAVIRT_TIME_ACCOUNTING),
		   "steal time accounting, in a kernel without CONFIG_PARAVIRT_TIME_ACCOUNTING"))
		return;
	fake->flags_changed = true;
	apply_flags(flags);
	fake->lppaca_status_changed = true;
	set_lppaca_shared(flags->shared_processor);
}

/* As cpu_init_thread_core_maps() derives them at boot. */
static void apply_threads(int threads, int shift, const cpumask_t *core_mask)
{
	threads_per_core = threads;
	threads_shift = shift;
	cpumask_copy(&threads_core_mask, core_mask);
}

void ppc_fake_set_threads_per_core(struct ppc_fake *fake, int threads)
{
	int i;

	if (REFUSE(fake, !is_power_of_2(threads) || threads > 8, "%d threads per core", threads))
		return;
	fake->threads_changed = true;
	apply_threads(threads, ilog2(threads), cpu_none_mask);
	/* The first core's threads, as cpu_init_thread_core_maps() sets them. */
	for (i = 0; i < threads; i++)
		cpumask_set_cpu(i, &threads_core_mask);
}

void ppc_fake_set_map(struct ppc_fake *fake, enum ppc_fake_map map, int cpu,
		      const struct cpumask *mask)
{
	unsigned int slot = map * nr_cpu_ids + cpu;

	if (REFUSE(fake, map >= PPC_NR_MAPS || cpu < 0 || cpu >= nr_cpu_ids, "map %d of CPU %d",
		   map, cpu))
		return;
	if (!test_and_set_bit(slot, fake->map_saved)) {
		cpumask_var_t *var = map_var(map, cpu);

		fake->boot_map[slot] = *var;
		/* A map the booted machine never needed: one for the test's. */
		if (!cpumask_available(*var)) {
			if (REFUSE(fake, !zalloc_cpumask_var(var, GFP_KERNEL),
				   "no memory for map %d of CPU %d", map, cpu))
				return;
			fake->own_map[slot] = *var;
		}
		if (fake->boot_map[slot])
			cpumask_copy((struct cpumask *)((char *)fake->saved_maps +
							slot * cpumask_size()),
				     ppc_fake_map_of(map, cpu));
	}
	cpumask_copy(ppc_fake_map_of(map, cpu), mask);
}

/*
 * Put each map the test wrote back as boot left it: its content, and
 * with CONFIG_CPUMASK_OFFSTACK the mask it was, freeing the one the test
 * or init_big_cores() allocated in its place.
 */
static void restore_maps(struct ppc_fake *fake)
{
	unsigned int slot;

	for_each_set_bit(slot, fake->map_saved, PPC_NR_MAPS * nr_cpu_ids) {
		cpumask_var_t *var = map_var(slot / nr_cpu_ids, slot % nr_cpu_ids);
		struct cpumask *boot = fake->boot_map[slot];

		if (IS_ENABLED(CONFIG_CPUMASK_OFFSTACK) && *var != boot) {
			if (fake->own_map[slot] && fake->own_map[slot] != *var)
				kfree(fake->own_map[slot]);
			free_cpumask_var(*var);
			memcpy(var, &boot, sizeof(boot));
		}
		if (boot)
			cpumask_copy(boot, (struct cpumask *)((char *)fake->saved_maps +
							      slot * cpumask_size()));
	}
}

/*
 * Where the kernel keeps @cpu's node, saved once: the per-CPU node id
 * cpu_to_node() reads and the nearest node with memory, which a CPU
 * coming up sets (start_secondary_topology()), and numa_cpu_lookup_table.
 */
static void save_cpu_node(struct ppc_fake *fake, int cpu)
{
	if (!test_and_set_bit(cpu, fake->cpu_node_saved)) {
		fake->saved_cpu_node[cpu] = cpu_to_node(cpu);
		fake->saved_numa_mem[cpu] = cpu_to_mem(cpu);
		fake->saved_numa_lookup[cpu] = numa_cpu_lookup_table[cpu];
	}
}

/*
 * The node firmware gives @cpu, where the kernel keeps it: the per-CPU
 * node id cpu_to_node() reads, and numa_cpu_lookup_table, which a CPU
 * coming up reads and add_cpu_to_masks() writes again.
 */
void ppc_fake_set_cpu_node(struct ppc_fake *fake, int cpu, int node)
{
	if (REFUSE(fake, cpu < 0 || cpu >= nr_cpu_ids || node < 0 || node >= MAX_NUMNODES ||
		   !node_online(node), "CPU %d in node %d, which this kernel must have online",
		   cpu, node))
		return;
	save_cpu_node(fake, cpu);
	set_cpu_numa_node(cpu, node);
	numa_cpu_lookup_table[cpu] = node;
}

/*
 * Only numa_cpu_lookup_table: what the hotplug code's node step
 * (ppc_numa_cpu_prepare()) or a DLPAR removal leaves there for a CPU
 * about to come up, while the CPU's own node id is still the old one.
 */
void ppc_fake_set_cpu_lookup_node(struct ppc_fake *fake, int cpu, int node)
{
	if (REFUSE(fake, cpu < 0 || cpu >= nr_cpu_ids || node < NUMA_NO_NODE ||
		   node >= MAX_NUMNODES || (node != NUMA_NO_NODE && !node_online(node)),
		   "CPU %d looked up in node %d, which this kernel must have online", cpu, node))
		return;
	save_cpu_node(fake, cpu);
	numa_cpu_lookup_table[cpu] = node;
}

/* cpu_to_chip_id() answers from this table, one entry per core. */
void ppc_fake_set_chip_ids(struct ppc_fake *fake, int *table)
{
	if (!fake->chip_ids_changed) {
		fake->boot_chip_ids = chip_id_lookup_table;
		fake->chip_ids_changed = true;
	}
	chip_id_lookup_table = table;
}

/*
 * smp.c's parsed thread groups as boot left them, saved once per session
 * before anything replaces them; they come back when it ends.
 */
static int __init save_boot_thread_groups(struct ppc_fake *fake)
{
	if (!fake->saved_thread_groups) {
		fake->saved_thread_groups = ppc_probe_save_thread_groups();
		if (!fake->saved_thread_groups)
			return -ENOMEM;
	}
	fake->flags_changed = true;
	return 0;
}

/*
 * Let the kernel's bring-up code compute the masks and flags of the
 * machine whose firmware is in the device tree: init_big_cores() over
 * @possible CPUs (ppc_probe_init_big_cores()), then ppc_fake_start_cpus().
 * The caller has injected the rest of the firmware's facts and cleared,
 * through the setters above, every mask the bring-up fills, so all of it
 * comes back.  Fails only if the boot thread groups cannot be saved.
 */
int __init ppc_fake_init_big_cores(struct ppc_fake *fake, const struct cpumask *possible)
{
	if (save_boot_thread_groups(fake))
		return -ENOMEM;
	ppc_probe_init_big_cores(possible);
	return 0;
}

/* Bring up the CPUs of @order, after init_big_cores(); see ppc_probe_start_cpus(). */
void __init ppc_fake_start_cpus(struct ppc_fake *fake, const int *order, int nr_order,
				struct cpumask *online)
{
	int i;

	for (i = 0; i < nr_order; i++)
		save_cpu_node(fake, order[i]);
	ppc_probe_start_cpus(fake->test, order, nr_order, online);
}

/*
 * smp.c's parsed thread groups as an earlier bring-up of the same machine
 * left them (fixture_memo.c); the boot ones come back at the end, as
 * after ppc_fake_init_big_cores().  Fails only if they cannot be saved.
 */
int __init ppc_fake_set_thread_groups(struct ppc_fake *fake, const void *groups, size_t len)
{
	if (save_boot_thread_groups(fake))
		return -ENOMEM;
	ppc_probe_load_thread_groups(groups, len);
	return 0;
}

/* Bring @cpu back after ppc_fake_take_down(); see ppc_probe_bring_up_cpu(). */
void __init ppc_fake_bring_up_cpu(struct ppc_fake *fake, int cpu, struct cpumask *online)
{
	save_cpu_node(fake, cpu);
	ppc_probe_bring_up_cpu(fake->test, cpu, online);
}

#ifdef CONFIG_HOTPLUG_CPU
/* Take @cpu down from a machine brought up above; see ppc_probe_take_down(). */
void __init ppc_fake_take_down(struct ppc_fake *fake, int cpu, struct cpumask *online)
{
	cpumask_clear_cpu(cpu, online);
	ppc_probe_take_down(fake->test, cpu, online);
}
#endif

/*
 * Which CPUs exist: the CPUs a machine's firmware describes at boot are
 * present (smp_setup_cpu_maps()), and cpu_to_l2cache() looks only for
 * the nodes of present CPUs.  Only offline CPUs change.
 */
void ppc_fake_set_present(struct ppc_fake *fake, const struct cpumask *present)
{
	int cpu;

	if (REFUSE(fake, !cpumask_subset(cpu_online_mask, present),
		   "an online CPU cannot leave cpu_present_mask"))
		return;
	if (!fake->present_changed) {
		cpumask_copy(&fake->boot_present, cpu_present_mask);
		fake->present_changed = true;
	}
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		set_cpu_present(cpu, cpumask_test_cpu(cpu, present));
}

/*
 * The SMT state ppc64_cpu --smt leaves: SMT control (enum
 * cpuhp_smt_control) and the threads per core it allows, which the
 * kernel's SMT paths and DLPAR read.  Kernels without SMT control per
 * thread count (HOTPLUG_SMT and topology_is_core_online(), 6.11) refuse.
 */
void ppc_fake_set_smt(struct ppc_fake *fake, int control, unsigned int threads)
{
#if PPC_FAKE_HAS_SMT_CONTROL
	if (REFUSE(fake, !threads || threads > threads_per_core,
		   "SMT at %u threads on a core of %d", threads, threads_per_core))
		return;
	if (!fake->smt_changed) {
		fake->boot_smt_control = cpu_smt_control;
		fake->boot_smt_threads = cpu_smt_num_threads;
		fake->smt_changed = true;
	}
	cpu_smt_control = control;
	cpu_smt_num_threads = threads;
#else
	REFUSE(fake, true, "SMT control %d at %u threads, in a kernel without it", control,
	       threads);
#endif
}

/*
 * Firmware features the machine has, where firmware_has_feature() reads
 * them: a platform that identifies coregroups answers VPHN.
 */
void ppc_fake_set_fw_feature(struct ppc_fake *fake, unsigned long feature, bool on)
{
	if (!fake->features_changed) {
		fake->boot_features = powerpc_firmware_features;
		fake->features_changed = true;
	}
	if (on)
		powerpc_firmware_features |= feature;
	else
		powerpc_firmware_features &= ~feature;
}

/* Where the boot CPU mask of @node is kept, one cpumask_size() each. */
static struct cpumask *saved_node_mask(struct ppc_fake *fake, int node)
{
	return (struct cpumask *)((char *)fake->saved_node_masks + node * cpumask_size());
}

void ppc_fake_set_node_mask(struct ppc_fake *fake, int node, const struct cpumask *mask)
{
	if (REFUSE(fake, node < 0 || node >= MAX_NUMNODES ||
		   !cpumask_available(node_to_cpumask_map[node]), "the CPU mask of node %d", node))
		return;
	if (!test_and_set_bit(node, fake->node_mask_saved))
		cpumask_copy(saved_node_mask(fake, node), node_to_cpumask_map[node]);
	cpumask_copy(node_to_cpumask_map[node], mask);
}

/*
 * The lppaca of @cpu, saved once before a setter writes it; false (and
 * the test failed) unless @cpu is an offline possible CPU, whose lppaca
 * neither the hypervisor nor an idle loop writes.
 */
static bool save_lppaca(struct ppc_fake *fake, int cpu)
{
	if (REFUSE(fake, cpu < 0 || cpu >= nr_cpu_ids || cpu_online(cpu),
		   "CPU %d is not an offline possible CPU", cpu))
		return false;
	if (!fake->saved_lppaca[cpu])
		fake->saved_lppaca[cpu] = kmemdup(&lppaca_of(cpu), sizeof(struct lppaca),
						  GFP_KERNEL);
	return !REFUSE(fake, !fake->saved_lppaca[cpu], "no memory to save CPU %d's lppaca", cpu);
}

void ppc_fake_set_lppaca(struct ppc_fake *fake, int cpu, u32 yield_count, bool idle)
{
	if (!save_lppaca(fake, cpu))
		return;
	WRITE_ONCE(lppaca_of(cpu).yield_count, cpu_to_be32(yield_count));
	WRITE_ONCE(lppaca_of(cpu).idle, idle);
}

/*
 * The hypervisor's steal-time counters of offline CPU @cpu, in timebase
 * ticks: how long its vcpu waited to be dispatched, and how long it was
 * ready but not dispatched.
 */
void ppc_fake_set_steal(struct ppc_fake *fake, int cpu, u64 dispatch_tb, u64 ready_tb)
{
	if (!save_lppaca(fake, cpu))
		return;
	WRITE_ONCE(lppaca_of(cpu).enqueue_dispatch_tb, cpu_to_be64(dispatch_tb));
	WRITE_ONCE(lppaca_of(cpu).ready_enqueue_tb, cpu_to_be64(ready_tb));
}

/*
 * The lppaca of offline CPU @cpu, saved now and restored when the test
 * ends, for a test that writes it many times: a table of states writes
 * it once per row, where the checks of ppc_fake_set_lppaca() would cost
 * more than the row.  NULL (and the test failed) if @cpu is not offline.
 */
struct lppaca *ppc_fake_own_lppaca(struct ppc_fake *fake, int cpu)
{
	ppc_fake_set_lppaca(fake, cpu, 0, false);
	if (cpu < 0 || cpu >= nr_cpu_ids || cpu_online(cpu))
		return NULL;
	return &lppaca_of(cpu);
}

/*
 * The thread-group code finds a CPU in ibm,thread-groups by its hardware
 * thread id.  Only offline CPUs: an online CPU's id routes its interrupts.
 */
void ppc_fake_set_hw_id(struct ppc_fake *fake, int cpu, int hw_id)
{
	if (REFUSE(fake, cpu < 0 || cpu >= nr_cpu_ids || cpu_online(cpu),
		   "CPU %d is not an offline possible CPU", cpu))
		return;
	if (!test_and_set_bit(cpu, fake->hw_id_saved))
		fake->saved_hw_id[cpu] = get_hard_smp_processor_id(cpu);
	set_hard_smp_processor_id(cpu, hw_id);
}

/*
 * Call @fn(@arg) as possible CPU @cpu: r13 points at @cpu's paca while
 * @fn runs, as it does while @cpu runs, so that raw_smp_processor_id(),
 * get_lppaca() and the per-CPU offset @fn reads are @cpu's.  setup_paca()
 * is the kernel's own way of saying which CPU runs.  Only with
 * interrupts hard-disabled on the one online CPU, and only for code that
 * reads and writes memory: the paca's task, stacks and stack-protector
 * canary are not the running task's, so @fn may not take a lock, print,
 * sleep or fail a KUnit assertion.  This function returns with the
 * running CPU's paca back, so its own canary check reads what it stored.
 */
void ppc_fake_call_as(struct ppc_fake *fake, int cpu, void (*fn)(void *), void *arg)
{
	/*
	 * From paca_ptrs[], not local_paca: r13 is a global register
	 * variable, whose reads GCC may move, past setup_paca() too.
	 */
	struct paca_struct *own = paca_ptrs[raw_smp_processor_id()];

	if (REFUSE(fake, cpu < 0 || cpu >= nr_cpu_ids || cpu == raw_smp_processor_id(),
		   "CPU %d is not another possible CPU", cpu) ||
	    REFUSE(fake, mfmsr() & MSR_EE, "interrupts are not hard-disabled"))
		return;
	setup_paca(paca_ptrs[cpu]);
	fn(arg);
	setup_paca(own);
	/*
	 * Not a tail call: this function's stack-protector check must read
	 * the canary of the running CPU's paca, after setup_paca(own).  As
	 * a sibling call GCC checked before it, with @cpu's paca in r13, and
	 * panicked (KASAN kernels, whose frames here carry a canary).
	 */
	barrier();
}

void __init ppc_fake_with_topology(struct ppc_fake *fake, ppc_probe_fn fn, void *ctx)
{
	fake->topology_built = true;
	ppc_probe_with_topology(fn, ctx);
}

static void fake_free(struct ppc_fake *fake)
{
	kvfree(fake->saved_maps);
	bitmap_free(fake->map_saved);
	kvfree(fake->boot_map);
	kvfree(fake->own_map);
	kvfree(fake->saved_cpu_node);
	kvfree(fake->saved_numa_mem);
	kvfree(fake->saved_numa_lookup);
	bitmap_free(fake->cpu_node_saved);
	kvfree(fake->saved_node_masks);
	bitmap_free(fake->node_mask_saved);
	kvfree(fake->saved_lppaca);
	kvfree(fake->saved_hw_id);
	bitmap_free(fake->hw_id_saved);
	kfree(fake->boot_table);
	kfree(fake);
}

static int __init fake_init(struct kunit_resource *res, void *context)
{
	struct ppc_fake *fake = kzalloc(sizeof(*fake), GFP_KERNEL);
	unsigned int slots = PPC_NR_MAPS * nr_cpu_ids;

	if (!fake)
		return -ENOMEM;
	fake->saved_maps = kvcalloc(slots, cpumask_size(), GFP_KERNEL);
	fake->map_saved = bitmap_zalloc(slots, GFP_KERNEL);
	fake->boot_map = kvcalloc(slots, sizeof(*fake->boot_map), GFP_KERNEL);
	fake->own_map = kvcalloc(slots, sizeof(*fake->own_map), GFP_KERNEL);
	fake->saved_lppaca = kvcalloc(nr_cpu_ids, sizeof(*fake->saved_lppaca), GFP_KERNEL);
	fake->saved_cpu_node = kvcalloc(nr_cpu_ids, sizeof(int), GFP_KERNEL);
	fake->saved_numa_mem = kvcalloc(nr_cpu_ids, sizeof(int), GFP_KERNEL);
	fake->saved_numa_lookup = kvcalloc(nr_cpu_ids, sizeof(int), GFP_KERNEL);
	fake->cpu_node_saved = bitmap_zalloc(nr_cpu_ids, GFP_KERNEL);
	fake->saved_node_masks = kvcalloc(MAX_NUMNODES, cpumask_size(), GFP_KERNEL);
	fake->node_mask_saved = bitmap_zalloc(MAX_NUMNODES, GFP_KERNEL);
	fake->saved_hw_id = kvcalloc(nr_cpu_ids, sizeof(u16), GFP_KERNEL);
	fake->hw_id_saved = bitmap_zalloc(nr_cpu_ids, GFP_KERNEL);
	fake->boot_table = ppc_probe_save_table();
	if (!fake->saved_maps || !fake->map_saved || !fake->boot_map || !fake->own_map ||
	    !fake->saved_lppaca || !fake->saved_cpu_node ||
	    !fake->saved_numa_lookup || !fake->saved_numa_mem ||
	    !fake->cpu_node_saved || !fake->saved_node_masks || !fake->node_mask_saved ||
	    !fake->saved_hw_id || !fake->hw_id_saved || !fake->boot_table) {
		fake_free(fake);
		return -ENOMEM;
	}

	ppc_fake_read_flags(&fake->boot_flags);
	fake->boot_lppaca_status = running_lppaca()->__old_status;
	fake->boot_threads_per_core = threads_per_core;
	fake->boot_threads_shift = threads_shift;
	cpumask_copy(&fake->boot_threads_core_mask, &threads_core_mask);

	/* No CPU may come online and see the fake state. */
	cpu_hotplug_disable();
	res->data = fake;
	return 0;
}

static void __init fake_release(struct kunit_resource *res)
{
	struct ppc_fake *fake = res->data;
	unsigned int slot;
	int cpu;

	if (fake->features_changed)
		powerpc_firmware_features = fake->boot_features;
	if (fake->present_changed)
		for (cpu = 0; cpu < nr_cpu_ids; cpu++)
			set_cpu_present(cpu, cpumask_test_cpu(cpu, &fake->boot_present));
	if (fake->saved_thread_groups)
		ppc_probe_restore_thread_groups(fake->saved_thread_groups);
	if (fake->chip_ids_changed)
		chip_id_lookup_table = fake->boot_chip_ids;

	restore_maps(fake);

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (fake->saved_lppaca[cpu]) {
			memcpy(&lppaca_of(cpu), fake->saved_lppaca[cpu], sizeof(struct lppaca));
			kfree(fake->saved_lppaca[cpu]);
		}

	for_each_set_bit(cpu, fake->hw_id_saved, nr_cpu_ids)
		set_hard_smp_processor_id(cpu, fake->saved_hw_id[cpu]);

	for_each_set_bit(cpu, fake->cpu_node_saved, nr_cpu_ids) {
		set_cpu_numa_node(cpu, fake->saved_cpu_node[cpu]);
		set_cpu_numa_mem(cpu, fake->saved_numa_mem[cpu]);
		numa_cpu_lookup_table[cpu] = fake->saved_numa_lookup[cpu];
	}
	for_each_set_bit(slot, fake->node_mask_saved, MAX_NUMNODES)
		cpumask_copy(node_to_cpumask_map[slot], saved_node_mask(fake, slot));

#if PPC_FAKE_HAS_SMT_CONTROL
	if (fake->smt_changed) {
		cpu_smt_control = fake->boot_smt_control;
		cpu_smt_num_threads = fake->boot_smt_threads;
	}
#endif
	if (fake->threads_changed)
		apply_threads(fake->boot_threads_per_core, fake->boot_threads_shift,
			      &fake->boot_threads_core_mask);
	if (fake->flags_changed)
		apply_flags(&fake->boot_flags);
	if (fake->lppaca_status_changed)
		WRITE_ONCE(running_lppaca()->__old_status, fake->boot_lppaca_status);

	/* Static keys the table builder set follow the boot state again. */
	if (fake->topology_built)
		ppc_probe_rebuild_boot_topology(fake->boot_table);

	cpu_hotplug_enable();
	fake_free(fake);
}

/*
 * Another online CPU could run while the machine is faked: the state is
 * written where every CPU reads it.  Not this kernel's failure: the test
 * skips.
 */
void ppc_fake_require_one_cpu(struct kunit *test)
{
	if (num_online_cpus() != 1)
		kunit_skip(test,
			   "%u CPUs online: a fake machine state needs one, so that no other CPU can see it (boot with -smp 1)",
			   num_online_cpus());
}

struct ppc_fake * __init ppc_fake_begin(struct kunit *test)
{
	struct ppc_fake *fake;

	ppc_fake_require_one_cpu(test);
	fake = kunit_alloc_resource(test, fake_init, fake_release, GFP_KERNEL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, fake, "cannot allocate the fake-state snapshot");
	fake->test = test;
	return fake;
}

static bool fake_match(struct kunit *test, struct kunit_resource *res, void *fake)
{
	return res->data == fake;
}

/*
 * End a session before its test does, restoring the boot state, for a
 * test that brings up several machines in turn.
 */
void __init ppc_fake_end(struct ppc_fake *fake)
{
	struct kunit *test = fake->test;

	KUNIT_EXPECT_EQ_MSG(test, kunit_destroy_resource(test, fake_match, fake), 0,
			    "the fake-state session is not the test's");
}
