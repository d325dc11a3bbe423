#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# bench_table.py TIMES.json BASE RUNS [MUTANTS]: the table "make bench"
# prints, from hyperfine's --export-json: the medians and their ratios,
# with the date and the machine, and the four figures the harness is held
# to against their targets and against their first measure, on
# 2026-12-04, before the work on run time (with BENCH_BEFORE=1, also the
# small kernel's cold build as a share of the plain one's, the kernel of
# that day).  MUTANTS is how many mutants the timed
# mutants-run booted.  A command hyperfine did not time (BENCH_COLD=0)
# shows as "-".

import json
import os
import sys
import time


def machine():
	"""The line every bench table carries, so that a stored table says
	when and on what it was measured."""
	model = '?'
	try:
		with open('/proc/cpuinfo') as f:
			for line in f:
				if line.startswith('model name'):
					model = line.split(':', 1)[1].strip()
					break
	except OSError:
		pass
	return (f"measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
		f" on {os.cpu_count()} cores ({model})")


def medians(path):
	"""hyperfine's median of each command, by its --command-name."""
	with open(path) as f:
		return {r['command']: r['median'] for r in json.load(f)['results']}


def main():
	path, base, runs = sys.argv[1], sys.argv[2], sys.argv[3]
	booted = int(sys.argv[4]) if len(sys.argv) > 4 else 0
	m = medians(path)
	if booted and 'mutants-run' in m:
		m['per-mutant'] = m['mutants-run'] / booted

	def cell(key):
		return f"{m[key]:9.1f}" if key in m else f"{'-':>9}"

	def ratio(a, b):
		return f"{m[a] / m[b]:7.2f}" if a in m and b in m else f"{'-':>7}"

	print(f"make bench: linux-source-{base}, median of {runs} runs (hyperfine), seconds")
	print(machine())
	print(f"{'':24} {'harness':>9} {'kunit.py':>9} {'ratio':>7}")
	for label, h, p in (('cold build and run', 'harness-cold', 'plain-cold'),
			    ('warm re-run', 'harness-warm', 'plain-warm'),
			    ('one file changed', 'harness-one-file', 'plain-one-file')):
		print(f"{label:24} {cell(h)} {cell(p)} {ratio(h, p)}")
	print(f"{'from nothing':24} {cell('harness-from-nothing')}")
	print(f"{'cold, ccache warm':24} {cell('harness-ccache-warm')} {'':>9} "
	      f"{ratio('harness-ccache-warm', 'harness-cold')} of harness cold")
	print(f"{'cold, KCONFIG=plain':24} {cell('harness-cold-plain')} {'':>9} "
	      f"{ratio('harness-cold', 'harness-cold-plain')} harness cold of it")
	print(f"{'one suite (vcpu)':24} {cell('harness-one-suite')}")
	print(f"{'boot floor (no suite)':24} {cell('harness-boot-floor')}")
	print(f"{'seconds per mutant':24} {cell('per-mutant')}"
	      + (f"   ({booted} mutants booted)" if booted else ''))
	print()
	print(f"{'the targets:':26} {'now':>9} {'2026-12-04':>11}   target")
	targets = (
		('warm re-run / boot floor', ratio('harness-warm', 'harness-boot-floor'), '12',
		 'at most 2'),
		('cold build and run, s', cell('harness-cold'), '391 + 36',
		 'kunit.py build under 240'),
		# The 2026-12-04 kernel was the plain one: on a machine of any
		# speed, the target is this share of it.
		('cold, small / plain', ratio('harness-cold', 'harness-cold-plain'), '1',
		 'under 0.61 (240 / 391)'),
		('from nothing, s', cell('harness-from-nothing'), '549', 'under 360'),
		('seconds per mutant', cell('per-mutant'), '8 to 9', 'at most 5'),
	)
	for label, value, then, target in targets:
		print(f"{label:26} {value.strip():>9} {then:>11}   {target}")


if __name__ == '__main__':
	main()
