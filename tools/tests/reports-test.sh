#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of the reports run-kunit writes beside results.json: from a
# hand-written kunit.py result with passing, failing, skipped, crashed and
# parameterized cases and its KTAP log, tools/report/junit.py and kcidb.py must write what
# JUnit XML and KCIDB v5 require (tools/report/check_formats.py, KCIDB
# with python3-jsonschema and tools/report/kcidb-v5.schema.json) with the
# right counts and statuses, and the checker must refuse reports that
# break those rules.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

report=$PROJECT/tools/report
in=$here/reports
scratch=$(mktemp -d /tmp/reports-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

python3 "$report/junit.py" "$in/results.json" "$in/metadata.txt" "$in/ktap.log" "$scratch/junit.xml"
python3 "$report/kcidb.py" "$in/results.json" "$in/metadata.txt" \
	"$PATCH_ROOT/6.1/$(seam_patches 6.1 | sed -n 1p)" "$scratch/kcidb.json"

expect_ok "the JUnit XML has what JUnit requires" \
	"$report/check_formats.py" junit "$scratch/junit.xml"
expect_ok "the KCIDB report has what KCIDB v5 requires" \
	"$report/check_formats.py" kcidb "$scratch/kcidb.json"

# q FILE EXPR: evaluate a Python expression over the parsed report.
q() {
	python3 -c "import json, sys, xml.etree.ElementTree as ET
f = sys.argv[1]
r = ET.parse(f).getroot() if f.endswith('.xml') else json.load(open(f))
print($2)" "$1"
}
expect_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: got '$2', wanted '$3'"; fi
}

expect_eq "JUnit: 6 results, one per case and per parameter" \
	"$(q "$scratch/junit.xml" "r.get('tests')")" 6
expect_eq "JUnit: the failed and the crashed case are failures" \
	"$(q "$scratch/junit.xml" "r.get('failures')")" 3
expect_eq "JUnit: the skipped case is skipped" \
	"$(q "$scratch/junit.xml" "r.get('skipped')")" 1
expect_eq "JUnit: a parameter is named case[parameter]" \
	"$(q "$scratch/junit.xml" "[c.get('name') for c in r.iter('testcase')][3]")" \
	"by_machine[p10-shared-768]"
# failure_text NAME: the text of the <failure> of the testcase NAME.
failure_text() {
	q "$scratch/junit.xml" "[c.find('failure').text for c in r.iter('testcase') if c.get('name') == '$1'][0]"
}
expect_eq "JUnit: a failed case carries its assertion lines from the KTAP log" \
	"$(failure_text fails | sed -n '1p;5p')" \
	"$(printf '%s\n' '# fails: EXPECTATION FAILED at arch/powerpc/kernel/topology_kunit/topology_test.c:120' \
		'shared, big cores, shared caches, no coregroups: level 1 (CACHE) flags 0x100, expected 0x500')"
expect_eq "JUnit: a failed parameter carries the lines before its own result, not its neighbour's" \
	"$(failure_text 'by_machine[dedicated, big cores, no shared caches]' | grep -c 'EXPECTATION\|ASSERTION') $(failure_text 'by_machine[dedicated, big cores, no shared caches]' | tail -n 1)" \
	"1 dedicated, big cores, no shared caches: CPU 8 level SMT span 8-11, expected 8,10,12,14"
expect_eq "JUnit: a crashed case carries the kernel's last lines" \
	"$(failure_text crashed)" "Kernel panic - not syncing: Fatal exception"
expect_eq "KCIDB: statuses in order" \
	"$(q "$scratch/kcidb.json" "' '.join(t['status'] for t in r['tests'])")" \
	"PASS FAIL SKIP PASS FAIL ERROR"
expect_eq "KCIDB: a parameter with spaces and commas becomes a path part" \
	"$(q "$scratch/kcidb.json" "r['tests'][4]['path']")" \
	"suite_a.by_machine.dedicated_big_cores_no_shared_caches"
expect_eq "KCIDB: the build names the CPU and the RFC" \
	"$(q "$scratch/kcidb.json" "r['builds'][0]['id'].split('-', 2)[2]")" "power9-mc-llc"
expect_eq "KCIDB: the checkout names the pristine commit" \
	"$(q "$scratch/kcidb.json" "r['checkouts'][0]['git_commit_hash']")" \
	"ac41ac7e0f3b8bcde0a5c0e4a47c6b2a0b6fd2e1"

