#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# guest_profile.py: where a guest of make run spends its time, from QEMU's
# own view of the vCPU.  Used by tools/lab/profile.
#
#   guest_profile.py sample SOCKET RAW SYSTEM_MAP
#       connects to the guest's QMP socket and, until the guest stops,
#       reads its registers every PROFILE_INTERVAL seconds (default
#       0.01) with the monitor's "info registers": the program counter,
#       the link register, the timebase, and the callers the stack's back
#       chain holds (PROFILE_DEPTH frames, default 4).  TCG writes the
#       program counter back at each translated block, so a sample is
#       the block the vCPU runs.  It also reads the kernel's boot_tb, the
#       timebase printk's clock counts from.  RAW: the samples, as JSON.
#
#   guest_profile.py report RAW CONSOLE SYSTEM_MAP HARNESS_SYMBOLS
#       names each sample's function and callers (SYSTEM_MAP), finds the
#       case and parameter it fell in from the console's printk times,
#       and prints the functions, the call chains, the cases, and the
#       share of the samples in the harness's own code (HARNESS_SYMBOLS:
#       the function names of its objects, one a line) and in the kernel.
#
# The timebase runs at 512 MHz on pseries, and printk's clock is the
# timebase less boot_tb.

import bisect
import collections
import json
import os
import re
import socket
import sys
import time

TB_HZ = 512e6


def qmp(path):
    # QEMU opens the socket once the kernel is built, which may take
    # minutes; the caller writes PATH.done when the run is over.
    while True:
        try:
            s = socket.socket(socket.AF_UNIX)
            s.connect(path)
            break
        except OSError:
            if os.path.exists(path + '.done'):
                sys.exit(f'guest_profile: no QMP socket at {path}')
            time.sleep(0.05)
    f = s.makefile('rw')
    f.readline()

    def cmd(name, **args):
        msg = {'execute': name}
        if args:
            msg['arguments'] = args
        f.write(json.dumps(msg) + '\n')
        f.flush()
        while True:
            line = f.readline()
            if not line:
                raise EOFError
            r = json.loads(line)
            if 'return' in r or 'error' in r:
                return r
    cmd('qmp_capabilities')
    return cmd


def hmp(cmd, line):
    return cmd('human-monitor-command', **{'command-line': line}).get('return', '')


def read_u64s(cmd, addr, n):
    # "x" prints doublewords in the CPU model's byte order (big-endian
    # ppc64); the guest is little-endian.
    out = hmp(cmd, 'x /%dgx 0x%x' % (n, addr))
    if ':' not in out:
        return []
    words = re.findall(r'0x([0-9a-f]{16})', out.split(':', 1)[1])
    return [int.from_bytes(int(w, 16).to_bytes(8, 'big'), 'little') for w in words]


def sample(sock, raw, system_map):
    interval = float(os.environ.get('PROFILE_INTERVAL', '0.01'))
    depth = int(os.environ.get('PROFILE_DEPTH', '4'))
    cmd = qmp(sock)
    # The map of the kernel the guest boots: the run has built it by now.
    boot_tb_at = None
    with open(system_map) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3 and parts[2] == 'boot_tb':
                boot_tb_at = int(parts[0], 16)
    if boot_tb_at is None:
        sys.exit(f'guest_profile: no boot_tb in {system_map}')
    samples, boot_tb, same = [], 0, 0
    try:
        while True:
            regs = hmp(cmd, 'info registers')
            nip = re.search(r'NIP ([0-9a-f]+)', regs)
            lr = re.search(r'LR ([0-9a-f]+)', regs)
            tb = re.search(r'TB (\d+) (\d+)', regs)
            sp = re.search(r'GPR00 [0-9a-f]+ ([0-9a-f]+)', regs)
            if not (nip and lr and tb and sp):
                time.sleep(interval)
                continue
            now = int(tb.group(1)) << 32 | int(tb.group(2))
            # Read until it has stayed the same, within the timebase, 20
            # times: before the kernel maps itself the address reads
            # whatever memory is there, and time_init() sets it later.
            if same < 20:
                value = (read_u64s(cmd, boot_tb_at, 1) or [0])[0]
                if 0 < value <= now and value == boot_tb:
                    same += 1
                else:
                    boot_tb, same = (value if 0 < value <= now else 0), 0
            chain = []
            frame = int(sp.group(1), 16)
            for _ in range(depth):
                back = read_u64s(cmd, frame, 1)
                if not back or back[0] <= frame:
                    break
                frame = back[0]
                saved = read_u64s(cmd, frame, 3)
                if len(saved) < 3:
                    break
                chain.append(saved[2])
            samples.append([now / TB_HZ,
                            int(nip.group(1), 16), int(lr.group(1), 16), chain])
            time.sleep(interval)
    except (EOFError, OSError):
        pass
    with open(raw, 'w') as f:
        json.dump({'boot_tb': boot_tb, 'boot_same': same, 'samples': samples}, f)


