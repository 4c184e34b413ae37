#!/bin/sh
# Run every benchmark: the programs in <build>/bench/ (but the gen* tools
# they use) and the scripts in tests/bench/*.sh (given the hourglass
# binary), each printing its table.
# usage: tests/bench/run.sh <build dir>
B=${1:-build}
HERE=$(cd "$(dirname "$0")" && pwd)
status=0
for b in "$B"/bench/*; do
	[ -x "$b" ] || continue
	case "$(basename "$b")" in gen*) continue ;; esac	# tools the scripts use
	echo "== $(basename "$b")"
	"$b" || status=1
	echo
done
for s in "$HERE"/*.sh; do
	[ "$(basename "$s")" = run.sh ] && continue
	echo "== $(basename "$s" .sh)"
	sh "$s" "$B/hourglass" || status=1
	echo
done
exit $status
