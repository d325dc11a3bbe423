#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/report/review.py, the report of "make review", on saved results:
# a synthetic pair of runs that differ in one case, one machine's LLC and
# one truth table (and share a case that fails on both), one whose table
# answers differently with the same counts, the same run against itself, a run without results, and the saved runs of a real
# posting's review (tools/tests/reviews/steal-time-14/); and
# tools/lib/series-kconfig, which finds the Kconfig options a series
# adds and the files it changes that the kernel with it does not build,
# on a small tree and build directory made here.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

review=$PROJECT/tools/report/review.py
data=$here/reviews
scratch=$(mktemp -d /tmp/ppc-kunit-review.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# expect_lines WHAT FILE LINE...: every LINE is a line of FILE.
expect_lines() {
	local what=$1 file=$2 line missing=
	shift 2
	for line in "$@"; do
		grep -qxF -- "$line" "$file" || missing="$missing
    $line"
	done
	if [ -z "$missing" ]; then
		ok "$what"
	else
		not_ok "$what; missing:$missing"
		sed 's/^/    | /' "$file"
	fi
}

set +e
python3 "$review" --json "$scratch/s.json" base="$data/synthetic/base" \
	after="$data/synthetic/after" > "$scratch/s.txt"
rc=$?
set -e
[ $rc = 1 ] && ok "a series that changes something exits 1" || not_ok "exit $rc, not 1, for a change"
expect_lines "the changed case, and the case red on both sides apart" "$scratch/s.txt" \
	"    powerpc_vcpu_preempted.vcpu_preempted_dedicated: PASS -> FAIL" \
	"  failing without the series too, not its doing (1):" \
	"    powerpc_topology.topology_fixture_masks[p9-bigcore-64]: FAIL"
expect_lines "the machine whose LLC changed, field by field, and the unchanged one on a line" \
	"$scratch/s.txt" "  tiny/shared:" "    llc: 1 CPUs differ; CPU 1: 0-1 -> 1" \
	"    llc_size: 1 CPUs differ; CPU 1: 2 -> 1" \
	"  topology unchanged on 1 machines: tiny/dedicated"
expect_lines "the truth-table rows by rule, with an example" "$scratch/s.txt" \
	"    [H3] dedicated processors are never preempted: 6 rows in 2 tables" \
	"      e.g. SMT4 dedicated, caller CPU 0 on another core, target CPU 16: threads 16:P(target) 17:D 18:D 19:D: the model says not preempted, this kernel preempted"
if python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); s = r["steps"][0]; sys.exit(not (s["changed"] and s["cases_changed"][0]["after"] == "FAIL" and s["vcpu_rules"]))' "$scratch/s.json"; then
	ok "the JSON holds the same step"
else
	not_ok "the JSON does not say what the text says"
fi

# make live's shapes booted with each kernel (REVIEW_LIVE): a shape the
# patch turns red is a changed case, with the first thing it found (the
# real matrices of make review REVIEW_LIVE=1 of regression 17 on 7.3).
for run in base after; do
	cp -r "$data/synthetic/$run" "$scratch/live-$run"
	mkdir -p "$scratch/live-$run/live"
done
cp "$data/live/without-bug.ktap" "$scratch/live-base/live/matrix.ktap"
cp "$data/live/with-bug.ktap" "$scratch/live-after/live/matrix.ktap"
set +e
python3 "$review" base="$scratch/live-base" after="$scratch/live-after" > "$scratch/live.txt"
set -e
expect_lines "a live shape the patch turns red is a changed case, with what it found" "$scratch/live.txt" \
	"    make_live.smt4-possible-2node: PASS -> FAIL" \
	"      topology_live_masks: add: 8 CPUs present after 60 s, expected 16 (online 0-1,4-5) (topology_live_test.c:160)"
if grep -q "make_live.smt1-1socket-1node" "$scratch/live.txt"; then
	not_ok "a live shape green with and without the patch is listed as changed"
else
	ok "a live shape green with and without the patch is not listed"
fi