# make run TREE=: the checkout is the user's tree at its HEAD.
{
	echo "tree: /home/dev/linux-powerpc at 1111111111111111111111111111111111111111 (6.13.0-rc1), with the seam of base 6.12"
	grep -v '^base:\|^pristine:' "$in/metadata.txt"
} > "$scratch/tree-metadata.txt"
python3 "$report/kcidb.py" "$in/results.json" "$scratch/tree-metadata.txt" "$scratch/tree-kcidb.json"
expect_ok "the KCIDB report of a TREE= run has what KCIDB v5 requires" \
	"$report/check_formats.py" kcidb "$scratch/tree-kcidb.json"
expect_eq "KCIDB: a TREE= run's checkout is the user's tree at its HEAD" \
	"$(q "$scratch/tree-kcidb.json" "' '.join(r['checkouts'][0][k] for k in ('tree_name', 'git_commit_hash', 'id'))")" \
	"linux-powerpc 1111111111111111111111111111111111111111 ppc_topology_kunit:111111111111-pristine"

# The checker itself must fail on reports that break the rules.
python3 - "$scratch" <<'PY'
import json, sys
d = sys.argv[1]
r = json.load(open(f'{d}/kcidb.json'))
del r['tests'][0]['build_id']
json.dump(r, open(f'{d}/no-build-id.json', 'w'))
r = json.load(open(f'{d}/kcidb.json'))
r['tests'][1]['status'] = 'OK'
r['tests'][2]['path'] = 'a b'
json.dump(r, open(f'{d}/bad-status-path.json', 'w'))
r = json.load(open(f'{d}/kcidb.json'))
r['builds'][0]['id'] = 'other:x'
json.dump(r, open(f'{d}/bad-origin.json', 'w'))
r = json.load(open(f'{d}/kcidb.json'))
r['tests'][0]['result'] = 'PASS'
json.dump(r, open(f'{d}/extra.json', 'w'))
x = open(f'{d}/junit.xml').read().replace('failures="3"', 'failures="2"', 1)
open(f'{d}/bad-count.xml', 'w').write(x)
PY
expect_fail "the checker refuses a test without build_id" "tests\\[0\\]: 'build_id' is a required property" \
	"$report/check_formats.py" kcidb "$scratch/no-build-id.json"
expect_fail "the checker refuses a status KCIDB does not have" "tests\\[1\\].status: 'OK' is not one of" \
	"$report/check_formats.py" kcidb "$scratch/bad-status-path.json"
expect_fail "the checker refuses a test path with a space" "tests\\[2\\].path: 'a b' does not match" \
	"$report/check_formats.py" kcidb "$scratch/bad-status-path.json"
expect_fail "the checker refuses an id that does not start with its origin" \
	'builds\[0\]: id "other:x" does not start with its origin' \
	"$report/check_formats.py" kcidb "$scratch/bad-origin.json"
expect_fail "the checker refuses a property KCIDB's schema does not have" \
	"tests\\[0\\]: Additional properties are not allowed \\('result' was unexpected\\)" \
	"$report/check_formats.py" kcidb "$scratch/extra.json"
expect_fail "the checker refuses JUnit counts that do not add up" 'failures="2", its suites have 3' \
	"$report/check_formats.py" junit "$scratch/bad-count.xml"

# The summary counts the kernel's bug reports printed while the suites
# ran, named with the case running, and only those.
expect_fail "the summary counts a BUG: printed while a suite ran as a failure" \
	'FAILED kernel report while powerpc_vcpu_preempted ran: BUG: using smp_processor_id\(\) in preemptible' \
	python3 "$report/kunit_summary.py" "$in/results-pass.json" "$in/console-splat.log"
expect_eq "the summary line counts the report once" \
	"$(python3 "$report/kunit_summary.py" "$in/results-pass.json" "$in/console-splat.log" 2> /dev/null || true)" \
	"1 passed, 1 failed, 0 skipped"
expect_ok "the summary leaves out what the kernel printed before the suites started" \
	python3 "$report/kunit_summary.py" "$in/results-pass.json" "$in/console-clean.log"
