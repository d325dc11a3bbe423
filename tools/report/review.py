#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# review.py [--json OUT] [--inputs FILE] [--kconfig FILE] [--title T] LABEL=RUN LABEL=RUN...:
# what a series changes, from run-kunit's results directories (RUN holds
# results.json, console.log and metadata.txt).  The first RUN is the tree
# without the series, each next one the tree with one more patch (or the
# whole series); every step is compared with the one before it, and the
# last with the first when there are more than two.
#
# For each step: the cases whose status changes (a case that fails on
# both sides is the base's, listed apart), make live's shapes among them
# (make_live.SHAPE) where tools/review booted them on each kernel; the machines of
# "ppc_kunit_show.fixture=all" whose domains, LLCs, asym priorities,
# per-CPU pointers or CPU-pair relations differ, field by field with the
# first CPU that differs (unchanged machines on one line); and the rows of
# the vcpu_is_preempted() tables whose answers change, one line per rule
# of the dispatch model; the kernel warnings each step brings and removes.
# --inputs names the machine inputs the series' code reads that the fake
# state does not set everywhere (tools/review writes it): a step that
# changes something in code reading one that is not set at all is
# marked not reviewed.  --kconfig names what the kernels with the series
# make of the Kconfig options it adds and of the C files it changes
# (tools/review writes it with tools/lib/series-kconfig): lines
# "patch K: adds CONFIG_SYM (...): ...", the report's head, and lines
# "run R: patches K[,K...]: built|note|blocks: TEXT", what the kernel of
# the Rth LABEL=RUN (1 for the first after the tree without the series)
# builds of patches K: a step shows its kernel's lines (of its own patch
# where it is one patch's), and one that has a "blocks" line (an option
# not built in, a file the kernel does not build) is not reviewed for
# that code, whatever it changes.
#
# Plain text on stdout, for a reply on the list; the same as JSON in OUT.
# Exits 0 if nothing changed, 1 if something did, 2 if a run has no
# results to compare, a change may follow from an input the fake machine
# does not set, or the kernel with the series does not build code it
# changes.

import json
import os
import re
import sys

import kunit_results
import kunit_summary

SHOW = re.compile(r'topology_show: show (.*?)\s*$')
LSCPU = re.compile(r'# published_lscpu: lscpu (\S+): (.*?)\s*$')
ANSWERS = re.compile(r'# (vcpu_preempted_\w+): answers (.*?): rows=(\d+) preempted=(\d+) '
		     r'wrong=(\d+) digest=(\w+) rule="(.*)"')
MISMATCH = re.compile(r'(SMT\d .*?): expected (not preempted|preempted), '
		      r'vcpu_is_preempted\(\) says (not preempted|preempted); rule (.*)$')
CPU_FIELDS = ('levels', 'llc', 'llc_size', 'prio')
RELATION_FIELDS = ('share_cache', 'share_resources', 'equal_capacity', 'numa',
		   'asym_packing', 'asym_cpucapacity', 'llc_shared')
EXAMPLES = 2


def fields(text):
	out = {}
	for word in text.split():
		if '=' in word:
			key, value = word.split('=', 1)
			out[key] = value
	return out


def read_console(path):
	"""The machines the show case printed, {name: {cpu: {field: value}}},
	the vcpu tables' tallies, {(table, rule): (rows, preempted, wrong,
	digest)}, and mismatch lines by rule, from console.log."""
	machines, tallies, mismatches = {}, {}, {}
	machine = None
	try:
		lines = open(path, errors='replace').read().splitlines()
	except OSError:
		return machines, tallies, mismatches
	for line in lines:
		m = SHOW.search(line)
		if m:
			f = fields(m.group(1))
			if 'machine' in f:
				machine = machines.setdefault(f['machine'], {})
			elif machine is not None and m.group(1).startswith('relations '):
				cpu = machine.setdefault(int(f['of']), {})
				cpu.update({k: f.get(k, '?') for k in RELATION_FIELDS})
			elif machine is not None and 'cpu' in f:
				cpu = machine.setdefault(int(f['cpu']), {})
				cpu.update({k: f.get(k, '?') for k in CPU_FIELDS})
			continue
		m = ANSWERS.search(line)
		if m:
			key = (f'{m.group(1)}: {m.group(2)}', m.group(7))
			tallies[key] = tuple(int(m.group(i)) for i in (3, 4, 5)) + (m.group(6),)
			continue
		m = MISMATCH.search(line)
		if m:
			mismatches.setdefault(m.group(4).strip(), []).append(
				f'{m.group(1)}: the model says {m.group(2)}, this kernel {m.group(3)}')
	return machines, tallies, mismatches


