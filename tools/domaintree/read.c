// SPDX-License-Identifier: GPL-2.0
/*
 * Read the lines topology_show.c printed into a console log:
 *   ... # topology_show: show machine=NAME cpus=N
 *   ... # topology_show: show cpu=N prio=P llc=LIST llc_size=S [hw=H;H...] levels=L;L...
 * with L = NAME/FLAGS/LIST and H = UNIT:LIST, the hardware units the CPU
 * is in (thread group, core, L2, coregroup, chip, node), smallest first.
 * Anything else in the log is skipped.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "domaintree.h"

void cpuset_set(struct cpuset *s, int cpu)
{
	s->w[cpu / 64] |= 1ULL << (cpu % 64);
}

bool cpuset_test(const struct cpuset *s, int cpu)
{
	return s->w[cpu / 64] >> (cpu % 64) & 1;
}

bool cpuset_equal(const struct cpuset *a, const struct cpuset *b)
{
	return !memcmp(a, b, sizeof(*a));
}

int cpuset_weight(const struct cpuset *s)
{
	int i, n = 0;

	for (i = 0; i < WORDS; i++)
		n += __builtin_popcountll(s->w[i]);
	return n;
}

int cpuset_first(const struct cpuset *s)
{
	int cpu;

	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		if (cpuset_test(s, cpu))
			return cpu;
	return -1;
}

/* As the kernel's %*pbl prints it: 0-3,8,10-11. */
void cpuset_print(FILE *out, const struct cpuset *s)
{
	int cpu = 0, end, n = 0;

	while (cpu < MAX_CPUS) {
		if (!cpuset_test(s, cpu)) {
			cpu++;
			continue;
		}
		for (end = cpu; end + 1 < MAX_CPUS && cpuset_test(s, end + 1); end++)
			;
		fprintf(out, n++ ? ",%d" : "%d", cpu);
		if (end > cpu)
			fprintf(out, "-%d", end);
		cpu = end + 1;
	}
	if (!n)
		fprintf(out, "(none)");
}

/* Parse a %*pbl list ending at @end (exclusive); 0 or -1. */
static int parse_list(const char *p, const char *end, struct cpuset *s)
{
	char *next;
	long a, b;

	memset(s, 0, sizeof(*s));
	if (p == end)
		return 0;
	while (p < end) {
		errno = 0;
		a = strtol(p, &next, 10);
		if (next == p || errno || a < 0 || a >= MAX_CPUS)
			return -1;
		b = a;
		p = next;
		if (p < end && *p == '-') {
			b = strtol(p + 1, &next, 10);
			if (next == p + 1 || b < a || b >= MAX_CPUS)
				return -1;
			p = next;
		}
		for (; a <= b; a++)
			cpuset_set(s, a);
		if (p < end && *p != ',')
			return -1;
		if (p < end)
			p++;
	}
	return 0;
}

/* The value of "key=" in @line, up to the next space or the end. */
static const char *field(const char *line, const char *key, const char **end)
{
	const char *p = strstr(line, key);

	if (!p)
		return NULL;
	p += strlen(key);
	*end = p + strcspn(p, " \n");
	return p;
}

static int parse_levels(const char *p, const char *end, struct cpu *c)
{
	while (p < end) {
		const char *stop = memchr(p, ';', end - p);
		const char *s1, *s2, *s3;
		struct level *l;

		if (!stop)
			stop = end;
		if (c->nr_levels == MAX_LEVELS)
			return -1;
		l = &c->level[c->nr_levels++];
		s1 = memchr(p, '/', stop - p);
		s2 = s1 ? memchr(s1 + 1, '/', stop - s1 - 1) : NULL;
		if (!s2 || s1 - p >= (long)sizeof(l->name) || s2 - s1 - 1 >= (long)sizeof(l->flags))
			return -1;
		memcpy(l->name, p, s1 - p);
		memcpy(l->flags, s1 + 1, s2 - s1 - 1);
		/* Newer kernels add the level's group count: ".../LIST/gN". */
		s3 = memchr(s2 + 1, '/', stop - s2 - 1);
		if (parse_list(s2 + 1, s3 ? s3 : stop, &l->span))
			return -1;
		p = stop + (stop < end);
	}
	return 0;
}

static int parse_hw(const char *p, const char *end, struct cpu *c)
{
	while (p < end) {
		const char *stop = memchr(p, ';', end - p);
		const char *colon;
		struct hw_unit *u;

		if (!stop)
			stop = end;
		colon = memchr(p, ':', stop - p);
		if (c->nr_hw == MAX_HW || !colon || colon - p >= (long)sizeof(u->name))
			return -1;
		u = &c->hw[c->nr_hw++];
		memcpy(u->name, p, colon - p);
		if (parse_list(colon + 1, stop, &u->span))
			return -1;
		p = stop + (stop < end);
	}
	return 0;
}

int read_machine(FILE *in, const char *path, const char *want, struct machine *m)
{
	char line[8192];
	int lineno = 0, cpu, seen = 0, machines = 0;
	bool skip = false;

	memset(m, 0, sizeof(*m));
	m->nr_cpus = -1;
	while (fgets(line, sizeof(line), in)) {
		const char *p, *e, *show;
		struct cpu *c;

		lineno++;
		show = strstr(line, "topology_show: show ");
		if (!show)
			continue;
		if ((p = field(show, "machine=", &e))) {
			skip = want && (strlen(want) != (size_t)(e - p) || strncmp(p, want, e - p));
			if (skip)
				continue;
			if (machines++) {
				fprintf(stderr, "%s: more than one machine%s%s; -m NAME picks one\n",
					path, want ? " named " : "", want ? want : "");
				return -1;
			}
			snprintf(m->name, sizeof(m->name), "%.*s", (int)(e - p), p);
			if (!(p = field(show, "cpus=", &e)) || (m->nr_cpus = atoi(p)) <= 0 ||
			    m->nr_cpus > MAX_CPUS)
				goto bad;
			continue;
		}
		if (skip || !(p = field(show, "cpu=", &e)))
			continue;
		cpu = atoi(p);
		if (m->nr_cpus < 0 || cpu < 0 || cpu >= m->nr_cpus)
			goto bad;
		c = &m->cpu[cpu];
		c->seen = true;
		seen++;
		if (!(p = field(show, "prio=", &e)))
			goto bad;
		c->prio = atoi(p);
		if (!(p = field(show, "llc=", &e)) || parse_list(p, e, &c->llc))
			goto bad;
		if (!(p = field(show, "llc_size=", &e)))
			goto bad;
		c->llc_size = atoi(p);
		/* Logs of kernels before the hardware was printed have none. */
		if ((p = field(show, "hw=", &e)) && parse_hw(p, e, c))
			goto bad;
		if (!(p = field(show, "levels=", &e)) || parse_levels(p, e, c))
			goto bad;
	}
	if (m->nr_cpus < 0 && want) {
		fprintf(stderr, "%s: no machine %s (ppc_kunit_show.fixture=all names them NAME/shared and NAME/dedicated)\n",
			path, want);
		return -1;
	}
	if (m->nr_cpus < 0) {
		fprintf(stderr, "%s: no 'topology_show: show machine=' line: did the show case run?\n",
			path);
		return -1;
	}
	if (seen != m->nr_cpus) {
		fprintf(stderr, "%s: %d of the machine's %d CPUs were printed\n", path, seen,
			m->nr_cpus);
		return -1;
	}
	return 0;
bad:
	fprintf(stderr, "%s:%d: malformed show line\n", path, lineno);
	return -1;
}
