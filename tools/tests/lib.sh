# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# TAP-like helpers for the host tests; sourced.  Each check prints
# "ok - what" or "not ok - what"; finish prints "N passed, N failed".

passed=0
failed=0

ok() {
	echo "ok - $*"
	passed=$((passed + 1))
}

not_ok() {
	echo "not ok - $*"
	failed=$((failed + 1))
}

# expect_fail WHAT PATTERN CMD...: CMD must exit non-zero and print PATTERN.
expect_fail() {
	local what=$1 pattern=$2 out rc
	shift 2
	set +e
	out=$("$@" 2>&1)
	rc=$?
	set -e
	if [ $rc -ne 0 ] && grep -qE -- "$pattern" <<< "$out"; then
		ok "$what"
	else
		not_ok "$what (exit $rc, wanted a failure matching '$pattern')"
		sed 's/^/    /' <<< "$out" | tail -n 15
	fi
}

# expect_ok WHAT CMD...: CMD must exit 0.
expect_ok() {
	local what=$1 out rc
	shift
	set +e
	out=$("$@" 2>&1)
	rc=$?
	set -e
	if [ $rc -eq 0 ]; then
		ok "$what"
	else
		not_ok "$what (exit $rc)"
		sed 's/^/    /' <<< "$out" | tail -n 15
	fi
}

finish() {
	echo "$passed passed, $failed failed"
	[ $failed -eq 0 ]
}

# expect_same_statuses BASE FULL OTHER LOG HOW: the run-kunit results in
# OTHER (its output in LOG) give every case and parameter the status the
# full run in FULL gave it; HOW says how OTHER ran ("a boot per case").
# Exits the test when OTHER has no results.
expect_same_statuses() {
	local base=$1 full=$2 other=$3 log=$4 how=$5 want got n
	sed -n "\$s/^/# $how: /p" "$log"
	if ! got=$(python3 "$PROJECT/tools/report/case_statuses.py" "$other/results.json"); then
		not_ok "$base: $how gave no results; see $log"
		finish
		exit 1
	fi
	want=$(python3 "$PROJECT/tools/report/case_statuses.py" "$full/results.json")
	n=$(wc -l <<< "$want")
	if [ "$want" = "$got" ]; then
		ok "$base: the $n results of $how equal the full run's"
	else
		not_ok "$base: $how gives other results than the full run (< full, > $how):"
		diff <(echo "$want") <(echo "$got") | grep '^[<>]' | sed -n '1,30s/^/    /p'
	fi
}
