#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The documentation against what it describes, no kernel needed: every
# target of the Makefile has a "### make TARGET" section in
# Documentation/usage.md and every section a target, every variable the
# Makefile exports is in usage.md's tables, "make help" lists every
# target, Documentation/suites.md lists every case of kunit/, and every
# relative link of README.md and Documentation/*.md
# names a file that exists.

set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/lib.sh"
. "$here/../lib/common.sh"

usage=$PROJECT/Documentation/usage.md
mk=$PROJECT/Makefile
targets=$(sed -n 's/^\([a-z-]*\):.*## .*/\1/p' "$mk" | sort)
phony=$(sed -n 's/^\.PHONY: *//p' "$mk" | tr ' ' '\n' | sed '/^$/d' | sort)
sections=$(sed -n 's/^### make \([a-z-]*\)$/\1/p' "$usage" | sort)

[ -n "$targets" ] && [ "$targets" = "$phony" ] &&
	ok "every target of the Makefile has a ## line for make help" ||
	not_ok "targets without a ## line, or ## lines without a .PHONY target: $(comm -3 <(echo "$targets") <(echo "$phony") | xargs)"
missing=$(comm -23 <(echo "$phony") <(echo "$sections") | xargs)
[ -z "$missing" ] &&
	ok "usage.md has a section for each of the $(wc -l <<< "$phony") targets" ||
	not_ok "usage.md has no '### make TARGET' section for: $missing"
extra=$(comm -13 <(echo "$phony") <(echo "$sections") | xargs)
[ -z "$extra" ] &&
	ok "usage.md describes no target the Makefile does not have" ||
	not_ok "usage.md describes targets the Makefile does not have: $extra"

vars=$(sed -n 's/^export //p' "$mk" | tr ' ' '\n' | sed '/^$/d')
missing=
for v in $vars; do
	grep -q "^| \`$v\` |" "$usage" || missing="$missing $v"
done
[ -z "$missing" ] &&
	ok "usage.md's options table has every variable the Makefile exports ($(wc -w <<< "$vars"))" ||
	not_ok "usage.md's options table lacks:$missing"

listed=$(make -s -C "$PROJECT" help | awk '/^  make / { print $2 }' | sort)
[ "$listed" = "$phony" ] &&
	ok "make help lists every target, one line each" ||
	not_ok "make help lists '$(xargs <<< "$listed")', the Makefile has '$(xargs <<< "$phony")'"

# Every case of kunit/ is listed in suites.md.
missing=
while read -r c; do
	grep -q "\`$c\`" "$PROJECT/Documentation/suites.md" || missing="$missing $c"
done < <(grep -hE '(KUNIT_CASE(_PARAM)?|TOPOLOGY_CASE_SLOW)\(' "$PROJECT"/kunit/*.c "$PROJECT"/kunit/harness/*.c | grep -v '^#define' |
	grep -oE '(KUNIT_CASE(_PARAM)?|TOPOLOGY_CASE_SLOW)\([a-z_0-9]+' | sed 's/.*(//' | sort -u)
[ -z "$missing" ] &&
	ok "Documentation/suites.md lists every case of kunit/" ||
	not_ok "Documentation/suites.md does not list:$missing"

broken=
for doc in "$PROJECT/README.md" "$PROJECT/tools/lab/README.md" "$PROJECT"/Documentation/*.md; do
	while IFS= read -r link; do
		target=${link%%#*}
		[ -z "$target" ] && continue
		[ -e "$(dirname "$doc")/$target" ] || broken="$broken ${doc#"$PROJECT"/}:$link"
	done < <(grep -oE '\]\([^)]+\)' "$doc" | sed 's/^](//; s/)$//' | grep -vE '^[a-z]+:')
done
[ -z "$broken" ] &&
	ok "every relative link of README.md and Documentation/ names a file that exists" ||
	not_ok "links to nothing:$broken"

# Every variable a script of tools/ reads (${VAR...}) is named in
# usage.md, in one of its two tables.
unlisted=
while IFS= read -r var; do
	grep -qE '^\| .*`'"$var"'`.* \|' "$PROJECT/Documentation/usage.md" || unlisted="$unlisted $var"
done < <(git -C "$PROJECT" ls-files tools | grep -vE '^tools/(lab/)?tests/' | sed "s|^|$PROJECT/|" |
	xargs grep -ohE '\$\{[A-Z][A-Z0-9_]+(:-|:\+|\}|-)' | sed -E 's/^\$\{//; s/(:-|:\+|\}|-)$//' | sort -u)
[ -z "$unlisted" ] &&
	ok "usage.md's tables name every variable the scripts read" ||
	not_ok "usage.md's tables lack:$unlisted"

# Every message the scripts die with is in troubleshooting.md, by the
# words before its first variable (the usage lines of the helpers in
# tools/lib/, which only the scripts call, aside).
undocumented=
while IFS= read -r msg; do
	words=${msg%%\$*}
	words=${words:0:25}
	[ ${#words} -lt 8 ] && continue
	case $words in "usage: "*) continue ;; esac
	grep -qF -- "$words" "$PROJECT/Documentation/troubleshooting.md" ||
		undocumented="$undocumented
  $msg"
done < <(git -C "$PROJECT" ls-files tools | grep -vE '^tools/(lab/)?tests/' |
	sed "s|^|$PROJECT/|" | xargs grep -hoE 'die "[^"]*"' | sed -E 's/^die "//; s/"$//' | sort -u)
[ -z "$undocumented" ] &&
	ok "troubleshooting.md has every message the scripts die with" ||
	not_ok "troubleshooting.md lacks:$undocumented"
finish
