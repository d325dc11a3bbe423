#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make review on four real postings, two on the stable bases make check
# has just built: each kernel boots as built, and only a small patch of
# kernel/cpu.c is compiled.  What the reports must say comes from the
# postings' history, not from the tool:
#   - "powerpc/smp: Add check for kcalloc() failure in
#     parse_thread_groups()" v3 went to stable: Debian's 6.12 (and 6.1,
#     7.3) has it, so it is reviewed as a revert, the base without it
#     against the base: with no allocation failing, nothing the suites
#     see changes (exit 0);
#   - "Skip offline cores when enabling SMT on PowerPC" v2 was merged for
#     6.11: on 6.1, patch 1/2 (generic kernel/cpu.c) applies and changes
#     nothing the suites see, patch 2/2 needs asm/topology.h's SMT
#     control, which 6.1 lacks, and 6.12 and 7.3 have the series.
# And two of the 2024-2025 postings on 7.3, both merged since:
#   - "powerpc/pseries: Fix dtl_access_lock to be a rw_semaphore" is in
#     7.3 with its lines moved by one: reverted with less context, and
#     nothing the suites see changes, as no suite writes the
#     vcpudispatch_stats file whose lock it is;
#   - "powerpc/kexec: Enable SMT before waking offline CPUs" v2 reads the
#     SMT control state, which only make live's real boots set: its
#     shapes boot on both kernels (REVIEW_LIVE=auto), and nothing the
#     suites or the shapes see changes, as none kexecs; the file it
#     changes, kexec/core_64.c, is not in the harness's kernel
#     (CONFIG_KEXEC_CORE off), so the review says so and exits 2.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

series=$here/series

# review NAME BASE [VAR=VALUE...]: make review of
# tools/tests/series/NAME.mbox on BASE into $out, its exit status in $rc.
review() {
	set +e
	out=$(env BASE="$2" SERIES="$series/$1.mbox" "${@:3}" "$PROJECT/tools/review" 2>&1)
	rc=$?
	set -e
}

# has WHAT LINE: the last review printed LINE.
has() {
	if grep -qxF -- "$2" <<< "$out"; then
		ok "$1"
	else
		not_ok "$1; no line '$2' in:"
		tail -n 25 <<< "$out" | sed 's/^/    /'
	fi
}

review smp-kcalloc-v3 6.12
[ "$rc" = 0 ] && ok "kcalloc v3 on 6.12: merged, reviewed as a revert, nothing changes, exit 0" ||
	not_ok "kcalloc v3 on 6.12: exit $rc, not 0"
[ "$(sed -n 1p "$PROJECT/out/review/smp-kcalloc-v3/review.txt")" = \
  "merged already: linux-source-6.12 carries this posting; reviewed as the base without it (reverse-applied) against the base" ] &&
	ok "kcalloc v3: the report's first line says it is merged and reviewed as a revert" ||
	not_ok "kcalloc v3: first line '$(sed -n 1p "$PROJECT/out/review/smp-kcalloc-v3/review.txt")'"
has "kcalloc v3: 6.12 has it already" "  linux-source-6.12: has it already (the patch reverse-applies)"
has "kcalloc v3: without an allocation that fails, no case changes" "  cases the series changes: none"
has "kcalloc v3: and no warning comes or goes" "  kernel warnings the series brings: none"

# 6.1 has no SMT control on powerpc for make live to switch: its shapes
# would show nothing this posting touches.
review smt-offline-cores-v2 6.1 REVIEW_LIVE=0
[ "$rc" = 2 ] && ok "SMT offline cores v2 on 6.1: stops at a patch that does not apply, exit 2" ||
	not_ok "SMT offline cores v2 on 6.1: exit $rc, not 2"
has "SMT offline cores v2: patch 1/2 reviewed, no case changes" "  cases the series changes: none"
has "SMT offline cores v2: no machine changes" \
	"  vcpu_is_preempted() answers: unchanged"
has "SMT offline cores v2: patch 2/2 is the one that does not apply" "does not apply past patch 2:"
has "SMT offline cores v2: 7.3 has it already" "  linux-source-7.3: has it already (the patch reverse-applies)"
has "SMT offline cores v2: the hint says where it was merged" "  merged since: 7.3 6.12 have it; on 6.1 it needs what came before it there"
has "SMT offline cores v2: the posting's base is quoted" \
	"  the posting names its base-commit: 94ede2a3e9135764736221c080ac7c0ad993dc2d"

# first_line NAME WHAT LINE: the report of NAME opens with LINE.
first_line() {
	[ "$(sed -n 1p "$PROJECT/out/review/$1/review.txt")" = "$3" ] && ok "$2" ||
		not_ok "$2: first line '$(sed -n 1p "$PROJECT/out/review/$1/review.txt")'"
}

review dtl-access-lock-rwsem 7.3
[ "$rc" = 0 ] && ok "dtl_access_lock rwsem on 7.3: merged, reviewed as a revert, exit 0" ||
	not_ok "dtl_access_lock rwsem on 7.3: exit $rc, not 0"
first_line dtl-access-lock-rwsem "dtl_access_lock rwsem: reviewed as a revert, says its first line" \
	"merged already: linux-source-7.3 carries this posting; reviewed as the base without it (reverse-applied) against the base"
has "dtl_access_lock rwsem: reverted with its lines one further down" \
	"  patch 1 (reverted): arch/powerpc/platforms/pseries/lpar.c: Hunk #1 succeeded at 170 (offset 1 line)."
has "dtl_access_lock rwsem: no case changes" "  cases the series changes: none"

review kexec-smt-v2 7.3
[ "$rc" = 2 ] && ok "kexec SMT v2 on 7.3: merged, reviewed as a revert, its file not built: exit 2" ||
	not_ok "kexec SMT v2 on 7.3: exit $rc, not 2"
has "kexec SMT v2: the file the kernel does not build, and the option that leaves it out" \
	"    patch 1: not built: arch/powerpc/kexec/core_64.c (CONFIG_KEXEC_CORE off)"
has "kexec SMT v2: every base has it" "  linux-source-6.1: has it already (the patch reverse-applies)"
# The row as tools/lib/machine-inputs has it: set by the fake machine,
# and run through the kernel's whole path by make live, whose shapes the
# review boots for it.
smt_row=$(awk -F'\t' '$2 == "SMT control state" { print "  patch 1: reads " $2 ": " $3 " by the fake machine (" $4 ")" }' \
	"$PROJECT/tools/lib/machine-inputs")
has "kexec SMT v2: it reads the SMT control state, which the fake machine sets and make live runs" \
	"$smt_row"
has "kexec SMT v2: so make live's shapes boot on both kernels, and none changes" \
	"  cases the series changes: none"
grep -q '^ok [0-9]* - smt4-possible-2node ' "$PROJECT/out/review/kexec-smt-v2/base/live/matrix.ktap" 2> /dev/null &&
	grep -q '^ok [0-9]* - smt4-possible-2node ' "$PROJECT/out/review/kexec-smt-v2/reverted/live/matrix.ktap" 2> /dev/null &&
	ok "kexec SMT v2: the SMT control shapes booted with and without it, green" ||
	not_ok "kexec SMT v2: no green smt4-possible-2node in both kernels' make live matrices"
has "kexec SMT v2: and no warning comes or goes" "  kernel warnings the series brings: none"
finish
