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
statuses() { python3 "$PROJECT/tools/report/case_statuses.py" "$1/results.json"; }

mkdir -p "$alone"
[ -f "$full/results.json" ] || die "no full run of $base in $full: run 'make run BASE=$base' first"
env BASE="$base" OUT="$alone" ISOLATED=test "$PROJECT/tools/run-kunit" > "$alone.log" 2>&1 || true
sed -n '$s/^/# a boot per case: /p' "$alone.log"
if ! alone_statuses=$(statuses "$alone"); then
	not_ok "$base: the isolated run gave no results; see $alone.log"
	finish
	exit 1
fi
full_statuses=$(statuses "$full")
n=$(wc -l <<< "$full_statuses")
differ=$(diff <(echo "$full_statuses") <(echo "$alone_statuses") | grep '^[<>]' || true)
if [ -z "$differ" ]; then
	ok "$base: the $n results of a boot per case equal the full run's"
else
	not_ok "$base: one boot per case gives other results than the full run (< full, > alone):"
	sed -n '1,30s/^/    /p' <<< "$differ"
fi
finish
