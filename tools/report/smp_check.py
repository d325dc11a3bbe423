#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# smp_check.py LABEL QEMU_STATUS RESULTS.json CONSOLE: the verdict on one
# boot of make smp-check.  Prints what the boot showed and a last line
# "ok - LABEL: ..." or "not ok - LABEL: ..."; exits 0 only for ok.  The
# boot fails on:
#   - a powerpc case that failed or crashed (the other subsystems' suites
#     KUNIT_ALL_TESTS brings are counted and their failures listed, not
#     held against the series);
#   - a kernel report while a powerpc suite ran or once the init runs
#     ("debugfs"): what kunit_summary.py counts, and lockdep's and the
#     kernel's WARNINGs, each named with the case running.  Reports while
#     another subsystem's suite ran are listed, not counted: several
#     make the kernel report on purpose (KASAN's, kunit_fault, the
#     int_log tests), and KUNIT_ALL_TESTS leaves no way to turn them off;
#   - the init's lines (tools/guest-init/debugfs_check.c): a results file
#     it could not read, a failure line in a powerpc suite's (the other
#     suites' failures are the cases listed above), or no "done" line;
#   - QEMU killed on the timeout (status 124).
# The powerpc suites' own count is printed apart: on an SMP boot they
# skip, each with its reason.

import collections
import re
import sys

import kunit_results
import kunit_summary

REPORT = re.compile(kunit_summary.SPLAT.pattern + r'|WARNING: |INFO: trying to register non-static key')
INIT = re.compile(r'smp-check: (.*)$')


def reports(console):
	"""(suite, case running, line) of each report after the first KTAP
	line; the suite is "debugfs" once the init prints."""
	found, suite, running, started = [], None, None, False
	with open(console, errors='replace') as f:
		for raw in f:
			line = kunit_summary.LINE.match(raw.rstrip('\n')).group(1)
			if line.strip().startswith('KTAP version'):
				started = True
			m = re.match(r'( *)# Subtest: (\S+)', line)
			if m:
				running = m.group(2)
				if len(m.group(1)) <= 4:
					suite = running
			if INIT.search(line):
				suite = running = 'debugfs'
			if started and REPORT.search(line):
				found.append((suite, running, line.strip()))
	return found


def init_lines(console):
	with open(console, errors='replace') as f:
		return [m.group(1) for m in map(INIT.search, f) if m]


def main():
	if len(sys.argv) != 5:
		sys.exit('usage: smp_check.py LABEL QEMU_STATUS RESULTS.json CONSOLE')
	label, status, results, console = sys.argv[1:]
	problems = []
	try:
		cases = kunit_results.cases(kunit_results.load(results))
	except kunit_results.NoResults as e:
		cases = []
		problems.append(str(e))
	counts = collections.Counter()
	ours = collections.Counter()
	skips = collections.Counter()
	others_failed = []
	for suite, case, param, st in cases:
		counts[st] += 1
		if suite.startswith('powerpc_'):
			ours[st] += 1
		if st in ('PASS', 'SKIP'):
			continue
		name = f'{kunit_results.case_name(suite, case, param)}: {st}'
		if suite.startswith('powerpc_'):
			problems.append(name)
		else:
			others_failed.append(name)
	if not cases:
		problems.append('the kernel reported no test results')
	others_reported = collections.Counter()
	for suite, running, line in reports(console):
		if suite and (suite.startswith('powerpc_') or suite == 'debugfs'):
			problems.append(f'kernel report while {running} ran: {line}')
		else:
			others_reported[suite or 'the kernel'] += 1
	lines = init_lines(console)
	for line in lines:
		m = re.match(r'(?:not ok in|(?:results|rerun)) (\S+?):(?: \d+ bytes, (\d+) not ok)?', line)
		if line.startswith('cannot '):
			problems.append(f'debugfs: {line}')
		elif m and m.group(1).startswith('powerpc_') and \
				(line.startswith('not ok in ') or m.group(2) not in (None, '0')):
			problems.append(f'debugfs: {line}')
	done = [line for line in lines if line.startswith('done: ')]
	if not done:
		problems.append('the init did not finish (no "smp-check: done" line)')
	if status == '124':
		problems.append('QEMU killed on the timeout')

	print(f'{label}: {counts["PASS"]} passed, {counts["SKIP"]} skipped, '
	      f'{sum(counts.values()) - counts["PASS"] - counts["SKIP"]} failed in '
	      f'{len({c[0] for c in cases})} suites; the powerpc suites {ours["PASS"]} passed, '
	      f'{ours["SKIP"]} skipped, '
	      f'{sum(ours.values()) - ours["PASS"] - ours["SKIP"]} failed')
	with open(console, errors='replace') as f:
		for raw in f:
			m = re.search(r'# SKIP (.*)$', raw)
			if m and re.search(r'CPUs online|rebuild=1|run=1', m.group(1)):
				skips[m.group(1).strip()] += 1
	for reason, n in skips.most_common():
		print(f'  {n} skipped: {reason}')
	for name in others_failed:
		print(f'  another subsystem\'s case failed: {name}')
	for suite, n in sorted(others_reported.items()):
		print(f'  {n} kernel reports while another subsystem\'s suite ran: {suite}')
	print(f'  debugfs: {done[0][len("done: "):] if done else "the init did not finish"}')
	for p in problems[:30]:
		print(f'  FAILED {p}')
	if len(problems) > 30:
		print(f'  ... and {len(problems) - 30} more')
	verdict = 'ok' if not problems else 'not ok'
	print(f'{verdict} - {label}: {len(problems)} problems')
	return 0 if not problems else 1


if __name__ == '__main__':
	sys.exit(main())
