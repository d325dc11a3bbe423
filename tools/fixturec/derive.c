// SPDX-License-Identifier: GPL-2.0
/*
 * Derive, from a checked description alone and never from kernel code,
 * what the KUnit suites compare the kernel's masks with: each CPU's
 * core, L1 group, L2 set, coregroup, chip and the levels that stay for
 * it, and the machine's levels with their flags.
 *
 * Sources, each cited again where its rule is written:
 *  - the "powerpc/smp: shared-processor asym packing" series (seeds/000):
 *    "Enable Asym packing for cores on shared processor" (pack at core
 *    granularity above the small core), "Disable MC domain for shared
 *    processor", "Dynamically build Powerpc topology" (no level the
 *    scheduler would throw away);
 *  - the scheduler's degeneration rule (sd_degenerate() and
 *    sd_parent_degenerate()): a level spanning no more CPUs than the one
 *    below it is dropped;
 *  - PAPR's ibm,thread-groups: property 1 groups the threads that share
 *    an L1, property 2 those that share the L2 and the L3.
 */
#define _POSIX_C_SOURCE 200809L

#include "fixturec.h"

/* The lowest thread id of group @g, i.e. cpumask_first() of the group. */
static unsigned int tg_group_first(const struct tg_block *b, unsigned int g)
{
	unsigned int i, first = UINT32_MAX;

	for (i = 0; i < b->per_group; i++)
		if (b->ids[g * b->per_group + i] < first)
			first = b->ids[g * b->per_group + i];
	return first;
}

static unsigned int coregroup_of(const struct fixture *f, unsigned int core)
{
	switch (f->cg) {
	case CG_PER_GROUP:
		return core / f->cg_per_group;
	case CG_IDS:
		return f->cg_ids[core];
	default:
		return NONE;
	}
}

/* First CPU of the L2 sharing set of thread @t of @core. */
static unsigned int l2_first_of(const struct fixture *f, unsigned int core, unsigned int t)
{
	const struct tg_block *b;

	switch (f->l2) {
	case L2_THREAD_GROUP:
		b = &f->blocks[tg_find(f, TG_SHARE_L2_L3)];
		return core * f->threads.v + tg_group_first(b, tg_group_of(b, t));
	case L2_PAIR_OF_CORES:
		return (core & ~1u) * f->threads.v;
	default:
		return core * f->threads.v;
	}
}

/*
 * Whether the groups of @b interleave the threads of the core, as the
 * interleaved big-core RFC describes POWER9's ({0,2,4,6} and {1,3,5,7}):
 * with n groups, the first n threads are in n different groups and each
 * later thread is in the group of the thread n before it.
 */
static bool interleaves(const struct tg_block *b)
{
	unsigned int n = b->nr_groups, total = n * b->per_group, t, u;

	for (t = 0; t < n; t++)
		for (u = 0; u < t; u++)
			if (tg_group_of(b, t) == tg_group_of(b, u))
				return false;
	for (t = n; t < total; t++)
		if (tg_group_of(b, t) != tg_group_of(b, t - n))
			return false;
	return true;
}

/*
 * PowerVM numbers a core's threads from the core's first hardware id,
 * and the ids of a partition's cores need not be contiguous: a core taken
 * away leaves its ids unused.  The fixtures leave one core's worth of
 * ids unused after each core, so that no hardware id is a CPU number
 * except on the first core, whose first thread is the boot CPU.
 */
static unsigned int hw_id_of(const struct fixture *f, unsigned int core, unsigned int t)
{
	return HW_ID_RULE(f->threads.v, core, t);
}

/*
 * The per-CPU facts.  Thread ids in ibm,thread-groups are those of the
 * first core; every core is assumed to have the same grouping, applied
 * to its own first CPU.
 */
unsigned int rfc_rules;

void derive(struct fixture *f)
{
	int l1 = tg_find(f, TG_SHARE_L1);
	const struct tg_block *b = l1 < 0 ? NULL : &f->blocks[l1];
	unsigned int cpu, core, t;
	struct cpu_facts *c;

	f->has_big_cores = b && b->nr_groups > 1;
	f->interleaved = f->has_big_cores && interleaves(b);
	for (cpu = 0; cpu < f->nr_cpus.v; cpu++) {
		c = &f->cpu[cpu];
		core = cpu / f->threads.v;
		t = cpu % f->threads.v;
		c->core_first = core * f->threads.v;
		c->group_first = c->core_first;
		if (b)
			c->group_first += tg_group_first(b, tg_group_of(b, t));
		c->l2_first = l2_first_of(f, core, t);
		c->coregroup = coregroup_of(f, core);
		/* lscpu counts sockets by chip: cores are numbered chip by chip */
		c->chip = core / f->cores_per_socket.v;
		c->hw_id = hw_id_of(f, core, t);
	}
}

