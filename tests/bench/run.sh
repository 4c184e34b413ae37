#!/bin/sh
# Run every benchmark in build/bench/ and print its table.
# usage: tests/bench/run.sh <build dir>
B=${1:-build}
status=0
for b in "$B"/bench/*; do
	[ -x "$b" ] || continue
	echo "== $(basename "$b")"
	"$b" || status=1
	echo
done
exit $status
