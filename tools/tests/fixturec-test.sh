#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of tools/fixturec, no kernel build needed:
#  - every machine in fixtures/ compiles, and the header it makes is
#    self-contained kernel C (checked with the ppc64le cross compiler and a
#    <linux/types.h> shim) and holds the per-CPU facts the postings state;
#  - every tools/tests/fixtures/good-*.fixture is accepted;
#  - every tools/tests/fixtures/bad-*.fixture is rejected with exit status 1
#    and the message its first line announces, "# expect: LINE: message",
#    printed as "FILE:LINE: message";
#  - with -o, a rejected input never leaves an output file, whole or partial.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
tools=$(dirname "$here")
project=$(dirname "$tools")
. "$here/lib.sh"

fixturec=$tools/fixturec/fixturec
cases=$here/fixtures
scratch=$(mktemp -d /tmp/fixturec-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# run CMD...: sets $rc, $out (stdout) and $err (stderr) without exiting.
run() {
	set +e
	"$@" > "$scratch/out" 2> "$scratch/err"
	rc=$?
	set -e
	out=$(cat "$scratch/out")
	err=$(cat "$scratch/err")
}

# expect_reject WHAT FILE LINE MESSAGE CMD...: exit 1, "FILE:LINE: MESSAGE".
expect_reject() {
	local what=$1 want="$2:$3: $4"
	shift 4
	run "$@"
	if [ "$rc" -eq 1 ] && grep -qF -- "$want" <<< "$err"; then
		ok "$what"
	else
		not_ok "$what (exit $rc, wanted 1 and '$want')"
		sed -n '1,10s/^/    /p' <<< "$err"
	fi
}

# The "ppc_fixture_ID_cpus" row of CPU, as fixturec printed it.
cpu_row() {
	awk -v start="ppc_fixture_$1_cpus[" -v row="[$2] = " '
		index($0, start) { on = 1 }
		on && index($0, row) == 2 { sub(/^\t/, ""); print; exit }
		on && /^};/ { exit }' "$header"
}

# The initializer of FIELD in "struct ppc_fixture ppc_fixture_ID".
field() {
	awk -v start="struct ppc_fixture ppc_fixture_$1 = {" -v f="\t.$2 = " '
		index($0, start) { on = 1 }
		on && index($0, f) { sub(/.* = /, ""); sub(/,$/, ""); print; exit }
		on && /^};/ { exit }' "$header"
}

expect_row() {
	local got
	got=$(cpu_row "$1" "$2")
	if [ "$got" = "[$2] = { $3 }," ]; then
		ok "$1 CPU $2: $4"
	else
		not_ok "$1 CPU $2: $4 (got '$got', wanted '[$2] = { $3 },')"
	fi
}

# expect_levels NAME "ROLE SET FLAGS; ..." WHY [LIST]: the machine's levels
# (or LIST: table_dedicated, table_shared), lowest first; a level's flags
# are on the line after its role and set.
expect_levels() {
	local got list=${4:-levels}
	got=$(awk -v f="ppc_fixture_$1_${list}[] = {" '
		index($0, f) { on = 1; next }
		on && /^};/ { exit }
		on { entry = /^\t\{/
		     gsub(/[\t{},]|PPC_FIXTURE_|SET_/, ""); sub(/ +$/, ""); sub(/^ +/, "");
		     printf "%s%s", entry ? sep : " ", $0; sep = "; " }' "$header")
	if [ "$got" = "$2" ]; then
		ok "$1 $list: $3"
	else
		not_ok "$1 $list are '$got', wanted '$2' ($3)"
	fi
}

expect_field() {
	local got
	got=$(field "$1" "$2")
	if [ "$got" = "$3" ]; then
		ok "$1 .$2 = $3"
	else
		not_ok "$1 .$2 is '$got', wanted '$3'"
	fi
}

# ---- the compiler itself ----
if make -s -C "$tools" fixturec/fixturec > "$scratch/build.log" 2>&1; then
	ok "fixturec builds with -O2 -Wall -Wextra -Werror"
else
	not_ok "fixturec builds"
	sed 's/^/    /' "$scratch/build.log"
	finish
	exit 1
fi

# ---- the project's machines ----
for f in "$project"/fixtures/*.fixture; do
	expect_ok "fixtures/${f##*/} is accepted" "$fixturec" "$f"
done

