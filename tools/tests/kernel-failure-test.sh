#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A kernel that panics or hangs under QEMU must end the run with a clear
# message and a non-zero exit, and leave the caches usable.  Uses the
# kernel "make run" built for BASE (default 6.1): only the command line
# changes, so nothing is rebuilt.  Results go to a scratch directory.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

base=${BASE:-6.1}
scratch=$(mktemp -d /tmp/ppc-kunit-failure.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

expect_fail "a test that panics the kernel fails the run and is reported" \
	"Kernel panic.*ppc_kunit_selftest|crashed|CRASHED" \
	env BASE="$base" OUT="$scratch/panic" FILTER=powerpc_harness_selftest \
	KERNEL_ARGS="ppc_kunit_selftest.mode=panic" "$PROJECT/tools/run-kunit"
if grep -q "ppc_kunit_selftest: panic requested" "$scratch/panic/console.log"; then
	ok "the panic is in the saved console log"
else
	not_ok "the panic is not in $scratch/panic/console.log"
fi

start=$(date +%s)
expect_fail "a kernel that hangs is stopped by TIMEOUT and fails the run" \
	"timed out|Timeout|TIMEOUT|[1-9][0-9]* failed" \
	env BASE="$base" OUT="$scratch/hang" FILTER=powerpc_harness_selftest TIMEOUT=30 \
	KERNEL_ARGS="ppc_kunit_selftest.mode=hang nowatchdog" "$PROJECT/tools/run-kunit"
elapsed=$(($(date +%s) - start))
if [ $elapsed -lt 300 ]; then
	ok "the hung kernel was stopped after ${elapsed}s (TIMEOUT=30)"
else
	not_ok "the hung kernel took ${elapsed}s to stop"
fi

# after WHAT OUT: run the fake-state suite, keep its output in $out.
after() {
	set +e
	out=$(env BASE="$base" OUT="$scratch/$2" FILTER=powerpc_fake_topology \
		"$PROJECT/tools/run-kunit" 2>&1)
	rc=$?
	set -e
	if [ $rc -eq 0 ]; then
		ok "$1"
	else
		not_ok "$1 (exit $rc)"
		tail -n 15 <<< "$out" | sed 's/^/    /'
	fi
}

after "the next run on the same cache passes" after
if grep -q "nothing changed since the last build of $base: booting it" <<< "$out"; then
	ok "with nothing changed, a run boots the last build without configuring or making"
else
	not_ok "a run with nothing changed configured or built the kernel again"
fi

echo stale > "$CACHE/build/$base/.ppc-kunit-built"
after "a build record that does not match is not trusted, and the run passes" stale
if grep -q "kunit.py build" <<< "$out"; then
	ok "a build record that does not match makes the run build"
else
	not_ok "a build record that does not match was trusted"
fi

finish
