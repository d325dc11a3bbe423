#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# matrix_table.py PATCHDIR OUTDIR PATCH...: the pairing matrix from the
# results.json of each prefix (OUTDIR/1 ... OUTDIR/N), and the verdict:
# each patch's paired cases fail before it and pass after it, and no
# other case changes.  Ends with "N passed, N failed".

import os
import sys

import kunit_results


def cases(path, params=None):
	"""Case name -> status, a parameterized case folded into one verdict,
	FAIL if any parameter failed, as KUnit reports the case.  If @params
	is a dict, it gets "suite.case" -> {parameter: status}."""
	try:
		results = kunit_results.cases(kunit_results.load(path))
	except kunit_results.NoResults:
		return {}
	out = {}
	for suite, case, param, status in results:
		key = f'{suite}.{case}'
		if param is not None and params is not None:
			params.setdefault(key, {})[param] = status
		old = out.get(key)
		if old is None or old == 'SKIP' or (old == 'PASS' and status != 'SKIP'):
			out[key] = status
	return out


def flips(before, after):
	"""The parameters that pass after and not before, and the reverse."""
	up = sorted(p for p, st in after.items() if st == 'PASS' and before.get(p) != 'PASS')
	down = sorted(p for p, st in before.items() if st == 'PASS' and after.get(p) != 'PASS')
	return up, down


def paired(patch):
	with open(patch) as f:
		return [l.split(':', 1)[1].strip() for l in f if l.startswith('KUnit: ')]


def expected_breaks(patchdir):
	"""PATCHDIR/matrix-expected: the intermediate states of a series that
	its own patches cause and a later patch repairs, as (patch, case) ->
	(parameters, repairing patch, line).  One per line:
	PATCH CASE PARAM[,PARAM...] REPAIRED-BY, '#' comments."""
	path = os.path.join(patchdir, 'matrix-expected')
	out = {}
	if not os.path.exists(path):
		return out
	with open(path) as f:
		for n, line in enumerate(f, 1):
			words = line.split('#', 1)[0].split()
			if not words:
				continue
			if len(words) != 4:
				sys.exit(f'{path}:{n}: expected PATCH CASE PARAMS REPAIRED-BY')
			out[(words[0], words[1])] = (sorted(words[2].split(',')), words[3], n)
	return out


def main():
	patchdir, outdir, patches = sys.argv[1], sys.argv[2], sys.argv[3:]
	expected = expected_breaks(patchdir)
	first = min(int(d) for d in os.listdir(outdir) if d.isdigit())
	pcols = [{} for _ in patches]
	cols = [cases(os.path.join(outdir, str(k), 'results.json'), pcols[k - 1])
		if k >= first else {} for k in range(1, len(patches) + 1)]
	names = sorted(set().union(*cols))
	short = {'PASS': 'pass', 'FAIL': 'FAIL', 'SKIP': 'skip'}

	print('after patch:  ' + ' '.join(f'{k:>4}' for k in range(1, len(patches) + 1)))
	for k, p in enumerate(patches, 1):
		print(f'  {k}: {p}')
	for name in names:
		cells = [short.get(c.get(name, '-'), c.get(name, '-')[:4]) for c in cols]
		print(f"{name:70} " + ' '.join(f'{c:>4}' for c in cells))

	# A paired case passes after its patch and did not before.  When it
	# still fails after it, because a later patch of the series is paired
	# with other machines of it, it must at least have turned some of its
	# parameters from failing to passing and none the other way, and it
	# must pass once the series is whole.  Any other case must not change,
	# parameter by parameter.
	passed = failed = 0
	last = cols[-1]
	for k in range(first + 1, len(patches) + 1):
		before, after = cols[k - 2], cols[k - 1]
		pb, pa = pcols[k - 2], pcols[k - 1]
		mine = set(paired(os.path.join(patchdir, patches[k - 1])))
		for name in sorted(mine):
			b, a = before.get(name, 'absent'), after.get(name, 'absent')
			up, down = flips(pb.get(name, {}), pa.get(name, {}))
			if a == 'PASS' and b != 'PASS':
				passed += 1
				print(f'ok - patch {k}: {name} {b.lower()} before, passes after')
			elif up and not down and last.get(name) == 'PASS':
				passed += 1
				print(f'ok - patch {k}: {name} passes after it for {", ".join(up)}; '
				      f'the rest of it passes later in the series')
			else:
				failed += 1
				print(f'not ok - patch {k}: {name} is {b} before and {a} after')
		for name in names:
			if name in mine:
				continue
			b, a = before.get(name, 'absent'), after.get(name, 'absent')
			up, down = flips(pb.get(name, {}), pa.get(name, {}))
			exp = expected.get((patches[k - 1], name))
			if exp and not up and down == exp[0] and exp[1] in patches[k:] \
					and last.get(name) == 'PASS':
				passed += 1
				print(f'ok - patch {k}: {name} fails for {", ".join(down)}, an intermediate '
				      f'state of the series (matrix-expected:{exp[2]}) that {exp[1]} repairs')
				continue
			if b != a or up or down:
				failed += 1
				what = [f'now passes for {"; ".join(up)}'] if up else []
				what += [f'now fails for {"; ".join(down)}'] if down else []
				print(f'not ok - patch {k}: {name} changed {b} -> {a}'
				      f'{" (" + ", ".join(what) + ")" if what else ""} but is not paired')
	print(f'{passed} passed, {failed} failed')
	return 1 if failed else 0


if __name__ == '__main__':
	sys.exit(main())
