#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare the sched domains of a live boot with the suite's model of them.

Reads the console log of a kernel booted with sched_verbose by
tools/live-check.  For every CPU of the NUMA layout QEMU was given:

  - the domains the scheduler printed ("CPU<n> attaching sched-domain(s)",
    the last time it attached them) equal the domains
    topology_boot_domains predicts ("domains CPU<n>: ..."), level names
    and spans;
  - the scheduler's spans are those of one-thread cores in that layout:
    the CPU's node, then every CPU.

Prints one "ok" or "not ok" line per check and ends with
"N passed, N failed"; exits 1 if any check failed, 2 on bad input.
"""

import argparse
import re
import sys

ATTACH = re.compile(r'CPU(\d+) attaching sched-domain\(s\):')
ATTACH_NULL = re.compile(r'CPU(\d+) attaching NULL sched-domain')
DOMAIN = re.compile(r'domain-(\d+): span=(\S*) level=(\S+)')
MODEL = re.compile(r'# topology_boot_domains: domains CPU(\d+): (.*)$')
TAP = re.compile(r'\b(KTAP|TAP) version \d+')


def cpu_list(text):
    """The CPUs of a %*pbl list such as 0-3,8."""
    cpus = set()
    for part in text.split(','):
        if not part:
            continue
        lo, _, hi = part.partition('-')
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise ValueError(f"not a CPU list: '{text}'")
        cpus.update(range(int(lo), int(hi or lo) + 1))
    return frozenset(cpus)


class AttachedDomains:
    """Each CPU's domains as sched_verbose printed them when the scheduler
    last attached them, from the console lines fed to it in order."""

    def __init__(self):
        self.built = {}
        self.current = None

    def stop(self):
        """A line that ends the domains being printed."""
        self.current = None

    def feed(self, line):
        """Whether @line was one of sched_verbose's (or a TAP header,
        which ends them)."""
        m = ATTACH.search(line)
        if m:
            self.current = int(m.group(1))
            self.built[self.current] = []
            return True
        m = ATTACH_NULL.search(line)
        if m:
            self.built[int(m.group(1))] = []
            self.current = None
            return True
        if TAP.search(line):
            self.current = None
            return True
        m = DOMAIN.search(line)
        if m and self.current is not None and int(m.group(1)) == len(self.built[self.current]):
            self.built[self.current].append((m.group(3), m.group(2)))
            return True
        return False


def read_log(path):
    """The scheduler's last domains and the model's domains, per CPU."""
    attached, model = AttachedDomains(), {}
    with open(path, errors='replace') as log:
        for line in log:
            line = line.rstrip('\n')
            m = MODEL.search(line)
            if m:
                domains = [] if m.group(2) == 'none' else m.group(2).split(', ')
                model[int(m.group(1))] = [tuple(d.split(' ', 1)) for d in domains]
                attached.stop()
                continue
            attached.feed(line)
    return attached.built, model


def ranges(cpus):
    """A set of CPUs as %*pbl prints it."""
    out, run = [], []
    for cpu in sorted(cpus):
        if run and cpu != run[-1] + 1:
            out.append(run)
            run = []
        run.append(cpu)
    if run:
        out.append(run)
    return ','.join(f'{r[0]}-{r[-1]}' if len(r) > 1 else f'{r[0]}' for r in out)


def show(domains):
    return ', '.join(f'{name} {span}' for name, span in domains) or 'none'


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--node', action='append', required=True,
                        help="CPUs of one NUMA node as given to QEMU, e.g. 0-3")
    parser.add_argument('console_log')
    args = parser.parse_args()

    try:
        nodes = [cpu_list(n) for n in args.node]
        built, model = read_log(args.console_log)
    except (OSError, ValueError) as err:
        print(f'live_domains: {err}', file=sys.stderr)
        return 2

    everyone = frozenset().union(*nodes)
    passed = failed = 0

    def result(ok, text):
        nonlocal passed, failed
        print(('ok - ' if ok else 'not ok - ') + text)
        if ok:
            passed += 1
        else:
            failed += 1

    if not model:
        result(False, f'{args.console_log}: no "domains CPU" lines: '
               'did powerpc_topology_boot run with several CPUs online?')
    if not built:
        result(False, f'{args.console_log}: no "attaching sched-domain" lines: '
               'was the kernel booted with sched_verbose and loglevel=8?')

    for node in nodes:
        for cpu in sorted(node):
            if cpu not in built or cpu not in model:
                result(False, f'CPU{cpu}: ' +
                       ('no domains from the scheduler' if cpu not in built
                        else 'no prediction from the model'))
                continue
            result(built[cpu] == model[cpu],
                   f'CPU{cpu}: scheduler built {show(built[cpu])}' +
                   ('; the model agrees' if built[cpu] == model[cpu]
                    else f'; the model predicts {show(model[cpu])}'))
            try:
                spans = [cpu_list(span) for _, span in built[cpu]]
            except ValueError as err:
                result(False, f'CPU{cpu}: {err}')
                continue
            want = [node, everyone] if node != everyone else [everyone]
            got = ' then '.join(span for _, span in built[cpu]) or 'none'
            result(spans == want,
                   f'CPU{cpu}: spans {got}; one-thread cores in nodes {" ".join(args.node)} give '
                   f'{" then ".join(ranges(s) for s in want)}')

    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
