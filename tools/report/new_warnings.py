#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# new_warnings.py DIFF BUILD_LOG: the compiler's warnings and errors in
# BUILD_LOG that point at a line DIFF adds (DIFF: "git diff -U0" of the
# series; a file the series creates is all added lines).  Prints each,
# then "N new, N in the base's lines"; exits 1 if any is new.  A
# warning in a line the series did not write is the base's (W=1 finds
# some in files the series touches) and is counted, not held against it.

import re
import sys

ADDED = re.compile(r'^@@ -\S+ \+(\d+)(?:,(\d+))? @@')
FILE = re.compile(r'^\+\+\+ b/(.*)$')
REPORT = re.compile(r'^(?P<path>[^\s:]+):(?P<line>\d+):(?:\d+:)? (?:warning|error): ')


def added_lines(diff_path):
    added = {}
    path = None
    with open(diff_path, encoding='utf-8', errors='replace') as diff:
        for text in diff:
            m = FILE.match(text)
            if m:
                path = m.group(1)
                added.setdefault(path, set())
                continue
            m = ADDED.match(text)
            if m and path:
                start, count = int(m.group(1)), int(m.group(2) or 1)
                added[path].update(range(start, start + count))
    return added


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: new_warnings.py DIFF BUILD_LOG')
    added = added_lines(sys.argv[1])
    new = base = 0
    seen = set()
    with open(sys.argv[2], encoding='utf-8', errors='replace') as log:
        for text in log:
            m = REPORT.match(text)
            if not m or text in seen:
                continue
            seen.add(text)
            path = next((p for p in added if m.group('path').endswith('/' + p) or
                         m.group('path') == p), None)
            if path is None:
                continue
            if int(m.group('line')) in added[path]:
                new += 1
                print('new: ' + text.rstrip())
            else:
                base += 1
                print('base: ' + text.rstrip())
    print(f'{new} new, {base} in the base\'s lines')
    sys.exit(1 if new else 0)


if __name__ == '__main__':
    main()
