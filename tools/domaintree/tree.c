// SPDX-License-Identifier: GPL-2.0
/*
 * The domains of all CPUs as one tree: a domain is a level's span, the
 * same for every CPU in it, and its parent is the next level kept above
 * it.  Two domains have the same shape when they have the same level,
 * size, flags, LLC mark and children of the same shapes: those print
 * once, folded, as lstopo folds identical cores.  For the picture, the
 * hardware units a CPU is in join its domains: a unit with the span of a
 * domain is named on it, one with no domain of its own becomes a frame
 * between the domains it nests in (a unit that would cut across one is
 * left out).
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
	cap = strlen(d->lvl->name) + strlen(d->lvl->flags) + strlen(d->lvl->is) + 32;
	for (i = 0; i < d->nr_children; i++)
		cap += strlen(d->child[i]->shape) + 1;
	s = malloc(cap);
	if (!s)
		return NULL;
	len = snprintf(s, cap, "%s/%d/%s/%s/%d(", d->lvl->name, d->weight, d->lvl->flags,
		       d->lvl->is, d->llc);
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

/* Whether @list, its items separated by @sep, names the @len bytes of @item. */
static bool in_list(const char *list, const char *sep, const char *item, size_t len)
{
	const char *p = list;
	size_t n, skip = strlen(sep);

	while (*p) {
		n = strstr(p, sep) ? (size_t)(strstr(p, sep) - p) : strlen(p);
		if (n == len && !strncmp(p, item, len))
			return true;
		p += n;
		if (*p)
			p += skip;
	}
	return false;
}

static bool has_flag(const char *list, const char *flag, size_t len)
{
	return in_list(list, "|", flag, len);
}

/* The flags every domain has: printed once, not on every line. */
static void find_common(struct tree *t)
{
	const char *p;
	size_t n, len = 0;
	int i, first;

	t->common[0] = 0;
	/* Hardware frames have no flags: the domains' are compared. */
	for (first = 0; first < t->nr_all && t->all[first].lvl->hw; first++)
		;
	if (first == t->nr_all)
		return;
	for (p = t->all[first].lvl->flags; *p; p += n + (p[n] == '|')) {
		n = strcspn(p, "|");
		for (i = first + 1; i < t->nr_all; i++)
			if (!t->all[i].lvl->hw && !has_flag(t->all[i].lvl->flags, p, n))
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

static bool cpuset_subset(const struct cpuset *a, const struct cpuset *b)
{
	int i;

	for (i = 0; i < WORDS; i++)
		if (a->w[i] & ~b->w[i])
			return false;
	return true;
}

static void name_on(struct level *l, const char *name)
{
	size_t n = strlen(l->is);

	snprintf(l->is + n, sizeof(l->is) - n, "%s%s", n ? ", " : "", name);
}

/* The answers of nests() for the machine build_tree() works on. */
static struct {
	struct cpuset span;
	bool ok;
} seen[4096];
static int nr_seen;

/*
 * Whether no domain of any CPU in @u cuts across it: each is within @u
 * or holds it.  Units repeat on every CPU in them; the answers are kept.
 */
static bool nests(const struct machine *m, const struct cpuset *u)
{
	const struct level *l;
	int cpu, i;
	bool ok = true;

	for (i = 0; i < nr_seen; i++)
		if (cpuset_equal(&seen[i].span, u))
			return seen[i].ok;
	for (cpu = 0; ok && cpu < m->nr_cpus; cpu++) {
		if (!cpuset_test(u, cpu))
			continue;
		for (l = m->cpu[cpu].level; ok && l < m->cpu[cpu].level + m->cpu[cpu].nr_levels; l++)
			ok = cpuset_subset(&l->span, u) || cpuset_subset(u, &l->span);
	}
	if (nr_seen < (int)(sizeof(seen) / sizeof(seen[0]))) {
		seen[nr_seen].span = *u;
		seen[nr_seen++].ok = ok;
	}
	return ok;
}

/*
 * @c's levels into @f, lowest first, with its hardware units if @hw:
 * each named on the frame it equals, or a frame of its own where no
 * domain cuts across it.  Returns the number of frames.
 */
static int cpu_frames(const struct machine *m, struct tree *t, const struct cpu *c, bool hw,
		      struct level *f)
{
	int n = c->nr_levels, i, j, at;
	size_t n_cut;

	memcpy(f, c->level, n * sizeof(*f));
	for (i = 0; hw && i < c->nr_hw; i++) {
		const struct hw_unit *u = &c->hw[i];
		int weight = cpuset_weight(&u->span);

		for (j = 0; j < n && !cpuset_equal(&f[j].span, &u->span); j++)
			;
		if (j < n) {
			name_on(&f[j], u->name);
			continue;
		}
		if (!nests(m, &u->span)) {
			if (!in_list(t->cut, ", ", u->name, strlen(u->name))) {
				n_cut = strlen(t->cut);
				snprintf(t->cut + n_cut, sizeof(t->cut) - n_cut, "%s%s",
					 n_cut ? ", " : "", u->name);
			}
			continue;
		}
		for (at = 0; at < n && cpuset_weight(&f[at].span) < weight; at++)
			;
		/* Units nest in each other too, as the fixture describes them. */
		if ((at > 0 && !cpuset_subset(&f[at - 1].span, &u->span)) ||
		    (at < n && !cpuset_subset(&u->span, &f[at].span)))
			continue;
		memmove(&f[at + 1], &f[at], (n - at) * sizeof(*f));
		memset(&f[at], 0, sizeof(*f));
		snprintf(f[at].name, sizeof(f[at].name), "%s", u->name);
		f[at].span = u->span;
		f[at].hw = true;
		n++;
	}
	return n;
}

int build_tree(const struct machine *m, struct tree *t, bool hw)
{
	int cpu, i, n;

	memset(t, 0, sizeof(*t));
	nr_seen = 0;
	t->all = calloc((size_t)m->nr_cpus * MAX_FRAMES, sizeof(*t->all));
	t->frames = calloc((size_t)m->nr_cpus * MAX_FRAMES, sizeof(*t->frames));
	t->roots = calloc(m->nr_cpus, sizeof(*t->roots));
	if (!t->all || !t->frames || !t->roots)
		return -1;
	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		const struct cpu *c = &m->cpu[cpu];
		struct level *f = &t->frames[cpu * MAX_FRAMES];
		struct domain *below = NULL, *d;

		n = cpu_frames(m, t, c, hw, f);
		for (i = 0; i < n; i++) {
			d = find_or_add(t, &f[i]);
			if (!f[i].hw && cpuset_equal(&d->lvl->span, &c->llc) &&
			    c->llc_size == d->weight)
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
	free(t->frames);
	free(t->roots);
}