def read_published(path):
	"""What each machine publishes, as published_lscpu printed it:
	{machine: {key: line}}, the key the line's words before its first
	"=" ("CPU(s)", "cpu0 physical_package_id", "NUMA node4 CPU(s)")."""
	out = {}
	try:
		lines = open(path, errors='replace').read().splitlines()
	except OSError:
		return out
	for line in lines:
		m = LSCPU.search(line)
		if m:
			text = m.group(2)
			key = text.split('=', 1)[0]
			out.setdefault(m.group(1), {})[key] = text
	return out


def compare_published(before, after):
	"""Per machine, the published lines that differ, as (before, after)."""
	out = {}
	for name in sorted(set(before['published']) | set(after['published'])):
		b, a = before['published'].get(name, {}), after['published'].get(name, {})
		diffs = [(b.get(k, '(none)'), a.get(k, '(none)')) for k in sorted(set(b) | set(a))
			 if b.get(k) != a.get(k)]
		if diffs:
			out[name] = diffs
	return out


# make live's verdict on a shape (tools/live-check's matrix.ktap).
LIVE_RESULT = re.compile(r'^(not ok|ok) \d+ - (\S+)(.*)$')
# What a shape found, its first diagnostic line first.
LIVE_DIAG = re.compile(r'^# ([a-z0-9-]+): (.*)$')


def read_live(path):
	"""make live's shapes booted on the same kernel (tools/review with
	REVIEW_LIVE), as cases make_live.SHAPE: PASS, FAIL or SKIP; none if
	the review did not boot them."""
	cases, why = {}, {}
	try:
		with open(path, errors='replace') as f:
			for line in f:
				line = line.rstrip('\n')
				m = LIVE_DIAG.match(line)
				if m:
					why.setdefault(f'make_live.{m.group(1)}', m.group(2))
					continue
				m = LIVE_RESULT.match(line)
				if m:
					cases[f'make_live.{m.group(2)}'] = (
						'FAIL' if m.group(1) == 'not ok' else
						'SKIP' if '# SKIP' in m.group(3) else 'PASS')
	except FileNotFoundError:
		pass
	return cases, why


# What the linker or compiler said in run-kunit's log of a kernel that
# did not build (tools/review writes it beside the run's directory).
BUILD_ERROR = re.compile(r'(?:^ERROR:root:)?(.*(?:\berror: |undefined reference to ).*)$')


def build_errors(log):
	"""The first error lines of the build in @log, if the kernel did
	not build, else []."""
	try:
		lines = open(log, errors='replace').read().splitlines()
	except OSError:
		return []
	if not any('the kernel did not build' in line for line in lines):
		return []
	out = []
	for line in lines:
		m = BUILD_ERROR.match(line)
		if m and m.group(1).strip() not in out:
			out.append(m.group(1).strip())
	return out[:3] or ['see ' + log]