set +e
python3 "$review" base="$data/synthetic/base" again="$data/synthetic/base" > "$scratch/same.txt"
rc=$?
set -e
[ $rc = 0 ] && ok "a run against itself exits 0" || not_ok "exit $rc, not 0, for no change"
expect_lines "and says nothing changed" "$scratch/same.txt" "  cases the series changes: none" \
	"  topology unchanged on 2 machines: tiny/dedicated tiny/shared" \
	"  vcpu_is_preempted() answers: unchanged"

# The same number of "preempted" answers in other rows: only the digest
# of the answers in order tells.
python3 "$review" base="$data/synthetic/base" swapped="$data/synthetic/swapped" \
	> "$scratch/swapped.txt" || true
expect_lines "answers moved between rows, the counts the same, are a change" "$scratch/swapped.txt" \
	"    [H3] dedicated processors are never preempted: at least 1 rows in 1 tables"

# A machine's levels change as a reviewer reads it: per level, the flags
# gained and lost, the span, the group count.
got=$(cd "$PROJECT/tools/report" && python3 -c 'import review; print(review.levels_change("SMT/A|B/0-1/g2;PKG/A/0-3/g2", "SMT/A|C/0-1/g2;PKG/A/0-7/g4")); print(review.levels_change("SMT/A/0-1/g2", "PKG/A/0-1/g2"))')
want="SMT +C -B; PKG span 0-3 -> 0-7 groups 2 -> 4
SMT -> PKG"
[ "$got" = "$want" ] && ok "a levels change is told level by level" ||
	not_ok "a levels change reads: $got"

# The kernel's warnings are results too: one the patch brings is listed
# with the case it came in, whatever its task, PID and offsets; the same
# warning on both sides is not the patch's.
ktap_with() {
	cp -r "$data/synthetic/base" "$scratch/$1"
	printf '%s\n' '[    3.000000] KTAP version 1' '[    3.000001]     # Subtest: powerpc_topology' \
		"${@:2}" '[    3.000009]     ok 1 topology_fixture_masks' \
		'[    3.000010] ok 1 powerpc_topology' >> "$scratch/$1/console.log"
}
ktap_with quiet
ktap_with warns '[    3.000002] WARNING: kernel/sched/topology.c:2412 at build_sched_domains+0x5d4/0x1a70, CPU#0: kunit_try_catch/61'
ktap_with warns-again '[    3.000002] WARNING: kernel/sched/topology.c:2412 at build_sched_domains+0x5c0/0x1a70, CPU#0: kunit_try_catch/64'
set +e
python3 "$review" base="$scratch/quiet" patch="$scratch/warns" > "$scratch/warn.txt"
rc=$?
set -e
[ $rc = 1 ] && ok "a patch that only brings a warning is a change, exit 1" || not_ok "exit $rc, not 1, for a new warning"
expect_lines "the warning is listed with the case it came in" "$scratch/warn.txt" \
	"  kernel warnings the series brings (1):" \
	"    powerpc_topology.topology_fixture_masks: WARNING: kernel/sched/topology.c:2412 at build_sched_domains+0x5d4/0x1a70, CPU#0: kunit_try_catch/61 [at kernel/sched/topology.c:2412]"
python3 "$review" base="$scratch/warns" patch="$scratch/warns-again" > "$scratch/warn-same.txt" || true
expect_lines "the same warning on both sides, another PID and offset, is not the patch's" \
	"$scratch/warn-same.txt" "  kernel warnings the series brings: none"

# What the kernel publishes, as published_lscpu prints it: a line that
# differs is the patch's, named with its machine.
ktap_with lscpu-before '[    3.000003]     # published_lscpu: lscpu tiny/shared: CPU(s)=2 Thread(s)-per-core=2 Core(s)-per-socket=1 Socket(s)=1' \
	'[    3.000004]     # published_lscpu: lscpu tiny/shared: cpu0 physical_package_id=-1 package_cpus=0-1 die_id=-1 die_cpus=0'
