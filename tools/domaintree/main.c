// SPDX-License-Identifier: GPL-2.0
/*
 * domaintree [-d DOT] CONSOLE.LOG: print the sched-domain tree that
 * "make show" logged, folded, and write it as a Graphviz digraph to DOT.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "domaintree.h"

static struct machine machine;

int main(int argc, char **argv)
{
	const char *dot = NULL;
	struct tree t;
	FILE *in, *out;
	int opt;

	while ((opt = getopt(argc, argv, "d:")) != -1) {
		if (opt != 'd')
			goto usage;
		dot = optarg;
	}
	if (optind + 1 != argc)
		goto usage;
	in = fopen(argv[optind], "r");
	if (!in) {
		perror(argv[optind]);
		return 1;
	}
	if (read_machine(in, argv[optind], &machine)) {
		fclose(in);
		return 1;
	}
	fclose(in);
	if (build_tree(&machine, &t)) {
		fprintf(stderr, "%s: the domains do not form a tree\n", argv[optind]);
		return 1;
	}
	write_text(stdout, &machine, &t);
	if (dot) {
		out = fopen(dot, "w");
		if (!out) {
			perror(dot);
			return 1;
		}
		write_dot(out, &machine, &t);
		if (fclose(out)) {
			perror(dot);
			return 1;
		}
	}
	free_tree(&t);
	return 0;
usage:
	fprintf(stderr, "usage: domaintree [-d DOT] CONSOLE.LOG\n");
	return 2;
}
