#!/bin/sh
# Run every Check test binary given; print each suite's result and a total.
# Exits 1 when any test failed or a binary crashed. With HG_UNIT_RAW=1 (set
# by make check SANITIZE=1) each binary's whole output is printed, unfiltered.
# With HG_EMULATOR set (make check-arch: qemu-aarch64-static) each binary runs
# under it; HG_CK_FORK=no runs each binary's tests in one process (an
# emulator forks slowly) instead of one process a test.
passed=0
failed=0
status=0
for t in "$@"; do
	out=$(CK_FORK=${HG_CK_FORK:-yes} ${HG_EMULATOR:+"$HG_EMULATOR"} "$t" 2>&1)
	rc=$?
	[ "${HG_UNIT_RAW:-}" = 1 ] && printf '%s\n' "$out"
	printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks' | sed "s|^|$(basename "$t"): |"
	[ "${HG_UNIT_RAW:-}" = 1 ] || printf '%s\n' "$out" | grep -E ':[EF]:' | head -20
	line=$(printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks' | tail -1)
	n=$(printf '%s' "$line" | sed -n 's/.*Checks: \([0-9]*\).*/\1/p')
	f=$(printf '%s' "$line" | sed -n 's/.*Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2/p')
	nf=$(echo "$f" | awk '{print $1 + $2}')
	if [ -z "$n" ]; then
		echo "$(basename "$t"): did not finish (exit status $rc)"
		failed=$((failed + 1))
		status=1
		continue
	fi
	passed=$((passed + n - nf))
	failed=$((failed + nf))
	[ "$rc" -ne 0 ] && status=1
done
echo "unit: $passed passed, $failed failed"
[ "$failed" -ne 0 ] && status=1
exit $status