ktap_with lscpu-after '[    3.000003]     # published_lscpu: lscpu tiny/shared: CPU(s)=2 Thread(s)-per-core=2 Core(s)-per-socket=1 Socket(s)=1' \
	'[    3.000004]     # published_lscpu: lscpu tiny/shared: cpu0 physical_package_id=-1 package_cpus=0-1 die_id=-1 die_cpus=0-1'
python3 "$review" base="$scratch/lscpu-before" patch="$scratch/lscpu-after" > "$scratch/lscpu.txt" || true
expect_lines "a published line that changes is shown before and after, with its machine" "$scratch/lscpu.txt" \
	"  what the kernel publishes (lscpu, sysfs) changes on 1 machines:" \
	"    tiny/shared: cpu0 physical_package_id=-1 package_cpus=0-1 die_id=-1 die_cpus=0  ->  cpu0 physical_package_id=-1 package_cpus=0-1 die_id=-1 die_cpus=0-1"
python3 "$review" base="$scratch/lscpu-before" again="$scratch/lscpu-before" > "$scratch/lscpu-same.txt" || true
expect_lines "and none when nothing differs" "$scratch/lscpu-same.txt" \
	"  what the kernel publishes (lscpu, sysfs): unchanged"

# An input the fake machine does not set: a change in code that reads it
# is not reviewed, and the review exits 2; a partly set one is named.
printf '%s\n' 'patch 1: reads steal time: not set by the fake machine (whatever the guest accumulates)' \
	> "$scratch/unset.txt"
set +e
python3 "$review" --inputs "$scratch/unset.txt" base="$data/synthetic/base" \
	"with patch 1 of 1: x=$data/synthetic/after" > "$scratch/unset-review.txt"
rc=$?
set -e
[ $rc = 2 ] && ok "a change in code reading an input the fake machine does not set exits 2" ||
	not_ok "exit $rc, not 2, for a change that reads an unset input"
grep -q '^  not reviewed: the code changed here reads steal time, which the fake machine does not set' \
	"$scratch/unset-review.txt" && ok "and names the input" || not_ok "the input is not named"

mkdir -p "$scratch/empty"
expect_fail "a kernel without results exits 2" "no usable kunit.py results" \
	python3 "$review" base="$data/synthetic/base" broken="$scratch/empty"

# A patch the kernel does not build with (a posting's patch 2 that
# references a variable only CONFIG_DTL builds, as run-kunit logged its
# link): the step names the linker's error, not every case as absent.
mkdir -p "$scratch/unbuilt"
printf '%s\n' "Building with:" \
	"ERROR:root:powerpc64le-linux-gnu-ld: arch/powerpc/platforms/pseries/lpar.o:(.toc+0x0): undefined reference to \`dtl_count'" \
	"make[4]: *** [scripts/Makefile.vmlinux:72: vmlinux.unstripped] Error 1" \
	"[09:05:10] the kernel did not build; see the make output above" > "$scratch/unbuilt.log"
set +e
python3 "$review" base="$data/synthetic/base" unbuilt="$scratch/unbuilt" > "$scratch/unbuilt.txt" 2>&1
rc=$?
set -e
[ $rc = 2 ] && ok "a kernel that does not build exits 2" || not_ok "exit $rc, not 2, for a kernel that does not build"
expect_lines "the step names the link error and says it is not reviewed" "$scratch/unbuilt.txt" \
	"  no results: unbuilt: the kernel does not build: powerpc64le-linux-gnu-ld: arch/powerpc/platforms/pseries/lpar.o:(.toc+0x0): undefined reference to \`dtl_count'" \
	"  not reviewed: a kernel of this step gave no results (exit 2)"
if grep -q -- '-> absent' "$scratch/unbuilt.txt"; then
	not_ok "the cases of a kernel that does not build are listed as absent"
else
	ok "no case is listed as absent for a kernel that does not build"
fi

