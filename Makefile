# SPDX-License-Identifier: GPL-2.0
#
# "make help" lists the targets, from the "## " comment on each target's
# line below.  Documentation/usage.md describes every target and option;
# tools/tests/usage-test.sh keeps the two the same.

# The project, for "make -C DIR -f .../Makefile ci-local" run on another
# definition (tools/lab/tests/ci-local-test.sh).
TOP := $(patsubst %/,%,$(dir $(abspath $(firstword $(MAKEFILE_LIST)))))

# make review moves a posting that does not apply to the default base to
# the nearest one, never one the user asked for.
REVIEW_BASE := $(if $(filter undefined,$(origin BASE)),nearest,$(BASE))
BASE ?= 7.3
CPU ?= power10
export BASE CPU FILTER ISOLATED BOOTS TIMEOUT KERNEL_ARGS OUT RFC KASAN KCONFIG REGRESSIONS FIXTURE SHARD PARTS SERIES TREE REVIEW_EACH REVIEW_LIVE REVIEW SMP_CHECK_CPUS BUILD_MATRIX

.PHONY: run check help live bench truth-table matrix mutants merge presubmit export build-matrix smp-check fuzz show ci-local lint regressions review profile

run: ## build a patched kernel and run the KUnit suites under QEMU
	@tools/run-kunit

check: ## the project's own tests: lint, host tests, 7.3 in full, "make run" on 6.12 and 6.1
	@tools/check

help: ## this list
	@awk -F ':.*## ' '/^[a-z-]+:.*## / { \
		if (sub(/^lab: /, "", $$2)) lab = lab sprintf("  make %-12s %s\n", $$1, $$2); \
		else printf "  make %-12s %s\n", $$1, $$2 } \
		END { printf "\nlab (research tooling: mutants, benchmarks, fuzzing, CI plumbing):\n%s", lab }' \
		$(firstword $(MAKEFILE_LIST))

lint: ## shellcheck on every shell script, pyflakes3 on every Python file
	@tools/lint

live: ## real QEMU 10 boots of SMT1-8 shapes, SMT control, DLPAR and boot inputs, against fixturec and the fake bring-up
	@tools/live-check

bench: ## lab: build and run times of the harness and of plain kunit.py
	@tools/lab/bench

profile: ## lab: where a guest spends the time of the cases of FILTER=GLOB (QEMU's view of the vCPU, per function, call chain and case)
	@tools/lab/profile

SMT ?= 4
truth-table: ## lab: the vcpu_is_preempted() table the suite checks (SMT=4|8)
	@$(MAKE) -s -C tools/lab truth-table/truth-table
	@tools/lab/truth-table/truth-table $(SMT)

matrix: ## each patch's paired cases fail before it and pass after it
	@tools/matrix $(BASE)

mutants: ## lab: mutation testing of the topology code and vcpu_is_preempted()
	@tools/lab/mutants

regressions: ## replay the regressions of patches/BASE/regressions: each red, the base green
	@tools/regressions

review: ## a mailed series (SERIES=) patch by patch against the tree without it: cases, machines, truth tables
	@REVIEW_BASE=$(REVIEW_BASE) tools/review

merge: ## lab: the parts of a sharded matrix or mutants run (SHARD=I/N), as one report
	@tools/lab/merge

presubmit: ## before posting: checkpatch, new warnings, seam, matrix
	@tools/presubmit

export: ## the suites as a format-patch series for the kernel tree
	@tools/export

build-matrix: ## lab: the exported series configured as tools/lab/build-matrix.txt says (BUILD_MATRIX=rows), the directories it touches built with W=1
	@tools/lab/build-matrix

smp-check: ## the exported series with KUNIT_ALL_TESTS, KASAN and lockdep, booted with 1 and 8 CPUs, debugfs read after boot
	@tools/smp-check

fuzz: ## lab: the fixture compiler under libFuzzer, ASan and UBSan
	@tools/lab/fuzz

show: ## the sched domains the kernel builds for FIXTURE=name: a tree for a mail, a picture with the hardware
	@tools/show

ci-local: ## lab: .gitlab-ci.yml run here by gitlab-ci-local as shell jobs [CI_JOBS=...] [CI_VARIABLES="K=V ..."]
	@$(TOP)/tools/lab/ci-local --force-shell-executor --shell-isolation --no-artifacts-to-source \
		$(addprefix --variable ,$(CI_VARIABLES)) $(CI_JOBS)
