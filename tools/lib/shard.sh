# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Sharding of the slow jobs (make matrix, make mutants); sourced, not run.
#
# SHARD=I/N runs part I of N.  Each part writes its results and a part.txt
# that says what it ran on, under out/<job>/<BASE>/shard-I-of-N/; "make
# merge" puts the parts together and refuses parts that differ in
# anything but their own share of the work.

# shard_parse: sets shard_i and shard_n from $SHARD (1 and 1 without it);
# dies on anything but I/N with 1 <= I <= N.
shard_parse() {
	shard_i=1 shard_n=1
	[ -z "${SHARD:-}" ] && return 0
	case $SHARD in
	[0-9]*/[0-9]*) shard_i=${SHARD%/*} shard_n=${SHARD#*/} ;;
	*) die "SHARD must be I/N (part I of N), not '$SHARD'" ;;
	esac
	case "$shard_i$shard_n" in *[!0-9]*) die "SHARD must be I/N (part I of N), not '$SHARD'" ;; esac
	shard_i=$((10#$shard_i)) shard_n=$((10#$shard_n))
	[ "$shard_n" -ge 1 ] && [ "$shard_i" -ge 1 ] && [ "$shard_i" -le "$shard_n" ] ||
		die "SHARD=$SHARD: I must be between 1 and N"
}

# shard_dir: "" unsharded, "/shard-I-of-N" for a part; what the part's
# results directory adds to the unsharded one.
shard_dir() {
	[ "$shard_n" -gt 1 ] && echo "/shard-$shard_i-of-$shard_n"
	return 0
}

# shard_round_robin: the lines of stdin that are part shard_i's when they
# are dealt out in turn: each part gets every N-th, so that slow and fast
# items (smp.c's mutants boot more suites than paravirt.h's) are spread
# evenly.
shard_round_robin() {
	awk -v i="$shard_i" -v n="$shard_n" '(NR - 1) % n == i - 1'
}

# shard_range FIRST LAST: the first and last of FIRST..LAST that are part
# shard_i's when the range is cut into N pieces in order; the matrix keeps
# consecutive prefixes together, since each builds on the one before.
# Prints nothing for a part with no share.
shard_range() {
	local first=$1 last=$2 count lo hi
	count=$((last - first + 1))
	lo=$((first + (shard_i - 1) * count / shard_n))
	hi=$((first + shard_i * count / shard_n - 1))
	[ "$lo" -le "$hi" ] && echo "$lo $hi"
	return 0
}

# series_hash DIR PATCH...: what a matrix part records of its series, and
# "make merge" compares with the series it has: the patches' contents.
series_hash() {
	local dir=$1
	shift
	(cd "$dir" && cat "$@" | sha256sum | cut -d' ' -f1)
}

# part_identity KIND BASE TREE: the lines every part of one run shares,
# and that "make merge" compares: the job, the base and its package
# version, the patched tree's commit (fixed dates make it the same on
# every machine for the same series), the suites and fixtures that
# install-kunit puts in it, the run's name (the base with its RFCs and
# KASAN, as out/ names it), and the number of parts.
part_identity() {
	local kind=$1 base=$2 tree=$3
	echo "job $kind"
	echo "base $base $(base_version "$base")"
	echo "tree $(git -C "$tree" rev-parse HEAD)"
	echo "suites $(cd "$PROJECT" && find kunit fixtures -type f -print0 |
		LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)"
	echo "run $base$(run_suffix)"
	echo "parts $shard_n"
}

# report_body REPORT: what a merged report must share with the unsharded
# one: every line but the timing, the "merged from" line, and where the
# crash logs of a mutant are kept.
report_body() {
	grep -v ' per mutant \|^merged from' "$1" |
		sed 's|no KUnit results; .*/runs/|no KUnit results; runs/|'
}
