# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The report of "make mutants" and of "make merge"; sourced, not run.

# mutants_report OUT COMMIT BASE VERSION [TIMING]: one line per mutant of
# ids[] (tools/lab/report/mutants_lines.py), the counts
# and the 95 % verdict, into OUT/mutants.txt and on stdout.  TIMING is a
# line about the run's times.  VERSION is the base's package version:
# "make merge" may run where the base is not installed.  Returns 1 below
# 95 % unless MUTANTS_ENFORCE=0.
mutants_report() {
	local out=$1 commit=$2 base=$3 version=$4 timing=${5:-}
	# shellcheck disable=SC2154 # ids[] is the caller's
	python3 "$PROJECT/tools/lab/report/mutants_lines.py" "$out" \
		"$PROJECT/tools/lab/mutants-equivalent.txt" "${ids[@]}" > "$out/mutants.txt"
	cat "$out/mutants.txt"
	if [ "${MUTANTS_FAIL_FAST:-1}" = 0 ]; then
		python3 "$PROJECT/tools/lab/report/mutants_cases.py" "$out" "${ids[@]}" > "$out/cases.txt"
		echo "which mutants turned each case red: $out/cases.txt"
	fi
	local killed survived equivalent
	killed=$(grep -c '^killed ' "$out/mutants.txt" || true)
	survived=$(grep -c '^survived ' "$out/mutants.txt" || true)
	equivalent=$(grep -c '^equivalent ' "$out/mutants.txt" || true)
	{
		echo "linux-source-$base $version${commit:+, tree $commit}"
		[ -n "$timing" ] && echo "$timing"
		echo "$killed killed, $survived survived, $equivalent equivalent"
	} | tee -a "$out/mutants.txt"
	if [ $((killed * 100)) -ge $(( (killed + survived) * 95 )) ]; then
		echo "1 passed, 0 failed" | tee -a "$out/mutants.txt"
	elif [ "${MUTANTS_ENFORCE:-1}" = 0 ]; then
		echo "kill ratio below 95 %: $killed of $((killed + survived)) (not enforced)" |
			tee -a "$out/mutants.txt"
		echo "1 passed, 0 failed" | tee -a "$out/mutants.txt"
	else
		echo "kill ratio below 95 %: $killed of $((killed + survived))" | tee -a "$out/mutants.txt"
		echo "0 passed, 1 failed" | tee -a "$out/mutants.txt"
		return 1
	fi
}
