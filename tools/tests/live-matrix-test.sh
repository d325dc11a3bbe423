#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of make live's matrix steps, no kernel or QEMU needed:
# tools/lib/live.sh's reading of the shapes list and the fixture it makes
# of a shape, and tools/report/live_matrix.py on the real console of a
# 6.12 boot of smt4-2socket-4node under QEMU 10.0.2
# (tools/tests/consoles/live-matrix-smt4-2socket-4node.log; the live-matrix
# consoles keep the lines the comparison reads: the suite's, the
# scheduler's domains and the KTAP results).  The boot
# agrees with tools/fixturec -l for its own shape; a wrong thread count,
# a wrong node or a wrong distance in the fixture turns it red, naming
# the shape, the CPU and both sides.  So does a fake bring-up (the fake
# firmware's) that differs from the real boot.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
tools=$(dirname "$here")
. "$here/lib.sh"
. "$tools/lib/common.sh"
. "$tools/lib/live.sh"

scratch=$(mktemp -d /tmp/live-matrix-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
log=$here/consoles/live-matrix-smt4-2socket-4node.log
make -s -C "$tools" fixturec/fixturec
fixturec=$tools/fixturec/fixturec

live_read_shapes
live_fixture smt4-2socket-4node > "$scratch/shape.fixture"
# compare NAME SED: the shape's fixture edited by SED, through fixturec -l,
# against the real boot.
compare() {
	sed "$2" "$scratch/shape.fixture" > "$scratch/$1.fixture"
	"$fixturec" -l "$scratch/$1.fixture" > "$scratch/$1.txt"
	"$tools/report/live_matrix.py" --number 7 --qemu "QEMU 10.0.2" "$scratch/$1.txt" "$log"
}

expect_ok "the real boot agrees with fixturec for its own shape" compare good ''
expect_fail "a wrong thread count is caught, naming the CPU and both masks" \
	'# smt4-2socket-4node: boot: CPU2 sibling: fixturec 2-3, kernel 0-3' \
	compare threads 's/^Thread(s) per core: 4/Thread(s) per core: 2/; s/^Core(s) per socket: 2/Core(s) per socket: 4/; s/smt=4 lcpu=4/smt=2 lcpu=8/'
expect_fail "a wrong node is caught, naming the CPU and both nodes" \
	'# smt4-2socket-4node: boot: CPU4 node: fixturec 0, kernel 1' \
	compare node 's/^NUMA node0 CPU(s): 0-3/NUMA node0 CPU(s): 0-7/; s/^NUMA node1 CPU(s): 4-7/NUMA node1 CPU(s): /'
expect_fail "a wrong distance is caught in the domains, naming the CPU and both sides" \
	'# smt4-2socket-4node: boot: CPU0: domains: fixturec SMT 0-3, NUMA 0-3,8-11, NUMA 0-15, kernel SMT 0-3, NUMA 0-7, NUMA 0-15' \
	compare dist 's/^node-distance: 0 1 20/node-distance: 0 1 40/; s/^node-distance: 0 2 40/node-distance: 0 2 20/'
expect_fail "the result line names the shape" '^not ok 7 - smt4-2socket-4node \(QEMU 10.0.2\)$' \
	compare dist2 's/^node-distance: 0 1 20/node-distance: 0 1 40/; s/^node-distance: 0 2 40/node-distance: 0 2 20/'
# The fake bring-up of the same shape (powerpc_topology_fake_live's lines
# for four shapes, tools/tests/consoles/live-matrix-fake.log) against the
# real boot.  Another shape's fake bring-up passed off as this one's is
# a wrong thread count or a wrong node; an edited mask is a wrong mask.
flog=$here/consoles/live-matrix-fake.log
fake() {
	"$tools/report/live_matrix.py" --number 7 --fake "$1" "$scratch/good.txt" "$log"
}
expect_ok "the fake bring-up gives the real boot's masks and domains" fake "$flog"
as_shape() { sed -e "/fake smt4-2socket-4node /d" -e "s/fake $1 /fake smt4-2socket-4node /" "$flog" > "$scratch/fake-$1.log"; }
as_shape smt8-1socket-1node
expect_fail "a fake bring-up with the wrong thread count is caught" \
	'# smt4-2socket-4node: fake: CPU0 sibling: fake bring-up 0-7, real boot 0-3' fake "$scratch/fake-smt8-1socket-1node.log"
as_shape smt4-2socket-1node
expect_fail "a fake bring-up with the wrong nodes is caught" \
	'# smt4-2socket-4node: fake: CPU4 node: fake bring-up 0, real boot 1' fake "$scratch/fake-smt4-2socket-1node.log"
sed '/fake smt4-2socket-4node CPU9:/s/ l2 8-11 / l2 8-9 /' "$flog" > "$scratch/fake-mask.log"
expect_fail "a fake bring-up with a wrong mask is caught" \
	'# smt4-2socket-4node: fake: CPU9 l2: fake bring-up 8-9, real boot 8-11' fake "$scratch/fake-mask.log"
grep -v 'fake smt4-2socket-4node' "$flog" > "$scratch/fake-none.log"
expect_fail "a fake console without the shape fails, saying so" \
	'fake: no "fake smt4-2socket-4node" lines' fake "$scratch/fake-none.log"

# A console that fell behind the log buffer loses lines at random: the
# shape fails saying so, not as a missing domain.
sed '0,/attaching sched-domain/s//&\n[    1.000000] ** 12 printk messages dropped **/' "$log" > "$scratch/dropped.log"
expect_fail "a console that dropped messages fails the shape, saying so" \
	'# smt4-2socket-4node: the console dropped 12 printk messages' \
	"$tools/report/live_matrix.py" --number 7 "$scratch/good.txt" "$scratch/dropped.log"
grep -v 'topology_live_masks' "$log" > "$scratch/no-suite.log"
expect_fail "a console without the live suite's lines fails, saying so" \
	'no "live machine: step boot" line' \
	"$tools/report/live_matrix.py" --number 1 "$scratch/good.txt" "$scratch/no-suite.log"
printf 'shape x threads 1 cpus 1 shared 1 big_cores 0\nbogus\n' > "$scratch/bad.txt"
expect_fail "bad expectations are an error naming the file and line" \
	"live_matrix.py: $scratch/bad.txt:2: not fixturec -l output" \
	"$tools/report/live_matrix.py" --number 1 "$scratch/bad.txt" "$log"

# The runtime steps of smt4-possible-2node, on the real console of its
# 7.3 boot: SMT4 to SMT2 through the kernel's SMT control, two cores
# hot-added over QMP (their upper threads left offline, as SMT allows),
# one removed, the second core offline, SMT back on (without that core),
# then forced off.  A step that expects the
# removed core still online, the SMT switch not to have happened, or a
# hot-added core to come up whole, turns it red.
rlog=$here/consoles/live-matrix-smt4-possible-2node.log
live_fixture smt4-possible-2node > "$scratch/rt.fixture"
live_fixture smt4-possible-2node all > "$scratch/rt-all.fixture"
"$fixturec" -l "$scratch/rt.fixture" > "$scratch/rt.txt"
# runtime [STEP=CPUS...]: the steps live_runtime gives, some replaced.
runtime() {
	local step cpus args=() o
	while read -r step cpus; do
		case $step in add|remove) continue ;; esac
		for o in "$@"; do
			[ "${o%%=*}" = "$step" ] && cpus=${o#*=}
		done
		"$fixturec" -l -O "$cpus" "$scratch/rt-all.fixture" > "$scratch/rt-$step.txt"
		args+=(--step "$step=$scratch/rt-$step.txt")
	done < <(live_runtime smt4-possible-2node 1)
	"$tools/report/live_matrix.py" --number 11 "${args[@]}" "$scratch/rt.txt" "${console:-$rlog}"
}
# runtime_on CONSOLE: the runtime steps, unchanged, against CONSOLE.
runtime_on() { console=$1 runtime "${@:2}"; }
# first_line CMD...: the first line CMD prints; always false, for expect_fail.
first_line() { "$@" | sed -n 1p; return 1; }
steps=$(live_runtime smt4-possible-2node 1 | tr '\n' ' ')
if [ "$steps" = "smt-half 0-1,4-5 add 8 12 remove 8 added 0-1,4-5,8-9,12-13 removed 0-1,4-5,12-13 core-off 0-1,12-13 smt-restored 0-3,12-15 smt-off 0,12 " ]; then
	ok "the runtime steps: SMT2, cores 8 and 12 added at SMT2, 8 removed, core 4 off, SMT4 without it, SMT off"
else
	not_ok "the runtime steps of smt4-possible-2node: $steps"
fi
steps=$(live_runtime smt4-possible-2node 0 | tr '\n' ' ')
if [ "$steps" = "smt-half 0-1,4-5 add 8 12 remove 8 added 0-1,4-5,8-15 removed 0-1,4-5,12-15 core-off 0-1,12-15 smt-restored 0-3,12-15 smt-off 0,12 " ]; then
	ok "the runtime steps without SMT control: a hot-added core comes up whole"
else
	not_ok "the runtime steps of smt4-possible-2node without SMT control: $steps"
fi
expect_ok "SMT control, a hot-add, a hot-remove, a core offline and SMT back on and off agree with fixturec at every step" runtime
expect_fail "SMT back on expected to bring the offline core back is caught" \
	'# smt4-possible-2node: smt-restored: online CPUs: fixturec 0-7,12-15, kernel 0-3,12-15' runtime smt-restored=0-7,12-15
expect_fail "a removed core that should still be there is caught" \
	'# smt4-possible-2node: removed: CPU12 core: fixturec 8-9,12-13, kernel 12-13' runtime removed=0-1,4-5,8-9,12-13
expect_fail "an SMT switch that should not have happened is caught" \
	'# smt4-possible-2node: smt-half: online CPUs: fixturec 0-7, kernel 0-1,4-5' runtime smt-half=0-7
expect_fail "a hot-added core that came up whole where SMT allows two threads is caught" \
	'# smt4-possible-2node: added: online CPUs: fixturec 0-1,4-5,8-15, kernel 0-1,4-5,8-9,12-13' runtime added=0-1,4-5,8-15

# The boot inputs: nr_cpus= rounds up to whole cores and cuts the present
# CPUs; smt-enabled= keeps the upper threads down; memless= gives a node
# CPUs and no memory; form1 boots a machine type before FORM2.
boot_inputs() {
	printf '%s\n' 'a 1 2 4 8 0-7 - nr_cpus=2' 'b 1 4 2 8 0-7 - nr_cpus=5' 'c 1 2 8 16 0-15 - smt-enabled=4' \
		'd 2 1 4 8 0-3/4-7 0:1:40 memless=0 form1' 'e 1 2 4 8 0-7 - nr_cpus=9' > "$scratch/inputs"
	# shellcheck disable=SC2034 # live.sh's globals, read by live_read_shapes
	(LIVE_SHAPES_FILE=$scratch/inputs SHAPES=() SHAPE=(); live_read_shapes
	 for n in a b c d e; do
		echo "$n present=$(live_present $n) online=$(live_online $n) cmdline=$(live_cmdline $n) -M $(live_machine $n)"
	 done
	 live_qemu_args d | tr '\n' ' ')
}
got=$(boot_inputs | tr '\n' '|')
want='a present=0-3 online=0-3 cmdline=nr_cpus=2 -M pseries,x-vof=on|b present=0-5 online=0-5 cmdline=nr_cpus=5 -M pseries,x-vof=on|c present= online=0-3,8-11 cmdline=smt-enabled=4 -M pseries,x-vof=on|d present= online= cmdline= -M pseries-6.1,x-vof=on|e present= online= cmdline=nr_cpus=9 -M pseries,x-vof=on|-smp 8,maxcpus=8,sockets=2,cores=1,threads=4 -numa node,nodeid=0,cpus=0-3 -object memory-backend-ram,id=mem1,size=1024M -numa node,nodeid=1,memdev=mem1,cpus=4-7 -numa dist,src=0,dst=1,val=40 '
if [ "$got" = "$want" ]; then
	ok "boot inputs: the CPUs nr_cpus= and smt-enabled= leave, a memoryless node, FORM1's machine type"
else
	not_ok "boot inputs: got '$got'"
fi

# smt-enabled=4 on SMT8, the real 7.3 boot: threads 4-7 of each core stay
# down, yet stay in their node's mask (mapped at boot, unmapped only when
# a CPU goes offline): the boot's node masks are the present CPUs'.
elog=$here/consoles/live-matrix-smt8-smt-enabled-4.log
live_fixture smt8-smt-enabled-4 > "$scratch/se.fixture"
"$fixturec" -l -O "$(live_online smt8-smt-enabled-4)" "$scratch/se.fixture" > "$scratch/se.txt"
"$fixturec" -l "$scratch/se.fixture" > "$scratch/se-present.txt"
expect_ok "smt-enabled=4: the boot's threads and node masks agree" \
	"$tools/report/live_matrix.py" --number 3 --boot-nodemask "$scratch/se-present.txt" "$scratch/se.txt" "$elog"
expect_fail "smt-enabled=4 expected as a whole-core boot is caught" \
	'# smt8-smt-enabled-4: boot: online CPUs: fixturec 0-15, kernel 0-3,8-11' \
	"$tools/report/live_matrix.py" --number 3 "$scratch/se-present.txt" "$elog"
# A failed expectation of the case comes first, with its message (the
# last line KUnit prints for it) and where it failed.
awk '/# topology_live_masks: live CPU0:/ { print; print "    # topology_live_masks: EXPECTATION FAILED at arch/powerpc/kernel/topology_kunit/harness/topology_live_test.c:92"; print "    Expected (unsigned int)(first + threads_per_core) <= nr_cpu_ids, but"; print "        nr_cpu_ids == 2 (0x2)"; print "boot: CPU0: its core'"'"'s threads 0-7 are not all below nr_cpu_ids 2"; next } { sub(/ ok 1 topology_live_masks/, " not ok 1 topology_live_masks") } 1' "$elog" > "$scratch/se-failed.log"
expect_fail "a failed expectation of the case is the first line, with its message and place" \
	"^# smt8-smt-enabled-4: topology_live_masks: boot: CPU0: its core's threads 0-7 are not all below nr_cpu_ids 2 \\(topology_live_test.c:92\\)\$" \
	sh -c "\"\$1\" --number 3 --boot-nodemask \"\$2\" \"\$3\" \"\$4\" | sed -n 1p; exit 1" _ \
	"$tools/report/live_matrix.py" "$scratch/se-present.txt" "$scratch/se.txt" "$scratch/se-failed.log"
# A kernel report while the suite ran fails the shape, with its place,
# above the comparison.
sed '/live machine: step smt-off/i [   20.000000] WARNING: kernel/sched/topology.c:2412 at build_sched_domains+0x5c8/0x1700, CPU#0: kunit_try_catch/61' \
	"$rlog" > "$scratch/warned.log"
expect_fail "a kernel warning while the runtime steps ran fails the shape, naming the place" \
	'^# smt4-possible-2node: kernel report while powerpc_topology_live.topology_live_masks ran: WARNING: kernel/sched/topology.c:2412 at build_sched_domains' \
	first_line runtime_on "$scratch/warned.log"

# The shapes list: a bad line stops with the file and line.
shapes() {
	printf '%s\n' "$@" > "$scratch/shapes"
	(export PPC_KUNIT_LIVE_SHAPES=$scratch/shapes; . "$tools/lib/live.sh"; live_read_shapes)
}
expect_fail "a shape whose nodes miss a possible CPU is refused" \
	"$scratch/shapes:1: the nodes do not hold every possible CPU \\(0-7\\)" shapes 'a 2 2 2 8 0-3/4-6 0:1:20'
expect_fail "a shape with a CPU in two nodes is refused" \
	"$scratch/shapes:2: node 1: CPU 3 is in two nodes" shapes '# c' 'a 2 2 2 8 0-3/3-7 0:1:20'
expect_fail "a shape with a part of a socket present is refused" \
	"$scratch/shapes:1: PRESENT 6: want whole sockets of 4 CPUs, at most 8" shapes 'a 2 2 2 6 0-7 -'
expect_fail "a shape with SMT3 is refused" \
	"$scratch/shapes:1: THREADS '3': want 1, 2, 4 or 8" shapes 'a 1 2 3 6 0-5 -'
expect_fail "a shape without every distance is refused" \
	"$scratch/shapes:1: 3 nodes need 3 distances" shapes 'a 1 3 1 3 0/1/2 0:1:20,1:2:20'
expect_fail "a shape listed twice is refused" \
	"$scratch/shapes:2: shape 'a' is listed twice" shapes 'a 1 2 1 2 0-1 -' 'a 1 2 1 2 0-1 -'
expect_fail "a line with a field missing is refused" \
	"$scratch/shapes:1: expected 'NAME SOCKETS CORES THREADS PRESENT NODES DISTANCES \[OPTION...\]'" shapes 'a 1 2 1 2 0-1'
expect_fail "an unknown option is refused" \
	"$scratch/shapes:1: unknown option 'numa=off'" shapes 'a 1 2 1 2 0-1 - numa=off'
expect_fail "runtime with a boot that leaves CPUs down is refused" \
	"$scratch/shapes:1: runtime starts from every present CPU online" shapes 'a 2 2 2 4 0-7 - runtime nr_cpus=2'
expect_fail "a shape whose every node is memoryless is refused" \
	"$scratch/shapes:1: option 'memless=0,1': some node must have memory" shapes 'a 2 1 2 4 0-1/2-3 0:1:20 memless=0,1'
expect_fail "an option given twice is refused" \
	"$scratch/shapes:1: option 'nr_cpus' given twice" shapes 'a 1 2 2 4 0-3 - nr_cpus=2 nr_cpus=3'
qemu_args=$(live_qemu_args smt8-possible-2node | tr '\n' ' ')
if [ "$qemu_args" = "-smp 16,maxcpus=32,sockets=2,cores=2,threads=8 -object memory-backend-ram,id=mem0,size=512M -numa node,nodeid=0,memdev=mem0,cpus=0-15 -object memory-backend-ram,id=mem1,size=512M -numa node,nodeid=1,memdev=mem1,cpus=16-31 -numa dist,src=0,dst=1,val=20 " ]; then
	ok "a shape's QEMU options: possible beyond present, nodes and distances"
else
	not_ok "smt8-possible-2node's QEMU options: $qemu_args"
fi

finish
