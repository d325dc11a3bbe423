#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# mutants_lines.py OUT EQUIVALENTS ID...: one line per mutant ID of
# OUT/smp.list, OUT/paravirt.list and OUT/firmware-*.list (tools/mutagen's
# lists), in their order, from OUT/runs/ID.json:
#
#   equivalent ID FUNC:LINE KIND: WHAT: REASON [(but killed by CASES)]
#   killed ID FUNC:LINE KIND: WHAT: by CASES
#   survived ID FUNC:LINE KIND: WHAT
#
# A mutant is equivalent when EQUIVALENTS (tools/mutants-equivalent.txt)
# lists its function and description; killed by the cases that did not
# pass (kunit_results.failed(), as failed_cases.py prints them), or by a
# crash or hang when its run left no result.  One process for every
# mutant: "make mutants" and "make merge" report hundreds.

import os
import sys

import kunit_results


def failed(path):
	"""The cases of @path that did not pass, or None if it holds none.
	A mutant's boot stops at its first failure (tools/lib/fail-fast), and
	kunit.py reports the cases it did not reach as errors: where a case
	failed, those are the killers, not the ones cut short."""
	try:
		results = kunit_results.cases(kunit_results.load(path))
	except kunit_results.NoResults:
		return None
	if not results:
		return None
	fails = [r for r in results if r[3] == 'FAIL']
	return kunit_results.failed(fails or results)


def listed(out, wanted):
	"""(ID, FUNC, LINE, KIND, WHAT) of each mutant of @wanted in the
	schemata lists of @out, in their order."""
	lists = ['smp.list', 'paravirt.list'] + sorted(
		f for f in os.listdir(out)
		if f.startswith(('firmware-', 'sched-')) and f.endswith('.list'))
	for listing in lists:
		for line in open(os.path.join(out, listing)):
			fields = line.rstrip('\n').split('\t')
			if len(fields) >= 5 and fields[0] in wanted:
				yield tuple(fields[:5])


def main():
	if len(sys.argv) < 3:
		sys.exit('usage: mutants_lines.py OUT EQUIVALENTS ID...')
	out, equivalents, wanted = sys.argv[1], sys.argv[2], set(sys.argv[3:])
	reasons = {}
	for line in open(equivalents):
		fields = line.rstrip('\n').split('\t')
		if len(fields) >= 3 and not line.startswith('#'):
			reasons.setdefault((fields[0], fields[1]), fields[2])
	for mid, func, lineno, kind, what in listed(out, wanted):
		cases = failed(os.path.join(out, 'runs', f'{mid}.json'))
		if cases is None:
			by = f'a crash or hang (no KUnit results; {out}/runs/{mid}.log)'
		else:
			by = ' '.join(cases)
		where = f'{mid} {func}:{lineno} {kind}: {what}'
		reason = reasons.get((func, what))
		if reason:
			print(f'equivalent {where}: {reason}' + (f' (but killed by {by})' if by else ''))
		elif by:
			print(f'killed {where}: by {by}')
		else:
			print(f'survived {where}')


if __name__ == '__main__':
	main()
