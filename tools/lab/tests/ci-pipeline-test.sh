#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The project's .gitlab-ci.yml, run by "make ci-local" (gitlab-ci-local)
# on one base with a sample of the mutants: every job must pass, and the
# reports its merge job keeps must equal those of "make mutants" and
# "make matrix" run unsharded on a fresh clone, but for their timing
# lines.  Builds kernels: not a host test.
#
#   CI_BASE (6.12)             the base of the pipeline
#   CI_MUTANTS_EVERY (16)      the sample of mutants, as MUTANTS_EVERY
#   CI_EXTRA_VARIABLES         more pipeline variables, for both runs
#                              (MATRIX_FROM=2, say)

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/../../tests/lib.sh"
. "$here/../../lib/common.sh"
. "$PROJECT/tools/lib/shard.sh"

base=${CI_BASE:-6.12}
every=${CI_MUTANTS_EVERY:-16}
check_base "$base"
scratch=$(mktemp -d /tmp/ppc-kunit-ci-pipeline-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
# The sample's kill ratio is reported, not held to the 95 % of a full run.
vars="BASE=$base MUTANTS_EVERY=$every MUTANTS_ENFORCE=0 ${CI_EXTRA_VARIABLES:-}"

# Each run on a fresh clone of HEAD, as a runner checks the commit out.
git clone -q "$PROJECT" "$scratch/pipeline"
say "ci-pipeline: make ci-local CI_VARIABLES=\"$vars\""
if make -s -C "$scratch/pipeline" ci-local CI_VARIABLES="$vars" 2>&1 | tee "$scratch/ci.log"; then
	ok "make ci-local runs .gitlab-ci.yml on $base: $(grep -c '^ PASS ' "$scratch/ci.log") jobs passed"
else
	not_ok "make ci-local on $base: $(grep '^ FAIL ' "$scratch/ci.log" | xargs)"
fi
merged=$scratch/pipeline/.gitlab-ci-local/artifacts/merge/out

# The same work unsharded, as the one job of a definition of its own,
# so that it gets the copy and the clean environment the pipeline's
# jobs have.
say "ci-pipeline: the same work unsharded, on a fresh clone"
git clone -q "$PROJECT" "$scratch/whole"
cat > "$scratch/whole/.gitlab-ci.yml" <<'YML'
stages: [whole]
unsharded:
  stage: whole
  script: [make mutants, make matrix]
  artifacts: {when: always, paths: ["out/mutants/$BASE/mutants.txt", "out/matrix/$BASE/matrix.txt"]}
YML
make -s -C "$scratch/whole" ci-local CI_VARIABLES="$vars" > "$scratch/whole.log" 2>&1 ||
	not_ok "make mutants and make matrix unsharded failed:
$(tail -n 15 "$scratch/whole.log")"
whole=$scratch/whole/.gitlab-ci-local/artifacts/unsharded/out

for report in mutants/$base/mutants.txt matrix/$base/matrix.txt; do
	if [ ! -f "$merged/$report" ]; then
		not_ok "the merge job kept no $report"
	elif [ ! -f "$whole/$report" ]; then
		not_ok "the unsharded run wrote no $report"
	elif d=$(diff <(report_body "$whole/$report") <(report_body "$merged/$report")); then
		ok "the pipeline's merged $report equals the unsharded one: $(grep -E '^[0-9]+ (passed|killed)' "$merged/$report" | tail -n 1)"
	else
		not_ok "the pipeline's merged $report differs from the unsharded one:"
		sed -n '1,20s/^/    /p' <<< "$d"
	fi
done
finish