# A real posting: patch 14/17 of the steal-time series makes
# vcpu_is_preempted() answer !cpu_active(cpu) on a shared PowerVM LPAR,
# before it reads any lppaca.  Read from the patch, not from this report:
# on a machine whose CPUs are all active, every PowerVM row the model
# calls preempted turns to "not preempted"; nothing else moves (the KVM
# and dedicated tables, the rows of a dispatched target, every machine's
# topology), and the report names cpu_active_mask as an input the fake
# machine sets.
real=$data/steal-time-14
set +e
python3 "$review" --inputs "$real/inputs.txt" base="$real/base" patch="$real/with-1" \
	> "$scratch/real.txt"
rc=$?
set -e
[ $rc = 1 ] && ok "steal-time 14/17: a change, exit 1" || not_ok "steal-time 14/17: exit $rc, not 1"
changed=$(sed -n 's/^    \(powerpc_[a-z_]*\.[a-z0-9_]*\): PASS -> FAIL$/\1/p' "$scratch/real.txt" | sort | xargs)
want=$(printf 'powerpc_vcpu_preempted.vcpu_preempted_powervm_%s\n' caller_positions_smt4 \
	caller_positions_smt8 idle_not_ceded_smt4 idle_not_ceded_smt8 other_core_smt4 \
	other_core_smt8 | sort | xargs)
[ "$changed" = "$want" ] && ok "steal-time 14/17: the six PowerVM tables change, and no other case" ||
	not_ok "steal-time 14/17: cases changed: '$changed'"
expect_lines "steal-time 14/17: cpu_active_mask named as an input the vcpu tables set" \
	"$scratch/real.txt" "  patch 1: reads cpu_active_mask: partly set by the fake machine (the vcpu_is_preempted() tables mark every CPU of their LPAR active for the calls; in the topology suites only the harness guest's CPU 0 is active, and the scheduler's list of CPU capacities is the one it made at boot)"
grep -q '^  topology unchanged on 1 machines: p9-bigcore-64/shared$' "$scratch/real.txt" &&
	ok "steal-time 14/17: the machine's topology unchanged" ||
	not_ok "steal-time 14/17: a topology change reported"
rules=$(sed -n 's/^    \(\[[^]]*\]\(\[[^]]*\]\)*\) .*: [0-9a-z ]* rows.* tables.*$/\1/p' "$scratch/real.txt" | sort -u | xargs)
[ "$rules" = "[P1] [P1][P3] [P4]" ] &&
	ok "steal-time 14/17: only the preempted rows change ([P1][P3], [P4]), and unasserted [P1] states" ||
	not_ok "steal-time 14/17: the rules that change are '$rules'"
if grep -q 'the model says not preempted' "$scratch/real.txt"; then
	not_ok "steal-time 14/17: a row the model calls not preempted changed"
else
	ok "steal-time 14/17: every example is a preempted row now answered not preempted"
fi
# The Kconfig options a series adds, and the files it changes that the
# kernel with it does not build (tools/lib/series-kconfig), on the
# preferred-CPUs series v7: patch 2 adds PREFERRED_CPU, a bool without a
# prompt, patch 8 the steal monitor, a tristate, default m, in
# drivers/virt/, read only "if VIRT_DRIVERS".  A small tree as the series
# leaves it, and a build directory whose vmlinux.a links the scheduler's
# and CPU objects (kernel/sched/debug.c is included by build_utility.c,
# cpufreq.c under #ifdef CONFIG_CPU_FREQ) and not the steal monitor,
# whose object an earlier build left there.
kconfig=$PROJECT/tools/lib/series-kconfig
mkdir -p "$scratch/pv"
git mailsplit -o"$scratch/pv" "$PROJECT/tools/tests/series/paravirt-cpus-v7.mbox" > /dev/null
pv=("$scratch"/pv/00{02..13})
tree=$scratch/ktree
build=$scratch/kbuild
mkdir -p "$tree/drivers/virt/steal_monitor" "$tree/drivers/base" "$tree/kernel/sched" \
	"$tree/arch/powerpc" "$build/kernel/sched" "$build/drivers/base" "$build/drivers/virt/steal_monitor"
cat > "$tree/Kconfig" << 'EOF'
mainmenu "test"
config SMP
	bool "SMP"
