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
CONFIG_HVC_CONSOLE=y
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y''',
			   qemu_arch='ppc64',
			   kernel_path='vmlinux',
			   kernel_command_line='console=hvc0 panic=-1',
			   extra_qemu_params=['-M', 'pseries,x-vof=on', '-cpu', _cpu,
					      '-smp', f'{_smp},maxcpus={_maxcpus}'] + _extra)
