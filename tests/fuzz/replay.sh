#!/bin/sh
# Replay each fuzz target's seed corpus and the inputs that once crashed it
# (tests/fuzz/corpus/<name>/, tests/fuzz/regress/<name>/) through
# <dir>/replay-<name>. When one fails, each input is replayed alone to
# name the one that fails. Exits 1 when any failed.
# usage: tests/fuzz/replay.sh DIR NAME...
set -u
dir=$1
shift
here=$(dirname "$0")
status=0
total=0
for name; do
	bin=$dir/replay-$name
	set --
	for d in "$here/corpus/$name" "$here/regress/$name"; do
		[ -d "$d" ] && set -- "$@" "$d"
	done
	[ $# -eq 0 ] && continue
	if out=$("$bin" "$@" 2>&1); then
		n=$(printf '%s\n' "$out" | sed -n 's/.*: \([0-9]*\) inputs$/\1/p')
		total=$((total + n))
		echo "ok      fuzz $name: $n inputs"
		continue
	fi
	status=1
	for f in $(find "$@" -type f | sort); do
		"$bin" "$f" >/dev/null 2>&1 || echo "FAILED  fuzz $name: $f"
	done
	printf '%s\n' "$out" | tail -20
done
echo "replay: $total inputs, $( [ $status = 0 ] && echo passed || echo failed)"
exit $status
