// SPDX-License-Identifier: GPL-2.0
/*
 * mutagen: write a kernel C file with mutant schemata.
 *
 *   mutagen -f FUNC[,FUNC...] [-d | -e] [-M] [-s START] -o OUT -l LIST FILE
 *
 * Every mutant of the named functions (or statement macros) is compiled
 * into OUT at once, each behind a test of the global ppc_mutant that a
 * boot parameter sets: one build, one boot per mutant.  With ppc_mutant
 * 0 the code behaves as FILE does.  LIST gets one line per mutant:
 *
 *   ID <TAB> FUNCTION <TAB> LINE <TAB> KIND <TAB> WHAT
 *
 * The kinds are the classic operators, applied line by line to the
 * function bodies:
 *
 *   relational  ==, !=, <, <=, >, >= in a condition or return value
 *               replaced by its boundary or negated counterpart
 *   negate      a whole if/while condition negated
 *   bound       a for loop's < bound made <= (off by one)
 *   mask        a topology mask function or per-CPU map swapped for
 *               another of the same type
 *   delete      an expression statement deleted
 *   constant    true and false swapped in an assignment or return
 *   thread      a CPU taken for its core's first thread:
 *               cpu_first_thread_sibling(X) becomes X
 *
 * -M leaves out the mask operator, for files outside smp.c, where its
 * masks are not in scope.
 * -d defines ppc_mutant (and its boot parameter) in OUT; -e declares it
 * extern, for a header.  -s numbers the mutants from START, so that two
 * files of one build do not share numbers.  Conditions that span lines
 * are left alone; the list says how many mutants each function has.
 */

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_FUNCS	64
#define MAX_ALTS	32

static const char * const mask_fns[] = {
	"cpu_sibling_mask", "cpu_smallcore_mask", "cpu_l2_cache_mask", "cpu_core_mask",
	"cpu_coregroup_mask", NULL,
	"cpu_smt_mask", "smallcore_smt_mask", "shared_cache_mask", "cpu_mc_mask",
	"cpu_cpu_mask", NULL,
	/* The table's mask functions since 6.18, which take their level. */
	"tl_smt_mask", "tl_smallcore_smt_mask", "tl_cache_mask", "tl_mc_mask",
	"tl_pkg_mask", NULL,
	NULL,
};

static const char * const maps[] = {
	"cpu_sibling_map", "cpu_smallcore_map", "cpu_l2_cache_map", "cpu_core_map",
	"cpu_coregroup_map", "thread_group_l1_cache_map", "thread_group_l2_cache_map",
	"thread_group_l3_cache_map", NULL,
};

static const char * const decl_words[] = {
	"int", "unsigned", "bool", "struct", "const", "static", "size_t", "u8", "u16",
	"u32", "u64", "char", "long", "enum", "cpumask_var_t", "__be32", NULL,
};

struct text {
	char *s;
	size_t len, cap;
};

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("mutagen: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

static char *xstrdup(const char *s)
{
	return strcpy(xrealloc(NULL, strlen(s) + 1), s);
}

static void put(struct text *t, const char *s, size_t n)
{
	if (t->len + n + 1 > t->cap) {
		t->cap = (t->len + n + 1) * 2;
		t->s = xrealloc(t->s, t->cap);
	}
	memcpy(t->s + t->len, s, n);
	t->len += n;
	t->s[t->len] = '\0';
}

static void puts_t(struct text *t, const char *s)
{
	put(t, s, strlen(s));
}

static void __attribute__((format(printf, 2, 3))) printf_t(struct text *t, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0 || n >= (int)sizeof(buf))
		die("line too long");
	put(t, buf, n);
}

/* One mutant of one line: the replacement of [start, end) of the line. */
struct alt {
	size_t start, end;
	char *with;
	const char *kind;
	char what[256];
};

static int next_id = 1;
static FILE *list;
static const char *func_now;
static int line_now;

static int record(const struct alt *a)
{
	int id = next_id++;

	fprintf(list, "%d\t%s\t%d\t%s\t%s\n", id, func_now, line_now, a->kind, a->what);
	return id;
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The ) matching the ( at @open, or -1 if it is not on this line. */
static long match_paren(const char *s, size_t open)
{
	int depth = 0;
	size_t i;

	for (i = open; s[i]; i++) {
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && --depth == 0)
			return (long)i;
	}
	return -1;
}

