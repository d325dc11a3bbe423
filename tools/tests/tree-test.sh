#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make run TREE=: a user's kernel git tree, made here from the pristine
# copy of TREE_TEST_BASE (default: the default base) with that base's
# series committed on top (and one from 6.1 whose smp.c the seam cannot
# take).  The tree is only read: its HEAD, index,
# status and worktrees are the same after; the nearest base is chosen;
# bad trees and a seam that does not apply are named, hunk and all.
# With TREE_TEST_RUN=1 (make check) "make run TREE=" also runs, and must
# give make run BASE=TREE_TEST_BASE's results case by case: a build in a build
# directory of its own (ccache makes it short) and a boot.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

scratch=$(mktemp -d /tmp/ppc-kunit-tree-test.XXXXXX)
cleanup() {
	local t
	for t in "$scratch/linux" "$scratch/old" "$scratch/plain-dir"; do
		[ -e "$t" ] || continue
		rm -rf "$CACHE/user/$(user_tree_name "$t")" "$CACHE/user/$(user_tree_name "$t").state" \
			"$CACHE/build/$(user_tree_name "$t")" "$CACHE/lock-$(user_tree_name "$t")"
	done
	rm -rf "$scratch"
}
trap cleanup EXIT
prepare() { "$PROJECT/tools/lib/prepare-user-tree" "$@"; }
tb=${TREE_TEST_BASE:-$DEFAULT_BASE}
check_base "$tb"

# pristine BASE: the harness's pristine copy of BASE, made if need be.
pristine() {
	ls -d "$CACHE/pristine/$1-$(base_version "$1")" 2>/dev/null ||
		{ "$PROJECT/tools/lib/prepare-tree" "$1" > /dev/null; ls -d "$CACHE/pristine/$1-$(base_version "$1")"; }
}

# user_tree DIR BASE: a clone of BASE's pristine copy with no files
# checked out (its index holds HEAD), as cheap stand-in for a checkout.
user_tree() {
	git clone -q --shared --no-checkout "$(pristine "$2")" "$1"
	git -C "$1" read-tree HEAD
}

# commit_patch DIR PATCH: PATCH committed in DIR through the index alone.
commit_patch() {
	git -C "$1" apply --cached "$2"
	git -C "$1" commit -q -m "$(sed -n 's/^Subject: \[[^]]*\] //p' "$2")"
}

# snapshot DIR: what the user would see change.
snapshot() {
	git -C "$1" rev-parse HEAD
	git -C "$1" write-tree
	git -C "$1" status --porcelain | sha256sum
	git -C "$1" worktree list --porcelain
	git -C "$1" for-each-ref
	ls -a "$1"
}

user_tree "$scratch/linux" "$tb"
mapfile -t patches < <(series_file_patches "$PATCH_ROOT/$tb/series")
mapfile -t seams < <(seam_patches "$tb")
for p in "${patches[@]:${#seams[@]}}"; do
	commit_patch "$scratch/linux" "$PATCH_ROOT/$tb/$p"
done
echo "my notes" > "$scratch/linux/NOTES.local"
snapshot "$scratch/linux" > "$scratch/before"