def load_run(label, path):
	run = {'label': label, 'path': path}
	try:
		run['cases'] = {kunit_results.case_name(s, c, p): st
				for s, c, p, st in kunit_results.cases(
					kunit_results.load(os.path.join(path, 'results.json')))}
	except kunit_results.NoResults as e:
		run['error'] = str(e)
		run['cases'] = {}
		build = build_errors(path + '.log')
		if build:
			run['error'] = 'the kernel does not build: ' + '; '.join(build)
	run['machines'], run['tallies'], run['mismatches'] = read_console(
		os.path.join(path, 'console.log'))
	live, run['live_why'] = read_live(os.path.join(path, 'live', 'matrix.ktap'))
	run['cases'].update(live)
	run['meta'] = kunit_results.metadata(os.path.join(path, 'metadata.txt'))
	run['published'] = read_published(os.path.join(path, 'console.log'))
	try:
		run['warnings'] = kunit_summary.splats(os.path.join(path, 'console.log'))
	except OSError:
		run['warnings'] = []
	return run


# What differs from boot to boot in a report: the task, its PID, the CPU,
# the offsets of a function.
VOLATILE = re.compile(r'(, CPU#\d+: \S+|CPU: \d+ PID: \d+ |\S+/\d+\b|\[\d+\]|'
		      r'\+0x[0-9a-f]+/0x[0-9a-f]+|\[[0-9a-f]{8}\])')


def compare_warnings(before, after):
	"""The kernel reports kunit_summary.py counts that @after has and
	@before has not (the patch brings them), and the other way round,
	each as "case: report", keyed without what changes between boots."""
	def keyed(run):
		out = {}
		for running, text in run['warnings']:
			out.setdefault((running, VOLATILE.sub('', text)), f'{running or "the suites"}: {text}')
		return out
	b, a = keyed(before), keyed(after)
	return ([a[k] for k in a if k not in b], [b[k] for k in b if k not in a])


def compare_cases(before, after):
	changed, base_failures = [], []
	for name in sorted(set(before['cases']) | set(after['cases'])):
		was = before['cases'].get(name, 'absent')
		now = after['cases'].get(name, 'absent')
		if was == now:
			if was not in ('PASS', 'SKIP', 'absent'):
				base_failures.append({'case': name, 'status': was})
			continue
		changed.append({'case': name, 'before': was, 'after': now})
	return changed, base_failures


def parse_levels(text):
	"""[(name, flags set, span, groups)] of a show line's levels=."""
	out = []
	for level in (text or '').split(';'):
		parts = level.split('/')
		if len(parts) < 3:
			continue
		out.append((parts[0], set(parts[1].split('|')) - {'-'}, parts[2],
			    parts[3] if len(parts) > 3 else ''))
	return out


def levels_change(before, after):
	"""What differs between two levels= values, level by level, in few
	words: the flags each level gains (+) and loses (-), its span and
	its group count; or the names of both where the levels are not the
	same list."""
	b, a = parse_levels(before), parse_levels(after)
	if [x[0] for x in b] != [x[0] for x in a]:
		return f'{" ".join(x[0] for x in b) or "none"} -> {" ".join(x[0] for x in a) or "none"}'
	out = []
	for (name, fb, sb, gb), (_, fa, sa, ga) in zip(b, a):
		words = [f'+{f}' for f in sorted(fa - fb)] + [f'-{f}' for f in sorted(fb - fa)]
		if sb != sa:
			words.append(f'span {sb} -> {sa}')
		if gb != ga:
			words.append(f'groups {gb[1:]} -> {ga[1:]}')
		if words:
			out.append(f'{name} {" ".join(words)}')
	return '; '.join(out)


def compare_machines(before, after):
	"""Per machine, the fields that differ: how many CPUs, the first one."""
	out = {}
	for name in sorted(set(before['machines']) | set(after['machines'])):
		b, a = before['machines'].get(name), after['machines'].get(name)
		if b is None or a is None:
			out[name] = {'missing': 'before' if b is None else 'after'}
			continue
		diffs = {}
		for cpu in sorted(set(b) | set(a)):
			cb, ca = b.get(cpu, {}), a.get(cpu, {})
			for key in CPU_FIELDS + RELATION_FIELDS:
				if cb.get(key) == ca.get(key):
					continue
				d = diffs.setdefault(key, {'cpus': 0, 'first_cpu': cpu,
							   'before': cb.get(key), 'after': ca.get(key)})
				if key == 'levels' and 'change' not in d:
					d['change'] = levels_change(cb.get(key), ca.get(key))
				d['cpus'] += 1
		out[name] = diffs
	return out


