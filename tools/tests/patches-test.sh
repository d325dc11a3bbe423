#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every patch of every series and of every RFC port: checkpatch.pl
# --strict clean (run inside a kernel tree, as checkpatch expects), its
# "KUnit: suite.case" trailers name cases that exist in kunit/ (or that
# the patch itself adds), and an RFC port links to the posting it ports;
# and the RFCs' changes to the suites (kunit/harness/rfc/) apply to
# kunit/ and are checkpatch.pl --strict clean.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

for base in $BASES; do
	tree=$(RFC= "$PROJECT/tools/lib/prepare-tree" "$base")
	while read -r name; do
		patch=$PATCH_ROOT/$base/$name
		rel=patches/$base/$name
		if out=$(checkpatch_strict "$tree" "$patch"); then
			ok "$rel: checkpatch.pl --strict clean"
		else
			not_ok "$rel: checkpatch.pl --strict"
			sed 's/^/    /' <<< "$out"
		fi
		trailers=$(sed -n 's/^KUnit: //p' "$patch")
		if [ -z "$trailers" ]; then
			not_ok "$rel: no 'KUnit: suite.case' trailer"
			continue
		fi
		missing=
		for t in $trailers; do
			kunit_case_exists "${t%%.*}" "${t#*.}" "$patch" || missing="$missing $t"
		done
		if [ -z "$missing" ]; then
			ok "$rel: its $(wc -w <<< "$trailers") paired KUnit cases exist"
		else
			not_ok "$rel: paired cases not in kunit/:$missing"
		fi
		case $name in
		rfc/*)
			if grep -q '^Link: https://' "$patch"; then
				ok "$rel: links to the posting it ports"
			else
				not_ok "$rel: an RFC port without a 'Link:' to its posting"
			fi ;;
		esac
	done < <(RFC="$RFCS" series_patches "$base")
done

# The RFCs' changes to the suites: each applies to kunit/ as it is,
# without fuzz, and what it adds is kernel style.
for p in "$PROJECT"/kunit/harness/rfc/*.patch; do
	rel=${p#"$PROJECT"/}
	if out=$(patch -p1 -F0 -s --dry-run -d "$PROJECT" < "$p" 2>&1); then
		ok "$rel applies to kunit/"
	else
		not_ok "$rel does not apply to kunit/:"
		sed 's/^/    /' <<< "$out"
	fi
	if out=$(perl "$tree/scripts/checkpatch.pl" --strict --no-signoff --no-tree -q "$p" 2>&1); then
		ok "$rel: checkpatch.pl --strict clean"
	else
		not_ok "$rel: checkpatch.pl --strict"
		sed 's/^/    /' <<< "$out"
	fi
done

finish
