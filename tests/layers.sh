#!/bin/sh
# The folder-rules check (scripts/layers.sh) on small trees of its own: it
# passes a tree whose includes point down and fails one with an include
# pointing up, one not root-relative, and a circle inside a folder; the
# same between the rooms of analysis/.
# usage: tests/layers.sh
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
checker=layers.sh
. "$here/tests/tree-expect.sh"
tree() {
	rm -rf "$tmp/t" && mkdir -p "$tmp/t/trace" "$tmp/t/analysis" "$tmp/t/report"
	printf '#include <stdint.h>\n' >"$tmp/t/trace/trace.h"
	printf '#include "trace/trace.h"\n' >"$tmp/t/analysis/stats.h"
	printf '#include "analysis/stats.h"\n#include "trace/trace.h"\n' >"$tmp/t/report/text.c"
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
rooms() {
	tree
	mkdir -p "$tmp/t/analysis/stats" "$tmp/t/analysis/gaps" "$tmp/t/analysis/kernel"
	printf '#include "trace/trace.h"\n' >"$tmp/t/analysis/stats/vcount.h"
	printf '#include "analysis/stats/vcount.h"\n#include "analysis/stats.h"\n' \
		>"$tmp/t/analysis/gaps/classify.c"
	printf '#include "analysis/gaps/classify.h"\n' >"$tmp/t/report/ctx.c"
}
rooms
expect 0 "layers: a room including a lower room, report/ any room, pass" "every include points down"
rooms
printf '#include "analysis/gaps/classify.h"\n' >"$tmp/t/analysis/stats/vcount.c"
expect 1 "layers: analysis/stats/ including analysis/gaps/ fails" \
	"analysis/stats/ may not include analysis/gaps/"
rooms
printf '#include "analysis/gaps/classify.h"\n' >"$tmp/t/analysis/kernel/kwin.c"
expect 1 "layers: analysis/kernel/ including analysis/gaps/ fails" \
	"analysis/kernel/ may not include analysis/gaps/"
rooms
printf '#include "analysis/stats/vcount.h"\n' >"$tmp/t/analysis/merge.c"
expect 1 "layers: analysis/ itself including a room fails" "analysis/ may not include analysis/stats/"
rooms
mkdir -p "$tmp/t/analysis/misc" && printf '\n' >"$tmp/t/analysis/misc/x.c"
expect 1 "layers: a room without a rule fails" "folder 'analysis/misc' has no rule"
echo "layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
