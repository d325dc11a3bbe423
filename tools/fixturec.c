// SPDX-License-Identifier: GPL-2.0
/*
 * fixturec - compile powerpc machine descriptions into a C header
 *
 *	fixturec [-o OUT] FILE...
 *
 * Each FILE describes one machine in the text a developer already has,
 * so that a cover letter's paste can be used as it is:
 *
 *  - lscpu output, "Key: value" lines.  Read: "CPU(s)", "Thread(s) per
 *    core", "Core(s) per socket", "Socket(s)", "NUMA node(s)", "NUMA nodeN
 *    CPU(s)" (may be empty), "On-line CPU(s) list" and the instance count
 *    of "L1d cache"/"L1d".  Every other lscpu line (their keys start with
 *    a capital letter) is ignored, whatever it says.
 *
 *  - the lparstat header, "type=Shared mode=Uncapped smt=8 lcpu=96 mem=...
 *    kB cpus=96 ent=64.00", alone or after "System configuration:".  Read:
 *    type (Shared or Dedicated), smt, lcpu and ent; other fields ignored.
 *    Optional: bare-metal hosts have none and are not shared processors.
 *
 *  - explicit lines for what lscpu does not say (keys are lower case and
 *    an unknown one is an error):
 *	name: <a-z0-9->			the fixture's name and C identifier
 *	source: <text>			where a fact comes from (one or more)
 *	thread-groups: <u32>... | none	raw ibm,thread-groups of the first core
 *	l2-shared-by: thread-group | core | pair-of-cores
 *	coregroup: none | cores-per-group N | ids ID...  (ids: one per core)
 *
 *  - comments ('#' first), blank lines, and the command lines of a paste
 *    ("lscpu", "$ lscpu", "lparstat", "System Configuration").
 *
 * A file is rejected ("FILE:LINE: reason" on stderr, exit status 1, no
 * output written) unless its facts agree with each other; see check_*()
 * below and fixtures/README.md for the list.  The output is one
 * self-contained header: the struct definitions, one struct ppc_fixture
 * per file with the per-CPU facts the KUnit suites compare the kernel's
 * masks with, and ppc_fixtures[] / PPC_NR_FIXTURES.  Those facts are
 * derived here from the description alone, never from kernel code, so
 * that they can serve as an independent oracle.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

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

	/* derived */
	unsigned int nr_cores, nr_coregroups;
	bool has_big_cores;
	bool interleaved;	/* the L1 groups interleave the thread ids */
	struct cpu_facts *cpu;
	struct level levels[MAX_LEVELS];
	unsigned int nr_levels;
};

/* FILE:LINE errors printed so far: the fuzzer checks every failure has one. */
static unsigned long errors_printed;

static void __printf(3, 4) error(struct fixture *f, int line, const char *fmt, ...)
{
	va_list ap;

	errors_printed++;
	fprintf(stderr, "%s:%d: ", f->path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	f->errors++;
}

/* Never returns NULL: out of memory ends the run. */
static void * __attribute__((returns_nonnull)) xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		perror("fixturec");
		exit(1);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xrealloc(NULL, n), s, n);
}

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

/*
 * Strict unsigned parse of the whole of @s: digits only (or 0x and hex
 * digits when @hex), no sign, no blanks, at most @max.  strtoul() alone
 * would accept " -1" and "12abc".
 */
static bool parse_uint_base(const char *s, unsigned long max, bool hex,
			    unsigned int *out)
{
	unsigned long v;
	int base = 10;
	char *end;

	if (hex && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		if (!isxdigit((unsigned char)*s))
			return false;
	} else if (!isdigit((unsigned char)*s)) {
		return false;
	}
	errno = 0;
	v = strtoul(s, &end, base);
	if (errno || *end || v > max)
		return false;
	*out = v;
	return true;
}

static bool parse_uint(const char *s, unsigned long max, unsigned int *out)
{
	return parse_uint_base(s, max, false, out);
}

