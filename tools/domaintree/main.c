// SPDX-License-Identifier: GPL-2.0
/*
 * domaintree [-d DOT] CONSOLE.LOG: print the sched-domain tree that
 * "make show" logged, folded, and draw it as Graphviz clusters in DOT.
 *
 * domaintree -s DOT LABEL=CONSOLE.LOG...: draw the machines of several
 * logs side by side in DOT, each framed under its LABEL (a base, an
 * RFC), for a reviewer to compare; nothing is printed.
 *
 * -m MACHINE picks one machine of a log that holds several, as
 * "make review" logs every fixture in both modes (NAME/shared).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "domaintree.h"

static struct machine machine;
/* With -m, the machine of a log that holds several. */
static const char *want;

/* Read @path into @t, with the hardware units if @hw; an error names the file. */
static int load(const char *path, struct tree *t, bool hw)
{
	FILE *in = fopen(path, "r");

	if (!in) {
		perror(path);
		return 1;
	}
	if (read_machine(in, path, want, &machine)) {
		fclose(in);
		return 1;
	}
	fclose(in);
	if (build_tree(&machine, t, hw)) {
		fprintf(stderr, "%s: the domains do not form a tree\n", path);
		return 1;
	}
	return 0;
}

static int finish(FILE *out, const char *path)
{
	if (fclose(out)) {
		perror(path);
		return 1;
	}
	return 0;
}

static int side_by_side(const char *dot, int n, char **logs)
{
	FILE *out;
	struct tree t;
	int i;

	for (i = 0; i < n; i++)
		if (!strchr(logs[i], '=')) {
			fprintf(stderr, "domaintree -s: '%s' is not LABEL=CONSOLE.LOG\n", logs[i]);
			return 2;
		}
	out = fopen(dot, "w");
	if (!out) {
		perror(dot);
		return 1;
	}
	write_dot_begin(out, "side by side");
	for (i = 0; i < n; i++) {
		char *path = strchr(logs[i], '=');

		*path++ = '\0';
		if (load(path, &t, true)) {
			fclose(out);
			return 1;
		}
		write_dot_machine(out, &machine, &t, logs[i]);
		free_tree(&t);
	}
	write_dot_end(out);
	return finish(out, dot);
}

int main(int argc, char **argv)
{
	const char *dot = NULL, *both = NULL;
	struct tree t;
	FILE *out;
	int opt;

	while ((opt = getopt(argc, argv, "d:m:s:")) != -1) {
		if (opt == 'd')
			dot = optarg;
		else if (opt == 'm')
			want = optarg;
		else if (opt == 's')
			both = optarg;
		else
			goto usage;
	}
	if (both) {
		if (dot || optind >= argc)
			goto usage;
		return side_by_side(both, argc - optind, argv + optind);
	}
	if (optind + 1 != argc)
		goto usage;
	/* The text is the domains alone; the picture has the hardware too. */
	if (load(argv[optind], &t, false))
		return 1;
	write_text(stdout, &machine, &t);
	free_tree(&t);
	if (dot) {
		if (build_tree(&machine, &t, true)) {
			fprintf(stderr, "%s: the domains and the hardware do not form a tree\n",
				argv[optind]);
			return 1;
		}
		out = fopen(dot, "w");
		if (!out) {
			perror(dot);
			return 1;
		}
		write_dot(out, &machine, &t);
		free_tree(&t);
		if (finish(out, dot))
			return 1;
	}
	return 0;
usage:
	fprintf(stderr, "usage: domaintree [-m MACHINE] [-d DOT] CONSOLE.LOG\n"
		"       domaintree [-m MACHINE] -s DOT LABEL=CONSOLE.LOG...\n");
	return 2;
}
