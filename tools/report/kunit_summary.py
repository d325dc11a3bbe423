#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# kunit_summary.py RESULTS.json [CONSOLE]: print "N passed, N failed, N
# skipped" for the test cases in kunit.py's --json output, a
# parameterized case once per parameter.  A crashed or missing case
# counts as failed.  With CONSOLE, the kernel's own bug reports printed
# while the suites ran (BUG:, an oops, KASAN or UBSAN) count as failures
# too, each named with the case that was running: a case can pass while
# the code it drives hits a debug check (DEBUG_PREEMPT's "BUG: using
# smp_processor_id() in preemptible" is a printk, not a failed
# expectation).  So does do_exit()'s note that a task ended with
# interrupts off or a preempt count left over: a case's kthread that
# leaves an unbalanced preempt_disable() or rcu_read_lock() says so only
# there, unless it happens to sleep first.  Exit 0 only if something ran
# and nothing failed.

import re
import sys

import kunit_results

SPLAT = re.compile(r'(BUG: |kernel BUG at |Oops: |Unable to handle kernel |'
		   r'BUG: KASAN: |UBSAN: |'
		   r'note: \S+\[\d+\] exited with (?:irqs disabled|preempt_count))')
LINE = re.compile(r'^(?:\[\s*[0-9.]+\]\s*)?(.*)$')


def splats(console):
	"""The kernel's bug reports after the first KTAP line, each with the
	case running when it was printed."""
	found, running, started = [], None, False
	with open(console, errors='replace') as f:
		for raw in f:
			line = LINE.match(raw.rstrip('\n')).group(1)
			if line.strip().startswith('KTAP version'):
				started = True
			if not started:
				continue
			m = re.match(r'\s*# Subtest: (\S+)', line)
			if m:
				running = m.group(1)
			if SPLAT.search(line):
				found.append((running, line.strip()))
	return found


def main():
	if len(sys.argv) not in (2, 3):
		sys.exit('usage: kunit_summary.py RESULTS.json [CONSOLE]')
	try:
		root = kunit_results.load(sys.argv[1])
	except kunit_results.NoResults as e:
		print(e, file=sys.stderr)
		print('0 passed, 1 failed, 0 skipped')
		return 1
	counts = {'PASS': 0, 'FAIL': 0, 'SKIP': 0}
	results = kunit_results.cases(root)
	for suite, case, param, status in results:
		if status in ('PASS', 'SKIP'):
			counts[status] += 1
			continue
		counts['FAIL'] += 1
		name = f'{suite}.{case}' + (f'.{param}' if param is not None else '')
		print(f'FAILED {name}: {status}', file=sys.stderr)
	if not results:
		print(f'{sys.argv[1]}: the kernel reported no test results', file=sys.stderr)
		counts['FAIL'] = 1
	if len(sys.argv) == 3:
		try:
			reports = splats(sys.argv[2])
		except OSError as e:
			reports = [(None, f'cannot read the console: {e}')]
		for running, line in reports:
			counts['FAIL'] += 1
			print(f'FAILED kernel report while {running or "the suites"} ran: {line}',
			      file=sys.stderr)
	print(f"{counts['PASS']} passed, {counts['FAIL']} failed, {counts['SKIP']} skipped")
	return 0 if counts['FAIL'] == 0 else 1


if __name__ == '__main__':
	sys.exit(main())
