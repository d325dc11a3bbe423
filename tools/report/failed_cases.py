#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# failed_cases.py RESULTS.json: the cases of kunit.py's --json output that
# did not pass, one "suite.case" per line (a parameterized case once, with
# its first failing parameter in brackets).  Prints "no results" and
# exits 2 when the file holds no test case at all: the kernel crashed or
# hung before KUnit reported anything.

import json
import sys


def walk(group, path, bad, counted):
	for case in group.get('test_cases', []):
		counted[0] += 1
		if case.get('status', 'ERROR') not in ('PASS', 'SKIP'):
			name = '.'.join(path + [case.get('name', '?')])
			bad.append(name)
	for sub in group.get('sub_groups', []):
		walk(sub, path + [sub.get('name', '?')], bad, counted)


def main():
	if len(sys.argv) != 2:
		sys.exit('usage: failed_cases.py RESULTS.json')
	try:
		with open(sys.argv[1]) as f:
			root = json.load(f)
	except (OSError, ValueError):
		print('no results')
		return 2
	bad, counted = [], [0]
	for suite in root.get('sub_groups', []):
		walk(suite, [suite.get('name', '?')], bad, counted)
	if not counted[0]:
		print('no results')
		return 2
	seen = set()
	for name in bad:
		parts = name.split('.')
		case = '.'.join(parts[:2])
		if case in seen:
			continue
		seen.add(case)
		print(case + (f'[{parts[2]}]' if len(parts) > 2 else ''))
	return 0


if __name__ == '__main__':
	sys.exit(main())
