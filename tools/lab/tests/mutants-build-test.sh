#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make mutants builds its kernel in the build directory of make run, with
# the schemata swapped into the tree.  What it compiles there must not
# outlive it: here it has to compile kernel/locking/mutex.o again (gone
# first), which reads vcpu_is_preempted() from asm/paravirt.h while that
# holds the schemata.  After it no object may reference ppc_mutant, and
# make run must build, link and pass.  Runs on BASE (default: the
# default base), after make run has built it once (make check's order).

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/../../tests/lib.sh"
. "$here/../../lib/common.sh"

base=${BASE:-$DEFAULT_BASE}
check_base "$base"
build=$CACHE/build/$base
victim=kernel/locking/mutex.o
scratch=$(mktemp -d /tmp/ppc-kunit-mutants-build.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

rm -f "$build/$victim"
# One mutant (smp.c's first) is enough: the build is what is tested, and
# the boot only has to happen.
expect_ok "make mutants builds its kernel with $victim to compile again" \
	env BASE="$base" MUTANTS=1 MUTANTS_ENFORCE=0 "$PROJECT/tools/lab/mutants"

left=$(find "$build" -name '*.o' -print0 |
	xargs -0 "${CROSS}nm" -A -u 2>/dev/null | grep -w ppc_mutant || true)
if [ -z "$left" ]; then
	ok "no object of $build references ppc_mutant after make mutants"
else
	not_ok "objects compiled with the schemata are left in $build:"
	sed -n '1,10s/^/    /p' <<< "$left"
fi

expect_ok "make run builds, links and passes after make mutants" \
	env BASE="$base" OUT="$scratch/out" FILTER='powerpc_vcpu_preempted*' \
	"$PROJECT/tools/run-kunit"
finish
