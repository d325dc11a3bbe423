#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of SERIES=: the 6.1 series mailed as a thread, as one
# format-patch mbox and as a directory reads back as the same patches; a
# series the base does not carry comes after the base's own series, or
# after the seams alone with SERIES_ON=seam;
# bad input is named; a series with a patch that does not apply stops at
# that patch, naming the file and hunk, and leaves the tree usable.  No
# kernel is built; the trees live in a scratch cache that shares the
# real pristine copy.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

scratch=$(mktemp -d /tmp/ppc-kunit-series-test.XXXXXX)
trap 'rm -rf "$scratch"; git -C "${pristine:-/nonexistent}" worktree prune 2>/dev/null || true' EXIT

base=6.1
series=$PATCH_ROOT/$base
mapfile -t patches < <(series_file_patches "$series/series")
mapfile -t seams < <(seam_patches "$base")
nseam=${#seams[@]}
after_seam=("${patches[@]:nseam}")
n=${#after_seam[@]}
import() { "$PROJECT/tools/lib/import-series" "$base" "$@"; }

# diff_of PATCH: what git am applies of it, without the mail around it.
diff_of() {
	sed -n '/^diff --git /,$p' "$1" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

# same_patches DIR: DIR/patches/BASE holds the seams, then the series'
# patches with the same diffs as patches/BASE.
same_patches() {
	local dir=$1/patches/$base k got
	mapfile -t got < <(series_file_patches "$dir/series")
	[ ${#got[@]} -eq $((n + nseam)) ] || return 1
	[ "${got[*]:0:nseam}" = "${seams[*]}" ] || return 1
	for k in $(seq "$n"); do
		cmp -s <(diff_of "$dir/${got[$((k + nseam - 1))]}") <(diff_of "$series/${after_seam[$((k - 1))]}") ||
			return 1
	done
}

# --- A thread mbox: an older revision of one patch first, a cover
# letter, the series, and a reply with a Reviewed-by to patch 2. ---
bash "$here/mail-thread.sh" -v1 "$series/${after_seam[2]}" -r 2 \
	"${after_seam[@]/#/$series/}" > "$scratch/thread.mbox"
if import "$scratch/thread.mbox" "$scratch/thread" 2> "$scratch/thread.err" &&
   same_patches "$scratch/thread"; then
	ok "a thread mbox reads back as the series, the older revision and the cover left out"
else
	not_ok "a thread mbox reads back as the series"
	sed 's/^/    /' "$scratch/thread.err"
fi
second=$(series_file_patches "$scratch/thread/patches/$base/series" | sed -n "$((nseam + 2))p")
if grep -q '^Reviewed-by: Reviewer <reviewer@example.org>' "$scratch/thread/patches/$base/$second"; then
	ok "b4 adds the Reviewed-by a reply gave to the patch it answered"
else
	not_ok "b4 adds the Reviewed-by a reply gave to the patch it answered"
fi
if grep -q '^read with: b4 am -m ' "$scratch/thread/import.txt" &&
   [ "$(grep -c '^patch [0-9]*: ' "$scratch/thread/import.txt")" = "$n" ]; then
	ok "import.txt names the b4 command and each patch's subject"
else
	not_ok "import.txt names the b4 command and each patch's subject"
	sed 's/^/    /' "$scratch/thread/import.txt"
fi

# --- The same as one "git format-patch --stdout" mbox, and as a
# directory with the seam in it. ---
for p in "${after_seam[@]}"; do cat "$series/$p"; done > "$scratch/series.mbox"
expect_ok "a format-patch mbox is read with git mailsplit" import "$scratch/series.mbox" "$scratch/mbox"
if same_patches "$scratch/mbox" && grep -q '^read with: git mailsplit' "$scratch/mbox/import.txt"; then
	ok "a format-patch mbox reads back as the series"
else
	not_ok "a format-patch mbox reads back as the series"
fi
expect_ok "a directory with a series file is read" import "$series" "$scratch/dir"
if same_patches "$scratch/dir" && grep -q '^left out (the seam' "$scratch/dir/import.txt"; then
	ok "a directory reads back as the series, its own seam left out"
else
	not_ok "a directory reads back as the series, its own seam left out"
fi

# --- A series of its own: it goes after the base's whole series (the
# seam and the project's fixes), or after the seam alone with
# SERIES_ON=seam. ---
foreign=$scratch/foreign.mbox
{ echo 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001'
  cat "$PROJECT/tools/tests/patches/6.1-seam-not-free.patch"; } > "$foreign"
expect_ok "a series the base does not carry is read" import "$foreign" "$scratch/own"
mapfile -t got < <(series_file_patches "$scratch/own/patches/$base/series")
if [ ${#got[@]} -eq $((n + nseam + 1)) ] && [ "${got[*]:0:$((n + nseam))}" = "${patches[*]}" ] &&
   [ "$(grep -c '^base: ' "$scratch/own/import.txt")" = "$n" ]; then
	ok "it comes after the base's seam and fixes, which import.txt lists"
else
	not_ok "it comes after the base's seam and fixes: got ${got[*]}"
fi
expect_ok "SERIES_ON=seam is read" env SERIES_ON=seam "$PROJECT/tools/lib/import-series" \
	"$base" "$foreign" "$scratch/own-seam"
mapfile -t got < <(series_file_patches "$scratch/own-seam/patches/$base/series")
if [ ${#got[@]} -eq $((nseam + 1)) ] && [ "${got[*]:0:nseam}" = "${seams[*]}" ]; then
	ok "with SERIES_ON=seam it comes after the seams alone"
else
	not_ok "with SERIES_ON=seam it comes after the seams alone: got ${got[*]}"
fi
if grep -q '^left out of the base.s series (the series carries its own version)' \
	"$scratch/mbox/import.txt"; then
	ok "a fix the series carries itself is left out of the base's part, and import.txt says so"
else
	not_ok "a fix the series carries itself is left out of the base's part"
fi
expect_fail "SERIES_ON takes series or seam only" "SERIES_ON must be series or seam" \
	env SERIES_ON=all "$PROJECT/tools/lib/import-series" "$base" "$foreign" "$scratch/x"

# --- Bad input. ---
expect_fail "a missing path is named" "SERIES=$scratch/none: no such file" import "$scratch/none" "$scratch/x"
echo "just text" > "$scratch/text"
expect_fail "a file that is not an mbox is named" "neither an mbox" import "$scratch/text" "$scratch/x"
mkdir -p "$scratch/empty"
expect_fail "a directory without patches is named" "no series file and no \\*.patch" \
	import "$scratch/empty" "$scratch/x"
printf 'From mailer@localhost Mon Nov 30 12:00:00 2026\nFrom: Submitter <submitter@example.org>\nMessage-Id: <cover@example.org>\nSubject: [PATCH 0/1] A cover letter alone\n\nNo patch follows.\n' \
	> "$scratch/cover.mbox"
expect_fail "a thread with no patch in it is refused" "SERIES=.*cover.mbox" import "$scratch/cover.mbox" "$scratch/x"
mkdir -p "$scratch/listed"
echo "0002-gone.patch" > "$scratch/listed/series"
expect_fail "a series file naming a missing patch is named" "lists 0002-gone.patch, which is not in" \
	import "$scratch/listed" "$scratch/x"

# --- A thread whose patch 3 does not apply: prepare-tree stops at it,
# names the file and hunk, and the tree takes the real series after. ---
pristine=$(ls -d "$CACHE/pristine/$base-$(base_version "$base")" 2>/dev/null) ||
	{ "$PROJECT/tools/lib/prepare-tree" "$base" > /dev/null; pristine=$(ls -d "$CACHE/pristine/$base-$(base_version "$base")"); }
mkdir -p "$scratch/cache/pristine"
ln -s "$pristine" "$scratch/cache/pristine/"
export PPC_KUNIT_CACHE=$scratch/cache
expect_fail "SERIES with RFC is refused" "SERIES and RFC together" \
	env SERIES="$scratch/series.mbox" RFC=mc-llc "$PROJECT/tools/run-kunit"
# break WHICH: the series mailed with the third patch's first hunk
# broken: its first context line ("edge"), which the tree then lacks, or
# every context line ("all"); read into $scratch/brk-WHICH.
break_third() {
	mkdir -p "$scratch/broken-$1"
	cp "${after_seam[@]/#/$series/}" "$scratch/broken-$1/"
	awk -v which="$1" 'hunk == 1 && /^ [^ ]/ && !(which == "edge" && done) { sub(/^ /, " BROKEN "); done = 1 }
		/^@@/ { hunk++ } { print }' \
		"$series/${after_seam[2]}" > "$scratch/broken-$1/${after_seam[2]}"
	bash "$here/mail-thread.sh" "${after_seam[@]/#/$scratch/broken-$1/}" > "$scratch/broken-$1.mbox"
	import "$scratch/broken-$1.mbox" "$scratch/brk-$1"
}
file=$(sed -n 's|^diff --git a/\([^ ]*\) .*|\1|p' "$series/${after_seam[2]}" | sed -n 1p)
# One context line the tree lacks, at the hunk's edge: it goes in with
# less context, and prepare-tree says where.
expect_ok "a thread with a patch broken at a hunk's edge is read" break_third edge
third=$(series_file_patches "$scratch/brk-edge/patches/$base/series" | sed -n "$((nseam + 3))p")
set +e
out=$(env PPC_KUNIT_PATCHES="$scratch/brk-edge/patches" "$PROJECT/tools/lib/prepare-tree" "$base" 2>&1)
rc=$?
set -e
[ "$rc" = 0 ] && grep -qE "^prepare-tree: $third: fuzz: $file: Hunk #1 succeeded at [0-9]+ with fuzz [12]" <<< "$out" &&
	ok "a hunk whose edge the tree lacks goes in with fuzz, and its file, hunk and fuzz are said" ||
	{ not_ok "the edge-broken patch: exit $rc"; tail -n 5 <<< "$out" | sed 's/^/    /'; }
# No context line of the hunk in the tree: no fuzz fits it.
expect_ok "a thread with a patch whose hunk has no context left is read" break_third all
expect_fail "the patch that does not apply is named, with its file and hunk" \
	"$third does not apply .*\\(at $file:[0-9]+\\)" \
	env PPC_KUNIT_PATCHES="$scratch/brk-all/patches" "$PROJECT/tools/lib/prepare-tree" "$base"
expect_ok "the project's series applies after it" "$PROJECT/tools/lib/prepare-tree" "$base"

finish
