// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the kernel's reading of the ibm,thread-groups property:
 * its parser on raw arrays, well formed and malformed; machines brought
 * up with each, through the kernel's own bring-up code, and the big
 * cores it finds on them; and the asym-packing priorities within a big
 * core.
 *
 * The expectations come from the property's layout (for each block: the
 * property, the number of groups, the threads per group, then the
 * thread ids group by group, as PAPR and smp.c's own comment give it)
 * and from the description of POWER9's big cores posted with the
 * interleaved big-core RFC ({0,2,4,6} and {1,3,5,7}); never from the
 * parser.  A malformed array must be refused with an error, leave no
 * thread groups behind, and never be read or written past: KASAN, where
 * the run enables it, reports a read past the array, and the parser's
 * output goes into a buffer twice its size whose second half must stay
 * untouched.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/sched/topology.h>
#include <linux/smp.h>
#include <linux/topology.h>

#include "fake_state.h"
#include "fixture_memo.h"
#include "fixture_state.h"
#include "sched_view.h"
#include "smp_probe.h"

#define MAX_THREADS	8

/* A raw ibm,thread-groups array and what the kernel must make of it. */
struct tg_array {
	const char *name;
	const u32 *prop;
	int len;
	int threads;		/* threads per core of the machine it is for */
	int blocks;		/* blocks kept, 0 if malformed */
	bool l2_block;		/* it has a property 2 (L2) block */
	bool interleaved;	/* its L1 groups interleave the thread ids */
	int group[MAX_THREADS];	/* L1 group of each thread, in listed order */
	bool no_l1;		/* well formed, but without an L1 block */
};

static const u32 power9_big_core[] = {
	1, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7,
};

static const u32 power10_l1_l2[] = {
	1, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7,
	2, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7,
};

static const u32 contiguous_groups[] = {
	1, 2, 4, 0, 1, 2, 3, 4, 5, 6, 7,
};

static const u32 smt4_big_core[] = {
	1, 2, 2, 0, 2, 1, 3,
};

/* The list has room for two blocks, as fixtures/README.md says. */
static const u32 third_block[] = {
	1, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7,
	2, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7,
	2, 1, 8, 0, 1, 2, 3, 4, 5, 6, 7,
};

static const u32 truncated_list[] = {
	1, 2, 4, 0, 2, 4, 6, 1, 3, 5,
};

static const u32 truncated_header[] = {
	1, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7,
	2, 2,
};

static const u32 zero_groups[] = {
	1, 0, 4,
};

static const u32 zero_threads[] = {
	1, 2, 0,
};

/* Two groups of eight: sixteen threads, on an SMT8 core. */
static const u32 more_threads_than_core[] = {
	1, 2, 8, 0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15,
};

static const u32 id_out_of_range[] = {
	1, 2, 4, 0, 2, 4, 6, 1, 3, 5, 99,
};

/* Thread ids that span 0 to 8, nine ids wide: more than one SMT8 core. */
static const u32 id_one_past_core[] = {
	1, 2, 4, 0, 2, 4, 6, 1, 3, 5, 8,
};

/* The same, 1 to 9, with the highest id listed first. */
static const u32 first_id_past_core[] = {
	1, 2, 4, 9, 2, 4, 6, 1, 3, 5, 7,
};

/*
 * A block of a property the kernel does not use (PAPR defines 1 and 2):
 * kept by the parser, and no thread groups for the scheduler.
 */
static const u32 unknown_property[] = {
	0, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7,
};

/* Eight groups of one thread: well formed, every thread its own L1. */
static const u32 one_thread_groups[] = {
	1, 8, 1, 0, 1, 2, 3, 4, 5, 6, 7,
};

static const u32 id_listed_twice[] = {
	1, 2, 4, 0, 2, 4, 6, 0, 3, 5, 7,
};

static const u32 block_repeated[] = {
	1, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7,
	1, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7,
};

/* The arrays are of u32 cells, as the property is. */
#define ARRAY(a)	.prop = (a), .len = sizeof(a) / sizeof(u32)
#define ALTERNATE	{ 0, 1, 0, 1, 0, 1, 0, 1 }