def compare_tallies(before, after):
	"""Per rule, the tables whose answers differ."""
	rules = {}
	for key in sorted(set(before['tallies']) | set(after['tallies'])):
		table, rule = key
		b, a = before['tallies'].get(key), after['tallies'].get(key)
		if b is None or a is None:
			rules.setdefault(rule, []).append({'table': table, 'missing':
							   'before' if b is None else 'after'})
			continue
		# rows, preempted answers, digest of every answer in order
		if (b[0], b[1], b[3]) == (a[0], a[1], a[3]):
			continue
		entry = {'table': table, 'rows': a[0], 'preempted_before': b[1],
			 'preempted_after': a[1]}
		# Measured against the model: exact where the tree without the
		# series answered every row as the model does and the rule
		# asserts a value.  Otherwise (a rule for safety only, or a base
		# that already differs) the counts and the digest only bound it.
		if b[2] == 0 and a[2] > 0:
			entry['rows_changed'] = a[2]
		else:
			entry['rows_changed_at_least'] = max(abs(a[1] - b[1]), 1)
		rules.setdefault(rule, []).append(entry)
	return rules


def step(before, after):
	changed, base_failures = compare_cases(before, after)
	# A live shape that turned red says what it found first.
	for c in changed:
		if c['after'] == 'FAIL' and c['case'] in after.get('live_why', {}):
			c['first'] = after['live_why'][c['case']]
	machines = compare_machines(before, after)
	rules = compare_tallies(before, after)
	brought, gone = compare_warnings(before, after)
	published = compare_published(before, after)
	return {
		'before': before['label'], 'after': after['label'],
		'errors': [r['label'] + ': ' + r['error'] for r in (before, after) if 'error' in r],
		'cases_changed': changed,
		'cases_failing_without': base_failures,
		'machines': machines,
		'vcpu_rules': rules,
		'vcpu_examples': {rule: after['mismatches'].get(rule, [])[:EXAMPLES]
				  for rule in rules},
		'published': published,
		'published_seen': bool(before['published'] or after['published']),
		'warnings_brought': brought,
		'warnings_gone': gone,
		'changed': bool(changed or any(machines.values()) or rules or brought or gone or published),
	}


def unset_inputs(inputs, after, whole):
	"""The inputs the patch of step @after reads ("with patch K of N"),
	or the whole series (@whole), that the fake machine does not set
	everywhere, as (input, "not set" or "partly set")."""
	m = None if whole else re.match(r'with patch (\d+) of', after)
	out = []
	for line in inputs:
		k = re.match(r'patch (\d+): reads (.*?): (not set|partly set) by', line)
		if k and (not m or k.group(1) == m.group(1)) and \
				k.group(2) not in [name for name, _ in out]:
			out.append((k.group(2), k.group(3)))
	return out


KCONFIG_RUN = re.compile(r'^run (\d+): patches ([\d,]+): (built|note|blocks): (.*)$')


def kconfig_lines(lines, run, after, whole):
	"""The lines of --kconfig about the kernel of run number @run, of
	the patch of step @after where it is one patch's ("with patch K
	of"), of every patch for the whole series (@whole), as dicts."""
	m = None if whole else re.match(r'with patch (\d+) of', after)
	out = []
	for line in lines:
		k = KCONFIG_RUN.match(line)
		if not k or int(k.group(1)) != run:
			continue
		patches = [int(x) for x in k.group(2).split(',')]
		if m and int(m.group(1)) not in patches:
			continue
		out.append({'patches': patches, 'kind': k.group(3), 'text': k.group(4)})
	return out


def patch_words(patches):
	return f'patch {patches[0]}' if len(patches) == 1 else \
		f'patches {", ".join(map(str, patches))}'


