#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# mutants_vcpu.py PARAVIRT_H N: print paravirt.h with line rule N of
# vcpu_is_preempted() broken, one mutant per rule of kunit/vcpu_oracle.h.
# "list" instead of N prints the rules.  Fails if the code a rule names
# is not found, so a mutant never silently equals the original.

import sys

# (rule, what breaks, text in vcpu_is_preempted(), replacement)
MUTANTS = [
	('1', 'dedicated processors are never preempted',
	 '\tif (!is_shared_processor())\n\t\treturn false;\n',
	 '\tif (0)\n\t\treturn false;\n'),
	('2', 'a dispatched target is not preempted',
	 '\tif (!(yield_count_of(cpu) & 1))\n\t\treturn false;\n',
	 '\tif (0)\n\t\treturn false;\n'),
	('3', 'yielded without ceding is preempted',
	 '\tif (!is_vcpu_idle(cpu))\n\t\treturn true;\n',
	 '\tif (!is_vcpu_idle(cpu))\n\t\treturn false;\n'),
	('4', 'the core-wide rules are PowerVM only',
	 '\tif (!is_kvm_guest()) {\n',
	 '\tif (1) {\n'),
	# Deleting rule 5 is an equivalent mutant here: the only online CPU,
	# the caller, is thread 0 of its core and running, so rule 6 gives the
	# same answer on its thread before any other sibling is looked at.
	# Breaking the answer the rule gives is observable.
	('5', 'a sibling of the caller is not preempted',
	 '\t\tif (cpu_first_thread_sibling(cpu) == first_cpu)\n\t\t\treturn false;\n',
	 '\t\tif (cpu_first_thread_sibling(cpu) == first_cpu)\n\t\t\treturn true;\n'),
	('6', 'a running sibling means not preempted',
	 '\t\t\tif (!(yield_count_of(i) & 1))\n\t\t\t\treturn false;\n',
	 '\t\t\tif (!(yield_count_of(i) & 1))\n\t\t\t\tcontinue;\n'),
	('7', 'a preempted sibling means preempted',
	 '\t\t\tif (!is_vcpu_idle(i))\n\t\t\t\treturn true;\n',
	 '\t\t\tif (!is_vcpu_idle(i))\n\t\t\t\tcontinue;\n'),
	('8', 'all threads ceded means not preempted',
	 '\t */\n\treturn false;\n}\n',
	 '\t */\n\treturn true;\n}\n'),
]


def main():
	path, which = sys.argv[1], sys.argv[2]
	if which == 'list':
		for rule, what, _, _ in MUTANTS:
			print(f'{rule} {what}')
		return 0
	text = open(path).read()
	start = text.index('static inline bool vcpu_is_preempted(int cpu)')
	end = text.index('\n}\n', start) + 3
	body = text[start:end]
	for rule, what, old, new in MUTANTS:
		if rule != which:
			continue
		if body.count(old) != 1:
			sys.exit(f'{path}: rule {rule} ({what}): the code to break is not in vcpu_is_preempted()')
		sys.stdout.write(text[:start] + body.replace(old, new) + text[end:])
		return 0
	sys.exit(f'no rule {which}')


if __name__ == '__main__':
	sys.exit(main())
