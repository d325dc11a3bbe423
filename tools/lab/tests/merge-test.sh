#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of sharding and "make merge", on hand-made parts: no kernel
# is built.  The shares of every SHARD=I/N cover the work once; merged
# parts give the report the same results give unsharded; parts that do
# not belong together are refused, naming the part.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/../../tests/lib.sh"
. "$here/../../lib/common.sh"
. "$PROJECT/tools/lib/shard.sh"
. "$PROJECT/tools/lab/lib/mutants-report.sh"

scratch=$(mktemp -d /tmp/ppc-kunit-merge-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# --- The shares: every item once, whatever N. ---
# shellcheck disable=SC2086 # the lists are split into words on purpose
shares_cover() {
	local n=$1 count=$2 i rr= rg=
	for i in $(seq "$n"); do
		rr="$rr $(SHARD=$i/$n; shard_parse; seq "$count" | shard_round_robin | tr '\n' ' ')"
		rg="$rg $(SHARD=$i/$n; shard_parse; r=$(shard_range 1 "$count"); [ -n "$r" ] && seq $r | tr '\n' ' ')"
	done
	[ "$(echo $rr | tr ' ' '\n' | sort -n | tr '\n' ' ')" = "$(seq "$count" | tr '\n' ' ')" ] &&
		[ "$(echo $rg | tr ' ' '\n' | tr '\n' ' ')" = "$(seq "$count" | tr '\n' ' ')" ]
}
all_cover=1
for n in 1 2 3 4 7; do
	for count in 1 2 5 9 255; do
		[ "$n" -gt "$count" ] && continue
		shares_cover "$n" "$count" || { all_cover=0; not_ok "SHARD=I/$n does not cover $count items once"; }
	done
done
[ $all_cover = 1 ] && ok "every SHARD=I/N covers the items once, in order for the matrix"

for bad in 0/2 3/2 a/2 2 1/0 /2; do
	expect_fail "SHARD=$bad is refused by make mutants" "SHARD" env SHARD=$bad "$PROJECT/tools/lab/mutants"
done
expect_fail "SHARD=5/2 is refused by make matrix" "SHARD" env SHARD=5/2 "$PROJECT/tools/matrix" 6.1
expect_fail "MUTANTS_STAGE=build with SHARD is refused" "leave SHARD out" \
	env SHARD=1/2 MUTANTS_STAGE=build "$PROJECT/tools/lab/mutants"
expect_fail "an unknown MUTANTS_STAGE is refused" "MUTANTS_STAGE must be" \
	env MUTANTS_STAGE=boot "$PROJECT/tools/lab/mutants"

# --- Mutants: three parts of five mutants, against the same results
# reported unsharded. ---
# results NAME STATUS: a kunit.py JSON with one case of that status.
results() {
	printf '{"name": "KUnit Test Group", "test_cases": [], "sub_groups": [{"name": "powerpc_topology", "sub_groups": [], "test_cases": [{"name": "%s", "status": "%s"}]}]}\n' "$1" "$2"
}
equiv=$(grep -v '^#' "$PROJECT/tools/lab/mutants-equivalent.txt" | sed -n 1p)
efunc=$(cut -f1 <<< "$equiv")
ewhat=$(cut -f2 <<< "$equiv")
whole=$scratch/whole
mkdir -p "$whole/runs"
printf '1\tbuild_sched_topology\t10\tdelete\tx = 1;\n2\tinit_big_cores\t20\tflip\ta < b -> a >= b\n3\t%s\t30\tswap\t%s\n4\tadd_cpu_to_masks\t40\tdelete\ty();\n' \
	"$efunc" "$ewhat" > "$whole/smp.list"
printf '5001\tvcpu_is_preempted\t5\tnegate\tif (a) -> if (!(a))\n' > "$whole/paravirt.list"
results topology_levels FAIL > "$whole/runs/1.json"
results topology_levels PASS > "$whole/runs/2.json"
results topology_levels PASS > "$whole/runs/3.json"
echo "Kernel panic" > "$whole/runs/4.log"
results vcpu_preempted_truth_table FAIL > "$whole/runs/5001.json"

identity() {
	printf 'job mutants\nbase 6.1 %s\ntree %s\nsuites abc\nrun 6.1\nparts %s\nschemata def\n' \
		"$(base_version 6.1)" "${2:-0123abcd}" "$1"
	echo "selection $(printf '%s\n' 1 2 3 4 5001 | sha256sum | cut -d' ' -f1) 5"
}
# part DIR I N IDS...: a part as tools/lab/mutants writes it.
part() {
	local dir=$1 i=$2 n=$3 id
	shift 3
	mkdir -p "$dir/runs"
	cp "$whole/smp.list" "$whole/paravirt.list" "$dir/"
	for id in "$@"; do
		cp "$whole/runs/$id".* "$dir/runs/"
	done
	{ identity "$n"; echo "part $i"; echo "mutants $*"; echo "seconds 8 100"; } > "$dir/part.txt"
}
part "$scratch/p/shard-1-of-3" 1 3 1 4
part "$scratch/p/shard-2-of-3" 2 3 2 5001
part "$scratch/p/shard-3-of-3" 3 3 3

ids=(1 2 3 4 5001)
MUTANTS_ENFORCE=0 mutants_report "$whole" "0123abcd" 6.1 "$(base_version 6.1)" "unsharded" > /dev/null
merged=$scratch/merged
mkdir -p "$merged"
parts="$scratch/p/shard-1-of-3 $scratch/p/shard-2-of-3 $scratch/p/shard-3-of-3"
set +e
out=$(env PPC_KUNIT_OUT_ROOT="$merged" MUTANTS_ENFORCE=0 PARTS="$parts" "$PROJECT/tools/lab/merge" 2>&1)
rc=$?
set -e
# The same but for the timing line and where the logs are.
same_report() {
	grep -v '^merged from\|^unsharded' "$1" | sed 's|no KUnit results; .*/runs/|no KUnit results; runs/|'
}
if [ $rc -eq 0 ] && diff <(same_report "$whole/mutants.txt") \
	<(same_report "$merged/mutants/6.1/mutants.txt") > /dev/null; then
	ok "merged mutant parts give the unsharded report"
else
	not_ok "merged mutant parts give the unsharded report (exit $rc)"
	diff "$whole/mutants.txt" "$merged/mutants/6.1/mutants.txt" | sed 's/^/    /' || true
	sed 's/^/    /' <<< "$out" | tail -n 15
fi
if grep -qx '3 killed, 1 survived, 1 equivalent' "$merged/mutants/6.1/mutants.txt" &&
   grep -q '^killed 4 .*a crash or hang' "$merged/mutants/6.1/mutants.txt"; then
	ok "the merged report counts a crash as a kill and the equivalent apart"
else
	not_ok "the merged report counts a crash as a kill and the equivalent apart"
fi
# One description on two lines of a function: "@2" lists the second
# only, and a listed mutant that a case killed is counted killed.
occ=$scratch/occurrences
mkdir -p "$occ/runs"
printf '7\tf\t1\tswap\ta() -> (b)\n8\tf\t2\tswap\ta() -> (b)\n9\tf\t3\tdelete\tdelete c();\n' > "$occ/smp.list"
: > "$occ/paravirt.list"
printf 'f\ta() -> (b) @2\tsecond\nf\tdelete c();\tstale\n' > "$scratch/equivalents.txt"
results topology_levels PASS > "$occ/runs/7.json"
results topology_levels PASS > "$occ/runs/8.json"
results topology_levels FAIL > "$occ/runs/9.json"
lines=$(python3 "$PROJECT/tools/lab/report/mutants_lines.py" "$occ" "$scratch/equivalents.txt" 7 8 9)
if grep -q '^survived 7 ' <<< "$lines" && grep -q '^equivalent 8 .*: second$' <<< "$lines" &&
   grep -q '^killed 9 .*(listed as equivalent in equivalents.txt: the entry is wrong here)$' <<< "$lines"; then
	ok "an equivalent names one occurrence with @N, and a killed one counts killed"
else
	not_ok "an equivalent names one occurrence with @N, and a killed one counts killed:"
	sed 's/^/    /' <<< "$lines"
fi
# A sample numbers the occurrences as the whole lists do.
lines=$(python3 "$PROJECT/tools/lab/report/mutants_lines.py" "$occ" "$scratch/equivalents.txt" 8)
if grep -q '^equivalent 8 ' <<< "$lines"; then
	ok "a sample without the first occurrence still finds the second"
else
	not_ok "a sample without the first occurrence still finds the second"
fi

expect_fail "the merged report enforces the 95 % rule" "kill ratio below 95 %" \
	env PPC_KUNIT_OUT_ROOT="$merged" PARTS="$parts" "$PROJECT/tools/lab/merge"

expect_fail "a missing part is named" "part 3 of 3 is missing" env PPC_KUNIT_OUT_ROOT="$merged" \
	PARTS="$scratch/p/shard-1-of-3 $scratch/p/shard-2-of-3" "$PROJECT/tools/lab/merge"
expect_fail "a part given twice is named" "part 1 of 3 is given twice" env PPC_KUNIT_OUT_ROOT="$merged" \
	PARTS="$scratch/p/shard-1-of-3 $scratch/p/shard-1-of-3 $scratch/p/shard-2-of-3" "$PROJECT/tools/lab/merge"
part "$scratch/q/shard-3-of-3" 3 3 3
sed -i 's/^tree .*/tree 4567ef01/' "$scratch/q/shard-3-of-3/part.txt"
expect_fail "a part from another tree is refused" "shard-3-of-3 is not a part of the same run.*> tree 4567ef01|tree 4567ef01" \
	env PPC_KUNIT_OUT_ROOT="$merged" PARTS="$scratch/p/shard-1-of-3 $scratch/p/shard-2-of-3 $scratch/q/shard-3-of-3" \
	"$PROJECT/tools/lab/merge"
part "$scratch/r/shard-3-of-3" 3 3 3
rm "$scratch/r/shard-3-of-3/runs/3.json"
expect_fail "a part without a listed result is refused" "mutant 3 is listed in part.txt but has no results" \
	env PPC_KUNIT_OUT_ROOT="$merged" PARTS="$scratch/p/shard-1-of-3 $scratch/p/shard-2-of-3 $scratch/r/shard-3-of-3" \
	"$PROJECT/tools/lab/merge"
part "$scratch/s/shard-3-of-3" 3 3 2
expect_fail "a mutant run by two parts is refused" "some twice: 2" \
	env PPC_KUNIT_OUT_ROOT="$merged" PARTS="$scratch/p/shard-1-of-3 $scratch/p/shard-2-of-3 $scratch/s/shard-3-of-3" \
	"$PROJECT/tools/lab/merge"
mkdir -p "$scratch/t"
expect_fail "a directory that is not a part is refused" "not a part" \
	env PPC_KUNIT_OUT_ROOT="$merged" PARTS="$scratch/t" "$PROJECT/tools/lab/merge"

# --- Matrix: a three-patch series in two parts, against the table of
# the same results unsharded. ---
series=$scratch/patches/6.1
mkdir -p "$series"
for i in 1 2 3; do
	printf 'Subject: [PATCH %s/3] patch %s\n\nKUnit: powerpc_topology.case_%s\n---\n' "$i" "$i" "$i" > "$series/000$i.patch"
done
matrix_results() {
	local k=$1 dir=$2 i
	mkdir -p "$dir/$k"
	{
		printf '{"name": "KUnit Test Group", "test_cases": [], "sub_groups": [{"name": "powerpc_topology", "sub_groups": [], "test_cases": ['
		for i in 1 2 3; do
			[ "$i" -gt 1 ] && printf ', '
			printf '{"name": "case_%s", "status": "%s"}' "$i" "$([ "$i" -le "$k" ] && echo PASS || echo FAIL)"
		done
		printf ']}]}\n'
	} > "$dir/$k/results.json"
}
for k in 1 2 3; do
	matrix_results "$k" "$scratch/mwhole"
done
mpart() {
	local dir=$1 i=$2 first=$3 last=$4 k
	for k in $(seq "$first" "$last"); do
		matrix_results "$k" "$dir"
	done
	printf 'job matrix\nbase 6.1 %s\ntree 0123abcd\nsuites abc\nrun 6.1\nparts 2\n' \
		"$(base_version 6.1)" > "$dir/part.txt"
	echo "series $(series_hash "$series" 0001.patch 0002.patch 0003.patch)" >> "$dir/part.txt"
	printf 'patches 0001.patch 0002.patch 0003.patch\nfrom 1\npart %s\nprefixes %s %s\n' \
		"$i" "$first" "$last" >> "$dir/part.txt"
}
mpart "$scratch/m/6.1/shard-1-of-2" 1 1 1
mpart "$scratch/m/6.1/shard-2-of-2" 2 2 3
python3 "$PROJECT/tools/report/matrix_table.py" "$series" "$scratch/mwhole" \
	0001.patch 0002.patch 0003.patch > "$scratch/mwhole.txt" || true
set +e
out=$(env PPC_KUNIT_OUT_ROOT="$merged" PPC_KUNIT_PATCHES="$scratch/patches" \
	PARTS="$scratch/m/6.1/shard-1-of-2 $scratch/m/6.1/shard-2-of-2" "$PROJECT/tools/lab/merge" 2>&1)
rc=$?
set -e
if [ $rc -eq 0 ] && diff "$scratch/mwhole.txt" "$merged/matrix/6.1/matrix.txt" > /dev/null &&
   grep -q '2 passed, 0 failed' "$merged/matrix/6.1/matrix.txt"; then
	ok "merged matrix parts give the unsharded table"
else
	not_ok "merged matrix parts give the unsharded table (exit $rc)"
	sed 's/^/    /' <<< "$out" | tail -n 15
fi
echo "changed" >> "$series/0002.patch"
expect_fail "matrix parts of another version of the series are refused" "another version of the series" \
	env PPC_KUNIT_OUT_ROOT="$merged" PPC_KUNIT_PATCHES="$scratch/patches" \
	PARTS="$scratch/m/6.1/shard-1-of-2 $scratch/m/6.1/shard-2-of-2" "$PROJECT/tools/lab/merge"

# --- An intermediate state named in matrix-expected is not a failure;
# one that is not named, or named with other parameters, is. ---
xs=$scratch/expected/6.1
mkdir -p "$xs"
for i in 1 2 3; do
	printf 'Subject: [PATCH %s/3] patch %s\n\nKUnit: powerpc_topology.case_%s\n---\n' "$i" "$i" "$i" > "$xs/000$i.patch"
done
echo 'KUnit: powerpc_topology.case_p' >> "$xs/0003.patch"
# case_p passes for a and b, patch 2 breaks it for a, patch 3 repairs it.
xresults() {
	local k=$1 i pa
	mkdir -p "$scratch/xout/$k"
	pa=$([ "$k" = 2 ] && echo FAIL || echo PASS)
	{
		printf '{"name": "KUnit Test Group", "test_cases": [], "sub_groups": [{"name": "powerpc_topology", "test_cases": ['
		for i in 1 2 3; do
			[ "$i" -gt 1 ] && printf ', '
			printf '{"name": "case_%s", "status": "%s"}' "$i" "$([ "$i" -le "$k" ] && echo PASS || echo FAIL)"
		done
		printf '], "sub_groups": [{"name": "case_p", "test_cases": [{"name": "a", "status": "%s"}, {"name": "b", "status": "PASS"}]}]}]}\n' "$pa"
	} > "$scratch/xout/$k/results.json"
}
for k in 1 2 3; do xresults "$k"; done
xmatrix() { python3 "$PROJECT/tools/report/matrix_table.py" "$xs" "$scratch/xout" 0001.patch 0002.patch 0003.patch; }
if out=$(xmatrix) || ! grep -q 'case_p changed' <<< "$out"; then
	not_ok "without matrix-expected, a patch breaking an unpaired case fails the matrix"
else
	ok "without matrix-expected, a patch breaking an unpaired case fails the matrix"
fi
echo '0002.patch powerpc_topology.case_p a 0003.patch # patch 3 repairs it' > "$xs/matrix-expected"
if out=$(xmatrix) && grep -q '^ok - patch 2: powerpc_topology.case_p fails for a, an intermediate state of the series (matrix-expected:1) that 0003.patch repairs' <<< "$out"; then
	ok "an intermediate state named in matrix-expected is reported as expected"
else
	not_ok "an intermediate state named in matrix-expected is reported as expected"
	sed 's/^/    /' <<< "$out" | tail -n 8
fi
echo '0002.patch powerpc_topology.case_p a,b 0003.patch' > "$xs/matrix-expected"
if xmatrix > /dev/null; then
	not_ok "matrix-expected naming other parameters than the patch breaks is not enough"
else
	ok "matrix-expected naming other parameters than the patch breaks is not enough"
fi
echo '0002.patch powerpc_topology.case_p' > "$xs/matrix-expected"
expect_fail "a malformed matrix-expected line is named" 'matrix-expected:1: expected PATCH CASE PARAMS REPAIRED-BY' xmatrix

finish
