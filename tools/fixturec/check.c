// SPDX-License-Identifier: GPL-2.0
/*
 * Validate what read.c read: the facts of a file must agree with each
 * other and describe a machine the kernel's parsers accept, each
 * disagreement a "FILE:LINE: reason" error.  check_fixture() runs
 * derive.c once the facts it needs are known to be sound, and checks
 * that the levels derived from them nest.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "fixturec.h"

static void require(struct fixture *f, int line, const char *what)
{
	if (!line)
		error(f, f->last_line, "missing required line '%s'", what);
}

static void check_required(struct fixture *f)
{
	require(f, f->name_line, "name:");
	require(f, f->source_line, "source:");
	require(f, f->nr_cpus.line, "CPU(s):");
	require(f, f->threads.line, "Thread(s) per core:");
	require(f, f->cores_per_socket.line, "Core(s) per socket:");
	require(f, f->sockets.line, "Socket(s):");
	require(f, f->nr_nodes, "NUMA nodeN CPU(s):");
	require(f, f->tg_line, "thread-groups:");
	require(f, f->l2_line, "l2-shared-by:");
	require(f, f->cg_line, "coregroup:");
}

/* The counts lscpu, lparstat and the kernel's arithmetic must agree on. */
static void check_counts(struct fixture *f)
{
	unsigned long product = (unsigned long)f->threads.v * f->cores_per_socket.v *
				f->sockets.v;

	/* cpu_first_thread_sibling() masks with threads_per_core - 1. */
	if (f->threads.v & (f->threads.v - 1))
		error(f, f->threads.line, "Thread(s) per core %u is not a power of two",
		      f->threads.v);
	if (product != f->nr_cpus.v)
		error(f, f->nr_cpus.line,
		      "CPU(s) %u != Thread(s) per core %u x Core(s) per socket %u x Socket(s) %u",
		      f->nr_cpus.v, f->threads.v, f->cores_per_socket.v, f->sockets.v);
	f->nr_cores = f->cores_per_socket.v * f->sockets.v;
	if (f->nr_nodes_decl.line && f->nr_nodes_decl.v != f->nr_nodes)
		error(f, f->nr_nodes_decl.line, "NUMA node(s) %u but %u NUMA nodeN lines",
		      f->nr_nodes_decl.v, f->nr_nodes);
}

/*
 * lparstat's lcpu is the number of virtual processors (cores), not of
 * logical CPUs: the asym-packing cover letter shows lcpu=96 for 768 CPUs and lcpu=40 for 320,
 * both at smt=8.  cpus= is the size of the shared pool (96 for both), so
 * it is not checked.  A virtual processor is entitled to at most one
 * core, hence ent <= lcpu.
 */
static void check_lparstat(struct fixture *f)
{
	if (!f->lpar_line)
		return;
	if (f->smt.v != f->threads.v)
		error(f, f->lpar_line, "lparstat smt=%u but Thread(s) per core %u",
		      f->smt.v, f->threads.v);
	else if ((unsigned long)f->lcpu.v * f->smt.v != f->nr_cpus.v)
		error(f, f->lpar_line, "lparstat lcpu=%u x smt=%u != CPU(s) %u",
		      f->lcpu.v, f->smt.v, f->nr_cpus.v);
	if (f->ent_centi.line && f->ent_centi.v > f->lcpu.v * 100)
		error(f, f->lpar_line, "lparstat ent=%u.%02u exceeds lcpu=%u",
		      f->ent_centi.v / 100, f->ent_centi.v % 100, f->lcpu.v);
}

/* Fixtures describe machines with every CPU online. */
static void check_online(struct fixture *f)
{
	if (!f->online.line)
		return;
	if (f->online.nr != 1 || f->online.r[0].first || f->online.r[0].last + 1 != f->nr_cpus.v)
		error(f, f->online.line, "On-line CPU(s) list is not 0-%u", f->nr_cpus.v - 1);
}