header=$scratch/ppc_fixtures.h
run "$fixturec" -o "$header" "$project"/fixtures/*.fixture
if [ "$rc" -eq 0 ] && [ -s "$header" ] && [ -z "$out" ]; then
	ok "all fixtures compile into one header with -o"
else
	not_ok "all fixtures compile into one header with -o (exit $rc)"
	sed 's/^/    /' <<< "$err"
fi

run "$fixturec" "$project"/fixtures/*.fixture
if [ "$rc" -eq 0 ] && cmp -s "$scratch/out" "$header"; then
	ok "stdout and -o give the same header"
else
	not_ok "stdout and -o give the same header"
fi

"$fixturec" -o "$scratch/again.h" "$project"/fixtures/*.fixture
if cmp -s "$header" "$scratch/again.h"; then
	ok "the header is reproducible"
else
	not_ok "the header is reproducible"
fi

# The kernel supplies u8/u16/u32/bool/NULL through <linux/types.h>.
mkdir -p "$scratch/shim/linux"
cat > "$scratch/shim/linux/types.h" << 'EOF'
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef _Bool bool;
#define true 1
#define false 0
#define NULL ((void *)0)
EOF
cat > "$scratch/use.c" << 'EOF'
#include "ppc_fixtures.h"
#include "ppc_fixtures.h"	/* the include guard works */

int node_of(int f, int cpu);
int node_of(int f, int cpu)
{
	return ppc_fixtures[f % PPC_NR_FIXTURES]->cpus[cpu].node;
}
EOF
cc=powerpc64le-linux-gnu-gcc
command -v "$cc" > /dev/null || cc=gcc
expect_ok "the header is self-contained C for $cc -fsyntax-only" \
	"$cc" -std=gnu11 -Wall -Wextra -Wunused-const-variable -Werror \
	-fsyntax-only -I "$scratch/shim" -I "$scratch" "$scratch/use.c"

