#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of "make ci-local", gitlab-ci-local as the Makefile runs it
# (shell jobs, each in a copy of its own, artifacts kept out of the
# source), on a small definition whose jobs only write files: the
# pipeline order, what each job gets and keeps, the variables, a failed
# job and the job that needs it.  Then the project's own .gitlab-ci.yml
# as gitlab-ci-local --list reads it.  No kernel is built.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/../../tests/lib.sh"
. "$here/../../lib/common.sh"

scratch=$(mktemp -d /tmp/ppc-kunit-ci-local-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
repo=$scratch/repo
mkdir -p "$repo"
git -C "$repo" init -q

cat > "$repo/good.yml" <<'YML'
stages: [one, two, three]
variables:
  WHO: "file"
late:
  stage: three
  needs: [part]
  script: ["cat out/part/* | sort > out/all.txt", "if test -f out/first.txt || test -f out/alone.txt; then echo more > out/note.txt; else echo only-part > out/note.txt; fi"]
  artifacts: {paths: [out/all.txt, out/note.txt]}
first:
  stage: one
  script: ["mkdir -p out && echo \"$WHO ${BASE:-none} ${SHARD:-none}\" > out/first.txt"]
  artifacts: {paths: [out/first.txt]}
part:
  stage: two
  needs: [first]
  parallel: 3
  script: ["mkdir -p out/part && echo \"$CI_NODE_INDEX/$CI_NODE_TOTAL $(cat out/first.txt)\" > out/part/$CI_NODE_INDEX"]
  artifacts: {paths: ["out/part/"]}
part-alone:
  stage: two
  needs: []
  script: ["test ! -e out/first.txt && mkdir -p out && echo clean > out/alone.txt"]
  artifacts: {paths: [out/alone.txt]}
YML
# A command of its own: GitLab's shells stop at a failed command, not
# at a failed test inside an && list.
# shellcheck disable=SC2016 # $CI_NODE_INDEX is for the job's shell
sed 's|script: \["mkdir -p out/part|script: ["test $CI_NODE_INDEX != 2", "mkdir -p out/part|' \
	"$repo/good.yml" > "$repo/part-fails.yml"
git -C "$repo" add good.yml part-fails.yml
git -C "$repo" commit -q -m "definitions"

# run_ci FILE [VARS]: make ci-local on FILE in the scratch repository,
# with BASE and SHARD set in the caller's environment; output in
# $scratch/log, artifacts under $art.
art=$repo/.gitlab-ci-local/artifacts
run_ci() {
	cp "$repo/$1" "$repo/.gitlab-ci.yml"
	rm -rf "$repo/.gitlab-ci-local"
	BASE=outer SHARD=9/9 make -s -C "$repo" -f "$PROJECT/Makefile" ci-local \
		CI_VARIABLES="${2:-}" > "$scratch/log" 2>&1
}
# artifact JOB PATH: what JOB kept at PATH (a parallel job's instances
# are directories of their own, named after the job).
artifact() {
	local d
	for d in "$art/$1" "$art/$1"?*; do
		[ -f "$d/$2" ] && { cat "$d/$2"; return 0; }
	done
	return 1
}

if run_ci good.yml; then
	ok "a definition whose jobs pass passes"
else
	not_ok "a definition whose jobs pass failed"
	sed 's/^/    /' "$scratch/log" | tail -n 20
fi
order=$(sed -n 's/^ PASS  \([a-z-]*\(: \[[0-9]\/[0-9]\]\)\?\).*/\1/p' "$scratch/log" | tr '\n' ',')
[ "$order" = "first,part: [1/3],part: [2/3],part: [3/3],part-alone,late," ] &&
	ok "jobs pass stage by stage, in the file's order within a stage" ||
	not_ok "jobs passed in the order '$order'"
[ "$(artifact first out/first.txt)" = "file none none" ] &&
	ok "a job sees the file's variables and none of the caller's (BASE, SHARD)" ||
	not_ok "the first job saw '$(artifact first out/first.txt)'"
[ "$(artifact late out/all.txt)" = "$(printf '1/3 file none none\n2/3 file none none\n3/3 file none none')" ] &&
	ok "parallel instances get CI_NODE_INDEX/TOTAL and the artifacts of the job they need" ||
	not_ok "the parts gave '$(artifact late out/all.txt)'"
[ "$(artifact late out/note.txt)" = only-part ] &&
	ok "a job with needs gets only the artifacts of the jobs it names (not of first or part-alone)" ||
	not_ok "a job with needs: [part] got other jobs' artifacts: '$(artifact late out/note.txt)'"
[ "$(artifact part-alone out/alone.txt)" = clean ] &&
	ok "a job with needs: [] gets no artifacts" ||
	not_ok "a job with needs: [] got artifacts"
[ ! -e "$repo/out" ] &&
	ok "the artifacts stay out of the source directory" ||
	not_ok "make ci-local copied artifacts into the source directory: $(ls "$repo/out")"

run_ci good.yml "WHO=pipeline BASE=6.1" || true
[ "$(artifact first out/first.txt)" = "pipeline 6.1 none" ] &&
	ok "CI_VARIABLES override the file's variables, as pipeline variables do" ||
	not_ok "with CI_VARIABLES the first job saw '$(artifact first out/first.txt)'"

if run_ci part-fails.yml; then
	not_ok "a pipeline with a failing job passed"
elif grep -q '^ FAIL  part: \[2/3\]' "$scratch/log" && grep -q '^ PASS  part: \[3/3\]' "$scratch/log" &&
	! grep -q '^ PASS  late' "$scratch/log" && [ ! -e "$art/late" ]; then
	ok "a failing job fails the pipeline and the job that needs it does not run"
else
	not_ok "a failing job was not reported as it should be"
	sed 's/^/    /' "$scratch/log" | tail -n 20
fi

# The project's own definition: the jobs the documentation describes.
jobs=$(cd "$PROJECT" && "$PROJECT/tools/lab/ci-local" --list 2> /dev/null |
	awk 'NR > 1 && $1 != "name" && $1 != "" { print $1 ($2 ~ /^\[/ ? " " $2 : "") }' | tr '\n' ',')
want="host-tests,mutants-kernel,mutants: [1/2],mutants: [2/2],matrix: [1/2],matrix: [2/2],presubmit,export,smp-check,build-matrix,live,rfc,regressions,distro,isolated,kasan,tree,tree-7.2,review,merge,"
[ "$jobs" = "$want" ] &&
	ok "gitlab-ci-local --list reads the project's .gitlab-ci.yml: host tests, one build, two mutant and two matrix parts, presubmit, export, smp-check, build-matrix, live, rfc, regressions, distro, isolated, kasan, tree, the 7.2 tree, review, merge" ||
	not_ok "gitlab-ci-local --list shows other jobs: '$jobs'"
grep -q '^  image: debian:bookworm$' "$PROJECT/.gitlab-ci.yml" &&
	ok "the project's jobs name a Debian bookworm image for GitLab's runners" ||
	not_ok "the project's .gitlab-ci.yml names no debian:bookworm image"
finish