expect_fail "the summary counts a case's kthread that exits with a preempt count left over" \
	'FAILED kernel report while powerpc_topology ran: note: kunit_try_catch\[49\] exited with preempt_count -1' \
	python3 "$report/kunit_summary.py" "$in/results-pass.json" "$in/console-exit-note.log"

# Warnings are failures too, each named with the case (and parameter)
# whose result line follows it and the code it points at; a case that
# announced the warning it provokes has it, and fails without it.
warn_out=$(python3 "$report/kunit_summary.py" "$in/results-pass.json" "$in/console-warnings.log" 2>&1 || true)
expect_eq "the summary counts every unexpected report and every missing expected one" \
	"$(tail -n1 <<< "$warn_out")" "1 passed, 4 failed, 0 skipped"
expect_eq "a WARN() splat inside a parameterized case names the parameter and the file and line" \
	"$(grep -c '^FAILED kernel report while powerpc_topology.topology_fixture_domains.p10-shared-320 ran: WARNING: kernel/sched/topology.c:2412 at build_sched_domains.* \[at kernel/sched/topology.c:2412\]$' <<< "$warn_out")" 1
expect_eq "a warning the case announced is not counted" \
	"$(grep -c 'topology_expects_warning\|arch/powerpc/kernel/smp.c' <<< "$warn_out")" 0
expect_eq "an announced warning that did not come fails the case that announced it" \
	"$(grep -c '^FAILED kernel report while powerpc_topology.topology_absent_warning ran: the kernel warning the case expects did not come: kernel/sched/topology.c$' <<< "$warn_out")" 1
expect_eq "sleeping in atomic context is a failure of the case that did it" \
	"$(grep -c '^FAILED kernel report while powerpc_topology.topology_sleeps ran: BUG: sleeping function called from invalid context' <<< "$warn_out")" 1
expect_eq "a lockdep report after a suite's last case is the suite's" \
	"$(grep -c '^FAILED kernel report while powerpc_topology ran: WARNING: possible circular locking' <<< "$warn_out")" 1
expect_eq "what the kernel warned before the suites started is not counted" \
	"$(grep -c 'nvram' <<< "$warn_out")" 0
# Consoles of several boots one after the other (ISOLATED=): what a boot
# prints before its KTAP is not the previous boot's last case's.
{
	for boot in 1 2; do
		echo "[    0.000000] Linux version 7.3.4 (builder) #$boot SMP"
		cat "$in/console-clean.log"
	done
	printf '%s\n' '[    0.000000] Linux version 7.3.4 (builder) #3 SMP' \
		'[    0.840390] WARNING: nvram corruption detected: 0-length partition' \
		'[    1.459775] KTAP version 1' '[    1.460205]     # Subtest: powerpc_topology' \
		'[    1.530000] WARNING: kernel/sched/topology.c:9 at f+0x1/0x2, CPU#0: kunit_try_catch/6' \
		'[    1.620330]     ok 1 topology_levels_by_state' '[    3.537689] ok 1 powerpc_topology'
} > "$scratch/boots.log"
boots=$(python3 "$report/kunit_summary.py" "$in/results-pass.json" "$scratch/boots.log" 2>&1 || true)
expect_eq "several boots: a boot's own bring-up warning is not counted, its case's is, once" \
	"$(grep -c '^FAILED' <<< "$boots") $(grep -c 'nvram' <<< "$boots") $(grep -c 'while powerpc_topology.topology_levels_by_state ran: WARNING: kernel/sched/topology.c:9' <<< "$boots")" \
	"1 0 1"
echo 'FAILED kernel report while powerpc_topology.topology_fixture_domains.p10-shared-320 ran: WARNING: kernel/sched/topology.c:2412 at build_sched_domains+0x5d4/0x1a70' \
	> "$scratch/run-case.log"
expect_eq "first_failure.py: a kernel report while a case of the glob ran" \
	"$(python3 "$report/first_failure.py" "$in/results-pass.json" /dev/null "$scratch/run-case.log" 'powerpc_topology.topology_fixture_*')" \
	"powerpc_topology.topology_fixture_domains.p10-shared-320 (kernel report): WARNING: kernel/sched/topology.c:2412 at build_sched_domains+0x5d4/0x1a70"
expect_fail "first_failure.py: not a report while another case ran" '^$' \
	python3 "$report/first_failure.py" "$in/results-pass.json" /dev/null "$scratch/run-case.log" 'powerpc_topology.topology_levels*'

