#!/bin/sh
# make demo: run the paper's 3-thread experiment (three CPU-bound threads at
# LOW, NORMAL and HIGH priority for 5 s), print its summary, and say where
# its trace and JSON summary went.
# usage: scripts/demo.sh build/hourglass
set -eu
HG=${1:-build/hourglass}
OUT=demo-out
mkdir -p "$OUT"
echo "demo: $HG -n 3 -d 5s -t 0 -p LOW -t 1 -p NORMAL -t 2 -p HIGH"
"$HG" -n 3 -d 5s -t 0 -p LOW -t 1 -p NORMAL -t 2 -p HIGH \
	-o "$OUT/paper3.hgt" --json "$OUT/paper3.json" >"$OUT/paper3.txt"
grep '^#' "$OUT/paper3.txt"
echo
echo "demo: every interval, one line each:   $OUT/paper3.txt ($(grep -vc '^#' "$OUT/paper3.txt") lines)"
echo "demo: binary trace (hourglass dump):    $OUT/paper3.hgt"
echo "demo: summary as JSON:                  $OUT/paper3.json"
