#!/bin/sh
# Benchmark: the resident size of a --forever run (flight recorder) over time.
# All memory is taken before the start, so it must not grow: the figures at
# the later times equal the first. The run overwrites its trace many times
# over (two LAT threads, 5000 samples a second each, into a 100000-record
# arena: once round every 10 s) and leaves the CPUs mostly idle.
# usage: tests/bench/resident.sh build/hourglass
# HG_BENCH_RSS_AT: the times to read it, in seconds from the start (default
# "10 60"); for the 1- and 10-minute figures: HG_BENCH_RSS_AT="60 600" make bench
set -u
HG=${1:-build/hourglass}
AT=${HG_BENCH_RSS_AT:-10 60}
TMP=$(mktemp -d /tmp/hgbench.XXXXXX)
trap 'kill $pid 2>/dev/null; rm -rf "$TMP"' EXIT

"$HG" -n 2 --forever -e 100000 -a -w LAT 200us -i HR -x -q -o "$TMP/run.hgt" 2>"$TMP/err" &
pid=$!
echo "resident size of -n 2 --forever -e 100000 -a -w LAT 200us -i HR, read at: $AT s"
printf '%-8s %12s %12s\n' time_s VmRSS_kB VmHWM_kB
first=
last=
elapsed=0
for t in $AT; do
	[ "$t" -gt "$elapsed" ] && sleep $((t - elapsed))
	elapsed=$t
	if ! kill -0 $pid 2>/dev/null; then
		echo "the run ended early: $(head -1 "$TMP/err")"
		exit 1
	fi
	rss=$(awk '/^VmRSS:/ { print $2 }' /proc/$pid/status)
	hwm=$(awk '/^VmHWM:/ { print $2 }' /proc/$pid/status)
	printf '%-8s %12s %12s\n' "$t" "$rss" "$hwm"
	[ -z "$first" ] && first=$rss
	last=$rss
done
kill -TERM $pid
wait $pid
echo "growth from the first reading to the last: $((last - first)) kB"
