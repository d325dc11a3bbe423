// SPDX-License-Identifier: GPL-2.0
/*
 * fixturec -l: what make live compares a real boot of the same shape
 * with, derived from the description alone (derive.c's per-CPU facts and
 * levels, and the node-distance lines), never from kernel code.
 *
 *	cpu N sibling LIST smallcore LIST l2 LIST core LIST node ID nodemask LIST domains D
 *
 * one line per CPU, after a "shape" line (with the number of CPU lines) and a "distances A:B:D,..."
 * line (every pair of nodes with CPUs, by node id, as the kernel's
 * node_distance() should answer); LIST as the kernel's %*pbl prints it.
 * sibling is the CPU's core, smallcore its L1 thread group, l2 the CPUs
 * sharing its L2, core its chip (the kernel's cpu_core_mask), nodemask
 * its node.  D is "none" or the domains the scheduler keeps, lowest
 * first, as ROLE:LIST joined by semicolons (a list has commas): the
 * machine's levels (SMT, CACHE, MC and TOP, the DIE or PKG level, which
 * spans the node), then one level per distance between nodes with CPUs
 * (NODE for a node's own, NUMA for each larger one), spanning the CPUs of
 * the nodes that near.  A level is kept if it spans more CPUs than the
 * last one kept (the first: more than the CPU alone), as the scheduler
 * drops a level that balances nothing.
 *
 * With -O LIST, only the CPUs of LIST are online (a core removed, threads
 * offlined): only they get a line, and every mask and span holds only
 * online CPUs, as the kernel's do.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "fixturec.h"

#define MAX_LIVE_LEVELS		(MAX_LEVELS + MAX_NODE_LINES)

static const char * const role_name[] = {
	[ROLE_SMT] = "SMT", [ROLE_CACHE] = "CACHE", [ROLE_MC] = "MC", [ROLE_TOP] = "TOP",
};

/* @in as a %*pbl list. */
static void put_list(FILE *out, const unsigned char *in, unsigned int n)
{
	unsigned int cpu = 0, last;
	bool first = true;

	while (cpu < n) {
		if (!in[cpu]) {
			cpu++;
			continue;
		}
		for (last = cpu; last + 1 < n && in[last + 1]; last++)
			;
		fprintf(out, first ? "%u" : ",%u", cpu);
		if (last > cpu)
			fprintf(out, "-%u", last);
		first = false;
		cpu = last + 1;
	}
}

/* The online CPUs, from -O LIST (every CPU without it). */
static const unsigned char *online;

/* Whether node @id has online CPUs. */
static bool node_has_cpus(const struct fixture *f, unsigned int id)
{
	unsigned int cpu;

	for (cpu = 0; cpu < f->nr_cpus.v; cpu++)
		if (f->cpu[cpu].node == id && online[cpu])
			return true;
	return false;
}

/* The distance between nodes @a and @b; 0 if no line gives it. */
static unsigned int distance(const struct fixture *f, unsigned int a, unsigned int b)
{
	unsigned int i;

	if (a == b)
		return LOCAL_DISTANCE;
	for (i = 0; i < f->nr_dist; i++)
		if ((f->dist[i].a == a && f->dist[i].b == b) ||
		    (f->dist[i].a == b && f->dist[i].b == a))
			return f->dist[i].d;
	return 0;
}

/* The distinct distances between nodes with CPUs, ascending. */
static int distances(struct fixture *f, unsigned int *dist)
{
	unsigned int i, j, k, d, nr = 0;

	for (i = 0; i < f->nr_nodes; i++) {
		if (!node_has_cpus(f, f->nodes[i].id))
			continue;
		for (j = 0; j < f->nr_nodes; j++) {
			if (!node_has_cpus(f, f->nodes[j].id))
				continue;
			d = distance(f, f->nodes[i].id, f->nodes[j].id);
			if (!d) {
				error(f, f->nodes[j].cpus.line,
				      "no node-distance line for nodes %u and %u, which both have CPUs",
				      f->nodes[i].id, f->nodes[j].id);
				return -1;
			}
			for (k = 0; k < nr && dist[k] != d; k++)
				;
			if (k < nr)
				continue;
			for (k = nr++; k > 0 && dist[k - 1] > d; k--)
				dist[k] = dist[k - 1];
			dist[k] = d;
		}
	}
	return nr;
}