static unsigned int set_id(const struct fixture *f, enum level_set set, unsigned int cpu)
{
	const struct cpu_facts *c = &f->cpu[cpu];

	switch (set) {
	case SET_CORE:
		return c->core_first;
	case SET_GROUP:
		return c->group_first;
	case SET_L2:
		return c->l2_first;
	case SET_COREGROUP:
		return c->coregroup;
	case SET_CHIP:
		return c->chip;
	default:
		return c->node;
	}
}

/* How many CPUs share @set with @cpu; a coregroup never leaves its node. */
static unsigned int set_weight(const struct fixture *f, enum level_set set, unsigned int cpu)
{
	unsigned int other, n = 0;

	for (other = 0; other < f->nr_cpus.v; other++)
		n += set_id(f, set, other) == set_id(f, set, cpu) &&
		     (set != SET_COREGROUP || f->cpu[other].node == f->cpu[cpu].node);
	return n;
}

/*
 * The levels a machine of this shape has as a processor of the given
 * mode, from its description and the postings, never from kernel code.
 * It has a level for each thing its CPUs share: an L1 (the small core the
 * scheduler sees as the SMT level), an L2, a coregroup on dedicated
 * processors (the shared-processor series gives shared processors no MC
 * level: the hypervisor does not say where their cores are), and a NUMA
 * node.  Shared processors with big cores pack onto lower cores at every
 * level above the small core (the series' asym packing).  The rules of
 * the RFC ports asked for with -r change the flags last.
 */
static unsigned int machine_levels(const struct fixture *f, bool shared, struct level *lv)
{
	bool packs = shared && f->has_big_cores;
	unsigned int i, n = 0;

	lv[n++] = (struct level){ ROLE_SMT, SET_GROUP, SHARES_CAPACITY };
	lv[n++] = (struct level){ ROLE_CACHE, SET_L2, packs ? PACKS : 0 };
	/* Only dedicated processors have one, and they never pack. */
	if (!shared && f->cg != CG_NONE)
		lv[n++] = (struct level){ ROLE_MC, SET_COREGROUP, 0 };
	lv[n++] = (struct level){ ROLE_TOP, SET_NODE, packs ? PACKS : 0 };
	for (i = 0; i < n; i++) {
		if ((rfc_rules & RFC_MC_LLC) && lv[i].role == ROLE_MC)
			lv[i].flags |= SHARES_LLC;
		if ((rfc_rules & RFC_INTERLEAVED_SMT) && lv[i].role == ROLE_CACHE &&
		    f->interleaved)
			lv[i].flags |= PACKS;
	}
	return n;
}

/*
 * Which of the @nr levels @lv stay for @cpu, as bits: a level spanning no
 * more CPUs than the one below it balances nothing, and the scheduler
 * drops it, as it drops a level of one CPU; the lower of two equal levels
 * is the one kept.  The LLC is the L2: every level within it shares the
 * LLC, a flag of the level (the machines are homogeneous).
 */
static unsigned int kept_levels(const struct fixture *f, struct level *lv, unsigned int nr,
				unsigned int cpu)
{
	unsigned int l2 = set_weight(f, SET_L2, cpu);
	unsigned int i, w, last = 1, bits = 0;

	for (i = 0; i < nr; i++) {
		w = set_weight(f, lv[i].set, cpu);
		if (w <= l2)
			lv[i].flags |= SHARES_LLC;
		if (w <= last)
			continue;
		bits |= 1u << i;
		last = w;
	}
	return bits;
}

/*
 * The machine's levels in its own mode and which stay for each CPU; and,
 * for each processor mode, the topology table the machine should get:
 * the levels some CPU keeps ("Dynamically build Powerpc topology": no
 * level the scheduler would throw away on every CPU).
 */
void derive_levels(struct fixture *f)
{
	struct level lv[MAX_LEVELS];
	unsigned int cpu, i, mode, nr, used;

	f->nr_levels = machine_levels(f, f->shared, f->levels);
	for (cpu = 0; cpu < f->nr_cpus.v; cpu++)
		f->cpu[cpu].levels = kept_levels(f, f->levels, f->nr_levels, cpu);

	for (mode = 0; mode < 2; mode++) {
		nr = machine_levels(f, mode, lv);
		used = 0;
		for (cpu = 0; cpu < f->nr_cpus.v; cpu++)
			used |= kept_levels(f, lv, nr, cpu);
		f->nr_table[mode] = 0;
		for (i = 0; i < nr; i++)
			if (used & (1u << i))
				f->table[mode][f->nr_table[mode]++] = lv[i];
	}
}
