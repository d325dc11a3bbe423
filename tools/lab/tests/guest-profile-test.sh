#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of the profile's report (tools/lab/report/guest_profile.py),
# on hand-made samples: no guest runs.  A sample goes to the case whose
# printk times hold it, once the timebase's offset from printk's clock is
# taken from boot_tb; its function and callers come from System.map; the harness's
# share counts the samples in its own functions, and the kernel code it
# called, apart.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/../../tests/lib.sh"
. "$here/../../lib/common.sh"

scratch=$(mktemp -d /tmp/ppc-kunit-profile-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
profile=$PROJECT/tools/lab/report/guest_profile.py

cat > "$scratch/System.map" <<'MAP'
c000000000001000 T kernel_work
c000000000002000 T harness_case
c000000000003000 t harness_helper
c000000000004000 T boot_work
c000000000005000 T _end_of_text
MAP
printf 'harness_case\nharness_helper\n' > "$scratch/harness"
cat > "$scratch/console.log" <<'CONSOLE'
[    0.500000] Linux version 7.3
[    1.000000] KTAP version 1
[    1.000000]     KTAP version 1
[    1.000000]     # Subtest: suite_a
[    1.000000]         KTAP version 1
[    1.000000]         # Subtest: case_one
[    2.000000]         ok 1 small
[    4.000000]         ok 2 large
[    4.000000]     ok 1 case_one
[    5.000000]     ok 2 case_plain
[    5.000000] ok 1 suite_a
CONSOLE
# Timebase seconds = printk seconds + 7.25 (boot_tb): the boot's samples first,
# then two in "small", four in "large" (two in the harness, one in the
# kernel it called, one in the kernel alone), one in case_plain.
python3 - "$scratch/samples.json" <<'PY'
import json, sys
k, h, hh, b = 0xc000000000001010, 0xc000000000002010, 0xc000000000003010, 0xc000000000004010
off = 7.25
s = [[off + 0.1, b, b, []], [off + 0.6, b, b, []],
     [off + 1.2, k, k, []], [off + 1.7, k, k, []],
     [off + 2.1, h, k, []], [off + 2.6, hh, h, []], [off + 3.1, k, k, [h]], [off + 3.6, k, k, []],
     [off + 4.5, k, k, []]]
json.dump({'boot_tb': int(off * 512e6), 'boot_same': 20, 'samples': s}, open(sys.argv[1], 'w'))
PY
python3 "$profile" report "$scratch/samples.json" "$scratch/console.log" "$scratch/System.map" \
	"$scratch/harness" > "$scratch/report" 2>&1 || true

expect_line() {
	local what=$1 line=$2
	if grep -qxF -- "$line" "$scratch/report"; then
		ok "$what"
	else
		not_ok "$what: no line '$line' in the report:"
		sed 's/^/#   /' "$scratch/report"
	fi
}
expect_line "the samples in cases are counted, the boot's left out" "7 samples in cases (9 taken, every 0.01 s)"
expect_line "a parameter's samples are its own" "  57.1 %  suite_a.case_one/large"
expect_line "a parameter with few samples" "  28.6 %  suite_a.case_one/small"
expect_line "a case without parameters" "  14.3 %  suite_a.case_plain"
expect_line "the harness's own functions" "  28.6 %  harness"
expect_line "the kernel code the harness called" "  14.3 %  kernel, called by the harness"
expect_line "a chain names the function and its callers" "  14.3 %  kernel_work <- kernel_work <- harness_case"

if python3 "$profile" report "$scratch/samples.json" "$scratch/System.map" "$scratch/System.map" \
	"$scratch/harness" > "$scratch/err" 2>&1; then
	not_ok "a console without printk times is refused"
else
	grep -q "no printk times\|printk.time" "$scratch/err" && ok "a console without printk times is refused" ||
		not_ok "a console without printk times: $(cat "$scratch/err")"
fi
finish
