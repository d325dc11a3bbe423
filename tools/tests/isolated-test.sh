#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every case stands alone: the suites of BASE (default 7.3) run one case
# per boot (kunit.py --run_isolated=test, through "make run ISOLATED=test")
# give every case and parameter the status the full run in out/BASE/
# gave it, which "make check" ran just before on the same kernel.  A
# case whose result depends on what an earlier case left behind (a memo,
# a static, an injected state not restored) differs here.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

base=${BASE:-$DEFAULT_BASE}
full=$PROJECT/out/$base
alone=$PROJECT/out/isolated-$base
mkdir -p "$alone"
[ -f "$full/results.json" ] || die "no full run of $base in $full: run 'make run BASE=$base' first"
env BASE="$base" OUT="$alone" ISOLATED=test "$PROJECT/tools/run-kunit" > "$alone.log" 2>&1 || true
expect_same_statuses "$base" "$full" "$alone" "$alone.log" "a boot per case"
finish
