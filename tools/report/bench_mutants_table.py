#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# bench_mutants_table.py DIR BASE RUNS SHARDS: the table of "make bench
# BENCH=mutants", from DIR/times.txt ("name seconds" lines, one of each
# name per round, in order), DIR/unsharded-N.txt (each round's report of
# the unsharded run) and DIR/rounds.txt (whether each round's merged
# report equalled the unsharded one).  Per round, the sharded time from
# start to merged report is the build, the slowest part and the merge;
# the table gives the medians and their ratio.

import os
import re
import statistics
import sys

import bench_table


def main():
	d, base, runs, shards = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
	t = {}
	for line in open(os.path.join(d, 'times.txt')):
		name, secs = line.split()
		t.setdefault(name, []).append(float(secs))
	rounds = min(len(t.get(k, [])) for k in
		     ['unsharded', 'build', 'merge'] + [f'part-{j}' for j in range(1, shards + 1)])
	if rounds == 0:
		sys.exit('bench_mutants_table: no complete round in ' + d)
	sharded = [t['build'][r] + max(t[f'part-{j}'][r] for j in range(1, shards + 1)) + t['merge'][r]
		   for r in range(rounds)]
	med = statistics.median

	per_mutant, counts = [], set()
	for r in range(1, rounds + 1):
		for line in open(os.path.join(d, f'unsharded-{r}.txt')):
			m = re.search(r'(\d+) mutants in (\d+) s, ([\d.]+) s per mutant', line)
			if m:
				per_mutant.append((float(m.group(3)), int(m.group(1))))
			if re.match(r'\d+ killed, \d+ survived, \d+ equivalent$', line.strip()):
				counts.add(line.strip())

	print(f'make bench BENCH=mutants: linux-source-{base}, {shards} parts, '
	      f'median of {rounds} of {runs} round{"s" if runs > 1 else ""}, seconds')
	print(bench_table.machine())
	print(f'  make mutants, unsharded          {med(t["unsharded"]):8.1f}')
	print(f'  sharded: the one build           {med(t["build"]):8.1f}')
	for j in range(1, shards + 1):
		print(f'           part {j} of {shards}              {med(t[f"part-{j}"]):8.1f}')
	print(f'           merge                   {med(t["merge"]):8.1f}')
	print(f'  sharded, start to merged report  {med(sharded):8.1f}   '
	      f'(build + slowest part + merge, per round)')
	print(f'  ratio sharded / unsharded        {med(sharded) / med(t["unsharded"]):8.2f}')
	if per_mutant:
		print(f'  unsharded: {per_mutant[0][1]} mutants, '
		      f'{med(p for p, _ in per_mutant):.1f} s per mutant (median; rounds: '
		      + ', '.join(f'{p:.1f}' for p, _ in per_mutant) + ')')
	for c in sorted(counts):
		print(f'  unsharded: {c}')
	if os.path.exists(os.path.join(d, 'rounds.txt')):
		for line in open(os.path.join(d, 'rounds.txt')):
			print('  ' + line.strip())


if __name__ == '__main__':
	main()
