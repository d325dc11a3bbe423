# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Settings shared by the harness scripts; sourced, not run.

# shellcheck disable=SC2034 # used by the scripts that source this file
PROJECT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CACHE=${PPC_KUNIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ppc-topology-kunit}
PATCH_ROOT=${PPC_KUNIT_PATCHES:-$PROJECT/patches}
CROSS=powerpc64le-linux-gnu-
# The compiler of every kernel build: run-kunit hands it to kunit.py, the
# other tools to make, so that one build directory serves them all.
KERNEL_CC="ccache ${CROSS}gcc"
# Where kunit/ is installed in a kernel tree (the seam patch sources it).
KUNIT_DIR=arch/powerpc/kernel/topology_kunit
# The Kconfig that sources the suites' (the suites' patch adds the line).
KUNIT_SOURCED_FROM=arch/powerpc/Kconfig.debug
BASES="7.3 6.12 6.1"
# The base of every command that is given none: the tree powerpc
# series are posted against.
DEFAULT_BASE=7.3
CPUS="power10 power9"

# Fixed identities and dates make every commit id the harness creates the
# same on every machine, so results can quote them.
export GIT_AUTHOR_NAME="ppc-topology-kunit" GIT_AUTHOR_EMAIL="harness@localhost"
export GIT_COMMITTER_NAME="ppc-topology-kunit" GIT_COMMITTER_EMAIL="harness@localhost"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null

die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

say() {
	echo "[$(date +%H:%M:%S)] $*" >&2
}

check_base() {
	case " $BASES " in
	*" $1 "*) ;;
	*) die "unknown BASE '$1' (expected one of: $BASES)" ;;
	esac
}

check_cpu() {
	case " $CPUS " in
	*" $1 "*) ;;
	*) die "unknown CPU '$1' (expected one of: $CPUS)" ;;
	esac
}

