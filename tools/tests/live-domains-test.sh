#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of tools/report/live_domains.py on hand-written console logs of an
# eight-CPU, two-node boot (tools/tests/consoles/live-*.log): it passes
# only when the scheduler's domains, the model's and the QEMU layout all
# agree, and names the CPU and both sides when they do not.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
tools=$(dirname "$here")
. "$here/lib.sh"

logs=$here/consoles
check() { "$tools/report/live_domains.py" --node 0-3 --node 4-7 "$@"; }

expect_ok "scheduler, model and layout agree on every CPU" check "$logs/live-agree.log"
expect_fail "a model that keeps a degenerate level is caught" \
	'not ok - CPU5: scheduler built DIE 4-7, NUMA 0-7; the model predicts DIE 4-7, NODE 4-7, NUMA 0-7' \
	check "$logs/live-model-differs.log"
expect_fail "domains that agree with a wrong model but not with QEMU's layout are caught" \
	'not ok - CPU4: spans 4-5 then 0-7; one-thread cores in nodes 0-3 4-7 give 4-7 then 0-7' \
	check "$logs/live-layout-differs.log"
expect_fail "the last attachment of a CPU's domains is the one compared" \
	'not ok - CPU6: scheduler built NUMA 0-7; the model predicts DIE 4-7, NUMA 0-7' \
	check "$logs/live-rebuilt.log"
expect_fail "a log without the model's lines is an error, not a pass" \
	'no "domains CPU" lines' check "$logs/live-no-model.log"
expect_fail "a missing log is an error naming it" \
	"live_domains: .*No such file or directory: '$logs/none.log'" check "$logs/none.log"
expect_fail "a malformed --node is an error" "not a CPU list: 'x'" \
	"$tools/report/live_domains.py" --node x "$logs/live-agree.log"

finish
