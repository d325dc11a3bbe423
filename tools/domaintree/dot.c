// SPDX-License-Identifier: GPL-2.0
/*
 * The folded tree as a Graphviz digraph, top level first: one box per
 * group of same-shaped domains, with the level, how many, the first
 * spans, the size, the flags and the LLC mark.
 */
#include <stdlib.h>
#include <string.h>

#include "domaintree.h"

static int node_id;

static void label_flags(FILE *out, const char *flags)
{
	const char *p = flags;

	while (*p) {
		size_t n = strcspn(p, "|");

		fprintf(out, "\\n%.*s", (int)n, p);
		p += n + (p[n] == '|');
	}
}

static int dot_group(FILE *out, const struct machine *m, const struct tree *t,
		     struct domain **d, int n, const int *group_of, int first)
{
	const struct domain *g = d[first];
	int i, count = 0, shown = 0, id = node_id++, *sub, child;
	char flags[256];

	for (i = first; i < n; i++)
		count += group_of[i] == first;
	fprintf(out, "  n%d [label=\"%s", id, g->lvl->name);
	if (count > 1)
		fprintf(out, " x%d", count);
	fprintf(out, "\\n");
	for (i = first; i < n && shown < 3; i++)
		if (group_of[i] == first) {
			fprintf(out, "%s", shown++ ? " | " : "");
			cpuset_print(out, &d[i]->lvl->span);
		}
	if (count > shown)
		fprintf(out, " | ...");
	fprintf(out, "\\n%d CPUs%s%s", g->weight, count > 1 ? " each" : "",
		g->llc ? ", the LLC" : "");
	own_flags(t, g, flags, sizeof(flags));
	label_flags(out, flags);
	if (strstr(g->lvl->flags, "SD_ASYM_PACKING")) {
		fprintf(out, "\\n");
		write_preference(out, m, g, 4);
	}
	fprintf(out, "\"%s];\n", g->llc ? ", style=filled, fillcolor=\"#e8f0ff\"" : "");

	sub = calloc(g->nr_children ? g->nr_children : 1, sizeof(*sub));
	if (!sub)
		return id;
	fold_groups(g->child, g->nr_children, sub);
	for (i = 0; i < g->nr_children; i++)
		if (sub[i] == i) {
			child = dot_group(out, m, t, g->child, g->nr_children, sub, i);
			fprintf(out, "  n%d -> n%d;\n", id, child);
		}
	free(sub);
	return id;
}

void write_dot(FILE *out, const struct machine *m, const struct tree *t)
{
	int *group_of = calloc(t->nr_roots ? t->nr_roots : 1, sizeof(*group_of));
	int i;

	if (!group_of)
		return;
	node_id = 0;
	fprintf(out, "digraph \"%s\" {\n  label=\"%s: %d CPUs\\nevery level: %s\";\n"
		"  labelloc=t;\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n",
		m->name, m->name, m->nr_cpus, *t->common ? t->common : "no flag");
	fold_groups(t->roots, t->nr_roots, group_of);
	for (i = 0; i < t->nr_roots; i++)
		if (group_of[i] == i)
			dot_group(out, m, t, t->roots, t->nr_roots, group_of, i);
	fprintf(out, "}\n");
	free(group_of);
}
