#!/bin/sh
# Fidelity: hourglass's figures beside the kernel's own, from one run of
# three CPU-bound threads sharing CPU 0: per thread the received CPU time
# against the kernel's (CLOCK_THREAD_CPUTIME_ID), the switches the trace
# infers against the kernel's count (getrusage); with perf, as root, the
# share of gaps that the kernel's sched_switch events (ctx --sched) class as
# the trace alone does. Then the spread of the derived gap threshold over 20
# calibrations (target: within 10 %). Figures mean something only on a
# quiet machine: the run's noise verdict is printed with them.
# usage: tests/bench/fidelity.sh build/hourglass
HG=${1:-build/hourglass}
TMP=$(mktemp -d /tmp/hgfid.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
ARGS="-n 3 -d 3s -a -w CPU --cpu 0 -x"
sched=""

if command -v perf >/dev/null && [ "$(id -u)" = 0 ] &&
   perf record -e sched:sched_switch -k CLOCK_MONOTONIC -a -q -o "$TMP/p.data" -- \
	"$HG" $ARGS -o "$TMP/f.hgt" >"$TMP/out" 2>/dev/null &&
   perf script --ns -i "$TMP/p.data" >"$TMP/sched.txt" 2>/dev/null; then
	sched="$TMP/sched.txt"
elif ! "$HG" $ARGS -o "$TMP/f.hgt" >"$TMP/out" 2>/dev/null; then
	echo "fidelity: the run failed"
	exit 1
fi
"$HG" ctx "$TMP/f.hgt" >"$TMP/ctx" || exit 1
echo "run: hourglass $ARGS"
grep '^# noise: ' "$TMP/out" | sed 's/^# //'
awk '
	FNR == NR && /^# kernel: thread / {	# the summary
		t = $4
		for (i = 1; i <= NF; i++) {
			if ($i == "received") recv[t] = $(i + 1)
			if ($i == "time") kern[t] = $(i + 1)
		}
		next
	}
	FNR != NR && /^# thread [0-9]+: switches inferred / {	# ctx
		t = $3; sub(/:$/, "", t)
		inf[t] = $6; kcs[t] = $12
	}
	END {
		printf "%-6s %12s %12s %16s %12s %10s %16s\n", "thread", "received_ms",
		       "kernel_ms", "kernel/received", "inferred_cs", "kernel_cs", "inferred/kernel"
		for (t = 0; t in recv; t++)
			printf "%-6s %12.3f %12.3f %16.4f %12d %10d %16.4f\n", t, recv[t], kern[t],
			       (recv[t] > 0 ? kern[t] / recv[t] : 0), inf[t], kcs[t],
			       (kcs[t] > 0 ? inf[t] / kcs[t] : 0)
	}' "$TMP/out" "$TMP/ctx"
if [ -n "$sched" ]; then
	"$HG" ctx "$TMP/f.hgt" --sched "$sched" | grep '^# kernel: ' | sed 's/^# kernel: /--sched: /'
else
	echo "--sched: skipped (needs perf and root)"
fi
"$HG" calibrate --repeat 20 | grep '^# repeat: ' | sed 's/^# repeat: /threshold: /'
