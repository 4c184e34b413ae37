#!/bin/sh
# Benchmark: a run's resident memory per thread against cyclictest's, side
# by side in one run, interleaved A B A B. The figure compared is the peak
# resident set (getrusage through time(1)) beyond the trace arena (-e
# records of 16 bytes, touched whole before the start): what the threads,
# their stacks and statistics, the libraries and the heap take.
# Target: at most twice cyclictest -m's, at 16 and at 1024 threads.
# usage: tests/bench/memory.sh build/hourglass
set -u
HG=${1:-build/hourglass}
ROUNDS=${HG_BENCH_ROUNDS:-2}
RECS=100000
TMP=$(mktemp -d /tmp/hgbench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

if [ ! -x /usr/bin/time ]; then
	echo "skipped: /usr/bin/time not found (apt-get install time)"
	exit 0
fi
if ! command -v cyclictest >/dev/null; then
	echo "skipped: cyclictest not found (apt-get install rt-tests)"
	exit 0
fi
# peak resident set in kB of a command, or an empty line when it failed
peak() { /usr/bin/time -f '%M' -o "$TMP/rss" "$@" >/dev/null 2>"$TMP/err" && cat "$TMP/rss"; }

arena=$((RECS * 16 / 1024))
echo "peak resident set beyond the trace arena ($arena kB): hourglass -n N -a -w CPU_YIELD 1ms -e $RECS -d 1s"
echo "against cyclictest -m -t N -D 1; $ROUNDS rounds interleaved, the largest figure of each kept"
printf '%-8s %16s %16s %8s   %s\n' threads hourglass_kB cyclictest_kB ratio "target <= 2"
status=0
for n in 16 1024; do
	hg=0
	ct=0
	r=1
	while [ $r -le "$ROUNDS" ]; do
		a=$(peak "$HG" -n $n -a -w CPU_YIELD 1ms -e $RECS -d 1s -q -o "$TMP/run.hgt")
		b=$(peak cyclictest -m -q -t $n -D 1)
		if [ -z "$a" ] || [ -z "$b" ]; then
			echo "skipped at $n threads: a run failed: $(head -1 "$TMP/err")"
			status=1
			break
		fi
		a=$((a - arena))
		[ "$a" -gt "$hg" ] && hg=$a
		[ "$b" -gt "$ct" ] && ct=$b
		r=$((r + 1))
	done
	[ "$ct" -gt 0 ] || continue
	awk -v n=$n -v a=$hg -v b=$ct 'BEGIN { printf "%-8s %16d %16d %8.2f\n", n, a, b, a / b }'
done
exit $status
