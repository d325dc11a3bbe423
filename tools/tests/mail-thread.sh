#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mail-thread.sh [-v1 PATCH] [-r K] PATCH...: print, as a list archive or a
# mail client saves it, the thread of PATCH... mailed as a series: a
# cover letter, [PATCH v2 k/n] replies to it, and, with -r K, a reply to
# patch K giving a Reviewed-by.  With -v1 PATCH, an older revision, [PATCH
# 1/1] of PATCH, comes first in the same mailbox, which "b4 am" must
# pass over.  A host-test helper: the thread mboxes make run SERIES= is
# tested with.

set -euo pipefail

v1= review=
while [ $# -gt 0 ]; do
	case $1 in
	-v1) v1=$2; shift 2 ;;
	-r) review=$2; shift 2 ;;
	*) break ;;
	esac
done
n=$#
[ "$n" -ge 1 ] || { echo "usage: mail-thread.sh [-v1 PATCH] [-r K] PATCH..." >&2; exit 1; }

# message ID MINUTE SUBJECT PARENT [FROM]: the headers of one mail.
message() {
	echo "From mailer@localhost Mon Nov 30 12:00:00 2026"
	echo "From: ${5:-Submitter <submitter@example.org>}"
	echo "To: linuxppc-dev@lists.ozlabs.org"
	echo "Date: Mon, 30 Nov 2026 12:$(printf '%02d' "$2"):00 +0000"
	echo "Message-Id: <$1@example.org>"
	if [ -n "$4" ]; then
		echo "In-Reply-To: <$4@example.org>"
		echo "References: <$4@example.org>"
	fi
	echo "Subject: $3"
}

# body PATCH: the patch's mail without its mbox and mail headers.
body() {
	awk 'done { print; next } /^$/ { done = 1; print }' "$1"
}

subject() {
	sed -n '/^Subject: /{s/^Subject: \[[^]]*\] //;N;s/\n / /;s/\n.*//;p;q}' "$1"
}

if [ -n "$v1" ]; then
	message "v1-1" 0 "[PATCH 1/1] $(subject "$v1")" ""
	body "$v1"
	echo
fi
message "cover" 1 "[PATCH v2 0/$n] A series mailed as a thread" ""
echo
echo "The series, mailed as a thread for the harness's tests."
echo
k=0
for p in "$@"; do
	k=$((k + 1))
	message "patch-$k" $((k + 1)) "[PATCH v2 $k/$n] $(subject "$p")" cover
	body "$p"
	echo
	if [ "$k" = "$review" ]; then
		message "review-$k" 59 "Re: [PATCH v2 $k/$n] $(subject "$p")" "patch-$k" \
			"Reviewer <reviewer@example.org>"
		echo
		echo "Reviewed-by: Reviewer <reviewer@example.org>"
		echo
	fi
done
