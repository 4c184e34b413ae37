#!/bin/sh
# Print every sanitizer report left in a directory (ASAN_OPTIONS and
# UBSAN_OPTIONS log_path point there) and exit 1 when there is one, so a
# report fails the run even when the test that caused it hid its stderr.
# usage: tests/sanitizer-reports.sh DIR
set -u
dir=$1
n=0
for f in "$dir"/*; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	echo "sanitizer report $f:"
	cat "$f"
done
[ "$n" -eq 0 ] && { echo "sanitizers: no report"; exit 0; }
echo "sanitizers: $n report(s)"
exit 1