static bool balanced(const char *s)
{
	int depth = 0;

	for (; *s; s++) {
		if (*s == '(')
			depth++;
		else if (*s == ')' && --depth < 0)
			return false;
	}
	return depth == 0;
}

/* Relational operators in [from, to) of @s, each with its replacement. */
static int relational_alts(const char *s, size_t from, size_t to, const char *kind,
			   struct alt *alts, int n)
{
	static const struct { const char *op, *with; } ops[] = {
		{ "==", "!=" }, { "!=", "==" }, { "<=", "<" }, { ">=", ">" },
		{ "<", "<=" }, { ">", ">=" },
	};
	size_t i, k;

	for (i = from; i < to && n < MAX_ALTS; i++) {
		if (s[i] == '-' && s[i + 1] == '>') {
			i++;
			continue;
		}
		if ((s[i] == '<' && s[i + 1] == '<') || (s[i] == '>' && s[i + 1] == '>')) {
			i += s[i + 2] == '=' ? 2 : 1;
			continue;
		}
		for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
			size_t len = strlen(ops[k].op);

			if (strncmp(s + i, ops[k].op, len))
				continue;
			/* "!=" and "==" are whole; "<" is not the start of "<=". */
			alts[n] = (struct alt){ .start = i, .end = i + len, .with = xstrdup(ops[k].with), .kind = kind };
			snprintf(alts[n].what, sizeof(alts[n].what), "%s -> %s in %.*s", ops[k].op,
				 ops[k].with, (int)(to - from), s + from);
			n++;
			i += len - 1;
			break;
		}
	}
	return n;
}

/*
 * A CPU taken for its core's first thread: cpu_first_thread_sibling(X)
 * in [from, to) becomes (X), one mutant per call.
 */
static int thread_alts(const char *s, size_t from, size_t to, struct alt *alts, int n)
{
	static const char call[] = "cpu_first_thread_sibling(";
	const char *p = s + from;
	long close;

	while (n < MAX_ALTS && (p = strstr(p, call)) && (size_t)(p - s) < to) {
		size_t open = p - s + sizeof(call) - 2;
		struct text t = { 0 };

		close = match_paren(s, open);
		if (close < 0 || (size_t)close >= to)
			break;
		put(&t, s + open, close - open + 1);
		alts[n] = (struct alt){ .start = p - s, .end = close + 1, .with = t.s,
					.kind = "thread" };
		snprintf(alts[n].what, sizeof(alts[n].what), "%.*s -> %s", (int)(close + 1 - (p - s)),
			 p, t.s);
		n++;
		p = s + close;
	}
	return n;
}

static bool starts_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	return !strncmp(s, w, n) && !ident_char(s[n]);
}

/*
 * Logging and assertions are not mutated: a message cannot change a
 * result the tests read, and an assertion that holds changes nothing when
 * it is weakened or deleted.
 */
static bool is_diagnostic(const char *s)
{
	return !strncmp(s, "pr_", 3) || starts_word(s, "printk") || starts_word(s, "printk_once") ||
	       !strncmp(s, "WARN", 4) || !strncmp(s, "BUG_ON", 6) || starts_word(s, "DBG");
}

static bool is_declaration(const char *s)
{
	const char *p;
	int i;

	for (i = 0; decl_words[i]; i++)
		if (starts_word(s, decl_words[i]))
			return true;
	/* "type name;" or "type *name = ...;": two identifiers in a row */
	for (p = s; ident_char(*p); p++)
		;
	if (p == s || *p != ' ')
		return false;
	while (*p == ' ' || *p == '*')
		p++;
	return ident_char(*p) && !isdigit((unsigned char)*p);
}

/*
 * The alternatives of one body line, as replacements of parts of it:
 * conditions and return values get operator mutants, a whole expression
 * statement gets deleted, true and false get swapped.
 */
