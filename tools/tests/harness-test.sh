#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Bad input to the harness, no kernel build needed: each case must fail
# with a message naming what is wrong, and leave the caches usable.  The
# trees live in a scratch cache that shares the real pristine copy, so
# the worktrees "make run" builds from are never touched.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

scratch=$(mktemp -d /tmp/ppc-kunit-test.XXXXXX)
trap 'rm -rf "$scratch"; git -C "$pristine" worktree prune 2>/dev/null || true' EXIT

# The real pristine copy, made once by the harness.
"$PROJECT/tools/lib/prepare-tree" 6.1 > /dev/null
pristine=$(ls -d "$CACHE/pristine/6.1-$(base_version 6.1)")
mkdir -p "$scratch/cache/pristine"
ln -s "$pristine" "$scratch/cache/pristine/"
export PPC_KUNIT_CACHE=$scratch/cache

expect_fail "unknown BASE is refused" "unknown BASE '5.4'" \
	env BASE=5.4 "$PROJECT/tools/run-kunit"
expect_fail "unknown CPU is refused" "unknown CPU 'power11'" \
	env CPU=power11 "$PROJECT/tools/run-kunit"
expect_fail "a non-numeric TIMEOUT is refused" "TIMEOUT must be a number" \
	env TIMEOUT=soon "$PROJECT/tools/run-kunit"
expect_fail "an unknown RFC is refused, the known ones named" \
	"unknown RFC 'mc-llx' \\(expected any of: mc-llc interleaved-smt\\)" \
	env RFC=mc-llc,mc-llx "$PROJECT/tools/run-kunit"
expect_fail "an unknown RFC is refused by make matrix too" "unknown RFC 'nosuch'" \
	env RFC=nosuch "$PROJECT/tools/matrix" 6.1

# An RFC whose series file is missing: the file is named.
mkdir -p "$scratch/norfc/6.1"
series_file_patches "$PATCH_ROOT/6.1/series" > "$scratch/norfc/6.1/series"
while read -r p; do cp "$PATCH_ROOT/6.1/$p" "$scratch/norfc/6.1/"; done < "$scratch/norfc/6.1/series"
expect_fail "an RFC without its series file: the file is named" \
	"norfc/6.1/rfc/mc-llc/series: no such series file" \
	env RFC=mc-llc PPC_KUNIT_PATCHES="$scratch/norfc" "$PROJECT/tools/lib/prepare-tree" 6.1

if id nobody > /dev/null 2>&1; then
	# A copy nobody can read, wherever the clone lives.
	mkdir -p "$scratch/nobody"
	cp "$PROJECT/tools/lib/ensure-deps" "$scratch/nobody/"
	chmod 755 "$scratch" "$scratch/nobody" "$scratch/nobody/ensure-deps"
	expect_fail "a missing package, not root: the apt-get line is printed" \
		"apt-get install -y --no-install-recommends no-such-package-ppc-kunit" \
		setpriv --reuid=nobody --regid=nogroup --clear-groups \
		env PPC_KUNIT_PACKAGES="bc no-such-package-ppc-kunit" "$scratch/nobody/ensure-deps"
fi

# make export signs the series as the developer: without an identity
# (nor the harness's own, which tools inherit from common.sh) it stops.
expect_fail "make export without a git identity is refused" \
	"export: no git identity: the patches need an author and a Signed-off-by" \
	env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL HOME="$scratch" XDG_CONFIG_HOME="$scratch" \
	"$PROJECT/tools/export"
expect_fail "make export does not sign as the harness" "export: no git identity" \
	"$PROJECT/tools/export"

# A series naming a patch that is not there.
mkdir -p "$scratch/missing/6.1"
printf '# comment\n0001-not-here.patch\n' > "$scratch/missing/6.1/series"
expect_fail "a series naming a missing patch: file and line are named" \
	"series:2: no such patch: 0001-not-here.patch" \
	env PPC_KUNIT_PATCHES="$scratch/missing" "$PROJECT/tools/lib/prepare-tree" 6.1