def symbols(path):
    syms = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3 and parts[1] in 'tTwW':
                syms.append((int(parts[0], 16), parts[2]))
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


def cases(console):
    """(start, end, 'suite.case/param') for each parameter or case that ended."""
    spans, prev, suite, case = [], None, '?', '?'
    for line in open(console, errors='replace'):
        m = re.match(r'^\[ *([0-9.]+)\] (\s*)(.*)$', line.rstrip('\n'))
        if not m:
            continue
        t, indent, text = float(m.group(1)), len(m.group(2)), m.group(3)
        ok = re.match(r'(not )?ok [0-9]+ (\S+)', text)
        if text.startswith('# Subtest:'):
            name = text[10:].strip()
            if indent == 4:
                suite = name
            elif indent == 8:
                case = name
        if text.startswith(('# Subtest', 'KTAP')) or ok:
            if prev is not None and ok and indent in (4, 8):
                what = suite + '.' + (case + '/' + ok.group(2) if indent == 8 else ok.group(2))
                spans.append((prev, t, what))
            prev = t
    return spans


def report(raw, console, system_map, harness):
    data = json.load(open(raw))
    samples = data['samples']
    offset = data['boot_tb'] / TB_HZ if data['boot_same'] >= 20 else 0
    addrs, names = symbols(system_map)
    own = set(open(harness).read().split())
    spans = cases(console)
    if not samples or not spans or not offset:
        sys.exit('guest_profile: no samples, no boot_tb read, or no printk times on the console '
                 '(printk.time=1)')

    def name(pc):
        i = bisect.bisect_right(addrs, pc) - 1
        return names[i] if i >= 0 else hex(pc)

    starts = [s for s, _, _ in spans]

    def span_of(t):
        i = bisect.bisect_right(starts, t) - 1
        return spans[i][2] if i >= 0 and t < spans[i][1] else None

    fns, chains, where, shares = (collections.Counter() for _ in range(4))
    for tb, nip, lr, chain in samples:
        span = span_of(tb - offset)
        if span is None:
            continue
        fn = name(nip)
        callers = [name(lr)] + [name(pc) for pc in chain]
        fns[fn] += 1
        chains[' <- '.join([fn] + callers)] += 1
        where[span] += 1
        first_own = next((i for i, f in enumerate([fn] + callers) if f.split('.')[0] in own), None)
        shares['harness' if first_own == 0 else
               'kernel, called by the harness' if first_own is not None else 'kernel'] += 1
    n = sum(fns.values())
    print(f'{n} samples in cases ({len(samples)} taken, every '
          f'{os.environ.get("PROFILE_INTERVAL", "0.01")} s)')
    print('\nwhere (the harness: its own functions; then the kernel code it called, '
          f'within {os.environ.get("PROFILE_DEPTH", "4")} frames)')
    for k, v in shares.most_common():
        print('%6.1f %%  %s' % (100.0 * v / n, k))
    for title, counter, rows in (('functions', fns, 30), ('call chains', chains, 30),
                                 ('cases', where, 30)):
        print(f'\n{title}')
        for k, v in counter.most_common(rows):
            print('%6.1f %%  %s' % (100.0 * v / n, k))


if __name__ == '__main__':
    if len(sys.argv) == 5 and sys.argv[1] == 'sample':
        sample(*sys.argv[2:])
    elif len(sys.argv) == 6 and sys.argv[1] == 'report':
        report(*sys.argv[2:])
    else:
        sys.exit('usage: guest_profile.py sample SOCKET RAW SYSTEM_MAP | '
                 'report RAW CONSOLE SYSTEM_MAP HARNESS_SYMBOLS')
