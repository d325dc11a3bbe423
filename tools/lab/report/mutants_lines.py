#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# mutants_lines.py OUT EQUIVALENTS ID...: one line per mutant ID of
# OUT/smp.list, OUT/paravirt.list, OUT/topology-h.list and the firmware,
# sched and pseries lists (tools/lab/mutagen's
# lists), in their order, from OUT/runs/ID.json:
#
#   equivalent ID FUNC:LINE KIND: WHAT: REASON
#   killed ID FUNC:LINE KIND: WHAT: by CASES
#   survived ID FUNC:LINE KIND: WHAT
#
# A mutant is equivalent when EQUIVALENTS (tools/lab/mutants-equivalent.txt)
# lists its function and description, and nothing killed it; killed by
# the cases that did not pass (kunit_results.failed(), as failed_cases.py
# prints them), or by a crash or hang when its run left no result.  A
# description can occur more than once in a function (the same call on
# two lines): "WHAT @N" names its N-th mutant only, in the lists' order.
# A listed mutant that was killed is counted killed, and its line says
# the entry is wrong.  One process for every mutant: "make mutants" and
# "make merge" report hundreds.

import os
import re
import sys

# The result loader is the core's (tools/report/).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
				'..', '..', 'report'))
import kunit_results  # noqa: E402


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


def listed(out):
	"""(ID, FUNC, LINE, KIND, WHAT) of each mutant in the schemata lists
	of @out, in their order."""
	lists = ['smp.list', 'paravirt.list'] + sorted(
		f for f in os.listdir(out)
		if f.startswith(('firmware-', 'sched-', 'pseries-', 'topology-h')) and f.endswith('.list'))
	for listing in lists:
		for line in open(os.path.join(out, listing)):
			fields = line.rstrip('\n').split('\t')
			if len(fields) >= 5:
				yield tuple(fields[:5])


def main():
	if len(sys.argv) < 3:
		sys.exit('usage: mutants_lines.py OUT EQUIVALENTS ID...')
	out, equivalents, wanted = sys.argv[1], sys.argv[2], set(sys.argv[3:])
	# (FUNC, WHAT) -> {N: reason}, N 0 for every occurrence.
	reasons = {}
	for line in open(equivalents):
		fields = line.rstrip('\n').split('\t')
		if len(fields) >= 3 and not line.startswith('#'):
			m = re.fullmatch(r'(.*) @([1-9][0-9]*)', fields[1])
			what, nth = (m.group(1), int(m.group(2))) if m else (fields[1], 0)
			reasons.setdefault((fields[0], what), {}).setdefault(nth, fields[2])
	# The occurrences are counted over every mutant of the lists, not
	# only the wanted ones, so that a sample numbers them as a full run.
	seen = {}
	for mid, func, lineno, kind, what in listed(out):
		seen[(func, what)] = nth = seen.get((func, what), 0) + 1
		if mid not in wanted:
			continue
		cases = failed(os.path.join(out, 'runs', f'{mid}.json'))
		if cases is None:
			by = f'a crash or hang (no KUnit results; {out}/runs/{mid}.log)'
		else:
			by = ' '.join(cases)
		where = f'{mid} {func}:{lineno} {kind}: {what}'
		entry = reasons.get((func, what), {})
		reason = entry.get(nth, entry.get(0))
		if reason and by:
			print(f'killed {where}: by {by} (listed as equivalent in '
			      f'{os.path.basename(equivalents)}: the entry is wrong here)')
		elif reason:
			print(f'equivalent {where}: {reason}')
		elif by:
			print(f'killed {where}: by {by}')
		else:
			print(f'survived {where}')


if __name__ == '__main__':
	main()
