#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The project's .gitlab-ci.yml, run by "make ci-local" on one base with a
# sample of the mutants: every job must pass, and the reports its merge
# job keeps must equal those of "make mutants" and "make matrix" run
# unsharded on a fresh clone, but for their timing lines.
#
#   CI_BASE (6.12)             the base of the pipeline
#   CI_MUTANTS_EVERY (16)      the sample of mutants, as MUTANTS_EVERY
#   CI_EXTRA_VARIABLES         more pipeline variables, for both runs
#                              (MATRIX_FROM=2, say)

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"
. "$PROJECT/tools/lib/shard.sh"

base=${CI_BASE:-6.12}
every=${CI_MUTANTS_EVERY:-16}
check_base "$base"
scratch=$(mktemp -d /tmp/ppc-kunit-ci-pipeline-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
# The sample's kill ratio is reported, not held to the 95 % of a full run.
vars="BASE=$base MUTANTS_EVERY=$every MUTANTS_ENFORCE=0 ${CI_EXTRA_VARIABLES:-}"

say "ci-pipeline: make ci-local CI_VARIABLES=\"$vars\""
if PPC_KUNIT_OUT_ROOT=$scratch/out CI_VARIABLES=$vars "$PROJECT/tools/ci-local" 2>&1 | tee "$scratch/ci.log"; then
	ok "make ci-local runs .gitlab-ci.yml on $base: $(tail -n 1 "$scratch/ci.log")"
else
	not_ok "make ci-local on $base: $(tail -n 1 "$scratch/ci.log")"
fi
merged=$scratch/out/ci-local/artifacts/merge-1/out

# The same work unsharded, as one job of its own definition: make
# ci-local gives it the fresh clone and the clean environment the
# pipeline's jobs have.
say "ci-pipeline: the same work unsharded, on a fresh clone"
cat > "$scratch/unsharded.yml" <<'YML'
stages: [whole]
unsharded:
  stage: whole
  script: [make mutants, make matrix]
  artifacts: {when: always, paths: ["out/mutants/$BASE/mutants.txt", "out/matrix/$BASE/matrix.txt"]}
YML
PPC_KUNIT_OUT_ROOT=$scratch/whole CI_FILE=$scratch/unsharded.yml CI_VARIABLES=$vars \
	"$PROJECT/tools/ci-local" > "$scratch/whole.log" 2>&1 ||
	not_ok "make mutants and make matrix unsharded failed:
$(grep -A 15 '^not ok - ' "$scratch/whole.log")"
whole=$scratch/whole/ci-local/artifacts/unsharded-1/out

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