static const struct tg_array tg_arrays[] = {
	{ "power9-big-core", ARRAY(power9_big_core), 8, 1, false, true, ALTERNATE },
	{ "power10-l1-l2", ARRAY(power10_l1_l2), 8, 2, true, true, ALTERNATE },
	{ "contiguous-groups", ARRAY(contiguous_groups), 8, 1, false, false,
	  { 0, 0, 0, 0, 1, 1, 1, 1 } },
	{ "smt4-big-core", ARRAY(smt4_big_core), 4, 1, false, true, { 0, 1, 0, 1 } },
	{ "third-block", ARRAY(third_block), 8, 2, true, true, ALTERNATE },
	{ "one-thread-groups", ARRAY(one_thread_groups), 8, 1, false, true,
	  { 0, 1, 2, 3, 4, 5, 6, 7 } },
	{ "unknown-property", ARRAY(unknown_property), 8, 1, .no_l1 = true },
	{ "truncated-list", ARRAY(truncated_list), 8 },
	{ "truncated-header", ARRAY(truncated_header), 8 },
	{ "zero-groups", ARRAY(zero_groups), 8 },
	{ "zero-threads", ARRAY(zero_threads), 8 },
	{ "more-threads-than-core", ARRAY(more_threads_than_core), 8 },
	{ "id-out-of-range", ARRAY(id_out_of_range), 8 },
	{ "id-one-past-core", ARRAY(id_one_past_core), 8 },
	{ "first-id-past-core", ARRAY(first_id_past_core), 8 },
	{ "id-listed-twice", ARRAY(id_listed_twice), 8 },
	{ "block-repeated", ARRAY(block_repeated), 8 },
};

static void tg_array_describe(const struct tg_array *a, char *desc)
{
	strscpy(desc, a->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(tg_array, tg_arrays, tg_array_describe);

static bool tg_big_cores(const struct tg_array *a)
{
	int t;

	for (t = 1; t < a->threads; t++)
		if (a->blocks && !a->no_l1 && a->group[t] != a->group[0])
			return true;
	return false;
}

/*
 * The kernel's parser keeps the blocks of a well-formed array and puts
 * each thread in its group; it refuses a malformed one with an error and
 * writes nothing past the list it fills.
 */
static void __init thread_groups_parse(struct kunit *test)
{
	const struct tg_array *a = test->param_value;
	struct ppc_fake *fake = ppc_fake_begin(test);
	int group[MAX_THREADS];
	bool overran;
	int ret, kept, t, u;

	/* The parser checks the groups against the core the CPU is in. */
	ppc_fake_set_threads_per_core(fake, a->threads);
	ret = ppc_probe_thread_group_blocks(a->prop, a->len, &kept, &overran);
	KUNIT_EXPECT_FALSE_MSG(test, overran, "%s: the parser wrote past its list", a->name);
	if (!a->blocks) {
		KUNIT_EXPECT_LT_MSG(test, ret, 0, "%s is malformed; the parser kept %d blocks",
				    a->name, ret);
		KUNIT_EXPECT_EQ_MSG(test, kept, 0,
				    "%s is malformed; the parser failed but left %d blocks in its list",
				    a->name, kept);
		return;
	}
	KUNIT_ASSERT_EQ_MSG(test, ret, a->blocks, "%s: blocks kept", a->name);

	ret = ppc_probe_thread_groups(a->prop, a->len, 1, group, a->threads);
	if (a->no_l1) {
		KUNIT_EXPECT_EQ_MSG(test, ret, -ENOENT, "%s: an L1 block where there is none",
				    a->name);
		return;
	}
	KUNIT_ASSERT_GT_MSG(test, ret, 0, "%s: no L1 thread groups", a->name);
	for (t = 0; t < a->threads; t++)
		for (u = 0; u < t; u++)
			KUNIT_EXPECT_EQ_MSG(test, group[t] == group[u], a->group[t] == a->group[u],
					    "%s: threads %d and %d in groups %d and %d",
					    a->name, t, u, group[t], group[u]);
}

/*
 * A two-core machine whose firmware gives each core @a, with its L2 the
 * core's (or the L2 thread group when @a has a block for it), brought
 * up by the kernel's own code.
 */
static const struct ppc_fixture * __init array_machine(struct kunit *test, const struct tg_array *a,
						       bool shared)
{
	static const u16 node0[] = { 0 };
	struct ppc_fixture *fx = kunit_kzalloc(test, sizeof(*fx), GFP_KERNEL);
	struct ppc_fixture_cpu *cpus;
	int cpu, t, u, nr_cpus = 2 * a->threads;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fx);
	cpus = kunit_kcalloc(test, nr_cpus, sizeof(*cpus), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, cpus);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		t = cpu % a->threads;
		for (u = 0; u < t && a->group[u] != a->group[t]; u++)
			;
		cpus[cpu].core_first = cpu - t;
		cpus[cpu].group_first = cpu - t + u;
		cpus[cpu].l2_first = a->l2_block ? cpus[cpu].group_first : cpu - t;
		cpus[cpu].coregroup = PPC_FIXTURE_NONE;
		cpus[cpu].hw_id = fixture_hw_id(a->threads, cpu);
	}
	*fx = (struct ppc_fixture){
		.name = a->name,
		.nr_cpus = nr_cpus,
		.threads_per_core = a->threads,
		.cores_per_socket = 2,
		.sockets = 1,
		.nr_cores = 2,
		.shared_processor = shared,
		.thread_groups = a->prop,
		.thread_groups_len = a->len,
		.has_big_cores = tg_big_cores(a),
		.l2_share = a->l2_block ? PPC_FIXTURE_L2_THREAD_GROUP : PPC_FIXTURE_L2_CORE,
		.nodes = node0,
		.nr_nodes = 1,
		.interleaved = a->interleaved,
		.cpus = cpus,
	};
	return fx;
}