# A series whose second patch does not apply: the first is real.
mkdir -p "$scratch/bad/6.1"
first=$(seam_patches 6.1 | sed -n 1p)
cp "$PATCH_ROOT/6.1/$first" "$scratch/bad/6.1/"
cat > "$scratch/bad/6.1/0002-does-not-apply.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Test <test@localhost>
Date: Thu, 1 Jan 1970 00:00:00 +0000
Subject: [PATCH] powerpc/smp: a patch against code that is not there

---
 arch/powerpc/kernel/smp.c | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/arch/powerpc/kernel/smp.c b/arch/powerpc/kernel/smp.c
--- a/arch/powerpc/kernel/smp.c
+++ b/arch/powerpc/kernel/smp.c
@@ -1,3 +1,3 @@
-this line is not in smp.c
+nor is this one
 // SPDX-License-Identifier: GPL-2.0-or-later
 /*
PATCH
printf '%s\n0002-does-not-apply.patch\n' "$first" > "$scratch/bad/6.1/series"
expect_fail "a patch that does not apply: patch and path are named" \
	"0002-does-not-apply.patch does not apply to linux-source-6.1 .*arch/powerpc/kernel/smp.c" \
	env PPC_KUNIT_PATCHES="$scratch/bad" "$PROJECT/tools/lib/prepare-tree" 6.1
tree=$PPC_KUNIT_CACHE/trees/6.1
if [ ! -d "$(git -C "$tree" rev-parse --git-path rebase-apply)" ] &&
   [ "$(git -C "$tree" rev-parse HEAD)" = "$(git -C "$tree" rev-parse pristine)" ] &&
   [ -z "$(git -C "$tree" status --porcelain)" ] && [ ! -f "$tree.state" ]; then
	ok "after a failed git am the tree is back at the pristine commit, nothing half-applied"
else
	not_ok "after a failed git am the tree is left half-applied"
fi

expect_ok "the real series applies after the failed one" "$PROJECT/tools/lib/prepare-tree" 6.1
head_before=$(git -C "$tree" rev-parse HEAD)
stamp=$(stat -c %Y "$tree/arch/powerpc/kernel/smp.c")
sleep 1
expect_ok "an unchanged series reuses the tree" "$PROJECT/tools/lib/prepare-tree" 6.1
if [ "$(stat -c %Y "$tree/arch/powerpc/kernel/smp.c")" = "$stamp" ] &&
   [ "$(git -C "$tree" rev-parse HEAD)" = "$head_before" ]; then
	ok "reusing the tree leaves its files untouched, so nothing rebuilds"
else
	not_ok "reusing the tree rewrote its files"
fi

# A series that drops its topology patches: the header the third patch
# (the one after the two seams) changes (included everywhere) keeps its timestamp, so nothing but what
# the dropped patches touched is rebuilt; smp.c, which they touched, is
# rewritten.
mkdir -p "$scratch/short/6.1"
series_patches 6.1 | sed -n 1,3p > "$scratch/short/6.1/series"
while read -r p; do cp "$PATCH_ROOT/6.1/$p" "$scratch/short/6.1/"; done < "$scratch/short/6.1/series"
kept=arch/powerpc/include/asm/paravirt.h
changed=arch/powerpc/kernel/smp.c
kept_stamp=$(stat -c %Y "$tree/$kept")
changed_stamp=$(stat -c %Y "$tree/$changed")
sleep 1
expect_ok "a shorter series is applied" env PPC_KUNIT_PATCHES="$scratch/short" \
	"$PROJECT/tools/lib/prepare-tree" 6.1
if [ "$(stat -c %Y "$tree/$kept")" = "$kept_stamp" ] &&
   [ "$(stat -c %Y "$tree/$changed")" != "$changed_stamp" ] &&
   [ "$(git -C "$tree" rev-list --count pristine..HEAD)" = 3 ]; then
	ok "a changed series keeps the timestamp of $kept and rewrites $changed"
else
	not_ok "a changed series: $kept or $changed has the wrong timestamp"
fi
expect_ok "the full series is applied again" "$PROJECT/tools/lib/prepare-tree" 6.1

# Patch ids are the same on every machine: fixed identities and dates.
if [ "$(git -C "$tree" log -1 --format=%cd --date=raw pristine)" = "0 +0000" ]; then
	ok "the pristine commit has a fixed date, so commit ids are reproducible"
else
	not_ok "the pristine commit date is not fixed"
fi

# An edit inside the harness-owned tree is noticed and undone.
echo "/* stray edit */" >> "$tree/arch/powerpc/kernel/smp.c"
expect_ok "an edited tree is reset" "$PROJECT/tools/lib/prepare-tree" 6.1
if ! grep -q "stray edit" "$tree/arch/powerpc/kernel/smp.c"; then
	ok "the stray edit is gone"