# The kernel's two parts (-p): every suite includes the declarations,
# which hold no data (W=1 warns of a static table a file does not use),
# and the tables are compiled once.
mkdir -p "$scratch/split"
"$fixturec" -p decls -o "$scratch/split/ppc_fixtures.h" "$project"/fixtures/*.fixture
"$fixturec" -p data -o "$scratch/split/ppc_fixtures.c" "$project"/fixtures/*.fixture
printf '#include "ppc_fixtures.h"\nint nothing_used;\n' > "$scratch/split/unused.c"
cp "$scratch/use.c" "$scratch/split/use.c"
for f in unused.c use.c ppc_fixtures.c; do
	expect_ok "-p decls/data: $f is C without warnings for $cc -Wunused-const-variable" \
		"$cc" -std=gnu11 -Wall -Wextra -Wunused-const-variable -Werror -Wmissing-declarations \
		-c -o "$scratch/split/$f.o" -I "$scratch/shim" -I "$scratch/split" "$scratch/split/$f"
done
if ! grep -q 'ppc_fixture_.*_cpus\[' "$scratch/split/ppc_fixtures.h" &&
   grep -q '^extern const struct ppc_fixture \* const ppc_fixtures\[PPC_NR_FIXTURES\];' \
	"$scratch/split/ppc_fixtures.h"; then
	ok "-p decls declares ppc_fixtures[] and defines no table"
else
	not_ok "-p decls declares ppc_fixtures[] and defines no table"
fi

# The fixture_mode parameters: each machine as a dedicated, then as a
# shared processor, in the order of ppc_fixtures[], and only in the main
# set's tables.
modes=$(sed -n 's/^\t{ \.fx = &ppc_fixture_\([a-z0-9_]*\), \.shared = \(false\|true\) },$/\1 \2/p' \
	"$scratch/split/ppc_fixtures.c")
want=$(sed -n 's/^\t&ppc_fixture_\([a-z0-9_]*\),$/\1 false\n\1 true/p' "$scratch/split/ppc_fixtures.c")
if [ -n "$modes" ] && [ "$modes" = "$want" ] &&
   grep -qx 'extern const struct ppc_fixture_mode ppc_fixture_modes\[2 \* PPC_NR_FIXTURES\];' \
	"$scratch/split/ppc_fixtures.h"; then
	ok "-p data lists every machine in both processor modes, -p decls declares them"
else
	not_ok "ppc_fixture_modes[] is not every machine as dedicated, then shared: $modes"
fi

nr=$(ls "$project"/fixtures/*.fixture | wc -l)
if grep -qx "#define PPC_NR_FIXTURES $nr" "$header"; then
	ok "PPC_NR_FIXTURES is $nr, one per file"
else
	not_ok "PPC_NR_FIXTURES is not $nr"
fi

# Facts read off the postings by hand, not off fixturec's output.  A row
# is core, L1 group, L2 (first CPUs), coregroup, chip (16, 10, 10, 5, 4
# and 16 cores per socket), node, and the levels that stay: bit 0 SMT,
# 1 CACHE, 2 MC where the machine has one, then the node; then the
# hardware thread id: a core's threads from its first id, one core's worth
# unused after each core (core 10 of an SMT8 machine starts at 160).
expect_row p10_shared_768 85 "80, 81, 81, PPC_FIXTURE_NONE, 0, 0, 0x5, 165" \
	"odd thread in group {1,3,5,7}, L2 per group, node0 lists 80-87 (the asym-packing cover letter)"
expect_row p10_shared_768 64 "64, 64, 64, PPC_FIXTURE_NONE, 0, 4, 0x5, 128" "node4 lists 64-71"
expect_row p10_shared_768 767 "760, 761, 761, PPC_FIXTURE_NONE, 5, 1, 0x5, 1527" \
	"node1 lists 760-767, core 95 is on the sixth chip"
expect_levels p10_shared_768 "SMT GROUP SHARES_CAPACITY | SHARES_LLC; CACHE L2 SHARES_LLC | PACKS; TOP NODE PACKS" \
	"a shared LPAR has no MC level and packs above the small core; the L2 is the small core's, so CACHE goes"
expect_field p10_shared_768 shared_processor true
expect_field p10_shared_768 lcpu 96
expect_field p10_shared_768 nr_cores 96
expect_field p10_shared_768 has_big_cores true
expect_field p10_shared_768 has_coregroups false
expect_row p10_shared_320 319 "312, 313, 313, PPC_FIXTURE_NONE, 3, 5, 0x5, 631" "node5 lists 312-319"
expect_field p10_shared_320 lcpu 40
expect_row p10_dedicated_80 39 "32, 33, 33, 0, 0, 0, 0xd, 71" \
	"core 4 is in the first hemisphere; SMT4 small core with its own L2, MC, node"
expect_row p10_dedicated_80 44 "40, 40, 40, 1, 0, 0, 0xd, 84" "core 5 is in the second hemisphere"
expect_levels p10_dedicated_80 "SMT GROUP SHARES_CAPACITY | SHARES_LLC; CACHE L2 SHARES_LLC; MC COREGROUP 0; TOP NODE 0" \
	"a dedicated POWER10 has a coregroup level"
expect_levels p10_dedicated_80 "SMT GROUP SHARES_CAPACITY | SHARES_LLC; MC COREGROUP 0; TOP NODE 0" \
	"its table: no CACHE level, no CPU's L2 is wider than its small core" table_dedicated
expect_levels p10_dedicated_80 "SMT GROUP SHARES_CAPACITY | SHARES_LLC; TOP NODE PACKS" \
	"as a shared processor: no MC level, packing above the small core" table_shared
expect_field p10_dedicated_80 nr_table "{ 3, 2 }"
expect_field p10_dedicated_80 shared_processor false
expect_field p10_dedicated_80 nr_coregroups 2
expect_row p9_bigcore_64 35 "32, 33, 32, PPC_FIXTURE_NONE, 1, 1, 0x7, 67" \
	"small core {1,3,5,7} of the big core, L2 is the big core (the interleaved big-core RFC)"
expect_field p9_bigcore_64 threads_per_group 4
expect_field p9_bigcore_64 interleaved true
expect_field p10_shared_768 interleaved true
expect_field p8_dedicated_80 interleaved false
expect_row p8_dedicated_80 13 "8, 8, 8, PPC_FIXTURE_NONE, 0, 0, 0x5, 21" \
	"no thread groups: core = group = L2, so no CACHE level"
expect_field p8_dedicated_80 has_big_cores false
expect_field p8_dedicated_80 thread_groups NULL
expect_row p9_smt4_host_128 7 "4, 4, 0, PPC_FIXTURE_NONE, 0, 0, 0x7, 11" \
	"L2 shared with the previous core: a CACHE level over the SMT4 core"
expect_row p9_smt4_host_128 127 "124, 124, 120, PPC_FIXTURE_NONE, 1, 8, 0x7, 251" \
	"node8 lists 64-127 (the vcpu_is_preempted review), second socket"
expect_levels p9_smt4_host_128 "SMT GROUP SHARES_CAPACITY | SHARES_LLC; CACHE L2 SHARES_LLC; TOP NODE 0" \
	"without big cores a shared processor does not pack" table_shared
expect_field p9_smt4_host_128 nr_nodes 8
expect_field p9_smt4_host_128 lcpu 0

# ---- the RFC ports' rules (fixturec -r) ----
header_plain=$header
header=$scratch/ppc_fixtures_rfc.h
expect_ok "fixturec -r mc-llc -r interleaved-smt compiles the fixtures" \
	"$fixturec" -r mc-llc -r interleaved-smt -o "$header" "$here/../../fixtures"/*.fixture
expect_levels p10_dedicated_80 "SMT GROUP SHARES_CAPACITY | SHARES_LLC; CACHE L2 SHARES_LLC | PACKS; MC COREGROUP SHARES_LLC; TOP NODE 0" \
	"mc-llc: the MC level shares the LLC; interleaved-smt: the L2 level of its interleaved big cores packs"
expect_levels p9_bigcore_64 "SMT GROUP SHARES_CAPACITY | SHARES_LLC; CACHE L2 SHARES_LLC | PACKS; TOP NODE 0" \
	"interleaved-smt: the L2 of an interleaved big core packs"
expect_levels p8_dedicated_80 "SMT GROUP SHARES_CAPACITY | SHARES_LLC; CACHE L2 SHARES_LLC; TOP NODE 0" \
	"interleaved-smt: no big cores, no packing"
run "$fixturec" -r mc-llx "$here/../../fixtures/p8-dedicated-80.fixture"
if [ "$rc" -eq 2 ] && grep -qF 'fixturec: -r mc-llx: no such RFC (mc-llc, interleaved-smt)' <<< "$err"; then
	ok "an unknown RFC is refused, the known ones named"
else
	not_ok "fixturec -r mc-llx: exit $rc, '$err'"
fi
header=$header_plain

# ---- one good and one or more bad files per rule ----
for f in "$cases"/good-*.fixture; do
	expect_ok "tests/fixtures/${f##*/} is accepted" "$fixturec" "$f"
