#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# junit.py RESULTS.json METADATA KTAP.log OUT.xml: the results as JUnit
# XML, which GitLab, Jenkins and most CI services read: one <testsuite>
# per KUnit suite, one <testcase> per case or per parameter of a
# parameterized case ("case[parameter]"), <failure> for a case that did
# not pass, holding its lines of the KTAP log (the failed assertions with
# their expected and actual values; for a crash, the kernel's last
# lines), and <skipped> for one that skipped.  The run's metadata become
# properties.

import sys
import xml.etree.ElementTree as ET

import kunit_results


def main():
	if len(sys.argv) != 5:
		sys.exit('usage: junit.py RESULTS.json METADATA KTAP.log OUT.xml')
	try:
		root = kunit_results.load(sys.argv[1])
	except kunit_results.NoResults as e:
		sys.exit(str(e))
	meta = kunit_results.metadata(sys.argv[2])
	logs = kunit_results.ktap_logs(sys.argv[3])

	top = ET.Element('testsuites', name='ppc-topology-kunit')
	suites = {}
	totals = {'tests': 0, 'failures': 0, 'skipped': 0}
	for suite, case, param, status in kunit_results.cases(root):
		if suite not in suites:
			el = ET.SubElement(top, 'testsuite', name=suite)
			props = ET.SubElement(el, 'properties')
			for key in ('base', 'pristine', 'compiler', 'qemu', 'machine', 'rfc'):
				if key in meta:
					ET.SubElement(props, 'property', name=key, value=meta[key])
			for i, p in enumerate(meta['patches'], 1):
				ET.SubElement(props, 'property', name=f'patch{i}', value=p)
			suites[suite] = [el, 0, 0, 0]
		name = f'{case}[{param}]' if param is not None else case
		tc = ET.SubElement(suites[suite][0], 'testcase', name=name,
				   classname=f'{suite}.{case}', time='0')
		suites[suite][1] += 1
		if status == 'SKIP':
			ET.SubElement(tc, 'skipped')
			suites[suite][3] += 1
		elif status != 'PASS':
			failure = ET.SubElement(tc, 'failure', message=f'{suite}.{name}: {status}',
						type=status)
			log = logs.get((suite, case, param)) or (logs.get(None) if status == 'ERROR' else None)
			if log:
				failure.text = '\n'.join(log)
			suites[suite][2] += 1
	for el, tests, failures, skipped in suites.values():
		el.set('tests', str(tests))
		el.set('failures', str(failures))
		el.set('errors', '0')
		el.set('skipped', str(skipped))
		totals['tests'] += tests
		totals['failures'] += failures
		totals['skipped'] += skipped
	for key, value in totals.items():
		top.set(key, str(value))
	top.set('errors', '0')
	ET.indent(top)
	ET.ElementTree(top).write(sys.argv[4], encoding='utf-8', xml_declaration=True)
	return 0


if __name__ == '__main__':
	sys.exit(main())
