#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# matrix_table.py PATCHDIR OUTDIR PATCH...: the pairing matrix from the
# results.json of each prefix (OUTDIR/1 ... OUTDIR/N), and the verdict:
# each patch's paired cases fail before it and pass after it, and no
# other case changes.  Ends with "N passed, N failed".

import json
import os
import sys


def cases(path):
	try:
		with open(path) as f:
			root = json.load(f)
	except (OSError, ValueError):
		return {}
	out = {}

	# A suite's sub-groups are its parameterized cases: one verdict for
	# the case, FAIL if any parameter failed, as KUnit reports the case.
	def verdict(group):
		statuses = [c.get('status', 'ERROR') for c in group.get('test_cases', [])]
		statuses += [verdict(sub) for sub in group.get('sub_groups', [])]
		if any(st not in ('PASS', 'SKIP') for st in statuses) or not statuses:
			return next((st for st in statuses if st not in ('PASS', 'SKIP')), 'ERROR')
		return 'PASS' if 'PASS' in statuses else 'SKIP'

	for suite in root.get('sub_groups', []):
		name = suite.get('name', '?')
		for case in suite.get('test_cases', []):
			out[f"{name}.{case['name']}"] = case.get('status', 'ERROR')
		for case in suite.get('sub_groups', []):
			out[f"{name}.{case.get('name', '?')}"] = verdict(case)
	return out


def paired(patch):
	with open(patch) as f:
		return [l.split(':', 1)[1].strip() for l in f if l.startswith('KUnit: ')]


def main():
	patchdir, outdir, patches = sys.argv[1], sys.argv[2], sys.argv[3:]
	first = min(int(d) for d in os.listdir(outdir) if d.isdigit())
	cols = [cases(os.path.join(outdir, str(k), 'results.json'))
		if k >= first else {} for k in range(1, len(patches) + 1)]
	names = sorted(set().union(*cols))
	short = {'PASS': 'pass', 'FAIL': 'FAIL', 'SKIP': 'skip'}

	print('after patch:  ' + ' '.join(f'{k:>4}' for k in range(1, len(patches) + 1)))
	for k, p in enumerate(patches, 1):
		print(f'  {k}: {p}')
	for name in names:
		cells = [short.get(c.get(name, '-'), c.get(name, '-')[:4]) for c in cols]
		print(f"{name:70} " + ' '.join(f'{c:>4}' for c in cells))

	passed = failed = 0
	for k in range(first + 1, len(patches) + 1):
		before, after = cols[k - 2], cols[k - 1]
		mine = set(paired(os.path.join(patchdir, patches[k - 1])))
		for name in sorted(mine):
			b, a = before.get(name, 'absent'), after.get(name, 'absent')
			if a == 'PASS' and b != 'PASS':
				passed += 1
				print(f'ok - patch {k}: {name} {b.lower()} before, passes after')
			else:
				failed += 1
				print(f'not ok - patch {k}: {name} is {b} before and {a} after')
		for name in names:
			if name in mine:
				continue
			b, a = before.get(name, 'absent'), after.get(name, 'absent')
			if b != a:
				failed += 1
				print(f'not ok - patch {k}: {name} changed {b} -> {a} but is not paired')
	print(f'{passed} passed, {failed} failed')
	return 1 if failed else 0


if __name__ == '__main__':
	sys.exit(main())