/* "64.00" -> 6400: lparstat prints entitlement with two decimals. */
static bool parse_centi(const char *s, unsigned int *out)
{
	unsigned int whole, frac = 0;
	char buf[16], *dot;
	size_t n = strlen(s);

	if (n >= sizeof(buf))
		return false;
	memcpy(buf, s, n + 1);
	dot = strchr(buf, '.');
	if (dot) {
		*dot++ = '\0';
		n = strlen(dot);
		if (n < 1 || n > 2 || !parse_uint(dot, 99, &frac))
			return false;
		if (n == 1)
			frac *= 10;
	}
	if (!parse_uint(buf, 100000, &whole))
		return false;
	*out = whole * 100 + frac;
	return true;
}

/* lscpu's list syntax: "0-7,32-39"; an empty list is valid. */
static bool parse_cpulist(char *s, struct cpulist *l, int line)
{
	char *save, *tok, *dash;
	struct range r;

	l->line = line;
	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		tok = trim(tok);
		dash = strchr(tok, '-');
		if (dash)
			*dash = '\0';
		if (!parse_uint(tok, MAX_CPUS - 1, &r.first))
			return false;
		r.last = r.first;
		if (dash && (!parse_uint(dash + 1, MAX_CPUS - 1, &r.last) ||
			     r.last < r.first))
			return false;
		l->r = xrealloc(l->r, (l->nr + 1) * sizeof(*l->r));
		l->r[l->nr++] = r;
	}
	return true;
}

static void set_num(struct fixture *f, struct num *n, int line,
		    const char *key, const char *val, unsigned long max)
{
	if (n->line) {
		error(f, line, "duplicate '%s' line (first at line %d)", key, n->line);
		return;
	}
	if (!parse_uint(val, max, &n->v) || !n->v) {
		error(f, line, "'%s': malformed number '%s' (want 1..%lu)", key, val, max);
		return;
	}
	n->line = line;
}

/* "NUMA node4 CPU(s)": returns true and the id if @key has that shape. */
static bool numa_node_key(struct fixture *f, int line, const char *key,
			  unsigned int *id, bool *bad)
{
	static const char pre[] = "NUMA node", post[] = " CPU(s)";
	size_t n = strlen(key);
	char buf[32];

	*bad = false;
	if (strncmp(key, pre, sizeof(pre) - 1) || n < sizeof(pre) + sizeof(post) - 2 ||
	    strcmp(key + n - (sizeof(post) - 1), post))
		return false;
	n -= sizeof(pre) + sizeof(post) - 2;
	if (n >= sizeof(buf) || !n) {
		*bad = true;
	} else {
		memcpy(buf, key + sizeof(pre) - 1, n);
		buf[n] = '\0';
		*bad = !parse_uint(buf, MAX_NODE_ID, id);
	}
	if (*bad)
		error(f, line, "malformed NUMA node id in '%s' (want 0..%d)", key,
		      MAX_NODE_ID);
	return true;
}

static void parse_numa_node(struct fixture *f, int line, unsigned int id, char *val)
{
	struct node *nd;
	unsigned int i;

	for (i = 0; i < f->nr_nodes; i++) {
		if (f->nodes[i].id == id) {
			error(f, line, "NUMA node%u listed twice (first at line %d)",
			      id, f->nodes[i].cpus.line);
			return;
		}
	}
	if (f->nr_nodes == MAX_NODE_LINES) {
		error(f, line, "more than %d NUMA node lines", MAX_NODE_LINES);
		return;
	}
	nd = &f->nodes[f->nr_nodes++];
	nd->id = id;
	if (!parse_cpulist(val, &nd->cpus, line))
		error(f, line, "malformed CPU list for NUMA node%u", id);
}

