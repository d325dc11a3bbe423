#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The two guests of a full run lose no case and run none twice: the
# suites of BASE (default 7.3) on one guest (make run BOOTS=1) give
# every case and parameter the status the full run in out/BASE/ gave
# it, which "make check" ran just before on the same kernel, split over
# two guests (run-kunit's BOOTS=2, the default on two CPUs).  A split
# glob that some base's kunit matches otherwise (6.1's glob_match()
# matched a negated class at the end of a name) shows here.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

base=${BASE:-$DEFAULT_BASE}
full=$PROJECT/out/$base
one=$PROJECT/out/one-guest-$base
statuses() { python3 "$PROJECT/tools/report/case_statuses.py" "$1/results.json"; }

[ -f "$full/results.json" ] || die "no full run of $base in $full: run 'make run BASE=$base' first"
[ -d "$full/boots" ] || die "the full run of $base in $full ran on one guest: run it with BOOTS=2"
mkdir -p "$one"
env BASE="$base" OUT="$one" BOOTS=1 "$PROJECT/tools/run-kunit" > "$one.log" 2>&1 || true
sed -n '$s/^/# one guest: /p' "$one.log"
if ! one_statuses=$(statuses "$one"); then
	not_ok "$base: the run on one guest gave no results; see $one.log"
	finish
	exit 1
fi
full_statuses=$(statuses "$full")
n=$(wc -l <<< "$full_statuses")
if [ "$one_statuses" = "$full_statuses" ]; then
	ok "$base: the $n results of the suites on one guest equal the two guests'"
else
	not_ok "$base: one guest gives other results than two (< two guests, > one):"
	diff <(echo "$full_statuses") <(echo "$one_statuses") | grep '^[<>]' | sed -n '1,30s/^/    /p'
fi
finish
