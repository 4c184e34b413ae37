#!/bin/sh
# The folder rules of ARCHITECTURE.md, checked over the includes of every C
# file outside tests/: an include may point into the file's own folder or
# into a folder below it, never up; and no two files include each other,
# directly or through others (a circle). Prints each breach; exits 1 when
# there is one.
# usage: scripts/layers.sh [ROOT]   (ROOT: the tree to check, by default ours)
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2
# folder: the folders it may include besides itself
rules='trace:
timers:trace
workloads:timers trace
analysis:trace
report:analysis trace
svg:report analysis trace
export:report analysis trace
html:svg report audit analysis trace
audit:analysis trace
run:workloads timers trace analysis
hourglass:run export html svg report audit analysis workloads timers trace'
status=0
edges=$(mktemp) || exit 2
trap 'rm -f "$edges"' EXIT
for f in $(find . -name '*.[ch]' -not -path './tests/*' -not -path './scripts/*' \
	     -not -path './build*' -not -path './.git/*' | sed 's,^\./,,' | sort); do
	dir=${f%%/*}
	allowed=$(printf '%s\n' "$rules" | sed -n "s/^$dir:/$dir /p")
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
		to=${inc%%/*}
		case " $allowed " in
		*" $to "*) ;;
		*) echo "layers: $f: #include \"$inc\": $dir/ may not include $to/"; status=1 ;;
		esac
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
