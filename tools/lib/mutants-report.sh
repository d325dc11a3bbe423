# SPDX-License-Identifier: GPL-2.0
#
# The report of "make mutants" and of "make merge"; sourced, not run.

# mutants_report OUT COMMIT BASE VERSION [TIMING]: one line per mutant of ids[]
# from OUT/smp.list, OUT/paravirt.list and OUT/runs/ID.json, the counts
# and the 95 % verdict, into OUT/mutants.txt and on stdout.  TIMING is a
# line about the run's times.  VERSION is the base's package version:
# "make merge" may run where the base is not installed.  Returns 1 below 95 % unless
# MUTANTS_ENFORCE=0.
mutants_report() {
	local out=$1 commit=$2 base=$3 version=$4 timing=${5:-}
	: > "$out/mutants.txt"
	local killed=0 survived=0 equivalent=0 id func line kind what by reason result
	local -A chosen=()
	for id in "${ids[@]}"; do
		chosen[$id]=1
	done
	while IFS=$'\t' read -r id func line kind what; do
		[ -n "${chosen[$id]:-}" ] || continue
		reason=$(awk -F'\t' -v f="$func" -v w="$what" '$1 == f && $2 == w { print $3; exit }' \
			"$PROJECT/tools/mutants-equivalent.txt")
		by=$( { python3 "$PROJECT/tools/report/failed_cases.py" "$out/runs/$id.json" || true; } |
			paste -sd' ')
		[ "$by" = "no results" ] && by="a crash or hang (no KUnit results; $out/runs/$id.log)"
		if [ -n "$reason" ]; then
			equivalent=$((equivalent + 1))
			result="equivalent $id $func:$line $kind: $what: $reason${by:+ (but killed by $by)}"
		elif [ -n "$by" ]; then
			killed=$((killed + 1))
			result="killed $id $func:$line $kind: $what: by $by"
		else
			survived=$((survived + 1))
			result="survived $id $func:$line $kind: $what"
		fi
		echo "$result" | tee -a "$out/mutants.txt"
	done < <(cat "$out/smp.list" "$out/paravirt.list")

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
