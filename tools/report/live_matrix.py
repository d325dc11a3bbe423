#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""One shape of make live's matrix: a real boot against tools/fixturec -l.

Reads what tools/fixturec -l derived for the shape (EXPECTED) and the
console of the kernel booted in that shape with sched_verbose and the
powerpc_topology_live suite (CONSOLE), and compares:

  - the online CPUs and threads_per_core with the shape's;
  - for every online CPU, the sibling, small-core, L2, chip (core) and
    node masks and the node the kernel printed ("live CPU<n>: ...") with
    fixturec's (without big cores the kernel keeps no small-core masks:
    they must be empty);
  - the sched domains the scheduler last attached to every CPU
    (sched_verbose), level names and spans, with fixturec's (its TOP
    level is the kernel's DIE or PKG);
  - node_distance() between the nodes with CPUs with the shape's.

With --fake CONSOLE, the same shape brought up through the fake firmware
(powerpc_topology_fake_live's "fake NAME CPU<n>: ..." lines) must give
the real boot's masks, CPU by CPU (the small-core masks only with big
cores: without them the kernel leaves them as they were, empty on a real
boot and full in the fake firmware), and its domains below the NUMA levels.

With --boot-nodemask EXPECTED (fixturec -l -O of the CPUs present
after the boot), the boot's node masks come from there: powerpc maps
every present CPU to its node at boot (initmem_init()) and unmaps a CPU
only when it goes offline, so a thread the boot never brings up
(smt-enabled=) stays in cpumask_of_node().

With --step NAME=EXPECTED, the masks and domains the kernel printed after
a runtime change (a core hot-added or removed, threads offlined) are
compared too, with fixturec -l -O for the CPUs then online.

A console that dropped printk messages fails the shape, saying so: its
missing lines would otherwise read as missing domains.  So does a kernel
report printed while the suite ran (kunit_summary.py's: a WARNING:
splat, BUG:, an oops, lockdep, KASAN, UBSAN), named with its place.

Prints the differences as "# NAME: ..." lines, then one KTAP result line,
"ok N - NAME (QEMU ...)" or "not ok N - NAME (...)".  Exits 0 if the
shape agrees, 1 if it does not, 2 on bad input.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_domains import AttachedDomains, cpu_list, ranges  # noqa: E402
from kunit_summary import splats  # noqa: E402

MACHINE = re.compile(r'live machine: step (\S+) threads_per_core (\d+) big_cores (\d) online (\S*) '
                     r'possible (\S*) distances (\S*)')
LIVE_CPU = re.compile(r'live CPU(\d+): sibling (\S*) smallcore (\S*) l2 (\S*) core (\S*) '
                      r'node (\d+) nodemask (\S*)')
FAKE = re.compile(r'fake (\S+) CPU(\d+): sibling (\S*) smallcore (\S*) l2 (\S*) core (\S*) '
                  r'node (\d+) nodemask (\S*) domains (\S+)')
CASE = re.compile(r'^\s*(not ok|ok) \d+ topology_live_masks\b(.*)$')
# A failed expectation of the case: its message is the next line.
EXPECTATION = re.compile(r'# topology_live_masks: (?:EXPECTATION|ASSERTION) FAILED at (\S+)')
# The console fell behind the log buffer: lines in between are missing.
DROPPED = re.compile(r'\*\* (\d+) printk messages dropped \*\*')
MASKS = ('sibling', 'smallcore', 'l2', 'core', 'node', 'nodemask')
# fixturec's level roles and the names the scheduler prints for them.
NAMES = {'SMT': {'SMT'}, 'CACHE': {'CACHE'}, 'MC': {'MC'}, 'TOP': {'DIE', 'PKG'},
         'NODE': {'NODE'}, 'NUMA': {'NUMA'}}


class BadInput(Exception):
    pass


