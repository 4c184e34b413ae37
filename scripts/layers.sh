#!/bin/sh
# The folder rules of ARCHITECTURE.md, checked over the includes of every C
# file outside tests/: an include may point into the file's own folder or
# into a folder below it, never up; and no two files include each other,
# directly or through others (a circle). A folder is a file's directory:
# analysis/ holds rooms of its own (analysis/stats/, ...), each with its
# rule; a word of a rule may be a pattern (analysis/* : every room).
# Prints each breach; exits 1 when there is one.
# usage: scripts/layers.sh [ROOT]   (ROOT: the tree to check, by default ours)
set -u -f	# -f: the patterns of the rules are not file names
cd "${1:-$(dirname "$0")/..}" || exit 2
# folder: the folders it may include besides itself. analysis/'s rooms,
# lowest first: stats (statistics, where tails go), kernel (the kernel's
# events), gaps (the classification of gaps), sched (schedulability, also
# of a run's measured task set), compare (diff); analysis/ itself holds
# what several rooms share.
rules='util:
trace:util
timers:trace util
workloads:timers trace util
analysis:trace util
analysis/stats:analysis trace util
analysis/kernel:analysis/stats analysis trace util
analysis/gaps:analysis/kernel analysis/stats analysis trace util
analysis/sched:analysis/gaps analysis/kernel analysis/stats analysis trace util
analysis/compare:analysis/sched analysis/gaps analysis/kernel analysis/stats analysis trace util
report:analysis analysis/* trace util
svg:report analysis analysis/* trace util
export:report analysis analysis/* trace util
html:svg report audit analysis analysis/* trace util
audit:analysis analysis/* trace util
run:workloads timers trace analysis analysis/* util
hourglass:run export html svg report audit analysis analysis/* workloads timers trace util'
status=0
edges=$(mktemp) || exit 2
trap 'rm -f "$edges"' EXIT
for f in $(find . -name '*.[ch]' -not -path './tests/*' -not -path './scripts/*' \
	     -not -path './build*' -not -path './.git/*' | sed 's,^\./,,' | sort); do
	dir=${f%/*}
	allowed=$(printf '%s\n' "$rules" | sed -n "s,^$dir:,$dir ,p")
	if [ -z "$allowed" ]; then
		echo "layers: $f: folder '$dir' has no rule in scripts/layers.sh"
		status=1
		continue
	fi
	for inc in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
		case "$inc" in
		*/*) ;;
		*) echo "layers: $f: #include \"$inc\" is not root-relative"; status=1; continue ;;
		esac
		to=${inc%/*}
		ok=0
		for a in $allowed; do
			case "$to" in $a) ok=1 ;; esac
		done
		if [ "$ok" -eq 0 ]; then
			echo "layers: $f: #include \"$inc\": $dir/ may not include $to/"
			status=1
		fi
		# a header and its .c are one unit for the circle check
		printf '%s %s\n' "${f%.[ch]}" "${inc%.[ch]}" >>"$edges"
	done
done
# circles: tsort names them (it reports a loop on stderr)
loops=$(awk '$1 != $2' "$edges" | tsort 2>&1 >/dev/null | grep -v 'tsort: -: input contains a loop:')
if [ -n "$loops" ]; then
	printf '%s\n' "$loops" | sed 's/^tsort: /layers: circle through /'
	status=1
fi
[ "$status" -eq 0 ] && echo "layers: every include points down, no circle"
exit $status
