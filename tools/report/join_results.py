#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# join_results.py PART.json...: kunit.py --json outputs of separate boots
# (one case or suite each) as one, on stdout: the suites in the order of
# the parts, a suite that several parts ran once, with the cases of each
# in turn.  kunit.py --run_isolated writes its --json again at every
# boot, so run-kunit's ISOLATED= keeps a part per boot and joins them.
# Exits 1 when a part is unreadable.

import json
import sys

import kunit_results


def main():
	if len(sys.argv) < 2:
		sys.exit('usage: join_results.py PART.json...')
	joined, suites = None, {}
	for path in sys.argv[1:]:
		try:
			part = kunit_results.load(path)
		except kunit_results.NoResults as e:
			print(e, file=sys.stderr)
			return 1
		if joined is None:
			joined = {k: v for k, v in part.items() if k != 'sub_groups'}
			joined['sub_groups'] = []
		for suite in part.get('sub_groups', []):
			name = suite.get('name')
			if name not in suites:
				suites[name] = {k: v for k, v in suite.items()
						if k not in ('test_cases', 'sub_groups')}
				suites[name]['test_cases'], suites[name]['sub_groups'] = [], []
				joined['sub_groups'].append(suites[name])
			suites[name]['test_cases'] += suite.get('test_cases', [])
			suites[name]['sub_groups'] += suite.get('sub_groups', [])
	json.dump(joined, sys.stdout, indent=1)
	print()
	return 0


if __name__ == '__main__':
	sys.exit(main())
