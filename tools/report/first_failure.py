#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# first_failure.py RESULTS.json KTAP.log RUN.log GLOB: the first failure of
# a case that kunit.py's filter GLOB (suite or suite.case, with * and ?)
# selects, as one line: "suite.case[parameter]: the message its failed
# expectation printed" from the KTAP log, or the kernel report
# kunit_summary.py counted while the case (or its suite) ran, from the run's own
# output.  Exits 1, printing nothing, when no such case failed.

import fnmatch
import re
import sys

import kunit_results


def message(lines):
	"""The message of the first failed expectation in @lines, a result's
	log as kunit_results.ktap_logs() gives it: the first line after the
	"EXPECTATION FAILED" line that is neither KUnit's "Expected ..."
	explanation nor one of the "EXPR == VALUE" lines under it."""
	for i, line in enumerate(lines):
		if not re.search(r': (EXPECTATION|ASSERTION) FAILED at ', line):
			continue
		explaining = False
		for text in lines[i + 1:]:
			if text.startswith('Expected '):
				explaining = True
			elif not (explaining and ' == ' in text):
				return text
	return None


def main():
	if len(sys.argv) != 5:
		sys.exit('usage: first_failure.py RESULTS.json KTAP.log RUN.log GLOB')
	results_path, ktap_path, run_path, glob = sys.argv[1:]
	if '.' not in glob:
		glob += '.*'
	try:
		results = kunit_results.cases(kunit_results.load(results_path))
	except kunit_results.NoResults:
		results = []
	logs = kunit_results.ktap_logs(ktap_path)
	for suite, case, param, status in results:
		if status in ('PASS', 'SKIP') or not fnmatch.fnmatchcase(f'{suite}.{case}', glob):
			continue
		name = kunit_results.case_name(suite, case, param)
		print(f'{name}: {message(logs.get((suite, case, param), [])) or status}')
		return 0
	# A report names the case running (suite.case or suite.case.param),
	# or only the suite when it came between cases.
	try:
		with open(run_path, errors='replace') as f:
			for line in f:
				m = re.match(r'FAILED kernel report while (\S+) ran: (.*)', line.strip())
				running = m and m.group(1).split('.')
				if m and (fnmatch.fnmatchcase('.'.join(running[:2]), glob) or
					  (len(running) == 1 and fnmatch.fnmatchcase(running[0], glob.split('.', 1)[0]))):
					print(f'{m.group(1)} (kernel report): {m.group(2)}')
					return 0
	except OSError:
		pass
	return 1


if __name__ == '__main__':
	sys.exit(main())
