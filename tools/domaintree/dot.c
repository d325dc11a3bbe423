// SPDX-License-Identifier: GPL-2.0
/*
 * The folded tree as Graphviz clusters, drawn the way lstopo draws a
 * machine: every sched domain a frame around the frames of the level
 * below it, down to its CPUs, each frame naming its level, its span, its
 * size and the flags not every level has.  Same-shaped siblings fold as
 * lstopo folds identical objects: the first is drawn in full, the others
 * become one box saying how many there are and where.  The LLC's frame
 * is shaded, and a level that packs lists the CPUs it prefers, highest
 * asym priority first; every CPU shows its priority.  The machine's
 * hardware is in it too: a frame names the units it equals ("= core,
 * L2"), and a unit with no domain of its own is a dashed frame.
 */
#include <stdlib.h>
#include <string.h>

#include "domaintree.h"

#define SHOWN_SPANS	3

static int node_id;
/* The boxes (CPUs and folded domains) in the order they are written. */
static int boxes[2 * MAX_CPUS], nr_boxes;

static int new_box(void)
{
	if (nr_boxes < (int)(sizeof(boxes) / sizeof(boxes[0])))
		boxes[nr_boxes++] = node_id;
	return node_id++;
}

static void label_flags(FILE *out, const char *flags)
{
	const char *p = flags;

	if (!strcmp(flags, "-"))
		return;
	while (*p) {
		size_t n = strcspn(p, "|");

		fprintf(out, "\\n%.*s", (int)n, p);
		p += n + (p[n] == '|');
	}
}

/* A span as a frame's label shows it: its first ranges, then "...". */
static void print_span(FILE *out, const struct cpuset *span)
{
	char *text = NULL, *p;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int ranges = 0;

	if (!mem)
		return;
	cpuset_print(mem, span);
	fclose(mem);
	for (p = text; *p; p++)
		if (*p == ',' && ++ranges == 4) {
			fprintf(out, "%.*s,...", (int)(p - text), text);
			free(text);
			return;
		}
	fputs(text, out);
	free(text);
}

/* The lowest frame's CPUs, one box each, with their asym priority. */
static void dot_cpus(FILE *out, const struct machine *m, const struct domain *d, int depth)
{
	int cpu;

	for (cpu = 0; cpu < m->nr_cpus; cpu++)
		if (cpuset_test(&d->lvl->span, cpu))
			fprintf(out, "%*sn%d [label=\"CPU %d\\nprio %d\"];\n", 2 * depth, "",
				new_box(), cpu, m->cpu[cpu].prio);
}

/* One box for the domains folded into the first of their group. */
static void dot_folded(FILE *out, struct domain **d, int n, const int *group_of, int first,
		       int count, int depth)
{
	fprintf(out, "%*sn%d [shape=note, label=\"%d more %s like it:\\n", 2 * depth, "",
		new_box(), count - 1, d[first]->lvl->name);
	write_spans(out, d, n, group_of, first, first + 1, SHOWN_SPANS, "\\n", print_span);
	fprintf(out, "\"];\n");
}

static void dot_frame(FILE *out, const struct machine *m, const struct tree *t,
		      const struct domain *g, int depth);


/* The children of @g: each group of same-shaped ones drawn once, folded. */
static void dot_children(FILE *out, const struct machine *m, const struct tree *t,
			 struct domain **d, int n, int depth)
{
	int *group_of = calloc(n ? n : 1, sizeof(*group_of));
	int i, j, count;

	if (!group_of)
		return;
	fold_groups(d, n, group_of);
	for (i = 0; i < n; i++) {
		if (group_of[i] != i)
			continue;
		for (count = 0, j = i; j < n; j++)
			count += group_of[j] == i;
		dot_frame(out, m, t, d[i], depth);
		if (count > 1)
			dot_folded(out, d, n, group_of, i, count, depth);
	}
	free(group_of);
}

static void dot_frame(FILE *out, const struct machine *m, const struct tree *t,
		      const struct domain *g, int depth)
{
	char flags[256];

	fprintf(out, "%*ssubgraph cluster_%d {\n", 2 * depth, "", node_id++);
	fprintf(out, "%*slabel=\"%s ", 2 * depth + 2, "", g->lvl->name);
	print_span(out, &g->lvl->span);
	fprintf(out, ", %d CPU%s%s", g->weight, g->weight == 1 ? "" : "s",
		g->llc ? ", the LLC" : "");
	if (*g->lvl->is)
		fprintf(out, "\\n%s %s", g->lvl->hw ? "and" : "=", g->lvl->is);
	if (g->lvl->hw) {
		/* Hardware with no sched domain of its own: a dashed frame. */
		fprintf(out, "\\nno sched domain\";\n%*sstyle=dashed;\n", 2 * depth + 2, "");
		goto inside;
	}
	own_flags(t, g, flags, sizeof(flags));
	label_flags(out, flags);
	if (strstr(g->lvl->flags, "SD_ASYM_PACKING")) {
		fprintf(out, "\\n");
		write_preference(out, m, g, 4);
	}
	fprintf(out, "\";\n");
	if (g->llc)
		fprintf(out, "%*sstyle=filled; fillcolor=\"#e8f0ff\";\n", 2 * depth + 2, "");
	else
		fprintf(out, "%*sstyle=solid;\n", 2 * depth + 2, "");
inside:
	if (g->nr_children)
		dot_children(out, m, t, g->child, g->nr_children, depth + 1);
	else
		dot_cpus(out, m, g, depth + 1);
	fprintf(out, "%*s}\n", 2 * depth, "");
}

void write_dot_begin(FILE *out, const char *title)
{
	node_id = 0;
	nr_boxes = 0;
	fprintf(out, "graph \"%s\" {\n  labelloc=t;\n  newrank=true;\n"
		"  fontname=\"monospace\";\n  fontsize=10;\n"
		"  node [shape=box, fontname=\"monospace\", fontsize=9];\n", title);
}

/*
 * One machine: under @label in a frame of its own when it is drawn
 * beside another, else as the whole picture.
 */
void write_dot_machine(FILE *out, const struct machine *m, const struct tree *t,
		       const char *label)
{
	if (label)
		fprintf(out, "  subgraph cluster_%d {\n    style=bold;\n", node_id++);
	fprintf(out, "  label=\"%s%s%s: %d CPUs\\nevery level: %s%s%s\";\n",
		label ? label : "", label ? ", " : "", m->name, m->nr_cpus,
		*t->common ? t->common : "no flag",
		*t->cut ? "\\nnot drawn, as a sched domain cuts across it: " : "", t->cut);
	dot_children(out, m, t, t->roots, t->nr_roots, label ? 2 : 1);
	if (label)
		fprintf(out, "  }\n");
}

void write_dot_end(FILE *out)
{
	int i;

	/* The boxes in one row, in the order written: CPUs by number. */
	if (nr_boxes > 1) {
		fprintf(out, "  { rank=same;");
		for (i = 0; i < nr_boxes; i++)
			fprintf(out, " n%d;", boxes[i]);
		fprintf(out, " }\n  ");
		for (i = 0; i < nr_boxes; i++)
			fprintf(out, "%sn%d", i ? " -- " : "", boxes[i]);
		fprintf(out, " [style=invis];\n");
	}
	fprintf(out, "}\n");
}

void write_dot(FILE *out, const struct machine *m, const struct tree *t)
{
	write_dot_begin(out, m->name);
	write_dot_machine(out, m, t, NULL);
	write_dot_end(out);
}
