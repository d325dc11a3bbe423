// SPDX-License-Identifier: GPL-2.0
/*
 * truth-table [4|8]: print the vcpu_is_preempted() truth table that the
 * powerpc_vcpu_preempted KUnit suite checks the kernel against, from the
 * same oracle (kunit/vcpu_oracle.h), in a form to paste into a mail.
 *
 * One row per state of the core, target on thread 1 and, for the
 * "same core" column, the caller on thread 0 (n/a where thread 0 is not
 * running).  Columns give the answer under each kind of LPAR; '*' marks an
 * answer that differs from Linux 6.1's (the yield count alone), 'x' a
 * state PowerVM cannot produce, '#' both.
 * Totals at the end count every target position, for SMT4 and SMT8.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../kunit/vcpu_oracle.h"

#define TARGET	1
#define CALLER	0

struct column {
	const char *title;
	bool shared, kvm, caller_on_core;
};

static const struct column columns[] = {
	{ "dedicated", false, false, false },
	{ "KVM", true, true, false },
	{ "PowerVM-other", true, false, false },
	{ "PowerVM-same", true, false, true },
};

#define NR_COLUMNS	(sizeof(columns) / sizeof(columns[0]))

static void set_column(struct vcpu_case *c, const struct column *col)
{
	c->shared = col->shared;
	c->kvm = col->kvm;
	c->caller_on_core = col->caller_on_core;
}

/* The caller runs, so a state where its thread is not dispatched is skipped. */
static bool applies(const struct vcpu_case *c)
{
	return !c->caller_on_core ||
	       (c->target != c->caller && c->state[c->caller] == VCPU_DISPATCHED);
}

static void cell(const struct vcpu_case *c)
{
	char mark = ' ';

	if (!applies(c)) {
		printf("  %-13s", "n/a");
		return;
	}
	if (vcpu_oracle_patched(c) != vcpu_oracle_before(c))
		mark = '*';
	if (c->shared && !c->kvm && !vcpu_case_possible_on_powervm(c))
		mark = mark == '*' ? '#' : 'x';
	printf(" %c%-13s", mark, vcpu_oracle_patched(c) ? "preempted" : "-");
}

static void print_rows(int threads)
{
	struct vcpu_case c = { .threads = threads, .target = TARGET, .caller = CALLER };
	unsigned int i, k;
	int t;

	printf("SMT%d core, target thread %d, caller thread %d when on the core\n",
	       threads, TARGET, CALLER);
	printf("%-*s", threads * 2 + 2, "threads");
	for (k = 0; k < NR_COLUMNS; k++)
		printf("  %-13s", columns[k].title);
	printf("\n");
	for (i = 0; i < vcpu_case_count(threads); i++) {
		vcpu_case_decode(&c, i);
		printf(" ");
		for (t = 0; t < threads; t++)
			printf("%c%c", vcpu_state_letter(c.state[t]), t == TARGET ? '<' : ' ');
		printf(" ");
		for (k = 0; k < NR_COLUMNS; k++) {
			set_column(&c, &columns[k]);
			cell(&c);
		}
		printf("\n");
	}
}

static void print_totals(int threads)
{
	struct vcpu_case c = { .threads = threads, .caller = CALLER };
	unsigned int i, k;

	for (k = 0; k < NR_COLUMNS; k++) {
		unsigned int rows = 0, changed = 0, impossible = 0;

		set_column(&c, &columns[k]);
		for (c.target = 0; c.target < threads; c.target++) {
			for (i = 0; i < vcpu_case_count(threads); i++) {
				vcpu_case_decode(&c, i);
				if (!applies(&c))
					continue;
				rows++;
				changed += vcpu_oracle_patched(&c) != vcpu_oracle_before(&c);
				impossible += c.shared && !c.kvm &&
					      !vcpu_case_possible_on_powervm(&c);
			}
		}
		printf("SMT%d %-14s %6u rows, %5u differ from 6.1, %5u impossible on PowerVM\n",
		       threads, columns[k].title, rows, changed, impossible);
	}
}

int main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 4;

	if (argc > 2 || (threads != 4 && threads != 8)) {
		fprintf(stderr, "usage: truth-table [4|8]\n");
		return 1;
	}
	printf("vcpu_is_preempted() after \"powerpc/paravirt: Improve vcpu_is_preempted\"\n");
	printf("D dispatched, C ceded (yielded, idle), P preempted (yielded, not idle); < target\n");
	printf("* differs from 6.1   x impossible on PowerVM (a thread running, another preempted)\n");
	printf("# both\n\n");
	print_rows(threads);
	printf("\nTotals over every target thread:\n");
	print_totals(4);
	print_totals(8);
	return 0;
}
