#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The warnings step of "make presubmit" on the kernel: the project's 6.1
# series adds no W=1 or sparse warning, patch by patch, and a patch put
# after it that adds an undeclared global (tests/patches/
# 6.1-sparse-warning.patch) is named, with sparse's warning at its file
# and line.  About nine builds of smp.o with sparse in the seam check's
# tree.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

scratch=$(mktemp -d /tmp/ppc-kunit-presubmit-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
bad=6.1-sparse-warning.patch
mkdir -p "$scratch/patches/6.1"
series_file_patches "$PATCH_ROOT/6.1/series" > "$scratch/patches/6.1/series"
while read -r p; do cp "$PATCH_ROOT/6.1/$p" "$scratch/patches/6.1/"; done < "$scratch/patches/6.1/series"
cp "$here/patches/$bad" "$scratch/patches/6.1/"
echo "$bad" >> "$scratch/patches/6.1/series"
# The series' patches after the seams, less the bad one.
n=$(($(wc -l < "$scratch/patches/6.1/series") - $(seam_patches 6.1 | wc -l) - 1))

set +e
PPC_KUNIT_PATCHES="$scratch/patches" "$PROJECT/tools/lib/series-warnings" 6.1 > "$scratch/out" 2> "$scratch/err"
rc=$?
set -e
if [ "$(grep -c '^ok - .*: no new W=1 or sparse warning' "$scratch/out")" = "$n" ]; then
	ok "the $n patches of the 6.1 series add no W=1 or sparse warning"
else
	not_ok "the $n patches of the 6.1 series add no W=1 or sparse warning"
	grep -A5 '^not ok' "$scratch/out" | sed -n '1,30s/^/    /p'
	tail -n 5 "$scratch/err" | sed 's/^/    /'
fi
# The line the global lands on, from the patch's own hunk: the hunk's
# new-file start plus the global's place in it.  The hunk header is kept
# exact for the series' smp.c; if the series moves the line, the header
# needs refreshing and the message below says so.
line=$(awk '/^@@ / { split($3, a, ","); n = substr(a[1], 2) - 1; next }
	n && /^[ +]/ { n++ } /^\+int big_core_cpus_seen;/ { print n; exit }' "$here/patches/$bad")
if [ $rc -ne 0 ] && grep -q "^not ok - $bad: 1 new W=1 or sparse warnings:" "$scratch/out" &&
   grep -qE "^    arch/powerpc/kernel/smp.c:$line:[0-9]+: warning: symbol 'big_core_cpus_seen' was not declared" "$scratch/out"; then
	ok "a patch adding a sparse warning is named, with the file, line $line and warning"
else
	not_ok "a patch adding a sparse warning is named, with the file, line $line and warning (exit $rc; a different line means the 6.1 series moved it: refresh the hunk header of tools/tests/patches/$bad)"
	sed 's/^/    /' "$scratch/out" | tail -n 10
fi

finish
