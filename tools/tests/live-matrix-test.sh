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
# 6.12 boot: two cores hot-added over QMP, one removed, SMT4 to SMT2 and
# back.  A step that expects the removed core still online, or the SMT
# switch not to have happened, turns it red.
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
	done < <(live_runtime smt4-possible-2node)
	"$tools/report/live_matrix.py" --number 11 "${args[@]}" "$scratch/rt.txt" "$rlog"
}
if [ "$(live_runtime smt4-possible-2node | tr '\n' ' ')" = "add 8 12 remove 8 added 0-15 removed 0-7,12-15 smt-half 0-1,4-5,12-13 smt-restored 0-7,12-15 " ]; then
	ok "the runtime steps: cores 8 and 12 added, 8 removed, SMT2 and back"
else
	not_ok "the runtime steps of smt4-possible-2node: $(live_runtime smt4-possible-2node | tr '\n' ' ')"
fi
expect_ok "a hot-add, a hot-remove and the SMT switch agree with fixturec at every step" runtime
expect_fail "a removed core that should still be there is caught" \
	'# smt4-possible-2node: removed: CPU12 core: fixturec 8-15, kernel 12-15' runtime removed=0-15
expect_fail "an SMT switch that should not have happened is caught" \
	'# smt4-possible-2node: smt-half: online CPUs: fixturec 0-7,12-15, kernel 0-1,4-5,12-13' runtime smt-half=0-7,12-15

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
	"$scratch/shapes:1: expected 'NAME SOCKETS CORES THREADS PRESENT NODES DISTANCES \[runtime\]'" shapes 'a 1 2 1 2 0-1'
qemu_args=$(live_qemu_args smt8-possible-2node | tr '\n' ' ')
if [ "$qemu_args" = "-smp 16,maxcpus=32,sockets=2,cores=2,threads=8 -object memory-backend-ram,id=mem0,size=512M -numa node,nodeid=0,memdev=mem0,cpus=0-15 -object memory-backend-ram,id=mem1,size=512M -numa node,nodeid=1,memdev=mem1,cpus=16-31 -numa dist,src=0,dst=1,val=20 " ]; then
	ok "a shape's QEMU options: possible beyond present, nodes and distances"
else
	not_ok "smt8-possible-2node's QEMU options: $qemu_args"
fi

finish
