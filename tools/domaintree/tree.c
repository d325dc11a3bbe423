// SPDX-License-Identifier: GPL-2.0
/*
 * The domains of all CPUs as one tree: a domain is a level's span, the
 * same for every CPU in it, and its parent is the next level kept above
 * it.  Two domains have the same shape when they have the same level,
 * size, flags, LLC mark and children of the same shapes: those print
 * once, folded, as lstopo folds identical cores.
 */
#include <stdlib.h>
#include <string.h>

#include "domaintree.h"

static struct domain *find_or_add(struct tree *t, const struct level *lvl)
{
	int i;

	for (i = 0; i < t->nr_all; i++)
		if (!strcmp(t->all[i].lvl->name, lvl->name) &&
		    cpuset_equal(&t->all[i].lvl->span, &lvl->span))
			return &t->all[i];
	t->all[t->nr_all].lvl = lvl;
	t->all[t->nr_all].weight = cpuset_weight(&lvl->span);
	return &t->all[t->nr_all++];
}

static int add_child(struct domain *parent, struct domain *d)
{
	struct domain **c;
	int i;

	for (i = 0; i < parent->nr_children; i++)
		if (parent->child[i] == d)
			return 0;
	c = realloc(parent->child, (parent->nr_children + 1) * sizeof(*c));
	if (!c)
		return -1;
	parent->child = c;
	parent->child[parent->nr_children++] = d;
	return 0;
}

static int by_first_cpu(const void *a, const void *b)
{
	const struct domain *x = *(struct domain * const *)a, *y = *(struct domain * const *)b;

	return cpuset_first(&x->lvl->span) - cpuset_first(&y->lvl->span);
}

static char *shape_of(struct domain *d)
{
	size_t len, cap;
	char *s;
	int i;

	if (d->shape)
		return d->shape;
	for (i = 0; i < d->nr_children; i++)
		if (!shape_of(d->child[i]))
			return NULL;
	cap = strlen(d->lvl->name) + strlen(d->lvl->flags) + 32;
	for (i = 0; i < d->nr_children; i++)
		cap += strlen(d->child[i]->shape) + 1;
	s = malloc(cap);
	if (!s)
		return NULL;
	len = snprintf(s, cap, "%s/%d/%s/%d(", d->lvl->name, d->weight, d->lvl->flags, d->llc);
	for (i = 0; i < d->nr_children; i++)
		len += snprintf(s + len, cap - len, "%s,", d->child[i]->shape);
	snprintf(s + len, cap - len, ")");
	d->shape = s;
	return s;
}

/*
 * Group @d[0..n-1] by shape, in order of first appearance: group_of[i]
 * is the index of the first domain of i's group.  Returns the number of
 * groups.
 */
int fold_groups(struct domain **d, int n, int *group_of)
{
	int i, j, groups = 0;

	for (i = 0; i < n; i++) {
		group_of[i] = i;
		for (j = 0; j < i; j++)
			if (group_of[j] == j && !strcmp(d[i]->shape, d[j]->shape)) {
				group_of[i] = j;
				break;
			}
		groups += group_of[i] == i;
	}
	return groups;
}

/* Whether the '|' separated @list names @flag. */
static bool has_flag(const char *list, const char *flag, size_t len)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, "|");

		if (n == len && !strncmp(p, flag, len))
			return true;
		p += n + (p[n] == '|');
	}
	return false;
}

/* The flags every domain has: printed once, not on every line. */
static void find_common(struct tree *t)
{
	const char *p;
	size_t n, len = 0;
	int i;

	t->common[0] = 0;
	if (!t->nr_all)
		return;
	for (p = t->all[0].lvl->flags; *p; p += n + (p[n] == '|')) {
		n = strcspn(p, "|");
		for (i = 1; i < t->nr_all; i++)
			if (!has_flag(t->all[i].lvl->flags, p, n))
				break;
		if (i == t->nr_all && n && strncmp(p, "-", n))
			len += snprintf(t->common + len, sizeof(t->common) - len, "%s%.*s",
					len ? "|" : "", (int)n, p);
	}
}

/* @d's flags without the common ones, or "-". */
void own_flags(const struct tree *t, const struct domain *d, char *buf, size_t len)
{
	const char *p;
	size_t n, used = 0;

	buf[0] = 0;
	for (p = d->lvl->flags; *p; p += n + (p[n] == '|')) {
		n = strcspn(p, "|");
		if (!has_flag(t->common, p, n) && strncmp(p, "-", n))
			used += snprintf(buf + used, len - used, "%s%.*s", used ? "|" : "", (int)n, p);
	}
	if (!used)
		snprintf(buf, len, "-");
}

int build_tree(const struct machine *m, struct tree *t)
{
	int cpu, i;

	memset(t, 0, sizeof(*t));
	t->all = calloc((size_t)m->nr_cpus * MAX_LEVELS, sizeof(*t->all));
	t->roots = calloc(m->nr_cpus, sizeof(*t->roots));
	if (!t->all || !t->roots)
		return -1;
	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		const struct cpu *c = &m->cpu[cpu];
		struct domain *below = NULL, *d;

		for (i = 0; i < c->nr_levels; i++) {
			d = find_or_add(t, &c->level[i]);
			if (cpuset_equal(&d->lvl->span, &c->llc) && c->llc_size == d->weight)
				d->llc = true;
			if (below) {
				if (below->parent && below->parent != d) {
					fprintf(stderr, "CPU %d: %s domain has two parents\n", cpu,
						below->lvl->name);
					return -1;
				}
				below->parent = d;
				if (add_child(d, below))
					return -1;
			}
			below = d;
		}
		if (below && !below->parent) {
			for (i = 0; i < t->nr_roots && t->roots[i] != below; i++)
				;
			if (i == t->nr_roots)
				t->roots[t->nr_roots++] = below;
		}
	}
	for (i = 0; i < t->nr_all; i++)
		qsort(t->all[i].child, t->all[i].nr_children, sizeof(*t->all[i].child),
		      by_first_cpu);
	qsort(t->roots, t->nr_roots, sizeof(*t->roots), by_first_cpu);
	find_common(t);
	for (i = 0; i < t->nr_roots; i++)
		if (!shape_of(t->roots[i]))
			return -1;
	return 0;
}

void free_tree(struct tree *t)
{
	int i;

	for (i = 0; i < t->nr_all; i++) {
		free(t->all[i].child);
		free(t->all[i].shape);
	}
	free(t->all);
	free(t->roots);
}
