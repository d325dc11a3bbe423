#!/usr/bin/env python3
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
# KCIDB v5 (kcidb-io's schema v5.0): "version" 5.0; checkouts, builds and
# tests with the required "id" and "origin" (and "checkout_id",
# "build_id"), ids that start with their origin and a colon, origins of
# lowercase letters, digits and '_', only properties the schema knows,
# links that resolve, test paths of dot-separated [a-zA-Z0-9_-] parts and
# statuses from the schema's list.

import json
import re
import sys
import xml.etree.ElementTree as ET

ORIGIN = re.compile('^[a-z0-9_]+$')
PATH = re.compile(r'^([a-zA-Z0-9_-]+(\.[a-zA-Z0-9_-]+)*)?$')
SHA256 = re.compile('^$|^[0-9a-f]{64}$')
STATUS = {'FAIL', 'ERROR', 'MISS', 'PASS', 'DONE', 'SKIP'}
ALLOWED = {
	'checkouts': {'id', 'origin', 'tree_name', 'git_repository_url', 'git_commit_hash',
		      'git_commit_name', 'git_commit_tags', 'git_commit_message',
		      'git_repository_branch', 'git_repository_branch_tip', 'patchset_files',
		      'patchset_hash', 'message_id', 'comment', 'start_time', 'log_url',
		      'log_excerpt', 'valid', 'misc'},
	'builds': {'id', 'origin', 'checkout_id', 'comment', 'start_time', 'duration',
		   'architecture', 'command', 'compiler', 'input_files', 'output_files',
		   'config_name', 'config_url', 'log_url', 'log_excerpt', 'status', 'misc'},
	'tests': {'id', 'origin', 'build_id', 'path', 'comment', 'log_url', 'log_excerpt',
		  'status', 'number', 'waived', 'start_time', 'duration', 'output_files',
		  'environment', 'misc'},
}
REQUIRED = {'checkouts': ('id', 'origin'), 'builds': ('id', 'origin', 'checkout_id'),
	    'tests': ('id', 'origin', 'build_id')}


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
	problems = []
	with open(path) as f:
		report = json.load(f)
	if report.get('version') != {'major': 5, 'minor': 0}:
		problems.append(f'version is {report.get("version")}, not 5.0')
	ids = {}
	for kind in ('checkouts', 'builds', 'tests'):
		ids[kind] = set()
		for obj in report.get(kind, []):
			what = f'{kind[:-1]} {obj.get("id", "?")}'
			for field in REQUIRED[kind]:
				if not isinstance(obj.get(field), str) or not obj.get(field):
					problems.append(f'{what}: no "{field}"')
			extra = set(obj) - ALLOWED[kind]
			if extra:
				problems.append(f'{what}: properties the schema does not have: {sorted(extra)}')
			origin = obj.get('origin', '')
			if not ORIGIN.match(origin):
				problems.append(f'{what}: origin "{origin}" is not [a-z0-9_]+')
			if not str(obj.get('id', '')).startswith(origin + ':'):
				problems.append(f'{what}: id does not start with "{origin}:"')
			ids[kind].add(obj.get('id'))
	for c in report.get('checkouts', []):
		if not SHA256.match(c.get('patchset_hash', '')):
			problems.append(f'checkout {c.get("id")}: patchset_hash is not a sha256')
	for b in report.get('builds', []):
		if b.get('checkout_id') not in ids['checkouts']:
			problems.append(f'build {b.get("id")}: checkout {b.get("checkout_id")} is not in the report')
	for t in report.get('tests', []):
		if t.get('build_id') not in ids['builds']:
			problems.append(f'test {t.get("id")}: build {t.get("build_id")} is not in the report')
		if not PATH.match(t.get('path', '')):
			problems.append(f'test {t.get("id")}: path "{t.get("path")}" is not a KCIDB test path')
		if t.get('status') not in STATUS:
			problems.append(f'test {t.get("id")}: status "{t.get("status")}" is not a KCIDB status')
	if len(ids['tests']) != len(report.get('tests', [])):
		problems.append('two tests share an id')
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
