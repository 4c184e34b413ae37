#!/bin/sh
# The folder-rules check (scripts/layers.sh) on small trees of its own: it
# passes a tree whose includes point down and fails one with an include
# pointing up, one not root-relative, and a circle inside a folder.
# usage: tests/layers.sh
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
tree() {
	rm -rf "$tmp/t" && mkdir -p "$tmp/t/trace" "$tmp/t/analysis" "$tmp/t/report"
	printf '#include <stdint.h>\n' >"$tmp/t/trace/trace.h"
	printf '#include "trace/trace.h"\n' >"$tmp/t/analysis/stats.h"
	printf '#include "analysis/stats.h"\n#include "trace/trace.h"\n' >"$tmp/t/report/text.c"
}
expect() {	# expect <0|1> <name> [pattern the output must hold]
	out=$(sh "$here/scripts/layers.sh" "$tmp/t" 2>&1)
	st=$?
	if [ "$st" -eq "$1" ] && { [ -z "${3:-}" ] || printf '%s\n' "$out" | grep -q -- "$3"; }; then
		echo "ok      $2"; pass=$((pass + 1))
	else
		echo "FAIL    $2 (status $st): $out"; fail=$((fail + 1))
	fi
}
tree
expect 0 "layers: includes that point down pass" "every include points down"
tree
printf '#include "report/text.h"\n' >"$tmp/t/analysis/stats.c"
expect 1 "layers: analysis/ including report/ fails" "analysis/ may not include report/"
tree
printf '#include "../trace/trace.h"\n' >"$tmp/t/analysis/bins.c"
expect 1 "layers: a relative include fails" "may not include ../"
tree
printf '#include "analysis/b.h"\n' >"$tmp/t/analysis/a.h"
printf '#include "analysis/a.h"\n' >"$tmp/t/analysis/b.c"
expect 1 "layers: a circle inside a folder fails" "circle"
tree
mkdir -p "$tmp/t/misc" && printf '\n' >"$tmp/t/misc/x.c"
expect 1 "layers: a folder without a rule fails" "has no rule"
echo "layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
