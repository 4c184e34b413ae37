#!/bin/sh
# Benchmark: the analyses of the kernel's events (--kernel), on a synthetic
# trace of a one-minute --kernel run (tests/bench/genktrace.c: two threads
# on two CPUs, about 300,000 gaps and 400,000 kernel events) so that no
# real run is needed. Prints the CPU time (user + sys) of render, explain,
# export --format perfetto and ctx on that one file, each against ctx's,
# side by side (run in turn, A B C D A B C D, the median of the rounds).
# Each reads every event once per CPU and bisects for each gap, so each is
# a small multiple of ctx (target: at most 10 times); a walk of a CPU's
# events for every gap made render of this file take over ten minutes.
# HG_BENCH_KSECONDS (60) seconds of run, HG_BENCH_ROUNDS (3) rounds of
# HG_BENCH_RUNS (5) runs each (time(1) counts hundredths of a second).
# usage: tests/bench/kernel.sh build/hourglass
set -u
HG=${1:-build/hourglass}
GEN=$(dirname "$HG")/bench/genktrace
SECS=${HG_BENCH_KSECONDS:-60}
RUNS=${HG_BENCH_RUNS:-5}
TMP=$(mktemp -d /tmp/hgkbench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

if ! "$GEN" "$TMP/k.hgt" "$SECS" 2>"$TMP/err"; then
	echo "skipped: cannot generate the trace: $(cat "$TMP/err")"
	exit 0
fi
head=$("$HG" explain "$TMP/k.hgt" --worst 0 | awk '
	/^# kernel capture: / { ev = $4 }
	/^# thread [0-9]+: [0-9]+ gaps/ { gaps += $4 }
	END { printf "%d gaps, %d kernel events", gaps, ev }')
echo "kernel events of a synthetic --kernel run: $SECS s, 2 threads on 2 CPUs, $head," \
	"$(($(wc -c <"$TMP/k.hgt") / 1048576)) MiB"
if [ ! -x /usr/bin/time ]; then
	echo "skipped: no /usr/bin/time"
	exit 0
fi
# both on one CPU, as analysis.sh: the CPUs of a virtual machine need not be equally fast
PIN=
command -v taskset >/dev/null && PIN="taskset -c $(($(nproc) - 1))"

# user + sys CPU seconds of one run of a command, of $RUNS runs
cpu() {
	/usr/bin/time -f '%U %S' -o "$TMP/t" sh -c \
		'i=0; while [ $i -lt "$0" ]; do "$@" >/dev/null 2>&1 || exit 1; i=$((i + 1)); done' \
		"$RUNS" "$@" >/dev/null 2>&1 &&
	awk -v n="$RUNS" '{ printf "%.4f\n", ($1 + $2) / n }' "$TMP/t"
}
set -- ctx render explain perfetto
for c in "$@"; do : >"$TMP/$c.t"; done
status=0
r=1
while [ "$r" -le "${HG_BENCH_ROUNDS:-3}" ]; do
	cpu $PIN "$HG" ctx "$TMP/k.hgt" >>"$TMP/ctx.t" || status=1
	cpu $PIN "$HG" render "$TMP/k.hgt" -o - >>"$TMP/render.t" || status=1
	cpu $PIN "$HG" explain "$TMP/k.hgt" >>"$TMP/explain.t" || status=1
	cpu $PIN "$HG" export "$TMP/k.hgt" --format perfetto -o - >>"$TMP/perfetto.t" || status=1
	r=$((r + 1))
done
if [ "$status" -ne 0 ]; then
	echo "failed: a command of the benchmark failed"
	exit 1
fi
med() { sort -g "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
base=$(med "$TMP/ctx.t")
printf '%-28s %10s %12s\n' "command (same file)" "CPU s" "times ctx"
for c in "$@"; do
	name=$c
	[ "$c" = perfetto ] && name="export --format perfetto"
	awk -v n="$name" -v s="$(med "$TMP/$c.t")" -v b="$base" 'BEGIN {
		printf "%-28s %10.3f %12.1f\n", n, s, (b > 0 ? s / b : 0) }'
done
echo "(target: render, explain and export each at most 10 times ctx)"
