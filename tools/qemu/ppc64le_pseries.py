# SPDX-License-Identifier: GPL-2.0
#
# kunit.py QEMU configuration: a little-endian ppc64 kernel on a pseries
# machine.  kunit.py's own powerpc configuration builds big-endian, so the
# harness passes this file with --qemu_config instead.
#
# The harness exports the CPU model and the CPU counts; the defaults below
# are what "make run" uses.  One CPU is online so that no other CPU can run
# while a test has injected a fake topology; maxcpus gives per-CPU data
# (paca, lppaca, topology masks) to every CPU of the largest fixture.
#
# x-vof=on boots the kernel through QEMU's minimal Virtual Open Firmware
# instead of SLOF, which TCG runs slowly: the client interface prom_init
# uses is all the kernel needs from firmware here.

import os

from ..qemu_config import QemuArchParams

_cpu = os.environ.get('PPC_KUNIT_CPU', 'power10')
_smp = os.environ.get('PPC_KUNIT_SMP', '1')
_maxcpus = os.environ.get('PPC_KUNIT_MAXCPUS', '768')
_extra = os.environ.get('PPC_KUNIT_QEMU_EXTRA', '').split()

# NUMA nodes 0 to 8, each with memory, all possible CPUs in node 0 (boot
# puts them where firmware says and the tests move them): a fixture's
# CPUs live in its nodes (up to 8, p9-smt4-host-128), and the
# scheduler's domain builder allocates on cpu_to_node().  Up to 6.12
# SLUB took a node without memory for NUMA_NO_NODE; on 7.3 it indexes
# the cache's per-node array (nr_node_ids long) and the node's pglist_data
# with it, so every node a fixture uses must exist.  pseries wants each
# node's memory in multiples of 256 MiB; a larger -m (KASAN's) is kept,
# and a caller's own -numa layout (make live) replaces this one.
#
# Node 0 has more: it holds the kernel and every possible CPU's per-CPU
# area (128 KiB each, 96 MiB for 768 CPUs), and the domain builder and
# the tests allocate on it for the one CPU that runs.  With 256 MiB it ran
# low during a run and the allocator reclaimed on each build of the
# largest machine.
_NODES = 9
_NODE_MB = 256
_NODE0_MB = 1024
if '-numa' not in _extra:
	_mem_mb = _NODE0_MB + (_NODES - 1) * _NODE_MB
	_rest = []
	_args = iter(_extra)
	for _a in _args:
		if _a == '-m':
			_v = next(_args, '')
			_mb = int(_v[:-1]) * 1024 if _v.endswith('G') else int(_v.rstrip('M'))
			_mem_mb = max(_mem_mb, -(-_mb // _NODE_MB) * _NODE_MB)
		else:
			_rest.append(_a)
	_extra = _rest + ['-m', f'{_mem_mb}M']
	for _n in range(_NODES):
		_size = _mem_mb - (_NODES - 1) * _NODE_MB if _n == 0 else _NODE_MB
		_cpus = f',cpus=0-{int(_maxcpus) - 1}' if _n == 0 else ''
		_extra += ['-object', f'memory-backend-ram,id=mem{_n},size={_size}M',
			   '-numa', f'node,nodeid={_n}{_cpus},memdev=mem{_n}']

# With one CPU, the idle loop spins instead of ceding to the hypervisor
# (powersave=off), so that the fake hypervisor may answer H_CEDE,
# H_CONFER and H_PROD on the entry point the idle loop cedes through
# (kunit/fake_hcall.c); with several, their cases skip, and CPUs ceding
# keep TCG's threads free.
_cmdline = 'console=hvc0 panic=-1' + (' powersave=off' if _smp == '1' else '')

QEMU_ARCH = QemuArchParams(linux_arch='powerpc',
			   kconfig='''
CONFIG_PPC64=y
CONFIG_PPC_BOOK3S_64=y
CONFIG_CPU_LITTLE_ENDIAN=y
CONFIG_PPC_PSERIES=y
CONFIG_PPC_SPLPAR=y
CONFIG_SMP=y
CONFIG_NR_CPUS=2048
CONFIG_SCHED_SMT=y
CONFIG_NUMA=y
CONFIG_HVC_CONSOLE=y''',
			   qemu_arch='ppc64',
			   kernel_path='vmlinux',
			   kernel_command_line=_cmdline,
			   extra_qemu_params=['-M', 'pseries,x-vof=on', '-cpu', _cpu,
					      '-smp', f'{_smp},maxcpus={_maxcpus}'] + _extra)
