# Check the results hourglass writes for test labs: the KTAP with the TAP
# parser of python3-tap (its first line "KTAP version 1", which TAP
# parsers take as an unknown line, then a plan and as many tests, numbered
# in order), the JUnit XML with python3-junitparser (one suite, its counts
# those of its cases); both the same tests with the same results; each
# <name> given not ok in both. Prints the counts.
# usage: python3 tests/lab-check.py <file.ktap> <file.xml> [<name>...]
import sys

import junitparser
from tap.parser import Parser


def ktap(path):
    text = open(path, encoding='utf-8').read()
    bad, tests, plan = [], {}, None
    if not text.startswith('KTAP version 1\n'):
        bad.append('the first line is not "KTAP version 1"')
    for k, line in enumerate(Parser().parse_text(text)):
        if line.category == 'plan':
            plan = line.expected_tests
        elif line.category == 'test':
            if line.number != len(tests) + 1:
                bad.append('test %s numbered %d' % (line.description, line.number))
            tests[line.description] = 'skip' if line.skip else 'ok' if line.ok else 'not ok'
        elif line.category == 'unknown' and k:
            bad.append('a line the parser does not know: %s' % line)
        elif line.category == 'bail':
            bad.append('bail out')
    if plan != len(tests):
        bad.append('plan 1..%s, %d tests' % (plan, len(tests)))
    return tests, bad


def junit(path):
    xml = junitparser.JUnitXml.fromfile(path)
    suites = list(xml)
    bad, tests = [], {}
    if len(suites) != 1:
        return tests, ['%d suites, not 1' % len(suites)]
    s = suites[0]
    for c in s:
        kinds = [type(r).__name__ for r in c.result]
        tests[c.name] = 'skip' if 'Skipped' in kinds else 'not ok' if 'Failure' in kinds else 'ok'
    for what, want in (('tests', len(tests)),
                       ('failures', list(tests.values()).count('not ok')),
                       ('skipped', list(tests.values()).count('skip'))):
        if getattr(s, what) != want:
            bad.append('suite says %s=%s, its cases %d' % (what, getattr(s, what), want))
    return tests, bad


def main():
    if len(sys.argv) < 3:
        print('usage: lab-check.py <file.ktap> <file.xml> [<name>...]', file=sys.stderr)
        return 2
    k, bad = ktap(sys.argv[1])
    j, jbad = junit(sys.argv[2])
    bad += ['junit: ' + b for b in jbad]
    if k != j:
        bad.append('KTAP and JUnit differ: %s' % sorted(set(k.items()) ^ set(j.items())))
    for name in sys.argv[3:]:
        if k.get(name) != 'not ok':
            bad.append('%s: %s, want not ok' % (name, k.get(name, 'missing')))
    for b in bad:
        print('lab-check: %s' % b)
    vals = list(k.values())
    print('%d tests, %d not ok, %d skipped' % (len(vals), vals.count('not ok'), vals.count('skip')))
    return 1 if bad else 0


sys.exit(main())
