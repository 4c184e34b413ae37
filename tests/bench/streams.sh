#!/bin/sh
# Benchmark: every reader of a saved trace, each on a synthetic trace of
# HG_BENCH_RECORDS (10 million) records (tests/bench/gentrace.c): its speed
# (records a second, of the wall time of one run and of its CPU time, user
# and system: the second holds on a loaded machine; the page cache warm) and
# its peak resident set (time(1)'s maximum RSS) against the file's size.
# The readers take the records in chunks, so the memory stays a small part
# of the file (target: at most 0.1 times). dump, export, render and ctx
# read a trace of 10 threads on 2 CPUs; lat the same records as LAT
# samples. Then every reader of a kernel's events on a synthetic --kernel
# run (tests/bench/genktrace.c, HG_BENCH_KSECONDS, 600, seconds: 2
# threads, 1.3 kernel events a gap, the events two thirds of the file;
# ten minutes, so that the program's own 4 MiB are not what is measured),
# the "(kernel)" rows: its events are read from the file a block at a
# time, the time lines of explain a window at a time, of the gaps that ctx
# classes those a switch waits for; the slices that render draws a window
# at a time (4,096 events a CPU), made again from marks. ctx again on a
# run of many CPUs (HG_BENCH_KCPUS, 16, one thread each,
# HG_BENCH_KCPU_SECONDS, 150, seconds, so that the 0.2 MiB a thread of
# statistics and read buffers are not what is measured): its records are
# read twice whatever the number of CPUs, each CPU's events a window at a
# time.
# HG_BENCH_RUNS (3) runs of each, the median.
# usage: tests/bench/streams.sh build/hourglass
set -u
HG=${1:-build/hourglass}
GEN=$(dirname "$HG")/bench/gentrace
KGEN=$(dirname "$HG")/bench/genktrace
N=${HG_BENCH_RECORDS:-10000000}
RUNS=${HG_BENCH_RUNS:-3}
TMP=$(mktemp -d /tmp/hgbench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

if [ ! -x /usr/bin/time ]; then
	echo "skipped: /usr/bin/time not found (apt-get install time)"
	exit 0
fi
if ! "$GEN" "$TMP/big.hgt" "$N" 10 2 2>"$TMP/err" ||
   ! "$GEN" "$TMP/lat.hgt" "$N" 10 2 lat 2>>"$TMP/err" ||
   ! "$KGEN" "$TMP/k.hgt" "${HG_BENCH_KSECONDS:-600}" 2>>"$TMP/err" ||
   ! "$KGEN" "$TMP/kc.hgt" "${HG_BENCH_KCPU_SECONDS:-150}" "${HG_BENCH_KCPUS:-16}" 2>>"$TMP/err"; then
	echo "skipped: cannot generate the traces: $(head -1 "$TMP/err")"
	exit 0
fi
# records <trace>: the records it holds
records() {
	"$HG" dump --json "$1" | awk -F'[:,]' '/"records_stored"/ { n += $2 } END { print n }'
}
krecs=$(records "$TMP/k.hgt")
kcrecs=$(records "$TMP/kc.hgt")

# row <name> <trace> <records> <command...>: the median of $RUNS runs
row() {
	name=$1 file=$2 recs=$3
	shift 3
	: >"$TMP/runs"
	r=0
	while [ $r -lt "$RUNS" ]; do
		a=$(date +%s%N)
		if ! /usr/bin/time -f '%M %U %S' -o "$TMP/rss" "$@" >/dev/null 2>"$TMP/err"; then
			echo "$name: failed: $(head -1 "$TMP/err")"
			return
		fi
		b=$(date +%s%N)
		echo "$((b - a)) $(tail -1 "$TMP/rss")" >>"$TMP/runs"
		r=$((r + 1))
	done
	sort -n "$TMP/runs" | awk -v n="$name" -v r="$recs" -v f="$(wc -c <"$file")" '
		{ ns[NR] = $1; kb[NR] = $2; cpu[NR] = $3 + $4 }
		END { m = int((NR + 1) / 2); s = ns[m] / 1e9; c = cpu[m] > 0 ? cpu[m] : 0.01
		      printf "%-18s %10d %8.3f s %8.2f M/s %8.2f M/s %9.1f MiB %7.3f\n",
			     n, r, s, r / s / 1e6, r / c / 1e6, kb[m] / 1024, kb[m] * 1024 / f }'
}

echo "readers of saved traces: $N records ($(($(wc -c <"$TMP/big.hgt") / 1048576)) MiB), a" \
	"--kernel run of ${HG_BENCH_KSECONDS:-600} s ($krecs records, $(($(wc -c <"$TMP/k.hgt") / 1048576)) MiB)" \
	"and one of ${HG_BENCH_KCPU_SECONDS:-150} s on ${HG_BENCH_KCPUS:-16} CPUs ($kcrecs records," \
	"$(($(wc -c <"$TMP/kc.hgt") / 1048576)) MiB); the median of $RUNS runs"
printf '%-18s %10s %10s %10s %12s %13s %7s\n' reader records time "speed" "speed (CPU)" \
	"peak RSS" "/file"
"$HG" dump "$TMP/big.hgt" >/dev/null	# the page cache warm for all
row "dump" "$TMP/big.hgt" "$N" "$HG" dump "$TMP/big.hgt"
row "export csv" "$TMP/big.hgt" "$N" "$HG" export "$TMP/big.hgt" --format csv -o -
row "export json" "$TMP/big.hgt" "$N" "$HG" export "$TMP/big.hgt" --format json -o -
row "export perfetto" "$TMP/big.hgt" "$N" "$HG" export "$TMP/big.hgt" --format perfetto -o -
row "render" "$TMP/big.hgt" "$N" "$HG" render "$TMP/big.hgt" -o "$TMP/big.svg"
row "ctx" "$TMP/big.hgt" "$N" "$HG" ctx "$TMP/big.hgt"
"$HG" lat "$TMP/lat.hgt" >/dev/null
row "lat" "$TMP/lat.hgt" "$N" "$HG" lat "$TMP/lat.hgt"
row "lat --json" "$TMP/lat.hgt" "$N" "$HG" lat "$TMP/lat.hgt" --json
K=$TMP/k.hgt
"$HG" dump "$K" >/dev/null
row "dump (kernel)" "$K" "$krecs" "$HG" dump "$K"
row "export csv (k)" "$K" "$krecs" "$HG" export "$K" --format csv -o -
row "export json (k)" "$K" "$krecs" "$HG" export "$K" --format json -o -
row "export perf. (k)" "$K" "$krecs" "$HG" export "$K" --format perfetto -o -
row "render (kernel)" "$K" "$krecs" "$HG" render "$K" -o "$TMP/k.svg"
row "ctx (kernel)" "$K" "$krecs" "$HG" ctx "$K"
row "explain (kernel)" "$K" "$krecs" "$HG" explain "$K"
"$HG" dump "$TMP/kc.hgt" >/dev/null
row "ctx (k, ${HG_BENCH_KCPUS:-16} CPUs)" "$TMP/kc.hgt" "$kcrecs" "$HG" ctx "$TMP/kc.hgt"
echo "target: peak RSS at most 0.1 times the file"
