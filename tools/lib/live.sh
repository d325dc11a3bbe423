# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The steps of make live's matrix (tools/live-check), sourced after
# common.sh: read tools/lib/live-shapes, turn a shape into QEMU's options
# and into a fixture for tools/fixturec -l, and boot it once.

LIVE_SHAPES_FILE=${PPC_KUNIT_LIVE_SHAPES:-$PROJECT/tools/lib/live-shapes}

# live_regular PATH...: die unless each PATH is absent or a regular file:
# an output is never written, renamed or removed over anything else.
live_regular() {
	local f
	for f in "$@"; do
		[ ! -e "$f" ] || [ -f "$f" ] || die "$f exists and is not a regular file"
	done
}

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
	local lineno=0 line w name s c t p nodes dist total n cpu seen d a b v opts
	while IFS= read -r line || [ -n "$line" ]; do
		lineno=$((lineno + 1))
		line=${line%%#*}
		read -r -a w <<< "$line"
		[ ${#w[@]} -eq 0 ] && continue
		at="$LIVE_SHAPES_FILE:$lineno"
		[ ${#w[@]} -ge 7 ] ||
			die "$at: expected 'NAME SOCKETS CORES THREADS PRESENT NODES DISTANCES [OPTION...]', got '$line'"
		read -r name s c t p nodes dist _ <<< "${w[*]}"
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
		# The options: what the boot or the run does differently.
		opts=
		for v in "${w[@]:7}"; do
			case $v in
			runtime)
				[ $((p + 2 * t)) -le "$total" ] ||
					die "$at: runtime adds two cores: want two possible cores beyond the $p present CPUs" ;;
			nr_cpus=*|smt-enabled=*)
				[[ ${v#*=} =~ ^[1-9][0-9]*$ ]] || die "$at: option '$v': want a positive number" ;;
			memless=*)
				[[ ${v#memless=} =~ ^[0-9]+(,[0-9]+)*$ ]] || die "$at: option '$v': want node numbers"
				for a in ${v//[!0-9]/ }; do
					[ "$a" -lt "$n" ] || die "$at: option '$v': no node $a"
				done
				[ "$(tr , '\n' <<< "${v#memless=}" | sort -u | wc -l)" -lt "$n" ] ||
					die "$at: option '$v': some node must have memory" ;;
			form1) ;;
			*) die "$at: unknown option '$v': want runtime, nr_cpus=N, smt-enabled=N, memless=NODES or form1" ;;
			esac
			[[ ";$opts;" != *";${v%%=*}"[\;=]* ]] || die "$at: option '${v%%=*}' given twice"
			opts=${opts:+$opts;}$v
		done
		if [[ ";$opts;" == *";runtime;"* ]] && [[ ";$opts" =~ \;(nr_cpus|smt-enabled)= ]]; then
			die "$at: runtime starts from every present CPU online: not with nr_cpus= or smt-enabled="
		fi
		SHAPE[$name]="$s $c $t $p $nodes $dist ${opts:--}"
		SHAPES+=("$name")
	done < "$LIVE_SHAPES_FILE"
	[ ${#SHAPES[@]} -gt 0 ] || die "$LIVE_SHAPES_FILE: no shapes"
}

# live_opt NAME KEY: true if the shape has option KEY (runtime, form1,
# nr_cpus=N...), and its value, if any, on stdout.
live_opt() {
	local o opts
	read -r _ _ _ _ _ _ opts <<< "${SHAPE[$1]}"
	for o in ${opts//;/ }; do
		case $o in
		"$2") return 0 ;;
		"$2"=*) echo "${o#*=}"; return 0 ;;
		esac
	done
	return 1
}

# live_machine NAME: QEMU's -M.  form1: a machine type before FORM2
# affinity (QEMU 6.2), so that the kernel reads FORM1 associativity.
live_machine() {
	if live_opt "$1" form1; then echo "pseries-6.1,x-vof=on"; else echo "pseries,x-vof=on"; fi
}

# live_cmdline NAME: the boot inputs the shape adds to the kernel's
# command line.
live_cmdline() {
	local v out=
	v=$(live_opt "$1" nr_cpus) && out="$out nr_cpus=$v"
	v=$(live_opt "$1" smt-enabled) && out="$out smt-enabled=$v"
	echo "${out# }"
}

# live_present NAME, live_online NAME: the CPUs present, and online,
# after the boot, if its inputs leave out some CPU QEMU gives; nothing
# otherwise.  nr_cpus=N: the first N CPUs, N rounded up to whole cores
# (the kernel's own rule since "powerpc/smp: Adjust nr_cpu_ids to cover
# all threads of a core"), are possible and present, the others are not.
# smt-enabled=N: the first N threads of each present core come up.
live_present() {
	local t p v limit
	read -r _ _ t p _ <<< "${SHAPE[$1]}"
	v=$(live_opt "$1" nr_cpus) || return 0
	limit=$(( (v + t - 1) / t * t ))
	[ "$limit" -lt "$p" ] || return 0
	echo "0-$((limit - 1))"
}
live_online() {
	local t p v present smt
	read -r _ _ t p _ <<< "${SHAPE[$1]}"
	present=$(live_present "$1")
	v=$(live_opt "$1" smt-enabled) || { echo "$present"; return 0; }
	smt=$(( v < t ? v : t ))
	cpus_expand "${present:-0-$((p - 1))}" | awk -v t="$t" -v n="$smt" '$1 % t < n' | cpus_compress
}

# live_qemu_args NAME: QEMU's options for the shape, one per line.
# memless=NODES: those nodes get CPUs and no memory; the others share
# the 1 GB.
live_qemu_args() {
	local s c t p nodes dist i n list d a b v memless mem
	read -r s c t p nodes dist _ <<< "${SHAPE[$1]}"
	echo -smp; echo "$p,maxcpus=$((s * c * t)),sockets=$s,cores=$c,threads=$t"
	IFS=/ read -r -a list <<< "$nodes"
	n=${#list[@]}
	memless=$(live_opt "$1" memless) || memless=
	mem=$((n - $(tr , '\n' <<< "$memless" | grep -c . || true)))
	for i in "${!list[@]}"; do
		if [[ ,$memless, == *",$i,"* ]]; then
			echo -numa; echo "node,nodeid=$i,cpus=${list[$i]//,/,cpus=}"
			continue
		fi
		echo -object; echo "memory-backend-ram,id=mem$i,size=$((1024 / mem))M"
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
	read -r s c t p nodes dist _ <<< "${SHAPE[$1]}"
	# "all": every possible CPU present, for the runtime steps (-O).
	[ "${2:-}" = all ] && p=$((s * c * t))
	lineno=$(grep -n "^$1[[:space:]]" "$LIVE_SHAPES_FILE" | cut -d: -f1)
	IFS=/ read -r -a list <<< "$nodes"
	cat <<-EOF
	name: $1
	source: constructed: make live shape, ${LIVE_SHAPES_FILE#"$PROJECT"/} line $lineno, booted under QEMU pseries
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

# live_firmware DTS: the properties of QEMU's device tree that the
# kernel's topology and NUMA code reads, node by node: for the CPU nodes
# ibm,ppc-interrupt-server#s (the hardware threads), ibm,chip-id,
# ibm,associativity, ibm,thread-groups and l2-cache/next-level-cache,
# every cache node, the core DRCs of /cpus (possible, hot-pluggable
# cores), the NUMA properties of /rtas and the memory nodes' associativity.
# A property the tree lacks is listed as "(none)".
live_firmware() {
	awk '
	function flush() {
		if (kind == "cpu")
			for (i = 1; i <= ncpu; i++)
				if (!(cpuprops[i] in seen))
					print "  " cpuprops[i] " (none)"
		delete seen
	}
	BEGIN {
		ncpu = split("ibm,ppc-interrupt-server#s ibm,chip-id ibm,associativity ibm,thread-groups l2-cache next-level-cache", cpuprops, " ")
		want["rtas"] = "ibm,associativity-reference-points ibm,numa-lookup-index-table ibm,numa-distance-table ibm,max-associativity-domains ibm,current-associativity-domains"
		want["cpus"] = "ibm,drc-indexes ibm,drc-names"
		want["memory"] = "ibm,associativity reg"
		want["cache"] = "device_type cache-level next-level-cache"
		for (i = 1; i <= ncpu; i++) want["cpu"] = want["cpu"] " " cpuprops[i]
	}
	/^\t*[^ \t=]+ \{$/ {
		flush()
		name = $1
		kind = ""
		if (name ~ /^PowerPC,/) kind = "cpu"
		else if (name ~ /^(l2-cache|l3-cache|cache)/ || name ~ /-cache@/) kind = "cache"
		else if (name == "rtas" || name == "cpus") kind = name
		else if (name ~ /^memory@/) kind = "memory"
		if (kind != "") print name
		next
	}
	kind != "" && /=|;$/ {
		line = $0
		sub(/^[ \t]+/, "", line)
		prop = line
		sub(/[ =;].*/, "", prop)
		if (index(" " want[kind] " ", " " prop " ")) {
			seen[prop] = 1
			print "  " line
		}
	}
	END { flush() }' "$1"
}

# live_boot_fake DIR VMLINUX TIMEOUT QEMU: boot once with one online
# CPU (every fake state needs it) and 768 possible, four memory nodes,
# and powerpc_topology_fake_live, which brings every shape up through the
# fake firmware and prints its masks and domains; the console in
# DIR/console.log, what ran in DIR/qemu.txt.  Returns QEMU's status.
live_boot_fake() {
	local dir=$1 vmlinux=$2 timeout=$3 qemu=$4 n rc=0 start args=()
	for f in console.log qemu.txt qemu.err; do
		[ ! -e "$dir/$f" ] || [ -f "$dir/$f" ] || die "$dir/$f exists and is not a regular file"
		rm -f "$dir/$f"
	done
	for n in 0 1 2 3; do
		args+=(-object "memory-backend-ram,id=mem$n,size=256M"
		       -numa "node,nodeid=$n,memdev=mem$n$([ $n -eq 0 ] && echo ,cpus=0-767)")
	done
	local cmd=("$qemu" -nodefaults -display none -no-reboot -m 1024
		-M "pseries,x-vof=on" -cpu "${PPC_KUNIT_CPU:-power10}" -smp "1,maxcpus=768" "${args[@]}"
		-serial "file:$dir/console.log" -kernel "$vmlinux"
		-append "console=hvc0 panic=-1 kunit.filter_glob=powerpc_topology_fake_live ppc_kunit_fake_live.run=1 kunit_shutdown=halt")
	{
		echo "qemu: $("$qemu" --version | sed -n 1p)"
		echo "command: ${cmd[*]}"
	} > "$dir/qemu.txt"
	start=$(date +%s.%N)
	timeout --kill-after=5 "$timeout" "${cmd[@]}" < /dev/null > /dev/null 2> "$dir/qemu.err" || rc=$?
	echo "seconds: $(echo "$(date +%s.%N) - $start" | bc | xargs printf '%.1f')" >> "$dir/qemu.txt"
	echo "exit: $rc" >> "$dir/qemu.txt"
	return $rc
}

# live_runtime NAME CONTROL: the runtime steps of a "runtime" shape, one
# "STEP ONLINE-CPUS" line each, and "add CORE CORE" and "remove CORE"
# (QEMU core-ids: a core's first CPU) where QEMU acts.  With more than one
# thread per core: SMT to half the threads (smt-half), two possible
# cores beyond the present ones hot-added, the first of them removed,
# the second core offline (core-off), SMT back on, which leaves that
# core offline (smt-restored), then forced off (smt-off).  CONTROL 1: the
# kernel has SMT control (HOTPLUG_SMT: 6.6 on), the case switches SMT
# through it and the DLPAR code onlines only the threads SMT allows
# ("powerpc/pseries: Honour current SMT state when DLPAR onlining
# CPUs"); 0: the case offlines and onlines the threads one by one as
# ppc64_cpu --smt=N does, and a hot-added core comes up whole.
live_runtime() {
	local s c t p _r control=$2 kept added whole
	read -r s c t p _r <<< "${SHAPE[$1]}"
	kept=$( { seq 0 $((p - 1)); seq $((p + t)) $((p + 2 * t - 1)); } | cpus_compress)
	added="0-$((p + 2 * t - 1))"
	[ "$t" -gt 1 ] || { printf 'add %s %s\nremove %s\nadded %s\nremoved %s\n' \
		"$p" $((p + t)) "$p" "$added" "$kept"; return 0; }
	# half LIST [ALL-FROM]: the first half of each core's threads in
	# LIST, and every thread from CPU ALL-FROM on.
	half() {
		cpus_expand "$1" | awk -v t="$t" -v all="${2:-999999}" '$1 % t < t / 2 || $1 >= all' | cpus_compress
	}
	# Without SMT control the hot-added cores (CPU p on) come up whole.
	whole=$p
	[ "$control" != 1 ] || whole=
	echo "smt-half $(half "0-$((p - 1))")"
	echo "add $p $((p + t))"
	echo "remove $p"
	echo "added $(half "$added" "$whole")"
	echo "removed $(half "$kept" "$whole")"
	# The second core offline; SMT on leaves it so.
	kept=$(cpus_expand "$kept" | awk -v t="$t" '$1 < t || $1 >= 2 * t' | cpus_compress)
	echo "core-off $(half "$kept" "$whole")"
	echo "smt-restored $kept"
	echo "smt-off $(cpus_expand "$kept" | awk -v t="$t" '$1 % t == 0' | cpus_compress)"
}

# live_wait_console DIR TEXT PID: wait until the console shows TEXT,
# while QEMU (PID) runs; false if it ended first.
live_wait_console() {
	while ! grep -qF "$2" "$1/console.log" 2> /dev/null; do
		kill -0 "$3" 2> /dev/null || return 1
		sleep 0.1
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
	local name=$1 dir=$2 vmlinux=$3 timeout=$4 qemu=$5 args i rc start core
	mapfile -t args < <(live_qemu_args "$name")
	for f in console.log device-tree.dtb device-tree.dts firmware.txt qemu.txt qemu.err dumpdtb.json qmp.log; do
		[ ! -e "$dir/$f" ] || [ -f "$dir/$f" ] || die "$dir/$f exists and is not a regular file"
		rm -f "$dir/$f"
	done
	# sched_verbose prints every CPU's domains at each of a runtime shape's
	# rebuilds, faster than the console writes them: a log buffer of 8 MB
	# keeps them all.
	local cmdline="console=hvc0 panic=-1 log_buf_len=8M sched_verbose loglevel=8 kunit.filter_glob=powerpc_topology_live kunit_shutdown=halt"
	cmdline="$cmdline $(live_cmdline "$name")"
	! live_opt "$name" runtime || cmdline="$cmdline topology_live_test.runtime=1"
	local cmd=("$qemu" -nodefaults -display none -no-reboot -m 1024
		-M "$(live_machine "$name")" -cpu "${PPC_KUNIT_CPU:-power10}" "${args[@]}"
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
		if live_opt "$name" runtime; then
			# The case asks for each change on the console, and waits.
			# The core type of -cpu power10 (power9: power9_v2.2).
			local type=power10_v2.0-spapr-cpu-core
			[ "${PPC_KUNIT_CPU:-power10}" = power9 ] && type=power9_v2.2-spapr-cpu-core
			if live_wait_console "$dir" "live wait: add" "$pid"; then
				for core in $(live_runtime "$name" 1 | sed -n 's/^add //p'); do
					echo "device_add core-id=$core: $(qmp_cmd "{\"execute\":\"device_add\",\"arguments\":{\"driver\":\"$type\",\"core-id\":$core,\"id\":\"live-core$core\"}}")" >> "$dir/qmp.log"
				done
			fi
			if live_wait_console "$dir" "live wait: remove" "$pid"; then
				core=$(live_runtime "$name" 1 | sed -n 's/^remove //p')
				echo "device_del live-core$core: $(qmp_cmd "{\"execute\":\"device_del\",\"arguments\":{\"id\":\"live-core$core\"}}")" >> "$dir/qmp.log"
			fi
		fi
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
	[ ! -s "$dir/device-tree.dts" ] || live_firmware "$dir/device-tree.dts" > "$dir/firmware.txt"

	return $rc
}
