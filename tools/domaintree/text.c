// SPDX-License-Identifier: GPL-2.0
/*
 * The folded tree as text, one line per group of same-shaped domains:
 *
 *   PKG 0-79: 80 CPUs; -
 *     MC x2 0-39 | 40-79: 40 CPUs each; SD_SHARE_LLC; the LLC
 *       SMT x10 in each 0,2,4,6 | 1,3,5,7 | ...: 4 CPUs each; SD_SHARE_...
 *
 * Flags every level has are named once, on the first line.
 *
 * The children of a folded group are those of its first domain.  A level
 * with SD_ASYM_PACKING also shows which CPUs its first domain prefers,
 * highest asym priority first, CPUs of equal priority together.
 */
#include <stdlib.h>
#include <string.h>

#include "domaintree.h"

#define SHOWN_SPANS	4

static int by_priority(const void *a, const void *b, void *m)
{
	const struct machine *mach = m;
	int x = *(const int *)a, y = *(const int *)b;

	if (mach->cpu[x].prio != mach->cpu[y].prio)
		return mach->cpu[y].prio - mach->cpu[x].prio;
	return x - y;
}

/* "prefers {0} > {1} > ..." for @d, at most @max priority classes. */
void write_preference(FILE *out, const struct machine *m, const struct domain *d, int max)
{
	int cpus[MAX_CPUS], n = 0, cpu, i, classes = 0;
	struct cpuset same;

	for (cpu = 0; cpu < m->nr_cpus; cpu++)
		if (cpuset_test(&d->lvl->span, cpu))
			cpus[n++] = cpu;
	qsort_r(cpus, n, sizeof(*cpus), by_priority, (void *)m);
	fprintf(out, "prefers ");
	for (i = 0; i < n && classes < max; classes++) {
		int prio = m->cpu[cpus[i]].prio;

		memset(&same, 0, sizeof(same));
		for (; i < n && m->cpu[cpus[i]].prio == prio; i++)
			cpuset_set(&same, cpus[i]);
		fprintf(out, "%s{", classes ? " > " : "");
		cpuset_print(out, &same);
		fprintf(out, "}");
	}
	if (i < n)
		fprintf(out, " > ...");
}

/*
 * The spans of @d[@from] to @d[@n - 1] in the fold group of @d[@first],
 * each written by @print with @sep between them, the first @max only
 * and then "...".
 */
void write_spans(FILE *out, struct domain **d, int n, const int *group_of, int first, int from,
		 int max, const char *sep, void (*print)(FILE *, const struct cpuset *))
{
	int i, shown = 0;

	for (i = from; i < n; i++) {
		if (group_of[i] != first)
			continue;
		if (shown == max) {
			fprintf(out, "%s...", sep);
			break;
		}
		fprintf(out, "%s", shown++ ? sep : "");
		print(out, &d[i]->lvl->span);
	}
}

static void write_group(FILE *out, const struct machine *m, const struct tree *t,
			struct domain **d, int n, const int *group_of, int first, int depth,
			bool in_each);

static void write_children(FILE *out, const struct machine *m, const struct tree *t,
			   const struct domain *d, int depth, bool in_each)
{
	int *group_of = calloc(d->nr_children ? d->nr_children : 1, sizeof(*group_of));
	int i;

	if (!group_of)
		return;
	fold_groups(d->child, d->nr_children, group_of);
	for (i = 0; i < d->nr_children; i++)
		if (group_of[i] == i)
			write_group(out, m, t, d->child, d->nr_children, group_of, i, depth,
				    in_each);
	free(group_of);
}

static void write_group(FILE *out, const struct machine *m, const struct tree *t,
			struct domain **d, int n, const int *group_of, int first, int depth,
			bool in_each)
{
	const struct domain *g = d[first];
	int i, count = 0;
	char flags[256];

	for (i = first; i < n; i++)
		count += group_of[i] == first;
	fprintf(out, "%*s%s ", 2 * depth, "", g->lvl->name);
	if (count > 1)
		fprintf(out, "x%d%s ", count, in_each ? " in each" : "");
	write_spans(out, d, n, group_of, first, first, SHOWN_SPANS, " | ", cpuset_print);
	own_flags(t, g, flags, sizeof(flags));
	fprintf(out, ": %d CPU%s%s; %s", g->weight, g->weight == 1 ? "" : "s",
		count > 1 ? " each" : "", flags);
	if (g->llc)
		fprintf(out, "; the LLC");
	if (strstr(g->lvl->flags, "SD_ASYM_PACKING")) {
		fprintf(out, "; ");
		write_preference(out, m, g, 4);
	}
	fprintf(out, "\n");
	write_children(out, m, t, g, depth + 1, count > 1 || in_each);
}

void write_text(FILE *out, const struct machine *m, const struct tree *t)
{
	int *group_of = calloc(t->nr_roots ? t->nr_roots : 1, sizeof(*group_of));
	int i;

	if (!group_of)
		return;
	fprintf(out, "%s: %d CPUs; %s%s\n", m->name, m->nr_cpus,
		*t->common ? "every level has " : "no flag on every level", t->common);
	fold_groups(t->roots, t->nr_roots, group_of);
	for (i = 0; i < t->nr_roots; i++)
		if (group_of[i] == i)
			write_group(out, m, t, t->roots, t->nr_roots, group_of, i, 0, false);
	free(group_of);
}