static int line_alts(const char *line, struct alt *alts, size_t *from, size_t *to,
		     bool *statement)
{
	const char *body = line + strspn(line, " \t");
	size_t off = body - line, len = strlen(line);
	const char *kw = NULL;
	int n = 0;
	long close;

	while (len > off && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	*statement = false;
	if (len == off)
		return 0;

	if (starts_word(body, "if") || starts_word(body, "while"))
		kw = body;
	else if (!strncmp(body, "} else if", 9))
		kw = body + 7;
	if (kw) {
		size_t open = strchr(kw, '(') - line;

		close = match_paren(line, open);
		if (close < 0)
			return 0;
		*from = open + 1;
		*to = close;
		n = relational_alts(line, open + 1, close, "relational", alts, n);
		n = thread_alts(line, open + 1, close, alts, n);
		if (n < MAX_ALTS) {
			struct text t = { 0 };

			puts_t(&t, "!(");
			put(&t, line + open + 1, close - open - 1);
			puts_t(&t, ")");
			alts[n] = (struct alt){ .start = open + 1, .end = close, .with = t.s, .kind = "negate" };
			snprintf(alts[n].what, sizeof(alts[n].what), "negate %.*s",
				 (int)(close - open - 1), line + open + 1);
			n++;
		}
		return n;
	}
	if (starts_word(body, "for")) {
		size_t open = strchr(body, '(') - line;
		const char *semi1, *semi2;

		close = match_paren(line, open);
		if (close < 0)
			return 0;
		semi1 = memchr(line + open, ';', close - open);
		semi2 = semi1 ? memchr(semi1 + 1, ';', line + close - semi1 - 1) : NULL;
		if (!semi2)
			return 0;
		*from = semi1 - line + 1;
		*from += strspn(line + *from, " ");
		*to = semi2 - line;
		n = relational_alts(line, *from, *to, "bound", alts, n);
		return n;
	}
	if (line[len - 1] != ';' || !balanced(body) || strchr(body, '{') || strchr(body, '}'))
		return 0;
	*statement = true;
	*from = off;
	*to = len;
	if (starts_word(body, "return")) {
		const char *e = body + 6;

		n = relational_alts(line, e - line, len - 1, "relational", alts, n);
		if (strstr(e, "true") || strstr(e, "false")) {
			bool t = strstr(e, "true");

			alts[n] = (struct alt){ .start = off, .end = len,
						.with = xstrdup(t ? "return false;" : "return true;"),
						.kind = "constant" };
			snprintf(alts[n].what, sizeof(alts[n].what), "%s -> %s", body,
				 t ? "return false;" : "return true;");
			n++;
		}
		return n;
	}
	if (starts_word(body, "break") || starts_word(body, "continue") ||
	    starts_word(body, "goto") || is_declaration(body) || !ident_char(*body) ||
	    starts_word(body, "do") || is_diagnostic(body))
		return 0;
	{
		const char *t = strstr(body, "= true;"), *f = strstr(body, "= false;");

		if (t || f) {
			struct text x = { 0 };

			put(&x, body, (t ? t : f) - body);
			puts_t(&x, t ? "= false;" : "= true;");
			alts[n] = (struct alt){ .start = off, .end = len, .with = x.s, .kind = "constant" };
			snprintf(alts[n].what, sizeof(alts[n].what), "%.*s -> %s", (int)(len - off),
				 body, x.s);
			n++;
		}
	}
	n = relational_alts(line, off, len, "relational", alts, n);
	n = thread_alts(line, off, len, alts, n);
	alts[n] = (struct alt){ .start = off, .end = len, .with = xstrdup(";"), .kind = "delete" };
	snprintf(alts[n].what, sizeof(alts[n].what), "delete %.*s", (int)(len - off), body);
	return n + 1;
}

/* The line with [a->start, a->end) replaced. */
static char *apply(const char *line, const struct alt *a)
{
	struct text t = { 0 };

	put(&t, line, a->start);
	puts_t(&t, a->with);
	puts_t(&t, line + a->end);
	return t.s;
}

/*
 * Swap every topology mask function and per-CPU map of @line for the next
 * of its kind, one mutant per name: function names become a conditional
 * designator, per_cpu(map, cpu) a conditional address.
 */
/* One mutant per name and line, however often the schemata repeat it. */
static int name_id(const char **names, int *ids, int *nr, const char *name, struct alt *a)
{
	int i;

	for (i = 0; i < *nr; i++)
		if (names[i] == name)
			return ids[i];
	names[*nr] = name;
	ids[*nr] = record(a);
	return ids[(*nr)++];
}

/* -M: the code is not smp.c's, and smp.c's masks are not in scope there. */
static bool no_masks;

static char *swap_masks(const char *line, const char *orig)
{
	const char *names[32];
	int ids[32], nr_names = 0;
	struct text t = { 0 };
	const char *p = line;
	int g, i, where;
	size_t olen;

	if (no_masks)
		return xstrdup(line);

	/* the mutant's description quotes the line, without the macro's \\ */
	orig += strspn(orig, " \t");
	olen = strlen(orig);
	while (olen && (orig[olen - 1] == '\\' || orig[olen - 1] == ' ' || orig[olen - 1] == '\t'))
		olen--;
	where = (int)olen;

	puts_t(&t, "");
	while (*p) {
		bool done = false;

		if (!ident_char(*p) || (p > line && ident_char(p[-1]))) {
			put(&t, p++, 1);
			continue;
		}
		for (g = 0, i = 0; mask_fns[i] || mask_fns[i + 1]; i++) {
			const char *next;
			struct alt a = { .kind = "mask" };
			size_t n;

			if (!mask_fns[i]) {
				g = i + 1;
				continue;
			}
			n = strlen(mask_fns[i]);
			if (strncmp(p, mask_fns[i], n) || ident_char(p[n]) || !strstr(orig, mask_fns[i]))
				continue;
			next = mask_fns[i + 1] ? mask_fns[i + 1] : mask_fns[g];
			snprintf(a.what, sizeof(a.what), "%s -> %s in %.*s", mask_fns[i], next,
				 where, orig);
			printf_t(&t, "(PPC_MUTANT(%d) ? %s : %s)",
				 name_id(names, ids, &nr_names, mask_fns[i], &a), next, mask_fns[i]);
			p += n;
			done = true;
			break;
		}
		if (done)
			continue;
		if (!strncmp(p, "per_cpu(", 8)) {
			long close = match_paren(p, 7);
			const char *comma = close > 0 ? memchr(p + 8, ',', close - 8) : NULL;

			for (i = 0; comma && maps[i]; i++) {
				size_t n = strlen(maps[i]);
				const char *next = maps[i + 1] ? maps[i + 1] : maps[0];
				struct alt a = { .kind = "mask" };

				if ((size_t)(comma - p - 8) != n || strncmp(p + 8, maps[i], n))
					continue;
				snprintf(a.what, sizeof(a.what), "per_cpu(%s) -> per_cpu(%s) in %.*s",
					 maps[i], next, where, orig);
				printf_t(&t, "(*(PPC_MUTANT(%d) ? &per_cpu(%s%.*s : &%.*s))",
					 name_id(names, ids, &nr_names, maps[i], &a), next, (int)(close - (comma - p) + 1), comma,
					 (int)close + 1, p);
				p += close + 1;
				done = true;
				break;
			}
			if (done)
				continue;
		}
		while (ident_char(*p))
			put(&t, p++, 1);
	}
	return t.s;
}

/*
 * The schemata of one body line: each alternative replaces its part of
 * the line when its mutant is selected.  Alternatives of a condition or
 * return value nest as conditional expressions inside it; a statement's
 * alternatives become an if/else chain around it.
 */
static char *schemata_line(const char *line, bool in_macro, bool continues)
{
	struct alt alts[MAX_ALTS + 2];
	struct text t = { 0 };
	char *core = xstrdup(line), *out;
	size_t len, from = 0, to = 0;
	bool cont = false, statement;
	int n, i;

	len = strlen(core);
	/* blank lines, comments */
	if (!line[strspn(line, " \t")] || !strncmp(line + strspn(line, " \t"), "/*", 2) ||
	    line[strspn(line, " \t")] == '*')
		return core;
	if (in_macro && len && core[len - 1] == '\\') {
		cont = true;
		core[--len] = '\0';
		while (len && (core[len - 1] == ' ' || core[len - 1] == '\t'))
			core[--len] = '\0';
	}
	/*
	 * The rest of an expression begun on the line before (an assignment
	 * whose value is on the next line) is no statement of its own: it
	 * cannot be deleted or wrapped in an if, only its names swapped.
	 */
	n = continues ? 0 : line_alts(core, alts, &from, &to, &statement);
	put(&t, core, from);
	if (!n) {
		puts_t(&t, core + from);
	} else {
		/*
		 * A statement's alternatives become an if/else chain around
		 * it, a condition's a nest of conditional expressions, each
		 * made a truth value so that a pointer condition and its
		 * negation are of one type.
		 */
		const char *alt_fmt = statement ? "if (PPC_MUTANT(%d)) { %.*s } else " :
						  "PPC_MUTANT(%d) ? !!(%.*s) : ";

		if (statement)
			puts_t(&t, "{ ");
		for (i = 0; i < n; i++) {
			char *alt = apply(core, &alts[i]);

			printf_t(&t, alt_fmt, record(&alts[i]),
				 (int)(strlen(alt) - (len - to) - from), alt + from);
			free(alt);
		}
		puts_t(&t, statement ? "{ " : "!!(");
		put(&t, core + from, to - from);
		puts_t(&t, statement ? " } }" : ")");
	}
	if (n)
		puts_t(&t, core + to);
	out = t.s;
	for (i = 0; i < n; i++)
		free(alts[i].with);
	free(core);
	core = swap_masks(out, line);
	free(out);
	if (cont) {
		struct text c = { 0 };

		puts_t(&c, core);
		puts_t(&c, " \\");
		free(core);
		core = c.s;
	}
	return core;
}

/*
 * Whether line @i carries on an expression the code line before it left
 * open: that line, comments and blank lines aside, ends in an operator,
 * a comma or an opening parenthesis.
 */
static bool continues_expression(char **lines, int i)
{
	const char *p;
	size_t len;

	while (--i >= 0) {
		p = lines[i] + strspn(lines[i], " \t");
		len = strlen(p);
		while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\\'))
			len--;
		if (!len || !strncmp(p, "/*", 2) || *p == '*' || *p == '#')
			continue;
		return strchr("=,(+-|&?", p[len - 1]) != NULL;
	}
	return false;
}

/*
 * Whether line @i is inside parentheses a line of the body before it
 * (from @first) left open: the second and third clauses of a for loop
 * written over three lines are no statements of their own.
 */
static bool inside_parens(char **lines, int first, int i)
{
	const char *p;
	int depth = 0;

	for (; first < i; first++) {
		p = lines[first] + strspn(lines[first], " \t");
		if (!strncmp(p, "/*", 2) || *p == '*' || *p == '#')
			continue;
		for (; *p && strncmp(p, "//", 2) && strncmp(p, "/*", 2); p++)
			depth += (*p == '(') - (*p == ')');
	}
	return depth > 0;
}

static char **read_lines(const char *path, int *nr)
{
	FILE *f = fopen(path, "r");
	char **lines = NULL, *buf = NULL;
	size_t cap = 0;
	ssize_t got;
	int n = 0;

	if (!f)
		die("%s: %s", path, strerror(errno));
	while ((got = getline(&buf, &cap, f)) >= 0) {
		if (got && buf[got - 1] == '\n')
			buf[got - 1] = '\0';
		lines = xrealloc(lines, (n + 1) * sizeof(*lines));
		lines[n++] = xstrdup(buf);
	}
	free(buf);
	fclose(f);
	*nr = n;
	return lines;
}

/* Where @name is defined: a function at column 0 or a statement macro. */
static bool find_function(char **lines, int nr, const char *name, int *first, int *last,
			  bool *macro)
{
	size_t n = strlen(name);
	int i, j;

	for (i = 0; i < nr; i++) {
		const char *p = lines[i], *at;

		if (!strncmp(p, "#define ", 8) && !strncmp(p + 8, name, n) && p[8 + n] == '(') {
			for (j = i; j < nr && lines[j][0] && lines[j][strlen(lines[j]) - 1] == '\\'; j++)
				;
			*first = i + 1;
			*last = j;
			*macro = true;
			return true;
		}
		if (!*p || isspace((unsigned char)*p) || *p == '#' || *p == '}' || *p == '/' ||
		    *p == '*')
			continue;
		at = strstr(p, name);
		if (!at || at[n] != '(' || (at > p && ident_char(at[-1])))
			continue;
		if (p[strlen(p) - 1] == ';')
			continue;
		for (j = i; j < nr && strcmp(lines[j], "{"); j++)
			if (j > i + 4)
				break;
		if (j >= nr || strcmp(lines[j], "{"))
			continue;
		*first = j + 1;
		for (j = *first; j < nr && strcmp(lines[j], "}"); j++)
			;
		*last = j - 1;
		*macro = false;
		return true;
	}
	return false;
}

static void usage(void)
{
	fputs("usage: mutagen -f FUNC[,FUNC...] [-d | -e] [-M] [-s START] -o OUT -l LIST FILE\n", stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *funcs[MAX_FUNCS], *out_path = NULL, *list_path = NULL;
	int nr_funcs = 0, nr, i, f, opt, first_line = -1;
	bool define = false, extern_decl = false;
	char **lines, *spec, *tok;
	struct span { int first, last; bool macro; const char *name; } spans[MAX_FUNCS];
	FILE *out;

	while ((opt = getopt(argc, argv, "f:deMo:l:s:")) != -1) {
		switch (opt) {
		case 'f':
			spec = xstrdup(optarg);
			for (tok = strtok(spec, ","); tok; tok = strtok(NULL, ","))
				if (nr_funcs < MAX_FUNCS)
					funcs[nr_funcs++] = tok;
			break;
		case 'd':
			define = true;
			break;
		case 'e':
			extern_decl = true;
			break;
		case 'M':
			no_masks = true;
			break;
		case 'o':
			out_path = optarg;
			break;
		case 'l':
			list_path = optarg;
			break;
		case 's':
			next_id = atoi(optarg);
			if (next_id < 1)
				usage();
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1 || !nr_funcs || !out_path || !list_path || define == extern_decl)
		usage();

	lines = read_lines(argv[optind], &nr);
	for (f = 0; f < nr_funcs; f++) {
		spans[f].name = funcs[f];
		if (!find_function(lines, nr, funcs[f], &spans[f].first, &spans[f].last,
				   &spans[f].macro))
			die("%s: no function or statement macro %s", argv[optind], funcs[f]);
		/* the prelude goes before the first function's definition */
		for (i = spans[f].first - 1; i > 0 && lines[i - 1][0] &&
		     !isspace((unsigned char)lines[i - 1][0]) && lines[i - 1][0] != '}' &&
		     strcmp(lines[i - 1], "*/") && lines[i - 1][0] != ' '; i--)
			;
		if (first_line < 0 || i < first_line)
			first_line = i;
	}
	while (first_line > 0 && strncmp(lines[first_line], "/*", 2) &&
	       lines[first_line - 1][0] && strcmp(lines[first_line - 1], "}"))
		first_line--;

	list = fopen(list_path, "w");
	out = fopen(out_path, "w");
	if (!list || !out)
		die("%s: %s", !list ? list_path : out_path, strerror(errno));

	for (i = 0; i < nr; i++) {
		char *line = lines[i];
		bool in_body = false, macro = false;
		int body = 0;

		if (i == first_line) {
			fputs("/* Mutant schemata written by tools/lab/mutagen: ppc_mutant=N selects one. */\n",
			      out);
			if (define)
				fputs("unsigned int ppc_mutant;\n"
				      "core_param(ppc_mutant, ppc_mutant, uint, 0444);\n", out);
			else
				fputs("extern unsigned int ppc_mutant;\n", out);
			fputs("#define PPC_MUTANT(n) unlikely(ppc_mutant == (n))\n\n", out);
		}
		for (f = 0; f < nr_funcs; f++) {
			if (i >= spans[f].first && i <= spans[f].last) {
				in_body = true;
				macro = spans[f].macro;
				func_now = spans[f].name;
				body = spans[f].first;
			}
		}
		if (in_body) {
			line_now = i + 1;
			line = schemata_line(lines[i], macro, continues_expression(lines, i) ||
					     inside_parens(lines, body, i));
		}
		fprintf(out, "%s\n", line);
		if (line != lines[i])
			free(line);
	}
	if (fclose(out) || fclose(list))
		die("%s: %s", out_path, strerror(errno));
	for (i = 0; i < nr; i++)
		free(lines[i]);
	free(lines);
	return 0;
}