def text_step(s, out):
	out.append(f'== {s["before"]} -> {s["after"]}')
	for e in s['errors']:
		out.append(f'  no results: {e}')
	if s['errors']:
		# Nothing to compare: every case would read "absent".
		out.append('  not reviewed: a kernel of this step gave no results (exit 2)')
		return
	blocks = [k for k in s['kconfig'] if k['kind'] == 'blocks']
	if blocks:
		out.append('  not reviewed: the kernel with the series does not build all of the code it '
			   'changes here; what follows is no verdict on that code (exit 2):')
		out.extend(f'    {patch_words(k["patches"])}: {k["text"]}' for k in blocks)
	out.extend(f'  {"note" if k["kind"] == "note" else "built"}: {patch_words(k["patches"])}: {k["text"]}'
		   for k in s['kconfig'] if k['kind'] != 'blocks')
	unset = [name for name, how in s['unset_inputs'] if how == 'not set']
	partly = [name for name, how in s['unset_inputs'] if how == 'partly set']
	if s['changed'] and unset:
		out.append(f'  not reviewed: the code changed here reads {", ".join(unset)}, which the '
			   'fake machine does not set (above); what follows is no verdict on the patch')
	if s['changed'] and partly:
		out.append(f'  note: the code changed here reads {", ".join(partly)}, which the fake '
			   'machine sets only where the line above says; elsewhere the kernel sees the '
			   'guest\'s own value, as it would on an LPAR in that state')
	if s['warnings_brought']:
		out.append(f'  kernel warnings the series brings ({len(s["warnings_brought"])}):')
		out.extend(f'    {w}' for w in s['warnings_brought'][:10])
		if len(s['warnings_brought']) > 10:
			out.append(f'    ... and {len(s["warnings_brought"]) - 10} more')
	else:
		out.append('  kernel warnings the series brings: none')
	if s['warnings_gone']:
		out.append(f'  kernel warnings it removes ({len(s["warnings_gone"])}):')
		out.extend(f'    {w}' for w in s['warnings_gone'][:10])
	if s['cases_changed']:
		out.append(f'  cases the series changes ({len(s["cases_changed"])}):')
		for c in s['cases_changed']:
			out.append(f'    {c["case"]}: {c["before"]} -> {c["after"]}')
			if 'first' in c:
				out.append(f'      {c["first"]}')
	else:
		out.append('  cases the series changes: none')
	if s['cases_failing_without']:
		out.append(f'  failing {s["before_side"]} too, not its doing '
			   f'({len(s["cases_failing_without"])}):')
		out.extend(f'    {c["case"]}: {c["status"]}' for c in s['cases_failing_without'][:10])
		if len(s['cases_failing_without']) > 10:
			out.append(f'    ... and {len(s["cases_failing_without"]) - 10} more')
	same = [m for m, d in s['machines'].items() if not d]
	if not s['machines']:
		out.append('  topology: no machine printed (was ppc_kunit_show.fixture=all given?)')
	for name, d in s['machines'].items():
		if not d:
			continue
		if 'missing' in d:
			out.append(f'  {name}: not printed {d["missing"]}')
			continue
		out.append(f'  {name}:')
		for key, v in d.items():
			what = v.get('change') or f'{v["before"]} -> {v["after"]}'
			out.append(f'    {key}: {v["cpus"]} CPUs differ; CPU {v["first_cpu"]}: {what}')
	if same:
		out.append(f'  topology unchanged on {len(same)} machines: {" ".join(same)}')
	if s['published']:
		out.append(f'  what the kernel publishes (lscpu, sysfs) changes on {len(s["published"])} machines:')
		for name, diffs in list(s['published'].items())[:EXAMPLES * 2]:
			for b, a in diffs:
				out.append(f'    {name}: {b}  ->  {a}')
		if len(s['published']) > EXAMPLES * 2:
			out.append(f'    ... and {len(s["published"]) - EXAMPLES * 2} more machines')
	elif s['published_seen']:
		out.append('  what the kernel publishes (lscpu, sysfs): unchanged')
	if s['vcpu_rules']:
		out.append('  vcpu_is_preempted() answers that change, by rule of the dispatch model:')
		for rule, tables in s['vcpu_rules'].items():
			exact = sum(t.get('rows_changed', 0) for t in tables)
			least = sum(t.get('rows_changed_at_least', 0) for t in tables)
			missing = [t for t in tables if 'missing' in t]
			if not least:
				count = f'{exact} rows'
			elif exact:
				count = f'{exact} rows and at least {least} more'
			else:
				count = f'at least {least} rows'
			if 'safety only' in rule:
				count += ' (not asserted: rows of states no hypervisor produces)'
			out.append(f'    {rule}: {count} in {len(tables) - len(missing)} tables'
				   + (f', {len(missing)} tables not run on one side' if missing else ''))
			for ex in s['vcpu_examples'].get(rule, []):
				out.append(f'      e.g. {ex}')
	else:
		out.append('  vcpu_is_preempted() answers: unchanged')


