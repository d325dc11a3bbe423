// SPDX-License-Identifier: GPL-2.0
/*
 * Read one fixture file into a struct fixture.  A file describes one
 * machine in the text a developer already has, so that a cover letter's
 * paste can be used as it is:
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
 *	node-distance: A B D		numactl -H's distance between nodes A
 *					and B (both ways; a node's own is 10)
 *
 *  - comments ('#' first), blank lines, and the command lines of a paste
 *    ("lscpu", "$ lscpu", "lparstat", "System Configuration").
 *
 * A line that is none of these, or says something malformed, is a
 * "FILE:LINE: reason" error.  error() and xrealloc(), which every stage
 * uses, live here; free_fixture() undoes what reading and checking
 * allocated.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fixturec.h"

/* FILE:LINE errors printed so far: the fuzzer checks every failure has one. */
unsigned long errors_printed;

void __printf(3, 4) error(struct fixture *f, int line, const char *fmt, ...)
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
__attribute__((returns_nonnull)) void *xrealloc(void *p, size_t n)
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

static void parse_distance(struct fixture *f, int line, char *val)
{
	char *save, *tok[4];
	struct distance d = { .line = line };
	unsigned int i;

	tok[0] = strtok_r(val, " \t", &save);
	for (i = 1; i < 4; i++)
		tok[i] = tok[i - 1] ? strtok_r(NULL, " \t", &save) : NULL;
	if (!tok[2] || tok[3] || !parse_uint(tok[0], MAX_NODE_ID, &d.a) ||
	    !parse_uint(tok[1], MAX_NODE_ID, &d.b) || !parse_uint(tok[2], MAX_DISTANCE, &d.d)) {
		error(f, line, "node-distance: want 'A B D', two node ids and a distance up to %d",
		      MAX_DISTANCE);
		return;
	}
	if (d.a == d.b || d.d <= LOCAL_DISTANCE) {
		error(f, line, "node-distance %u %u %u: want two different nodes, farther than %d",
		      d.a, d.b, d.d, LOCAL_DISTANCE);
		return;
	}
	for (i = 0; i < f->nr_dist; i++) {
		if ((f->dist[i].a == d.a && f->dist[i].b == d.b) ||
		    (f->dist[i].a == d.b && f->dist[i].b == d.a)) {
			error(f, line, "node-distance %u %u: given already at line %d",
			      d.a, d.b, f->dist[i].line);
			return;
		}
	}
	f->dist = xrealloc(f->dist, (f->nr_dist + 1) * sizeof(d));
	f->dist[f->nr_dist++] = d;
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
		{ "node-distance", parse_distance },
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

bool read_fixture(struct fixture *f)
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

/* Everything read_fixture() and check_fixture() allocated. */
void free_fixture(struct fixture *f)
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
	free(f->dist);
	free(f->cpu);
}
