# SPDX-License-Identifier: GPL-2.0
#
# The steps of make live's matrix (tools/live-check), sourced after
# common.sh: read tools/lib/live-shapes, turn a shape into QEMU's options
# and into a fixture for tools/fixturec -l, and boot it once.

LIVE_SHAPES_FILE=${PPC_KUNIT_LIVE_SHAPES:-$PROJECT/tools/lib/live-shapes}

# cpus_expand LIST: the CPUs of a %*pbl list, one per line.
cpus_expand() {
	local part
	for part in ${1//,/ }; do
		seq "${part%-*}" "${part#*-}"
	done
}

# cpus_compress: CPU numbers on stdin (ascending) as a %*pbl list.
cpus_compress() {
	awk 'NR == 1 { first = last = $1; next }
	     $1 == last + 1 { last = $1; next }
	     { out = out sep first (last > first ? "-" last : ""); sep = ","; first = last = $1 }
	     END { if (NR) out = out sep first (last > first ? "-" last : ""); print out }'
}

# live_read_shapes: SHAPES (names in file order) and SHAPE[name] (the
# fields), from $LIVE_SHAPES_FILE; dies naming the file and line of a bad one.
declare -A SHAPE=()
SHAPES=()
live_read_shapes() {
	local lineno=0 line w name s c t p nodes dist total n cpu seen d a b v
	while IFS= read -r line || [ -n "$line" ]; do
		lineno=$((lineno + 1))
		line=${line%%#*}
		read -r -a w <<< "$line"
		[ ${#w[@]} -eq 0 ] && continue
		at="$LIVE_SHAPES_FILE:$lineno"
		[ ${#w[@]} -eq 7 ] || die "$at: expected 'NAME SOCKETS CORES THREADS PRESENT NODES DISTANCES', got '$line'"
		read -r name s c t p nodes dist <<< "${w[*]}"
		[[ $name =~ ^[a-z0-9-]+$ ]] || die "$at: shape name '$name': want [a-z0-9-]"
		[ -z "${SHAPE[$name]:-}" ] || die "$at: shape '$name' is listed twice"
		for v in "$s" "$c" "$p"; do
			[[ $v =~ ^[1-9][0-9]*$ ]] || die "$at: '$v' is not a positive number"
		done
		case $t in 1|2|4|8) ;; *) die "$at: THREADS '$t': want 1, 2, 4 or 8" ;; esac
		total=$((s * c * t))
		[ "$p" -le "$total" ] && [ $((p % (c * t))) -eq 0 ] ||
			die "$at: PRESENT $p: want whole sockets of $((c * t)) CPUs, at most $total"
		# Every possible CPU in exactly one node.
		seen=" "
		n=0
		for v in ${nodes//\// }; do
			[[ $v =~ ^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$ ]] || die "$at: node $n: '$v' is not a CPU list"
			for cpu in $(cpus_expand "$v"); do
				[ "$cpu" -lt "$total" ] || die "$at: node $n: CPU $cpu is not possible (0-$((total - 1)))"
				[[ $seen != *" $cpu "* ]] || die "$at: node $n: CPU $cpu is in two nodes"
				seen="$seen$cpu "
			done
			n=$((n + 1))
		done
		[ "$(wc -w <<< "$seen")" -eq "$total" ] || die "$at: the nodes do not hold every possible CPU (0-$((total - 1)))"
		if [ "$dist" = - ]; then
			[ "$n" -eq 1 ] || die "$at: $n nodes need DISTANCES"
		else
			for d in ${dist//,/ }; do
				IFS=: read -r a b v <<< "$d"
				[[ $a =~ ^[0-9]+$ && $b =~ ^[0-9]+$ && $v =~ ^[0-9]+$ ]] && [ "$a" -lt "$n" ] &&
					[ "$b" -lt "$n" ] && [ "$a" -ne "$b" ] && [ "$v" -gt 10 ] && [ "$v" -le 254 ] ||
					die "$at: distance '$d': want A:B:D, nodes below $n, 10 < D <= 254"
			done
			[ "$(wc -w <<< "${dist//,/ }")" -eq $((n * (n - 1) / 2)) ] ||
				die "$at: $n nodes need $((n * (n - 1) / 2)) distances"
		fi
		SHAPE[$name]="$s $c $t $p $nodes $dist"
		SHAPES+=("$name")
	done < "$LIVE_SHAPES_FILE"
	[ ${#SHAPES[@]} -gt 0 ] || die "$LIVE_SHAPES_FILE: no shapes"
}

# live_qemu_args NAME: QEMU's options for the shape, one per line.
live_qemu_args() {
	local s c t p nodes dist i n list d a b v
	read -r s c t p nodes dist <<< "${SHAPE[$1]}"
	echo -smp; echo "$p,maxcpus=$((s * c * t)),sockets=$s,cores=$c,threads=$t"
	IFS=/ read -r -a list <<< "$nodes"
	n=${#list[@]}
	for i in "${!list[@]}"; do
		echo -object; echo "memory-backend-ram,id=mem$i,size=$((1024 / n))M"
		echo -numa; echo "node,nodeid=$i,memdev=mem$i,cpus=${list[$i]//,/,cpus=}"
	done
	[ "$dist" = - ] && return 0
	for d in ${dist//,/ }; do
		IFS=: read -r a b v <<< "$d"
		echo -numa; echo "dist,src=$a,dst=$b,val=$v"
	done
}

# live_fixture NAME: the shape as tools/fixturec reads a machine: lscpu
# and lparstat of its present CPUs, no thread groups, the L2 per core
# (QEMU gives no l2-cache node: the kernel then takes the core's
# threads), no coregroups, and the node distances.
live_fixture() {
	local s c t p nodes dist list i cpus d a b v lineno
	read -r s c t p nodes dist <<< "${SHAPE[$1]}"
	lineno=$(grep -n "^$1[[:space:]]" "$LIVE_SHAPES_FILE" | cut -d: -f1)
	IFS=/ read -r -a list <<< "$nodes"
	cat <<-EOF
	name: $1
	source: constructed: make live shape, $LIVE_SHAPES_FILE line $lineno, booted under QEMU pseries
	System Configuration
	type=Shared mode=Uncapped smt=$t lcpu=$((p / t)) mem=1048576 kB cpus=$((p / t)) ent=$((p / t)).00
	CPU(s): $p
	On-line CPU(s) list: 0-$((p - 1))
	Thread(s) per core: $t
	Core(s) per socket: $c
	Socket(s): $((p / (c * t)))
	NUMA node(s): ${#list[@]}
	EOF
	for i in "${!list[@]}"; do
		cpus=$(cpus_expand "${list[$i]}" | awk -v p="$p" '$1 < p' | sort -n | cpus_compress)
		echo "NUMA node$i CPU(s): $cpus"
	done
	echo "thread-groups: none"
	echo "l2-shared-by: core"
	echo "coregroup: none"
	[ "$dist" = - ] && return 0
	for d in ${dist//,/ }; do
		IFS=: read -r a b v <<< "$d"
		echo "node-distance: $a $b $v"
	done
}

# qmp_cmd JSON: one QMP command on the coprocess's pipes (fds 3 and 4),
# its answer on stdout; events before it are skipped.
qmp_cmd() {
	local r
	echo "$1" >&4
	while read -r -t 20 r <&3; do
		case $r in *'"return"'*|*'"error"'*) echo "$r"; return 0 ;; esac
	done
	return 1
}

# live_boot NAME DIR VMLINUX TIMEOUT QEMU: boot the shape with QEMU (a
# qemu-system-ppc64 path) for at most TIMEOUT seconds, the console in
# DIR/console.log, QEMU's device tree after the kernel started (after
# client-architecture-support, as the kernel read it) in DIR/device-tree.dtb
# and .dts, what ran in DIR/qemu.txt.  Returns QEMU's exit status (124: timed out).
live_boot() {
	local name=$1 dir=$2 vmlinux=$3 timeout=$4 qemu=$5 args i rc start
	mapfile -t args < <(live_qemu_args "$name")
	for f in console.log device-tree.dtb device-tree.dts qemu.txt qemu.err; do
		[ ! -e "$dir/$f" ] || [ -f "$dir/$f" ] || die "$dir/$f exists and is not a regular file"
		rm -f "$dir/$f"
	done
	local cmdline="console=hvc0 panic=-1 sched_verbose loglevel=8 kunit.filter_glob=powerpc_topology_live kunit_shutdown=halt"
	local cmd=("$qemu" -nodefaults -display none -no-reboot -m 1024
		-M pseries,x-vof=on -cpu "${PPC_KUNIT_CPU:-power10}" "${args[@]}"
		-serial "file:$dir/console.log" -qmp stdio
		-kernel "$vmlinux" -append "$cmdline")
	{
		echo "qemu: $("$qemu" --version | sed -n 1p)"
		echo "command: ${cmd[*]}"
	} > "$dir/qemu.txt"
	start=$(date +%s.%N)
	coproc QEMU { exec timeout --kill-after=5 "$timeout" "${cmd[@]}" 2> "$dir/qemu.err"; }
	# Bash unsets these once the coprocess has ended.
	local pid=${QEMU_PID:-0}
	exec 3<&"${QEMU[0]}" 4>&"${QEMU[1]}"
	if read -r -t 20 i <&3 && qmp_cmd '{"execute":"qmp_capabilities"}' > /dev/null; then
		# CAS has rewritten the tree by the time the kernel prints.
		for i in $(seq $((timeout * 20))); do
			grep -q "Linux version" "$dir/console.log" 2> /dev/null && break
			kill -0 "$pid" 2> /dev/null || break
			sleep 0.05
		done
		qmp_cmd "{\"execute\":\"dumpdtb\",\"arguments\":{\"filename\":\"$dir/device-tree.dtb\"}}" \
			> "$dir/dumpdtb.json" || true
		cat <&3 > /dev/null
	fi
	exec 3<&- 4>&-
	rc=0
	wait "$pid" || rc=$?
	echo "seconds: $(echo "$(date +%s.%N) - $start" | bc | xargs printf '%.1f')" >> "$dir/qemu.txt"
	echo "exit: $rc" >> "$dir/qemu.txt"
	if [ -f "$dir/device-tree.dtb" ]; then
		dtc -q -I dtb -O dts -o "$dir/device-tree.dts" "$dir/device-tree.dtb" 2>> "$dir/qemu.err" || true
	fi
	return $rc
}
