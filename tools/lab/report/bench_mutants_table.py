#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# bench_mutants_table.py DIR BASE SHARDS: the table of "make bench
# BENCH=mutants", from hyperfine's JSON of the unsharded runs
# (DIR/unsharded/times.json) and of the sharded ones (DIR/times.json),
# the last unsharded report (DIR/unsharded.txt) and DIR/compared.txt.
# The sharded time from start to merged report is the median build, the
# slowest part's median and the median merge.

import os
import re
import sys

import bench_table


def main():
	d, base, shards = sys.argv[1], sys.argv[2], int(sys.argv[3])
	try:
		t = bench_table.medians(os.path.join(d, 'times.json'))
		t.update(bench_table.medians(os.path.join(d, 'unsharded', 'times.json')))
	except (OSError, ValueError, KeyError) as e:
		sys.exit(f'bench_mutants_table: no complete bench in {d}: {e}')
	sharded = t['build'] + max(t[f'part-{j}'] for j in range(1, shards + 1)) + t['merge']

	print(f'make bench BENCH=mutants: linux-source-{base}, {shards} parts, '
	      f'medians (hyperfine), seconds')
	print(bench_table.machine())
	print(f'  make mutants, unsharded          {t["unsharded"]:8.1f}')
	print(f'  sharded: the one build           {t["build"]:8.1f}')
	for j in range(1, shards + 1):
		print(f'           part {j} of {shards}              {t[f"part-{j}"]:8.1f}')
	print(f'           merge                   {t["merge"]:8.1f}')
	print(f'  sharded, start to merged report  {sharded:8.1f}   (build + slowest part + merge)')
	print(f'  ratio sharded / unsharded        {sharded / t["unsharded"]:8.2f}')
	for line in open(os.path.join(d, 'unsharded.txt')):
		m = re.search(r'(\d+) mutants in (\d+) s, ([\d.]+) s per mutant', line)
		if m:
			print(f'  unsharded, last run: {m.group(1)} mutants, {m.group(3)} s per mutant')
		if re.match(r'\d+ killed, \d+ survived, \d+ equivalent$', line.strip()):
			print(f'  unsharded, last run: {line.strip()}')
	with open(os.path.join(d, 'compared.txt')) as f:
		print('  ' + f.read().strip())


if __name__ == '__main__':
	main()
