#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# mutants_cases.py OUT ID...: for every case that ran without a mutant
# (OUT/runs/0.json), the mutants of ID... that turned it red, from
# OUT/runs/ID.json and the schemata lists, one line per case:
#
#   CASE: N mutants, e.g. ID FUNC:LINE KIND: WHAT
#   CASE: no mutant turned it red
#
# The example is a "constant" mutant where there is one (the code under
# test replaced by a constant answer), else the first.  Meaningful only
# when every boot ran every case (MUTANTS_FAIL_FAST=0): a boot stopped
# at its first failure does not show the cases after it.

import os
import sys

# The result loader is the core's (tools/report/).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
				'..', '..', 'report'))
import kunit_results  # noqa: E402
import mutants_lines


def names(path):
	"""The cases of @path as suite.case, and those that did not pass."""
	try:
		results = kunit_results.cases(kunit_results.load(path))
	except kunit_results.NoResults:
		return [], set()
	ran = [f'{s}.{c}' for s, c, _, _ in results]
	red = {f'{s}.{c}' for s, c, _, status in results if status not in ('PASS', 'SKIP')}
	return list(dict.fromkeys(ran)), red


def main():
	if len(sys.argv) < 2:
		sys.exit('usage: mutants_cases.py OUT ID...')
	out, wanted = sys.argv[1], set(sys.argv[2:])
	described = {mid: (kind, f'{mid} {func}:{line} {kind}: {what}')
		     for mid, func, line, kind, what in mutants_lines.listed(out) if mid in wanted}
	cases, _ = names(os.path.join(out, 'runs', '0.json'))
	killers = {c: [] for c in cases}
	for mid in sorted(described, key=int):
		for case in names(os.path.join(out, 'runs', f'{mid}.json'))[1]:
			killers.setdefault(case, []).append(mid)
	for case in cases:
		ids = killers[case]
		if not ids:
			print(f'{case}: no mutant turned it red')
			continue
		constant = [m for m in ids if described[m][0] == 'constant']
		print(f'{case}: {len(ids)} mutants, e.g. {described[(constant or ids)[0]][1]}')


if __name__ == '__main__':
	main()