done

for f in "$cases"/bad-*.fixture; do
	expect=$(sed -n '1s/^# expect: //p' "$f")
	if [ -z "$expect" ]; then
		not_ok "${f##*/} has no '# expect: LINE: message' first line"
		continue
	fi
	expect_reject "${f##*/} is rejected: ${expect#*: }" \
		"$f" "${expect%%: *}" "${expect#*: }" "$fixturec" "$f"
done

# Groups {7,6,5,4} and {3,2,1,0}: a big core whose groups do not interleave.
header_all=$header
header=$scratch/l2-core-block.h
"$fixturec" -o "$header" "$cases/good-l2-core-block.fixture"
expect_field test_l2_core_block interleaved false
header=$header_all

# ---- whole-run behaviour ----
expect_reject "two fixtures may not share a name" "$cases/good-dup-name.fixture" 2 \
	"name 'test-base' already used by $cases/good-base.fixture" \
	"$fixturec" "$cases/good-base.fixture" "$cases/good-dup-name.fixture"
expect_reject "a missing file is reported" "$scratch/nosuch.fixture" 0 "cannot open" \
	"$fixturec" "$scratch/nosuch.fixture"

run "$fixturec"
if [ "$rc" -eq 2 ] && grep -q '^usage: fixturec' <<< "$err"; then
	ok "no file is a usage error"
else
	not_ok "no file is a usage error (exit $rc)"
fi

mkdir "$scratch/o"
run "$fixturec" -o "$scratch/o/h.h" "$cases/good-base.fixture" "$cases/bad-numa-overlap.fixture"
if [ "$rc" -eq 1 ] && [ -z "$(ls -A "$scratch/o")" ] && [ -z "$out" ]; then
	ok "-o: a bad file among good ones leaves no output file behind"
else
	not_ok "-o: a bad file left something behind (exit $rc): $(ls -A "$scratch/o")"
fi

echo "previous header" > "$scratch/o/h.h"
run "$fixturec" -o "$scratch/o/h.h" "$cases/bad-tg-size.fixture"
if [ "$rc" -eq 1 ] && [ "$(cat "$scratch/o/h.h")" = "previous header" ] &&
   [ "$(ls -A "$scratch/o")" = h.h ]; then
	ok "-o: a bad file leaves an existing output untouched and no temporary"
else
	not_ok "-o: a bad file changed the existing output (exit $rc)"
fi