/* Every CPU in exactly one node; nodes with no CPU are allowed. */
static void check_numa(struct fixture *f)
{
	unsigned int i, j, cpu, missing = 0, first_missing = 0;
	const struct cpulist *l;

	for (cpu = 0; cpu < f->nr_cpus.v; cpu++)
		f->cpu[cpu].node = NONE;
	for (i = 0; i < f->nr_nodes; i++) {
		l = &f->nodes[i].cpus;
		for (j = 0; j < l->nr; j++) {
			for (cpu = l->r[j].first; cpu <= l->r[j].last; cpu++) {
				if (cpu >= f->nr_cpus.v) {
					error(f, l->line, "NUMA node%u: CPU %u >= CPU(s) %u",
					      f->nodes[i].id, cpu, f->nr_cpus.v);
					break;
				}
				if (f->cpu[cpu].node != NONE) {
					error(f, l->line, "NUMA node%u: CPU %u already in node%u",
					      f->nodes[i].id, cpu, f->cpu[cpu].node);
					continue;
				}
				f->cpu[cpu].node = f->nodes[i].id;
			}
		}
	}
	for (cpu = 0; cpu < f->nr_cpus.v; cpu++) {
		if (f->cpu[cpu].node == NONE && !missing++)
			first_missing = cpu;
	}
	if (missing)
		error(f, f->nr_cpus.line, "%u CPU(s) in no NUMA node, the first is CPU %u",
		      missing, first_missing);
}

/* Returns the index of the block for @property, or -1. */
int tg_find(const struct fixture *f, unsigned int property)
{
	unsigned int i;

	for (i = 0; i < f->nr_blocks; i++)
		if (f->blocks[i].property == property)
			return i;
	return -1;
}

/* The group index of thread @t in @b; check_tg_block() made it exist. */
unsigned int tg_group_of(const struct tg_block *b, unsigned int t)
{
	unsigned int i;

	for (i = 0; i < b->nr_groups * b->per_group; i++)
		if (b->ids[i] == t)
			return i / b->per_group;
	return 0;
}

/* One property block must partition the threads of the core. */
static bool check_tg_block(struct fixture *f, const struct tg_block *b)
{
	bool seen[MAX_THREADS] = { false };
	unsigned int i, t;
	bool ok = true;

	if (b->property != TG_SHARE_L1 && b->property != TG_SHARE_L2_L3) {
		error(f, f->tg_line, "thread-groups: property %u: want 1 (L1) or 2 (L2/L3)",
		      b->property);
		return false;
	}
	if (b->nr_groups * b->per_group != f->threads.v) {
		error(f, f->tg_line,
		      "thread-groups property %u: %u groups x %u threads != Thread(s) per core %u",
		      b->property, b->nr_groups, b->per_group, f->threads.v);
		return false;
	}
	for (i = 0; i < f->threads.v; i++) {
		t = b->ids[i];
		if (t >= f->threads.v) {
			error(f, f->tg_line, "thread-groups property %u: thread id %u >= %u",
			      b->property, t, f->threads.v);
			ok = false;
		} else if (seen[t]) {
			error(f, f->tg_line, "thread-groups property %u: thread %u listed twice",
			      b->property, t);
			ok = false;
		} else {
			seen[t] = true;
		}
	}
	/* threads.v ids, all below threads.v, none twice: none is missing. */
	return ok;
}

/* Split the raw array as parse_thread_groups() in smp.c does. */
static bool split_tg(struct fixture *f)
{
	struct tg_block *b;
	unsigned int i = 0;
	unsigned long k;

	while (i < f->tg_len) {
		if (f->nr_blocks == MAX_TG_BLOCKS) {
			error(f, f->tg_line, "thread-groups: more than %d property blocks",
			      MAX_TG_BLOCKS);
			return false;
		}
		if (i + 3 > f->tg_len) {
			error(f, f->tg_line, "thread-groups: block at word %u truncated", i);
			return false;
		}
		b = &f->blocks[f->nr_blocks++];
		b->property = f->tg[i];
		b->nr_groups = f->tg[i + 1];
		b->per_group = f->tg[i + 2];
		k = (unsigned long)b->nr_groups * b->per_group;
		if (!b->nr_groups || !b->per_group) {
			error(f, f->tg_line, "thread-groups: block at word %u has no threads", i);
			return false;
		}
		if (k > f->tg_len - i - 3) {
			error(f, f->tg_line,
			      "thread-groups: block at word %u needs %lu thread ids, has %u",
			      i, k, f->tg_len - i - 3);
			return false;
		}
		b->ids = &f->tg[i + 3];
		i += 3 + k;
	}
	return true;
}

