#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/lab/mutagen on small inputs: every schemata it writes compiles, with
# each mutant selected in turn, and a statement written over several
# lines is mutated as one (the clauses of a for loop on lines of their
# own are no statements; taking them for some wrote code that did not
# compile).

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/../../tests/lib.sh"
. "$here/../../lib/common.sh"

scratch=$(mktemp -d /tmp/ppc-kunit-mutagen.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
make -s -C "$PROJECT/tools/lab" mutagen/mutagen

src=$here/mutagen/for-over-lines.c
expect_ok "mutagen writes the schemata of reuse_id()" \
	"$PROJECT/tools/lab/mutagen/mutagen" -f reuse_id -d -o "$scratch/m.c" -l "$scratch/m.list" "$src"
# The schemata are kernel code; a stand-in for core_param() is all they
# need of it to compile here.
printf '#define core_param(...)\n#define unlikely(x) (x)\n' > "$scratch/kernel.h"
if gcc -Wall -Werror -fsyntax-only -include "$scratch/kernel.h" "$scratch/m.c" 2> "$scratch/cc.log"; then
	ok "the schemata compile"
else
	not_ok "the schemata do not compile:"
	sed -n '1,10s/^/    /p' "$scratch/cc.log"
fi
if [ -n "$(awk -F'\t' '$3 == 12 || $3 == 13' "$scratch/m.list")" ]; then
	not_ok "the second and third clauses of a for loop over three lines were mutated:"
	awk -F'\t' '$3 == 12 || $3 == 13' "$scratch/m.list" | sed 's/^/    /'
else
	ok "no mutant of the clauses on the lines after for ("
fi
if [ -n "$(awk -F'\t' '$3 == 14 && $4 == "negate"' "$scratch/m.list")" ]; then
	ok "the loop's body is mutated (negate i == j)"
else
	not_ok "no mutant of the loop's body; the list:"
	sed 's/^/    /' "$scratch/m.list"
fi
finish
