// SPDX-License-Identifier: GPL-2.0
/*
 * Write the header: the struct definitions, one struct ppc_fixture per
 * file, and ppc_fixtures[] / PPC_NR_FIXTURES.  With -p, in two parts for
 * the kernel: the declarations, included by every suite, and the tables,
 * compiled once.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <string.h>

#include "fixturec.h"

static const char header_types[] =
"#include <linux/types.h>\n"
"\n"
"/* No such coregroup (the machine has none). */\n"
"#define PPC_FIXTURE_NONE\t0xffff\n"
"\n"
"/* The hardware id of thread @t in core @core, @threads to a core, as fixturec gives it. */\n"
"#define PPC_FIXTURE_HW_ID(threads, core, t)\t" EXPAND_STRINGIFY(HW_ID_RULE(threads, core, t)) "\n"
"\n"
"/* What shares an L2 cache. */\n"
"enum ppc_fixture_l2_share {\n"
"\tPPC_FIXTURE_L2_THREAD_GROUP,\t/* a group of ibm,thread-groups property 2 */\n"
"\tPPC_FIXTURE_L2_CORE,\t\t/* all threads of a core */\n"
"\tPPC_FIXTURE_L2_PAIR_OF_CORES,\t/* cores 2n and 2n + 1 */\n"
"};\n"
"\n"
"/*\n"
" * The facts about one CPU that the kernel's masks are compared with,\n"
" * derived by fixturec from the machine description alone.\n"
" */\n"
"struct ppc_fixture_cpu {\n"
"\tu16 core_first;\t\t/* first CPU of its core */\n"
"\tu16 group_first;\t/* first CPU of its L1 thread group (small core) */\n"
"\tu16 l2_first;\t\t/* first CPU of the CPUs sharing its L2 */\n"
"\tu16 coregroup;\t\t/* coregroup id or PPC_FIXTURE_NONE */\n"
"\tu16 chip;\t\t/* chip (lscpu socket) */\n"
"\tu16 node;\t\t/* NUMA node */\n"
"\tu8 levels;\t\t/* bit i: the machine's level i stays for this CPU */\n"
"\tu16 hw_id;\t\t/* hardware thread id: ibm,ppc-interrupt-server#s */\n"
"};\n"
"\n"
"/*\n"
" * A machine's CPUs as the tables give them: thread t of core k is CPU\n"
" * k * threads_per_core + t, its hardware id PPC_FIXTURE_HW_ID(), and\n"
" * every core's threads are grouped alike.\n"
" */\n"
"struct ppc_fixture_thread {\n"
"\tu8 group;\t\t/* first thread of its L1 thread group */\n"
"\tu8 l2;\t\t\t/* first thread sharing its L2, from l2_core's first */\n"
"};\n"
"\n"
"struct ppc_fixture_core {\n"
"\tu16 l2_core;\t\t/* first core sharing its L2 */\n"
"\tu16 coregroup;\t\t/* coregroup id or PPC_FIXTURE_NONE */\n"
"\tu16 chip;\t\t/* chip (lscpu socket) */\n"
"\tu16 node;\t\t/* NUMA node */\n"
"\tu8 levels;\t\t/* bit i: the machine's level i stays for its CPUs */\n"
"};\n"
"\n"
"/* A set of CPUs that share something, as a level spans it. */\n"
"enum ppc_fixture_set {\n"
"\tPPC_FIXTURE_SET_CORE,\t\t/* threads of the core */\n"
"\tPPC_FIXTURE_SET_GROUP,\t\t/* threads of the L1 thread group */\n"
"\tPPC_FIXTURE_SET_L2,\t\t/* CPUs sharing the L2 */\n"
"\tPPC_FIXTURE_SET_COREGROUP,\t/* cores of the coregroup, within the node */\n"
"\tPPC_FIXTURE_SET_CHIP,\t\t/* cores of the chip */\n"
"\tPPC_FIXTURE_SET_NODE,\t\t/* CPUs of the NUMA node */\n"
"};\n"
"\n"
"/* The sched-domain levels a machine can have, lowest first. */\n"
"enum ppc_fixture_role {\n"
"\tPPC_FIXTURE_SMT,\t/* threads sharing an L1: the small core */\n"
"\tPPC_FIXTURE_CACHE,\t/* CPUs sharing an L2 */\n"
"\tPPC_FIXTURE_MC,\t\t/* the coregroup */\n"
"\tPPC_FIXTURE_TOP,\t/* the NUMA node: DIE, or PKG from 6.8 */\n"
"};\n"
"\n"
"#define PPC_FIXTURE_SHARES_CAPACITY\t0x1\t/* threads of one small core */\n"
"#define PPC_FIXTURE_SHARES_LLC\t\t0x2\t/* within the LLC, the L2 */\n"
"#define PPC_FIXTURE_PACKS\t\t0x4\t/* asym packing onto lower cores */\n"
"\n"
"struct ppc_fixture_level {\n"
"\tu8 role;\t\t/* enum ppc_fixture_role */\n"
"\tu8 set;\t\t\t/* enum ppc_fixture_set: what it spans */\n"
"\tu8 flags;\t\t/* PPC_FIXTURE_SHARES_* and PPC_FIXTURE_PACKS */\n"
"};\n"
"\n"
"struct ppc_fixture {\n"
"\tconst char *name;\n"
"\tconst char *file;\t\t/* the fixture file it came from */\n"
"\tconst char * const *sources;\t/* where its facts come from */\n"
"\tu8 nr_sources;\n"
"\tu16 nr_cpus;\n"
"\tu8 threads_per_core;\n"
"\tu16 cores_per_socket;\n"
"\tu16 sockets;\n"
"\tu16 nr_cores;\n"
"\tbool shared_processor;\t\t/* lparstat type=Shared */\n"
"\tu16 lcpu;\t\t\t/* lparstat virtual processors, 0 if none */\n"
"\tconst u32 *thread_groups;\t/* raw ibm,thread-groups, first core */\n"
"\tu8 thread_groups_len;\t\t/* in u32 words, 0 if none */\n"
"\tbool has_big_cores;\t\t/* more than one L1 thread group */\n"
"\tbool interleaved;\t\t/* L1 groups interleave thread ids */\n"
"\tu8 threads_per_group;\t\t/* L1 group size, threads_per_core if none */\n"
"\tenum ppc_fixture_l2_share l2_share;\n"
"\tbool has_coregroups;\n"
"\tu16 nr_coregroups;\t\t/* 0 without coregroups */\n"
"\tconst u16 *nodes;\t\t/* NUMA node ids listed, empty ones too */\n"
"\tu16 nr_nodes;\n"
"\t/* its levels, lowest first; which stay for a CPU is in its levels */\n"
"\tconst struct ppc_fixture_level *levels;\n"
"\tu8 nr_levels;\n"
"\t/* the topology table it should get: [0] as a dedicated, [1] as a shared processor */\n"
"\tconst struct ppc_fixture_level *table[2];\n"
"\tu8 nr_table[2];\n"
"\tconst struct ppc_fixture_thread *threads;\t/* threads_per_core entries */\n"
"\tconst struct ppc_fixture_core *cores;\t/* nr_cpus / threads_per_core entries */\n"
"\t/* nr_cpus entries, from threads and cores (fixture_state.c) */\n"
"\tstruct ppc_fixture_cpu *cpus;\n"
"};\n"
"\n"
"/* A machine and the processor mode a case brings it up in. */\n"
"struct ppc_fixture_mode {\n"
"\tconst struct ppc_fixture *fx;\n"
"\tbool shared;\t\t\t/* as a shared processor, else a dedicated one */\n"
"};\n";

