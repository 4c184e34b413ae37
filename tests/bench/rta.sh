#!/bin/sh
# Benchmark: rta --tasks on large task sets (5,000 and 50,000 tasks of
# random periods from 10 ms to 1 s, total utilisation 0.9, rate-monotonic).
# Prints seconds and tasks per second for each size; the time per task of
# the larger set against the smaller shows whether the analysis grows
# faster than n log n (a quadratic one is 10 times slower per task).
# usage: tests/bench/rta.sh build/hourglass
set -u
HG=${1:-build/hourglass}
TMP=$(mktemp -d /tmp/hgbench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

now() { date +%s%N; }
echo "rta --tasks on random sets (U = 0.9)"
for n in 5000 50000; do
	awk -v n="$n" 'BEGIN { srand(1); for (i = 0; i < n; i++) {
		t = int(10 + rand() * 990) * 1000; c = int(t * 900 / n); if (c < 1) c = 1;
		printf "C=%dns T=%dus\n", c, t } }' >"$TMP/set$n.txt"
	a=$(now)
	if ! "$HG" rta --tasks "$TMP/set$n.txt" >"$TMP/out" 2>&1; then
		echo "failed: $(head -1 "$TMP/out")"
		exit 1
	fi
	b=$(now)
	awk -v n="$n" -v a="$a" -v b="$b" 'BEGIN { s = (b - a) / 1e9;
		printf "%6d tasks %8.3f s %10.0f tasks/s   (target: 50000 tasks in under 1 s)\n",
		n, s, n / s }'
	grep '^# edf: processor demand' "$TMP/out"
done
