#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# kunit_summary.py RESULTS.json: print "N passed, N failed, N skipped" for
# the test cases in kunit.py's --json output, a parameterized case once
# per parameter.  A crashed or missing case counts as failed.  Exit 0
# only if something ran and nothing failed.

import sys

import kunit_results


def main():
	if len(sys.argv) != 2:
		sys.exit('usage: kunit_summary.py RESULTS.json')
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
	print(f"{counts['PASS']} passed, {counts['FAIL']} failed, {counts['SKIP']} skipped")
	return 0 if counts['FAIL'] == 0 else 1


if __name__ == '__main__':
	sys.exit(main())