run "$fixturec" -o "$scratch/no/such/dir/h.h" "$cases/good-base.fixture"
if [ "$rc" -eq 1 ] && [ -n "$err" ]; then
	ok "-o: an unwritable output is an error"
else
	not_ok "-o: an unwritable output is an error (exit $rc)"
fi

# An output that is not a regular file is written through, never renamed
# over: a scratch copy of /dev/null, so that a regression cannot replace
# the real one.  Making a device node needs root.
if [ "$(id -u)" -eq 0 ] && mknod "$scratch/null" c 1 3 2> /dev/null; then
	run "$fixturec" -o "$scratch/null" "$project"/fixtures/*.fixture
	if [ "$rc" -eq 0 ] && [ -c "$scratch/null" ] && ! compgen -G "$scratch/null.tmp*" > /dev/null; then
		ok "-o: a character device (a copy of /dev/null) stays a device and is written through"
	else
		not_ok "-o: a character device was replaced or not written (exit $rc, $(stat -c %F "$scratch/null"))"
	fi
else
	ok "-o: a character device stays a device # SKIP making a device node needs root"
fi
mkfifo "$scratch/fifo"
# Bounded: a fixturec that renames over the pipe never opens it.
timeout 10 cat "$scratch/fifo" > "$scratch/from-fifo" &
run "$fixturec" -o "$scratch/fifo" "$project"/fixtures/*.fixture
wait
if [ "$rc" -eq 0 ] && [ -p "$scratch/fifo" ] && cmp -s "$scratch/from-fifo" "$header"; then
	ok "-o: a pipe stays a pipe and carries the whole header"
else
	not_ok "-o: a pipe was replaced or carried something else (exit $rc)"
fi
for mask in 022 077; do
	rm -f "$scratch/mode.h"
	(umask "$mask" && "$fixturec" -o "$scratch/mode.h" "$cases/good-base.fixture")
	want=$(printf '%o' $((0666 & ~0$mask)))
	got=$(stat -c %a "$scratch/mode.h")
	if [ "$got" = "$want" ]; then
		ok "-o: under umask $mask the header gets mode $want"
	else
		not_ok "-o: under umask $mask the header has mode $got, wanted $want"
	fi
done

# -l: what make live compares a real boot with.
run "$fixturec" -l "$cases/good-node-distance.fixture"
want="cpu 0 sibling 0-7 smallcore 0,2,4,6 l2 0,2,4,6 core 0-15 node 0 nodemask 0-15 domains SMT:0,2,4,6;TOP:0-15;NUMA:0-31"
if [ "$rc" -eq 0 ] && grep -qxF -- "$want" <<< "$out" &&
   grep -qx "distances 0:0:10,0:1:40,1:0:40,1:1:10" <<< "$out" &&
   [ "$(grep -c '^cpu ' <<< "$out")" -eq 32 ]; then
	ok "-l: every CPU's masks and domains, the NUMA level from node-distance"
else
	not_ok "-l: wanted '$want' among 32 CPU lines (exit $rc)"
	sed -n '1,5s/^/    /p' <<< "$out$err"
fi
expect_reject "-l: two nodes with CPUs and no distance" "$cases/good-base.fixture" 13 \
	"no node-distance line for nodes 0 and 1, which both have CPUs" "$fixturec" -l "$cases/good-base.fixture"
run "$fixturec" -l "$cases/good-base.fixture" "$cases/good-node-distance.fixture"
if [ "$rc" -eq 2 ]; then
	ok "-l takes one file"
else
	not_ok "-l with two files: exit $rc, wanted 2"
fi

# -n SET: a second header, with the types of ppc_fixtures.h.
run "$fixturec" -n live "$cases/good-node-distance.fixture"
if [ "$rc" -eq 0 ] && grep -qx '#include "ppc_fixtures.h"' <<< "$out" &&
   grep -q '^static const struct ppc_fixture \* const ppc_live_fixtures\[\] = {$' <<< "$out" &&
   grep -qx '#define PPC_NR_LIVE_FIXTURES 1' <<< "$out" && ! grep -q '^struct ppc_fixture ' <<< "$out"; then
	ok "-n live: ppc_live_fixtures[], the types from ppc_fixtures.h"
else
	not_ok "-n live: not the second header (exit $rc)"
fi
run "$fixturec" -n Live "$cases/good-base.fixture"
if [ "$rc" -eq 2 ]; then
	ok "-n takes a lower-case name"
else
	not_ok "-n Live: exit $rc, wanted 2"
fi

finish
