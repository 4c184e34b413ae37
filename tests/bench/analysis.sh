#!/bin/sh
# Benchmark: the analyses of a saved trace, on a synthetic trace of 10
# million records (tests/bench/gentrace.c) so that no 10-minute run is
# needed. Prints ctx's CPU time against cksum's over the same file and its
# peak resident set against the file's size (side by side, interleaved
# A B A B; targets: at most 5 times and 1.2 times), then records per second
# for ctx, dump and render (and export), and render's output size.
# HG_BENCH_ROUNDS (3) rounds of HG_BENCH_RUNS (4) runs each, the median round.
# usage: tests/bench/analysis.sh build/hourglass
set -u
HG=${1:-build/hourglass}
GEN=$(dirname "$HG")/bench/gentrace
N=${HG_BENCH_RECORDS:-10000000}
TMP=$(mktemp -d /tmp/hgbench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

now() { date +%s%N; }
rate() {	# name, start ns, end ns, records
	awk -v n="$1" -v a="$2" -v b="$3" -v r="$4" -v t="$5" 'BEGIN {
		s = (b - a) / 1e9; printf "%-28s %8.3f s %10.2f M records/s   (target %s)\n",
		n, s, r / s / 1e6, t }'
}

if ! "$GEN" "$TMP/big.hgt" "$N" 10 2 2>"$TMP/err"; then
	echo "skipped: cannot generate the trace: $(cat "$TMP/err")"
	exit 0
fi
echo "analysis of a synthetic trace: $N records, 10 threads on 2 CPUs, $(($(wc -c <"$TMP/big.hgt") / 1048576)) MiB"
"$HG" dump "$TMP/big.hgt" >/dev/null	# warm the page cache: every figure reads the same file
if [ -x /usr/bin/time ] && command -v cksum >/dev/null; then
	# user + system CPU seconds and peak resident kB of a command run
	# $RUNS times over (time prints hundredths of a second: cksum's few
	# hundredths alone would make a coarse ratio), the seconds for one run
	RUNS=${HG_BENCH_RUNS:-4}
	cpu_rss() {
		/usr/bin/time -f '%U %S %M' -o "$TMP/t" sh -c \
			'i=0; while [ $i -lt "$0" ]; do "$@" >/dev/null 2>&1 || exit 1; i=$((i + 1)); done' \
			"$RUNS" "$@" >/dev/null 2>&1 &&
		awk -v n="$RUNS" '{ printf "%.4f %.4f %d\n", $1 / n, $2 / n, $3 }' "$TMP/t"
	}
	# both on one CPU: the CPUs of a virtual machine need not be equally
	# fast (here one of two was at times a third slower for both), and a
	# ratio of runs on two of them would measure the CPUs
	PIN=
	where="unpinned: no taskset"
	if command -v taskset >/dev/null; then
		c=$(($(nproc) - 1))
		PIN="taskset -c $c"
		where="both on CPU $c"
	fi
	: >"$TMP/ctx.t"
	: >"$TMP/ck.t"
	r=1
	while [ $r -le "${HG_BENCH_ROUNDS:-3}" ]; do
		cpu_rss $PIN "$HG" ctx "$TMP/big.hgt" >>"$TMP/ctx.t"
		cpu_rss $PIN cksum "$TMP/big.hgt" >>"$TMP/ck.t"
		r=$((r + 1))
	done
	# the medians of the rounds
	med() { awk -v c="$2" '{ print (c == 4 ? $1 + $2 : $3) }' "$1" | sort -g |
		awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
	awk -v a="$(med "$TMP/ctx.t" 4)" -v b="$(med "$TMP/ck.t" 4)" \
	    -v m="$(med "$TMP/ctx.t" 3)" -v f="$(wc -c <"$TMP/big.hgt")" -v w="$where" 'BEGIN {
		printf "ctx CPU time (user + sys, a run) %.3f s, cksum %.3f s (%s): %.1f times (target <= 5)\n",
		a, b, w, (b > 0 ? a / b : 0)
		printf "ctx peak resident %.1f MiB, the file %.1f MiB: %.2f times (target <= 1.2)\n",
		m / 1024, f / 1048576, m * 1024 / f }'
else
	echo "ctx against cksum skipped: no /usr/bin/time or cksum"
fi
a=$(now); "$HG" ctx "$TMP/big.hgt" >/dev/null; b=$(now)
rate "ctx" "$a" "$b" "$N" ">= 20"
a=$(now); "$HG" dump "$TMP/big.hgt" >/dev/null; b=$(now)
rate "dump (lines)" "$a" "$b" "$N" ">= 5"
a=$(now); "$HG" render "$TMP/big.hgt" -o "$TMP/big.svg"; b=$(now)
rate "render (whole run)" "$a" "$b" "$N" "bounded"
echo "render output: $(wc -c <"$TMP/big.svg") bytes (target: a few MB at most)"
a=$(now); "$HG" export "$TMP/big.hgt" --format csv -o - >/dev/null; b=$(now)
rate "export csv" "$a" "$b" "$N" "-"