/*
 * init_big_cores() finds big cores exactly on a machine whose property
 * is well formed and has more than one L1 group, and its CPUs' small
 * cores are their groups; a malformed property leaves plain SMT cores.
 */
static void __init thread_groups_bring_up(struct kunit *test)
{
	const struct tg_array *a = test->param_value;
	struct ppc_fake *fake = ppc_fake_begin(test);
	const struct ppc_fixture *fx = array_machine(test, a, false);
	struct cpumask *want = fixture_mask(test);
	int cpu;

	fixture_bring_up(test, fake, fx);
	KUNIT_EXPECT_EQ_MSG(test, has_big_cores, fx->has_big_cores, "%s: has_big_cores",
			    a->name);
	if (!fx->has_big_cores)
		return;
	for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
		fixture_set_of(fx, PPC_FIXTURE_SET_GROUP, cpu, want);
		KUNIT_EXPECT_TRUE_MSG(test, cpumask_equal(cpu_smallcore_mask(cpu), want),
				      "%s: CPU %d small core %*pbl, its group is %*pbl", a->name,
				      cpu, cpumask_pr_args(cpu_smallcore_mask(cpu)),
				      cpumask_pr_args(want));
	}
}

/* A machine for the priority case: its cores' property, shared or not. */
struct spread_machine {
	const struct tg_array *array;
	bool shared;
};

static const struct spread_machine spread_machines[] = {
	{ &tg_arrays[0], false },	/* POWER9 big cores, dedicated */
	{ &tg_arrays[0], true },	/* POWER9 big cores, shared */
	{ &tg_arrays[1], false },	/* POWER10: the L2 is the small core's */
	{ &tg_arrays[2], false },	/* groups that do not interleave */
	{ &tg_arrays[2], true },
	{ &tg_arrays[3], false },	/* SMT4 big cores */
};

static void spread_machine_describe(const struct spread_machine *m, char *desc)
{
	scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s, %s", m->array->name,
		  m->shared ? "shared" : "dedicated");
}

KUNIT_ARRAY_PARAM(spread_machine, spread_machines, spread_machine_describe);

/* The CPUs of the core at @first, highest asym priority first. */
static void __init order_by_priority(const int *priority, int first, int threads, int *order)
{
	int i, j, tmp;

	for (i = 0; i < threads; i++)
		order[i] = first + i;
	for (i = 1; i < threads; i++)
		for (j = i; j > 0 && priority[order[j]] > priority[order[j - 1]]; j--) {
			tmp = order[j];
			order[j] = order[j - 1];
			order[j - 1] = tmp;
		}
}

