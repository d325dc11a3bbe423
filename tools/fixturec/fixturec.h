/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fixturec - compile powerpc machine descriptions into a C header
 *
 *	fixturec [-o OUT] FILE...
 *	fixturec -l [-O CPULIST] FILE
 *
 * Each FILE describes one machine in the text a developer already has
 * (lscpu and lparstat output, and a few explicit lines; read.c lists
 * them), so that a cover letter's paste can be used as it is.
 *
 * A file is rejected ("FILE:LINE: reason" on stderr, exit status 1, no
 * output written) unless its facts agree with each other; see check_*()
 * in check.c and fixtures/README.md for the list.  The output is one
 * self-contained header: the struct definitions, one struct ppc_fixture
 * per file with the per-CPU facts the KUnit suites compare the kernel's
 * masks with, and ppc_fixtures[] / PPC_NR_FIXTURES.  Those facts are
 * derived here from the description alone, never from kernel code, so
 * that they can serve as an independent oracle.
 *
 * One file per stage: read.c parses the text into a struct fixture,
 * check.c validates it, derive.c computes the per-CPU facts and the
 * levels, emit.c writes the header, and main.c holds the command line and
 * the output file.  live.c writes, with -l, what make live compares a
 * real boot of the same shape with (masks and domains per CPU, NUMA
 * levels from the node-distance lines).  fuzz.c is the libFuzzer entry point: it runs the
 * stages without main.c.
 */
#ifndef FIXTUREC_H
#define FIXTUREC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* NR_CPUS can be at most 8192 on ppc64. */
#define MAX_CPUS		8192
/* Largest MAX_NUMNODES (NODES_SHIFT 10); also keeps ids below NONE. */
#define MAX_NODE_ID		1023
#define MAX_NODE_LINES		64
/* SMT8 is the widest POWER core; smp.c's MAX_THREAD_LIST_SIZE is 8. */
#define MAX_THREADS		8
/* smp.c parses at most MAX_THREAD_GROUP_PROPERTIES (2) blocks. */
#define MAX_TG_BLOCKS		2
/* Room for more than two full blocks, so that a third one is diagnosed. */
#define MAX_TG_WORDS		64
#define TG_SHARE_L1		1
#define TG_SHARE_L2_L3		2
#define MAX_NAME		48
#define NONE			0xffff

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define __printf(a, b)		__attribute__((format(printf, a, b)))

typedef uint32_t u32;

struct num {
	unsigned int v;
	int line;		/* 0: no such line */
};

struct range {
	unsigned int first, last;
};

struct cpulist {
	struct range *r;
	unsigned int nr;
	int line;
};

struct node {
	unsigned int id;
	struct cpulist cpus;
};

/* A node-distance line: the distance between nodes a and b, both ways. */
struct distance {
	unsigned int a, b, d;
	int line;
};
/* The kernel's LOCAL_DISTANCE, a node's distance to itself. */
#define LOCAL_DISTANCE		10
#define MAX_DISTANCE		254

struct tg_block {
	unsigned int property, nr_groups, per_group;
	const u32 *ids;	/* nr_groups * per_group thread ids */
};

enum l2_share { L2_UNSET, L2_THREAD_GROUP, L2_CORE, L2_PAIR_OF_CORES };
enum cg_kind { CG_UNSET, CG_NONE, CG_PER_GROUP, CG_IDS };

/* What the kernel's masks will be compared with, for one CPU. */
struct cpu_facts {
	unsigned int core_first, group_first, l2_first, coregroup, chip, node;
	unsigned int levels;	/* bit i: machine level i stays for this CPU */
	unsigned int hw_id;	/* its ibm,ppc-interrupt-server#s entry */
};

/*
 * The sched-domain levels a machine can have, lowest first: the threads
 * sharing an L1 (SMT), those sharing an L2 (CACHE), the coregroup (MC)
 * and the NUMA node (the top level, DIE or PKG).
 */
