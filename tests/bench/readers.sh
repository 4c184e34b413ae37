#!/bin/sh
# Benchmark: each reader of a file at growing sizes up to its limit (man
# hourglass, LIMITS): the elapsed time and the peak resident memory, and
# both per unit read. Time and memory grow linearly when the per-unit
# figures stay flat from one size to the next.
#   --sched        perf script text: sched_switch lines (ctx on the fixture)
#   rta --tasks    task files: random rate-monotonic sets, U = 0.9
#   PERIODIC_TABLE a table read once by the options (rta -n 16), then held
#                  by each thread of a run (-n 2 .. 16 of one table)
#   diff           summaries of 128 .. 1024 threads
# HG_BENCH_SCALE=<n> divides every size by n (a quick check that it runs).
# usage: tests/bench/readers.sh build/hourglass
set -u
HG=${1:-build/hourglass}
HERE=$(cd "$(dirname "$0")" && pwd)
FIX=$HERE/../fixtures
SCALE=${HG_BENCH_SCALE:-1}
TMP=$(mktemp -d /tmp/hgbench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

if ! /usr/bin/time -f '%M' true 2>/dev/null; then
	echo "readers: skipped (needs GNU time, /usr/bin/time, for the peak memory)"
	exit 0
fi

# measure <what> <size> <unit> <command...>: one row of the table
measure() {
	what=$1 size=$2 unit=$3
	shift 3
	a=$(date +%s%N)
	if ! /usr/bin/time -f '%M' -o "$TMP/rss" "$@" >"$TMP/out" 2>"$TMP/err"; then
		echo "$what: failed at $size $unit: $(head -1 "$TMP/err")"
		exit 1
	fi
	b=$(date +%s%N)
	awk -v w="$what" -v n="$size" -v u="$unit" -v a="$a" -v b="$b" -v kb="$(tail -1 "$TMP/rss")" \
		'BEGIN { s = (b - a) / 1e9;
		printf "%-15s %9d %-8s %8.3f s %8.1f MB %10.3f us/%s %8.0f B/%s\n",
		w, n, u, s, kb / 1024, s * 1e6 / n, u, kb * 1024 / n, u }'
}

echo "reader          size      unit        time       memory   time per unit   memory per unit"

# perf script text: the fixture's events, then switches of other tasks
# before the run (read and kept, attributed to nothing)
for n in 125000 250000 500000 980000; do
	n=$((n / SCALE))
	cp "$FIX/sched-yield.txt" "$TMP/sched.txt"
	awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++)
		printf "other %d [001] 1.%09d: sched:sched_switch: prev_comm=a prev_pid=%d " \
		       "prev_prio=120 prev_state=S ==> next_comm=b next_pid=%d next_prio=120\n",
		       50000 + i % 100, i, 50000 + i % 100, 60000 + i % 100 }' >>"$TMP/sched.txt"
	measure "--sched" "$n" switch "$HG" ctx "$FIX/sched-yield.hgt" --sched "$TMP/sched.txt"
done

# task files: random rate-monotonic sets of total utilisation 0.9
for n in 6250 12500 25000 50000; do
	n=$((n / SCALE))
	awk -v n="$n" 'BEGIN { srand(1); for (i = 0; i < n; i++) {
		t = int(10 + rand() * 990) * 1000; c = int(t * 900 / n); if (c < 1) c = 1;
		printf "C=%dns T=%dus\n", c, t } }' >"$TMP/set.tasks"
	measure "rta --tasks" "$n" task "$HG" rta --tasks "$TMP/set.tasks"
done

# PERIODIC_TABLE: read once when the options are read, whatever the threads
for n in 1250000 2500000 5000000 10000000; do
	n=$((n / SCALE))
	awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "%dus\n", 100 + i % 900 }' \
		>"$TMP/costs.table"
	measure "table (rta)" "$n" time "$HG" rta -n 16 -p RTHIGH -w PERIODIC_TABLE \
		"$TMP/costs.table" 10ms
done
# ... and held by each thread of a run: memory in proportion to the threads
n=$((1000000 / SCALE))
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "%dus\n", 10 + i % 90 }' >"$TMP/run.table"
for t in 2 4 8 16; do
	measure "table (run)" "$((t * n))" time "$HG" -n "$t" -d 10ms -q -x \
		-w PERIODIC_TABLE "$TMP/run.table" 100ms
done

# summaries for diff: n threads each, compared with themselves
for n in 128 256 512 1024; do
	awk -v n="$n" 'BEGIN { printf "{\"threads\": [";
		for (i = 0; i < n; i++)
			printf "%s{\"id\": %d, \"share\": 0.5, \"gaps\": {\"count\": 7, " \
			       "\"median_ns\": %d, \"p99_ns\": 9000, \"p999_ns\": 9500, " \
			       "\"max_ns\": 12000}, \"model\": {\"hits\": 90, \"misses\": 10}}",
			       i ? "," : "", i, 1000 + i;
		print "]}" }' >"$TMP/s$n.json"
	measure "diff (json)" "$n" thread "$HG" diff "$TMP/s$n.json" "$TMP/s$n.json"
done