/* "6 MiB (192 instances)": the count tells how many L1s the CPUs have. */
static void parse_l1d(struct fixture *f, int line, const char *val)
{
	const char *p = strchr(val, '(');
	char buf[16];
	size_t n;

	if (!p)
		return;		/* older lscpu prints only a size */
	p++;
	n = strspn(p, "0123456789");
	if (!n || n >= sizeof(buf) || strncmp(p + n, " instance", 9))
		return;		/* not the shape we know: leave it to lscpu */
	memcpy(buf, p, n);
	buf[n] = '\0';
	set_num(f, &f->l1d_instances, line, "L1d cache", buf, MAX_CPUS);
}

/* An lscpu line: read the few fixturec needs, ignore the others. */
static void parse_lscpu(struct fixture *f, int line, const char *key, char *val)
{
	static const struct {
		const char *key;
		size_t off;
		unsigned long max;
	} nums[] = {
		{ "CPU(s)", offsetof(struct fixture, nr_cpus), MAX_CPUS },
		{ "Thread(s) per core", offsetof(struct fixture, threads), MAX_THREADS },
		{ "Core(s) per socket", offsetof(struct fixture, cores_per_socket), MAX_CPUS },
		{ "Socket(s)", offsetof(struct fixture, sockets), MAX_CPUS },
		{ "NUMA node(s)", offsetof(struct fixture, nr_nodes_decl), MAX_NODE_LINES },
	};
	unsigned int i, id;
	bool bad;

	for (i = 0; i < ARRAY_SIZE(nums); i++) {
		if (!strcmp(key, nums[i].key)) {
			set_num(f, (struct num *)((char *)f + nums[i].off), line,
				key, val, nums[i].max);
			return;
		}
	}
	if (numa_node_key(f, line, key, &id, &bad)) {
		if (!bad)
			parse_numa_node(f, line, id, val);
	} else if (!strcmp(key, "On-line CPU(s) list")) {
		if (f->online.line)
			error(f, line, "duplicate '%s' line (first at line %d)", key,
			      f->online.line);
		else if (!parse_cpulist(val, &f->online, line))
			error(f, line, "malformed CPU list '%s'", val);
	} else if (!strcmp(key, "L1d cache") || !strcmp(key, "L1d")) {
		parse_l1d(f, line, val);
	}
	/* Anything else is a verbatim lscpu line fixturec has no use for. */
}