static bool check_thread_groups(struct fixture *f)
{
	const struct tg_block *l1, *l2;
	unsigned int i, t, u;
	bool ok = true;

	if (!split_tg(f))
		return false;
	for (i = 0; i < f->nr_blocks; i++) {
		ok &= check_tg_block(f, &f->blocks[i]);
		if (tg_find(f, f->blocks[i].property) != (int)i) {
			error(f, f->tg_line, "thread-groups: property %u given twice",
			      f->blocks[i].property);
			ok = false;
		}
	}
	if (!ok || tg_find(f, TG_SHARE_L1) < 0 || tg_find(f, TG_SHARE_L2_L3) < 0)
		return ok;
	/* smp.c warns "Inconsistent L1 and L2 cache siblings" otherwise. */
	l1 = &f->blocks[tg_find(f, TG_SHARE_L1)];
	l2 = &f->blocks[tg_find(f, TG_SHARE_L2_L3)];
	for (t = 0; t < f->threads.v; t++) {
		for (u = 0; u < f->threads.v; u++) {
			if (tg_group_of(l1, t) == tg_group_of(l1, u) &&
			    tg_group_of(l2, t) != tg_group_of(l2, u)) {
				error(f, f->tg_line,
				      "thread-groups: threads %u and %u share L1 but not L2", t, u);
				return false;
			}
		}
	}
	return true;
}

/* lscpu counts one L1d instance per L1 thread group (small core). */
static void check_l1d(struct fixture *f)
{
	int l1 = tg_find(f, TG_SHARE_L1);
	unsigned int groups = l1 < 0 ? 1 : f->blocks[l1].nr_groups;

	if (f->l1d_instances.line && f->l1d_instances.v != f->nr_cores * groups)
		error(f, f->l1d_instances.line,
		      "L1d cache: %u instances but %u cores x %u L1 thread groups",
		      f->l1d_instances.v, f->nr_cores, groups);
}

static bool check_l2_and_coregroup(struct fixture *f)
{
	bool ok = true;

	if (f->l2 == L2_THREAD_GROUP && tg_find(f, TG_SHARE_L2_L3) < 0) {
		error(f, f->l2_line, "l2-shared-by thread-group needs a property 2 block");
		ok = false;
	}
	/* A pair must not straddle two sockets. */
	if (f->l2 == L2_PAIR_OF_CORES && f->cores_per_socket.v % 2) {
		error(f, f->l2_line, "l2-shared-by pair-of-cores: Core(s) per socket %u is odd",
		      f->cores_per_socket.v);
		ok = false;
	}
	if (f->cg == CG_PER_GROUP && f->cores_per_socket.v % f->cg_per_group) {
		error(f, f->cg_line, "coregroup: %u cores per group do not divide %u per socket",
		      f->cg_per_group, f->cores_per_socket.v);
		ok = false;
	}
	if (f->cg == CG_IDS && f->nr_cg_ids != f->nr_cores) {
		error(f, f->cg_line, "coregroup: %u ids for %u cores", f->nr_cg_ids,
		      f->nr_cores);
		ok = false;
	}
	return ok;
}

static int node_line(const struct fixture *f, unsigned int id)
{
	unsigned int i;

	for (i = 0; i < f->nr_nodes; i++)
		if (f->nodes[i].id == id)
			return f->nodes[i].cpus.line;
	return f->nr_cpus.line;
}

/*
 * The sched-domain levels must nest (SMT in CACHE in MC in the node):
 * a core, an L2 set and a coregroup each lie in one NUMA node, and a
 * coregroup holds whole cores and whole L2 sets.
 */
