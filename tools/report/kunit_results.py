# SPDX-License-Identifier: GPL-2.0
#
# kunit_results: what the readers in tools/report/ share.  load() reads
# kunit.py's --json output; cases() lists every result in it as
# (suite, case, parameter or None, status), a parameterized case once per
# parameter, in the order KUnit ran them, and case_name() names one as
# "suite.case[parameter]"; failed() names the cases of
# those that did not pass; metadata() reads the metadata.txt run-kunit
# writes beside it; ktap_logs() gives each result its lines of the KTAP
# log.

import json
import re


class NoResults(Exception):
	pass


def load(path):
	try:
		with open(path) as f:
			return json.load(f)
	except (OSError, ValueError) as e:
		raise NoResults(f'{path}: no usable kunit.py results: {e}') from e


def cases(root):
	out = []
	for suite in root.get('sub_groups', []):
		sname = suite.get('name', '?')
		for case in suite.get('test_cases', []):
			out.append((sname, case.get('name', '?'), None, case.get('status', 'ERROR')))
		for group in suite.get('sub_groups', []):
			cname = group.get('name', '?')
			params = group.get('test_cases', [])
			for p in params:
				out.append((sname, cname, p.get('name', '?'), p.get('status', 'ERROR')))
			if not params and not group.get('sub_groups'):
				out.append((sname, cname, None, 'ERROR'))
	return out


def case_name(suite, case, param):
	"""A result's name, "suite.case" or "suite.case[parameter]"."""
	return f'{suite}.{case}' + (f'[{param}]' if param is not None else '')


def failed(results):
	"""The cases of cases() @results that neither passed nor were skipped,
	once each, as "suite.case", a parameterized case with its first
	failing parameter in brackets."""
	seen, out = set(), []
	for suite, case, param, status in results:
		if status in ('PASS', 'SKIP') or (suite, case) in seen:
			continue
		seen.add((suite, case))
		out.append(case_name(suite, case, param))
	return out


def metadata(path):
	"""metadata.txt as a dict of its top-level "key: value" lines, and
	the lines under "patches:" as a list."""
	meta = {'patches': []}
	try:
		with open(path) as f:
			lines = f.read().splitlines()
	except OSError:
		return meta
	section = None
	for line in lines:
		if line.startswith('  ') and section == 'patches':
			meta['patches'].append(line.strip())
		elif line.startswith('  ') and section == 'kunitconfig':
			meta['kunitconfig_lines'] = meta.get('kunitconfig_lines', '') + line.strip() + '\n'
		elif ':' in line and not line.startswith(' '):
			key, value = line.split(':', 1)
			section = key
			if key != 'patches':
				meta[key] = value.strip()
	return meta


KTAP_RESULT = re.compile(r'^( *)(?:ok|not ok) \d+ (?:- )?([^#]*?) *(?:#.*)?$')
KTAP_SUBTEST = re.compile(r'^( *)# Subtest: (.*)$')
KTAP_FRAME = re.compile(r'^ *(KTAP version \d+|1\.\.\d+|# (module|is_init|Totals): .*|# \S+: pass:\d+ .*)$')


def ktap_logs(path):
	"""The log of each result in the KTAP log @path (kunit.py parse
	--raw_output=kunit), as kunit.py's parser gives a test its log: the
	lines since the previous result, an assertion's lines before the
	result of the case or parameter that failed it.  A dict keyed as
	cases() lists results, (suite, case, parameter or None); under None
	the lines after the last result, which a crash leaves.  The KTAP
	framing (version, plan, subtest headers, counts) is left out."""
	try:
		with open(path, errors='replace') as f:
			lines = f.read().splitlines()
	except OSError:
		return {}
	logs, names, buf = {}, {}, []
	for line in lines:
		m = KTAP_SUBTEST.match(line)
		if m:
			names[len(m.group(1)) // 4] = m.group(2).strip()
			continue
		m = KTAP_RESULT.match(line)
		if m:
			depth = len(m.group(1)) // 4
			if depth == 1:
				logs[(names.get(1), m.group(2), None)] = buf
			elif depth == 2:
				logs[(names.get(1), names.get(2), m.group(2))] = buf
			buf = []
		elif line.strip() and not KTAP_FRAME.match(line):
			buf.append(line.strip())
	logs[None] = buf
	return logs
