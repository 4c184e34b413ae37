#!/bin/sh
# Print every sanitizer report left in a directory (ASAN_OPTIONS and
# UBSAN_OPTIONS log_path point there; valgrind's --log-file for make smoke
# VALGRIND=1) and exit 1 when there is one, so a report fails the run even
# when the test that caused it hid its stderr. Empty files are no report.
# usage: tests/sanitizer-reports.sh DIR
set -u
dir=$1
n=0
for f in "$dir"/*; do
	[ -s "$f" ] || continue
	n=$((n + 1))
	echo "report $f:"
	cat "$f"
done
[ "$n" -eq 0 ] && { echo "sanitizers and memcheck: no report"; exit 0; }
echo "sanitizers and memcheck: $n report(s)"
exit 1