static void put_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			fprintf(out, "\\%03o", (unsigned char)*s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static void ident(char *buf, const char *name)
{
	for (; *name; name++)
		*buf++ = *name == '-' ? '_' : *name;
	*buf = '\0';
}

static void put_value(FILE *out, unsigned int v)
{
	if (v == NONE)
		fputs("PPC_FIXTURE_NONE", out);
	else
		fprintf(out, "%u", v);
}

static const char * const role_names[] = {
	[ROLE_SMT] = "PPC_FIXTURE_SMT",
	[ROLE_CACHE] = "PPC_FIXTURE_CACHE",
	[ROLE_MC] = "PPC_FIXTURE_MC",
	[ROLE_TOP] = "PPC_FIXTURE_TOP",
};

static const char * const set_names[] = {
	[SET_CORE] = "PPC_FIXTURE_SET_CORE",
	[SET_GROUP] = "PPC_FIXTURE_SET_GROUP",
	[SET_L2] = "PPC_FIXTURE_SET_L2",
	[SET_COREGROUP] = "PPC_FIXTURE_SET_COREGROUP",
	[SET_CHIP] = "PPC_FIXTURE_SET_CHIP",
	[SET_NODE] = "PPC_FIXTURE_SET_NODE",
};

static const char *level_flags(unsigned int flags)
{
	static const char * const names[] = {
		"0",
		"PPC_FIXTURE_SHARES_CAPACITY",
		"PPC_FIXTURE_SHARES_LLC",
		"PPC_FIXTURE_SHARES_CAPACITY | PPC_FIXTURE_SHARES_LLC",
		"PPC_FIXTURE_PACKS",
		"PPC_FIXTURE_SHARES_CAPACITY | PPC_FIXTURE_PACKS",
		"PPC_FIXTURE_SHARES_LLC | PPC_FIXTURE_PACKS",
		"PPC_FIXTURE_SHARES_CAPACITY | PPC_FIXTURE_SHARES_LLC | PPC_FIXTURE_PACKS",
	};

	return names[flags & 7];
}

/* A list of levels, ppc_fixture_ID_WHAT[]. */
static void put_levels(FILE *out, const char *id, const char *what, const struct level *lv,
		       unsigned int nr)
{
	unsigned int i;

	fprintf(out, "static const struct ppc_fixture_level ppc_fixture_%s_%s[] = {\n", id, what);
	/* The flags on a line of their own: with two, one line is too long. */
	for (i = 0; i < nr; i++)
		fprintf(out, "\t{ %s, %s,\n\t  %s },\n", role_names[lv[i].role],
			set_names[lv[i].set], level_flags(lv[i].flags));
	fputs("};\n\n", out);
}

/*
 * The CPUs as one core's threads and a row per core (check_cores() has
 * made sure that every CPU follows from its thread's row and its core's).
 */
static void put_cores(FILE *out, const struct fixture *f, const char *id)
{
	unsigned int threads = f->threads.v, k, t;
	const struct cpu_facts *first;

	fprintf(out, "static const struct ppc_fixture_thread ppc_fixture_%s_threads[%u] = {\n"
		"\t/* group, l2 */\n", id, threads);
	for (t = 0; t < threads; t++)
		fprintf(out, "\t{ %u, %u },\n", f->cpu[t].group_first, f->cpu[t].l2_first);
	fputs("};\n\n", out);
	fprintf(out, "static const struct ppc_fixture_core ppc_fixture_%s_cores[%u] = {\n"
		"\t/* l2_core, coregroup, chip, node, levels */\n", id, f->nr_cpus.v / threads);
	for (k = 0; k < f->nr_cpus.v / threads; k++) {
		first = &f->cpu[k * threads];
		fprintf(out, "\t{ %u, ", (first->l2_first - f->cpu[0].l2_first) / threads);
		put_value(out, first->coregroup);
		fprintf(out, ", %u, %u, 0x%x },\t/* CPUs %u-%u */\n", first->chip, first->node,
			first->levels, k * threads, (k + 1) * threads - 1);
	}
	fputs("};\n\n", out);
}

static void put_arrays(FILE *out, const struct fixture *f, const char *id)
{
	unsigned int i, j, sorted[MAX_NODE_LINES], tmp;
	const struct cpu_facts *c;

	fprintf(out, "static const char * const ppc_fixture_%s_sources[] = {\n", id);
	for (i = 0; i < f->nr_sources; i++) {
		fputc('\t', out);
		put_string(out, f->sources[i]);
		fputs(",\n", out);
	}
	fputs("};\n\n", out);

	if (f->tg_len) {
		fprintf(out, "static const u32 ppc_fixture_%s_thread_groups[] = {", id);
		for (i = 0; i < f->tg_len; i++)
			fprintf(out, "%s%u,", i % 11 ? " " : "\n\t", f->tg[i]);
		fputs("\n};\n\n", out);
	}

	for (i = 0; i < f->nr_nodes; i++) {
		sorted[i] = f->nodes[i].id;
		for (j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
			tmp = sorted[j];
			sorted[j] = sorted[j - 1];
			sorted[j - 1] = tmp;
		}
	}
	fprintf(out, "static const u16 ppc_fixture_%s_nodes[] = {", id);
	for (i = 0; i < f->nr_nodes; i++)
		fprintf(out, "%s%u,", i % 12 ? " " : "\n\t", sorted[i]);
	fputs("\n};\n\n", out);

	put_cores(out, f, id);
	/* The kernel writes the rows at boot (fixture_state.c). */
	if (emit_part == EMIT_DATA) {
		fprintf(out, "static struct ppc_fixture_cpu ppc_fixture_%s_cpus[%u];\n\n",
			id, f->nr_cpus.v);
	} else {
		fprintf(out, "static struct ppc_fixture_cpu ppc_fixture_%s_cpus[%u] = {\n"
			"\t/* core_first, group_first, l2_first, coregroup, chip, node, levels, hw_id */\n",
			id, f->nr_cpus.v);
		for (i = 0; i < f->nr_cpus.v; i++) {
			c = &f->cpu[i];
			fprintf(out, "\t[%u] = { %u, %u, %u, ", i, c->core_first, c->group_first,
				c->l2_first);
			put_value(out, c->coregroup);
			fprintf(out, ", %u, %u, 0x%x, %u },\n", c->chip, c->node, c->levels,
				c->hw_id);
		}
		fputs("};\n\n", out);
	}

	put_levels(out, id, "levels", f->levels, f->nr_levels);
	put_levels(out, id, "table_dedicated", f->table[0], f->nr_table[0]);
	put_levels(out, id, "table_shared", f->table[1], f->nr_table[1]);
}

static void put_fixture(FILE *out, const struct fixture *f)
{
	static const char * const l2_names[] = {
		[L2_THREAD_GROUP] = "PPC_FIXTURE_L2_THREAD_GROUP",
		[L2_CORE] = "PPC_FIXTURE_L2_CORE",
		[L2_PAIR_OF_CORES] = "PPC_FIXTURE_L2_PAIR_OF_CORES",
	};
	int l1 = tg_find(f, TG_SHARE_L1);
	char id[MAX_NAME + 1];

	ident(id, f->name);
	fprintf(out, "/* %s */\n", base_name(f->path));
	put_arrays(out, f, id);
	fprintf(out, "static const struct ppc_fixture ppc_fixture_%s = {\n", id);
	fprintf(out, "\t.name = \"%s\",\n\t.file = ", f->name);
	put_string(out, base_name(f->path));
	fprintf(out, ",\n\t.sources = ppc_fixture_%s_sources,\n", id);
	fprintf(out, "\t.nr_sources = %u,\n", f->nr_sources);
	fprintf(out, "\t.nr_cpus = %u,\n", f->nr_cpus.v);
	fprintf(out, "\t.threads_per_core = %u,\n", f->threads.v);
	fprintf(out, "\t.cores_per_socket = %u,\n", f->cores_per_socket.v);
	fprintf(out, "\t.sockets = %u,\n", f->sockets.v);
	fprintf(out, "\t.nr_cores = %u,\n", f->nr_cores);
	fprintf(out, "\t.shared_processor = %s,\n", f->shared ? "true" : "false");
	fprintf(out, "\t.lcpu = %u,\n", f->lpar_line ? f->lcpu.v : 0);
	if (f->tg_len)
		fprintf(out, "\t.thread_groups = ppc_fixture_%s_thread_groups,\n", id);
	else
		fputs("\t.thread_groups = NULL,\n", out);
	fprintf(out, "\t.thread_groups_len = %u,\n", f->tg_len);
	fprintf(out, "\t.has_big_cores = %s,\n", f->has_big_cores ? "true" : "false");
	fprintf(out, "\t.interleaved = %s,\n", f->interleaved ? "true" : "false");
	fprintf(out, "\t.threads_per_group = %u,\n",
		l1 < 0 ? f->threads.v : f->blocks[l1].per_group);
	fprintf(out, "\t.l2_share = %s,\n", l2_names[f->l2]);
	fprintf(out, "\t.has_coregroups = %s,\n", f->cg == CG_NONE ? "false" : "true");
	fprintf(out, "\t.nr_coregroups = %u,\n", f->nr_coregroups);
	fprintf(out, "\t.nodes = ppc_fixture_%s_nodes,\n", id);
	fprintf(out, "\t.nr_nodes = %u,\n", f->nr_nodes);
	fprintf(out, "\t.levels = ppc_fixture_%s_levels,\n", id);
	fprintf(out, "\t.nr_levels = %u,\n", f->nr_levels);
	fprintf(out, "\t.table = {\n\t\tppc_fixture_%s_table_dedicated,\n"
		"\t\tppc_fixture_%s_table_shared,\n\t},\n", id, id);
	fprintf(out, "\t.nr_table = { %u, %u },\n", f->nr_table[0], f->nr_table[1]);
	fprintf(out, "\t.threads = ppc_fixture_%s_threads,\n", id);
	fprintf(out, "\t.cores = ppc_fixture_%s_cores,\n", id);
	fprintf(out, "\t.cpus = ppc_fixture_%s_cpus,\n};\n\n", id);
}

/*
 * With -n SET (emit_set), a second header of fixtures for one use: it
 * takes the types from ppc_fixtures.h, and its array and count are
 * ppc_SET_fixtures[] and PPC_NR_SET_FIXTURES (SET upper-cased), so that
 * the suites iterating over ppc_fixtures[] do not see them.
 */
const char *emit_set;
enum emit_part emit_part;

/*
 * Every machine as a dedicated and as a shared processor, in the order
 * of ppc_fixtures[]: the parameters of the cases that bring a machine up
 * in both modes, whatever mode its own LPAR runs in.
 */
static void put_modes(FILE *out, const struct fixture *fx, int n)
{
	char id[MAX_NAME + 1];
	int i;

	fputs("\nconst struct ppc_fixture_mode ppc_fixture_modes[2 * PPC_NR_FIXTURES] = {\n", out);
	for (i = 0; i < n; i++) {
		ident(id, fx[i].name);
		fprintf(out, "\t{ .fx = &ppc_fixture_%s, .shared = false },\n", id);
		fprintf(out, "\t{ .fx = &ppc_fixture_%s, .shared = true },\n", id);
	}
	fputs("};\n", out);
}

void put_header(FILE *out, const struct fixture *fx, int n)
{
	char id[MAX_NAME + 1], set[MAX_NAME + 2] = "", upper[MAX_NAME + 2] = "";
	int i;

	if (emit_set) {
		snprintf(set, sizeof(set), "%s_", emit_set);
		for (i = 0; set[i]; i++)
			upper[i] = set[i] >= 'a' && set[i] <= 'z' ? set[i] - 'a' + 'A' : set[i];
	}

	fputs(emit_part == EMIT_DATA ? "// SPDX-License-Identifier: GPL-2.0\n" :
	      "/* SPDX-License-Identifier: GPL-2.0 */\n", out);
	fputs("/*\n"
	      " * Generated by tools/fixturec from the files below; do not edit.\n"
	      " * The format and the checks are described in fixtures/README.md.\n",
	      out);
	for (i = 0; i < n; i++)
		fprintf(out, " *\t%s\n", base_name(fx[i].path));
	if (rfc_rules)
		fprintf(out, " * The levels' flags follow the rules of the RFC ports%s%s.\n",
			rfc_rules & RFC_MC_LLC ? " mc-llc" : "",
			rfc_rules & RFC_INTERLEAVED_SMT ? " interleaved-smt" : "");
	if (emit_part == EMIT_DATA) {
		fprintf(out, " */\n\n#include \"ppc_%sfixtures.h\"\n\n", set);
	} else {
		fprintf(out, " */\n#ifndef _PPC_%sFIXTURES_GENERATED_H\n"
			"#define _PPC_%sFIXTURES_GENERATED_H\n\n", upper, upper);
		if (emit_set)
			fputs("#include \"ppc_fixtures.h\"\n", out);
		else
			fputs(header_types, out);
		fputc('\n', out);
	}
	if (emit_part == EMIT_DECLS) {
		fprintf(out, "#define PPC_NR_%sFIXTURES %d\n\n"
			"extern const struct ppc_fixture * const ppc_%sfixtures[PPC_NR_%sFIXTURES];\n",
			upper, n, set, upper);
		if (!emit_set)
			fputs("extern const struct ppc_fixture_mode ppc_fixture_modes[2 * PPC_NR_FIXTURES];\n",
			      out);
		fprintf(out, "\n#endif /* _PPC_%sFIXTURES_GENERATED_H */\n", upper);
		return;
	}
	for (i = 0; i < n; i++)
		put_fixture(out, &fx[i]);
	if (emit_part == EMIT_DATA)
		fprintf(out, "const struct ppc_fixture * const ppc_%sfixtures[PPC_NR_%sFIXTURES] = {\n",
			set, upper);
	else
		fprintf(out, "static const struct ppc_fixture * const ppc_%sfixtures[] = {\n", set);
	for (i = 0; i < n; i++) {
		ident(id, fx[i].name);
		fprintf(out, "\t&ppc_fixture_%s,\n", id);
	}
	if (emit_part == EMIT_DATA) {
		fputs("};\n", out);
		if (!emit_set)
			put_modes(out, fx, n);
		return;
	}
	fprintf(out, "};\n\n#define PPC_NR_%sFIXTURES %d\n\n"
		"#endif /* _PPC_%sFIXTURES_GENERATED_H */\n", upper, n, upper);
}

/* Write the header to a stream that is already open. */
int write_stream(FILE *out, const char *name, const struct fixture *fx, int n)
{
	put_header(out, fx, n);
	if (fflush(out) || ferror(out)) {
		fprintf(stderr, "fixturec: %s: %s\n", name, strerror(errno));
		return 1;
	}
	return 0;
}
