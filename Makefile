# SPDX-License-Identifier: GPL-2.0
#
#   make run     build a patched kernel and run the KUnit suites under QEMU
#   make check   the project's own tests, 7.3 in full, "make run" on 6.12 and 6.1
#   make live    real QEMU 10 boots of SMT1-8 shapes, against fixturec and the fake bring-up
#   make bench   build and run times of the harness and of plain kunit.py
#   make matrix  each patch's paired cases fail before it and pass after it
#   make mutants mutation testing of the topology code and vcpu_is_preempted()
#   make presubmit  before posting: checkpatch, new warnings, seam, matrix
#   make export  the suites as a format-patch series for the kernel tree
#   make merge   the parts of a sharded matrix or mutants run (SHARD=I/N), as one report
#   make fuzz    the fixture compiler under libFuzzer, ASan and UBSan
#   make truth-table   the vcpu_is_preempted() table the suite checks (SMT=4|8)
#   make show    the sched domains the kernel builds for FIXTURE=name, as a tree
#
# See README.md for the options (BASE, CPU, FILTER, TIMEOUT, ...).

BASE ?= 7.3
CPU ?= power10
export BASE CPU FILTER TIMEOUT KERNEL_ARGS OUT RFC KASAN FIXTURE SHARD PARTS SERIES TREE

.PHONY: run check live bench truth-table matrix mutants merge presubmit export fuzz show ci-local

run:
	@tools/run-kunit

check:
	@tools/check

live:
	@tools/live-check

bench:
	@tools/bench

SMT ?= 4
truth-table:
	@$(MAKE) -s -C tools truth-table
	@tools/truth-table $(SMT)

matrix:
	@tools/matrix $(BASE)

mutants:
	@tools/mutants

merge:
	@tools/merge

presubmit:
	@tools/presubmit

export:
	@tools/export

fuzz:
	@tools/fuzz

show:
	@tools/show

ci-local:
	@tools/ci-local