if out=$(prepare "$scratch/linux" 2> "$scratch/err") && read -r base clone <<< "$out" &&
   [ "$base" = "$tb" ] && [ "$(git -C "$clone" rev-parse "HEAD~${#seams[@]}")" = "$(git -C "$scratch/linux" rev-parse HEAD)" ] &&
   [ "$(git -C "$clone" log -1 --format=%s)" = "$(sed -n 's/^Subject: \[[^]]*\] //p' "$PATCH_ROOT/$tb/${seams[-1]}")" ]; then
	ok "a $tb tree gets base $tb's seams on a copy of its HEAD"
else
	not_ok "a $tb tree gets base $tb's seams on a copy of its HEAD"
	sed 's/^/    /' "$scratch/err"
fi
if diff "$scratch/before" <(snapshot "$scratch/linux") > /dev/null; then
	ok "the user's tree is untouched: HEAD, index, status, worktrees, refs, files"
else
	not_ok "the user's tree is untouched"
	diff "$scratch/before" <(snapshot "$scratch/linux") | sed 's/^/    /' || true
fi
expect_ok "a second run reuses the copy" prepare "$scratch/linux"

# A 6.1 tree whose smp.c the seam's first hunk cannot take.
user_tree "$scratch/old" 6.1
seam61=$(seam_patches 6.1 | tail -n 1)
file=arch/powerpc/kernel/smp.c
line=$(sed -n "/^+++ b\/${file//\//\\/}$/,/^diff /{s/^@@ -\([0-9]*\),.*/\1/p}" "$PATCH_ROOT/6.1/$seam61" | sed -n 1p)
git -C "$scratch/old" show "HEAD:$file" |
	awk -v l="$line" 'NR >= l && NR < l + 6 { print $0 " /* local change */"; next } { print }' > "$scratch/smp.c"
blob=$(git -C "$scratch/old" hash-object -w "$scratch/smp.c")
git -C "$scratch/old" update-index --cacheinfo "100644,$blob,$file"
git -C "$scratch/old" commit -q -m "powerpc/smp: a local change"
snapshot "$scratch/old" > "$scratch/before-old"
expect_fail "a seam that does not apply names base, file and hunk" \
	"the seam .*\\(base 6.1\\) does not apply to .*old at [0-9a-f]+ \\(at $file:[0-9]+\\)" prepare "$scratch/old"
if diff "$scratch/before-old" <(snapshot "$scratch/old") > /dev/null; then
	ok "the user's tree is untouched when the seam fails"
else
	not_ok "the user's tree is untouched when the seam fails"
fi

mkdir -p "$scratch/plain-dir"
expect_fail "a directory that is not a git tree is named" "not a git tree" prepare "$scratch/plain-dir"
git -C "$scratch/plain-dir" init -q
echo x > "$scratch/plain-dir/x"
git -C "$scratch/plain-dir" add x
git -C "$scratch/plain-dir" commit -q -m x
expect_fail "a git tree that is not a kernel is named" "no top-level Makefile" prepare "$scratch/plain-dir"
expect_fail "a missing TREE is named" "TREE=$scratch/none: no such directory" \
	env TREE="$scratch/none" "$PROJECT/tools/run-kunit"
expect_fail "TREE with RFC is refused" "without RFC, SERIES or KASAN" \
	env TREE="$scratch/linux" RFC=mc-llc "$PROJECT/tools/run-kunit"

if [ "${TREE_TEST_RUN:-0}" = 1 ]; then
	say "make run BASE=$tb"
	env BASE="$tb" OUT="$scratch/out-plain" "$PROJECT/tools/run-kunit" > "$scratch/plain.log" 2>&1 || true
	say "make run TREE=$scratch/linux"
	env TREE="$scratch/linux" OUT="$scratch/out-tree" "$PROJECT/tools/run-kunit" > "$scratch/tree.log" 2>&1 || true
	statuses() { python3 "$PROJECT/tools/report/case_statuses.py" "$1/results.json" 2>/dev/null; }
	if statuses "$scratch/out-plain" > "$scratch/plain.cases" &&
	   statuses "$scratch/out-tree" > "$scratch/tree.cases" &&
	   diff "$scratch/plain.cases" "$scratch/tree.cases" > "$scratch/tree.diff"; then
		ok "make run TREE= on the tree gives make run BASE=$tb's results ($(wc -l < "$scratch/tree.cases") results)"
	else
		not_ok "make run TREE= on the tree gives make run BASE=$tb's results"
		head -n 20 "$scratch/tree.diff" 2>/dev/null | sed 's/^/    /' || true
		tail -n 20 "$scratch/tree.log" | sed 's/^/    /'
	fi
	if grep -q "^tree: $scratch/linux at [0-9a-f]* (${tb//./\\.}[.0-9]*), with the seam of base ${tb//./\\.}" \
		"$scratch/out-tree/metadata.txt"; then
		ok "metadata.txt names the tree, its HEAD and the seam's base"
	else
		not_ok "metadata.txt names the tree, its HEAD and the seam's base"
	fi
fi

finish
