/* SPDX-License-Identifier: GPL-2.0 */
/*
 * domaintree: the sched domains "make show" printed for one machine,
 * folded into a tree a reviewer can paste into a mail (text) and draw
 * (Graphviz dot).  read.c parses the kernel's lines, tree.c builds and
 * folds the tree, text.c and dot.c write it.
 */
#ifndef DOMAINTREE_H
#define DOMAINTREE_H

#include <stdbool.h>
#include <stdio.h>

#define MAX_CPUS	2048
#define MAX_LEVELS	8
#define MAX_HW		6
/* A CPU's domains with the hardware that has no level of its own. */
#define MAX_FRAMES	(MAX_LEVELS + MAX_HW)
#define WORDS		(MAX_CPUS / 64)

struct cpuset {
	unsigned long long w[WORDS];
};

struct level {
	char name[16];
	char flags[256];
	struct cpuset span;
	bool hw;		/* a hardware unit (core, chip, ...), not a domain */
	char is[64];		/* the hardware units it equals, ", " separated */
};

/* A hardware unit a CPU is in, as the fixture gives it: "core", "chip"... */
struct hw_unit {
	char name[16];
	struct cpuset span;
};

struct cpu {
	bool seen;
	int prio;
	struct cpuset llc;
	int llc_size;
	int nr_levels;
	struct level level[MAX_LEVELS];
	int nr_hw;
	struct hw_unit hw[MAX_HW];	/* smallest first */
};

struct machine {
	char name[64];
	int nr_cpus;
	struct cpu cpu[MAX_CPUS];
};

/* One sched domain: a level's span, shared by the CPUs in it. */
struct domain {
	const struct level *lvl;
	int weight;
	bool llc;		/* the LLC of the CPUs in it */
	struct domain *parent;
	struct domain **child;
	int nr_children;
	char *shape;		/* equal for domains that print the same */
};

struct tree {
	char common[256];	/* the flags every domain has, '|' separated */
	struct level *frames;	/* per CPU, MAX_FRAMES: its levels and hardware */
	char cut[64];		/* hardware units a domain cuts across, ", " separated */
	struct domain **roots;
	int nr_roots;
	struct domain *all;
	int nr_all;
};

/* read.c */
int read_machine(FILE *in, const char *path, const char *want, struct machine *m);
void cpuset_set(struct cpuset *s, int cpu);
bool cpuset_test(const struct cpuset *s, int cpu);
bool cpuset_equal(const struct cpuset *a, const struct cpuset *b);
int cpuset_weight(const struct cpuset *s);
int cpuset_first(const struct cpuset *s);
void cpuset_print(FILE *out, const struct cpuset *s);

/* tree.c: @hw puts the hardware units in, as frames or on the levels they equal */
int build_tree(const struct machine *m, struct tree *t, bool hw);
void free_tree(struct tree *t);
void own_flags(const struct tree *t, const struct domain *d, char *buf, size_t len);
int fold_groups(struct domain **d, int n, int *group_of);

/* text.c, dot.c */
void write_text(FILE *out, const struct machine *m, const struct tree *t);
void write_dot(FILE *out, const struct machine *m, const struct tree *t);
void write_dot_begin(FILE *out, const char *title);
void write_dot_machine(FILE *out, const struct machine *m, const struct tree *t,
		       const char *label);
void write_dot_end(FILE *out);
void write_preference(FILE *out, const struct machine *m, const struct domain *d, int max);
void write_spans(FILE *out, struct domain **d, int n, const int *group_of, int first, int from,
		 int max, const char *sep, void (*print)(FILE *, const struct cpuset *));

#endif
