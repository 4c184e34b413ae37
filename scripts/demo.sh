#!/bin/sh
# make demo: the paper's first experiments, short:
#  1. three CPU-bound threads at LOW, NORMAL and HIGH priority for 5 s:
#     its summary, and a timeline picture of half a second of it;
#  2. ten threads yielding every 0.9 ms on one CPU for 3 s: the
#     context-switch cost statistics and histogram picture;
#  3. the two runs side by side as one HTML page (hourglass report).
# usage: scripts/demo.sh build/hourglass
set -eu
HG=${1:-build/hourglass}
OUT=demo-out
mkdir -p "$OUT"
echo "demo: $HG -n 3 -d 5s -t 0 -p LOW -t 1 -p NORMAL -t 2 -p HIGH"
"$HG" -n 3 -d 5s -t 0 -p LOW -t 1 -p NORMAL -t 2 -p HIGH \
	-o "$OUT/paper3.hgt" --json "$OUT/paper3.json" >"$OUT/paper3.txt"
grep '^#' "$OUT/paper3.txt"
"$HG" render "$OUT/paper3.hgt" -o "$OUT/timeline.svg" --from 1000ms --to 1500ms
echo
echo "demo: $HG -d 3s -n 10 -a -p NORMAL -w CPU_YIELD 0.9ms --cpu 0 -x"
"$HG" -d 3s -n 10 -a -p NORMAL -w CPU_YIELD 0.9ms --cpu 0 -x -q -o "$OUT/yield.hgt"
"$HG" ctx "$OUT/yield.hgt" --svg "$OUT/ctx.svg" | sed -n '1,7p'
"$HG" report "$OUT/paper3.hgt" "$OUT/yield.hgt" -o "$OUT/report.html"
echo
echo "demo: the two runs as one page to read:   $OUT/report.html"
echo "demo: timeline picture (1000-1500 ms):     $OUT/timeline.svg"
echo "demo: context-switch cost histogram:      $OUT/ctx.svg"
echo "demo: every interval, one line each:      $OUT/paper3.txt ($(grep -vc '^#' "$OUT/paper3.txt") lines)"
echo "demo: traces (hourglass dump, ctx, render): $OUT/paper3.hgt $OUT/yield.hgt"
echo "demo: summary as JSON:                    $OUT/paper3.json"
