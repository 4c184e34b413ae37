#!/bin/sh
# Benchmark: dispatch latency of LAT against cyclictest, and wake-up
# overshoot per timer source. Side by side in one run, interleaved A B A B.
# usage: tests/bench/latency.sh build/hourglass
set -u
HG=${1:-build/hourglass}
HERE=$(cd "$(dirname "$0")" && pwd)
ROUNDS=${HG_BENCH_ROUNDS:-4}
SECS=${HG_BENCH_SECONDS:-5}
PRIO=90		# RTHIGH is SCHED_FIFO 90
TMP=$(mktemp -d /tmp/hgbench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

stats() { awk -f "$HERE/hist-stats.awk" "$1"; }

echo "LAT -i HR 1ms vs cyclictest -m -p $PRIO -i 1000, $ROUNDS rounds of ${SECS}s each, interleaved"
if [ "$(id -u)" != 0 ]; then
	echo "skipped: needs CAP_SYS_NICE for SCHED_FIFO $PRIO (run as root)"
	exit 0
fi
if ! command -v cyclictest >/dev/null; then
	echo "skipped: cyclictest not found (apt-get install rt-tests)"
	exit 0
fi
printf '%-6s %-11s %9s %9s %9s %8s\n' round tool median_us p99_us max_us samples
: >"$TMP/hg.all"
: >"$TMP/ct.all"
r=1
while [ $r -le "$ROUNDS" ]; do
	"$HG" -n 1 -d ${SECS}s -p RTHIGH -w LAT 1ms -i HR --histogram 5000 -x >"$TMP/hg" 2>/dev/null
	grep -E '^[0-9]+ [0-9]+|^# Max' "$TMP/hg" >>"$TMP/hg.all"
	printf '%-6s %-11s %9s %9s %9s %8s\n' $r hourglass $(stats "$TMP/hg")
	# cyclictest 2.x sleeps with clock_nanosleep by default (its old -n)
	cyclictest -m -p $PRIO -i 1000 -D ${SECS}s -q -h 5000 >"$TMP/ct" 2>/dev/null
	grep -E '^[0-9]+ [0-9]+|^# Max' "$TMP/ct" >>"$TMP/ct.all"
	printf '%-6s %-11s %9s %9s %9s %8s\n' $r cyclictest $(stats "$TMP/ct")
	r=$((r + 1))
done
# pooled: sum the histograms of all rounds
pool() { awk '/^[0-9]+ [0-9]+/ { n[$1 + 0] += $2 } /^# Max/ { if ($4 + 0 > m) m = $4 + 0 }
	END { for (i in n) printf "%06d %06d\n", i, n[i]; printf "# Max Latencies: %05d\n", m }' "$1" |
	sort >"$1.pooled"; stats "$1.pooled"; }
set -- $(pool "$TMP/hg.all") $(pool "$TMP/ct.all")
printf '%-6s %-11s %9s %9s %9s %8s\n' all hourglass "$1" "$2" "$3" "$4"
printf '%-6s %-11s %9s %9s %9s %8s\n' all cyclictest "$5" "$6" "$7" "$8"
awk -v a="$1" -v b="$5" -v c="$2" -v d="$6" -v e="$3" -v f="$7" 'BEGIN {
	printf "ratio hourglass/cyclictest: median %.3f (target <= 1.05), p99 %.3f, max %.3f\n",
		b ? a / b : 0, d ? c / d : 0, f ? e / f : 0 }'

echo
echo "wake-up overshoot (LAT lateness) per timer source, us: $ROUNDS rounds of ${SECS}s,"
echo "the timers interleaved within each round; pooled over the rounds"
for period in 1ms 5ms; do
	for timer in NATIVE HR TIMERFD POSIX SPIN; do
		: >"$TMP/$timer.$period"
	done
done
r=1
while [ $r -le "$ROUNDS" ]; do
	for period in 1ms 5ms; do
		for timer in NATIVE HR TIMERFD POSIX SPIN; do
			"$HG" -n 1 -d ${SECS}s -p RTHIGH -w LAT $period -i $timer --histogram 5000 -x \
				2>/dev/null | grep -E '^[0-9]+ [0-9]+|^# Max' >>"$TMP/$timer.$period"
		done
	done
	r=$((r + 1))
done
printf '%-8s %-7s %9s %9s %9s %8s\n' timer period median_us p99_us max_us samples
for period in 1ms 5ms; do
	for timer in NATIVE HR TIMERFD POSIX SPIN; do
		printf '%-8s %-7s %9s %9s %9s %8s\n' $timer $period $(pool "$TMP/$timer.$period")
	done
done
echo "(SPIN never sleeps: its maximum is the RT throttling of a spinning SCHED_FIFO thread)"
