#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/report/review.py, the report of "make review", on saved results:
# a synthetic pair of runs that differ in one case, one machine's LLC and
# one truth table (and share a case that fails on both), the same run
# against itself, a run without results, and the saved runs of a real
# posting's review (tools/tests/reviews/*/ with a expected.txt).

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

review=$PROJECT/tools/report/review.py
data=$here/reviews
scratch=$(mktemp -d /tmp/ppc-kunit-review.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# expect_lines WHAT FILE LINE...: every LINE is a line of FILE.
expect_lines() {
	local what=$1 file=$2 line missing=
	shift 2
	for line in "$@"; do
		grep -qxF -- "$line" "$file" || missing="$missing
    $line"
	done
	if [ -z "$missing" ]; then
		ok "$what"
	else
		not_ok "$what; missing:$missing"
		sed 's/^/    | /' "$file"
	fi
}

set +e
python3 "$review" --json "$scratch/s.json" base="$data/synthetic/base" \
	after="$data/synthetic/after" > "$scratch/s.txt"
rc=$?
set -e
[ $rc = 1 ] && ok "a series that changes something exits 1" || not_ok "exit $rc, not 1, for a change"
expect_lines "the changed case, and the case red on both sides apart" "$scratch/s.txt" \
	"    powerpc_vcpu_preempted.vcpu_preempted_dedicated: PASS -> FAIL" \
	"  failing without the series too, not its doing (1):" \
	"    powerpc_topology.topology_fixture_masks[p9-bigcore-64]: FAIL"
expect_lines "the machine whose LLC changed, field by field, and the unchanged one on a line" \
	"$scratch/s.txt" "  tiny/shared:" "    llc: 1 CPUs differ; CPU 1: 0-1 -> 1" \
	"    llc_size: 1 CPUs differ; CPU 1: 2 -> 1" \
	"  topology unchanged on 1 machines: tiny/dedicated"
expect_lines "the truth-table rows by rule, with an example" "$scratch/s.txt" \
	"    [H3] dedicated processors are never preempted: 6 rows in 2 tables" \
	"      e.g. SMT4 dedicated, caller CPU 0 on another core, target CPU 16: threads 16:P(target) 17:D 18:D 19:D: the model says not preempted, this kernel preempted"
if python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); s = r["steps"][0]; sys.exit(not (s["changed"] and s["cases_changed"][0]["after"] == "FAIL" and s["vcpu_rules"]))' "$scratch/s.json"; then
	ok "the JSON holds the same step"
else
	not_ok "the JSON does not say what the text says"
fi

set +e
python3 "$review" base="$data/synthetic/base" again="$data/synthetic/base" > "$scratch/same.txt"
rc=$?
set -e
[ $rc = 0 ] && ok "a run against itself exits 0" || not_ok "exit $rc, not 0, for no change"
expect_lines "and says nothing changed" "$scratch/same.txt" "  cases the series changes: none" \
	"  topology unchanged on 2 machines: tiny/dedicated tiny/shared" \
	"  vcpu_is_preempted() answers: unchanged"

mkdir -p "$scratch/empty"
expect_fail "a kernel without results exits 2" "no usable kunit.py results" \
	python3 "$review" base="$data/synthetic/base" broken="$scratch/empty"

# The saved runs of real reviews: the report must be the one kept.
for dir in "$data"/*/; do
	[ -f "$dir/expected.txt" ] || continue
	name=$(basename "$dir")
	mapfile -t runs < <(sed -n 's/^run //p' "$dir/runs.txt")
	(cd "$dir" && python3 "$review" --inputs inputs.txt --title "$(sed -n 's/^title //p' runs.txt)" \
		"${runs[@]}" > "$scratch/$name.txt") || true
	if diff -u "$dir/expected.txt" "$scratch/$name.txt" > "$scratch/$name.diff"; then
		ok "$name: the report of the saved runs is the one kept"
	else
		not_ok "$name: the report differs from expected.txt:"
		sed 's/^/    /' "$scratch/$name.diff" | head -n 20
	fi
done
finish