# ISOLATED= joins a boot's results per case: split the saved run into a
# part per case (a suite's cases in separate parts, as separate boots
# give them), join them, and every case keeps its status, in order.
python3 - "$in/results.json" "$scratch" <<'SPLIT'
import json, sys
r = json.load(open(sys.argv[1]))
n = 0
for suite in r['sub_groups']:
	for key in ('test_cases', 'sub_groups'):
		for case in suite.get(key, []):
			n += 1
			part = dict(r, sub_groups=[dict(suite, test_cases=[], sub_groups=[])])
			part['sub_groups'][0][key] = [case]
			json.dump(part, open(f'{sys.argv[2]}/part-{n:04d}.json', 'w'))
SPLIT
python3 "$report/join_results.py" "$scratch"/part-*.json > "$scratch/joined.json"
expect_eq "join_results.py: a part per case joins into the run's results, in order" \
	"$(python3 "$report/case_statuses.py" "$scratch/joined.json" | md5sum)" \
	"$(python3 "$report/case_statuses.py" "$in/results.json" | md5sum)"
expect_eq "join_results.py: each suite once" \
	"$(python3 -c 'import json, sys; print(" ".join(s["name"] for s in json.load(open(sys.argv[1]))["sub_groups"]))' "$scratch/joined.json")" \
	"suite_a suite_b"
expect_fail "join_results.py: an unreadable part fails" "no usable kunit.py results" \
	python3 "$report/join_results.py" "$scratch/joined.json" /dev/null

# The first failure of the cases a glob selects, for make regressions.
expect_eq "first_failure.py: the first failed case of the glob, with its message" \
	"$(python3 "$report/first_failure.py" "$in/results.json" "$in/ktap.log" /dev/null 'suite_a.by*')" \
	"suite_a.by_machine[dedicated, big cores, no shared caches]: dedicated, big cores, no shared caches: CPU 8 level SMT span 8-11, expected 8,10,12,14"
echo 'FAILED kernel report while powerpc_vcpu_preempted ran: BUG: using smp_processor_id() in preemptible' \
	> "$scratch/run.log"
expect_eq "first_failure.py: a kernel report while the glob's suite ran" \
	"$(python3 "$report/first_failure.py" "$in/results-pass.json" /dev/null "$scratch/run.log" 'powerpc_vcpu_preempted')" \
	"powerpc_vcpu_preempted (kernel report): BUG: using smp_processor_id() in preemptible"
expect_fail "first_failure.py: nothing when no case of the glob failed" '^$' \
	python3 "$report/first_failure.py" "$in/results.json" "$in/ktap.log" /dev/null 'suite_a.passes'

# make smp-check's verdict on one boot: the init's lines, reports up to
# power-off, the timeout.
smp() {
	{
		cat "$in/console-clean.log"
		printf '%s\n' "$@"
	} > "$scratch/smp.log"
}
smp 'smp-check: results powerpc_vcpu_preempted: 900 bytes, 0 not ok' \
	'smp-check: done: 1 suites read, 0 run again, 0 unreadable'
expect_ok "smp_check.py: a boot whose init read every results file and finished" \
	python3 "$report/smp_check.py" "-smp 8" 0 "$in/results-pass.json" "$scratch/smp.log"
expect_fail "smp_check.py: the timeout fails the boot" 'FAILED QEMU killed on the timeout' \
	python3 "$report/smp_check.py" "-smp 8" 124 "$in/results-pass.json" "$scratch/smp.log"
smp 'smp-check: results powerpc_vcpu_preempted: 900 bytes, 0 not ok'
expect_fail "smp_check.py: an init that did not finish fails the boot" 'the init did not finish' \
	python3 "$report/smp_check.py" "-smp 8" 0 "$in/results-pass.json" "$scratch/smp.log"
smp 'smp-check: results powerpc_vcpu_preempted: 900 bytes, 0 not ok' \
	'BUG: KASAN: slab-use-after-free in debugfs_print_results+0x1c/0x2a0' \
	'smp-check: done: 1 suites read, 0 run again, 0 unreadable'
