#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of "make ci-local" on small definitions whose jobs only
# write files: the pipeline order, what each job gets and keeps, the
# variables, a failed job and the jobs that need it, and definitions it
# must refuse.  No kernel is built.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

scratch=$(mktemp -d /tmp/ppc-kunit-ci-local-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
export PPC_KUNIT_OUT_ROOT=$scratch/out

# run_ci FILE [VARS]: make ci-local on FILE; its output in $scratch/log.
run_ci() {
	CI_FILE=$1 CI_VARIABLES=${2:-} BASE=outer SHARD=9/9 "$PROJECT/tools/ci-local" > "$scratch/log" 2>&1
}
art=$scratch/out/ci-local/artifacts

cat > "$scratch/good.yml" <<'YML'
stages: [one, two, three]
variables:
  WHO: "file"
late:
  stage: three
  needs: [part]
  script: ["cat out/part/* | sort > out/all.txt", "test -f out/first.txt || test -f out/alone.txt || echo no-first > out/note.txt"]
  artifacts: {paths: [out/all.txt, out/note.txt]}
first:
  stage: one
  script: ["mkdir -p out && echo \"$WHO ${BASE:-none} ${SHARD:-none}\" > out/first.txt"]
  artifacts: {paths: [out/first.txt]}
part:
  stage: two
  parallel: 3
  script: ["mkdir -p out/part && echo \"$CI_NODE_INDEX/$CI_NODE_TOTAL $(cat out/first.txt)\" > out/part/$CI_NODE_INDEX"]
  artifacts: {paths: ["out/part/"]}
part-alone:
  stage: two
  needs: []
  script: ["test ! -e out/first.txt && mkdir -p out && echo clean > out/alone.txt"]
  artifacts: {paths: [out/alone.txt]}
YML

if run_ci "$scratch/good.yml"; then
	ok "a definition whose jobs pass passes: $(tail -n 1 "$scratch/log")"
else
	not_ok "a definition whose jobs pass failed"
	sed 's/^/    /' "$scratch/log" | tail -n 20
fi
order=$(grep -oE '^ok - [a-z-]+( [0-9]/[0-9])?' "$scratch/log" | sed 's/^ok - //' | tr '\n' ',')
[ "$order" = "first,part 1/3,part 2/3,part 3/3,part-alone,late," ] &&
	ok "jobs run stage by stage, in the file's order within a stage" ||
	not_ok "jobs ran in the order '$order'"
[ "$(cat "$art/first-1/out/first.txt" 2>/dev/null)" = "file none none" ] &&
	ok "a job sees the file's variables and none of the caller's (BASE, SHARD)" ||
	not_ok "the first job saw '$(cat "$art/first-1/out/first.txt" 2>/dev/null)'"
[ "$(cat "$art/late-1/out/all.txt" 2>/dev/null)" = "$(printf '1/3 file none none\n2/3 file none none\n3/3 file none none')" ] &&
	ok "parallel instances get CI_NODE_INDEX/TOTAL and the artifacts of the stage before" ||
	not_ok "the parts gave '$(cat "$art/late-1/out/all.txt" 2>/dev/null)'"
[ "$(cat "$art/late-1/out/note.txt" 2>/dev/null)" = no-first ] &&
	ok "a job with needs gets only the artifacts of the jobs it names (not of part-alone)" ||
	not_ok "a job with needs: [part] got the first job's or part-alone's artifacts too"
[ "$(cat "$art/part-alone-1/out/alone.txt" 2>/dev/null)" = clean ] &&
	ok "a job with needs: [] gets no artifacts" ||
	not_ok "a job with needs: [] got artifacts"
[ ! -e "$art/late-1/out/part" ] && [ ! -e "$art/late-1/out/first.txt" ] &&
	ok "a job keeps only its own artifact paths" ||
	not_ok "a job kept artifacts that are not its own"

run_ci "$scratch/good.yml" "WHO=pipeline BASE=6.1" || true
[ "$(cat "$art/first-1/out/first.txt" 2>/dev/null)" = "pipeline 6.1 none" ] &&
	ok "CI_VARIABLES override the file's variables, as pipeline variables do" ||
	not_ok "with CI_VARIABLES the first job saw '$(cat "$art/first-1/out/first.txt" 2>/dev/null)'"

sed 's/^  script: \["cat out/  script: ["false", "cat out/' "$scratch/good.yml" > "$scratch/late-fails.yml"
sed 's/echo \\"\$CI_NODE_INDEX/test $CI_NODE_INDEX != 2 \&\& echo \\"$CI_NODE_INDEX/' \
	"$scratch/good.yml" > "$scratch/part-fails.yml"
if run_ci "$scratch/part-fails.yml"; then
	not_ok "a pipeline with a failing job passed"
else
	grep -q "^not ok - part 2/3: .* exited 1" "$scratch/log" &&
		grep -q "^not ok - late: not run, it needs part, which failed" "$scratch/log" &&
		grep -q "^ok - part 3/3" "$scratch/log" &&
		grep -q "^ok - part-alone" "$scratch/log" && [ "$(tail -n 1 "$scratch/log")" = "4 passed, 2 failed" ] &&
		ok "a failing job fails the pipeline, names its command, and the jobs that need it are not run" ||
		{ not_ok "a failing job was not reported as it should be"; sed 's/^/    /' "$scratch/log"; }
fi
expect_fail "a command that fails is named with its exit code" "'false' exited 1" \
	env CI_FILE="$scratch/late-fails.yml" "$PROJECT/tools/ci-local"
[ ! -e "$art/late-1/out/note.txt" ] &&
	ok "a failed job keeps no artifacts by default" ||
	not_ok "a failed job kept its artifacts without \"when: always\""
sed 's/^  artifacts: {paths: \[out\/all.txt/  artifacts: {when: always, paths: [out\/all.txt/; s/"false", "cat out/"echo kept > out\/note.txt", "false", "cat out/' \
	"$scratch/late-fails.yml" > "$scratch/late-fails-kept.yml"
run_ci "$scratch/late-fails-kept.yml" || true
[ "$(cat "$art/late-1/out/note.txt" 2>/dev/null)" = kept ] && grep -q "^not ok - late: .*; 1 artifact paths kept" "$scratch/log" &&
	ok "a failed job with \"artifacts: when: always\" keeps them" ||
	{ not_ok "a failed job with \"when: always\" did not keep its artifacts"; sed 's/^/    /' "$scratch/log" | tail -n 5; }

printf 'stages: [a]\nj:\n  stage: a\n  script: ["true"]\n  rules: [{if: "$X"}]\n' > "$scratch/rules.yml"
expect_fail "a key it cannot run as GitLab would is refused by name" \
	'rules.yml: job j: "rules" is not run by make ci-local' env CI_FILE="$scratch/rules.yml" "$PROJECT/tools/ci-local"
printf 'stages: [a, b]\nj:\n  stage: a\n  needs: [k]\n  script: ["true"]\nk:\n  stage: b\n  script: ["true"]\n' > "$scratch/needs.yml"
expect_fail "needing a job of a later stage is refused" 'job j: needs "k", which does not run in an earlier stage' \
	env CI_FILE="$scratch/needs.yml" "$PROJECT/tools/ci-local"
printf 'stages: [a]\nj:\n  stage: a\n  script: [true\n' > "$scratch/broken.yml"
expect_fail "a file that is not YAML is named with its line" 'broken.yml:[0-9]+: not YAML' \
	env CI_FILE="$scratch/broken.yml" "$PROJECT/tools/ci-local"
expect_fail "a missing file is named" 'nothing.yml: no such file' \
	env CI_FILE="$scratch/nothing.yml" "$PROJECT/tools/ci-local"
expect_fail "CI_VARIABLES that are not NAME=VALUE are refused" "CI_VARIABLES: 'oops' is not NAME=VALUE" \
	env CI_FILE="$scratch/good.yml" CI_VARIABLES=oops "$PROJECT/tools/ci-local"

# The project's own definition reads, with the jobs the README shows.
plan=$(python3 "$PROJECT/tools/lib/ci-jobs" "$PROJECT/.gitlab-ci.yml")
[ "$(grep -oE '^job [a-z-]+ [0-9]+ [0-9]+' <<< "$plan" | cut -d' ' -f2-4 | tr '\n' ',')" = \
	"mutants-kernel 1 1,mutants 1 2,mutants 2 2,matrix 1 2,matrix 2 2,presubmit 1 1,export 1 1,rfc 1 1,kasan 1 1,tree 1 1,merge 1 1," ] &&
	ok "the project's .gitlab-ci.yml: one build, two mutant parts, two matrix parts, presubmit, export, rfc, kasan, tree, one merge" ||
	not_ok "the project's .gitlab-ci.yml has other jobs: $(grep -oE '^job [a-z-]+ [0-9]+ [0-9]+' <<< "$plan" | tr '\n' ',')"
# The README shows the same definition, without its comments.
readme_yaml=$(awk '/The GitLab CI definition that does so is/ { want = 1 }
	want && /^  ```yaml$/ { on = 1; next }
	on && /^  ```$/ { exit }
	on { sub(/^  /, ""); print }' "$PROJECT/README.md")
if [ -n "$readme_yaml" ] && [ "$readme_yaml" = "$(grep -v '^#' "$PROJECT/.gitlab-ci.yml")" ]; then
	ok "the README shows .gitlab-ci.yml as it is"
else
	not_ok "the README's CI definition is not .gitlab-ci.yml:"
	diff <(echo "$readme_yaml") <(grep -v '^#' "$PROJECT/.gitlab-ci.yml") | sed -n '1,10s/^/    /p'
fi
finish
