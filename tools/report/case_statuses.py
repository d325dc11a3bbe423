#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# case_statuses.py RESULTS.json: every result of kunit.py's --json output
# as "suite.case STATUS" or "suite.case[parameter] STATUS", one per line,
# sorted, so that two runs compare with diff.  Exits 2 when the file holds
# no result at all.

import sys

import kunit_results


def main():
	if len(sys.argv) != 2:
		sys.exit('usage: case_statuses.py RESULTS.json')
	try:
		results = kunit_results.cases(kunit_results.load(sys.argv[1]))
	except kunit_results.NoResults as e:
		print(e, file=sys.stderr)
		return 2
	if not results:
		print(f'{sys.argv[1]}: no results', file=sys.stderr)
		return 2
	for line in sorted(f'{kunit_results.case_name(s, c, p)} {st}'
			   for s, c, p, st in results):
		print(line)
	return 0


if __name__ == '__main__':
	sys.exit(main())