static void check_nesting(struct fixture *f)
{
	unsigned int *cg_node = xrealloc(NULL, NONE * sizeof(*cg_node));
	const struct cpu_facts *c;
	unsigned int cpu;

	for (cpu = 0; cpu < NONE; cpu++)
		cg_node[cpu] = NONE;
	for (cpu = 0; cpu < f->nr_cpus.v; cpu++) {
		c = &f->cpu[cpu];
		if (c->node != f->cpu[c->core_first].node) {
			error(f, node_line(f, c->node),
			      "CPU %u is in node%u but the first CPU of its core, %u, in node%u",
			      cpu, c->node, c->core_first, f->cpu[c->core_first].node);
			goto out;
		}
		if (c->node != f->cpu[c->l2_first].node) {
			error(f, f->l2_line, "CPU %u and its L2 sibling %u are in different nodes",
			      cpu, c->l2_first);
			goto out;
		}
		if (c->coregroup == NONE)
			continue;
		if (c->coregroup != f->cpu[c->l2_first].coregroup) {
			error(f, f->cg_line,
			      "CPU %u and its L2 sibling %u are in different coregroups",
			      cpu, c->l2_first);
			goto out;
		}
		if (cg_node[c->coregroup] == NONE)
			cg_node[c->coregroup] = c->node;
		if (cg_node[c->coregroup] != c->node) {
			error(f, f->cg_line, "coregroup %u spans node%u and node%u (CPU %u)",
			      c->coregroup, cg_node[c->coregroup], c->node, cpu);
			goto out;
		}
	}
	for (cpu = 0; cpu < NONE; cpu++)
		f->nr_coregroups += cg_node[cpu] != NONE;
out:
	free(cg_node);
}

/* Each node-distance line names nodes the file has node lines for. */
static void check_distances(struct fixture *f)
{
	unsigned int i, j, k, id;
	bool found;

	for (i = 0; i < f->nr_dist; i++) {
		for (k = 0; k < 2; k++) {
			id = k ? f->dist[i].b : f->dist[i].a;
			found = false;
			for (j = 0; j < f->nr_nodes; j++)
				found |= f->nodes[j].id == id;
			if (!found)
				error(f, f->dist[i].line, "node-distance: no 'NUMA node%u CPU(s)' line",
				      id);
		}
	}
}

/*
 * The kernel's tables give a machine as one core's threads and a row per
 * core (emit.c): thread t of core k is CPU k * threads + t, with core 0's
 * thread t's L1 group and L2, moved to core k, and one coregroup, chip,
 * node and set of levels kept per core.  A machine that differs (a core
 * whose threads keep different levels, say) cannot be written so.
 */
static void check_cores(struct fixture *f)
{
	unsigned int threads = f->threads.v, k, t, base;
	const struct cpu_facts *c, *first;

	for (k = 0; k < f->nr_cpus.v / threads; k++) {
		first = &f->cpu[k * threads];
		base = first->l2_first - f->cpu[0].l2_first;
		for (t = 0; t < threads; t++) {
			c = &f->cpu[k * threads + t];
			if (c->core_first == k * threads &&
			    c->group_first - c->core_first == f->cpu[t].group_first &&
			    c->l2_first - base == f->cpu[t].l2_first && !(base % threads) &&
			    c->levels == first->levels &&
			    c->hw_id == HW_ID_RULE(threads, k, t) &&
			    c->coregroup == first->coregroup && c->chip == first->chip &&
			    c->node == first->node)
				continue;
			error(f, node_line(f, c->node),
			      "CPU %u is not thread %u of core %u as the kernel's tables give a core: its threads grouped as core 0's, with one node, chip, coregroup and set of levels",
			      k * threads + t, t, k);
			return;
		}
	}
}

bool check_fixture(struct fixture *f)
{
	check_required(f);
	if (f->errors)
		return false;
	check_counts(f);
	check_lparstat(f);
	check_online(f);
	if (f->errors)
		return false;
	f->cpu = xrealloc(NULL, f->nr_cpus.v * sizeof(*f->cpu));
	check_numa(f);
	check_distances(f);
	if (!check_thread_groups(f) || !check_l2_and_coregroup(f) || f->errors)
		return false;
	check_l1d(f);
	derive(f);
	derive_levels(f);
	check_nesting(f);
	check_cores(f);
	return !f->errors;
}

/* The fixture names become C identifiers: they must be unique. */
bool check_unique_names(struct fixture *fx, int n)
{
	bool ok = true;
	int i, j;

	for (i = 1; i < n; i++) {
		for (j = 0; j < i; j++) {
			if (!strcmp(fx[i].name, fx[j].name)) {
				error(&fx[i], fx[i].name_line, "name '%s' already used by %s",
				      fx[i].name, fx[j].path);
				ok = false;
				break;
			}
		}
	}
	return ok;
}
