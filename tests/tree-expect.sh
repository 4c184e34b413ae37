# Sourced by the tests of a checker of the tree (tests/layers.sh, rooms.sh,
# msgrule.sh): expect runs the checker $checker (a script of scripts/) on
# the small tree in $tmp/t and counts what it gives in pass and fail.
pass=0 fail=0
expect() {	# expect <0|1> <name> [pattern the output must hold]
	out=$(sh "$here/scripts/$checker" "$tmp/t" 2>&1)
	st=$?
	if [ "$st" -eq "$1" ] && { [ -z "${3:-}" ] || printf '%s\n' "$out" | grep -q -- "$3"; }; then
		echo "ok      $2"; pass=$((pass + 1))
	else
		echo "FAIL    $2 (status $st): $out"; fail=$((fail + 1))
	fi
}