# deb_installed PACKAGE: the machine has PACKAGE installed (not merely
# known to dpkg, or removed with its configuration left).
deb_installed() {
	[[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" == ii* ]]
}

# base_version BASE: the Debian version of linux-source-BASE, installed on
# the machine or fetched from backports into the cache (fetch-backports).
base_version() {
	if deb_installed "linux-source-$1"; then
		dpkg-query -W -f='${Version}' "linux-source-$1"
		return 0
	fi
	[ -f "$CACHE/debs/linux-source-$1/version" ] ||
		die "linux-source-$1 is neither installed nor in $CACHE/debs (run tools/lib/ensure-deps)"
	cat "$CACHE/debs/linux-source-$1/version"
}

# base_tarball BASE: where that package's source tarball is.
base_tarball() {
	if deb_installed "linux-source-$1"; then
		echo "/usr/src/linux-source-$1.tar.xz"
	else
		echo "$CACHE/debs/linux-source-$1/usr/src/linux-source-$1.tar.xz"
	fi
}

# makefile_version: "VERSION PATCHLEVEL SUBLEVEL" of the kernel whose top
# Makefile is on stdin, or nothing when it gives no VERSION and
# PATCHLEVEL.
makefile_version() {
	awk -F' = ' '/^VERSION =/ { v = $2 } /^PATCHLEVEL =/ { p = $2 } /^SUBLEVEL =/ { s = $2 }
		END { if (v != "" && p != "") print v, p, (s == "" ? 0 : s) }'
}

# copy_base_compat TREE DIR: the compat headers of TREE's base, where it
# has its own (kunit/harness/compat/VERSION.PATCHLEVEL/), into DIR, in
# place of kunit/'s, which are the default base's.
copy_base_compat() {
	local version
	version=$(makefile_version < "$1/Makefile" | awk '{ print $1 "." $2 }')
	[ -n "$version" ] || die "$1/Makefile: no VERSION and PATCHLEVEL"
	if [ -d "$PROJECT/kunit/harness/compat/$version" ]; then
		cp "$PROJECT/kunit/harness/compat/$version"/*.h "$2/"
	fi
}

# take_lock BASE: serialise the scripts that change a base's trees and
# build in a cache.  A script run by one that already holds the lock
# inherits it.  The pristine copies and ccache are safe to share.
take_lock() {
	local lock=$CACHE/lock-$1
	[ "${PPC_KUNIT_LOCKED:-}" = "$lock" ] && return 0
	mkdir -p "$CACHE"
	exec 9> "$lock"
	if ! flock -n 9; then
		say "another run holds $lock; waiting for it"
		flock 9
	fi
	export PPC_KUNIT_LOCKED=$lock
}

# The opt-in RFC ports, in the order they are applied after
# patches/BASE/series: patches/BASE/rfc/NAME/series.
RFCS="mc-llc interleaved-smt"

# rfc_list: the RFCs that $RFC names (comma or space separated), in the
# order of $RFCS; dies on a name that is not one of them.
rfc_list() {
	local want r out=
	want=" $(echo "${RFC:-}" | tr ',' ' ') "
	for r in $want; do
		case " $RFCS " in
		*" $r "*) ;;
		*) die "unknown RFC '$r' (expected any of: $RFCS)" ;;
		esac
	done
	for r in $RFCS; do
		case $want in *" $r "*) out="$out $r" ;; esac
	done
	echo "${out# }"
}

# rfc_suffix: "" without RFCs, "+mc-llc+interleaved-smt" with both; the
# results of a run with RFCs go to out/BASE+..., beside those without.
rfc_suffix() {
	local r out=
	for r in $(rfc_list); do
		out="$out+$r"
	done
	echo "$out"
}

# The kunitconfig fragments for a base: .kunitconfig, then what the base
# needs on top of it, then KASAN with KASAN=1 (and what KASAN needs on
# the base), as kunit.py --kunitconfig
# arguments.  Given the TREE, also the tests that patches of the base's
# series bring with them (tools/kconfig/series-tests/SYMBOL.kunitconfig),
# where TREE defines SYMBOL: a tree without the patch (a matrix prefix, a
# posting reviewed on the seam alone) has no such option, and kunit.py
# refuses a kunitconfig whose options the kernel does not have.
kunitconfig_args() {
	local r f sym k
	echo "--kunitconfig=$PROJECT/.kunitconfig"
	if [ -n "${2:-}" ]; then
		for f in "$PROJECT"/tools/kconfig/series-tests/*.kunitconfig; do
			sym=$(basename "$f" .kunitconfig)
			grep -rqx --include='Kconfig*' "config $sym" "$2/arch/powerpc" &&
				echo "--kunitconfig=$f"
		done
	fi
	[ -f "$PROJECT/tools/kconfig/$1.kunitconfig" ] &&
		echo "--kunitconfig=$PROJECT/tools/kconfig/$1.kunitconfig"
	# The harness's small kernel, or the one large LPARs boot; nothing
	# for the plain one.
	k=$(kconfig_name)
	if [ "$k" != plain ]; then
		echo "--kunitconfig=$PROJECT/tools/kconfig/$k.kunitconfig"
		[ -f "$PROJECT/tools/kconfig/$k-$1.kunitconfig" ] &&
			echo "--kunitconfig=$PROJECT/tools/kconfig/$k-$1.kunitconfig"
	fi
	if [ "${KASAN:-0}" = 1 ]; then
		echo "--kunitconfig=$PROJECT/tools/kconfig/kasan.kunitconfig"
		[ -f "$PROJECT/tools/kconfig/kasan-$1.kunitconfig" ] &&
			echo "--kunitconfig=$PROJECT/tools/kconfig/kasan-$1.kunitconfig"
	fi
	return 0
}

# kconfig_name: the configuration KCONFIG= names: small (the default)
# or distro, tools/kconfig/NAME.kunitconfig; or plain, what kunit.py
# makes of the suites' options alone, nothing left out (the kernel
# before the small one, which make bench builds to compare with it).
kconfig_name() {
	case ${KCONFIG:-small} in
	small|distro|plain) echo "${KCONFIG:-small}" ;;
	*) die "KCONFIG must be small, distro or plain, not '$KCONFIG'" ;;
	esac
}

# kconfig_suffix: what KCONFIG adds to the build and results
# directories: nothing for the small kernel, "+distro" or "+plain".
kconfig_suffix() {
	[ "$(kconfig_name)" = small ] || echo "+$(kconfig_name)"
}

# run_suffix: what the results directory and, for KASAN and the distro
# and plain configurations, the build directory add to the base: the
# RFCs, "+series" with SERIES=, "+distro" or "+plain" with KCONFIG=,
# then "+kasan" with KASAN=1.
run_suffix() {
	local s
	s=$(rfc_suffix)
	[ -n "${SERIES:-}" ] && s="$s+series"
	s="$s$(kconfig_suffix)"
	[ "${KASAN:-0}" = 1 ] && s="$s+kasan"
	echo "$s"
}

# ccache_env: the ccache settings of every kernel build of the harness.
# Paths relative to the cache, so that trees of one cache layout share
# compiled objects (see tools/matrix).  Depend mode hashes the compiler's
# own .d file instead of running the preprocessor first (a cold make bench
# build with an empty ccache took 543 s instead of 716 s), and the inode
# cache hashes each header once per build instead of once per compile;
# ccache hits are unchanged by either.
ccache_env() {
	export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}
	export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$CACHE}
	export CCACHE_DEPEND=${CCACHE_DEPEND:-1}
	export CCACHE_INODECACHE=${CCACHE_INODECACHE:-1}
}

# tree_reset TREE REV [CLEAN_ARG...]: TREE at REV, with nothing
# half-applied, edited or left over (untracked files too, but what
# CLEAN_ARGs such as "-e PATH" keep).
tree_reset() {
	local tree=$1 rev=$2
	shift 2
	git -C "$tree" am --abort > /dev/null 2>&1 || true
	git -C "$tree" checkout -q -f --detach "$rev"
	git -C "$tree" clean -q -f -d -x "$@"
}

# checkpatch_strict TREE PATCH [ARG...]: TREE's checkpatch.pl --strict -q
# on PATCH; its findings on stdout, and success only if it has none.
checkpatch_strict() {
	local tree=$1 patch out
	patch=$(readlink -f "$2")
	shift 2
	# Debian's python3 has python3-ply, which checkpatch's SPDX check needs.
	# The trees are unpacked tarballs with no upstream history, so the
	# commit ids of Fixes: tags cannot be looked up in them; every other
	# check of those lines (format, title) still runs.
	# checkpatch asks of every new file whether MAINTAINERS needs
	# updating.  Where the patch leaves MAINTAINERS alone, the base's
	# MAINTAINERS answers it: an entry with a maintainer must already
	# cover the new file's directory (get_maintainer.pl).
	local ignore=UNKNOWN_COMMIT_ID f uncovered=
	if ! grep -q '^+++ b/MAINTAINERS$' "$patch"; then
		ignore=$ignore,FILE_PATH_CHANGES
		while read -r f; do
			[ -d "$tree/$(dirname "$f")" ] &&
				[ -n "$(cd "$tree" && perl scripts/get_maintainer.pl --nogit \
					--nogit-fallback --norolestats --nol -f "$(dirname "$f")" 2> /dev/null)" ] ||
				uncovered="$uncovered $f"
		done < <(awk '/^diff --git / { f = substr($4, 3) }
				/^new file mode/ { print f }' "$patch")
	fi
	out=$(cd "$tree" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict -q \
		--ignore "$ignore" "$@" "$patch" 2>&1) &&
		[ -z "$out" ] && [ -z "$uncovered" ] && return 0
	[ -z "$out" ] || echo "$out"
	[ -z "$uncovered" ] || echo "WARNING: added file(s) no MAINTAINERS entry covers:$uncovered"
	return 1
}

# kunit_case_exists SUITE CASE [PATCH]: a file of kunit/ registers SUITE
# and lists CASE (KUNIT_CASE*() or a macro of the suite's, *CASE*()), as
# a "KUnit: SUITE.CASE" trailer names it, or PATCH
# adds such a file (a fix that brings a test of its own), or an RFC's
# changes to the suites (kunit/harness/rfc/NAME.patch) add CASE.
kunit_case_exists() {
	local f
	for f in "$PROJECT"/kunit/*.c "$PROJECT"/kunit/harness/*.c; do
		grep -q "\.name = \"$1\"" "$f" && grep -qE "[A-Z_]*CASE[A-Z_]*\($2[,)]" "$f" && return 0
	done
	# A case an RFC's changes to the suites add (kunit/harness/rfc/).
	for f in "$PROJECT"/kunit/harness/rfc/*.patch; do
		grep -qE "^\+.*[A-Z_]*CASE[A-Z_]*\($2[,)]" "$f" &&
			grep -q "\.name = \"$1\"" "$PROJECT"/kunit/*.c && return 0
	done
	[ -n "${3:-}" ] && grep -q "^+.*\.name = \"$1\"" "$3" &&
		grep -qE "^\+.*[A-Z_]*CASE[A-Z_]*\($2[,)]" "$3"
}

# am_failed_at MESSAGE: where "git am" said a patch failed, FILE:LINE of
# the hunk or the file missing from the tree; nothing if it did not say.
am_failed_at() {
	echo "$1" | sed -n 's/^error: patch failed: \(.*\)$/\1/p; s/^error: \(.*\): does not exist in index$/\1/p' |
		sed -n 1p
}

# pristine_worktree PRISTINE DIR REV: DIR as a worktree of the pristine
# copy PRISTINE, made at REV if it is missing or belongs to another
# repository; an existing one is left where it is.
pristine_worktree() {
	local pristine=$1 dir=$2
	if ! git -C "$dir" rev-parse --git-dir > /dev/null 2>&1 ||
	   ! [ "$(git -C "$dir" rev-parse --git-common-dir)" -ef "$pristine/.git" ]; then
		rm -rf "$dir"
		git -C "$pristine" worktree prune
		git -C "$pristine" worktree add -q --detach "$dir" "$3"
	fi
}

# configure_without_tests TREE BUILD BASE: BUILD configured and prepared
# as the harness configures its kernel (the QEMU fragment and BASE's
# kunitconfig fragments) less the test options, which the seam alone
# cannot define anyway: objects built there are a kernel's without the
# suites.
configure_without_tests() {
	local tree=$1 build=$2 base=$3 f
	python3 - "$PROJECT/tools/qemu/ppc64le_pseries.py" > "$build/.config" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
print(re.search(r"kconfig='''(.*?)'''", text, re.S).group(1).strip())
PY
	for f in $(kunitconfig_args "$base"); do
		grep -v -e '^#' -e 'KUNIT_TEST\|KUNIT_HARNESS' "${f#--kunitconfig=}" >> "$build/.config"
	done
	ccache_env
	kernel_make "$tree" "$build" olddefconfig > /dev/null
	kernel_make "$tree" "$build" prepare > /dev/null 2>&1 || kernel_make "$tree" "$build" prepare
}

# kernel_make TREE BUILD ARGS...: make in TREE with O=BUILD and KERNEL_CC.
kernel_make() {
	local tree=$1 build=$2
	shift 2
	make -s -C "$tree" O="$build" ARCH=powerpc CROSS_COMPILE="$CROSS" \
		CC="$KERNEL_CC" -j"$(nproc)" "$@"
}

# series_patches BASE: the patches prepare-tree applies, in order, as
# paths relative to patches/BASE: those of patches/BASE/series, then
# those of each RFC of $RFC (rfc/NAME/...).
series_patches() {
	local r
	series_file_patches "$PATCH_ROOT/$1/series"
	for r in $(rfc_list); do
		series_file_patches "$PATCH_ROOT/$1/rfc/$r/series" | sed "s|^|rfc/$r/|"
	done
}

# series_file_patches FILE: the patch names FILE lists, without comments
# and blank lines.
series_file_patches() {
	[ -f "$1" ] || die "$1: no such series file"
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e 's/^[[:space:]]*//' -e '/^$/d' "$1"
}

# seam_patches BASE: the seams' patch names, one a line: the patches
# patches/BASE/series lists first whose subjects say "Let KUnit tests"
# (the scheduler's, then powerpc's), before any fix, series or RFC.
seam_patches() {
	local p found=
	while read -r p; do
		grep -q '^Subject: .*Let KUnit tests' "$PATCH_ROOT/$1/$p" || break
		echo "$p"
		found=1
	done < <(series_file_patches "$PATCH_ROOT/$1/series")
	[ -n "$found" ] || die "$PATCH_ROOT/$1/series does not start with the seams (subjects saying \"Let KUnit tests\")"
}

# seam_paths BASE: the seams' patches as paths, one a line.
seam_paths() {
	seam_patches "$1" | sed "s|^|$PATCH_ROOT/$1/|"
}

# tree_edited TREE: TREE has edits beyond what tools/lib/install-kunit puts
# there (topology_kunit/ and the line that sources its Kconfig).
tree_edited() {
	local f=$KUNIT_SOURCED_FROM
	[ -n "$(git -C "$1" status --porcelain --untracked-files=no -- . \
		":(exclude)$KUNIT_DIR" ":(exclude)$f" 2>/dev/null)" ] && return 0
	git -C "$1" diff --quiet HEAD -- "$f" 2>/dev/null && return 1
	! cmp -s <(git -C "$1" show "HEAD:$f"; printf '\nsource "%s/Kconfig"\n' "$KUNIT_DIR") "$1/$f"
}

# maintainers_entry FILE: the suites' entry in the MAINTAINERS file FILE,
# in its sorted place, unless FILE has it.
maintainers_entry() {
	local title="POWERPC TOPOLOGY KUNIT TESTS"
	grep -qxF "$title" "$1" && return 0
	# Before the title that follows it in sorted order (case aside), as
	# checkpatch's and get_maintainer's readers expect.
	LC_ALL=C awk -v title="$title" -v dir="$KUNIT_DIR/" '
		{ line[NR] = $0 }
		END {
			for (i = 2; i < NR; i++)
				if (line[i - 1] == "" && line[i + 1] ~ /^[A-Z]:\t/ && toupper(line[i]) > title &&
				    (!at || toupper(line[i]) < toupper(line[at])))
					at = i
			if (!at)
				exit 1
			for (i = 1; i <= NR; i++) {
				if (i == at)
					printf "%s\nL:\tlinuxppc-dev@lists.ozlabs.org\nS:\tMaintained\nF:\t%s\n\n", title, dir
				print line[i]
			}
		}' "$1" > "$1.new" || { rm -f "$1.new"; die "$1: no place for the $title entry"; }
	mv "$1.new" "$1"
}

# seams_only BASE DIR: DIR/BASE/ holds the seams alone and a series file
# listing them, for PPC_KUNIT_PATCHES=DIR.
seams_only() {
	local p
	mkdir -p "$2/$1"
	seam_patches "$1" > "$2/$1/series"
	while read -r p; do
		cp "$PATCH_ROOT/$1/$p" "$2/$1/"
	done < "$2/$1/series"
}

# use_series BASE: with SERIES=PATH, the mailed series PATH holds replaces
# patches/BASE/series after the seam: tools/lib/import-series writes it to
# out/series/BASE/, and PATCH_ROOT, prepare-tree (PPC_KUNIT_PATCHES) and
# write-metadata (PPC_KUNIT_SERIES_INFO) use it from then on.
use_series() {
	[ -n "${SERIES:-}" ] || return 0
	[ -z "$(rfc_list)" ] || die "SERIES and RFC together: the RFC ports follow the project's series, not a mailed one"
	"$PROJECT/tools/lib/import-series" "$1" "$SERIES" "$PROJECT/out/series/$1" || exit 1
	PATCH_ROOT=$PROJECT/out/series/$1/patches
	export PPC_KUNIT_PATCHES=$PATCH_ROOT
	export PPC_KUNIT_SERIES_INFO=$PROJECT/out/series/$1/import.txt
}

# user_tree_name PATH: the name of the copy, build directory and results
# of "make run TREE=PATH": the tree's directory name and a hash of its
# path, so that two trees of one name stay apart.
user_tree_name() {
	local abs
	abs=$(readlink -f "$1")
	echo "tree-$(basename "$abs" | tr -c 'A-Za-z0-9._\n-' '_')-$(echo "$abs" | sha256sum | cut -c1-8)"
}

# suites_kunit_command TREE: the kunit.py command that the help of
# CONFIG_PPC_TOPOLOGY_KUNIT_TEST gives in TREE's topology_kunit/Kconfig,
# as shell text; dies if there is none.  The exported series is run with
# exactly that command.
suites_kunit_command() {
	local cmd
	cmd=$(awk '/^\t    \.\/tools\/testing\/kunit\/kunit\.py run/ { on = 1 }
		on && /^[[:space:]]*$/ { exit }
		on { sub(/^\t    /, ""); print }' "$1/$KUNIT_DIR/Kconfig")
	[ -n "$cmd" ] || die "$1/$KUNIT_DIR/Kconfig: no kunit.py run command in the help of CONFIG_PPC_TOPOLOGY_KUNIT_TEST"
	printf '%s\n' "$cmd"
}

# suites_kunit_args TREE ARRAY: that command's arguments after "run", as
# the shell splits them (an argument may hold newlines), into the array
# named ARRAY.  In the caller's shell, so that a failure stops it.
suites_kunit_args() {
	local -n args_out=$2
	local cmd
	cmd=$(suites_kunit_command "$1") || exit 1
	# shellcheck disable=SC2016 # the inner shell expands it
	mapfile -d '' args_out < <(bash -c 'kunit_args() { printf "%s\0" "$@"; }; '"${cmd/#.\/tools\/testing\/kunit\/kunit.py run/kunit_args}")
	[ ${#args_out[@]} -gt 0 ] ||
		die "$1/$KUNIT_DIR/Kconfig: the shell cannot read the kunit.py command of CONFIG_PPC_TOPOLOGY_KUNIT_TEST"
}