expect_fail "smp_check.py: a KASAN report while the init reads debugfs fails the boot" \
	'FAILED kernel report while debugfs ran: BUG: KASAN: slab-use-after-free' \
	python3 "$report/smp_check.py" "-smp 8" 0 "$in/results-pass.json" "$scratch/smp.log"
smp 'WARNING: possible circular locking dependency detected' \
	'smp-check: done: 1 suites read, 0 run again, 0 unreadable'
expect_fail "smp_check.py: a lockdep WARNING while a suite ran fails the boot, the suite named" \
	'FAILED kernel report while powerpc_vcpu_preempted ran: WARNING: possible circular locking' \
	python3 "$report/smp_check.py" "-smp 8" 0 "$in/results-pass.json" "$scratch/smp.log"
smp 'KTAP version 1' '    # Subtest: kunit_fault' 'Oops: Kernel access of bad area, sig: 7 [#1]' \
	'ok 3 kunit_fault' 'smp-check: done: 2 suites read, 0 run again, 0 unreadable'
expect_ok "smp_check.py: a report while another subsystem's suite ran is listed, not counted" \
	python3 "$report/smp_check.py" "-smp 1" 0 "$in/results-pass.json" "$scratch/smp.log"
smp 'smp-check: not ok in kasan: not ok 63 kasan_strings' 'smp-check: results kasan: 3700 bytes, 1 not ok' \
	'smp-check: done: 1 suites read, 0 run again, 0 unreadable'
expect_ok "smp_check.py: a failure in another subsystem's results file is not the series'" \
	python3 "$report/smp_check.py" "-smp 8" 0 "$in/results-pass.json" "$scratch/smp.log"
smp 'smp-check: not ok in powerpc_vcpu_preempted: not ok 1 vcpu_preempted_dedicated' \
	'smp-check: rerun powerpc_vcpu_preempted: 900 bytes, 1 not ok' \
	'smp-check: done: 1 suites read, 1 run again, 0 unreadable'
expect_fail "smp_check.py: a failure in a results file read after boot fails the boot" \
	'FAILED debugfs: not ok in powerpc_vcpu_preempted' \
	python3 "$report/smp_check.py" "-smp 8" 0 "$in/results-pass.json" "$scratch/smp.log"

# new_warnings.py: make build-matrix's judge of a row's W=1 build.  A
# series that adds lines 10-12 of smp.c and creates a 3-line file.
cat > "$scratch/series.diff" << 'EOF'
diff --git a/arch/powerpc/kernel/smp.c b/arch/powerpc/kernel/smp.c
--- a/arch/powerpc/kernel/smp.c
+++ b/arch/powerpc/kernel/smp.c
@@ -9,0 +10,3 @@ static int x;
+int a;
+int b;
+int c;
diff --git a/arch/powerpc/kernel/topology_kunit/new.c b/arch/powerpc/kernel/topology_kunit/new.c
--- /dev/null
+++ b/arch/powerpc/kernel/topology_kunit/new.c
@@ -0,0 +1,3 @@
+int d;
+int e;
+int f;
EOF
printf '%s\n' "/tree/arch/powerpc/kernel/smp.c:40:5: warning: no previous prototype for 'g' [-Wmissing-prototypes]" \
	"/tree/arch/powerpc/platforms/pseries/lpar.c:2024:36: error: '%ld' directive writing [-Werror=format-overflow=]" \
	> "$scratch/base.log"
expect_ok "new_warnings.py: warnings at lines the series did not add are the base's" \
	python3 "$report/new_warnings.py" "$scratch/series.diff" "$scratch/base.log"
printf '%s\n' "/tree/arch/powerpc/kernel/smp.c:11:5: warning: no previous prototype for 'b' [-Wmissing-prototypes]" \
	> "$scratch/new.log"
expect_fail "new_warnings.py: a warning at a line the series adds fails the row" \
	"new: /tree/arch/powerpc/kernel/smp.c:11:5" \
	python3 "$report/new_warnings.py" "$scratch/series.diff" "$scratch/new.log"
printf '%s\n' "arch/powerpc/kernel/topology_kunit/new.c:3:5: error: redefinition of 'f'" > "$scratch/new.log"
expect_fail "new_warnings.py: an error in a file the series creates fails the row" \
	"new: arch/powerpc/kernel/topology_kunit/new.c:3:5" \
	python3 "$report/new_warnings.py" "$scratch/series.diff" "$scratch/new.log"

finish