source "kernel/Kconfig.preempt"
source "drivers/virt/Kconfig"
source "arch/$(SRCARCH)/Kconfig"
EOF
printf '%s\n' 'config PARAVIRT' '	bool "paravirt"' > "$tree/arch/powerpc/Kconfig"
printf '%s\n' 'config PREEMPT' '	bool "preempt"' '	help' '	  if SMP is set, say Y.' '' \
	'config PREFERRED_CPU' '	bool' > "$tree/kernel/Kconfig.preempt"
printf '%s\n' 'menuconfig VIRT_DRIVERS' '	bool "Virtualization drivers"' '' 'if VIRT_DRIVERS' '' \
	'source "drivers/virt/steal_monitor/Kconfig"' '' 'endif' > "$tree/drivers/virt/Kconfig"
sed -n '/^+++ b\/drivers\/virt\/steal_monitor\/Kconfig/,/^diff/s/^+//p' "${pv[7]}" | sed 1d \
	> "$tree/drivers/virt/steal_monitor/Kconfig"
printf '%s\n' 'obj-y += virt/ base/' > "$tree/drivers/Makefile"
printf '%s\n' 'obj-y += cpu.o' > "$tree/drivers/base/Makefile"
cat > "$tree/drivers/virt/Makefile" << 'EOF'
obj-$(CONFIG_STEAL_MONITOR) += steal_monitor/
EOF
cat > "$tree/drivers/virt/steal_monitor/Makefile" << 'EOF'
obj-$(CONFIG_STEAL_MONITOR) += steal_monitor.o

steal_monitor-y := sm_core.o defaults.o
EOF
printf '%s\n' 'obj-y += cpu.o sched/' > "$tree/kernel/Makefile"
printf '%s\n' 'obj-y += core.o fair.o build_utility.o' > "$tree/kernel/sched/Makefile"
printf '%s\n' '#include "debug.c"' '#ifdef CONFIG_CPU_FREQ' '# include "cpufreq.c"' '#endif' \
	> "$tree/kernel/sched/build_utility.c"
printf '%s\n' 'CONFIG_SMP=y' 'CONFIG_PARAVIRT=y' '# CONFIG_VIRT_DRIVERS is not set' > "$build/.config"
for o in kernel/cpu.o kernel/sched/core.o kernel/sched/fair.o kernel/sched/build_utility.o \
	 drivers/base/cpu.o drivers/virt/steal_monitor/sm_core.o; do
	echo "$o" > "$build/$o"
done
cat > "$build/kernel/sched/.build_utility.o.cmd" << 'EOF'
source_kernel/sched/build_utility.o := ../ktree/kernel/sched/build_utility.c

deps_kernel/sched/build_utility.o := \
  ../ktree/kernel/sched/debug.c \

EOF
(cd "$build" && ar cDPrST vmlinux.a kernel/cpu.o kernel/sched/core.o kernel/sched/fair.o \
	kernel/sched/build_utility.o drivers/base/cpu.o)

"$kconfig" options "${pv[@]}" > "$scratch/options.txt"
[ "$(cut -f1,2,3,4,6,7 "$scratch/options.txt")" = "$(printf '2\tPREFERRED_CPU\tbool\t-\t-\tnew\n8\tSTEAL_MONITOR\ttristate\tDynamic vCPU management based on steal time\tm\tnew')" ] &&
	ok "kconfig: the options the series adds, the patch that adds each, its type, prompt and default" ||
	not_ok "kconfig: options found: $(cat "$scratch/options.txt")"
[ "$("$kconfig" fragment 12 "$scratch/options.txt")" = CONFIG_STEAL_MONITOR=y ] &&
	[ -z "$("$kconfig" fragment 7 "$scratch/options.txt")" ] &&
	[ -z "$("$kconfig" fragment 12 "$scratch/options.txt" STEAL_MONITOR)" ] &&
	ok "kconfig: the fragment builds in the tristate from patch 8 on, not the option without a prompt, not one refused" ||
	not_ok "kconfig: fragment of patches 1-12: '$("$kconfig" fragment 12 "$scratch/options.txt")'"
