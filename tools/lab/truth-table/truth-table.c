// SPDX-License-Identifier: GPL-2.0
/*
 * truth-table [4|8]: print the vcpu_is_preempted() truth table that the
 * powerpc_vcpu_preempted KUnit suite checks the kernel against, from the
 * same oracle (kunit/vcpu_oracle.h), in a form to paste into a mail.
 *
 * One row per state of the core, target on thread 1 and, for the
 * "same core" column, the caller on thread 0 (n/a where thread 0 is not
 * running).  Columns give the answer under each kind of LPAR: "preempted",
 * "-" (not preempted), or "safety" for a state that hypervisor does not
 * produce, where the suite asserts no value; '*' marks an answer that
 * differs from Linux 6.1's (the yield count alone).  Totals at the end
 * count every target position, for SMT4 and SMT8: how many rows the suite
 * asserts for value and how many for safety only.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../../../kunit/vcpu_oracle.h"

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
	struct vcpu_expect e;
	bool preempted;

	if (!applies(c)) {
		printf("  %-13s", "n/a");
		return;
	}
	e = vcpu_oracle(c);
	if (e.verdict == VCPU_SAFETY_ONLY) {
		printf("  %-13s", "safety");
		return;
	}
	preempted = e.verdict == VCPU_IS_PREEMPTED;
	printf(" %c%-13s", preempted != vcpu_oracle_before(c) ? '*' : ' ',
	       preempted ? "preempted" : "-");
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
		unsigned int rows = 0, value = 0, changed = 0;

		set_column(&c, &columns[k]);
		for (c.target = 0; c.target < threads; c.target++) {
			for (i = 0; i < vcpu_case_count(threads); i++) {
				struct vcpu_expect e;

				vcpu_case_decode(&c, i);
				if (!applies(&c))
					continue;
				rows++;
				e = vcpu_oracle(&c);
				if (e.verdict == VCPU_SAFETY_ONLY)
					continue;
				value++;
				changed += (e.verdict == VCPU_IS_PREEMPTED) != vcpu_oracle_before(&c);
			}
		}
		printf("SMT%d %-14s %6u rows: %6u asserted for value (%5u differ from 6.1), %6u for safety only\n",
		       threads, columns[k].title, rows, value, changed, rows - value);
	}
}

int main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 4;

	if (argc > 2 || (threads != 4 && threads != 8)) {
		fprintf(stderr, "usage: truth-table [4|8]\n");
		return 1;
	}
	printf("vcpu_is_preempted() by the dispatch model (kunit/vcpu_oracle.h)\n");
	printf("D dispatched, I dispatched with the idle hint, C ceded (yielded, idle hint),\n");
	printf("P preempted (yielded, no idle hint); < target\n");
	printf("* differs from 6.1   safety: a state that hypervisor does not produce\n");
	printf("(PowerVM: a running thread beside a preempted one), no value asserted\n\n");
	print_rows(threads);
	printf("\nTotals over every target thread:\n");
	print_totals(4);
	print_totals(8);
	return 0;
}
