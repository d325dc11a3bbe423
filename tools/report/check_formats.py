#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# check_formats.py junit FILE | kcidb FILE: check a report against what
# its format requires, print each problem and exit 1 if there is one.
#
# JUnit XML: a <testsuites> root whose tests, failures, errors and skipped
# counts add up over its <testsuite>s, each with a name and counts that
# match its <testcase>s, each with a name and a classname; a <failure>
# has a message.
#
# KCIDB v5: the report validated with Debian's python3-jsonschema
# against tools/report/kcidb-v5.schema.json, the part of KCIDB's schema
# v5 that the project writes; then what a schema cannot say: every id
# starts with its origin, a build's checkout and a test's build are in
# the report, and no two tests share an id.  The interpreter is Debian's,
# where python3-jsonschema is installed.

import json
import os
import sys
import xml.etree.ElementTree as ET

import jsonschema

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'kcidb-v5.schema.json')


def check_junit(path):
	problems = []
	root = ET.parse(path).getroot()
	if root.tag != 'testsuites':
		return [f'root element is <{root.tag}>, not <testsuites>']
	sums = dict.fromkeys(('tests', 'failures', 'errors', 'skipped'), 0)
	for suite in root.findall('testsuite'):
		name = suite.get('name')
		if not name:
			problems.append('a <testsuite> without a name')
		cases = suite.findall('testcase')
		have = {'tests': len(cases),
			'failures': sum(1 for c in cases if c.find('failure') is not None),
			'errors': sum(1 for c in cases if c.find('error') is not None),
			'skipped': sum(1 for c in cases if c.find('skipped') is not None)}
		for key, n in have.items():
			if suite.get(key) != str(n):
				problems.append(f'testsuite {name}: {key}="{suite.get(key)}", it has {n}')
			sums[key] += n
		for c in cases:
			if not c.get('name') or not c.get('classname'):
				problems.append(f'testsuite {name}: a <testcase> without name or classname')
			f = c.find('failure')
			if f is not None and not f.get('message'):
				problems.append(f'testcase {c.get("name")}: a <failure> without a message')
	for key, n in sums.items():
		if root.get(key) != str(n):
			problems.append(f'testsuites: {key}="{root.get(key)}", its suites have {n}')
	return problems


def check_kcidb(path):
	with open(path) as f:
		report = json.load(f)
	with open(SCHEMA) as f:
		schema = json.load(f)
	problems = []
	for e in sorted(jsonschema.Draft7Validator(schema).iter_errors(report), key=lambda e: list(e.path)):
		where = ''.join(f'[{p}]' if isinstance(p, int) else f'.{p}' for p in e.path).lstrip('.')
		problems.append(f'{where or "report"}: {e.message}')
	ids = {}
	for kind in ('checkouts', 'builds', 'tests'):
		objs = [o for o in report.get(kind, []) if isinstance(o, dict)]
		ids[kind] = {o.get('id') for o in objs}
		for i, o in enumerate(objs):
			if not str(o.get('id', '')).startswith(f'{o.get("origin")}:'):
				problems.append(f'{kind}[{i}]: id "{o.get("id")}" does not start with its origin "{o.get("origin")}:"')
		if len(ids[kind]) != len(objs):
			problems.append(f'{kind}: two share an id')
	for i, b in enumerate(report.get('builds', [])):
		if isinstance(b, dict) and b.get('checkout_id') not in ids['checkouts']:
			problems.append(f'builds[{i}]: checkout "{b.get("checkout_id")}" is not in the report')
	for i, t in enumerate(report.get('tests', [])):
		if isinstance(t, dict) and t.get('build_id') not in ids['builds']:
			problems.append(f'tests[{i}]: build "{t.get("build_id")}" is not in the report')
	return problems

def main():
	if len(sys.argv) != 3 or sys.argv[1] not in ('junit', 'kcidb'):
		sys.exit('usage: check_formats.py junit|kcidb FILE')
	try:
		problems = (check_junit if sys.argv[1] == 'junit' else check_kcidb)(sys.argv[2])
	except (OSError, ValueError, ET.ParseError) as e:
		problems = [str(e)]
	for p in problems:
		print(f'{sys.argv[2]}: {p}')
	return 1 if problems else 0


if __name__ == '__main__':
	sys.exit(main())