"$kconfig" options --base "$tree" "${pv[@]}" > "$scratch/options-base.txt"
[ "$(cut -f7 "$scratch/options-base.txt" | xargs)" = "base base" ] &&
	[ -z "$("$kconfig" fragment 12 "$scratch/options-base.txt")" ] &&
	ok "kconfig: options the tree without the series defines already are left as the harness has them" ||
	not_ok "kconfig: with a base that defines them: $(cat "$scratch/options-base.txt")"
printf '%s\n' 'diff --git a/arch/arm64/Kconfig b/arch/arm64/Kconfig' '--- a/arch/arm64/Kconfig' \
	'+++ b/arch/arm64/Kconfig' '@@ -1,0 +1,3 @@' '+config ARM64_TEST_SMT' '+	bool "SMT"' '+	default y' \
	'diff --git a/kernel/Kconfig.x b/kernel/Kconfig.x' '--- a/kernel/Kconfig.x' '+++ b/kernel/Kconfig.x' \
	'@@ -1,3 +1,3 @@' '-config MOVED' '+config MOVED_NOT' '+	bool "x"' > "$scratch/arch.patch"
printf '%s\n' 'diff --git a/kernel/Kconfig.y b/kernel/Kconfig.y' '--- a/kernel/Kconfig.y' \
	'+++ b/kernel/Kconfig.y' '@@ -1,0 +1,2 @@' '+config MOVED' '+	bool "moved"' > "$scratch/moved.patch"
[ "$("$kconfig" options "$scratch/arch.patch" "$scratch/moved.patch" | cut -f1,2,7 | xargs)" = "1 ARM64_TEST_SMT arch 1 MOVED_NOT new" ] &&
	ok "kconfig: another architecture's option is marked, an option moved between files is not new" ||
	not_ok "kconfig: $("$kconfig" options "$scratch/arch.patch" "$scratch/moved.patch" | xargs)"

printf '%s\n' 'Generating .config ...' \
	'ERROR:root:Not all Kconfig options selected in kunitconfig were in the generated .config.' \
	'This is probably due to unsatisfied dependencies.' \
	'Missing: CONFIG_STEAL_MONITOR=y, CONFIG_KUNIT_OTHER=y' > "$scratch/refused.log"
"$kconfig" fragment 12 "$scratch/options.txt" > "$scratch/with-12.kunitconfig"
[ "$("$kconfig" refused "$scratch/refused.log" "$scratch/with-12.kunitconfig")" = STEAL_MONITOR ] &&
	ok "kconfig: kunit.py's refusal names the option of the fragment it refused, and no other" ||
	not_ok "kconfig: refused: '$("$kconfig" refused "$scratch/refused.log" "$scratch/with-12.kunitconfig")'"
"$kconfig" why "$tree" "$build/.config" STEAL_MONITOR > "$scratch/refused.txt"
[ "$(cat "$scratch/refused.txt")" = "$(printf 'STEAL_MONITOR\tif VIRT_DRIVERS (drivers/virt/Kconfig:4) [VIRT_DRIVERS=n]\tblocks')" ] &&
	ok "kconfig: why the steal monitor cannot be built in: the if block around its source line, VIRT_DRIVERS off" ||
	not_ok "kconfig: why: '$(cat "$scratch/refused.txt")'"

"$kconfig" report 12 "$tree" "$build" "$scratch/options.txt" "$scratch/refused.txt" "${pv[@]}" \
	> "$scratch/report-12.txt"
