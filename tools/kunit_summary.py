#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# kunit_summary.py RESULTS.json: print "N passed, N failed, N skipped" for
# the test cases in kunit.py's --json output.  A crashed or missing case
# counts as failed.  Exit 0 only if something ran and nothing failed.

import json
import sys


def walk(group, counts, failures, path):
	name = path + [group.get('name', '?')]
	for case in group.get('test_cases', []):
		status = case.get('status', 'ERROR')
		if status == 'PASS':
			counts['passed'] += 1
		elif status == 'SKIP':
			counts['skipped'] += 1
		else:
			counts['failed'] += 1
			failures.append('.'.join(name[1:] + [case.get('name', '?')]) + ': ' + status)
	for sub in group.get('sub_groups', []):
		walk(sub, counts, failures, name)


def main():
	if len(sys.argv) != 2:
		sys.exit('usage: kunit_summary.py RESULTS.json')
	try:
		with open(sys.argv[1]) as f:
			results = json.load(f)
	except (OSError, ValueError) as e:
		print(f'{sys.argv[1]}: no usable kunit.py results: {e}', file=sys.stderr)
		print('0 passed, 1 failed, 0 skipped')
		return 1
	counts = {'passed': 0, 'failed': 0, 'skipped': 0}
	failures = []
	walk(results, counts, failures, [])
	for f in failures:
		print('FAILED ' + f, file=sys.stderr)
	if counts['passed'] + counts['failed'] + counts['skipped'] == 0:
		print(f'{sys.argv[1]}: the kernel reported no test results', file=sys.stderr)
		counts['failed'] = 1
	print(f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
	return 0 if counts['failed'] == 0 else 1


if __name__ == '__main__':
	sys.exit(main())
