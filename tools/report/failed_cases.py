#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# failed_cases.py RESULTS.json: the cases of kunit.py's --json output that
# did not pass, one "suite.case" per line (a parameterized case once, with
# its first failing parameter in brackets).  Prints "no results" and
# exits 2 when the file holds no test case at all: the kernel crashed or
# hung before KUnit reported anything.

import sys

import kunit_results


def main():
	if len(sys.argv) != 2:
		sys.exit('usage: failed_cases.py RESULTS.json')
	try:
		results = kunit_results.cases(kunit_results.load(sys.argv[1]))
	except kunit_results.NoResults:
		results = []
	if not results:
		print('no results')
		return 2
	for name in kunit_results.failed(results):
		print(name)
	return 0


if __name__ == '__main__':
	sys.exit(main())
