#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# kunit_summary.py RESULTS.json [CONSOLE]: print "N passed, N failed, N
# skipped" for the test cases in kunit.py's --json output, a
# parameterized case once per parameter.  A crashed or missing case
# counts as failed.  With CONSOLE, the kernel's own reports printed
# while the suites ran count as failures too: a WARNING: splat (WARN(),
# WARN_ONCE(), lockdep, suspicious RCU usage), BUG: (sleeping in atomic,
# scheduling while atomic, DEBUG_PREEMPT), an oops, KASAN or UBSAN, each
# named with the case that was running and the code it points at.  A
# case can pass while the code it drives hits a debug check: those are
# printks, not failed expectations.  So does do_exit()'s note that a
# task ended with interrupts off or a preempt count left over: a case's
# kthread that leaves an unbalanced preempt_disable() or rcu_read_lock()
# says so only there, unless it happens to sleep first.  A case that
# provokes a warning on purpose uses KUnit's warning suppression where
# the base has it (7.3), or says so on the console (EXPECTS below) and
# fails without it.  Exit 0 only if something ran
# and nothing failed.

import re
import sys

import kunit_results

SPLAT = re.compile(r'(BUG: |kernel BUG at |Oops: |Unable to handle kernel |'
		   r'BUG: KASAN: |UBSAN: |WARNING: |INFO: trying to register non-static key|'
		   r'note: \S+\[\d+\] exited with (?:irqs disabled|preempt_count))')
LINE = re.compile(r'^(?:\[\s*[0-9.]+\]\s*)?(.*)$')
# The same, keeping KTAP's indentation (printk puts one space after the
# time stamp).
KTAP_LINE = re.compile(r'^(?:\[\s*[0-9.]+\] ?)?(.*)$')
RESULT = re.compile(r'^( *)(?:not )?ok \d+ (\S+)')
SUBTEST = re.compile(r'^( *)# Subtest: (\S+)')
# A case that provokes a warning on purpose says so before it does, with
# kunit_info(test, "expects a kernel warning: %s", where): the report whose
# text holds WHERE is then the case's, and its absence fails the case.
EXPECTS = re.compile(r'^\s*# \S+: expects a kernel warning: (.+?)\s*$')
# Where a report points: the file and line it names, else the function
# the stack dump or DEBUG_PREEMPT names in the lines after it.
AT_FILE = re.compile(r'(?:\bat |WARNING: )((?:[\w.-]+/)*[\w.-]+\.[chS]:\d+)')
AT_FUNC = re.compile(r'(?:^NIP \[[0-9a-f]+\] |^caller is |^RIP: \S+:)(\S+)')
LOOKAHEAD = 40


class Report:
	def __init__(self, running, text):
		self.running = running
		self.text = text
		m = AT_FILE.search(text)
		self.where = m.group(1) if m else None
		self.lookahead = 0 if self.where else LOOKAHEAD

	def __str__(self):
		return self.text + (f' [at {self.where}]' if self.where else '')


def splats(console):
	"""The kernel's reports after the first KTAP line, each with the case
	(suite.case, or suite.case.parameter) that was running when it was
	printed: the one whose result line comes next.  Returns the reports
	no case expected, and a line for each expected report that did not
	come."""
	found, suite, parent, started = [], None, None, False
	pending, expected, last = [], [], None
	with open(console, errors='replace') as f:
		for raw in f:
			line = KTAP_LINE.match(raw.rstrip('\n')).group(1)
			# Another boot (ISOLATED= runs one per case): what it prints
			# before its KTAP is its bring-up's, not a case's.
			if line.startswith('Linux version '):
				running = f'{suite} (after its last case)' if suite else None
				found += [(running, str(r)) for r in pending]
				pending, expected, last, started = [], [], None, False
				suite = parent = None
				continue
			if line.strip().startswith('KTAP version'):
				started = True
			if not started:
				continue
			if last and last.lookahead:
				last.lookahead -= 1
				m = AT_FUNC.search(line.strip())
				if m:
					last.where, last.lookahead = m.group(1), 0
			m = SUBTEST.match(line)
			if m:
				if len(m.group(1)) <= 4:
					suite, parent = m.group(2), None
				else:
					parent = m.group(2)
				continue
			m = EXPECTS.match(line)
			if m:
				expected.append(m.group(1))
				continue
			m = RESULT.match(line)
			if m:
				depth = len(m.group(1)) // 4
				if depth == 0:
					name = m.group(2)
				elif depth == 1:
					name, parent = f'{suite}.{m.group(2)}', None
				else:
					name = f'{suite}.{parent}.{m.group(2)}'
				for report in pending:
					hit = [e for e in expected if e in str(report)]
					if hit:
						expected.remove(hit[0])
					else:
						found.append((name, str(report)))
				for e in expected:
					found.append((name, f'the kernel warning the case expects did not come: {e}'))
				pending, expected, last = [], [], None
				continue
			if SPLAT.search(line):
				last = Report(None, line.strip())
				pending.append(last)
	running = f'{suite} (after its last case)' if suite else None
	found += [(running, str(r)) for r in pending]
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
