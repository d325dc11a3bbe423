#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/lib/apply-fuzzy on a small git tree: a mailed patch whose context
# moved and changed goes in with less context and says where; one whose
# lines are already there is refused and leaves the tree as it was; one
# that does not fit at all is refused; a revert of what the tree carries
# is written as a patch without touching the tree.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

fuzzy=$PROJECT/tools/lib/apply-fuzzy
scratch=$(mktemp -d /tmp/ppc-kunit-fuzzy.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
tree=$scratch/tree

# The file a posting was written against, and the same file as the
# base has it: three lines more at the top, and the line before the
# hunk's context reworded at its edge.
written_for() {
	printf '%s\n' 'static int a;' 'static int b;' '' 'int f(void)' '{' '	int x = 1;' \
		'	return x;' '}' '' 'int g(void)' '{' '	return 2;' '}'
}
mkdir -p "$tree/kernel" "$scratch/posted/kernel"
{
	printf '%s\n' '/* one */' '/* two */' '/* three */'
	written_for | sed 's/^int f(void)$/int f(void) \/* reworded *\//'
} > "$tree/kernel/f.c"
git -C "$tree" init -q
git -C "$tree" add -A
git -C "$tree" commit -q -m base

# The posting: a line added after "return x;" in f().
(
	cd "$scratch/posted"
	git init -q
	written_for > kernel/f.c
	git add -A
	git commit -q -m base
	sed -i 's/^	return x;$/	x += 2; \/* two more than one *\/\n	return x;/' kernel/f.c
	git commit -q -a -m "f: Add two"
	git format-patch -q -1 -o "$scratch/mail"
)
posting=$(ls "$scratch"/mail/*.patch)
cp "$posting" "$scratch/series-0001-f-Add-two.patch"

if git -C "$tree" am -q "$posting" > /dev/null 2>&1; then
	not_ok "the posting applies with git am as it is: the test needs one that does not"
	git -C "$tree" reset -q --hard HEAD^
else
	git -C "$tree" am --abort
	ok "git am refuses the posting: its context changed"
fi
base_head=$(git -C "$tree" rev-parse HEAD)

out=$("$fuzzy" "$tree" "$posting" 2>&1) && rc=0 || rc=$?
[ "$rc" = 0 ] && ok "it goes in with less context" || not_ok "exit $rc: $out"
grep -qE '^fuzz: kernel/f.c: Hunk #1 succeeded at [0-9]+ with fuzz [12] \(offset 3 lines\)\.$' <<< "$out" &&
	ok "the hunk, its file, offset and fuzz are said" || not_ok "no fuzz line in: $out"
[ "$(grep -c '^	x += 2; /\* two more than one \*/$' "$tree/kernel/f.c")" = 1 ] && [ "$(git -C "$tree" log -1 --format=%s)" = "f: Add two" ] &&
	ok "the change is in once, committed under the posting's subject" ||
	not_ok "the tree does not hold the change once"

# Again on the tree that has it: the added line is where the hunk lands.
expect_fail "a posting whose lines are already there is refused, not applied twice" \
	'^  kernel/f.c: hunk 1: its 1 added line\(s\) are already at line' \
	"$fuzzy" "$tree" "$posting"
[ "$(grep -c '^	x += 2; /\* two more than one \*/$' "$tree/kernel/f.c")" = 1 ] && git -C "$tree" diff --quiet &&
	ok "and the tree is left as it was" || not_ok "a refused posting changed the tree"

# The revert of what the tree carries, as a patch; the tree untouched.
with=$(git -C "$tree" rev-parse HEAD)
expect_ok "the revert of a posting the tree carries is written" \
	"$fuzzy" -R "$tree" "$posting" "$scratch/revert.patch"
grep -q '^Subject: \[PATCH\] Revert "f: Add two"$' "$scratch/revert.patch" &&
	grep -q '^-	x += 2; /\* two more than one \*/$' "$scratch/revert.patch" &&
	ok "it removes the posting's line, under a Revert subject" || not_ok "the revert patch: $(cat "$scratch/revert.patch")"
[ "$(git -C "$tree" rev-parse HEAD)" = "$with" ] && git -C "$tree" diff --quiet &&
	ok "and the tree is not written" || not_ok "writing the revert changed the tree"
# A revert of what the tree carries re-indented since: its line as the
# posting has it, but with spaces where the tree has a tab.
sed 's/^-	x += 2;/-        x += 2;/; s/^+	x += 2;/+        x += 2;/' "$posting" > "$scratch/spaces.patch"
out=$("$fuzzy" -R "$tree" "$scratch/spaces.patch" "$scratch/revert-ws.patch" 2>&1) && rc=0 || rc=$?
[ "$rc" = 0 ] && grep -q '^fuzz: kernel/f.c (spaces and tabs not compared): Hunk #1 succeeded' <<< "$out" &&
	ok "a revert of lines the tree re-indented is written, and says spaces were not compared" ||
	not_ok "the re-indented revert: exit $rc: $out"
grep -q '^-	x += 2; /\* two more than one \*/$' "$scratch/revert-ws.patch" &&
	ok "and it removes the line as the tree has it" || not_ok "the re-indented revert patch: $(cat "$scratch/revert-ws.patch")"

git -C "$tree" am -q "$scratch/revert.patch" &&
	[ "$(git -C "$tree" diff "$base_head" HEAD -- kernel/f.c)" = "" ] &&
	ok "git am of the revert gives the tree without the posting" || not_ok "the revert does not undo the posting"

# A revert of what the tree does not carry is refused.
expect_fail "the revert of a posting the tree lacks is refused" 'does not apply' \
	"$fuzzy" -R "$tree" "$posting" "$scratch/revert2.patch"

# A revert of a line whose neighbours the base changed since on both
# sides: no context fits, but the line stands once in the file, so it
# goes without context; were it there twice, it would be refused.
moved=$scratch/moved
mkdir -p "$moved/kernel"
written_for | sed 's/^	return x;$/	x += 2; \/* two more than one *\/\n	return x;/' |
	sed 's/^	int x = 1;$/	int x = 1, y = 0;/; s/^	return x;$/	return x + y;/' > "$moved/kernel/f.c"
git -C "$moved" init -q
git -C "$moved" add -A
git -C "$moved" commit -q -m "the base, with the posting's line among lines of its own"
! git -C "$moved" apply --check -R -C1 "$posting" 2> /dev/null &&
	ok "git apply -R -C1 refuses the revert: both neighbours of the line changed" ||
	not_ok "the revert fits with one line of context: the test needs one that does not"
out=$("$fuzzy" -R "$moved" "$posting" "$scratch/revert-moved.patch" 2>&1) && rc=0 || rc=$?
[ "$rc" = 0 ] && grep -q '^fuzz: kernel/f.c (no context compared: its lines are there once): Hunk #1 succeeded' <<< "$out" &&
	ok "the revert of lines the base moved among its own goes without context, and says so" ||
	not_ok "the moved revert: exit $rc: $out"
git -C "$moved" am -q "$scratch/revert-moved.patch" &&
	! grep -q 'x += 2' "$moved/kernel/f.c" && grep -q '^	return x + y;$' "$moved/kernel/f.c" &&
	ok "git am of it takes the line out and keeps the base's" || not_ok "the moved revert: $(cat "$moved/kernel/f.c")"
git -C "$moved" reset -q --hard HEAD^
printf '%s\n' '' 'int h(void)' '{' '	x += 2; /* two more than one */' '}' >> "$moved/kernel/f.c"
git -C "$moved" commit -q -a -m "the line twice"
expect_fail "a revert whose lines stand twice in the file is refused" 'does not apply with one line of context' \
	"$fuzzy" -R "$moved" "$posting" "$scratch/revert-twice.patch"

# A posting for another function altogether does not go in.
sed 's/return x;/return y;/; s/x += 2;/y += 2;/' "$posting" > "$scratch/other.patch"
expect_fail "a posting whose context is not there at all is refused" 'does not apply with one line of context' \
	"$fuzzy" "$tree" "$scratch/other.patch"
git -C "$tree" diff --quiet && ok "and leaves the tree clean" || not_ok "a refused posting left changes"

# A hunk the base changed in its middle: two changes of one hunk with
# lines the base inserted between them.  No fuzz fits it whole; cut at
# the base's lines, each half fits.
mid=$scratch/mid
mkdir -p "$mid/kernel"
written_for > "$mid/kernel/f.c"
git -C "$mid" init -q
git -C "$mid" add -A
git -C "$mid" commit -q -m base
sed -i 's/^	int x = 1;$/	int x = 3;/; s/^	return 2;$/	return 4;/' "$mid/kernel/f.c"
git -C "$mid" commit -q -a -m "f, g: Other numbers"
git -C "$mid" format-patch -q -1 -o "$scratch/mid-mail"
git -C "$mid" reset -q --hard HEAD^
sed -i 's/^}$/}\n\n\/* added by the base *\/\nstatic int c;/' "$mid/kernel/f.c"
git -C "$mid" commit -q -a -m "the base adds lines"
mid_posting=$(ls "$scratch"/mid-mail/*.patch)
[ "$(grep -c '^@@' "$mid_posting")" = 1 ] && ! git -C "$mid" apply --check -C1 "$mid_posting" 2> /dev/null &&
	ok "a one-hunk posting that git apply -C1 refuses: the base added lines inside the hunk" ||
	not_ok "the posting is not one hunk that git apply -C1 refuses"
out=$("$fuzzy" "$mid" "$mid_posting" 2>&1) && rc=0 || rc=$?
[ "$rc" = 0 ] && grep -q '^	int x = 3;$' "$mid/kernel/f.c" && grep -q '^	return 4;$' "$mid/kernel/f.c" &&
	grep -q '^/\* added by the base \*/$' "$mid/kernel/f.c" &&
	ok "cut at the base's lines, both changes go in and the base's lines stay" || not_ok "exit $rc: $out"
grep -q '^fuzz: kernel/f.c (hunks cut at the base.s changes): Hunk #2 succeeded at 13 ' <<< "$out" &&
	ok "and the report says the hunk was cut, and where its second half landed" || not_ok "the report: $out"

finish
