# Validate JSON documents against hourglass's schemas (JSON Schema draft
# 2020-12) with Debian's python3-jsonschema.
# usage: /usr/bin/python3 tests/json-validate.py <schema dir> <name> <file>...
# <name> is a schema's file name without .schema.json (summary, ctx, ...);
# every schema in the directory is loaded, so "urn:hourglass:schema:meta"
# references resolve. Then no two fields may contradict each other, in
# any document (contradictions() below). Prints one line per problem;
# exits 1 if there is one, 2 when it cannot run (no jsonschema: the
# caller skips).
import glob
import json
import os
import sys

try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError:
    print("json-validate: python3-jsonschema is not installed", file=sys.stderr)
    sys.exit(2)


def reject(word):
    raise ValueError("not JSON: " + word)


def num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def agree(o, say):
    """The rules two fields of one object obey, each said where broken."""
    if o.get("blocking") in ("unbounded", "not-covered"):
        for k in ("lock_blocking_ns", "b_ns"):
            if num(o.get(k)):
                say('"blocking": "%s" with "%s": %s (no bound, no number)'
                    % (o["blocking"], k, o[k]))
    if "samples_needed" in o and (o.get("verdict") == "too few samples") != \
            (o["samples_needed"] is not None):
        say('"verdict": "%s" with "samples_needed": %s' % (o.get("verdict"),
                                                          o["samples_needed"]))
    if o.get("unbounded") is True and num(o.get("response_ns")):
        say('"unbounded": true with "response_ns": %s' % o["response_ns"])
    if o.get("unbounded") is True and o.get("schedulable") is True:
        say('"unbounded": true with "schedulable": true')
    for k, lo in o.items():
        if "ci_low" not in k:
            continue
        hi = o.get(k.replace("ci_low", "ci_high"))
        if num(lo) and num(hi) and lo > hi:
            say('"%s": %s above its high end %s' % (k, lo, hi))
        # times and rates are positive: so are their intervals
        if num(lo) and lo < 0 and (k.endswith("_ns") or k.startswith("switches_per_s")):
            say('"%s": %s, an interval of a positive quantity below zero' % (k, lo))
    cpus = o.get("cpus")
    if "window_ns" in o and isinstance(cpus, list) and isinstance(o.get("quiet"), bool):
        if o["quiet"] != all(c.get("quiet") is True for c in cpus):
            say('"quiet": %s against its CPUs\' "quiet"' % str(o["quiet"]).lower())
        for c in cpus:
            for k in ("other_tasks_ns", "steal_ns"):
                if num(c.get(k)) and num(c.get("counted_ns")) and c[k] > c["counted_ns"]:
                    say('cpu %s: "%s": %s above "counted_ns": %s (a share above 100 %%)'
                        % (c.get("cpu"), k, c[k], c["counted_ns"]))


def contradictions(doc, where, out):
    """Every object of @doc through agree(); problems appended to @out."""
    if isinstance(doc, dict):
        agree(doc, lambda msg: out.append("%s: %s" % (where or "(top)", msg)))
        for k, v in doc.items():
            contradictions(v, "%s/%s" % (where, k) if where else k, out)
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            contradictions(v, "%s/%d" % (where, i) if where else str(i), out)


def main():
    if len(sys.argv) < 4:
        print(__doc__ or "usage: json-validate.py <schema dir> <name> <file>...", file=sys.stderr)
        return 2
    store = {}
    for path in glob.glob(os.path.join(sys.argv[1], "*.schema.json")):
        with open(path) as f:
            schema = json.load(f)
        Draft202012Validator.check_schema(schema)
        store[schema["$id"]] = schema
    schema = store["urn:hourglass:schema:" + sys.argv[2]]
    resolver = jsonschema.RefResolver.from_schema(schema, store=store)
    validator = Draft202012Validator(schema, resolver=resolver)
    bad = 0
    for path in sys.argv[3:]:
        with open(path) as f:
            try:
                doc = json.load(f, parse_constant=reject)
            except ValueError as e:
                print("%s: %s" % (path, e))
                bad += 1
                continue
        for err in sorted(validator.iter_errors(doc), key=lambda e: list(e.path)):
            print("%s: %s: %s" % (path, "/".join(str(p) for p in err.path) or "(top)",
                                  err.message[:300]))
            bad += 1
        found = []
        contradictions(doc, "", found)
        for msg in found:
            print("%s: %s" % (path, msg))
        bad += len(found)
    return 1 if bad else 0


sys.exit(main())