else
	not_ok "the stray edit survived"
fi

# A deleted tree, a corrupted one, a half-written state file.
rm -rf "$tree"
expect_ok "a deleted tree is recreated" "$PROJECT/tools/lib/prepare-tree" 6.1
echo "gitdir: /nonexistent" > "$tree/.git"
expect_ok "a tree whose .git is corrupted is recreated" "$PROJECT/tools/lib/prepare-tree" 6.1
echo "series half-writ" > "$tree.state"
expect_ok "a truncated state file makes the tree be rebuilt" "$PROJECT/tools/lib/prepare-tree" 6.1
if [ "$(git -C "$tree" log --format=%s pristine..HEAD | wc -l)" = \
     "$(series_patches 6.1 | wc -l)" ]; then
	ok "the rebuilt tree holds the whole series"
else
	not_ok "the rebuilt tree does not hold the series"
fi

# A fresh clone runs what git records: every script (a file starting
# with #!) must be executable there, not only in this checkout.
not_exec=$(git -C "$PROJECT" ls-files -s .ci tools | awk '$1 == "100644" { print $4 }' |
	while read -r f; do [ "$(head -c 2 "$PROJECT/$f")" != '#!' ] || echo "$f"; done)
[ -z "$not_exec" ] && ok "every script in .ci/ and tools/ is executable in git" ||
	not_ok "scripts git records without the executable bit: $(xargs <<< "$not_exec")"

# Under "set -o pipefail" a reader that stops early (head, grep -q, grep
# -m) makes the writer die of SIGPIPE when it writes after the reader
# left, which depends on timing: a step that fails one run in several.
# The scripts read the whole input instead (sed -n 1p).
# A pipe continued on the next line counts too.
early_readers=$( { git -C "$PROJECT" grep -nE '\|[[:space:]]*(head|grep[[:space:]]+-[a-zA-Z]*[qm])' -- .ci tools Makefile
	git -C "$PROJECT" grep -n -A1 -E '\|[[:space:]]*$' -- .ci tools Makefile |
		sed -nE '/^[^:]+-[0-9]+-[[:space:]]*(head|grep[[:space:]]+-[a-zA-Z]*[qm])/p'; } || true)
[ -z "$early_readers" ] && ok "no script pipes into a reader that stops early (SIGPIPE under pipefail)" ||
	not_ok "pipes into a reader that stops early: $(xargs <<< "$early_readers")"

# A pristine copy left half-written by an interrupted unpack is not
# trusted: a separate cache, so the real one is not rebuilt.
if [ "${PPC_KUNIT_TEST_PRISTINE:-1}" = 1 ]; then
	export PPC_KUNIT_CACHE=$scratch/cache2
	version=$(base_version 6.1)
	mkdir -p "$PPC_KUNIT_CACHE/pristine/6.1-$version/.git"
	echo "half" > "$PPC_KUNIT_CACHE/pristine/6.1-$version/Makefile"
	expect_ok "a half-written pristine copy is unpacked again" \
		"$PROJECT/tools/lib/prepare-tree" 6.1
	if [ "$(cat "$PPC_KUNIT_CACHE/pristine/6.1-$version/.git/ppc-kunit-pristine")" = \
	     "$(git -C "$pristine" rev-parse pristine)" ]; then
		ok "the unpacked pristine commit is the same commit as on every machine"
	else
		not_ok "the unpacked pristine commit differs"
	fi
fi


