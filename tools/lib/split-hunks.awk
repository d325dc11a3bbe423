# SPDX-License-Identifier: GPL-2.0
#
# split-hunks.awk (awk -v K=2 -f split-hunks.awk PATCH): PATCH with every
# hunk cut into smaller ones, each a run of changed lines with at most K
# lines of context on each side (runs fewer than 2K+1 context lines apart
# stay together), header counts recomputed, everything outside hunks as
# it is.  A hunk the base changed in its middle (lines inserted between
# two of its changes) then applies as two, each with the fuzz of its own
# edges: what a reviewer does by hand with a hunk that does not fit.

function flush(   i, j, s, e, os, ns, oc, nc, c, last, first) {
	if (!n)
		return
	i = 1
	while (i <= n) {
		# the next changed line
		while (i <= n && substr(L[i], 1, 1) == " ")
			i++
		if (i > n)
			break
		s = i
		e = i
		# extend over changes, and over context gaps shorter than 2K+1
		for (j = i; j <= n; j++) {
			if (substr(L[j], 1, 1) != " ") {
				e = j
			} else if (j - e > 2 * K) {
				break
			}
		}
		first = s - K < 1 ? 1 : s - K
		last = e + K > n ? n : e + K
		# start lines: count old/new lines before "first"
		os = ostart; ns = nstart
		for (c = 1; c < first; c++) {
			if (substr(L[c], 1, 1) != "+") os++
			if (substr(L[c], 1, 1) != "-") ns++
		}
		oc = 0; nc = 0
		for (c = first; c <= last; c++) {
			if (substr(L[c], 1, 1) != "+") oc++
			if (substr(L[c], 1, 1) != "-") nc++
		}
		printf "@@ -%d,%d +%d,%d @@%s\n", os, oc, ns, nc, tail
		for (c = first; c <= last; c++)
			print L[c]
		i = last + 1
	}
	n = 0
}
/^@@ / {
	flush()
	split($2, o, ","); split($3, w, ",")
	ostart = substr(o[1], 2) + 0; nstart = substr(w[1], 2) + 0
	# What the header says is left: a mail's "-- " signature after the
	# last hunk is not a removed line.
	oleft = 2 in o ? o[2] + 0 : 1; nleft = 2 in w ? w[2] + 0 : 1
	tail = $0; sub(/^@@ [^@]* @@/, "", tail)
	inhunk = oleft + nleft > 0
	next
}
inhunk && /^[ +-]/ {
	L[++n] = $0
	if (substr($0, 1, 1) != "+") oleft--
	if (substr($0, 1, 1) != "-") nleft--
	inhunk = oleft + nleft > 0
	next
}
/^\\/ && n { L[++n] = $0; next }
{ flush(); inhunk = 0; print }
END { flush() }
