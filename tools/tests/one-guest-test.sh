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
[ -f "$full/results.json" ] || die "no full run of $base in $full: run 'make run BASE=$base' first"
[ -d "$full/boots" ] || die "the full run of $base in $full ran on one guest: run it with BOOTS=2"
mkdir -p "$one"
env BASE="$base" OUT="$one" BOOTS=1 "$PROJECT/tools/run-kunit" > "$one.log" 2>&1 || true
expect_same_statuses "$base" "$full" "$one" "$one.log" "the suites on one guest"
finish
