#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# bench_table.py TIMES BASE RUNS: the table "make bench" prints, from the
# "name seconds" lines tools/bench records: medians and their ratios.

import statistics, sys
times, base, runs = sys.argv[1], sys.argv[2], sys.argv[3]
t = {}
for line in open(times):
	name, secs = line.split()
	t.setdefault(name, []).append(float(secs))
m = {k: statistics.median(v) for k, v in t.items()}
print(f"make bench: linux-source-{base}, median of {runs} runs, seconds")
print(f"{'':24} {'harness':>9} {'kunit.py':>9} {'ratio':>7}")
for label, h, p in (('cold build and run', 'harness-cold', 'plain-cold'),
		    ('warm re-run', 'harness-warm', 'plain-warm'),
		    ('one file changed', 'harness-one-file', 'plain-one-file')):
	print(f"{label:24} {m[h]:9.1f} {m[p]:9.1f} {m[h] / m[p]:7.2f}")
print(f"{'cold, ccache warm':24} {m['harness-ccache-warm']:9.1f} {'':>9} "
      f"{m['harness-ccache-warm'] / m['harness-cold']:7.2f} of harness cold")
