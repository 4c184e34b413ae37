# Validate JSON documents against hourglass's schemas (JSON Schema draft
# 2020-12) with Debian's python3-jsonschema.
# usage: /usr/bin/python3 tests/json-validate.py <schema dir> <name> <file>...
# <name> is a schema's file name without .schema.json (summary, ctx, ...);
# every schema in the directory is loaded, so "urn:hourglass:schema:meta"
# references resolve. Prints one line per problem; exits 1 if there is one,
# 2 when it cannot run (no jsonschema: the caller skips).
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
    return 1 if bad else 0


sys.exit(main())