expect_lines "kconfig: with the whole series, the options and files not built, each with the option that leaves it out" \
	"$scratch/report-12.txt" \
	"patches 8: blocks: CONFIG_STEAL_MONITOR=y (tristate \"Dynamic vCPU management based on steal time\", default m, drivers/virt/steal_monitor/Kconfig) not built in: kunit.py refuses it (not in the .config it generates): if VIRT_DRIVERS (drivers/virt/Kconfig:4) [VIRT_DRIVERS=n]" \
	"patches 2: blocks: CONFIG_PREFERRED_CPU (bool, no prompt, kernel/Kconfig.preempt) off: no prompt; selected by STEAL_MONITOR (drivers/virt/steal_monitor/Kconfig:5) [STEAL_MONITOR=n]" \
	"patches 8,9,11: blocks: not built: drivers/virt/steal_monitor/sm_core.c (CONFIG_STEAL_MONITOR off)" \
	"patches 10,12: blocks: not built: drivers/virt/steal_monitor/defaults.c (CONFIG_STEAL_MONITOR off)"
[ "$(wc -l < "$scratch/report-12.txt")" = 4 ] &&
	ok "kconfig: the files the kernel links (kernel/sched/debug.c through build_utility.o) are not listed" ||
	not_ok "kconfig: more lines than expected"
printf '%s\n' 'CONFIG_SMP=y' 'CONFIG_PARAVIRT=y' 'CONFIG_VIRT_DRIVERS=y' 'CONFIG_STEAL_MONITOR=y' \
	'CONFIG_PREFERRED_CPU=y' > "$scratch/config-on"
cp -r "$build" "$scratch/kbuild-on"
cp "$scratch/config-on" "$scratch/kbuild-on/.config"
(cd "$scratch/kbuild-on" && echo x > drivers/virt/steal_monitor/defaults.o &&
	ar cDPrST vmlinux.a drivers/virt/steal_monitor/sm_core.o drivers/virt/steal_monitor/defaults.o)
"$kconfig" report 12 "$tree" "$scratch/kbuild-on" "$scratch/options.txt" /dev/null "${pv[@]}" \
	> "$scratch/report-on.txt"
[ "$(cut -d: -f2 "$scratch/report-on.txt" | xargs)" = "built built" ] &&
	grep -qxF 'patches 8: built: CONFIG_STEAL_MONITOR=y (tristate "Dynamic vCPU management based on steal time", default m, drivers/virt/steal_monitor/Kconfig): built in for the review' "$scratch/report-on.txt" &&
	ok "kconfig: where the kernel builds it all, the options are said built in, no file is listed" ||
	not_ok "kconfig: with everything built: $(cat "$scratch/report-on.txt")"
# Before patch 8 nothing in the tree selects PREFERRED_CPU: no kernel
# with patches 1-7 has it, a note, not a reason to stop.
cp -r "$tree" "$scratch/ktree-7"
rm -r "$scratch/ktree-7/drivers/virt/steal_monitor"
sed -i '/steal_monitor/d' "$scratch/ktree-7/drivers/virt/Kconfig"
"$kconfig" report 7 "$scratch/ktree-7" "$build" "$scratch/options.txt" /dev/null "${pv[@]}" \
	> "$scratch/report-7.txt"
[ "$(cat "$scratch/report-7.txt")" = "patches 2: note: CONFIG_PREFERRED_CPU (bool, no prompt, kernel/Kconfig.preempt) off: no prompt, and nothing selects it or gives it a default: the code under it is in no kernel with patches 1-7" ] &&
	ok "kconfig: an option nothing can turn on is a note" ||
	not_ok "kconfig: patches 1-7: $(cat "$scratch/report-7.txt")"
"$kconfig" unbuilt "$tree" "$build" kernel/sched/cpufreq.c kernel/sched/debug.c arch/x86/kernel/smpboot.c \
	drivers/base/cpu.c > "$scratch/unbuilt.txt"
