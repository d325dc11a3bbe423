#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make run SERIES= on the kernel, BASE (default 6.1): the project's series
# mailed as a thread gives the same result, case by case and parameter by
# parameter, as "make run"; the same thread with one patch broken on
# purpose (its change undone in the mail) turns that patch's paired cases
# red, and no case that no patch of the series is paired with, and only
# for the states the patch is about.  Each run is a build in the harness's build
# directory (mostly relinking) and a boot.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

base=${BASE:-6.1}
scratch=$(mktemp -d /tmp/ppc-kunit-series-run.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
series=$PATCH_ROOT/$base
mapfile -t patches < <(series_file_patches "$series/series")
mapfile -t seams < <(seam_patches "$base")
after_seam=("${patches[@]:${#seams[@]}}")
statuses() { python3 "$PROJECT/tools/report/case_statuses.py" "$1/results.json"; }

# run NAME [SERIES]: make run into $scratch/NAME; its log beside it.
run() {
	env BASE="$base" SERIES="${2:-}" OUT="$scratch/$1" "$PROJECT/tools/run-kunit" \
		> "$scratch/$1.log" 2>&1 || true
	statuses "$scratch/$1" > "$scratch/$1.cases" 2>/dev/null || : > "$scratch/$1.cases"
}

say "make run BASE=$base"
run plain
[ -s "$scratch/plain.cases" ] || { tail -n 20 "$scratch/plain.log"; not_ok "make run BASE=$base gave results"; finish; }

say "make run SERIES=: the series mailed as a thread, with a review"
bash "$here/mail-thread.sh" -r 2 "${after_seam[@]/#/$series/}" > "$scratch/thread.mbox"
run mailed "$scratch/thread.mbox"
if [ -s "$scratch/mailed.cases" ] && diff "$scratch/plain.cases" "$scratch/mailed.cases" > "$scratch/mailed.diff"; then
	ok "the series mailed as a thread gives make run's results ($(wc -l < "$scratch/plain.cases") results)"
else
	not_ok "the series mailed as a thread gives make run's results"
	sed -n '1,20s/^/    /p' "$scratch/mailed.diff"
	tail -n 20 "$scratch/mailed.log" | sed 's/^/    /'
fi
if grep -q '^  read with: b4 am -m ' "$scratch/mailed/metadata.txt" &&
   grep -q "^  patch ${#after_seam[@]}: " "$scratch/mailed/metadata.txt"; then
	ok "metadata.txt names the b4 command and the mailed patches"
else
	not_ok "metadata.txt names the b4 command and the mailed patches"
fi

# The broken patch: the one that keeps shared processors out of
# coregroups, its condition made false, so it changes nothing.
broken=
for p in "${after_seam[@]}"; do
	grep -q '^+	if (is_shared_processor())$' "$series/$p" && grep -q '^KUnit: ' "$series/$p" &&
		{ broken=$p; break; }
done
if [ -z "$broken" ]; then
	not_ok "a patch of the $base series adds 'if (is_shared_processor())' to break"
	finish
fi
mkdir -p "$scratch/broken"
cp "${after_seam[@]/#/$series/}" "$scratch/broken/"
sed -i 's/^+	if (is_shared_processor())$/+	if (is_shared_processor() \&\& 0)/' "$scratch/broken/$broken"
say "make run SERIES=: the thread with $broken broken"
bash "$here/mail-thread.sh" "${after_seam[@]/#/$scratch/broken/}" > "$scratch/broken.mbox"
run broken "$scratch/broken.mbox"
mapfile -t paired < <(sed -n 's/^KUnit: //p' "$series/$broken")
# A later patch's cases describe the whole series, this patch's change
# included: they may go red too, but only for the states the patch is
# about, shared processors with coregroups.
later=$(printf '%s\n' "${after_seam[@]}" | sed -n "/^$broken\$/,\$p" | tail -n +2 |
	while read -r p; do sed -n 's/^KUnit: //p' "$series/$p"; done | sort -u)
red=$(grep -v ' PASS$\| SKIP$' "$scratch/broken.cases" | sed 's/[[ ].*//' | sort -u || true)
# Shared processors with coregroups: "shared, NAME, coregroups", or
# "NAME/shared" for a fixture whose platform identifies coregroups.
cg_fixtures=$(for f in "$PROJECT"/fixtures/*.fixture; do
	grep -q '^coregroup: none' "$f" || sed -n 's/^name: //p' "$f"; done | paste -sd'|')
off_state=$(grep -v ' PASS$\| SKIP$' "$scratch/broken.cases" |
	grep -vE "\[(shared, .*, coregroups|($cg_fixtures)/shared)\] " || true)
if [ -s "$scratch/broken.cases" ] &&
   [ -z "$(comm -13 <(echo "$red") <(printf '%s\n' "${paired[@]}" | sort -u))" ] &&
   [ -z "$(comm -23 <(echo "$red") <( { printf '%s\n' "${paired[@]}"; echo "$later"; } | sort -u))" ] &&
   [ -z "$off_state" ]; then
	ok "the broken $broken turns its paired cases red, and no case outside the series' pairing, for shared processors with coregroups only: $(xargs <<< "$red")"
else
	not_ok "the broken $broken turns its paired cases (${paired[*]}) red, no case outside the series' pairing, for shared processors with coregroups only"
	echo "    red: $(xargs <<< "$red")"
	[ -n "$off_state" ] && sed 's/^/    other state: /' <<< "$off_state"
	tail -n 20 "$scratch/broken.log" | sed 's/^/    /'
fi

finish
