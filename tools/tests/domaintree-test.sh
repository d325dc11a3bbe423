#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of tools/domaintree on hand-written "make show" console
# logs: same-shaped domains fold with their count, flags every level has
# are named once, the LLC is marked, a packing level lists the CPUs it
# prefers with equal priorities together, the Graphviz output is a
# digraph with one box per group, the hardware units are drawn around
# the domains (or named on them), and a log without the show lines, with
# CPUs missing or with a malformed line is refused naming the file.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

make -s -C "$PROJECT/tools" domaintree/domaintree
tree=$PROJECT/tools/domaintree/domaintree
logs=$here/domaintree
scratch=$(mktemp -d /tmp/domaintree-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# expect_line WHAT FILE LINE: FILE holds LINE exactly.
expect_line() {
	if grep -qxF -- "$3" "$2"; then
		ok "$1"
	else
		not_ok "$1: no line '$3' in:"
		sed 's/^/    /' "$2"
	fi
}

"$tree" -d "$scratch/i.dot" "$logs/interleaved.log" > "$scratch/i.txt"
expect_line "interleaved: the flags every level has are named once" "$scratch/i.txt" \
	"two-big-cores: 8 CPUs; no flag on every level"
expect_line "interleaved: two big cores fold into one line, the LLC marked, CPUs in priority order" \
	"$scratch/i.txt" \
	"  CACHE x2 0-3 | 4-7: 4 CPUs each; SD_SHARE_LLC|SD_ASYM_PACKING; the LLC; prefers {0} > {1} > {2} > {3}"
expect_line "interleaved: small cores fold within each big core" "$scratch/i.txt" \
	"    SMT x2 in each 0,2 | 1,3: 2 CPUs each; SD_SHARE_CPUCAPACITY|SD_SHARE_LLC"

"$tree" "$logs/shared.log" > "$scratch/s.txt"
expect_line "shared: a flag on every level goes to the first line" "$scratch/s.txt" \
	"shared-2x4: 8 CPUs; every level has SD_WAKE_AFFINE"
expect_line "shared: CPUs of equal priority are listed together" "$scratch/s.txt" \
	"PKG 0-7: 8 CPUs; SD_ASYM_PACKING; prefers {0-3} > {4-7}"

# Nested frames as lstopo draws them: PKG around the first CACHE around
# its first SMT around CPUs 0 and 2; the other SMT and CACHE folded.
if grep -q '^graph "two-big-cores"' "$scratch/i.dot" &&
   [ "$(grep -c 'subgraph cluster_' "$scratch/i.dot")" -eq 3 ] &&
   grep -q 'label="CPU 0\\nprio 0"' "$scratch/i.dot" &&
   grep -q 'label="CPU 2\\nprio -2"' "$scratch/i.dot" &&
   grep -q 'label="1 more SMT like it:\\n1,3"' "$scratch/i.dot" &&
   grep -q 'label="1 more CACHE like it:\\n4-7"' "$scratch/i.dot" &&
   grep -q 'fillcolor' "$scratch/i.dot"; then
	ok "the Graphviz output nests each level's frame in its parent's, down to the CPUs, repeats folded, the LLC shaded"
else
	not_ok "the Graphviz output is not the nested, folded picture:"
	sed 's/^/    /' "$scratch/i.dot"
fi
if command -v dot > /dev/null && dot -Tsvg -o "$scratch/i.svg" "$scratch/i.dot" &&
   grep -q '<svg' "$scratch/i.svg"; then
	ok "Graphviz draws it"
elif ! command -v dot > /dev/null; then
	not_ok "Graphviz (dot) is not installed; tools/lib/packages lists graphviz"
else
	not_ok "Graphviz could not draw the output"
fi

# The machine's hardware in the picture: a unit equal to a domain is
# named on its frame, one without a domain is a dashed frame of its own,
# one a domain cuts across (coregroup 0-5 here) is left out; the text
# stays the domains alone.
"$tree" -d "$scratch/h.dot" "$logs/hardware.log" > "$scratch/h.txt"
if grep -qF 'label="PKG 0-15, 16 CPUs\n= chip, node\nSD_ASYM_PACKING' "$scratch/h.dot" &&
   grep -qF 'label="SMT 0-3, 4 CPUs, the LLC\n= thread-group\n' "$scratch/h.dot" &&
   grep -A1 -F 'label="core 0-7, 8 CPUs\nand L2\nno sched domain";' "$scratch/h.dot" |
	grep 'style=dashed;' > /dev/null &&
   grep -qF 'label="1 more core like it:\n8-15"' "$scratch/h.dot" &&
   grep -qF 'not drawn, as a sched domain cuts across it: coregroup";' "$scratch/h.dot" &&
   [ "$(grep -c coregroup "$scratch/h.dot")" -eq 1 ]; then
	ok "the picture draws the hardware: units named on the domains they equal, the others dashed frames, none cut across"
else
	not_ok "the picture does not draw the hardware as it should:"
	sed 's/^/    /' "$scratch/h.dot"
fi
expect_line "the text names the domains alone" "$scratch/h.txt" \
	"  SMT x4 0-3 | 4-7 | 8-11 | 12-15: 4 CPUs each; SD_SHARE_CPUCAPACITY|SD_SHARE_LLC; the LLC"
if ! grep -qE '^ *(thread-group|core|L2|chip|node) ' "$scratch/h.txt"; then
	ok "no hardware unit in the text"
else
	not_ok "the text names hardware units:"
	sed 's/^/    /' "$scratch/h.txt"
fi

"$tree" -s "$scratch/both.dot" "6.12=$logs/interleaved.log" "7.3=$logs/shared.log"
if [ "$(grep -c 'style=bold' "$scratch/both.dot")" -eq 2 ] &&
   grep -q 'label="6.12, two-big-cores: 8 CPUs' "$scratch/both.dot" &&
   grep -q 'label="7.3, shared-2x4: 8 CPUs' "$scratch/both.dot" &&
   { ! command -v dot > /dev/null || dot -Tsvg -o "$scratch/both.svg" "$scratch/both.dot"; }; then
	ok "two machines are drawn side by side, each framed under its label"
else
	not_ok "the side-by-side picture is not two labelled frames:"
	sed 's/^/    /' "$scratch/both.dot"
fi
expect_fail "a side-by-side argument without its label is refused" \
	"domaintree -s: '$logs/shared.log' is not LABEL=CONSOLE.LOG" \
	"$tree" -s "$scratch/x.dot" "$logs/shared.log"

expect_fail "a log without show lines is refused" \
	"/dev/null: no 'topology_show: show machine=' line" "$tree" /dev/null
expect_fail "a log missing CPUs is refused" "missing-cpus.log: 3 of the machine's 8 CPUs were printed" \
	"$tree" "$logs/missing-cpus.log"
expect_fail "a malformed show line is refused with its line number" \
	"malformed.log:4: malformed show line" "$tree" "$logs/malformed.log"

finish