# make mutants' QEMU wrapper (tools/lib/fail-fast), on a stand-in QEMU
# that prints a failing result and then would run for minutes: the boot
# stops at the "not ok"; and when kunit.py ends a boot at its --timeout
# by terminating the wrapper, the QEMU behind it goes too.
mkdir -p "$scratch/qemu"
cat > "$scratch/qemu/qemu-system-ppc64" <<'QEMU'
#!/bin/bash
echo "    ok 1 first"
[ "${1:-}" = fail ] && echo "    not ok 2 second"
echo "    still running"
exec sleep 300
QEMU
chmod +x "$scratch/qemu/qemu-system-ppc64"
ffpath=$PROJECT/tools/lib/fail-fast:$scratch/qemu:$PATH
# (the wrapper exits as the QEMU it stopped did: killed)
out=$(PATH=$ffpath timeout 20 qemu-system-ppc64 fail 2> /dev/null) || true
if [ "$out" = "$(printf '    ok 1 first\n    not ok 2 second')" ]; then
	ok "fail-fast stops QEMU at the first failing result, its output passed on"
else
	not_ok "fail-fast did not stop at the first failing result: '$out'"
fi
PATH=$ffpath qemu-system-ppc64 > /dev/null 2>&1 &
wrapper=$!
for _ in $(seq 50); do pgrep -f "^sleep 300$" > /dev/null && break; sleep 0.1; done
kill -TERM "$wrapper"
wait "$wrapper" 2> /dev/null || true
sleep 0.5
if pgrep -f "^sleep 300$" > /dev/null; then
	not_ok "fail-fast terminated at a timeout left QEMU running (it would hold kunit.py's pipe)"
	pkill -f "^sleep 300$" || true
else
	ok "fail-fast terminated at a timeout takes QEMU with it"
fi
# A QEMU that prints nothing for FAIL_FAST_IDLE seconds is a hang: stopped.
start=$SECONDS
out=$(PATH=$ffpath FAIL_FAST_IDLE=2 timeout 20 qemu-system-ppc64 2>&1) || true
if [ $((SECONDS - start)) -lt 10 ] && [[ $out = *"no output for 2 s: stopping QEMU as hung"* ]] &&
   [[ $out = *"still running"* ]] && ! pgrep -f "^sleep 300$" > /dev/null; then
	ok "fail-fast stops a QEMU silent for FAIL_FAST_IDLE seconds, its output passed on"
else
	not_ok "fail-fast did not stop a silent QEMU within FAIL_FAST_IDLE: '$out'"
	pkill -f "^sleep 300$" || true
fi
# A QEMU that prints its last lines and exits at once (a short boot that
# powers off): every line reaches kunit.py, none is lost when bash reaps
# the coprocess before the wrapper has read them.
mkdir -p "$scratch/qemu-burst"
cat > "$scratch/qemu-burst/qemu-system-ppc64" <<'QEMU'
#!/bin/bash
seq 1 20000 | sed 's/^/    ok /'
QEMU
chmod +x "$scratch/qemu-burst/qemu-system-ppc64"
n=$(PATH=$PROJECT/tools/lib/fail-fast:$scratch/qemu-burst:$PATH timeout 30 qemu-system-ppc64 \
	2> /dev/null | wc -l)
if [ "$n" -eq 20000 ]; then
	ok "fail-fast passes on every line of a QEMU that exits right after printing them"
else
	not_ok "fail-fast passed on $n of the 20000 lines of a QEMU that exited at once"
fi
# A QEMU that outlives its SIGTERM (waiting for a vCPU a mutant keeps
# busy) is killed 2 s later, not left to kunit.py's --timeout.
mkdir -p "$scratch/qemu-deaf"
cat > "$scratch/qemu-deaf/qemu-system-ppc64" <<'QEMU'
#!/bin/bash
trap '' TERM
echo "    not ok 1 first"
exec sleep 40
QEMU
chmod +x "$scratch/qemu-deaf/qemu-system-ppc64"
start=$SECONDS
out=$(PATH=$PROJECT/tools/lib/fail-fast:$scratch/qemu-deaf:$PATH timeout 30 qemu-system-ppc64 2>&1) ||
	true
if [ $((SECONDS - start)) -lt 10 ] && [[ $out = *"2 s after SIGTERM: SIGKILL"* ]] &&
   ! pgrep -f "^sleep 40$" > /dev/null; then
	ok "fail-fast kills a QEMU that outlives its SIGTERM"
else
	not_ok "fail-fast left a QEMU that ignores SIGTERM running for $((SECONDS - start)) s: '$out'"
	pkill -f "^sleep 40$" || true
fi

finish