def main(argv):
	json_out, inputs_path, kconfig_path, title, runs = None, None, None, None, []
	args = iter(argv)
	for a in args:
		if a == '--json':
			json_out = next(args, None)
		elif a == '--inputs':
			inputs_path = next(args, None)
		elif a == '--kconfig':
			kconfig_path = next(args, None)
		elif a == '--title':
			title = next(args, None)
		elif '=' in a:
			label, path = a.split('=', 1)
			runs.append(load_run(label, path))
		else:
			sys.exit(f'review.py: "{a}" is not LABEL=RUN')
	if len(runs) < 2:
		sys.exit('usage: review.py [--json OUT] [--inputs FILE] [--kconfig FILE] [--title T] LABEL=RUN LABEL=RUN...')
	inputs, kconfig = [], []
	for path, into in ((inputs_path, inputs), (kconfig_path, kconfig)):
		if path:
			try:
				into.extend(line.rstrip('\n') for line in open(path) if line.strip())
			except OSError as e:
				sys.exit(f'review.py: {path}: {e}')
	steps = [step(b, a) for b, a in zip(runs, runs[1:])]
	if len(runs) > 2:
		steps.append(step(runs[0], runs[-1]))
	for i, s in enumerate(steps):
		s['unset_inputs'] = unset_inputs(inputs, s['after'], i == len(runs) - 1)
		s['kconfig'] = kconfig_lines(kconfig, min(i + 1, len(runs) - 1), s['after'],
					     i == len(runs) - 1)
		first = s['before'] == runs[0]['label']
		s['before_side'] = 'without the series' if first else 'before this patch'
	options = [line for line in kconfig if re.match(r'^patch \d+: adds ', line)]
	report = {'title': title, 'base': runs[0]['meta'].get('base', '?'),
		  'runs': [{'label': r['label'], 'path': r['path']} for r in runs],
		  'machine_inputs': inputs, 'kconfig_options': options, 'steps': steps}
	out = []
	if title:
		out.append(title)
	out.append(f'base: {report["base"]}')
	if inputs:
		out.append('machine inputs the series reads (a change in code that reads one the '
			   'fake machine does not set is not reviewed, exit 2):')
		out.extend(f'  {line}' for line in inputs)
	if options:
		out.append('Kconfig options the series adds (built in with it where the kernel can; '
			   'code the kernel with it does not build is not reviewed, exit 2):')
		out.extend(f'  {line}' for line in options)
	for s in steps:
		text_step(s, out)
	print('\n'.join(out))
	if json_out:
		with open(json_out, 'w') as f:
			json.dump(report, f, indent=1, sort_keys=True)
	if any(s['errors'] for s in steps):
		return 2
	if any(k['kind'] == 'blocks' for s in steps for k in s['kconfig']):
		return 2
	if any(s['changed'] and any(how == 'not set' for _, how in s['unset_inputs'])
	       for s in steps):
		return 2
	return 1 if any(s['changed'] for s in steps) else 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
