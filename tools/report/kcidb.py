#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# kcidb.py RESULTS.json METADATA PATCH... OUT.json: the results as a
# KCIDB v5 report (KernelCI's reporting format): one checkout (Debian's
# linux-source tree at its pristine commit, or with make run TREE= the
# user's tree at its HEAD; the patches applied), one build
# (the kernel kunit.py built) and one test per case or per parameter of a
# parameterized case, with KCIDB's status names.  Ids start with the
# origin and are derived from what was tested, so the same run gives the
# same ids.

import hashlib
import json
import re
import sys

import kunit_results

ORIGIN = 'ppc_topology_kunit'
# KCIDB's test path: dot-separated parts of letters, digits, '_' and '-'.
PART_BAD = re.compile('[^a-zA-Z0-9_-]+')


def part(name):
	return PART_BAD.sub('_', name).strip('_') or '_'


def sha256_file(path):
	with open(path, 'rb') as f:
		return hashlib.sha256(f.read()).hexdigest()


def main():
	if len(sys.argv) < 4:
		sys.exit('usage: kcidb.py RESULTS.json METADATA [PATCH...] OUT.json')
	results, meta_path, patches, out = sys.argv[1], sys.argv[2], sys.argv[3:-1], sys.argv[-1]
	try:
		root = kunit_results.load(results)
	except kunit_results.NoResults as e:
		sys.exit(str(e))
	meta = kunit_results.metadata(meta_path)
	# The tree tested: Debian's linux-source at its pristine commit, or
	# with make run TREE= the user's tree at its HEAD.
	tree = re.fullmatch(r'(\S+) at ([0-9a-f]{40}) .*', meta.get('tree', ''))
	if tree:
		commit = tree.group(2)
		tree_name = part(tree.group(1).rstrip('/').rsplit('/', 1)[-1])
		comment = meta['tree']
	else:
		commit = meta.get('pristine', '')
		tree_name = 'debian-' + part(meta.get('base', 'linux-source').split()[0])
		comment = meta.get('base', '')

	# KCIDB's patchset hash: sha256 over the patches' sha256 lines, in order.
	patchset = ''
	if patches:
		patchset = hashlib.sha256(''.join(sha256_file(p) + '\n' for p in patches)
					  .encode()).hexdigest()
	checkout_id = f'{ORIGIN}:{commit[:12]}-{patchset[:12] or "pristine"}'
	cpu = re.search(r'-cpu ([^,\s]+)', meta.get('machine', ''))
	build_id = f'{checkout_id}-{cpu.group(1) if cpu else "qemu"}'
	if meta.get('rfc', 'none') != 'none':
		build_id += '-' + part(meta['rfc'])
	if 'CONFIG_KASAN=y' in meta.get('kunitconfig_lines', ''):
		build_id += '-kasan'

	checkout = {
		'id': checkout_id,
		'origin': ORIGIN,
		'tree_name': tree_name,
		'patchset_hash': patchset,
		'comment': comment,
	}
	if re.fullmatch('[0-9a-f]{40}', commit):
		checkout['git_commit_hash'] = commit
	build = {
		'id': build_id,
		'origin': ORIGIN,
		'checkout_id': checkout_id,
		'architecture': 'powerpc',
		'compiler': meta.get('compiler', ''),
		'config_name': 'kunit',
		'comment': f'{meta.get("machine", "")}; RFC {meta.get("rfc", "none")}',
	}
	status_of = {'PASS': 'PASS', 'FAIL': 'FAIL', 'SKIP': 'SKIP'}
	tests = []
	for suite, case, param, status in kunit_results.cases(root):
		path = '.'.join(part(x) for x in (suite, case, param) if x is not None)
		tests.append({
			'id': f'{build_id}:{path}',
			'origin': ORIGIN,
			'build_id': build_id,
			'path': path,
			'status': status_of.get(status, 'ERROR'),
			'comment': f'{suite}.{case}' + (f' [{param}]' if param is not None else ''),
		})
	report = {
		'version': {'major': 5, 'minor': 0},
		'checkouts': [checkout],
		'builds': [build],
		'tests': tests,
	}
	with open(out, 'w') as f:
		json.dump(report, f, indent=1)
		f.write('\n')
	return 0


if __name__ == '__main__':
	sys.exit(main())