/*
 * Asym packing on machines with big cores: shared processors pack every
 * level above SMT with one priority per core (the series), and dedicated
 * cores pack nowhere.
 */
static void __init thread_groups_big_core_packing(struct kunit *test)
{
	const struct spread_machine *m = test->param_value;
	const struct tg_array *a = m->array;
	struct ppc_fake *fake = ppc_fake_begin(test);
	const struct ppc_fixture *fx = array_machine(test, a, m->shared);
	const struct sched_view_cpu *c;
	struct sched_view *view;
	int order[MAX_THREADS];
	int cpu, i, first, *priority;

	fixture_bring_up(test, fake, fx);
	view = sched_view_build(test, fake, fx->nr_cpus);
	priority = sched_view_priorities(test, fake, fx->nr_cpus);

	for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
		c = &view->cpu[cpu];
		for (i = 1; i < c->nr_kept; i++) {
			bool want = m->shared && fx->has_big_cores;
			bool got = c->level[i].flags & SD_ASYM_PACKING;
			const struct cpumask *span = c->level[i].span;

			KUNIT_EXPECT_EQ_MSG(test, got, want,
					    "%s: CPU %d %s %*pbl %s SD_ASYM_PACKING",
					    a->name, cpu, c->level[i].name, cpumask_pr_args(span),
					    got ? "has" : "lacks");
		}
	}

	for (first = 0; first < fx->nr_cpus; first += fx->threads_per_core) {
		order_by_priority(priority, first, fx->threads_per_core, order);
		if (m->shared) {
			for (i = 1; i < fx->threads_per_core; i++)
				KUNIT_EXPECT_EQ_MSG(test, priority[order[i]], priority[first],
						    "%s: CPUs %d and %d of one core differ in priority",
						    a->name, first, order[i]);
			continue;
		}
	}
}

/*
 * The parser, fed each fixture's raw property, puts threads in the same
 * group exactly when fixturec's own reading of the machine does.
 */
static void __init thread_groups_fixture_groups(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake;
	int group[MAX_THREADS];
	int t, u, nr;

	if (!fx->thread_groups_len)
		kunit_skip(test, "%s has no ibm,thread-groups", fx->name);
	fake = ppc_fake_begin(test);
	ppc_fake_set_threads_per_core(fake, fx->threads_per_core);
	nr = ppc_probe_thread_groups(fx->thread_groups, fx->thread_groups_len, 1,
				     group, fx->threads_per_core);
	KUNIT_ASSERT_GT_MSG(test, nr, 0, "%s: the kernel rejected ibm,thread-groups", fx->name);
	KUNIT_EXPECT_EQ_MSG(test, nr > 1, fx->has_big_cores, "%s: %d L1 thread groups",
			    fx->name, nr);
	for (t = 0; t < fx->threads_per_core; t++)
		for (u = 0; u < fx->threads_per_core; u++)
			KUNIT_EXPECT_EQ_MSG(test, group[t] == group[u],
					    fx->cpus[t].group_first == fx->cpus[u].group_first,
					    "%s: threads %d and %d: kernel groups %d and %d, fixture group of CPU %d and %d",
					    fx->name, t, u, group[t], group[u],
					    fx->cpus[t].group_first, fx->cpus[u].group_first);
}

/* The parser keeps every block of each fixture's property, and no more. */
static void __init thread_groups_fixture_blocks(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	struct ppc_fake *fake;
	int i = 0, blocks = 0, kept, ret;
	bool overran;

	if (!fx->thread_groups_len)
		kunit_skip(test, "%s has no ibm,thread-groups", fx->name);
	fake = ppc_fake_begin(test);
	ppc_fake_set_threads_per_core(fake, fx->threads_per_core);
	/* Each block: property, groups, threads per group, then the ids. */
	while (i + 3 <= fx->thread_groups_len) {
		i += 3 + fx->thread_groups[i + 1] * fx->thread_groups[i + 2];
		blocks++;
	}
	ret = ppc_probe_thread_group_blocks(fx->thread_groups, fx->thread_groups_len, &kept,
					    &overran);
	KUNIT_EXPECT_EQ_MSG(test, ret, blocks, "%s: blocks of ibm,thread-groups kept by the kernel",
			    fx->name);
	KUNIT_EXPECT_FALSE_MSG(test, overran, "%s: the parser wrote past its list", fx->name);
}