[ "$(cat "$scratch/unbuilt.txt")" = "$(printf '%s\t%s\t%s\n' \
	kernel/sched/cpufreq.c blocks 'included by kernel/sched/build_utility.c under #ifdef CONFIG_CPU_FREQ (CONFIG_CPU_FREQ off)' \
	arch/x86/kernel/smpboot.c note "another architecture's code, arch/x86/: no powerpc kernel builds it")" ] &&
	ok "kconfig: a file included under an #ifdef that is off, and another architecture's file, a note" ||
	not_ok "kconfig: unbuilt: $(cat "$scratch/unbuilt.txt")"

# The report: a step whose kernel does not build code the series
# changes is not reviewed, and the review exits 2, whatever else
# changes; a note alone changes nothing; a patch's step shows the lines
# of its own patch, the whole series' step all.
"$kconfig" head "$scratch/options.txt" > "$scratch/kconfig.txt"
sed 's/^/run 2: /' "$scratch/report-12.txt" >> "$scratch/kconfig.txt"
set +e
python3 "$review" --json "$scratch/k.json" --kconfig "$scratch/kconfig.txt" base="$data/synthetic/base" \
	"with patch 1 of 2: x=$data/synthetic/base" "with patch 2 of 2: y=$data/synthetic/base" > "$scratch/k.txt"
rc=$?
set -e
[ $rc = 2 ] && ok "kconfig: code the kernel with the series does not build: exit 2, though no case changes" ||
	not_ok "kconfig: exit $rc, not 2, for code not built"
expect_lines "kconfig: the report names the options and the files not built, under not reviewed" "$scratch/k.txt" \
	"Kconfig options the series adds (built in with it where the kernel can; code the kernel with it does not build is not reviewed, exit 2):" \
	"  patch 8: adds CONFIG_STEAL_MONITOR (tristate \"Dynamic vCPU management based on steal time\", default m, drivers/virt/steal_monitor/Kconfig): built in (=y) in the kernels with it, for the review" \
	"  not reviewed: the kernel with the series does not build all of the code it changes here; what follows is no verdict on that code (exit 2):" \
	"    patches 8, 9, 11: not built: drivers/virt/steal_monitor/sm_core.c (CONFIG_STEAL_MONITOR off)"
[ "$(grep -c '^  not reviewed: the kernel' "$scratch/k.txt")" = 2 ] &&
	[ "$(grep -c 'not built: drivers/virt/steal_monitor/sm_core.c' "$scratch/k.txt")" = 1 ] &&
	[ "$(grep -c 'patch 2: CONFIG_PREFERRED_CPU' "$scratch/k.txt")" = 2 ] &&
	ok "kconfig: the step of patch 2 of 2 shows its own option only, the whole series' step every line" ||
	not_ok "kconfig: the lines show in the wrong steps"
python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); k = r["steps"][-1]["kconfig"]; sys.exit(not (len(k) == 4 and k[0]["kind"] == "blocks" and r["kconfig_options"]))' "$scratch/k.json" &&
	ok "kconfig: the JSON holds the same lines" || not_ok "kconfig: the JSON does not say what the text says"
{ "$kconfig" head "$scratch/options.txt"; sed 's/^/run 1: /' "$scratch/report-7.txt" "$scratch/report-on.txt"; } \
	> "$scratch/kconfig-on.txt"
set +e
python3 "$review" --kconfig "$scratch/kconfig-on.txt" base="$data/synthetic/base" \
	again="$data/synthetic/base" > "$scratch/k-on.txt"
rc=$?
set -e
[ $rc = 0 ] && ok "kconfig: options built in and a note alone: nothing changes, exit 0" ||
	not_ok "kconfig: exit $rc, not 0, with everything built"
expect_lines "kconfig: and the report says what was built in, and the note" "$scratch/k-on.txt" \
	"  built: patch 8: CONFIG_STEAL_MONITOR=y (tristate \"Dynamic vCPU management based on steal time\", default m, drivers/virt/steal_monitor/Kconfig): built in for the review" \
	"  note: patch 2: CONFIG_PREFERRED_CPU (bool, no prompt, kernel/Kconfig.preempt) off: no prompt, and nothing selects it or gives it a default: the code under it is in no kernel with patches 1-7"

[ -s "$scratch/real.txt" ] && [ -s "$scratch/unset-review.txt" ] &&
	! grep -qi "artefact\|not the series'" "$scratch/unset-review.txt" "$scratch/real.txt" &&
	ok "no review explains a change away as the harness's" || not_ok "a review blames the harness"
finish