def read_expected(path):
    """fixturec -l's output: the shape line, the distances, the CPUs."""
    shape, dist, cpus = None, None, {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            words = line.split()
            try:
                if words[0] == 'shape':
                    shape = {'name': words[1], 'threads': int(words[3]), 'cpus': int(words[5]),
                             'big_cores': int(words[9])}
                elif words[0] == 'distances':
                    dist = words[1] if len(words) > 1 else ''
                elif words[0] == 'cpu':
                    fields = dict(zip(words[2::2], words[3::2]))
                    masks = {k: (fields[k] if k == 'node' else cpu_list(fields[k])) for k in MASKS}
                    domains = [] if fields['domains'] == 'none' else [
                        (d.split(':')[0], cpu_list(d.split(':')[1]))
                        for d in fields['domains'].split(';')]
                    cpus[int(words[1])] = (masks, domains)
                else:
                    raise ValueError(f"unknown line '{words[0]}'")
            except (IndexError, KeyError, ValueError) as e:
                raise BadInput(f'{path}:{lineno}: not fixturec -l output: {e}')
    if shape is None or dist is None or len(cpus) != shape['cpus']:
        raise BadInput(f'{path}: not fixturec -l output: no shape line, distances or CPUs')
    return shape, dist, cpus


def read_console(path):
    """Per step ("live machine: step NAME" line): that line, the masks
    printed after it, and each CPU's domains as the scheduler last
    attached them before it (sched_verbose); and the case's result."""
    steps, attached, case, dropped = {}, AttachedDomains(), None, 0
    failed, where, block = [], None, []
    with open(path, errors='replace') as log:
        for line in log:
            line = line.rstrip('\n')
            # KUnit prints the expression and its values, then the
            # message, the last line before the case's next one.
            if where and not re.search(r'# topology_live_masks: |\bok \d+ ', line):
                block.append(line.strip())
                continue
            if where:
                failed.append(f'{block[-1] if block else "(no message)"} ({where})')
                where = None
            m = EXPECTATION.search(line)
            if m:
                where, block = m.group(1).split('/')[-1], []
                continue
            m = DROPPED.search(line)
            if m:
                dropped += int(m.group(1))
                continue
            m = MACHINE.search(line)
            if m:
                steps[m.group(1)] = {'machine': m, 'cpus': {},
                                     'built': {c: list(d) for c, d in attached.built.items()}}
                last = steps[m.group(1)]
                attached.stop()
                continue
            m = LIVE_CPU.search(line)
            if m and steps:
                last['cpus'][int(m.group(1))] = {
                    k: (v if k == 'node' else cpu_list(v))
                    for k, v in zip(MASKS, m.groups()[1:])}
                continue
            m = CASE.search(line)
            if m:
                case = (m.group(1), m.group(2).strip())
                continue
            attached.feed(line)
    return steps, (case, failed), dropped


def distances_among(text, nodes):
    """A:B:D entries of a distances list, for pairs of nodes in @nodes."""
    out = {}
    for entry in filter(None, text.split(',')):
        a, b, d = entry.split(':')
        if a in nodes and b in nodes:
            out[(a, b)] = d
    return out


def compare_step(step, expected, got_step, nodemask=None):
    shape, dist, want = read_expected(expected)
    if nodemask:
        present = read_expected(nodemask)[2]
        for cpu, (masks, _) in want.items():
            if cpu in present:
                masks['nodemask'] = present[cpu][0]['nodemask']
    name = shape['name']
    diffs = []
    if got_step is None:
        return name, [f'{step}: the kernel printed no "live machine: step {step}" line: no '
                      'powerpc_topology_live suite in this kernel, or it did not get there '
                      '(see the console)']
    machine, got, built = got_step['machine'], got_step['cpus'], got_step['built']
    online = cpu_list(machine.group(4))
    if online != frozenset(want):
        diffs.append(f'{step}: online CPUs: fixturec {ranges(want)}, kernel {ranges(online)}')
    if int(machine.group(2)) != shape['threads']:
        diffs.append(f"{step}: threads_per_core: fixturec {shape['threads']}, kernel {machine.group(2)}")
    big = int(machine.group(3))
    if big != shape['big_cores']:
        diffs.append(f"{step}: has_big_cores: fixturec {shape['big_cores']}, kernel {big}")
    for cpu in sorted(want):
        masks, domains = want[cpu]
        if cpu not in got:
            diffs.append(f'{step}: CPU{cpu}: the kernel printed no masks')
            continue
        for k in MASKS:
            w, g = masks[k], got[cpu][k]
            if k == 'smallcore' and not big:
                # smp.c keeps small-core masks on big cores only; without
                # them the SMT level is the core, which 'sibling' checks.
                w = frozenset()
            if w != g:
                show = (lambda x: x) if k == 'node' else ranges
                diffs.append(f'{step}: CPU{cpu} {k}: fixturec {show(w)}, kernel {show(g)}')
        if cpu not in built:
            diffs.append(f'{step}: CPU{cpu}: the scheduler printed no domains (sched_verbose)')
            continue
        have = [(n, cpu_list(s)) for n, s in built[cpu]]
        ok = len(have) == len(domains) and all(
            n in NAMES[r] and s == ws for (r, ws), (n, s) in zip(domains, have))
        if not ok:
            diffs.append('{}: CPU{}: domains: fixturec {}, kernel {}'.format(
                step, cpu, ', '.join(f'{r} {ranges(s)}' for r, s in domains) or 'none',
                ', '.join(f'{n} {ranges(s)}' for n, s in have) or 'none'))
    nodes = {m['node'] for m, _ in want.values()}
    wd, gd = distances_among(dist, nodes), distances_among(machine.group(6), nodes)
    if wd != gd:
        diffs.append(f'{step}: node distances: fixturec {dist}, kernel {machine.group(6)}')
    return name, diffs


def read_fake(path, shape):
    """The fake bring-up of @shape: masks and domains per CPU."""
    cpus = {}
    with open(path, errors='replace') as log:
        for line in log:
            m = FAKE.search(line)
            if not m or m.group(1) != shape:
                continue
            masks = {k: (v if k == 'node' else cpu_list(v)) for k, v in zip(MASKS, m.groups()[2:8])}
            doms = [] if m.group(9) == 'none' else [
                (d.split(':')[0], cpu_list(d.split(':')[1])) for d in m.group(9).split(';')]
            cpus[int(m.group(2))] = (masks, doms)
    return cpus


def compare_fake(name, fake_path, got_step):
    """The fake bring-up of the shape against its real boot, CPU by CPU:
    the same masks, and the same domains below the NUMA levels, which
    only a real boot has (the fake one builds the powerpc table alone)."""
    if got_step is None:
        return []
    fake = read_fake(fake_path, name)
    if not fake:
        return [f'fake: no "fake {name}" lines in {fake_path} (the fake bring-up did not run)']
    diffs = []
    real = got_step['cpus']
    # Without big cores smp.c never touches the small-core masks: a real
    # boot leaves them empty, the fake firmware starts them full (so that
    # a bring-up that should clear them and does not is seen) and they
    # stay so.  The kernel reads them only with big cores.
    skip = () if int(got_step['machine'].group(3)) else ('smallcore',)
    if set(fake) != set(real):
        diffs.append(f'fake: CPUs: fake bring-up {ranges(fake)}, real boot {ranges(real)}')
    for cpu in sorted(set(fake) & set(real)):
        masks, doms = fake[cpu]
        for k in MASKS:
            if k not in skip and masks[k] != real[cpu][k]:
                show = (lambda x: x) if k == 'node' else ranges
                diffs.append(f'fake: CPU{cpu} {k}: fake bring-up {show(masks[k])}, '
                             f'real boot {show(real[cpu][k])}')
        built = [(n, cpu_list(s)) for n, s in got_step['built'].get(cpu, [])
                 if n not in ('NODE', 'NUMA')]
        if built != doms:
            diffs.append('fake: CPU{}: domains: fake bring-up {}, real boot {} (below NUMA)'.format(
                cpu, ', '.join(f'{n} {ranges(s)}' for n, s in doms) or 'none',
                ', '.join(f'{n} {ranges(s)}' for n, s in built) or 'none'))
    return diffs


def compare(steps, console, fake=None, boot_nodemask=None):
    """@steps: (step, expected file) pairs, in order."""
    got, (case, failed), dropped = read_console(console)
    name, diffs = None, []
    # What the case itself found, and what the kernel reported while it
    # ran (a WARNING: splat, BUG:, an oops, lockdep, KASAN or UBSAN, as
    # make run counts them), come first: a step never reached is a
    # consequence.
    first = [f'topology_live_masks: {f}' for f in failed]
    first += [f'kernel report while {case_name or "the suite"} ran: {report}'
              for case_name, report in splats(console)]
    if dropped:
        # Missing lines would read as missing domains or masks.
        diffs.append(f'the console dropped {dropped} printk messages: the log buffer '
                     f'(log_buf_len on the command line) is too small for this shape')
    for step, expected in steps:
        name, d = compare_step(step, expected, got.get(step),
                               boot_nodemask if step == 'boot' else None)
        diffs += d
    if fake:
        diffs += compare_fake(name, fake, got.get('boot'))
    if case is None:
        diffs.append('topology_live_masks printed no result (crashed?)')
    elif case[0] != 'ok' or 'SKIP' in case[1]:
        diffs.append(f'topology_live_masks: {case[0]} {case[1]}'.strip())
    return name, first + diffs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--number', type=int, required=True, help='the KTAP test number')
    parser.add_argument('--qemu', default='', help='which QEMU ran the shape, for the result line')
    parser.add_argument('--step', action='append', default=[], metavar='NAME=EXPECTED',
                        help='also compare the masks printed at step NAME (runtime changes) '
                             'with tools/fixturec -l -O output EXPECTED')
    parser.add_argument('--fake', metavar='CONSOLE',
                        help='the console of powerpc_topology_fake_live: the fake bring-up of '
                             'the shape must give the real boot\'s masks and domains')
    parser.add_argument('--boot-nodemask', metavar='EXPECTED',
                        help='the node masks of the boot from tools/fixturec -l -O of the CPUs '
                             'present after it (a boot that leaves present CPUs offline)')
    parser.add_argument('expected', help='tools/fixturec -l output for the shape as booted')
    parser.add_argument('console', help='the console of the boot')
    args = parser.parse_args()
    steps = [('boot', args.expected)]
    for s in args.step:
        step, sep, path = s.partition('=')
        if not sep or not step or not path:
            parser.error(f"--step '{s}': want NAME=EXPECTED")
        steps.append((step, path))
    try:
        name, diffs = compare(steps, args.console, args.fake, args.boot_nodemask)
    except (OSError, BadInput) as e:
        print(f'live_matrix.py: {e}', file=sys.stderr)
        return 2
    for d in diffs:
        print(f'# {name}: {d}')
    info = f' ({args.qemu})' if args.qemu else ''
    print(f"{'not ok' if diffs else 'ok'} {args.number} - {name}{info}")
    return 1 if diffs else 0


if __name__ == '__main__':
    sys.exit(main())