/* One fixture CPU's thread-group map of one kind, kernel against fixturec. */
static void __init expect_group_map(struct kunit *test, const struct ppc_fixture *fx, int cpu,
				    unsigned int property, enum ppc_fixture_set set, bool present)
{
	const char *kind = property == 1 ? "L1" : "L2";
	struct cpumask *got = fixture_mask(test), *want = fixture_mask(test);
	int ret;

	ret = ppc_probe_thread_group_map(fx->thread_groups, fx->thread_groups_len, property,
					 fx->cpus[cpu].core_first, cpu, got);
	if (!present) {
		KUNIT_EXPECT_EQ_MSG(test, ret, -ENOENT,
				    "%s CPU %d: the fixture has no %s thread groups, the kernel found some",
				    fx->name, cpu, kind);
		return;
	}
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s CPU %d: the kernel could not build its %s group map",
			    fx->name, cpu, kind);
	if (ret)
		return;
	fixture_set_of(fx, set, cpu, want);
	KUNIT_EXPECT_TRUE_MSG(test, cpumask_equal(got, want),
			      "%s CPU %d: %s thread-group map %*pbl, fixture says %*pbl",
			      fx->name, cpu, kind, cpumask_pr_args(got), cpumask_pr_args(want));
}

/*
 * The thread-group maps init_big_cores() builds for every CPU, computed
 * by the kernel from each fixture's raw ibm,thread-groups and hardware
 * thread ids numbered like the CPUs, hold exactly the threads fixturec
 * puts in the CPU's L1 group and, where the property has an L2 block, in
 * its L2 group.
 */
static void __init thread_groups_fixture_maps(struct kunit *test)
{
	const struct ppc_fixture *fx = fixture_param(test);
	bool l2_groups = fx->l2_share == PPC_FIXTURE_L2_THREAD_GROUP;
	struct ppc_fake *fake;
	int cpu;

	if (!fx->thread_groups_len)
		kunit_skip(test, "%s has no ibm,thread-groups", fx->name);
	KUNIT_ASSERT_EQ_MSG(test, get_hard_smp_processor_id(0), 0,
			    "CPU 0 is online with hardware id %d; the fixtures number it 0",
			    get_hard_smp_processor_id(0));
	fake = ppc_fake_begin(test);
	ppc_fake_set_threads_per_core(fake, fx->threads_per_core);
	for (cpu = 1; cpu < fx->nr_cpus; cpu++)
		ppc_fake_set_hw_id(fake, cpu, cpu);
	for (cpu = 0; cpu < fx->nr_cpus; cpu++) {
		expect_group_map(test, fx, cpu, 1, PPC_FIXTURE_SET_GROUP, true);
		expect_group_map(test, fx, cpu, 2, PPC_FIXTURE_SET_L2, l2_groups);
	}
}

KUNIT_ARRAY_PARAM(fixture, ppc_fixtures, fixture_describe);

/*
 * Kept after boot for KUnit's debugfs; __refdata because the cases are
 * __init, which an init-section suite allows (modpost would warn).
 */
static struct kunit_case __refdata thread_groups_cases[] = {
	KUNIT_CASE_PARAM(thread_groups_parse, tg_array_gen_params),
	KUNIT_CASE_PARAM(thread_groups_bring_up, tg_array_gen_params),
	KUNIT_CASE_PARAM(thread_groups_big_core_packing, spread_machine_gen_params),
	KUNIT_CASE_PARAM(thread_groups_fixture_groups, fixture_gen_params),
	KUNIT_CASE_PARAM(thread_groups_fixture_blocks, fixture_gen_params),
	KUNIT_CASE_PARAM(thread_groups_fixture_maps, fixture_gen_params),
	{}
};

static struct kunit_suite thread_groups_suite = {
	.name = "powerpc_thread_groups",
	.test_cases = thread_groups_cases,
	.suite_exit = fixture_memo_suite_exit,
};

kunit_test_init_section_suites(&thread_groups_suite);