enum level_role { ROLE_SMT, ROLE_CACHE, ROLE_MC, ROLE_TOP };
enum level_set { SET_CORE, SET_GROUP, SET_L2, SET_COREGROUP, SET_CHIP, SET_NODE };
#define SHARES_CAPACITY	0x1	/* its CPUs are threads of one small core */
#define SHARES_LLC	0x2	/* its CPUs share the last-level cache, the L2 */
#define PACKS		0x4	/* asym packing prefers lower cores */
#define MAX_LEVELS	4

/*
 * The hardware thread id of thread @t of core @core, @threads per core:
 * a core's threads from its first id, one core's worth of ids unused
 * after each core.  emit.c writes the rule into ppc_fixtures.h as
 * PPC_FIXTURE_HW_ID(), for the machines the suites make up.
 */
#define HW_ID_RULE(threads, core, t)	(2 * (threads) * (core) + (t))
#define STRINGIFY(...)			#__VA_ARGS__
#define EXPAND_STRINGIFY(...)		STRINGIFY(__VA_ARGS__)

struct level {
	enum level_role role;
	enum level_set set;
	unsigned int flags;
};

struct fixture {
	const char *path;
	int errors;
	int last_line;

	char *name;
	int name_line;
	char **sources;
	unsigned int nr_sources;
	int source_line;

	/* lscpu */
	struct num nr_cpus, threads, cores_per_socket, sockets;
	struct num nr_nodes_decl, l1d_instances;
	struct node nodes[MAX_NODE_LINES];
	unsigned int nr_nodes;
	struct cpulist online;

	/* lparstat */
	int lpar_line;
	bool shared;
	struct num smt, lcpu, ent_centi;

	/* explicit lines */
	u32 tg[MAX_TG_WORDS];
	unsigned int tg_len;
	int tg_line;
	struct tg_block blocks[MAX_TG_BLOCKS];
	unsigned int nr_blocks;
	enum l2_share l2;
	int l2_line;
	enum cg_kind cg;
	unsigned int cg_per_group;
	unsigned int *cg_ids;
	unsigned int nr_cg_ids;
	int cg_line;
	struct distance *dist;
	unsigned int nr_dist;

	/* derived */
	unsigned int nr_cores, nr_coregroups;
	bool has_big_cores;
	bool interleaved;	/* the L1 groups interleave the thread ids */
	struct cpu_facts *cpu;
	struct level levels[MAX_LEVELS];
	unsigned int nr_levels;
	/* the topology table it should get, as a dedicated [0] and a shared [1] processor */
	struct level table[2][MAX_LEVELS];
	unsigned int nr_table[2];
};

/* read.c, with the error reporting and allocation every stage uses */
extern unsigned long errors_printed;
void __printf(3, 4) error(struct fixture *f, int line, const char *fmt, ...);
__attribute__((returns_nonnull)) void *xrealloc(void *p, size_t n);
bool read_fixture(struct fixture *f);
void free_fixture(struct fixture *f);

/* check.c: validation, which runs derive.c once the facts agree */
int tg_find(const struct fixture *f, unsigned int property);
unsigned int tg_group_of(const struct tg_block *b, unsigned int t);
bool check_fixture(struct fixture *f);
bool check_unique_names(struct fixture *fx, int n);

/* derive.c */
/*
 * The RFC ports' rules (-r), each a change to what a level asks for:
 * mc-llc makes the MC level share the LLC, interleaved-smt makes the L2
 * of big cores that interleave their thread ids pack.
 */
enum rfc_rule { RFC_MC_LLC = 1, RFC_INTERLEAVED_SMT = 2 };
extern unsigned int rfc_rules;
void derive(struct fixture *f);
void derive_levels(struct fixture *f);

/* live.c: make live's expectations for a shape, as text */
int write_live(FILE *out, struct fixture *f, const char *online);

/* emit.c */
extern const char *emit_set;
/* All in one header (the default), or the kernel's declarations or tables (-p). */
enum emit_part { EMIT_ALL, EMIT_DECLS, EMIT_DATA };
extern enum emit_part emit_part;
void put_header(FILE *out, const struct fixture *fx, int n);
int write_stream(FILE *out, const char *name, const struct fixture *fx, int n);

#endif /* FIXTUREC_H */