/* @s, a CPU list, into @on (@n CPUs); false if malformed or out of range. */
static bool parse_online(const char *s, unsigned char *on, unsigned int n)
{
	unsigned long first, last;
	char *end;

	memset(on, 0, n);
	while (*s) {
		if (*s < '0' || *s > '9')
			return false;
		first = last = strtoul(s, &end, 10);
		if (*end == '-') {
			if (end[1] < '0' || end[1] > '9')
				return false;
			last = strtoul(end + 1, &end, 10);
		}
		if (last < first || last >= n || (*end && *end != ','))
			return false;
		while (first <= last)
			on[first++] = 1;
		s = *end ? end + 1 : end;
		if (*end && !*s)
			return false;
	}
	return true;
}

/* The online CPUs sharing @set with @cpu (a coregroup never leaves its node). */
static unsigned int span_of(const struct fixture *f, enum level_set set, unsigned int cpu,
			    unsigned char *span)
{
	const struct cpu_facts *c = &f->cpu[cpu], *o;
	unsigned int other, w = 0;
	bool same;

	for (other = 0; other < f->nr_cpus.v; other++) {
		o = &f->cpu[other];
		switch (set) {
		case SET_CORE:
			same = o->core_first == c->core_first;
			break;
		case SET_GROUP:
			same = o->group_first == c->group_first;
			break;
		case SET_L2:
			same = o->l2_first == c->l2_first;
			break;
		case SET_COREGROUP:
			same = o->coregroup == c->coregroup && o->node == c->node;
			break;
		case SET_CHIP:
			same = o->chip == c->chip;
			break;
		default:
			same = o->node == c->node;
			break;
		}
		same = same && online[other];
		span[other] = same;
		w += same;
	}
	return w;
}

int write_live(FILE *out, struct fixture *f, const char *online_list)
{
	static const enum level_set masks[] = { SET_CORE, SET_GROUP, SET_L2, SET_CHIP, SET_NODE };
	static const char * const mask_name[] = { "sibling", "smallcore", "l2", "core", "nodemask" };
	unsigned int dist[MAX_NODE_LINES * MAX_NODE_LINES];
	unsigned int n = f->nr_cpus.v, cpu, other, i, w, last, kept;
	unsigned char *span = xrealloc(NULL, n), *on = xrealloc(NULL, n);
	int nr_dist;

	memset(on, 1, n);
	if (online_list && !parse_online(online_list, on, n)) {
		fprintf(stderr, "fixturec: -O %s: not a list of CPUs below %u\n", online_list, n);
		free(span);
		free(on);
		return 1;
	}
	online = on;
	nr_dist = distances(f, dist);
	if (nr_dist < 0) {
		free(span);
		free(on);
		return 1;
	}
	for (cpu = 0, w = 0; cpu < n; cpu++)
		w += online[cpu];
	fprintf(out, "shape %s threads %u cpus %u shared %d big_cores %d\n", f->name, f->threads.v,
		w, f->shared, f->has_big_cores);
	/* As the kernel's "live machine" line: A:B:D for nodes with CPUs, by id. */
	fputs("distances ", out);
	last = 0;
	for (i = 0; i <= MAX_NODE_ID; i++) {
		if (!node_has_cpus(f, i))
			continue;
		for (other = 0; other <= MAX_NODE_ID; other++)
			if (node_has_cpus(f, other))
				fprintf(out, "%s%u:%u:%u", last++ ? "," : "", i, other,
					distance(f, i, other));
	}
	fputs("\n", out);
	for (cpu = 0; cpu < n; cpu++) {
		if (!online[cpu])
			continue;
		fprintf(out, "cpu %u", cpu);
		for (i = 0; i < ARRAY_SIZE(masks); i++) {
			span_of(f, masks[i], cpu, span);
			fprintf(out, " %s ", mask_name[i]);
			put_list(out, span, n);
			if (masks[i] == SET_CHIP)
				fprintf(out, " node %u", f->cpu[cpu].node);
		}
		fputs(" domains ", out);
		last = 1;
		kept = 0;
		for (i = 0; i < f->nr_levels + (unsigned int)nr_dist; i++) {
			const char *name;

			if (i < f->nr_levels) {
				w = span_of(f, f->levels[i].set, cpu, span);
				name = role_name[f->levels[i].role];
			} else {
				w = 0;
				for (other = 0; other < n; other++) {
					span[other] = online[other] &&
						      distance(f, f->cpu[cpu].node, f->cpu[other].node) <=
						      dist[i - f->nr_levels];
					w += span[other];
				}
				name = i == f->nr_levels ? "NODE" : "NUMA";
			}
			if (w <= last)
				continue;
			fprintf(out, "%s%s:", kept++ ? ";" : "", name);
			put_list(out, span, n);
			last = w;
		}
		fputs(kept ? "\n" : "none\n", out);
	}
	free(span);
	free(on);
	if (fflush(out) || ferror(out)) {
		perror("fixturec: stdout");
		return 1;
	}
	return 0;
}