static void parse_lparstat(struct fixture *f, int line, char *s)
{
	char *save, *tok, *eq;
	bool has_type = false;

	if (f->lpar_line) {
		error(f, line, "duplicate lparstat line (first at line %d)", f->lpar_line);
		return;
	}
	f->lpar_line = line;
	for (tok = strtok_r(s, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		eq = strchr(tok, '=');
		if (!eq)
			continue;	/* the "kB" after mem= */
		*eq++ = '\0';
		if (!strcmp(tok, "type")) {
			has_type = true;
			if (!strcmp(eq, "Shared"))
				f->shared = true;
			else if (strcmp(eq, "Dedicated"))
				error(f, line, "lparstat type=%s: want Shared or Dedicated", eq);
		} else if (!strcmp(tok, "smt")) {
			set_num(f, &f->smt, line, "lparstat smt", eq, MAX_THREADS);
		} else if (!strcmp(tok, "lcpu")) {
			set_num(f, &f->lcpu, line, "lparstat lcpu", eq, MAX_CPUS);
		} else if (!strcmp(tok, "ent")) {
			if (!parse_centi(eq, &f->ent_centi.v))
				error(f, line, "lparstat ent=%s: malformed number", eq);
			else
				f->ent_centi.line = line;
		}
	}
	if (!has_type)
		error(f, line, "lparstat line without type=");
	if (!f->smt.line || !f->lcpu.line)
		error(f, line, "lparstat line without smt= and lcpu=");
}

static void parse_name(struct fixture *f, int line, char *val)
{
	size_t n = strspn(val, "abcdefghijklmnopqrstuvwxyz0123456789-");

	if (f->name_line) {
		error(f, line, "duplicate 'name' line (first at line %d)", f->name_line);
		return;
	}
	if (!*val || val[n] || n > MAX_NAME || val[0] == '-') {
		error(f, line, "name '%s': want 1..%d of [a-z0-9-], not starting with '-'",
		      val, MAX_NAME);
		return;
	}
	f->name = xstrdup(val);
	f->name_line = line;
}

static void parse_source(struct fixture *f, int line, char *val)
{
	if (!*val) {
		error(f, line, "empty 'source' line");
		return;
	}
	f->sources = xrealloc(f->sources, (f->nr_sources + 1) * sizeof(*f->sources));
	f->sources[f->nr_sources++] = xstrdup(val);
	if (!f->source_line)
		f->source_line = line;
}

/* Decimal or 0x-hex words: lsprop dumps print the property in hex. */
static void parse_thread_groups(struct fixture *f, int line, char *val)
{
	char *save, *tok;
	unsigned int v;

	if (f->tg_line) {
		error(f, line, "duplicate 'thread-groups' line (first at line %d)", f->tg_line);
		return;
	}
	f->tg_line = line;
	if (!strcmp(val, "none"))
		return;
	for (tok = strtok_r(val, " \t,", &save); tok; tok = strtok_r(NULL, " \t,", &save)) {
		if (!parse_uint_base(tok, UINT32_MAX, true, &v)) {
			error(f, line, "thread-groups: malformed number '%s'", tok);
			return;
		}
		if (f->tg_len == MAX_TG_WORDS) {
			error(f, line, "thread-groups: more than %d words", MAX_TG_WORDS);
			return;
		}
		f->tg[f->tg_len++] = v;
	}
	if (!f->tg_len)
		error(f, line, "thread-groups: empty (write 'none' if there are none)");
}

static void parse_l2(struct fixture *f, int line, char *val)
{
	if (f->l2_line) {
		error(f, line, "duplicate 'l2-shared-by' line (first at line %d)", f->l2_line);
		return;
	}
	if (!strcmp(val, "thread-group")) {
		f->l2 = L2_THREAD_GROUP;
	} else if (!strcmp(val, "core")) {
		f->l2 = L2_CORE;
	} else if (!strcmp(val, "pair-of-cores")) {
		f->l2 = L2_PAIR_OF_CORES;
	} else {
		error(f, line, "l2-shared-by '%s': want thread-group, core or pair-of-cores",
		      val);
		return;
	}
	f->l2_line = line;
}

static void parse_coregroup(struct fixture *f, int line, char *val)
{
	char *save, *tok = strtok_r(val, " \t", &save);
	unsigned int v;

	if (f->cg_line) {
		error(f, line, "duplicate 'coregroup' line (first at line %d)", f->cg_line);
		return;
	}
	f->cg_line = line;
	if (tok && !strcmp(tok, "none") && !strtok_r(NULL, " \t", &save)) {
		f->cg = CG_NONE;
	} else if (tok && !strcmp(tok, "cores-per-group")) {
		tok = strtok_r(NULL, " \t", &save);
		if (!tok || !parse_uint(tok, MAX_CPUS, &f->cg_per_group) ||
		    !f->cg_per_group || strtok_r(NULL, " \t", &save))
			error(f, line, "coregroup: want 'cores-per-group N', N >= 1");
		else
			f->cg = CG_PER_GROUP;
	} else if (tok && !strcmp(tok, "ids")) {
		while ((tok = strtok_r(NULL, " \t,", &save))) {
			if (!parse_uint(tok, NONE - 1, &v)) {
				error(f, line, "coregroup: malformed id '%s'", tok);
				return;
			}
			f->cg_ids = xrealloc(f->cg_ids, (f->nr_cg_ids + 1) * sizeof(v));
			f->cg_ids[f->nr_cg_ids++] = v;
		}
		f->cg = CG_IDS;
	} else {
		error(f, line, "coregroup: want 'none', 'cores-per-group N' or 'ids ID...'");
	}
}

static void parse_explicit(struct fixture *f, int line, const char *key, char *val)
{
	static const struct {
		const char *key;
		void (*parse)(struct fixture *f, int line, char *val);
	} keys[] = {
		{ "name", parse_name },
		{ "source", parse_source },
		{ "thread-groups", parse_thread_groups },
		{ "l2-shared-by", parse_l2 },
		{ "coregroup", parse_coregroup },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (!strcmp(key, keys[i].key)) {
			keys[i].parse(f, line, val);
			return;
		}
	}
	error(f, line, "unknown key '%s'", key);
}

/* The command and heading lines of a pasted terminal session. */
static bool is_paste_noise(const char *s)
{
	static const char * const noise[] = {
		"lscpu", "$ lscpu", "lparstat", "$ lparstat", "System Configuration",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(noise); i++)
		if (!strcasecmp(s, noise[i]))
			return true;
	return false;
}

static void parse_line(struct fixture *f, int line, char *s)
{
	char *colon, *key, *val;

	s = trim(s);
	if (!*s || *s == '#' || is_paste_noise(s))
		return;
	if (!strncmp(s, "type=", 5)) {
		parse_lparstat(f, line, s);
		return;
	}
	colon = strchr(s, ':');
	if (!colon) {
		error(f, line, "not an lscpu 'Key: value', lparstat 'type=...' or explicit line");
		return;
	}
	*colon = '\0';
	key = trim(s);
	val = trim(colon + 1);
	if (!strcasecmp(key, "System configuration") && !strncmp(val, "type=", 5))
		parse_lparstat(f, line, val);
	else if (islower((unsigned char)key[0]))
		parse_explicit(f, line, key, val);
	else
		parse_lscpu(f, line, key, val);
}

static bool read_fixture(struct fixture *f)
{
	FILE *fp = fopen(f->path, "r");
	size_t cap = 0;
	char *buf = NULL;
	int line = 0;

	if (!fp) {
		fprintf(stderr, "%s:0: cannot open: %s\n", f->path, strerror(errno));
		errors_printed++;
		f->errors++;
		return false;
	}
	ssize_t len;

	while ((len = getline(&buf, &cap, fp)) >= 0) {
		if (strlen(buf) != (size_t)len)
			error(f, ++line, "NUL byte in line");
		else
			parse_line(f, ++line, buf);
	}
	free(buf);
	fclose(fp);
	f->last_line = line ? line : 1;
	return !f->errors;
}

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
static int tg_find(const struct fixture *f, unsigned int property)
{
	unsigned int i;

	for (i = 0; i < f->nr_blocks; i++)
		if (f->blocks[i].property == property)
			return i;
	return -1;
}

/* The group index of thread @t in @b; check_tg_block() made it exist. */
static unsigned int tg_group_of(const struct tg_block *b, unsigned int t)
{
	unsigned int i;

	for (i = 0; i < b->nr_groups * b->per_group; i++)
		if (b->ids[i] == t)
			return i / b->per_group;
	return 0;
}

/* The lowest thread id of group @g, i.e. cpumask_first() of the group. */
static unsigned int tg_group_first(const struct tg_block *b, unsigned int g)
{
	unsigned int i, first = UINT32_MAX;

	for (i = 0; i < b->per_group; i++)
		if (b->ids[g * b->per_group + i] < first)
			first = b->ids[g * b->per_group + i];
	return first;
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

static unsigned int coregroup_of(const struct fixture *f, unsigned int core)
{
	switch (f->cg) {
	case CG_PER_GROUP:
		return core / f->cg_per_group;
	case CG_IDS:
		return f->cg_ids[core];
	default:
		return NONE;
	}
}

/* First CPU of the L2 sharing set of thread @t of @core. */
static unsigned int l2_first_of(const struct fixture *f, unsigned int core, unsigned int t)
{
	const struct tg_block *b;

	switch (f->l2) {
	case L2_THREAD_GROUP:
		b = &f->blocks[tg_find(f, TG_SHARE_L2_L3)];
		return core * f->threads.v + tg_group_first(b, tg_group_of(b, t));
	case L2_PAIR_OF_CORES:
		return (core & ~1u) * f->threads.v;
	default:
		return core * f->threads.v;
	}
}

/*
 * Whether the groups of @b interleave the threads of the core, as the
 * interleaved big-core RFC describes POWER9's ({0,2,4,6} and {1,3,5,7}):
 * with n groups, the first n threads are in n different groups and each
 * later thread is in the group of the thread n before it.
 */
static bool interleaves(const struct tg_block *b)
{
	unsigned int n = b->nr_groups, total = n * b->per_group, t, u;

	for (t = 0; t < n; t++)
		for (u = 0; u < t; u++)
			if (tg_group_of(b, t) == tg_group_of(b, u))
				return false;
	for (t = n; t < total; t++)
		if (tg_group_of(b, t) != tg_group_of(b, t - n))
			return false;
	return true;
}

/*
 * The per-CPU facts.  Thread ids in ibm,thread-groups are those of the
 * first core; every core is assumed to have the same grouping, applied
 * to its own first CPU.
 */
static void derive(struct fixture *f)
{
	int l1 = tg_find(f, TG_SHARE_L1);
	const struct tg_block *b = l1 < 0 ? NULL : &f->blocks[l1];
	unsigned int cpu, core, t;
	struct cpu_facts *c;

	f->has_big_cores = b && b->nr_groups > 1;
	f->interleaved = f->has_big_cores && interleaves(b);
	for (cpu = 0; cpu < f->nr_cpus.v; cpu++) {
		c = &f->cpu[cpu];
		core = cpu / f->threads.v;
		t = cpu % f->threads.v;
		c->core_first = core * f->threads.v;
		c->group_first = c->core_first;
		if (b)
			c->group_first += tg_group_first(b, tg_group_of(b, t));
		c->l2_first = l2_first_of(f, core, t);
		c->coregroup = coregroup_of(f, core);
		/* lscpu counts sockets by chip: cores are numbered chip by chip */
		c->chip = core / f->cores_per_socket.v;
	}
}

static unsigned int set_id(const struct fixture *f, enum level_set set, unsigned int cpu)
{
	const struct cpu_facts *c = &f->cpu[cpu];

	switch (set) {
	case SET_CORE:
		return c->core_first;
	case SET_GROUP:
		return c->group_first;
	case SET_L2:
		return c->l2_first;
	case SET_COREGROUP:
		return c->coregroup;
	case SET_CHIP:
		return c->chip;
	default:
		return c->node;
	}
}

/* How many CPUs share @set with @cpu; a coregroup never leaves its node. */
static unsigned int set_weight(const struct fixture *f, enum level_set set, unsigned int cpu)
{
	unsigned int other, n = 0;

	for (other = 0; other < f->nr_cpus.v; other++)
		n += set_id(f, set, other) == set_id(f, set, cpu) &&
		     (set != SET_COREGROUP || f->cpu[other].node == f->cpu[cpu].node);
	return n;
}

/*
 * The levels a machine of this shape ends with, from its description and
 * the postings, never from kernel code.  It has a level for each thing
 * its CPUs share: an L1 (the small core the scheduler sees as the SMT
 * level), an L2, a coregroup on dedicated processors (the shared-processor
 * series gives shared processors no MC level: the hypervisor does not say
 * where their cores are), and a NUMA node.  A level spanning no more CPUs
 * than the one below it balances nothing, and the scheduler drops it, as
 * it drops a level of one CPU; the lower of two equal levels is the one
 * kept.  The LLC is the L2: every level within it shares the LLC.
 * Shared processors with big cores pack onto lower cores at every level
 * above the small core (the series' asym packing).
 */
static void derive_levels(struct fixture *f)
{
	bool packs = f->shared && f->has_big_cores;
	unsigned int cpu, i, last, w;

	f->nr_levels = 0;
	f->levels[f->nr_levels++] = (struct level){ ROLE_SMT, SET_GROUP, SHARES_CAPACITY };
	f->levels[f->nr_levels++] = (struct level){ ROLE_CACHE, SET_L2, packs ? PACKS : 0 };
	if (!f->shared && f->cg != CG_NONE)
		f->levels[f->nr_levels++] = (struct level){ ROLE_MC, SET_COREGROUP,
							    packs ? PACKS : 0 };
	f->levels[f->nr_levels++] = (struct level){ ROLE_TOP, SET_NODE, packs ? PACKS : 0 };

	for (cpu = 0; cpu < f->nr_cpus.v; cpu++) {
		unsigned int l2 = set_weight(f, SET_L2, cpu);

		f->cpu[cpu].levels = 0;
		last = 1;
		for (i = 0; i < f->nr_levels; i++) {
			w = set_weight(f, f->levels[i].set, cpu);
			if (w <= last)
				continue;
			f->cpu[cpu].levels |= 1u << i;
			last = w;
		}
		/* Homogeneous machines: the LLC flag is a property of the level. */
		for (i = 0; i < f->nr_levels; i++)
			if (set_weight(f, f->levels[i].set, cpu) <= l2)
				f->levels[i].flags |= SHARES_LLC;
	}
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

static bool check_fixture(struct fixture *f)
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
	if (!check_thread_groups(f) || !check_l2_and_coregroup(f) || f->errors)
		return false;
	check_l1d(f);
	derive(f);
	derive_levels(f);
	check_nesting(f);
	return !f->errors;
}

/* The fixture names become C identifiers: they must be unique. */
static bool check_unique_names(struct fixture *fx, int n)
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

/* ---- output ---- */

static const char header_types[] =
"#include <linux/types.h>\n"
"\n"
"/* No such coregroup (the machine has none). */\n"
"#define PPC_FIXTURE_NONE\t0xffff\n"
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
"\tconst struct ppc_fixture_cpu *cpus;\t/* nr_cpus entries */\n"
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

	fprintf(out, "static const struct ppc_fixture_cpu ppc_fixture_%s_cpus[%u] = {\n"
		"\t/* core_first, group_first, l2_first, coregroup, chip, node, levels */\n",
		id, f->nr_cpus.v);
	for (i = 0; i < f->nr_cpus.v; i++) {
		c = &f->cpu[i];
		fprintf(out, "\t[%u] = { %u, %u, %u, ", i, c->core_first, c->group_first,
			c->l2_first);
		put_value(out, c->coregroup);
		fprintf(out, ", %u, %u, 0x%x },\n", c->chip, c->node, c->levels);
	}
	fputs("};\n\n", out);

	fprintf(out, "static const struct ppc_fixture_level ppc_fixture_%s_levels[] = {\n", id);
	/* The flags on a line of their own: with two, one line is too long. */
	for (i = 0; i < f->nr_levels; i++)
		fprintf(out, "\t{ %s, %s,\n\t  %s },\n", role_names[f->levels[i].role],
			set_names[f->levels[i].set], level_flags(f->levels[i].flags));
	fputs("};\n\n", out);
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
	fprintf(out, "\t.cpus = ppc_fixture_%s_cpus,\n};\n\n", id);
}

static void put_header(FILE *out, const struct fixture *fx, int n)
{
	char id[MAX_NAME + 1];
	int i;

	fputs("/* SPDX-License-Identifier: GPL-2.0 */\n"
	      "/*\n"
	      " * Generated by tools/fixturec from the files below; do not edit.\n"
	      " * The format and the checks are described in fixtures/README.md.\n",
	      out);
	for (i = 0; i < n; i++)
		fprintf(out, " *\t%s\n", base_name(fx[i].path));
	fputs(" */\n#ifndef _PPC_FIXTURES_GENERATED_H\n"
	      "#define _PPC_FIXTURES_GENERATED_H\n\n", out);
	fputs(header_types, out);
	fputc('\n', out);
	for (i = 0; i < n; i++)
		put_fixture(out, &fx[i]);
	fputs("static const struct ppc_fixture * const ppc_fixtures[] = {\n", out);
	for (i = 0; i < n; i++) {
		ident(id, fx[i].name);
		fprintf(out, "\t&ppc_fixture_%s,\n", id);
	}
	fprintf(out, "};\n\n#define PPC_NR_FIXTURES %d\n\n"
		"#endif /* _PPC_FIXTURES_GENERATED_H */\n", n);
}

/* Write the header to a stream that is already open. */
static int write_stream(FILE *out, const char *name, const struct fixture *fx, int n)
{
	put_header(out, fx, n);
	if (fflush(out) || ferror(out)) {
		fprintf(stderr, "fixturec: %s: %s\n", name, strerror(errno));
		return 1;
	}
	return 0;
}

/*
 * Write to a temporary file next to @path and rename it into place only
 * once complete, so that a failure never leaves a partial header behind
 * (an existing @path is left as it was).  The header gets the mode a new
 * file gets under the umask, not mkstemp()'s 0600.  An existing @path
 * that is not a regular file (/dev/null, a pipe, a terminal) is written
 * through: renaming over it would replace a device with a file.
 */
static int write_output(const char *path, const struct fixture *fx, int n)
{
	struct stat st;
	mode_t mask;
	char *tmp;
	FILE *out;
	int fd, ret;

	if (!path)
		return write_stream(stdout, "stdout", fx, n);
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		out = fopen(path, "w");
		if (!out) {
			fprintf(stderr, "fixturec: %s: %s\n", path, strerror(errno));
			return 1;
		}
		ret = write_stream(out, path, fx, n);
		if (fclose(out) && !ret) {
			fprintf(stderr, "fixturec: %s: %s\n", path, strerror(errno));
			ret = 1;
		}
		return ret;
	}
	tmp = xrealloc(NULL, strlen(path) + sizeof(".tmpXXXXXX"));
	sprintf(tmp, "%s.tmpXXXXXX", path);
	fd = mkstemp(tmp);
	mask = umask(0);
	umask(mask);
	if (fd >= 0 && fchmod(fd, 0666 & ~mask)) {
		close(fd);
		unlink(tmp);
		fd = -1;
	}
	out = fd < 0 ? NULL : fdopen(fd, "w");
	if (!out) {
		fprintf(stderr, "fixturec: %s: %s\n", tmp, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		return 1;
	}
	put_header(out, fx, n);
	if (fflush(out) || ferror(out) || fclose(out) || rename(tmp, path)) {
		fprintf(stderr, "fixturec: %s: %s\n", path, strerror(errno));
		unlink(tmp);
		free(tmp);
		return 1;
	}
	free(tmp);
	return 0;
}

/* Everything read_fixture() and check_fixture() allocated. */
static void free_fixture(struct fixture *f)
{
	unsigned int i;

	free(f->name);
	for (i = 0; i < f->nr_sources; i++)
		free(f->sources[i]);
	free(f->sources);
	for (i = 0; i < f->nr_nodes; i++)
		free(f->nodes[i].cpus.r);
	free(f->online.r);
	free(f->cg_ids);
	free(f->cpu);
}

static void usage_exit(void)
{
	fputs("usage: fixturec [-o OUT] FILE...\n", stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *out_path = NULL;
	struct fixture *fx;
	bool ok = true;
	int opt, i, n, ret;

	while ((opt = getopt(argc, argv, "o:h")) != -1) {
		if (opt != 'o')
			usage_exit();
		out_path = optarg;
	}
	n = argc - optind;
	if (n < 1)
		usage_exit();
	fx = xrealloc(NULL, n * sizeof(*fx));
	memset(fx, 0, n * sizeof(*fx));
	for (i = 0; i < n; i++) {
		fx[i].path = argv[optind + i];
		if (read_fixture(&fx[i]))
			ok &= check_fixture(&fx[i]);
		else
			ok = false;
	}
	ret = !ok || !check_unique_names(fx, n) ? 1 : write_output(out_path, fx, n);
	for (i = 0; i < n; i++)
		free_fixture(&fx[i]);
	free(fx);
	return ret;
}
